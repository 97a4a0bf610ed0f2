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
import json
import logging
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.changes import PAGES
from bot.store.listen import HeardDraft
from bot.table import TableService
from cogs.activity.backlog import unsent
from cogs.activity.drafts import Drafts, Stamp
from cogs.activity.pages import page_path
from cogs.activity.protocol import PROTOCOL
from cogs.activity.shown import Drawn, Shown, page_data, shown, words
from cogs.kit.drawn import work_ahead

log = logging.getLogger("gamemaster.activity")

# What a page may leave unread before it is let go (Settings.activity_unsent_bytes; cogs.activity.backlog).
UNSENT_BYTES = 262_144
SEND_SECONDS = 2.0  # a page's socket that takes longer to accept a state is let go


@dataclass(eq=False)
class Viewer:
    socket: web.WebSocketResponse
    user_id: int
    channel_id: int
    language: str
    # The game (its row id) and the version this page was last sent, in the order
    # they come: a channel's next game (a rematch) numbers its versions from 1 again.
    sent: tuple[int, int] | None = None
    sent_words: str | None = None  # the game whose words this page was sent
    transport: asyncio.Transport | None = None  # the page's connection, to see what it has not read
    name: str = ""  # the member's name as Discord gives it: the seat's name when they join from the page


def state_message(table: dict[str, Any] | None, language: str, *, with_words: bool = True) -> dict[str, Any]:
    """A ``state`` message; ``words`` and ``data``, what the page draws the table's
    game with, and ``page``, whether the page has a module that draws it (the shell
    names no game), only ``with_words`` (the first state a page gets of a game: they
    do not change)."""
    message: dict[str, Any] = {"v": PROTOCOL, "type": "state", "language": language, "table": table}
    if with_words:
        game = table["game"] if table is not None else ""
        message["words"] = words(game, language)
        message["data"] = page_data(game, language)
        message["page"] = page_path(game)
    return message


class Viewers:
    order = PAGES  # first: a page's update is a local write, not held up behind Discord's edits

    def __init__(self, service: TableService, unsent_bytes: int = UNSENT_BYTES) -> None:
        self.service, self.unsent_bytes = service, unsent_bytes
        self.drawn = Drawn()  # the last events' lines, drawn once for every change that lists them
        self._by_channel: dict[int, set[Viewer]] = {}
        self._closing: set[asyncio.Task[bool]] = set()
        self.drafts = Drafts()  # the drafts shown with the table (cogs.activity.drafts)

    def add(self, viewer: Viewer) -> None:
        self._by_channel.setdefault(viewer.channel_id, set()).add(viewer)

    def remove(self, viewer: Viewer) -> None:
        viewers = self._by_channel.get(viewer.channel_id)
        if viewers is not None:
            viewers.discard(viewer)
            if not viewers:
                del self._by_channel[viewer.channel_id]
                self.drafts.drop(viewer.channel_id)  # nobody left to show it to

    def channels(self) -> list[int]:
        """The channels with a page open here: with several processes, the pages
        follow every guild's changes (``bot.changes.Pages``)."""
        return list(self._by_channel)

    def of(self, channel_id: int) -> list[Viewer]:
        return list(self._by_channel.get(channel_id, ()))

    async def send_state(self, viewer: Viewer, *, again: bool = False) -> None:
        """The table as ``viewer`` may see it now (``again``: even if that version
        was sent already, as after a hello or a refused move)."""
        await self._deliver([viewer], await shown(self.service, viewer.channel_id, self.drawn), again=again)

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        """Every page open on the channel's table gets its own view of it: the
        table read once, each seat's view drawn once per language, the pages written together."""
        viewers = self.of(channel_id)
        if not viewers:
            self.drafts.drop(channel_id)  # a draft heard from another process, outdated by this change
            return
        try:
            await self._deliver(viewers, await shown(self.service, channel_id, self.drawn))
        except Exception:
            log.exception("activity update failed", extra={"fields": {"channel": channel_id}})

    async def relay(self, channel_id: int, stamp: Stamp, text: str) -> None:
        """A draft message to every page of the channel that shows the table at ``stamp``
        (one still to get that state gets the draft after it: :meth:`_deliver`)."""
        await asyncio.gather(*(self._send(v, text) for v in self.of(channel_id) if v.sent == stamp))

    async def heard_draft(self, draft: HeardDraft) -> None:
        """A draft a page of another process sent (``bot.changes.ShowsDrafts``): kept as one
        sent here is, for the pages of its channel here now and those that open later."""
        if self.drafts.keep(draft.channel_id, draft.stamp, draft.text):
            await self.relay(draft.channel_id, draft.stamp, draft.text)

    async def _deliver(self, viewers: list[Viewer], at: Shown | None, *, again: bool = False) -> None:
        """``at`` to each of ``viewers`` as its seat sees it, each (seat, language)
        drawn and written as JSON once: a text is all that waits on the sockets,
        not tables of objects that the garbage collector would walk."""
        if at is not None:  # what the pages read that is slow to work out, off the loop first (Narnia's odds)
            await work_ahead(at.page_work(at.info.seat_of(viewer.user_id) for viewer in viewers))
        stamp = (at.row.id, at.row.version) if at is not None else None
        game = at.row.game if at is not None else ""
        texts: dict[tuple[int | None, str, bool], str] = {}
        sends = []
        # The draft standing at this version goes after the state (one of an older version goes).
        draft = self.drafts.at(viewers[0].channel_id, stamp) if viewers else None
        for viewer in viewers:
            if not again and stamp is not None and viewer.sent is not None and stamp <= viewer.sent:
                continue  # a later flush sent this or newer already
            viewer.sent = stamp
            with_words, viewer.sent_words = viewer.sent_words != game, game
            seat = at.info.seat_of(viewer.user_id) if at is not None else None
            key = (seat, viewer.language, with_words)
            if key not in texts:
                table = at.table(seat, viewer.language) if at is not None else None
                texts[key] = json.dumps(state_message(table, viewer.language, with_words=with_words))
            sends.append(self._send(viewer, texts[key], draft))
        await asyncio.gather(*sends)

    async def _send(self, viewer: Viewer, text: str, then: str | None = None) -> None:
        if unsent(viewer.transport) > self.unsent_bytes:
            # A page this far behind does not read: let go at once, its buffers with it.
            self.remove(viewer)
            assert viewer.transport is not None
            viewer.transport.abort()
            return
        try:
            # A page that does not read (a stalled connection) must not hold up
            # the change step: it is let go, and gets the state when it says hello again.
            async with asyncio.timeout(SEND_SECONDS):
                await viewer.socket.send_str(text)
                if then is not None:
                    await viewer.socket.send_str(then)
        except (ConnectionError, TimeoutError):
            self.remove(viewer)
            closing = asyncio.create_task(viewer.socket.close())
            self._closing.add(closing)  # kept until done: the loop holds tasks only weakly
            closing.add_done_callback(self._closing.discard)

    async def announce(self, channel_id: int, text: str) -> bool:
        return False  # the channel's lines are the channel publisher's

    async def close(self) -> None:
        for viewers in list(self._by_channel.values()):
            for viewer in list(viewers):
                await viewer.socket.close()
        self._by_channel.clear()
