"""AI seats at the table: a stretch of AI moves played in slices, off the event loop.

A long run of AI moves (a Narnia table whose members are all out, a whole game
after everyone left) is played in slices of ``Settings.ai_slice_moves``, each one
committed and published; the scheduler plays the next slice. In the channel, a
stretch of up to AI_DETAIL_MOVES is told move by move; a longer one is told in
one line per AI_SUMMARY_MOVES moves, with its last AI_TAIL_MOVES in full once it
hands the turn back (every move stays in /log).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
from concurrent.futures import Executor
from dataclasses import dataclass
from time import monotonic
from typing import Any, Protocol

from pydantic import BaseModel

from bot.logs import log_fields
from bot.model import Applied, LogRow, TableInfo
from games.core import Decision, Event, Game

log = logging.getLogger("gamemaster.table")

AI_DETAIL_MOVES = 40
AI_TAIL_MOVES = 12
AI_SUMMARY_MOVES = 100
AI_MOVES_EVENT = "table.event.ai_moves"


class Chooser(Protocol):
    """Who picks the AI seats' moves: the thinker (bot.thinking), or a rehearsal."""

    def act(
        self, game: Game[Any, Any], table: TableInfo, seat: int, decision: Decision, view: BaseModel
    ) -> BaseModel: ...

    def more(self) -> bool: ...

    def lane(self) -> Executor | None:
        """The threads a stretch that may hold hard searches runs in (None: the loop's default)."""
        ...


@dataclass
class Rehearsal:
    """A slice of AI moves thought before the channel's lock was taken, from the
    table at ``version``, played back under the lock if the table is still there:
    the same moves in the same order, at no cost. A member's move in between
    changes the version and the rehearsal is dropped (the seats think again)."""

    version: int
    moves: list[tuple[int, BaseModel]]

    def act(
        self, game: Game[Any, Any], table: TableInfo, seat: int, decision: Decision, view: BaseModel
    ) -> BaseModel:
        expected, action = self.moves.pop(0)
        assert expected == seat, "a rehearsal is played back on the very state it was thought on"
        return action

    def more(self) -> bool:
        return bool(self.moves)

    def lane(self) -> Executor | None:
        return None  # played back in a blink


class AiStalled(RuntimeError):
    """An AI seat could not choose a legal move: its slice played nothing."""


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


def play_ai(
    applied: Applied, log_rows: list[LogRow], limit: int, thinker: Chooser, seconds: float, hard: bool = True
) -> None:
    """Let the AI seats act, each at its level, until a human must decide, the
    game ends, or the slice's bound is reached (``limit`` moves,
    ``Settings.ai_slice_moves``, or ``seconds`` of thinking,
    ``Settings.ai_slice_seconds``, after at least one move): then the stretch
    is committed as it stands and the scheduler plays the next slice. Without
    ``hard`` (a member waits for this slice), the slice also stops before a
    hard seat's decision, which takes up to a second or two."""
    game, info = applied.game, applied.table
    start = len(applied.events)
    moves: list[tuple[int, list[Event]]] = []
    until = monotonic() + seconds
    try:
        for _ in range(limit):
            if (moves and monotonic() > until) or not thinker.more():
                return
            assert applied.state is not None
            decision = game.decision(applied.state)
            if decision is None:
                return
            ai_seats = [s for s in decision.actors if info.seats[s].ai]
            if not ai_seats:
                return
            seat = ai_seats[0]
            if not hard and info.seats[seat].level == "hard":
                return
            action = thinker.act(game, info, seat, decision, game.view(applied.state, seat))
            applied.state, events = game.play(applied.state, seat, action)
            moves.append((seat, events))
            log_rows.append(("ai", seat, None, action.model_dump(), events))
    finally:
        applied.ai_moves += len(moves)
        applied.events[start:] = told(moves, continuing=len(moves) >= limit)


async def play_ai_off_loop(
    applied: Applied, log_rows: list[LogRow], limit: int, thinker: Chooser, seconds: float, hard: bool = True
) -> Exception | None:
    """:func:`play_ai` in a worker thread, so a long run of AI moves (a 10-player
    Talismani round, a Narnia table of AI seats, a whole game after a leave)
    never stalls the event loop and every other channel. Safe: the engine is
    pure, ``applied`` and ``log_rows`` belong to this call, and the caller
    holds the channel's lock until it commits, so nothing else touches them;
    the moves are the same as on the loop. No AI seat to act (most acts), or
    a hard one first where ``hard`` is off: no thread hop. A stretch that may
    think hard runs in the chooser's own lane of threads, each waiting for a
    worker process: the loop's default threads stay free for the members' moves.

    An AI that fails never costs a member their move: what was played so far
    stands, the error is logged and returned, and the caller commits; the
    AI seat is still to act, so the scheduler tries it again."""
    assert applied.state is not None
    decision = applied.game.decision(applied.state)
    seats = applied.table.seats
    ai = [s for s in decision.actors if seats[s].ai] if decision is not None else []
    if not ai or (not hard and seats[ai[0]].level == "hard"):
        return None
    executor = thinker.lane() if hard else None
    try:
        stretch = functools.partial(play_ai, applied, log_rows, limit, thinker, seconds, hard)
        await asyncio.get_running_loop().run_in_executor(executor, contextvars.copy_context().run, stretch)
    except Exception as error:
        log.exception(
            "AI seat failed", extra=log_fields(channel=applied.row.channel_id, game=applied.row.game)
        )
        return error
    return None
