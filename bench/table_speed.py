"""How fast is a table? ``python -m bench.table_speed`` (``--quick`` for a smoke run).

One process, one run, side by side, on SQLite (the default), on PostgreSQL
(``--backend postgresql``) or on both (``--backend both``):

* the raw commit rate of the store's own change done by hand (BEGIN, the games
  row UPDATE with its version check, one actions INSERT, COMMIT): plain
  aiosqlite on a temp file (WAL, synchronous=NORMAL), or plain asyncpg on one
  connection to the same server as the service's store;
* ``TableService.act`` with a real store (no Discord) with 1, 100 and 1,000 live
  tables of each game: acts per second and p50/p99 latency per act;
* the longest event-loop stall while AI seats play (a 10-player Talismani table of
  AI seats, a Narnia table with three AI seats), seen by a ticker task;
* the memory a loaded table costs (tracemalloc).

Each figure is printed next to its target with PASS/FAIL. Moves are chosen by the
games' own AI for the seat to act, outside the timed section.

PostgreSQL: ``--database-url`` names a database to work in (the bench makes its
own ``gm_bench_*`` schemas there and drops them); without it the bench starts a
throwaway server with PostgreSQL's default settings (fsync=on,
synchronous_commit=on: every commit waits for the disk, as in a deployment) and
stops it at the end. The server's settings that matter are printed with the figures.
The backends and their raw commits are in bench/table_backends.py.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import platform
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from bench.hard_tables import HardFigures, hard_run
from bench.hard_tables import report as hard_report
from bench.table_backends import Backend, SqliteBackend, open_backend
from bot.settings import Settings
from bot.store import POSTGRES_SCHEMES, store_for
from bot.table import TableService
from games.core import GameState
from games.registry import GAMES

PLAYERS = 4  # every game takes 4 (Talismani up to 10, Mag Mor up to 5)
TARGET_RATIO = 0.5  # acts/s ≥ 50 % of the raw commit rate
TARGET_P99_MS = 10.0  # at 1,000 tables
TARGET_STALL_MS = 50.0
TARGET_TABLE_KB = 100.0
TICK_SECONDS = 0.001
BACKENDS = ("sqlite", "postgresql")


@dataclass
class Live:
    """A table as the bench's players see it: whose seat is whose, the last state."""

    channel: int
    users: list[int | None]
    state: GameState
    version: int


@dataclass
class ServiceFigures:
    game: str
    tables: int
    acts: int
    seconds: float
    latencies: list[float]
    raw: float = 0.0  # the raw commit rate measured between these acts

    @property
    def rate(self) -> float:
        return self.acts / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


@dataclass
class StallFigures:
    name: str
    ai_moves: int
    seconds: float
    ticks: int
    max_gap_ms: float


@dataclass
class Report:
    """One backend's figures, and the words that say what they were measured on."""

    title: str = ""
    raw_heading: str = ""
    service_heading: str = ""
    server: list[str] = field(default_factory=list)  # PostgreSQL: its settings that matter
    load: tuple[float, float] = (0.0, 0.0)  # the 1-minute load average before and after (shared cores)
    service: list[ServiceFigures] = field(default_factory=list)
    stalls: list[StallFigures] = field(default_factory=list)
    memory_kb: dict[str, float] = field(default_factory=dict)
    hard: HardFigures | None = None  # hard AI seats at many tables (SQLite only: bench/hard_tables.py)


def settings(location: str) -> Settings:
    where: dict[str, Any] = (
        {"database_url": location}
        if location.startswith(POSTGRES_SCHEMES)
        else {"database_path": Path(location)}
    )
    return Settings(_env_file=None, discord_token=SecretStr("bench"), **where)


async def open_service(location: str) -> TableService:
    store = store_for(location)
    await store.open()
    return TableService(store, settings(location), time.time)


