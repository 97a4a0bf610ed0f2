"""Hard AI seats at many tables: does the bot stay responsive while they think?

``python -m bench.table_speed`` runs it as its "hard seats" row; alone:
``python -m bench.hard_tables --tables 1000 --seconds 60``.

Each table is Tir Nan Og with one member and two ``hard`` AI seats. For
``seconds``, every member whose turn it is plays (the game's own move for the
seat) after a moment to react (``--react``): their phone, a process of the
bench's own, reads the table from the database file and chooses the move, and
the bot sees only the click. Each move is committed before any hard
seat thinks (bot.ai_moves), and the hard seats' stretches go on in background
tasks, one per table, as ``Changes.continue_ai`` (bot/changes.py) runs them: each slice
through the table service, the search itself in the thinker's worker process.
A ticker task sleeping 1 ms records the event loop's longest stall. Figures:
members' moves answered and their latency (p50, p99, max; target p99 ≤ 50 ms,
and Discord wants an answer within 3 s), hard decisions made, and the longest
stall (target ≤ 50 ms).

Where the members' ~500 ms came from (docs/speed.md): every phone started in the
same instant and clicked as soon as its move was chosen, in threads of the bot's
own process, each reading its table through the bot. A third of the members
(those who open their game) then clicked within the same seconds, and the bot
answered that burst one store trip after another, behind the phones' own reads;
the phones' thinking also held the bot's GIL. ``--react 0 0 --phones thread`` is
that run again.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sqlite3
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from pydantic import SecretStr

from bench.stall_watch import StallWatch, Timed, child_pids
from bot.memory import freeze_startup
from bot.settings import Settings
from bot.store import store_for
from bot.table import TableService
from games.registry import GAMES

GAME = "tirnanog"
TARGET_STALL_MS = 50.0
TARGET_ANSWER_MS = 3000.0  # Discord's limit for answering an interaction
TARGET_MOVE_P99_MS = 50.0
TICK_SECONDS = 0.001
REACT_SECONDS = (1.0, 3.0)  # a member's moment between their turn and their click
# The phones' process runs when the bot's cores are free: members' phones are not
# the bot's machine, and their thinking (~30 s of CPU for the opening's looks at
# 1,000 tables) took the loop's core on a two-core machine.
PHONE_NICE = 19


@dataclass
class HardFigures:
    tables: int
    seconds: float
    answers_ms: list[float] = field(default_factory=list)  # members' moves, service latency
    hard_moves: int = 0
    max_stall_ms: float = 0.0
    max_stall_at: float = 0.0  # seconds into the run
    ticks: int = 0
    attribution: str = ""  # where the stalls and the slowest moves went (--attribute)

    def percentile(self, p: float) -> float:
        ordered = sorted(self.answers_ms)
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0

    @property
    def met(self) -> bool:
        return (
            self.max_stall_ms <= TARGET_STALL_MS
            and self.percentile(0.99) <= TARGET_MOVE_P99_MS
            and max(self.answers_ms, default=0.0) <= TARGET_ANSWER_MS
        )


def phones(kind: str) -> Executor:
    """Where the members' phones choose their moves: a process of the bench's own
    (a member's phone is not the bot's process, and its thinking, up to 0.1 s a
    move, must not take the bot's GIL); ``thread``, the loop's kind of threads
    in the bot's process, as the bench first did."""
    if kind == "thread":
        return ThreadPoolExecutor(thread_name_prefix="phone")
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(1, mp_context=context, initializer=os.nice, initargs=(PHONE_NICE,))


async def hard_run(
    location: str,
    tables: int,
    seconds: float,
    *,
    react: tuple[float, float] = REACT_SECONDS,
    phone_kind: str = "process",
    attribute: bool = False,
) -> HardFigures:
    store = store_for(location)
    await store.open()
    settings = Settings(_env_file=None, discord_token=SecretStr("bench"), database_path=Path(location))
    service = TableService(store, settings, time.time)
    figures = HardFigures(tables, seconds)
    stop = asyncio.Event()
    continuing: dict[int, asyncio.Task[None]] = {}
    moving: set[int] = set()  # the channels whose member's move is being answered
    phone = phones(phone_kind)
    loop = asyncio.get_running_loop()
    clicks = random.Random(tables)
    watch = StallWatch() if attribute else None

    async def ticker() -> None:
        began = last = time.perf_counter()
        while not stop.is_set():
            await asyncio.sleep(TICK_SECONDS)
            if stop.is_set():
                return  # this tick spans the run's end, which is the bench's, not the bot's
            now = time.perf_counter()
            stall = (now - last - TICK_SECONDS) * 1000
            if stall > figures.max_stall_ms:
                figures.max_stall_ms, figures.max_stall_at = stall, last - began
            figures.ticks += 1
            last = now

    async def continue_ai(channel: int) -> None:
        """The AI stretch of one table, a slice at a time (Changes._continue_ai)."""
        while not stop.is_set():
            applied = await service.run_due(channel)
            if applied is None:
                return
            figures.hard_moves += applied.ai_moves
            if not applied.ai_pending:
                return

    def follow(channel: int, pending: bool) -> None:
        if pending and channel not in continuing:
            task = asyncio.create_task(continue_ai(channel))
            continuing[channel] = task
            task.add_done_callback(lambda _: continuing.pop(channel, None))

    async def member(channel: int) -> None:
        """A member who plays as soon as it is their turn. They are told, as the
        channel tells them, when the AI seats' stretch ends; they do not poll
        the table (at 1,000 tables, polling every 50 ms was most of the loop's
        work, and no bot is asked that by Discord). What they see and think
        (the table, the game's normal move for their seat: up to 0.1 s in Tir
        Nan Og) is on their phone, not in the bot: another process, which reads
        the table from the database file (``phone_look``), so that the bench
        holds no table in the bot's memory and adds no trip to its store.
        Then they click, a moment later (``react``): people do not all click
        in the same millisecond."""
        user = channel * 100
        while not stop.is_set():
            if phone_kind == "thread":  # the first bench: the table read through the bot
                found = await service.active(channel)
                if found is None or found[0].state is None:
                    return
                version, text = found[0].version, found[0].state
                ai_seats = {s for s, seat in enumerate(found[1].seats) if seat.ai}
                del found
                turn = await loop.run_in_executor(phone, member_turn, text, ai_seats)
            else:
                looked = await loop.run_in_executor(phone, phone_look, location, channel)
                if looked is None:
                    return
                version, turn = looked
            if turn is None:
                return
            if isinstance(turn, bool):  # not their turn: an AI stretch (True) or a human's deadline
                follow(channel, turn)
                stretch = continuing.get(channel)
                if stretch is None:
                    await asyncio.sleep(0.05)  # a human's deadline, not the AI's: look again
                else:
                    await asyncio.wait([stretch])
                continue
            if react[1] > 0:
                await asyncio.sleep(clicks.uniform(*react))
            if stop.is_set():
                return
            started = time.perf_counter()
            move = watch.begin_move() if watch is not None else None
            moving.add(channel)
            try:
                applied = await service.act(channel, user, turn, version=version)
            finally:
                moving.discard(channel)
            figures.answers_ms.append((time.perf_counter() - started) * 1000)
            if watch is not None and move is not None:
                watch.end_move(move)
            follow(channel, applied.ai_pending)

    try:
        for channel in range(1, tables + 1):
            await service.open_lobby(
                channel, 1, channel * 100, "P0", GAME, seats=3, speed="live", language="en"
            )
            for _ in range(2):
                await service.add_ai(channel, channel * 100, True, "hard")
            applied = await service.start(channel, channel * 100, True)
            follow(channel, applied.ai_pending)
        # The worker process starts once, with the bot, and the phones' before the
        # run: neither is part of what is measured.
        await asyncio.to_thread(service.thinker.pool().submit(int).result)
        await loop.run_in_executor(phone, int)
        freeze_startup()  # as the bot does once it has started (bot.client.setup_hook)
        members = [
            asyncio.create_task(Timed(member(channel)) if watch is not None else member(channel))
            for channel in range(1, tables + 1)
        ]
        # Every phone opens in the same instant, its first look handed to the phones'
        # process: a thousand hand-overs in one round of the loop, the bench's own
        # start (in use, members open their phones over minutes). The run is
        # measured from the round after.
        await asyncio.sleep(0)
        if watch is not None:
            children = child_pids(service.thinker.pool(), "hard-worker")
            watch.start({**children, **child_pids(phone, "phones")}, store)
        ticking = asyncio.create_task(ticker())
        await asyncio.sleep(seconds)
        stop.set()
        if watch is not None:
            await watch.stop()
            figures.attribution = watch.report()
        # Time is up: the moves being answered end first, then the AI searches still
        # queued are dropped, not waited for (at 1,000 tables they are hundreds of
        # seconds of thinking behind one worker). Cancelling a thousand tasks stalls
        # the loop for tens of milliseconds: the bench's own end, measured by neither
        # the ticker nor a move.
        while moving:
            await asyncio.sleep(TICK_SECONDS)
        for task in list(continuing.values()):
            task.cancel()
        await asyncio.gather(ticking, *members, *continuing.values(), return_exceptions=True)
        return figures
    finally:
        stop.set()
        phone.shutdown(wait=False, cancel_futures=True)
        service.thinker.close()
        await store.close()


_screens: dict[str, sqlite3.Connection] = {}


def phone_look(location: str, channel: int) -> tuple[int, dict[str, Any] | bool | None] | None:
    """A member's look at their table, in the phones' process: the table as the
    channel shows it (read from the database file, as a board would show it;
    not one more trip through the bot's one connection: at 1,000 tables the
    phones' reads were a third of its trips) and :func:`member_turn`."""
    screen = _screens.get(location)
    if screen is None:
        screen = _screens[location] = sqlite3.connect(f"file:{location}?mode=ro", uri=True)
    row = screen.execute(
        "SELECT version, table_json, state_json FROM games"
        " WHERE channel_id = ? AND status IN ('lobby', 'playing')",
        (channel,),
    ).fetchone()
    if row is None or row[2] is None:
        return None
    seats = json.loads(row[1])["seats"]
    return int(row[0]), member_turn(row[2], {s for s, seat in enumerate(seats) if seat.get("ai")})


def member_turn(text: str, ai_seats: set[int]) -> dict[str, Any] | bool | None:
    """What the member at seat 0 does, from the table as they see it: their
    move; or, when it is not their turn, whether an AI seat is to act; None
    once the game is over."""
    game = GAMES[GAME]
    state = game.load_state(text)
    decision = game.decision(state)
    if decision is None:
        return None
    if 0 not in decision.actors:
        return any(s in ai_seats for s in decision.actors)
    action: dict[str, Any] = game.ai(0).act(game.view(state, 0), decision).model_dump()
    return action


def report(f: HardFigures) -> str:
    verdict = "PASS" if f.met else "FAIL"
    return (
        f"{GAME}, 1 member + 2 hard, {f.tables} tables, {f.seconds:.0f} s: {len(f.answers_ms)} member moves,"
        f" p50 {f.percentile(0.5):.1f} ms, p99 {f.percentile(0.99):.1f} ms (≤ 50),"
        f" max {max(f.answers_ms, default=0.0):.1f} ms (≤ 3,000);"
        f" {f.hard_moves} hard moves; loop's longest stall {f.max_stall_ms:.1f} ms (≤ 50)"
        f" at {f.max_stall_at:.1f} s  {verdict}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hard_tables", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--react",
        type=float,
        nargs=2,
        default=REACT_SECONDS,
        metavar=("LOW", "HIGH"),
        help="a member's moment before clicking, drawn between LOW and HIGH seconds (0 0: at once)",
    )
    parser.add_argument(
        "--phones",
        choices=("process", "thread"),
        default="process",
        help="where members choose their moves: a process of the bench's own, or threads of the bot's",
    )
    parser.add_argument(
        "--attribute",
        action="store_true",
        help="attribute each loop stall over 20 ms and the slowest moves (bench/stall_watch.py)",
    )
    args = parser.parse_args(argv)
    with TemporaryDirectory(prefix="gm-hard-") as tmp:
        figures = asyncio.run(
            hard_run(
                str(Path(tmp) / "hard.db"),
                args.tables,
                args.seconds,
                react=(args.react[0], args.react[1]),
                phone_kind=args.phones,
                attribute=args.attribute,
            )
        )
    print(report(figures))
    if figures.attribution:
        print(figures.attribution)
    return 0 if figures.met else 1


if __name__ == "__main__":
    sys.exit(main())
