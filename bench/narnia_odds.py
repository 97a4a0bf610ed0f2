"""Does Narnia's ⚔️ menu keep the event loop free? ``python -m bench.narnia_odds``.

Red's turn with the longest stacks the 64 + 64 tokens allow (``--tokens``, 35 by default: the
longest stack AI games were seen to build): Red's stack of that many tokens borders the
Witch's of as many, and Red's other territories border the rest of the Witch's: 25 attacks,
more than the ⚔️ menu's 24 options. Token values are shared out as in the bags (NA-3.2).

* ``menu``: the turn panel (the ⚔️ menu with the rest) drawn ``--menus`` times on the loop as
  the bot draws it (``NarniaPresenter.panel``, which reads only known chances): first with no
  chance known (the first drawing of a new position, every chance "…"), then with all known.
  p50 / p99 / max in ms; target p99 <= 20 ms.
* ``answer``: the bot's own path (``cogs.panel.draw_panel``) on a running loop with a 1 ms
  ticker, the odds worked out on the work thread meanwhile: how long the answer took (at
  most ``cogs.kit.drawn.WORK_WAIT`` plus the drawing) and how late the ticker woke over
  ``--watch`` seconds (the thread holds the GIL in turns of 5 ms, as in bench.ai_thinking).
* ``before`` (``--before N``): the old path, every chance worked out while the panel is
  drawn, on the same layout with stacks of N tokens (at 35 it takes minutes).

A timing is this machine's as much as the code's: measured here, not asserted in a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from bot.memory import freeze_startup
from cogs.kit.presenter import PanelContext
from cogs.narnia import PRESENTER
from cogs.narnia import panel as narnia_panel
from cogs.panel import draw_panel, panel_context
from games.narnia import GAME, odds
from games.narnia.ai import Board
from games.narnia.data import NEIGHBOURS
from tests.narnia.narnia_helpers import RED, WITCH, make_state
from tools.preview import table_for

TARGET_P99_MS = 20.0
# Red's territories (the long stack first); their Witch neighbours make 25 attacks.
RED_LAND = ("lantern_waste", "cair_paravel", "stone_table", "dwarf_mines", "chippingford", "frozen_lake")
LONG_TARGET = "beavers_dam"
PETER = {3: 12, 2: 20, 1: 32}  # the bags (NA-3.2)
WITCH_TOKENS = {3: 20, 2: 24, 1: 20}


def share(bag: dict[int, int], sizes: list[int], origin: str) -> list[str]:
    """Stacks of these sizes dealt from the bag, each value in proportion, sorted (NA-4.3.3),
    in the tests' notation ("3P 2P 1P")."""
    left = dict(bag)
    total = sum(bag.values())
    out = []
    for size in sizes:
        counts = {v: min(left[v], round(size * bag[v] / total)) for v in (3, 2, 1)}
        while sum(counts.values()) > size:
            counts[max(counts, key=lambda v: counts[v])] -= 1
        while sum(counts.values()) < size:
            counts[max(left, key=lambda v: left[v] - counts[v])] += 1
        for v in counts:
            left[v] -= counts[v]
        out.append(counts)
    return [" ".join(f"{v}{origin}" for v in (3, 2, 1) for _ in range(c[v])) for c in out]