async def start_table(service: TableService, game_id: str, channel: int, players: int, ai: int = 0) -> Live:
    """Open, fill and start a table: the host is seat 0, ``ai`` AI seats at the end."""
    host = channel * 100
    await service.open_lobby(
        channel, 1, host, "P0", game_id, seats=players, speed="live", language="en", options={}
    )
    for k in range(1, players - ai):
        await service.join(channel, host + k, f"P{k}")
    for _ in range(ai):
        await service.add_ai(channel, host, True)
    applied = await service.start(channel, host, True)
    assert applied.state is not None
    users = [None if seat.ai else seat.user_id for seat in applied.table.seats]
    return Live(channel, users, applied.state, applied.row.version)


def next_move(live: Live) -> tuple[int, dict[str, Any]]:
    """The seat to act and its move (the game's AI for that seat, from its own view)."""
    game = GAMES[live.state.game]
    decision = game.decision(live.state)
    assert decision is not None
    seat = next(s for s in decision.actors if live.users[s] is not None)
    action = game.ai(seat).act(game.view(live.state, seat), decision)
    user = live.users[seat]
    assert user is not None
    return user, action.model_dump()


async def service_run(
    backend: Backend, game_id: str, tables: int, acts: int, raw_commits: int
) -> tuple[ServiceFigures, float]:
    """The service's acts at ``tables`` live tables, and the raw commit rate
    measured in ten slices between them."""
    here = await backend.location(f"{game_id}-{tables}")
    there = await backend.location(f"raw-{game_id}-{tables}")
    service = await open_service(here)
    raw = backend.raw_commits(there)
    try:
        lives = [await start_table(service, game_id, channel, PLAYERS) for channel in range(1, tables + 1)]
        await raw.open(service.store)
        rng = random.Random(tables)
        order: list[int] = []
        latencies: list[float] = []
        slices = 10
        for i in range(acts):
            if i % max(1, acts // slices) == 0:
                await raw.sample(service.store)  # not timed
                await raw.run(max(1, raw_commits // slices))
            if not order:  # every table acts once per pass, in a shuffled order
                order = list(range(tables))
                rng.shuffle(order)
            index = order.pop()
            live = lives[index]
            user, action = next_move(live)
            started = time.perf_counter()
            applied = await service.act(live.channel, user, action, version=live.version)
            latencies.append(time.perf_counter() - started)
            if applied.finished:
                lives[index] = await start_table(service, game_id, live.channel, PLAYERS)
            else:
                assert applied.state is not None
                live.state, live.version = applied.state, applied.row.version
        return ServiceFigures(game_id, tables, acts, sum(latencies), latencies), raw.rate
    finally:
        await raw.close()
        await service.store.close()
        await backend.discard(here)
        await backend.discard(there)


async def stall_run(backend: Backend, name: str, game_id: str, players: int, human_acts: int) -> StallFigures:
    """A table of one human and AI seats: the human plays a few moves (the AI seats
    answer), then leaves, and the AI seats play the game to its end. A ticker task
    sleeping 1 ms records the longest gap between two of its wake-ups."""
    location = await backend.location(f"stall-{game_id}")
    service = await open_service(location)
    ticks = 0
    max_gap = 0.0
    stop = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks, max_gap
        last = time.perf_counter()
        while not stop.is_set():
            await asyncio.sleep(TICK_SECONDS)
            now = time.perf_counter()
            max_gap = max(max_gap, now - last - TICK_SECONDS)
            last = now
            ticks += 1

    task = asyncio.create_task(ticker())
    await asyncio.sleep(TICK_SECONDS * 3)
    started = time.perf_counter()
    try:
        live = await start_table(service, game_id, 1, players, ai=players - 1)
        finished = False
        for _ in range(human_acts):
            user, action = next_move(live)
            applied = await service.act(live.channel, user, action, version=live.version)
            if applied.finished:
                finished = True
                break
            assert applied.state is not None
            live.state, live.version = applied.state, applied.row.version
        if not finished:
            await service.leave_game(live.channel, live.channel * 100)
        seconds = time.perf_counter() - started
        stop.set()
        await task
        row = await service.store.latest(live.channel)
        assert row is not None
        moves = sum(1 for a in await service.store.actions(row.id) if a.source == "ai")
        return StallFigures(name, moves, seconds, ticks, max_gap * 1000)
    finally:
        stop.set()
        await service.store.close()
        await backend.discard(location)


async def memory_run(backend: Backend, game_id: str, tables: int) -> float:
    """KB a loaded table costs: the row, its table info and its parsed state, as the
    service holds them for an act (tracemalloc, averaged over ``tables`` tables)."""
    location = await backend.location(f"memory-{game_id}")
    service = await open_service(location)
    try:
        for channel in range(1, tables + 1):
            await start_table(service, game_id, channel, PLAYERS)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        loaded: list[Any] = []
        for channel in range(1, tables + 1):
            found = await service.active(channel)
            assert found is not None
            row, info = found
            loaded.append((row, info, service.state_of(row)))
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return (after - before) / tables / 1024
    finally:
        await service.store.close()
        await backend.discard(location)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def print_backend(report: Report, out: Any) -> bool:
    """Print one backend's sections with their targets; True when every target is met."""
    ok = True
    by_game: dict[str, list[ServiceFigures]] = {}
    for figures in report.service:
        by_game.setdefault(figures.game, []).append(figures)
    largest = max((f.tables for f in report.service), default=0)

    before, after = report.load
    print(f"\n=== {report.title}; load average {before:.2f} before, {after:.2f} after", file=out)
    if report.server:
        print("== PostgreSQL server", file=out)
        for line in report.server:
            print(f"   {line}", file=out)

    print(f"== {report.raw_heading}", file=out)
    print("   measured in slices between each run's acts, with that run's rows and log", file=out)
    for game_id, runs in by_game.items():
        rates = ", ".join(f"{f.raw:.0f}/s (beside {f.tables} tables)" for f in runs)
        print(f"{game_id:<10} {rates}", file=out)

    print(f"\n== {report.service_heading}", file=out)
    head = f"{'game':<10} {'tables':>6} {'acts':>6} {'acts/s':>8} {'raw/s':>8} {'ratio':>6}"
    print(f"{head} {'p50 ms':>7} {'p99 ms':>7}  target (ratio ≥ 50 %, p99 ≤ 10 ms at 1,000)", file=out)
    for game_id, runs in by_game.items():
        for f in runs:
            raw = f.raw
            ratio = f.rate / raw if raw else 0.0
            checks = [ratio >= TARGET_RATIO]
            if f.tables == largest:
                checks.append(f.percentile(0.99) <= TARGET_P99_MS)
            ok &= all(checks)
            print(
                f"{game_id:<10} {f.tables:>6} {f.acts:>6} {f.rate:>8.0f} {raw:>8.0f} {ratio:>6.0%}"
                f" {f.percentile(0.5):>7.2f} {f.percentile(0.99):>7.2f}  {verdict(all(checks))}",
                file=out,
            )

    print("\n== Event-loop stall during AI turns (a ticker sleeping 1 ms)", file=out)
    head = f"{'table':<36} {'AI moves':>8} {'seconds':>8} {'ticks':>6} {'max stall ms':>12}"
    print(f"{head}  target ≤ 50 ms", file=out)
    for s in report.stalls:
        good = s.max_gap_ms <= TARGET_STALL_MS
        ok &= good
        print(
            f"{s.name:<36} {s.ai_moves:>8} {s.seconds:>8.2f} {s.ticks:>6} {s.max_gap_ms:>12.1f}"
            f"  {verdict(good)}",
            file=out,
        )

    print("\n== Memory per loaded table (row + table info + parsed state, tracemalloc)", file=out)
    print(f"{'game':<10} {'KB':>8}  target ≤ 100 KB", file=out)
    for game_id, kb in report.memory_kb.items():
        good = kb <= TARGET_TABLE_KB
        ok &= good
        print(f"{game_id:<10} {kb:>8.1f}  {verdict(good)}", file=out)
    if report.hard is not None:
        print(
            "\n== Hard AI seats at many tables (members' moves answered; the loop's longest stall)", file=out
        )
        print(hard_report(report.hard), file=out)
        ok &= report.hard.met
    return ok


def print_report(reports: Sequence[Report], out: Any) -> bool:
    """Print every backend's sections, then the verdict; True when every target is met."""
    ok = True
    for report in reports:
        ok &= print_backend(report, out)
    print(f"\n== Result: {'every target met' if ok else 'some targets missed'}", file=out)
    return ok


async def run_backend(backend: Backend, args: argparse.Namespace, games: Sequence[str]) -> Report:
    report = Report(backend.title, backend.raw_heading, backend.service_heading, await backend.describe())
    load = os.getloadavg()[0]
    for game_id in games:
        for tables in args.tables:
            acts = max(args.acts, 2 * tables)
            figures, raw = await service_run(backend, game_id, tables, acts, args.raw_commits)
            figures.raw = raw
            report.service.append(figures)
        report.memory_kb[game_id] = await memory_run(backend, game_id, args.memory_tables)
    report.stalls.append(
        await stall_run(backend, "talismani, 10 seats (9 AI, then 10)", "talismani", 10, args.human_acts)
    )
    report.stalls.append(
        await stall_run(backend, "narnia, 4 seats (3 AI, then 4)", "narnia", 4, args.human_acts)
    )
    if isinstance(backend, SqliteBackend) and args.hard_tables:
        location = await backend.location("hard")
        report.hard = await hard_run(location, args.hard_tables, args.hard_seconds)
        await backend.discard(location)
    report.load = (load, os.getloadavg()[0])
    return report


async def run(args: argparse.Namespace, out: Any) -> list[Report]:
    games = args.game or sorted(GAMES)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {platform.system()},"
        f" {len(os.sched_getaffinity(0))} cores; tables {args.tables}",
        file=out,
    )
    reports = []
    with tempfile.TemporaryDirectory(prefix="gm-bench-") as tmp:
        for name in BACKENDS if args.backend == "both" else (args.backend,):
            async with open_backend(name, args.database_url, Path(tmp)) as backend:
                reports.append(await run_backend(backend, args, games))
    return reports


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.table_speed", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny numbers: a smoke run, not a measurement")
    parser.add_argument("--backend", choices=[*BACKENDS, "both"], default="sqlite")
    parser.add_argument(
        "--database-url",
        help="PostgreSQL: a database to work in (the bench makes and drops gm_bench_* schemas);"
        " without it, a throwaway server with PostgreSQL's defaults",
    )
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--tables", type=lambda s: [int(n) for n in s.split(",")], default=[1, 100, 1000])
    parser.add_argument("--acts", type=int, default=600, help="acts per run (at least 2 per table)")
    parser.add_argument("--raw-commits", type=int, default=3000)
    parser.add_argument("--memory-tables", type=int, default=200)
    parser.add_argument("--human-acts", type=int, default=20, help="human moves before the AI plays on")
    parser.add_argument("--hard-tables", type=int, default=1000, help="tables with hard AI seats (0: skip)")
    parser.add_argument("--hard-seconds", type=float, default=60.0, help="how long members play beside them")
    args = parser.parse_args(argv)
    if args.database_url is not None and not args.database_url.startswith(POSTGRES_SCHEMES):
        parser.error("--database-url must be a postgresql:// URL")
    if args.database_url is not None and args.backend == "sqlite":
        parser.error("--database-url is for --backend postgresql or both")
    if args.quick:
        args.tables, args.acts, args.raw_commits, args.memory_tables, args.human_acts = [1, 3], 6, 50, 3, 2
        args.hard_tables, args.hard_seconds = 3, 3.0
    return args


def main(argv: Sequence[str] | None = None, out: Any = None) -> int:
    out = out or sys.stdout
    args = parse(argv)
    reports = asyncio.run(run(args, out))
    ok = print_report(reports, out)
    return 0 if ok or args.quick else 1


if __name__ == "__main__":
    sys.exit(main())
