"""What do Akelarre's whole moves cost a panel? ``python -m bench.akelarre_whole_moves``.

AI games (2, 3 and 4 players, ``--games`` deals each) are played out, and at every
Phase A decision the actor's panel is drawn: the whole-move select alone (the AI's
ranking of its opens and adds, matched to the legal actions, written as options;
``cogs/akelarre/whole.py``) and the whole panel (embed and controls, no picture). The
printout: the panels drawn and both times in ms (p50, p95, max), after a warm-up. The
select is drawn at every panel draw of a Phase A, so its cost is a latency every
player sees; a timing is the machine's as much as the code's: measured here, not
asserted in a unit test.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

from bench.picture_speed import percentile
from cogs.akelarre import PRESENTER
from cogs.akelarre.whole import whole_select
from cogs.panel import panel_context
from games.akelarre import GAME
from games.akelarre.views import AkelarreView
from tools.preview import table_for


def contexts(games: int) -> list[Any]:
    out = []
    for players in (2, 3, 4):
        for seed in range(games):
            state = GAME.new_game(players, seed, {})
            table = table_for(players, "en")
            while (decision := GAME.decision(state)) is not None:
                seat = decision.actors[0]
                if state.step == "play":
                    out.append(panel_context(GAME, state, 1, 7, table, seat, None, "en"))
                action = GAME.ai(seat).act(GAME.view(state, seat), decision)
                state, _ = GAME.play(state, seat, action)
    return out


def akelarre_view(ctx: Any) -> AkelarreView:
    assert isinstance(ctx.view, AkelarreView)
    return ctx.view


def timed(ctx: Any, draw: Any) -> float:
    start = time.perf_counter()
    draw(ctx)
    return (time.perf_counter() - start) * 1000


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.akelarre_whole_moves", description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args(argv)
    ctxs = contexts(args.games)
    draws = {
        "whole_move_select": lambda ctx: whole_select(ctx, akelarre_view(ctx), 1),
        "panel": PRESENTER.panel,
    }
    report: dict[str, Any] = {"panels": len(ctxs)}
    for name, draw in draws.items():
        for ctx in ctxs[:50]:  # the catalogs and caches, loaded once in a running bot
            draw(ctx)
        times = [timed(ctx, draw) for ctx in ctxs]
        report[name] = {
            "p50_ms": round(percentile(times, 0.5), 3),
            "p95_ms": round(percentile(times, 0.95), 3),
            "max_ms": round(max(times), 3),
        }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
