"""Publishing a table to its channel: one board message edited in place, one
message of public event lines per change, and a ping for whoever must act.

Everything is published from the outbox (bot/outbox.py): each committed change
left a notice in its own transaction, and :meth:`Publisher.flush` publishes a
channel's pending notices in order, so a change is announced even when the
process died right after committing it. When to publish is not decided here:
the runtime's one step after a change (``bot.changes``) calls :meth:`flush`."""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord

from bot.client import GameMasterBot
from bot.i18n import join, t
from bot.model import TableInfo, table_of
from bot.outbox import Notice, notice_events
from bot.play import UNDO_EVENT
from bot.render import event_text, seat_name, seat_names
from bot.store import GameRow
from cogs.channel.live_tails import LiveTails
from cogs.channel.turn_messages import Boards, TurnMessages
from cogs.kit.common import channel_of
from cogs.kit.controls import MESSAGE_LIMIT, board_view, chunks, hand_view
from cogs.kit.presenter import PRESENTERS, board_image_key
from cogs.kit.record import decision_line, with_final_record
from games.core import Decision, Event, Game, GameState, Outcome
from games.registry import GAMES

log = logging.getLogger("gamemaster.publish")
BOARD_FILE = "board.png"


def turn_line(row: GameRow, table: TableInfo, state: GameState | None) -> str:
    """Whose turn it is and what they decide, in words: the one place a board says it
    (its embed no longer does, issue 39), above the turn's lines; '' once it is over."""
    decision = GAMES[row.game].decision(state) if state is not None and row.status == "playing" else None
    return decision_line(row.game, table, decision, table.language) if decision is not None else ""


def above_board(turn: str, lines: str) -> str | None:
    """A board's text while its turn goes on: whose turn, then the turn's lines (the
    ping line said the turn when it was posted; the record keeps only the lines)."""
    if len(turn) + 1 + len(lines) > MESSAGE_LIMIT:
        turn = ""  # a long turn's lines come first
    return "\n".join(x for x in (turn, lines) if x) or None


@dataclass
class Change:
    """A committed change as it is published: its outbox notice, the table as it
    was then (names of the time), and the game as it is now (board, live
    messages and the final record are drawn from the current state)."""

    row: GameRow
    table: TableInfo
    state: GameState | None
    notice: Notice

    @property
    def game(self) -> Game[Any, Any]:
        return GAMES[self.row.game]

    @property
    def events(self) -> list[Event]:
        return notice_events(self.notice)

    @property
    def takes_back(self) -> bool:
        """A take-back (``/undo``): its line strikes out the move it takes back."""
        return any(e.key == UNDO_EVENT for e in self.events)

    @property
    def auto_seats(self) -> list[int]:
        return [int(s) for s in self.notice.payload.get("auto_seats", [])]

    @property
    def continued(self) -> bool:
        return bool(self.notice.payload.get("continued"))

    @property
    def finished(self) -> bool:
        return bool(self.notice.payload.get("finished"))

    @property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state) if self.state is not None else None

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state) if self.state is not None else None


# A part of a notice: lines for the turn's message, or a live message's key.
Part = tuple[str, list[str]] | tuple[str]


