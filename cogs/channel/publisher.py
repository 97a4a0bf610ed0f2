"""Publishing a table to its channel: one board message edited in place, one
message of public event lines per change, and a ping for whoever must act.

Everything is published from the outbox (bot/outbox.py): each committed change
left a notice in its own transaction, and :meth:`Publisher.flush` publishes a
channel's pending notices in order, so a change is announced even when the
process died right after committing it. When to publish is not decided here:
the runtime's one step after a change (``bot.changes``) calls :meth:`flush`.

Its parts: the change as published (``change.py``), its words (``turn_lines.py``),
the board message (``board.py``), the turn's message (``turn_messages.py``) and
the live messages (``live_tails.py``)."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.changes import CHANNEL
from bot.client import GameMasterBot
from bot.model import TableInfo
from bot.outbox import LOBBY, Notice
from bot.store import GameRow
from cogs.channel.board import BoardMessage
from cogs.channel.change import Change, Part, live_text, table_and_state
from cogs.channel.live_tails import LiveTails
from cogs.channel.turn_lines import change_lines, parts_of, ping_of, reminder_of
from cogs.channel.turn_messages import Boards, TurnMessages
from cogs.kit.common import channel_of
from cogs.kit.controls import hand_view
from cogs.lobby import post_lobby, refresh_lobby
from games.core import GameState

log = logging.getLogger("gamemaster.publish")


class Publisher:
    order = CHANNEL  # after the pages, before the open panels (bot.changes)

    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot
        self.outbox = bot.changes.outbox
        # One flush per channel at a time (a click's publish and the scheduler's).
        self._flushing: dict[int, asyncio.Lock] = {}
        self.turns = TurnMessages(self.outbox)
        self.boards = Boards(self.outbox, self.turns)
        self.tails = LiveTails(self.outbox)  # a turn's lines after a battle go into it
        self.board = BoardMessage(bot, self.turns, self.boards)

    def lines(self, applied: Change, language: str) -> list[str | tuple[str]]:
        """The public story of a change (cogs/channel/turn_lines.py)."""
        return change_lines(applied, language)

    def parts(self, change: Change) -> list[Part]:
        """The parts of a notice, in order (drawn again from the notice on a retry)."""
        return parts_of(self.lines(change, change.table.language))

    async def announce(self, channel_id: int, text: str) -> bool:
        """One line in a table's channel outside the outbox (a paused table is
        not a change); False when Discord did not take it (retried next tick)."""
        channel = await channel_of(self.bot, channel_id)
        if channel is None:
            return False
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.exception("announcement failed", extra={"fields": {"channel": channel_id}})
            return False
        return True

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._flushing.setdefault(channel_id, asyncio.Lock())

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        """Publish a channel's pending notices in order: each notice's lines,
        then the board (drawn from the current state); a notice is marked done
        only once Discord accepted all of them. A failure stops the flush (the
        order holds); the scheduler retries from the first unsent message.
        ``wait=False`` (the scheduler): a channel being flushed right now is left
        to that flush."""
        if not wait and self._lock(channel_id).locked():
            return
        async with self._lock(channel_id), self.outbox.publishing(channel_id) as mine:
            if not mine:
                return  # another process is publishing this channel right now
            # Read under the lock: a notice another flush published is not pending.
            notices = await self.outbox.pending(channel_id)
            if not notices:
                return
            try:
                channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                channel = None  # deleted, or not ours to see any more: nothing can ever be posted
            except discord.HTTPException:
                return  # Discord is having trouble: the next tick retries
            if not isinstance(channel, discord.abc.Messageable):
                log.warning("channel gone: notices dropped", extra={"fields": {"channel": channel_id}})
                for notice in notices:
                    await self.outbox.done(notice, discord.utils.utcnow().timestamp())
                return
            games: dict[int, tuple[GameRow, TableInfo, GameState | None]] = {}
            # A game's last change notice edits its board (a reminder leaves the board alone).
            last = {n.game_id: n.id for n in notices if n.payload.get("kind") != "reminder"}
            for notice in notices:
                if notice.game_id not in games:
                    row = await self.outbox.game(notice.game_id)
                    games[notice.game_id] = (row, *table_and_state(row))
                    if row.state is not None:  # a lobby has no boards yet
                        await self.boards.pending(channel, row.id)
                row, table, state = games[notice.game_id]
                change = Change(
                    row, TableInfo.model_validate(notice.payload.get("table", row.table)), state, notice
                )
                try:
                    await self._send(channel, change, table, last=last.get(notice.game_id) == notice.id)
                except discord.HTTPException:
                    log.exception("publishing failed", extra={"fields": {"channel": channel_id}})
                    return
                await self.outbox.done(notice, discord.utils.utcnow().timestamp())

    async def _send(
        self, channel: discord.abc.Messageable, change: Change, table: TableInfo, *, last: bool
    ) -> None:
        """A notice's lines into the turn's text on the board (its live messages
        apart), then the board: posted anew with the ping at a turn change (the
        old one cut down to the turn's lines), else edited in place once the
        channel's last notice of the game is out."""
        notice = change.notice
        if notice.payload.get("kind") == LOBBY:
            if notice.payload.get("post") and notice.sent == 0:  # opened from a page: nobody answered
                await post_lobby(self.bot, change.row, notice.payload["post"])
                await self.outbox.progress(notice, 1)  # posted once: not again on a retry
            elif last and not notice.payload.get("opened"):  # an opening's lobby is its command's answer
                await refresh_lobby(self.bot, change.row)
            return
        if notice.payload.get("kind") == "reminder":
            reminder = reminder_of(change)
            if reminder is not None and notice.sent == 0:
                # With My hand: hours later, the board far up, one click still opens the decision.
                await self._post(channel, notice, *reminder, hand_view(notice.channel_id, table.language))
                await self.outbox.progress(notice, 1)  # pinged once: not again on a retry
            return
        parts = self.parts(change)
        for index, part in enumerate(parts):
            if index < notice.sent:
                continue  # Discord has it already
            try:
                if len(part) == 1:
                    await self.live(channel, change, part[0], board_id=table.message_id)
                    await self.turns.below(change.row.id)  # later lines go below the battle
                elif not await self.turns.hold(
                    change.row.id, notice, index, part[1], take_back=change.takes_back
                ) and not await self.tails.fold(
                    channel, change.row.id, notice, index, part[1], table.message_id, live_text(change)
                ):
                    await self.turns.append(channel, change.row.id, notice, index, part[1])
            except (discord.Forbidden, discord.NotFound):
                # Not allowed to post here (a permission taken away): retrying
                # would fail forever and hold back every later notice.
                log.warning("message refused by Discord", extra={"fields": {"channel": notice.channel_id}})
            await self.outbox.progress(notice, index + 1)
        ping = ping_of(change, change.table.language)
        if (ping is not None or last) and change.state is not None:
            try:
                await self.board.update(channel, change.row, table, change.state, ping, notice.id)
            except (discord.Forbidden, discord.NotFound):
                log.warning("board refused by Discord", extra={"fields": {"channel": notice.channel_id}})

    @staticmethod
    async def _post(
        channel: discord.abc.Messageable, notice: Notice, text: str, users: list[int], view: discord.ui.View
    ) -> None:
        mentions = discord.AllowedMentions(
            users=[discord.Object(u) for u in users], roles=False, everyone=False
        )
        try:
            await channel.send(text, allowed_mentions=mentions, view=view)
        except (discord.Forbidden, discord.NotFound):
            log.warning("message refused by Discord", extra={"fields": {"channel": notice.channel_id}})

    async def live(
        self, channel: discord.abc.Messageable, applied: Change, key: str, *, board_id: int | None = None
    ) -> None:
        """Send or edit the live message ``key`` (one message per battle, edited
        throw by throw, to stay within Discord's per-channel rate limits)."""
        body = live_text(applied)(key)
        if body:
            await self.tails.show(channel, applied.row.id, key, body, board_id)