def position(tokens: int) -> PanelContext:
    red = list(RED_LAND)
    witch = sorted({n for tid in red for n in NEIGHBOURS[tid]} - set(red))
    witch.remove(LONG_TARGET)
    witch.insert(0, LONG_TARGET)
    peter_sizes = [tokens] + [max(1, (64 - tokens) // (len(red) - 1))] * (len(red) - 1)
    witch_sizes = [tokens] + [max(1, (64 - tokens) // (len(witch) - 1))] * (len(witch) - 1)
    board: dict[str, tuple[int | None, str]] = {}
    for tid, text in zip(red, share(PETER, peter_sizes, "P"), strict=True):
        board[tid] = (RED, text)
    for tid, text in zip(witch, share(WITCH_TOKENS, witch_sizes, "W"), strict=True):
        board[tid] = (WITCH, text)
    state = make_state(2, board, rest=1)
    return panel_context(GAME, state, 1, 1, table_for(2, "en"), RED, None, "en")


def percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)

    def pick(fraction: float) -> float:
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    return {"p50": round(pick(0.5), 2), "p99": round(pick(0.99), 2), "max": round(ordered[-1], 2)}


def menu_times(ctx: PanelContext, menus: int, *, known: bool) -> dict[str, Any]:
    """Wall time and the drawing thread's own CPU time (which a loaded machine does not
    stretch), per drawing of the panel."""
    wall, cpu = [], []
    PRESENTER.panel(ctx)  # the words' catalogs and the like load once per process: not timed
    for _ in range(menus):
        if not known:
            odds.forget()
        started, own = time.perf_counter(), time.thread_time()
        PRESENTER.panel(ctx)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - own) * 1000)
    return {"wall": percentiles(wall), "own_cpu": percentiles(cpu)}


async def answer(ctx: PanelContext, watch: float) -> dict[str, Any]:
    odds.forget()
    late: list[float] = []
    stop = asyncio.Event()

    async def tick() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            await asyncio.sleep(0.001)
            late.append((time.perf_counter() - started) * 1000 - 1)

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0.05)
    started = time.perf_counter()
    await draw_panel(PRESENTER, ctx)
    answered = (time.perf_counter() - started) * 1000
    await asyncio.sleep(watch)
    stop.set()
    await ticker
    board = Board(ctx.view)  # type: ignore[arg-type]
    pairs = {(board.dice(s), board.dice(t)) for _, s, t in board.attacks()}
    known = sum(odds.known(*p) is not None for p in pairs)
    again = time.perf_counter()  # the same answer once the work is done (or with what is known)
    await draw_panel(PRESENTER, ctx)
    return {
        "answer_ms": round(answered, 1),
        "ticker_late_ms": percentiles(late),
        "known_after_watch": f"{known} of {len(pairs)}",
        "answer_again_ms": round((time.perf_counter() - again) * 1000, 1),
    }


def before(tokens: int) -> dict[str, float]:
    """The old path: the panel drawn with every chance worked out on the spot."""
    ctx = position(tokens)
    odds.forget()
    started = time.perf_counter()
    narnia_panel.panel(ctx)
    return {"tokens": tokens, "menu_ms": round((time.perf_counter() - started) * 1000, 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.narnia_odds", description=__doc__)
    parser.add_argument("--tokens", type=int, default=35)
    parser.add_argument("--menus", type=int, default=200)
    parser.add_argument("--watch", type=float, default=5.0)
    parser.add_argument("--before", type=int, action="append", default=[], metavar="TOKENS")
    args = parser.parse_args(argv)
    ctx = position(args.tokens)
    PRESENTER.panel(ctx)  # imports and catalogs loaded, as in a bot that has started
    freeze_startup()  # as the bot does once started (bot.client.setup_hook)
    board = Board(ctx.view)  # type: ignore[arg-type]
    attacks = board.attacks()
    longest = max(len(board.dice(s)) for _, s, _ in attacks), max(len(board.dice(t)) for _, _, t in attacks)
    report: dict[str, Any] = {"tokens": args.tokens, "attacks": len(attacks), "longest": longest}
    report["menu_nothing_known_ms"] = menu_times(ctx, args.menus, known=False)
    report["answer"] = asyncio.run(answer(ctx, args.watch))
    for _, source, target in attacks:  # every chance known, as after the work (or its wait)
        if len(board.dice(source)) * len(board.dice(target)) <= 400:
            odds.conquest(board.dice(source), board.dice(target))
    report["menu_known_ms"] = menu_times(ctx, args.menus, known=True)
    pending = sum(isinstance(c, odds.Pending) for c, _, _ in _known_attacks(board))
    report["menu_known_pending"] = pending  # any battle too long to work out here stays "…"
    report["target_p99_ms"] = TARGET_P99_MS
    report["met"] = (
        max(report["menu_nothing_known_ms"]["p99"], report["menu_known_ms"]["p99"]) <= TARGET_P99_MS
    )
    report["before"] = [before(tokens) for tokens in args.before]
    json.dump(report, sys.stdout)
    print()
    return 0


def _known_attacks(board: Board) -> list[tuple[float, str, str]]:
    with odds.known_only():
        return board.attacks()


if __name__ == "__main__":
    raise SystemExit(main())
