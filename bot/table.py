"""The table service (DESIGN §4): where a Discord action becomes a game action.

Game-agnostic: it knows the engine protocol (``games.core``), not the games.
Every operation takes the channel's lock, loads the row, checks who is acting
and against which version, applies, runs the AI seats, and persists snapshot +
action log in one transaction before returning. The caller (a cog) publishes.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from bot.logs import log_fields
from bot.model import Applied, Seat, Speed, TableError, TableInfo, table_of
from bot.outbox import change_notice, reminder_notice
from bot.seats import count_timeouts, left_entry
from bot.settings import Settings
from bot.store import ChannelBusy, GameRow, Store, VersionConflict
from games.core import Event, Game, GameState, RuleError
from games.core.verify import COMMITMENT_EVENT, REVEAL_EVENT, SALT_BYTES, commitment
from games.registry import GAMES

log = logging.getLogger("gamemaster.table")

# A long run of AI moves (a Narnia table whose members are all out, a whole game
# after everyone left) is played in slices of Settings.ai_slice_moves, each one
# committed and published; the scheduler plays the next slice. In the channel, a
# stretch of up to AI_DETAIL_MOVES is told move by move; a longer one is told in
# one line per AI_SUMMARY_MOVES moves, with its last AI_TAIL_MOVES in full once it
# hands the turn back (every move stays in /log).
AI_DETAIL_MOVES = 40
AI_TAIL_MOVES = 12
AI_SUMMARY_MOVES = 100
AI_MOVES_EVENT = "table.event.ai_moves"


class AiStalled(RuntimeError):
    """An AI seat could not choose a legal move: its slice played nothing."""


def revealed(table: TableInfo) -> Event:
    """The public line that reveals the seed and salt, once the game is over."""
    return Event(
        key=REVEAL_EVENT,
        params={"seed": table.seed, "salt": table.salt, "commitment": commitment(table.salt, table.seed)},
    )


def told(moves: list[tuple[int, list[Event]]], *, continuing: bool) -> list[Event]:
    """The events of a slice of AI moves as the channel is told them: all of them
    for a short stretch; for a long one (or a slice the stretch goes on from),
    one summary line per AI_SUMMARY_MOVES moves, and the last AI_TAIL_MOVES in
    full once the stretch hands the turn back. The action log keeps every event."""
    if len(moves) <= AI_DETAIL_MOVES and not continuing:
        return [event for _, events in moves for event in events]
    shown = [] if continuing else moves[-AI_TAIL_MOVES:]
    summarised = moves[: len(moves) - len(shown)]
    out = [
        Event(
            key=AI_MOVES_EVENT,
            params={
                "count": len(block),
                "seats_list": sorted({seat for seat, _ in block}),
            },
        )
        for block in (
            summarised[i : i + AI_SUMMARY_MOVES] for i in range(0, len(summarised), AI_SUMMARY_MOVES)
        )
    ]
    return out + [event for _, events in shown for event in events]


class TableService:
    def __init__(self, store: Store, settings: Settings, clock: Callable[[], float]) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # -- reading ---------------------------------------------------------
    async def active(self, channel_id: int) -> tuple[GameRow, TableInfo] | None:
        row = await self.store.active(channel_id)
        return (row, table_of(row)) if row else None

    def state_of(self, row: GameRow) -> GameState | None:
        return GAMES[row.game].load_state(row.state) if row.state else None

    # -- lobby -----------------------------------------------------------
    async def open_lobby(
        self,
        channel_id: int,
        guild_id: int | None,
        host_id: int,
        host_name: str,
        game_id: str,
        *,
        seats: int | None,
        speed: Speed,
        language: str,
        options: dict[str, Any] | None = None,
    ) -> tuple[GameRow, TableInfo]:
        game = GAMES.get(game_id)
        if game is None:
            raise TableError("error.unknown_game", game=game_id)
        max_seats = seats or game.max_players
        # Every setting is kept by name (the lobby, /log's export and a rematch say it).
        options = {**game.settings, **(options or {})}
        if not game.min_players <= max_seats <= game.max_players:
            raise TableError(
                "error.player_count", min=game.min_players, max=game.max_players, count=max_seats
            )
        for name, value in options.items():
            if name in game.settings:  # a value the game checks (Narnia's round cap)
                try:
                    game.check_setting(name, value)
                except RuleError as error:
                    raise TableError(error.key, **error.params) from None
                continue
            if value is not True:
                raise TableError(f"error.no_setting.{name}", game=game_id)
            counts = game.variants.get(name)
            if counts is None:
                raise TableError(f"error.no_variant.{name}", game=game_id)
            if seats is None:
                max_seats = max(counts)
            elif seats not in counts:
                raise TableError(f"error.variant_players.{name}", count=seats)
        info = TableInfo(
            host_id=host_id,
            language=language,
            speed=speed,
            max_seats=max_seats,
            seats=[Seat(user_id=host_id, name=host_name)],
            options=options,
        )
        async with self.lock(channel_id):
            try:
                row = await self.store.create(channel_id, guild_id, game_id, info.model_dump(), self.clock())
            except ChannelBusy:
                raise TableError("error.channel_busy") from None
        return row, info

    async def _lobby_change(
        self, channel_id: int, change: Callable[[GameRow, TableInfo], None]
    ) -> tuple[GameRow, TableInfo]:
        async with self.lock(channel_id):
            row = await self.store.active(channel_id)
            if row is None:
                raise TableError("error.no_table")
            if row.status != "lobby":
                raise TableError("error.already_started")
            info = table_of(row)
            change(row, info)
            row.table = info.model_dump()
            row = await self.store.save(row, now=self.clock())
            return row, info

    async def join(self, channel_id: int, user_id: int, name: str) -> tuple[GameRow, TableInfo]:
        def change(row: GameRow, info: TableInfo) -> None:
            if info.seat_of(user_id) is not None:
                raise TableError("error.already_seated")
            if len(info.seats) >= info.max_seats:
                raise TableError("error.table_full", seats=info.max_seats)
            info.seats.append(Seat(user_id=user_id, name=name))

        return await self._lobby_change(channel_id, change)

    async def leave_lobby(self, channel_id: int, user_id: int) -> tuple[GameRow, TableInfo]:
        def change(row: GameRow, info: TableInfo) -> None:
            seat = info.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_seated")
            if user_id == info.host_id:
                raise TableError("error.host_cannot_leave")
            del info.seats[seat]

        return await self._lobby_change(channel_id, change)

    async def add_ai(self, channel_id: int, user_id: int, may_manage: bool) -> tuple[GameRow, TableInfo]:
        def change(row: GameRow, info: TableInfo) -> None:
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            if len(info.seats) >= info.max_seats:
                raise TableError("error.table_full", seats=info.max_seats)
            number = sum(1 for s in info.seats if s.ai) + 1
            info.seats.append(Seat(name=f"AI {number}", ai=True))

        return await self._lobby_change(channel_id, change)

    async def cancel(self, channel_id: int, user_id: int, may_manage: bool) -> tuple[GameRow, TableInfo]:
        async with self.lock(channel_id):
            row = await self.store.active(channel_id)
            if row is None:
                raise TableError("error.no_table")
            info = table_of(row)
            if row.status != "lobby":
                raise TableError("error.already_started")
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            row.status = "cancelled"
            row.deadline_at = row.reminder_at = None
            row = await self.store.save(row, now=self.clock())
            return row, info

    async def start(self, channel_id: int, user_id: int, may_manage: bool) -> Applied:
        async with self.lock(channel_id):
            row = await self.store.active(channel_id)
            if row is None:
                raise TableError("error.no_table")
            info = table_of(row)
            if row.status != "lobby":
                raise TableError("error.already_started")
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            game = GAMES[row.game]
            if len(info.seats) < game.min_players:
                raise TableError("error.not_enough_players", min=game.min_players, count=len(info.seats))
            for variant in (name for name, on in info.options.items() if on is True):
                if len(info.seats) not in game.variants.get(variant, ()):
                    raise TableError(f"error.variant_players.{variant}", count=len(info.seats))
            # The seed is drawn here, by the bot, never by the rules (DESIGN §3).
            info.seed = secrets.randbits(48)
            info.salt = secrets.token_hex(SALT_BYTES)
            try:
                state = game.new_game(len(info.seats), info.seed, info.options)
            except RuleError as error:
                raise TableError(error.key, **error.params) from None
            row.status = "playing"
            sealed = Event(key=COMMITMENT_EVENT, params={"commitment": commitment(info.salt, info.seed)})
            opening = [sealed, *game.opening_events(state)]
            applied = Applied(row=row, table=info, game=game, state=state, events=list(opening), started=True)
            log_rows: list[tuple[str, int | None, int | None, dict[str, Any], list[Event]]] = [
                ("start", None, None, {"kind": "start", "seed": info.seed}, opening)
            ]
            await self._run_ai_off_loop(applied, log_rows)
            await self._commit(applied, log_rows)
            return applied

    # -- play ------------------------------------------------------------
    async def act(
        self,
        channel_id: int,
        user_id: int,
        action_data: dict[str, Any],
        *,
        version: int | None = None,
    ) -> Applied:
        """Apply a player's action. Raises TableError or RuleError; nothing changes then."""
        async with self.lock(channel_id):
            row, info, game, state = await self._load_playing(channel_id)
            if version is not None and not info.fresh(row.version, version):
                raise TableError("error.stale")
            seat = info.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_a_player")
            try:
                action = game.parse_action(action_data)
            except ValidationError:
                raise TableError("error.bad_action") from None
            before = game.decision(state)
            # The state was loaded for this action alone: no copy to keep it
            # intact (a refusal drops it with the rest of this call).
            new_state, events = game.play_owned(state, seat, action)
            info.seats[seat].timeouts = 0  # an own action breaks a run of timeouts
            applied = Applied(
                row=row,
                table=info,
                game=game,
                state=new_state,
                events=list(events),
                before=before,
            )
            log_rows: list[tuple[str, int | None, int | None, dict[str, Any], list[Event]]] = [
                ("player", seat, user_id, action.model_dump(), events)
            ]
            await self._run_ai_off_loop(applied, log_rows)
            await self._commit(applied, log_rows)
            log.info(
                "action",
                extra=log_fields(
                    channel=channel_id, game=row.game, seat=seat, action=action_data.get("kind")
                ),
            )
            return applied

    async def leave_game(self, channel_id: int, user_id: int) -> Applied:
        """A player leaves for good: an AI takes the seat with its hand (R36)."""
        async with self.lock(channel_id):
            row, info, game, state = await self._load_playing(channel_id)
            seat = info.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_a_player")
            entry = left_entry(info, seat)  # the AI holds the seat; the log says who held it when
            applied = Applied(row=row, table=info, game=game, state=state, before=game.decision(state))
            applied.events.extend(entry[4])  # a copy: the AI's events follow in their own log rows
            log_rows: list[tuple[str, int | None, int | None, dict[str, Any], list[Event]]] = [entry]
            await self._run_ai_off_loop(applied, log_rows)
            await self._commit(applied, log_rows)
            return applied

    async def end(self, channel_id: int, user_id: int, may_manage: bool) -> Applied:
        """The host or a moderator ends the game: everything is revealed."""
        async with self.lock(channel_id):
            row, info, game, state = await self._load_playing(channel_id)
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            info.ended_by = user_id
            events = [Event(key="table.event.ended", params={}), *game.reveal_events(state), revealed(info)]
            applied = Applied(row=row, table=info, game=game, state=state, events=events)
            row.status = "finished"
            row.result = {"ended_by": user_id, "outcome": None, "seats": [s.model_dump() for s in info.seats]}
            await self._commit(applied, [("end", None, user_id, {"kind": "end"}, events)], finish=False)
            return applied

    async def run_due(self, channel_id: int) -> Applied | None:
        """Apply the default actions whose deadline passed, or send a reminder."""
        async with self.lock(channel_id):
            row = await self.store.active(channel_id)
            if row is None or row.status != "playing":
                return None
            now = self.clock()
            info = table_of(row)
            game = GAMES[row.game]
            state = game.load_state(row.state or "")
            decision = game.decision(state)
            if row.deadline_at is not None and row.deadline_at <= now and decision is not None:
                applied = Applied(row=row, table=info, game=game, state=state, before=decision)
                log_rows: list[tuple[str, int | None, int | None, dict[str, Any], list[Event]]] = []
                if any(info.seats[s].ai for s in decision.actors):
                    # An AI stretch a slice's bound (or a failing AI) left to the scheduler.
                    applied.ai_resumed = True
                    error = await self._run_ai_off_loop(applied, log_rows)
                    if error is not None and not log_rows:
                        raise AiStalled("an AI seat could not move") from error
                    await self._commit(applied, log_rows)
                    return applied
                for seat in decision.actors:
                    # Every late seat of a simultaneous decision gets its default;
                    # an ordered one moves on to the next seat's own deadline.
                    current = game.decision(applied.state)
                    if current is None or seat not in current.actors:
                        break
                    if current != decision and not current.continues(decision):
                        break
                    action = game.default_action(applied.state, seat)
                    applied.state, events = game.play(applied.state, seat, action)
                    applied.events.extend(events)
                    applied.auto_seats.append(seat)
                    log_rows.append(("timeout", seat, None, action.model_dump(), events))
                if applied.outcome is None:  # too many timeouts in a row: the AI takes the seat
                    handovers = count_timeouts(info, applied.auto_seats)
                    applied.events.extend(event for entry in handovers for event in entry[4])
                    log_rows.extend(handovers)
                await self._run_ai_off_loop(applied, log_rows)
                await self._commit(applied, log_rows)
                return applied
            if row.reminder_at is not None and row.reminder_at <= now and decision is not None:
                row.reminder_at = None
                row = await self.store.save(row, outbox=[reminder_notice(decision.actors)], now=now)
                return Applied(row=row, table=info, game=game, state=state, reminder=decision.actors)
            return None

    # -- drafts (UI state such as a split in preparation) -----------------
    async def draft(self, channel_id: int, seat: int, version: int) -> dict[str, Any] | None:
        row = await self.store.active(channel_id)
        if row is None:
            return None
        saved = row.drafts.get(str(seat))
        if not saved or not table_of(row).fresh(row.version, int(saved.get("version", -1))):
            return None
        data: dict[str, Any] = saved["data"]
        return data

    async def save_draft(self, channel_id: int, seat: int, version: int, data: dict[str, Any]) -> None:
        async with self.lock(channel_id):
            row = await self.store.active(channel_id)
            if row is None:
                raise TableError("error.stale")
            info = table_of(row)
            if not info.fresh(row.version, version):
                raise TableError("error.stale")
            drafts = {
                k: v for k, v in row.drafts.items() if info.fresh(row.version, int(v.get("version", -1)))
            }
            drafts[str(seat)] = {"version": version, "data": data}
            await self.store.save_drafts(row.id, drafts)

    # -- internals -------------------------------------------------------
    async def _load_playing(self, channel_id: int) -> tuple[GameRow, TableInfo, Game[Any, Any], GameState]:
        row = await self.store.active(channel_id)
        if row is None:
            raise TableError("error.no_table")
        if row.status != "playing" or row.state is None:
            raise TableError("error.not_started")
        game = GAMES[row.game]
        return row, table_of(row), game, game.load_state(row.state)

    def _run_ai(
        self,
        applied: Applied,
        log_rows: list[tuple[str, int | None, int | None, dict[str, Any], list[Event]]],
    ) -> None:
        """Let the AI seats act until a human must decide, the game ends, or the
        slice's bound (``Settings.ai_slice_moves``) is reached: then the stretch
        is committed as it stands and the scheduler plays the next slice."""
        game, info = applied.game, applied.table
        limit = self.settings.ai_slice_moves
        start = len(applied.events)
        moves: list[tuple[int, list[Event]]] = []
        try:
            for _ in range(limit):
                assert applied.state is not None
                decision = game.decision(applied.state)
                if decision is None:
                    return
                ai_seats = [s for s in decision.actors if info.seats[s].ai]
                if not ai_seats:
                    return
                seat = ai_seats[0]
                action = game.ai(seat).act(game.view(applied.state, seat), decision)
                applied.state, events = game.play(applied.state, seat, action)
                moves.append((seat, events))
                log_rows.append(("ai", seat, None, action.model_dump(), events))
        finally:
            applied.ai_moves += len(moves)
            applied.events[start:] = told(moves, continuing=len(moves) >= limit)

    async def _run_ai_off_loop(
        self,
        applied: Applied,
        log_rows: list[tuple[str, int | None, int | None, dict[str, Any], list[Event]]],
    ) -> Exception | None:
        """:meth:`_run_ai` in a worker thread, so a long run of AI moves (a 10-player
        Talismani round, a Narnia table of AI seats, a whole game after a leave)
        never stalls the event loop and every other channel. Safe: the engine is
        pure, ``applied`` and ``log_rows`` belong to this call, and the caller
        holds the channel's lock until it commits, so nothing else touches them;
        the moves are the same as on the loop. No AI seat to act (most acts): no
        thread hop.

        An AI that fails never costs a member their move: what was played so far
        stands, the error is logged and returned, and the caller commits; the
        AI seat is still to act, so the scheduler tries it again."""
        assert applied.state is not None
        decision = applied.game.decision(applied.state)
        if decision is None or not any(applied.table.seats[s].ai for s in decision.actors):
            return None
        try:
            await asyncio.to_thread(self._run_ai, applied, log_rows)
        except Exception as error:
            log.exception(
                "AI seat failed", extra=log_fields(channel=applied.row.channel_id, game=applied.row.game)
            )
            return error
        return None

    def _deadline_seconds(self, speed: Speed, timeout: str) -> int:
        s = self.settings
        if speed == "async":
            return s.async_long_seconds if timeout == "long" else s.async_short_seconds
        return s.live_long_seconds if timeout == "long" else s.live_short_seconds

    async def _commit(
        self,
        applied: Applied,
        log_rows: list[tuple[str, int | None, int | None, dict[str, Any], list[Event]]],
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
        kept = (applied.continued or applied.keeps_decision) and not applied.ai_resumed
        if applied.ai_pending:
            # The AI stretch goes on: due at once, the scheduler plays its next slice.
            row.deadline_at, row.reminder_at = now, None
        elif row.status == "playing" and kept and row.deadline_at is not None:
            pass  # one deadline for a simultaneous decision, however many have chosen
        elif row.status == "playing" and decision is not None:
            seconds = self._deadline_seconds(applied.table.speed, decision.timeout)
            row.deadline_at = now + seconds
            row.reminder_at = now + seconds * 0.75
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
