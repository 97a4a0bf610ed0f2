"""Where should ``hard`` think? ``python -m bench.ai_thinking`` (``--decisions N``).

The event loop runs a ticker (sleep 1 ms, note how late it woke) while hard
decisions are made off the loop, two ways:

* ``thread``: in a worker thread (``asyncio.to_thread``), as easy and normal do;
* ``process``: through ``bot.thinking.Thinker`` (a spawned worker process), called
  from a worker thread as the table service does.

A thread running Python code holds the GIL except when the interpreter makes it
let go (every ``sys.getswitchinterval()``, 5 ms); the loop must wait for it each
time it wakes. A process shares no GIL. The figures: the ticker's longest stall
and its 99th percentile lateness, and the decisions' wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from bot.model import Seat, TableInfo
from bot.thinking import Thinker, choose, seat_seed
from games.core import Decision
from games.registry import GAMES

TARGET_STALL_MS = 50.0


def positions(game_id: str, count: int) -> list[tuple[Any, Decision, int]]:
    """``count`` positions of normal play where the seat to act has a choice."""
    game = GAMES[game_id]
    out: list[tuple[Any, Decision, int]] = []
    seed = 0
    while len(out) < count:
        state = game.new_game(3, seed, {})
        seed += 1
        while (decision := game.decision(state)) is not None and len(out) < count:
            seat = decision.actors[0]
            view = game.view(state, seat)
            if len(game.legal_actions(state, seat) or []) > 2:
                out.append((view, decision, seat))
            state, _ = game.play(state, seat, game.ai(seat).act(view, decision))
    return out


async def measure(way: str, game_id: str, work: list[tuple[Any, Decision, int]]) -> dict[str, float]:
    game = GAMES[game_id]
    seats = [Seat(name=f"AI {i + 1}", ai=True, level="hard") for i in range(3)]
    table = TableInfo(host_id=1, language="en", speed="live", max_seats=3, seats=seats, seed=1)
    thinker = Thinker(workers=1, cap_seconds=60)
    if way == "process":
        await asyncio.to_thread(thinker.pool().submit(int).result)  # the worker is up before timing
    lateness: list[float] = []
    stop = asyncio.Event()

    async def ticker() -> None:
        while not stop.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            lateness.append((time.perf_counter() - before - 0.001) * 1000)

    def think(view: Any, decision: Decision, seat: int) -> Any:
        if way == "thread":
            return choose(game_id, seat, "hard", seat_seed(table, seat), view, decision)
        return thinker.act(game, table, seat, decision, view)

    task = asyncio.create_task(ticker())
    started = time.perf_counter()
    for view, decision, seat in work:
        await asyncio.to_thread(think, view, decision, seat)
    wall = time.perf_counter() - started
    stop.set()
    await task
    thinker.close()
    ordered = sorted(lateness)
    return {
        "decisions": len(work),
        "wall_s": round(wall, 2),
        "ticks": len(ordered),
        "p99_late_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 2),
        "max_stall_ms": round(ordered[-1], 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_thinking", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tirnanog", choices=sorted(GAMES))
    parser.add_argument("--decisions", type=int, default=12)
    args = parser.parse_args(argv)
    work = positions(args.game, args.decisions)
    report: dict[str, Any] = {"game": args.game, "switch_interval_ms": sys.getswitchinterval() * 1000}
    ok = True
    for way in ("thread", "process"):
        figures = asyncio.run(measure(way, args.game, work))
        figures["target_max_stall_ms"] = TARGET_STALL_MS
        report[way] = figures
        ok = ok and (way == "thread" or figures["max_stall_ms"] <= TARGET_STALL_MS)
    print(json.dumps(report))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
