"""Where AI seats think: the level each seat plays at, and ``hard``'s search in
worker processes so that it never holds the event loop's GIL.

``easy`` and ``normal`` choose in well under a millisecond and run in the
caller's thread (the AI stretch's worker thread, ``bot.ai_moves``). ``hard``
searches for up to a second per decision (``games.core.search``): in a thread
it would hold the GIL for the whole search and every other channel's
coroutines would wait their turn for it, so it runs in a process pool
(``Settings.ai_workers`` processes, started on the first hard decision, spawned
rather than forked: the bot's process has threads and an event loop, which a
fork would copy half-made). A decision that takes longer than
``Settings.ai_think_seconds`` (a worker stuck, a machine overloaded) is played
as ``normal`` instead and logged: a seat never holds the table up.

Every level's choice is a pure function of the seat's view, the decision and
the seat's seed (``seat_seed``), so a worker or the caller's thread choose the
same move.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pydantic import BaseModel

from bot.logs import log_fields
from bot.model import TableInfo
from bot.orphans import end_with_parent
from games.core import Decision, Game
from games.core.levels import Level, make_player
from games.core.search import Advice, SearchPlayer
from games.registry import GAMES

log = logging.getLogger("gamemaster.ai")
ABANDON_STEP = 0.05  # how often a hint's waiting thread looks whether its asker left


def seat_seed(table: TableInfo, seat: int) -> int:
    """The seed of an AI seat's choices: the table's (drawn at Start) and the seat's number."""
    return table.seed * 31 + seat


def choose(
    game_id: str, seat: int, level: Level, seed: int, view: BaseModel, decision: Decision
) -> BaseModel:
    """One AI decision (in a worker process for ``hard``)."""
    return make_player(GAMES[game_id], seat, level, seed).act(view, decision)


def advise(game_id: str, seat: int, seed: int, view: BaseModel, decision: Decision) -> Advice:
    """What ``hard`` would do from ``view``, and why (a hint; in a worker process)."""
    return SearchPlayer(GAMES[game_id], seat, seed).advise(view, decision)


class Abandoned(Exception):
    """A hint's asker left before its search ended (``Thinker.advise``)."""


def _unless(future: Future[Advice], abandoned: threading.Event, cap_seconds: float) -> Advice:
    """The future's result, waited for in short steps so that an abandonment is heard."""
    waited = 0.0
    while True:
        try:
            return future.result(timeout=min(ABANDON_STEP, max(0.0, cap_seconds - waited)))
        except FutureTimeout:
            waited += ABANDON_STEP
            if abandoned.is_set():
                future.cancel()  # still queued: it never runs
                raise Abandoned from None
            if waited >= cap_seconds:
                raise


class Thinker:
    """Chooses AI seats' moves at their levels; ``hard`` in worker processes."""

    def __init__(self, workers: int, cap_seconds: float) -> None:
        self.workers, self.cap_seconds = workers, cap_seconds
        self._pool: ProcessPoolExecutor | None = None
        self._pool_lock = threading.Lock()
        # The threads AI stretches that may think hard run in, each mostly waiting
        # for a worker process: a lane of their own, so that however many tables
        # wait for a search, the loop's default threads stay free for members' moves.
        lane = max(1, workers) * 2
        self._lane = ThreadPoolExecutor(lane, thread_name_prefix="ai-hard")
        # As many tables think at once as the lane has threads; the others wait
        # for a slot before loading their table (TableService.rehearse).
        self.slots = asyncio.Semaphore(lane)

    def pool(self) -> ProcessPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                # Each worker ends when this process dies, however it dies (bot.orphans).
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=end_with_parent, initargs=(os.getpid(),)
                )
            return self._pool

    def act(
        self, game: Game[Any, Any], table: TableInfo, seat: int, decision: Decision, view: BaseModel
    ) -> BaseModel:
        """The move of AI ``seat`` (blocking: call it off the event loop)."""
        level = table.seats[seat].level
        seed = seat_seed(table, seat)
        if level != "hard" or self.workers <= 0:
            return choose(game.id, seat, level, seed, view, decision)
        future: Future[BaseModel] = self.pool().submit(choose, game.id, seat, level, seed, view, decision)
        try:
            return future.result(timeout=self.cap_seconds)
        except FutureTimeout:
            future.cancel()
            log.warning("hard AI over its time cap: played normal", extra=log_fields(game=game.id, seat=seat))
            return choose(game.id, seat, "normal", seed, view, decision)

    def advise(
        self,
        game: Game[Any, Any],
        table: TableInfo,
        seat: int,
        decision: Decision,
        view: BaseModel,
        abandoned: threading.Event | None = None,
    ) -> Advice:
        """``hard``'s move for a member's ``seat`` from its view (blocking: call it
        off the event loop); over the time cap, the normal move, said plainly.
        ``abandoned`` set (the member who asked left): raises :class:`Abandoned`
        within a moment, and a search still queued for a worker never starts (one
        already running in a worker ends by its own time budget, unheard)."""
        seed = seat_seed(table, seat)
        if self.workers <= 0:
            return advise(game.id, seat, seed, view, decision)
        future: Future[Advice] = self.pool().submit(advise, game.id, seat, seed, view, decision)
        try:
            if abandoned is None:
                return future.result(timeout=self.cap_seconds)
            return _unless(future, abandoned, self.cap_seconds)
        except FutureTimeout:
            future.cancel()
            log.warning("hint over its time cap: the normal move", extra=log_fields(game=game.id, seat=seat))
            move = choose(game.id, seat, "normal", seed, view, decision)
            return Advice(move, move, searched=False, capped=True)

    def more(self) -> bool:
        return True  # a thinker always has a next move in it

    def lane(self) -> ThreadPoolExecutor:
        return self._lane

    def close(self) -> None:
        with self._pool_lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
        self._lane.shutdown(wait=False, cancel_futures=True)
