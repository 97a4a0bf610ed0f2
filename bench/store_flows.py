"""SimCord flows on each store: ``python -m bench.store_flows`` (``--game G``, ``--turns N``, ``--runs R``).

The same seeded game as ``bench.channel`` (scripted members, no AI seats, every
move through their panels in SimCord against the real bot), played on SQLite
and then on PostgreSQL (a throwaway server with the test suite's settings,
``tests/postgres_server.py``: the flows the suite runs on both stores), the two
in turn ``--runs`` times so that both see the same load. Per store: the wall
time of each run and the store's round trips (a statement sent to the server,
or a hop to SQLite's database thread), in all and per published notice. The
target: PostgreSQL within 1.2× of SQLite's time (the median of the runs).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import simcord
from pydantic import SecretStr

import bench.channel as channel
from bot.outbox import Notice, Outbox
from games.registry import GAMES

TARGET_RATIO = 1.2
SETTLE_SECONDS = 20.0
ASYNCPG_CALLS = ("execute", "executemany", "fetch", "fetchrow", "fetchval")


@contextmanager
def counted() -> Iterator[dict[str, int]]:
    """Count the store's round trips while the block runs: asyncpg's statements
    (a transaction's BEGIN and COMMIT included) and aiosqlite's thread hops."""
    counts = {"trips": 0}
    patched: list[tuple[type, str, Any]] = []

    def wrap(cls: type, name: str) -> None:
        original = getattr(cls, name)

        @functools.wraps(original)
        async def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            counts["trips"] += 1
            return await original(self, *args, **kwargs)

        patched.append((cls, name, original))
        setattr(cls, name, call)

    for name in ASYNCPG_CALLS:
        wrap(asyncpg.Connection, name)
    wrap(aiosqlite.Connection, "_execute")
    try:
        yield counts
    finally:
        for cls, name, original in reversed(patched):
            setattr(cls, name, original)


@contextmanager
def on_store(url: str | None) -> Iterator[None]:
    """bench.channel's bot on ``url`` (PostgreSQL), or on its own SQLite file."""
    plain: Callable[[Path], Any] = channel.settings
    run = simcord.run
    if url is not None:
        update = {"database_url": SecretStr(url)}
        channel.settings = lambda folder: plain(folder).model_copy(update=update)
    # The test suite's settling (SimCord's default): bench.channel's long one lets
    # SimCord's clock run on past asyncpg's own timers, and the bot never settles.
    simcord.run = lambda client, **options: run(client, **{**options, "settle_timeout": SETTLE_SECONDS})  # type: ignore[misc,assignment]
    try:
        yield
    finally:
        channel.settings = plain  # type: ignore[assignment]
        simcord.run = run  # type: ignore[misc]


async def one_run(game: str, turns: int, url: str | None) -> dict[str, Any]:
    notices = {"published": 0}
    done = Outbox.done

    async def counting(self: Outbox, notice: Notice, now: float) -> bool:
        notices["published"] += 1
        return await done(self, notice, now)

    Outbox.done = counting  # type: ignore[method-assign]
    try:
        with on_store(url), counted() as counts:
            started = time.perf_counter()
            await channel.run_game(game, turns=turns, language="en", seed=1)
            seconds = time.perf_counter() - started
    finally:
        Outbox.done = done  # type: ignore[method-assign]
    published = max(1, notices["published"])
    return {
        "seconds": round(seconds, 2),
        "trips": counts["trips"],
        "notices": notices["published"],
        "trips_per_notice": round(counts["trips"] / published, 1),
    }


async def bench(games: list[str], turns: int, runs: int) -> dict[str, Any]:
    from tests.postgres_server import PostgresServer, find_bindir

    missing = PostgresServer.available()
    bindir = find_bindir()
    if missing is not None or bindir is None:
        raise SystemExit(f"PostgreSQL: {missing}")
    server = PostgresServer(bindir).start()
    out: dict[str, Any] = {}
    try:
        # A first game warms up what every later one shares (imports, fonts, caches).
        await one_run(games[0], 2, None)
        for game in games:
            figures: dict[str, list[dict[str, Any]]] = {"sqlite": [], "postgresql": []}
            for _ in range(runs):
                figures["sqlite"].append(await one_run(game, turns, None))
                url = await server.new_database()
                try:
                    figures["postgresql"].append(await one_run(game, turns, url))
                finally:
                    await server.drop_database(url)
            median = {k: statistics.median(r["seconds"] for r in v) for k, v in figures.items()}
            ratio = median["postgresql"] / median["sqlite"]
            out[game] = {
                **figures,
                "ratio": round(ratio, 2),
                "met": ratio <= TARGET_RATIO,
            }
    finally:
        server.stop()
    return out


def report(figures: dict[str, Any]) -> str:
    lines = []
    for game, f in figures.items():
        sq, pg = f["sqlite"], f["postgresql"]
        lines.append(
            f"{game}: SQLite {' / '.join(str(r['seconds']) for r in sq)} s,"
            f" {sq[0]['trips']} trips ({sq[0]['trips_per_notice']} a notice);"
            f" PostgreSQL {' / '.join(str(r['seconds']) for r in pg)} s,"
            f" {pg[0]['trips']} trips ({pg[0]['trips_per_notice']} a notice);"
            f" ratio {f['ratio']} (≤ {TARGET_RATIO})  {'PASS' if f['met'] else 'FAIL'}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.store_flows", description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: every game)")
    parser.add_argument("--turns", type=int, default=20, help="turns played per game (default 20)")
    parser.add_argument("--runs", type=int, default=3, help="runs on each store, in turn (default 3)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    games = [args.game] if args.game else sorted(GAMES)
    figures = asyncio.run(bench(games, args.turns, args.runs))
    print(json.dumps(figures) if args.json else report(figures))
    return 0 if all(f["met"] for f in figures.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
