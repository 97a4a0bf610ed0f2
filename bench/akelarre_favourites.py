"""How well does what a seat lets show tell its Akelarre favourite?

``python -m bench.akelarre_favourites`` (``--games N``, ``--seed S``) plays team
games of four ``normal`` seats and, at the start of every fourth of seat 0's
turns, notes for each other seat and each family seat 0 does not hold as its
favourite: the naturals of that family in the groups on the seat's meeting
places, in its point pile and among the cards it took face up from a discard pile
(AK-8.6). It fits, by likelihood, the log-odds each such card adds to the family
being the seat's favourite, and prints the average log-likelihood of the true
favourite under a blind guess, under the weights ``games.akelarre.world`` ships
(``GROUPED``, ``CAPTURED``, ``TAKEN``) and under the grid's best, by game stage.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Sequence

from games.akelarre.data import FAMILIES, family_of, is_joker
from games.akelarre.state import AkelarreState
from games.akelarre.world import CAPTURED, GROUPED, TAKEN
from games.registry import GAMES

Features = tuple[int, int, int]  # grouped, captured, taken
Row = tuple[int, str, dict[str, Features]]  # turn, true favourite, features by candidate family


def features(state: AkelarreState, seat: int, family: str) -> Features:
    def naturals(cards: Sequence[str]) -> int:
        return sum(1 for card in cards if not is_joker(card) and family_of(card) == family)

    grouped = naturals([c.card for place in state.places if place.owner == seat for c in place.group])
    return grouped, naturals(state.points[seat]), naturals(state.shown_in_hand(seat))


def collect(games: int, seed: int) -> list[Row]:
    game = GAMES["akelarre"]
    rows: list[Row] = []
    for index in range(games):
        state: AkelarreState = game.new_game(4, seed * 1_000_003 + index, {"teams": True})
        players = [game.ai(seat) for seat in range(4)]
        while (decision := game.decision(state)) is not None:
            seat = decision.actors[0]
            if seat == 0 and state.step == "play" and not state.moved and state.turn % 4 == 1:
                rest = [f for f in FAMILIES if f != state.favourites[0]]
                for other in (1, 2, 3):
                    rows.append(
                        (state.turn, state.favourites[other], {f: features(state, other, f) for f in rest})
                    )
            state, _ = game.play(state, seat, players[seat].act(game.view(state, seat), decision))
    return rows


def likelihood(rows: Sequence[Row], weights: Sequence[float]) -> float:
    """The average log-likelihood of the true favourites."""
    total = 0.0
    for _turn, favourite, table in rows:
        score = {f: sum(w * x for w, x in zip(weights, table[f], strict=True)) for f in table}
        top = max(score.values())
        total += score[favourite] - top - math.log(sum(math.exp(s - top) for s in score.values()))
    return total / len(rows)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rows = collect(args.games, args.seed)
    grid = [0.0, 0.2, 0.3, 0.4, 0.6, 0.8, 1.0, 1.2, 1.5]
    best = max(itertools.product(grid, repeat=3), key=lambda w: likelihood(rows, w))
    shipped = (GROUPED, CAPTURED, TAKEN)
    stages = {}
    for low, high in ((1, 20), (21, 40), (41, 60), (61, 10_000)):
        part = [row for row in rows if low <= row[0] <= high]
        if part:
            stages[f"turns {low}-{high}"] = {
                "rows": len(part),
                "blind": round(likelihood(part, (0, 0, 0)), 3),
                "shipped": round(likelihood(part, shipped), 3),
            }
    report = {
        "games": args.games,
        "rows": len(rows),
        "blind": round(likelihood(rows, (0, 0, 0)), 3),
        "shipped": {"weights": shipped, "loglik": round(likelihood(rows, shipped), 3)},
        "best": {"weights": best, "loglik": round(likelihood(rows, best), 3)},
        "by_stage": stages,
    }
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
