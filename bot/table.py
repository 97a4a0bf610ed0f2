"""The table service (DESIGN §4): where a Discord action becomes a game action.

Game-agnostic: it knows the engine protocol (``games.core``), not the games.
Every operation takes the channel's lock, loads the row, checks who is acting
and against which version, applies, runs the AI seats, and persists snapshot +
action log in one transaction before returning. The caller (a cog) publishes.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from pydantic import ValidationError

from bot.ai_moves import AiStalled, Chooser, Rehearsal, play_ai_off_loop
from bot.lobby import LobbyService
from bot.logs import log_fields
from bot.model import Applied, LogRow, TableError, table_of
from bot.outbox import reminder_notice
from bot.seats import count_timeouts, left_entry
from bot.table_core import revealed
from games.core import Event
from games.core.undo import UNDO_SOURCE, UndoRefused, after_move, take_back
from games.registry import GAMES

log = logging.getLogger("gamemaster.table")

UNDO_EVENT = "table.event.undo"


class TableService(LobbyService):
    """Every operation on a table: the lobby's (``LobbyService``) and play's."""

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
            before_json = row.state or ""
            # The state was loaded for this action alone: no copy to keep it
            # intact (a refusal drops it with the rest of this call).
            new_state, events = game.play_owned(state, seat, action)
            info.undo = after_move(game, info.undo, seat, before_json, before, action, events, new_state)
            info.seats[seat].timeouts = 0  # an own action breaks a run of timeouts
            applied = Applied(
                row=row,
                table=info,
                game=game,
                state=new_state,
                events=list(events),
                before=before,
            )
            log_rows: list[LogRow] = [("player", seat, user_id, action.model_dump(), events)]
            await play_ai_off_loop(applied, log_rows, *self.ai_slice(interactive=True))
            await self._commit(applied, log_rows)
            log.info(
                "action",
                extra=log_fields(
                    channel=channel_id, game=row.game, seat=seat, action=action_data.get("kind")
                ),
            )
            return applied

    async def undo(self, channel_id: int, user_id: int) -> Applied:
        """A member takes back their last move (games.core.undo). Raises
        TableError with the reason where they may not; nothing changes then."""
        async with self.lock(channel_id):
            row, info, game, state = await self._load_playing(channel_id)
            seat = info.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_a_player")
            try:
                restored, info.undo = take_back(game, info.undo, seat)
            except UndoRefused as refusal:
                raise TableError(refusal.key) from None
            events = [Event(key=UNDO_EVENT, params={"seat": seat})]
            before = game.decision(state)
            applied = Applied(row=row, table=info, game=game, state=restored, events=[*events], before=before)
            await self._commit(applied, [(UNDO_SOURCE, seat, user_id, {"kind": UNDO_SOURCE}, events)])
            log.info("undo", extra=log_fields(channel=channel_id, game=row.game, seat=seat))
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
            log_rows: list[LogRow] = [entry]
            await play_ai_off_loop(applied, log_rows, *self.ai_slice(interactive=True))
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

    async def rehearse(self, channel_id: int) -> Rehearsal | None:
        """The next slice of a due AI stretch, thought without the channel's lock
        (a hard seat's search takes seconds, and a member's move must not wait
        for it behind the lock): None where no AI stretch is due, or it failed
        (``run_due`` then tries under the lock and reports it).

        Only as many tables rehearse at once as the thinker has slots, and a
        table waits for its slot with nothing loaded: a thousand tables queued
        with their states in memory made the garbage collector's full passes
        stall the loop for a quarter of a second (bench.hard_tables). A table
        with no AI stretch due never waits for a slot."""
        if await self._due_stretch(channel_id) is None:
            return None
        async with self.thinker.slots:
            due = await self._due_stretch(channel_id)
            if due is None:
                return None
            log_rows: list[LogRow] = []
            if await play_ai_off_loop(due, log_rows, *self.ai_slice(interactive=False)) is not None:
                return None
            parse = due.game.parse_action
            moves = [(seat, parse(action)) for _, seat, _, action, _ in log_rows if seat is not None]
            return Rehearsal(due.row.version, moves) if moves else None

    async def _due_stretch(self, channel_id: int) -> Applied | None:
        """The table as an AI stretch due now would start from, or None."""
        row = await self.store.active(channel_id)
        if (
            row is None
            or row.status != "playing"
            or row.deadline_at is None
            or row.deadline_at > self.clock()
        ):
            return None
        info, game = table_of(row), GAMES[row.game]
        state = game.load_state(row.state or "")
        decision = game.decision(state)
        if decision is None or not any(info.seats[s].ai for s in decision.actors):
            return None
        return Applied(row=row, table=info, game=game, state=state, before=decision)

    async def run_due(self, channel_id: int) -> Applied | None:
        """Apply the default actions whose deadline passed, or send a reminder."""
        rehearsal = await self.rehearse(channel_id)
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
                log_rows: list[LogRow] = []
                if any(info.seats[s].ai for s in decision.actors):
                    # An AI stretch a slice's bound (or a failing AI) left to the scheduler.
                    applied.ai_resumed = True
                    if rehearsal is not None and rehearsal.version != row.version:
                        return applied  # a member moved meanwhile: not committed, the seats think again
                    limit, thinker, seconds, hard = self.ai_slice(interactive=False)
                    chooser: Chooser = thinker if rehearsal is None else rehearsal
                    if rehearsal is not None:
                        seconds = math.inf  # the thinking is done: play the rehearsal back whole
                    error = await play_ai_off_loop(applied, log_rows, limit, chooser, seconds, hard)
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
                await play_ai_off_loop(applied, log_rows, *self.ai_slice(interactive=False))
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
