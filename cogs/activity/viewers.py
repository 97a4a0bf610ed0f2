"""The pages connected to the Activity's web server, and the publisher that
keeps them current.

One viewer per WebSocket: a Discord user (as Discord named them) in one
channel's table, seeing that table through their own seat's view, or the public
view when they hold none (``Game.view``). ``Viewers`` is a publisher of the change
pipeline (``bot.changes``): after every committed change, each of the channel's
viewers gets the table as it now is, so a move made with buttons reaches the
pages and a move made in a page reaches the others."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.model import table_of
from bot.table import TableService
from cogs.activity.protocol import PROTOCOL
from games.registry import GAMES

log = logging.getLogger("gamemaster.activity")


@dataclass(eq=False)
class Viewer:
    socket: web.WebSocketResponse
    user_id: int
    channel_id: int
    language: str
    sent_version: int | None = None  # the table's version this page was last sent


async def state_message(
    service: TableService, channel_id: int, user_id: int, language: str
) -> dict[str, Any]:
    """The channel's table as ``user_id`` may see it: their seat's view, or the
    public one; never another seat's hidden cards, never a Discord id."""
    found = await service.active(channel_id)
    if found is not None:
        row, info = found
    else:
        # The game that just ended stays in view, with its result, until the next one opens.
        latest = await service.core.latest(channel_id)
        if latest is None or latest.status != "finished":
            return {"v": PROTOCOL, "type": "state", "language": language, "table": None}
        row, info = latest, table_of(latest)
    state = service.state_of(row)
    seat = info.seat_of(user_id)
    game = GAMES[row.game]
    decision = game.decision(state) if state is not None and row.status == "playing" else None
    outcome = game.outcome(state) if state is not None else None
    table = {
        "game": row.game,
        "status": row.status,
        "version": row.version,
        "seat": seat,
        "seats": [{"name": s.name, "ai": s.ai} for s in info.seats],
        "decision": decision.model_dump(mode="json") if decision is not None else None,
        "view": game.view(state, seat).model_dump(mode="json") if state is not None else None,
        "outcome": outcome.model_dump(mode="json") if outcome is not None else None,
    }
    return {"v": PROTOCOL, "type": "state", "language": language, "table": table}


class Viewers:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._by_channel: dict[int, set[Viewer]] = {}

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
        message = await state_message(self.service, viewer.channel_id, viewer.user_id, viewer.language)
        table = message["table"]
        version = table["version"] if table is not None else None
        sent = viewer.sent_version
        if not again and version is not None and sent is not None and version <= sent:
            return  # a later flush sent this or newer already
        viewer.sent_version = version
        try:
            await viewer.socket.send_json(message)
        except ConnectionError:
            self.remove(viewer)  # the page went away; its handler ends with it

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        """Every page open on the channel's table gets its own view of it."""
        for viewer in self.of(channel_id):
            try:
                await self.send_state(viewer)
            except Exception:
                log.exception("activity update failed", extra={"fields": {"channel": channel_id}})

    async def announce(self, channel_id: int, text: str) -> bool:
        return False  # the channel's lines are the channel publisher's

    async def close(self) -> None:
        for viewers in list(self._by_channel.values()):
            for viewer in list(viewers):
                await viewer.socket.close()
        self._by_channel.clear()
