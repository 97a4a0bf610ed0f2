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

``Changes.after`` is that step for a change in hand; ``Changes.tick`` is the
scheduler's (pending notices first, so a restart publishes what was left, then
the deadlines and AI stretches that are due).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from bot.ai_moves import AiStalled
from bot.i18n import t
from bot.logs import log_fields
from bot.model import Applied, TableError, table_of
from bot.outbox import Outbox
from bot.shards import Shards
from bot.table import TableService

log = logging.getLogger("gamemaster")


class Publisher(Protocol):
    """Turns a channel's pending notices into Discord messages (``cogs.publisher``)."""

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        """Publish the channel's pending notices; ``wait=False``: skip the
        channel if a flush of it is under way (it will see the same notices)."""

    async def announce(self, channel_id: int, text: str) -> bool:
        """One line outside the outbox; False when Discord did not take it."""


class Changes:
    def __init__(self, service: TableService, shards: Callable[[], Shards]) -> None:
        self.service = service
        self.outbox = Outbox(service.store)
        self._shards = shards  # this process's shards: only their guilds are its to run
        self.publishers: list[Publisher] = []  # added by the cogs that publish
        # Channels whose AI stretch is being played on, slice after slice.
        self._continuing: dict[int, asyncio.Task[None]] = {}

    def owns(self, guild_id: int | None) -> bool:
        """Is ``guild_id``'s table this process's to run (and to publish)?"""
        return self._shards().owns(guild_id)

    async def after(self, applied: Applied) -> None:
        """What follows a committed change: publish, then play any AI stretch on.
        The change is committed whatever happens here, so a failure to publish
        is logged, not raised: its notice stays pending and the next tick retries."""
        channel_id = applied.row.channel_id
        await self.publish(channel_id)
        if applied.ai_pending and not applied.reminder:
            # The AI seats' stretch did not fit in one slice: play it on now.
            self.continue_ai(channel_id)

    async def publish(self, channel_id: int, *, wait: bool = True) -> None:
        for publisher in self.publishers:
            try:
                await publisher.flush(channel_id, wait=wait)
            except Exception:
                log.exception("publishing failed", extra=log_fields(channel=channel_id))

    async def tick(self, now: float) -> None:
        """The scheduler's step: whatever is still pending (after a restart, or
        a publish that failed), then the deadlines and AI slices that are due.
        Another process's guilds are that process's to run."""
        shards = self._shards()
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
        for publisher in self.publishers:
            if await publisher.announce(channel_id, text):
                await self.service.store.patch_table(row.id, "paused", reason)
                return

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
        while self._continuing:
            await asyncio.gather(*self._continuing.values(), return_exceptions=True)

    def close(self) -> None:
        for task in list(self._continuing.values()):
            task.cancel()  # a stretch cut here goes on from its last committed slice
