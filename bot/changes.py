"""After a change: the one step that follows every committed change.

A change is committed by the table service (snapshot, action log and outbox
notice in one transaction, ``TableCore.commit``). What follows is always the
same, whoever made the change (a member's click or command, the scheduler's
deadline, an AI slice) and also on a restart, which finds notices a previous
process committed but did not publish:

1. publish every pending notice of the channel, in order (the publishers turn
   notices into messages; they decide nothing about the game);
2. if AI seats must act next, play their stretch on, a committed slice at a
   time, each slice going through this same step.

``Changes.after`` is that step for a change in hand: the table service's steps
(``bot.step``) take it once their caller has answered Discord, so no caller has
to remember it. ``Changes.tick`` is the
scheduler's (pending notices first, so a restart publishes what was left, then
the deadlines and AI stretches that are due).

With several processes on one PostgreSQL (shards), a change may be committed
by a process that does not run its guild (a move made in an Activity page
served by any process). Each committed change is announced to the others
(``bot.store.listen``); ``Changes.heard`` follows it: the guild's own process
publishes the channel and plays any AI stretch on, every process flushes the
pages it holds open on that channel (``Pages``). A page's draft, which is no
change, is told the same way (``Changes.drafted``): every process shows it to
the pages it holds on that channel (``ShowsDrafts``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from bot.ai_moves import AiStalled
from bot.i18n import t
from bot.logs import log_fields
from bot.model import Applied, TableError, table_of
from bot.outbox import Outbox
from bot.shards import Shards
from bot.store import GameRow
from bot.store.listen import Heard, HeardDraft
from bot.table import TableService

log = logging.getLogger("gamemaster")


# The publishers' places, lowest first (``Publisher.order``), whatever order the
# cogs that add them load in: the pages (a local write, not held up behind
# Discord's edits), then the channel (its lines, then its board or lobby message),
# then the open panels (a member's panel is redrawn after the board it answers).
PAGES, CHANNEL, PANELS = 10, 20, 30


class Publisher(Protocol):
    """Turns a channel's pending notices into Discord messages (``cogs.channel.publisher``)."""

    order: int  # its place among the publishers (PAGES, CHANNEL, PANELS)

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        """Publish the channel's pending notices; ``wait=False``: skip the
        channel if a flush of it is under way (it will see the same notices)."""

    async def announce(self, channel_id: int, text: str) -> bool:
        """One line outside the outbox; False when Discord did not take it."""


@runtime_checkable
class Pages(Publisher, Protocol):
    """A publisher of what this process holds open itself (the Activity's pages),
    whatever process runs the guild: it follows every guild's changes, the
    others only their own process's guilds'."""

    def channels(self) -> list[int]:
        """The channels it holds something open on."""


@runtime_checkable
class ShowsDrafts(Protocol):
    """A publisher that shows the drafts pages send (cogs/activity/drafts.py), whatever
    process the page that sent one is connected to."""

    async def heard_draft(self, draft: HeardDraft) -> None:
        """Another process's page sent ``draft``: show it to this process's pages of its channel."""