class Publisher:
    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot
        self.outbox = bot.changes.outbox
        # The last picture per channel and what it was drawn from: a board is
        # redrawn only when its picture changed (the bytes are re-sent with each
        # edit, since Discord mishandles embeds that point at a kept attachment).
        self._pictures: dict[int, tuple[str, bytes | None]] = {}
        # One flush per channel at a time (a click's publish and the scheduler's).
        self._flushing: dict[int, asyncio.Lock] = {}
        self.turns = TurnMessages(self.outbox)
        self.boards = Boards(self.outbox, self.turns)
        self.tails = LiveTails(self.outbox)  # a turn's lines after a battle go into it

    async def board(
        self, row: GameRow, table: TableInfo, state: GameState | None
    ) -> tuple[dict[str, Any], discord.File | None]:
        """The board message's content: embed, controls and (when changed) picture."""
        game = GAMES[row.game]
        presenter = PRESENTERS[row.game]
        assert state is not None
        view = game.view(state, None)
        decision = game.decision(state)
        embed = presenter.board_embed(table, view, decision, table.language)
        outcome = game.outcome(state)
        if outcome is not None:
            embed = with_final_record(embed, presenter, table, outcome, table.language)
        names = seat_names(table)
        drawn_from = board_image_key(presenter, view, table.language, names, outcome)
        key = hashlib.sha256(drawn_from.encode()).hexdigest()
        cached = self._pictures.get(row.channel_id)
        if cached is not None and cached[0] == key:
            png: bytes | None = cached[1]
        else:
            png = await asyncio.to_thread(
                presenter.board_image, view, table.language, names=names, outcome=outcome
            )
            self._pictures[row.channel_id] = (key, png)
        file = None
        if png is not None:
            embed.set_image(url=f"attachment://{BOARD_FILE}")
            file = discord.File(io.BytesIO(png), filename=BOARD_FILE)
        controls = board_view(
            row.channel_id,
            finished=row.status != "playing",
            language=table.language,
            game_id=row.id,
            takeable=any(seat.ai for seat in table.seats),
            game=row.game,
            activity=self.bot.settings.activity_on,
        )
        return {"embed": embed, "view": controls}, file

    async def update_board(
        self,
        channel: discord.abc.Messageable,
        row: GameRow,
        table: TableInfo,
        state: GameState | None,
        ping: tuple[str, list[int]] | None = None,
        notice_id: int = 0,
    ) -> None:
        """Edit the board in place, or, at a turn change (``ping``: the text and
        who it asks to act), post it anew at the bottom with the ping."""
        content, file = await self.board(row, table, state)
        attachments = [file] if file is not None else []
        if ping is None and table.message_id is not None:
            try:
                message = channel.get_partial_message(table.message_id)  # type: ignore[attr-defined]
                text = above_board(turn_line(row, table, state), await self.turns.board_text(row.id))
                await message.edit(content=text, attachments=attachments, **content)
                return
            except discord.NotFound:
                table.message_id = None  # deleted: post a new board below, the turn's lines above it
        text, users = ping if ping is not None else (None, [])
        mentions = discord.AllowedMentions(
            users=[discord.Object(u) for u in users], roles=False, everyone=False
        )
        send = {"content": text, "files": attachments, "allowed_mentions": mentions, **content}
        me = self.bot.user.id if self.bot.user is not None else None
        table.message_id = await self.boards.post(channel, row.id, table.message_id, send, me, notice_id)
        if (record := turn_record(row, table, state)) is not None:
            await self.turns.keep_record(row.id, record)

    def lines(self, applied: Change, language: str) -> list[str | tuple[str]]:
        """The public story of a change: text lines, and ``(key,)`` where a
        live message belongs (once per key, at its first event)."""
        game_id, table = applied.row.game, applied.table
        lines: list[str | tuple[str]] = []
        if applied.continued:
            # One more seat has made a hidden choice: the board's "chosen" marks
            # say so; a line per choice would only flood the channel (see /log).
            return []
        # Who ran out of time comes first: the default moves' own lines follow,
        # then whatever came of them (an AI taking over a seat, the next turn).
        for seat in applied.auto_seats:
            lines.append(t("table.event.timeout", language, seat=seat_name(table, seat)))
        live_seen: set[str] = set()
        for event in applied.events:
            if not event.public:
                continue
            live = event.params.get("live")
            if isinstance(live, str):
                if live not in live_seen:
                    live_seen.add(live)
                    lines.append((live,))
                continue
            lines.append(event_text(game_id, table, event, language))
        outcome = applied.outcome
        if applied.finished and outcome is not None:
            presenter = PRESENTERS[game_id]
            lines.extend(presenter.final_lines(table, outcome, language))
            lines.extend(presenter.outcome_lines(table, outcome, language))
        return lines

    def ping(self, applied: Change, language: str) -> tuple[str, list[int]] | None:
        """Whoever the change asked to act and still must (a notice published
        late does not ping for a decision that is over)."""
        decision = applied.decision
        if decision is None or applied.row.status != "playing" or applied.continued:
            return None
        now = table_of(applied.row)  # who holds each seat now
        asked = [int(s) for s in applied.notice.payload.get("ping", [])]
        users = [
            u
            for s in decision.asked
            if s in asked and not now.seats[s].ai and (u := now.seats[s].user_id) is not None
        ]
        if not users:
            return None
        text = decision_line(applied.row.game, now, decision, language)
        if decision.quiet_round and len(asked) > 1:  # a live round opening: all asked at once
            later = [seat_name(now, s) for s in decision.asked[1:]]
            text += " " + t("table.in_turn", language, seats=join(later, language))
        mentions = " ".join(f"<@{u}>" for u in users)
        return f"{mentions} {text} {t('table.press_hand', language)}", users

    def parts(self, change: Change) -> list[Part]:
        """The parts of a notice, in order: blocks of lines for the turn's
        message and live messages' keys. Drawn again from the notice on a
        retry, so ``sent`` counts the parts Discord has."""
        lines = self.lines(change, change.table.language)
        out: list[Part] = []
        pending: list[str] = []
        for line in lines:
            if isinstance(line, tuple):
                out.extend(("lines", [text]) for text in chunks(pending))
                pending = []
                out.append(line)
            else:
                pending.append(line)
        out.extend(("lines", [text]) for text in chunks(pending))
        return out

    def reminder(self, change: Change) -> tuple[str, list[int]] | None:
        """A reminder still holds if nothing changed since (same version)."""
        row, table = change.row, table_of(change.row)
        if row.status != "playing" or row.version != change.notice.version or row.deadline_at is None:
            return None
        seats = [int(s) for s in change.notice.payload.get("seats", [])]
        users = [u for s in seats if not table.seats[s].ai and (u := table.seats[s].user_id) is not None]
        if not users:
            return None
        when = discord.utils.format_dt(datetime.fromtimestamp(row.deadline_at, tz=UTC), "R")
        mentions = join([f"<@{u}>" for u in users], table.language)
        return t("table.reminder", table.language, seats=mentions, when=when), users

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
        if notice.payload.get("kind") == "reminder":
            reminder = self.reminder(change)
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
        ping = self.ping(change, change.table.language)
        if (ping is not None or last) and change.state is not None:
            try:
                await self.update_board(channel, change.row, table, change.state, ping, notice.id)
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


def live_text(applied: Change) -> Callable[[str], str | None]:
    """What a live message says of itself, drawn from the current state."""

    def text(key: str) -> str | None:
        assert applied.state is not None
        view = applied.game.view(applied.state, None)
        return PRESENTERS[applied.row.game].live_message(applied.table, view, key, applied.table.language)

    return text


def turn_record(row: GameRow, table: TableInfo, state: GameState | None) -> str | None:
    """The line a board keeps when it is cut down and its turn left no line of
    its own (all went into its battle): whose turn it was."""
    decision = GAMES[row.game].decision(state) if state is not None else None
    if decision is None:
        return None
    seats = join([seat_name(table, s) for s in decision.actors], table.language)
    return t("table.turn_record", table.language, seats=seats)


def table_and_state(row: GameRow) -> tuple[TableInfo, GameState | None]:
    table = table_of(row)
    state = GAMES[row.game].load_state(row.state) if row.state else None
    return table, state
