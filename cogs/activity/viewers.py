"""The pages connected to the Activity's web server, and the publisher that
keeps them current.

One viewer per WebSocket: a Discord user (as Discord named them) in one
channel's table, seeing that table through their own seat's view, or the public
view when they hold none (``Game.view``). ``Viewers`` is a publisher of the change
pipeline (``bot.changes``): after every committed change, each of the channel's
viewers gets the table as it now is, so a move made with buttons reaches the
pages and a move made in a page reaches the others."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.model import TableInfo, table_of
from bot.store import GameRow
from bot.table import TableService
from cogs.activity.protocol import PROTOCOL
from games.core import GameState
from games.registry import GAMES

log = logging.getLogger("gamemaster.activity")

SEND_SECONDS = 2.0  # a page's socket that takes longer to accept a state is let go


@dataclass(eq=False)
class Viewer:
    socket: web.WebSocketResponse
    user_id: int
    channel_id: int
    language: str
    sent_version: int | None = None  # the table's version this page was last sent


@dataclass(frozen=True)
class Shown:
    """A channel's table as it is, read once for all of its pages."""

    row: GameRow
    info: TableInfo
    state: GameState | None

    def table(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a member without one) may see: their seat's view,
        or the public one; never another seat's hidden cards, never a Discord id."""
        row, info, state = self.row, self.info, self.state
        game = GAMES[row.game]
        decision = game.decision(state) if state is not None and row.status == "playing" else None
        outcome = game.outcome(state) if state is not None else None
        return {
            "game": row.game,
            "status": row.status,
            "version": row.version,
            "seat": seat,
            "seats": [{"name": s.name, "ai": s.ai} for s in info.seats],
            "decision": decision.model_dump(mode="json") if decision is not None else None,
            "view": game.view(state, seat).model_dump(mode="json") if state is not None else None,
            "outcome": outcome.model_dump(mode="json") if outcome is not None else None,
        }


async def shown(service: TableService, channel_id: int) -> Shown | None:
    """The channel's game in the lobby or in play; else the one that just ended,
    with its result, until the next one opens."""
    found = await service.active(channel_id)
    if found is not None:
        row, info = found
    else:
        latest = await service.core.latest(channel_id)
        if latest is None or latest.status != "finished":
            return None
        row, info = latest, table_of(latest)
    return Shown(row, info, service.state_of(row))


def state_message(table: dict[str, Any] | None, language: str) -> dict[str, Any]:
    return {"v": PROTOCOL, "type": "state", "language": language, "table": table}


class Viewers:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._by_channel: dict[int, set[Viewer]] = {}
        self._closing: set[asyncio.Task[bool]] = set()

    def add(self, viewer: Viewer) -> None:
        self._by_channel.setdefault(viewer.channel_id, set()).add(viewer)

    def remove(self, viewer: Viewer) -> None:
        viewers = self._by_channel.get(viewer.channel_id)
        if viewers is not None:
            viewers.discard(viewer)
            if not viewers:
                del self._by_channel[viewer.channel_id]

    def of(self, channel_id: int) -> list[Viewer]:
        return list(self._by_channel.get(channel_id, ()))

    async def send_state(self, viewer: Viewer, *, again: bool = False) -> None:
        """The table as ``viewer`` may see it now (``again``: even if that version
        was sent already, as after a hello or a refused move)."""
        at = await shown(self.service, viewer.channel_id)
        table = at.table(at.info.seat_of(viewer.user_id)) if at is not None else None
        await self._send(viewer, table, again=again)

    async def _send(self, viewer: Viewer, table: dict[str, Any] | None, *, again: bool = False) -> None:
        version = table["version"] if table is not None else None
        sent = viewer.sent_version
        if not again and version is not None and sent is not None and version <= sent:
            return  # a later flush sent this or newer already
        viewer.sent_version = version
        try:
            # A page that does not read (a stalled connection) must not hold up
            # the change step: it is let go, and gets the state when it says hello again.
            await asyncio.wait_for(
                viewer.socket.send_json(state_message(table, viewer.language)), SEND_SECONDS
            )
        except (ConnectionError, TimeoutError):
            self.remove(viewer)
            closing = asyncio.create_task(viewer.socket.close())
            self._closing.add(closing)  # kept until done: the loop holds tasks only weakly
            closing.add_done_callback(self._closing.discard)

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        """Every page open on the channel's table gets its own view of it: the
        table read once, each seat's view drawn once, the pages written together."""
        viewers = self.of(channel_id)
        if not viewers:
            return
        try:
            at = await shown(self.service, channel_id)
            tables: dict[int | None, dict[str, Any] | None] = {}
            sends = []
            for viewer in viewers:
                seat = at.info.seat_of(viewer.user_id) if at is not None else None
                if seat not in tables:
                    tables[seat] = at.table(seat) if at is not None else None
                sends.append(self._send(viewer, tables[seat]))
            await asyncio.gather(*sends)
        except Exception:
            log.exception("activity update failed", extra={"fields": {"channel": channel_id}})

    async def announce(self, channel_id: int, text: str) -> bool:
        return False  # the channel's lines are the channel publisher's

    async def close(self) -> None:
        for viewers in list(self._by_channel.values()):
            for viewer in list(viewers):
                await viewer.socket.close()
        self._by_channel.clear()
