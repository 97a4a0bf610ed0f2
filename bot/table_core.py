"""The table service's core: the channel locks, reading a table, and the one
transaction every change ends with (snapshot, action log and outbox notice).

The service's parts (``bot.lobby``, ``bot.play``, ``bot.deadlines``,
``bot.takeover``, ``bot.hints``, ``bot.rematch``) each hold this core and act
through it; ``bot.table.TableService`` puts them together."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.export import export_game
from bot.model import Applied, LogRow, Speed, TableError, TableInfo, table_of
from bot.outbox import change_notice
from bot.replays import forget, replayed
from bot.settings import Settings
from bot.store import ActionRow, GameRow, Store, VersionConflict
from bot.thinking import Thinker
from games.core import Event, Game, GameState
from games.core.undo import UNDO_AI, UNDO_SINCE, UNDO_SOURCE, after_other, asked_anew
from games.core.verify import REVEAL_EVENT, commitment
from games.registry import GAMES


def revealed(table: TableInfo) -> Event:
    """The public line that reveals the seed and salt, once the game is over."""
    return Event(
        key=REVEAL_EVENT,
        params={"seed": table.seed, "salt": table.salt, "commitment": commitment(table.salt, table.seed)},
    )


class TableCore:
    def __init__(self, store: Store, settings: Settings, clock: Callable[[], float]) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self.thinker = Thinker(settings.ai_workers, settings.ai_think_seconds)
        self.hinting: set[tuple[int, int]] = set()  # (channel, seat) whose hint is being searched

    def ai_slice(self, *, interactive: bool) -> tuple[int, Thinker, float, bool]:
        """The bounds of one slice of AI moves and who thinks them (bot.ai_moves).
        ``interactive``: a member's click or command waits for this slice, and
        Discord wants an answer within 3 s, so the slice stops before a hard
        seat's search; the stretch goes on in the background (continue_ai)."""
        s = self.settings
        return s.ai_slice_moves, self.thinker, s.ai_slice_seconds, not interactive

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # -- reading ---------------------------------------------------------
    async def active(self, channel_id: int) -> tuple[GameRow, TableInfo] | None:
        row = await self.store.active(channel_id)
        return (row, table_of(row)) if row else None

    def state_of(self, row: GameRow) -> GameState | None:
        return GAMES[row.game].load_state(row.state) if row.state else None

    async def load_playing(self, channel_id: int) -> tuple[GameRow, TableInfo, Game[Any, Any], GameState]:
        row = await self.store.active(channel_id)
        if row is None:
            raise TableError("error.no_table")
        if row.status != "playing" or row.state is None:
            raise TableError("error.not_started")
        game = GAMES[row.game]
        return row, table_of(row), game, game.load_state(row.state)

    async def seated(
        self, channel_id: int, user_id: int, *, version: int | None = None
    ) -> tuple[GameRow, TableInfo, Game[Any, Any], GameState, int]:
        """The channel's game in play and the member's seat at it; with
        ``version``, only while a control drawn at that version may still act."""
        row, info, game, state = await self.load_playing(channel_id)
        if version is not None and not info.fresh(row.version, version):
            raise TableError("error.stale")
        seat = info.seat_of(user_id)
        if seat is None:
            raise TableError("error.not_a_player")
        return row, info, game, state, seat

    async def latest(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game, whatever its status (``/log``)."""
        return await self.store.latest(channel_id)

    async def latest_finished(self, channel_id: int) -> GameRow | None:
        return await self.store.latest_finished(channel_id)

    async def public_events(self, game_id: int, *, limit: int) -> list[Event]:
        """The public events of a game's last ``limit`` log rows (``/log`` is public:
        private events never appear)."""
        return [event for event in await self.recent_events(game_id, limit=limit) if event.public]

    async def recent_actions(self, game_id: int, *, limit: int) -> list[ActionRow]:
        """A game's last ``limit`` log rows, their private events included: the caller
        shows each seat only what it may see (``Event.visible_to``)."""
        return await self.store.actions(game_id, limit=limit)

    async def recent_events(self, game_id: int, *, limit: int) -> list[Event]:
        """Every event of a game's last ``limit`` log rows, private ones included: the
        caller shows each seat only what it may see (``Event.visible_to``)."""
        return [
            Event.model_validate(data)
            for row in await self.store.actions(game_id, limit=limit)
            for data in row.events
        ]

    async def export(self, row: GameRow) -> dict[str, Any]:
        """A finished game's export for ``python -m games verify`` (``bot.export``)."""
        return await export_game(self.store, row)

    async def set_message(self, game_id: int, message_id: int) -> None:
        """The message that shows the table (its lobby, then its board): kept
        without a version bump, since open panels stay valid."""
        await self.store.patch_table(game_id, "message_id", message_id)

    def _deadline_seconds(self, speed: Speed, timeout: str) -> int:
        s = self.settings
        if speed == "async":
            return s.async_long_seconds if timeout == "long" else s.async_short_seconds
        return s.live_long_seconds if timeout == "long" else s.live_short_seconds

    async def commit(
        self,
        applied: Applied,
        log_rows: list[LogRow],
        *,
        finish: bool = True,
    ) -> None:
        row, game = applied.row, applied.game
        assert applied.state is not None
        now = self.clock()
        decision = game.decision(applied.state)
        outcome = game.outcome(applied.state)
        if finish and outcome is not None and row.status == "playing":
            row.status = "finished"
            final = [*game.final_events(applied.state), revealed(applied.table)]
            applied.events.extend(final)
            if log_rows:
                kind, seat, user, action, events = log_rows[-1]
                log_rows[-1] = (kind, seat, user, action, [*events, *final])
            row.result = {
                "outcome": outcome.model_dump(),
                "seats": [s.model_dump() for s in applied.table.seats],
            }
        if not applied.continued and not applied.keeps_decision:
            applied.table.decision_since = row.version + max(1, len(log_rows))
        if log_rows:
            applied.table.paused = None  # a change landed: whatever failed before works again
        if decision is not None:
            # Seats this change asks anew start a turn: why they could not take
            # back a move of an earlier one no longer needs saying in their panel.
            asked = applied.before.actors if applied.before is not None else []
            applied.table.undo = asked_anew(applied.table.undo, set(decision.actors) - set(asked))
        for kind, *_ in log_rows:
            if kind not in ("player", UNDO_SOURCE):  # those two keep the book themselves
                reason = UNDO_AI if kind == "ai" else UNDO_SINCE
                applied.table.undo = after_other(applied.table.undo, reason)
        kept = (applied.continued or applied.keeps_decision) and not applied.ai_resumed
        forget(applied.table, log_rows)
        if applied.ai_pending:
            # The AI stretch goes on: due at once, the scheduler plays its next slice.
            row.deadline_at, row.reminder_at = now, None
        elif row.status == "playing" and applied.clock is not None and applied.clock.deadline_at is not None:
            # A take-back: the decision it brings back keeps the deadline it had, and
            # its reminder if still to come (one already sent, or due while the move
            # stood, is not sent again to those still deciding).
            reminder = applied.clock.reminder_at
            row.deadline_at = applied.clock.deadline_at
            row.reminder_at = reminder if reminder is not None and reminder > now else None
        elif row.status == "playing" and kept and row.deadline_at is not None:
            pass  # one deadline for a simultaneous decision, however many have chosen
        elif row.status == "playing" and decision is not None:
            seconds = self._deadline_seconds(applied.table.speed, decision.timeout)
            row.deadline_at = now + seconds
            row.reminder_at = now + seconds * 0.75
            taking_back = any(kind == UNDO_SOURCE for kind, *_ in log_rows)
            again = None if taking_back else replayed(applied.table, decision)
            if again is not None and again.deadline_at < row.deadline_at:
                # The decision a take-back left, reached again: the clock it had (bot.replays).
                reminder = again.reminder_at
                row.deadline_at = again.deadline_at
                row.reminder_at = reminder if reminder is not None and reminder > now else None
        else:
            row.deadline_at = row.reminder_at = None
        row.table = applied.table.model_dump()
        row.state = applied.state.model_dump_json()
        rows = [
            (seat, user, kind, action, [e.model_dump() for e in events])
            for kind, seat, user, action, events in log_rows
        ]
        try:
            # What the change must publish is saved with it (bot/outbox.py).
            applied.row = await self.store.save(row, actions=rows, outbox=[change_notice(applied)], now=now)
        except VersionConflict:
            raise TableError("error.stale") from None
