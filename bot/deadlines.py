"""Deadlines: the default actions whose time came, reminders, and the slices of
an AI stretch the scheduler plays on (a part of the table service, ``bot.table``)."""

from __future__ import annotations

import math

from bot.ai_moves import AiStalled, Chooser, Rehearsal, play_ai_off_loop
from bot.model import Applied, LogRow, table_of
from bot.outbox import reminder_notice
from bot.seats import count_timeouts
from bot.table_core import TableCore
from games.registry import GAMES


class Deadlines:
    def __init__(self, core: TableCore) -> None:
        self.core = core

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
        async with self.core.thinker.slots:
            due = await self._due_stretch(channel_id)
            if due is None:
                return None
            log_rows: list[LogRow] = []
            if await play_ai_off_loop(due, log_rows, *self.core.ai_slice(interactive=False)) is not None:
                return None
            parse = due.game.parse_action
            moves = [(seat, parse(action)) for _, seat, _, action, _ in log_rows if seat is not None]
            return Rehearsal(due.row.version, moves) if moves else None

    async def _due_stretch(self, channel_id: int) -> Applied | None:
        """The table as an AI stretch due now would start from, or None."""
        row = await self.core.store.active(channel_id)
        if (
            row is None
            or row.status != "playing"
            or row.deadline_at is None
            or row.deadline_at > self.core.clock()
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
        async with self.core.lock(channel_id):
            row = await self.core.store.active(channel_id)
            if row is None or row.status != "playing":
                return None
            now = self.core.clock()
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
                    limit, thinker, seconds, hard = self.core.ai_slice(interactive=False)
                    chooser: Chooser = thinker if rehearsal is None else rehearsal
                    if rehearsal is not None:
                        seconds = math.inf  # the thinking is done: play the rehearsal back whole
                    error = await play_ai_off_loop(applied, log_rows, limit, chooser, seconds, hard)
                    if error is not None and not log_rows:
                        raise AiStalled("an AI seat could not move") from error
                    await self.core.commit(applied, log_rows)
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
                await play_ai_off_loop(applied, log_rows, *self.core.ai_slice(interactive=False))
                await self.core.commit(applied, log_rows)
                return applied
            if row.reminder_at is not None and row.reminder_at <= now and decision is not None:
                row.reminder_at = None
                row = await self.core.store.save(row, outbox=[reminder_notice(decision.actors)], now=now)
                return Applied(row=row, table=info, game=game, state=state, reminder=decision.actors)
            return None
