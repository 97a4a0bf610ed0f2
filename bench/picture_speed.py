"""How long does each game's board picture take to draw? ``python -m bench.picture_speed``.

For every game with a picture, one AI game (``--seed``, ``--players``) is played
and the public view of every ``--every``-th state, and of the last, is drawn in
English and Italian as the publisher draws it: with the players' names, and the
final one with the result above it; and, while the game goes on, every seat's panel picture.
The printout: per game, the pictures drawn and their time in ms (p50, p99, max; the
panels' as ``panels``, ``panel_p50``, ``panel_p99``).
A picture is drawn for every board refresh, so its cost is a latency every
player sees. A timing is the machine's as much as the code's: it is measured
here, not asserted in a unit test.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Sequence

from cogs.kit.presenter import Presenter
from cogs.panel import panel_context
from games.registry import GAMES
from tools.preview import NAMES, playthrough, table_for


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.picture_speed", description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=10)
    args = parser.parse_args(argv)
    report: dict[str, dict[str, float]] = {}
    for game_id, game in sorted(GAMES.items()):
        presenter: Presenter = importlib.import_module(f"cogs.{game_id}").PRESENTER
        players = min(max(args.players, game.min_players), game.max_players)
        times: list[float] = []
        panels: list[float] = []
        steps = playthrough(game, players, args.seed)
        names = tuple(NAMES[:players])
        for step in [*steps[:: args.every], steps[-1]]:
            view, outcome = game.view(step.state, None), game.outcome(step.state)
            for language in ("en", "it"):
                started = time.perf_counter()
                png = presenter.board_image(view, language, names=names, outcome=outcome)
                if png is None:
                    break
                times.append((time.perf_counter() - started) * 1000)
                if outcome is not None:
                    continue
                table = table_for(players, language)
                for seat in range(players):
                    ctx = panel_context(game, step.state, 1, 1, table, seat, None, language)
                    started = time.perf_counter()
                    if presenter.panel_image(ctx) is not None:
                        panels.append((time.perf_counter() - started) * 1000)
        if times:
            report[game_id] = {
                "pictures": len(times),
                "p50": round(percentile(times, 0.5), 1),
                "p99": round(percentile(times, 0.99), 1),
                "max": round(max(times), 1),
            }
        if panels:
            report[game_id] |= {
                "panels": len(panels),
                "panel_p50": round(percentile(panels, 0.5), 1),
                "panel_p99": round(percentile(panels, 0.99), 1),
            }
    json.dump(report, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