class Changes:
    def __init__(self, service: TableService, shards: Callable[[], Shards]) -> None:
        self.service = service
        self.outbox = Outbox(service.store)
        self._shards = shards  # this process's shards: only their guilds are its to run
        self.publishers: list[Publisher] = []  # added by the cogs that publish (``add``)
        service.published_by(lambda committed: self.after(committed))  # every step of the service's ends here
        # Channels whose AI stretch is being played on, slice after slice.
        self._continuing: dict[int, asyncio.Task[None]] = {}
        # Channels another process changed, being followed here (``heard``), and
        # those heard again meanwhile (followed once more when that is done).
        self._following: dict[int, asyncio.Task[None]] = {}
        self._again: dict[int, Heard] = {}
        self._catching: set[asyncio.Task[None]] = set()

    def add(self, publisher: Publisher) -> None:
        """A publisher, in the place its ``order`` declares."""
        self.publishers.append(publisher)

    def ordered(self) -> list[Publisher]:
        """The publishers by their declared order (the same order: as they were added)."""
        # A publisher that declares no place (a test's stand-in) stands with the channel.
        return sorted(self.publishers, key=lambda publisher: getattr(publisher, "order", CHANNEL))

    def owns(self, guild_id: int | None) -> bool:
        """Is ``guild_id``'s table this process's to run (and to publish)?"""
        return self._shards().owns(guild_id)

    async def after(self, applied: Applied | GameRow) -> None:
        """What follows a committed change (of a game, or of a lobby: its row):
        publish, then play any AI stretch on. The change is committed whatever
        happens here, so a failure to publish is logged, not raised: its notice
        stays pending and the next tick retries."""
        row = applied if isinstance(applied, GameRow) else applied.row
        channel_id = row.channel_id
        mine = self.owns(row.guild_id)
        # Another process's guild (a page's move): it hears of the change
        # (bot.store.listen) and publishes the channel; here, the pages only.
        await (self.publish(channel_id) if mine else self.publish_pages(channel_id))
        if isinstance(applied, GameRow):
            return  # a lobby's change: no AI plays there
        if mine and applied.ai_pending and not applied.reminder:
            # The AI seats' stretch did not fit in one slice: play it on now.
            self.continue_ai(channel_id)

    async def publish_pages(self, channel_id: int) -> None:
        """Another process runs the channel's guild (and publishes its board):
        here, only the pages this process holds on it."""
        await self._flush([p for p in self.ordered() if isinstance(p, Pages)], channel_id)

    async def publish(self, channel_id: int, *, wait: bool = True) -> None:
        await self._flush(self.ordered(), channel_id, wait=wait)

    async def _flush(self, publishers: list[Publisher], channel_id: int, *, wait: bool = True) -> None:
        for publisher in publishers:
            try:
                await publisher.flush(channel_id, wait=wait)
            except Exception:
                log.exception("publishing failed", extra=log_fields(channel=channel_id))

    async def tick(self, now: float) -> None:
        """The scheduler's step: whatever is still pending (after a restart, or
        a publish that failed), then the deadlines and AI slices that are due.
        Another process's guilds are that process's to run."""
        shards = self._shards()
        await self.service.store.check_listening()  # other processes' changes (bot.store.listen)
        for channel_id in await self.service.store.pending_channels(shards):
            await self.publish(channel_id, wait=False)
        for channel_id in await self.service.store.due(now, shards):
            if channel_id in self._continuing:
                continue  # its AI stretch is being played on already
            await self.run_due(channel_id)

    async def run_due(self, channel_id: int) -> Applied | None:
        """One channel's deadline (or its AI stretch's next slice), and what
        follows it. Its failure is that channel's alone: the tick goes on."""
        try:
            applied = await self.service.run_due(channel_id)
        except TableError as error:
            # Someone got there first (a click, or another process during a
            # rolling restart): the version moved, so there is nothing to do.
            log.info("deadline skipped", extra=log_fields(channel=channel_id, reason=error.key))
            return None
        except Exception as error:
            await self._paused(channel_id, error)
            return None
        if applied is not None:
            await self.after(applied)
        return applied

    async def _paused(self, channel_id: int, error: Exception) -> None:
        """A deadline or an AI slice failed: the log gets the traceback and the
        channel one public line saying the table is paused, once (the next tick
        retries; the first change that lands clears the mark)."""
        reason = "ai" if isinstance(error, AiStalled) else "deadline"
        row = await self.service.store.active(channel_id)
        if row is None:
            return
        table = table_of(row)
        if table.paused == reason:
            log.warning("table still paused", extra=log_fields(channel=channel_id, reason=reason))
            return
        log.error("table paused", exc_info=error, extra=log_fields(channel=channel_id, reason=reason))
        text = t(f"table.paused.{reason}", table.language)
        for publisher in self.ordered():
            if await publisher.announce(channel_id, text):
                await self.service.store.patch_table(row.id, "paused", reason)
                return

    async def listen(self) -> None:
        """Hear the changes other processes commit (PostgreSQL; SQLite: nothing)."""
        await self.service.store.listen(self.heard, self.caught_up, self.drafted)

    async def share_draft(self, channel_id: int, stamp: tuple[int, int], text: str) -> None:
        """A page's draft, shown here already, told to the other processes (PostgreSQL's
        NOTIFY; SQLite: nobody else), whose :meth:`drafted` shows it to their pages."""
        await self.service.store.share_draft(channel_id, stamp, text)

    def drafted(self, draft: HeardDraft) -> None:
        """A page of another process sent ``draft``: the publishers that show drafts show it
        (not a change: nothing is published to the channel, nothing is read)."""
        for publisher in self.publishers:
            if isinstance(publisher, ShowsDrafts):
                task = asyncio.create_task(publisher.heard_draft(draft))
                self._catching.add(task)  # kept until done: the loop holds tasks only weakly
                task.add_done_callback(self._catching.discard)

    def heard(self, change: Heard) -> None:
        """Another process committed ``change``: follow it as :meth:`after` would,
        one follow of a channel at a time (a burst of changes is followed
        once more at the end, not once each)."""
        channel_id = change.channel_id
        if channel_id in self._following:
            self._again[channel_id] = change
            return
        task = asyncio.create_task(self._follow(change))
        self._following[channel_id] = task
        task.add_done_callback(lambda _: self._following.pop(channel_id, None))

    async def _follow(self, change: Heard) -> None:
        while True:
            mine = self.owns(change.guild_id)
            await (self.publish(change.channel_id) if mine else self.publish_pages(change.channel_id))
            if mine and change.due:
                self.continue_ai(change.channel_id)  # that process stopped at its first slice
            again = self._again.pop(change.channel_id, None)
            if again is None:
                return
            change = again

    def caught_up(self) -> None:
        """Listening again after a gap: changes announced meanwhile were not heard,
        so the pages held here read their tables afresh (the scheduler's tick
        publishes the pending notices of this process's guilds anyway)."""
        task = asyncio.create_task(self._catch_up())
        self._catching.add(task)  # kept until done: the loop holds tasks only weakly
        task.add_done_callback(self._catching.discard)

    async def _catch_up(self) -> None:
        for publisher in self.publishers:
            if isinstance(publisher, Pages):
                for channel_id in publisher.channels():
                    await self.publish_pages(channel_id)

    def continue_ai(self, channel_id: int) -> None:
        """Play a channel's AI stretch on, a committed and published slice at a
        time, right away rather than at the next tick; the scheduler does the
        same for a stretch a process left when it stopped."""
        if channel_id in self._continuing:
            return
        task = asyncio.create_task(self._continue_ai(channel_id))
        self._continuing[channel_id] = task
        task.add_done_callback(lambda _: self._continuing.pop(channel_id, None))

    async def _continue_ai(self, channel_id: int) -> None:
        try:
            while True:
                applied = await self.run_due(channel_id)
                if applied is None or not applied.ai_pending:
                    return
        except Exception:
            log.exception("AI stretch failed", extra=log_fields(channel=channel_id))

    async def settled(self) -> None:
        """Wait until every AI stretch under way has been played on (tests, shutdown)."""
        while self._continuing or self._following:
            await asyncio.gather(
                *self._continuing.values(), *self._following.values(), return_exceptions=True
            )

    def close(self) -> None:
        for task in [*self._continuing.values(), *self._following.values(), *self._catching]:
            task.cancel()  # a stretch cut here goes on from its last committed slice
