"""Does a bigger budget make Akelarre's hard play better? ``python -m bench.akelarre_budget``.

An arena run cannot tell: two shares over 100 games differ by ±0.06 on the same
deals from the worlds' luck alone. This judges the decisions themselves. Seat 0
of a team game is played by hard at budget B (``--moves-b``, ``--horizon-b``; the
others are normal); at each of its decisions hard at budget A (``--moves-a``,
``--horizon-a``; the game's budget otherwise) is asked too, and where
the two choose differently both moves are played out to the game's end in the
same ``--judge`` worlds: the true state (every hand and favourite) with the deck
reshuffled, every seat normal. A world's worth is seat 0's share of the win. The
printout: the decisions, those where A and B differed, and the sum over them of
B's worth minus A's (per game, with its standard error, and by decision kind):
what B's different choices won, in games, and by who of the two left the normal
player's move (``by_leaver``). ``--worlds-a 0`` makes A the normal player, so the
printout is what hard's departures from it win; ``--seer-b`` makes B the arena's
seer (hard given every hand and favourite, the deck reshuffled), so the printout
is where the hands hard cannot see change its choices, and what that is worth.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.akelarre.game import GAME
from games.akelarre.state import AkelarreState
from games.arena import SeerPlayer, game_seed
from games.core import Rng
from games.core.budget import Budget
from games.core.search import SearchPlayer, play_out, reward


def judged(move: Any, worlds: list[AkelarreState]) -> list[float]:
    """Seat 0's share of the win in each world, ``move`` played there, then every seat normal.
    The worlds are left as they were (``play`` copies)."""
    out = []
    for world in worlds:
        after, _ = GAME.play(world, 0, move)  # legal in the true state, so in each of its worlds
        end = play_out(GAME, after, [GAME.ai(s) for s in range(world.players)])
        out.append(reward(GAME, end, 0))
    return out


def worlds_of(state: AkelarreState, count: int, rng: random.Random) -> list[AkelarreState]:
    """The true state with the deck reshuffled: what no player can know, and nothing else."""
    out = []
    for _ in range(count):
        deck = list(state.deck)
        rng.shuffle(deck)
        update = {"rng": Rng(seed=rng.getrandbits(48)), "deck": deck}
        out.append(state.model_copy(deep=True, update=update))
    return out


def run(
    budget_a: Budget, budget_b: Budget, games: Sequence[int], judge: int, seer_b: bool = False
) -> dict[str, Any]:
    decisions = 0
    diffs: list[tuple[float, float]] = []  # (mean of B - A over the worlds, its standard error)
    kinds: dict[str, list[float]] = {}  # by decision kind: [count, B - A summed]
    leavers: dict[str, list[float]] = {}  # by who left the normal move: "a", "b" or "both"
    for index in games:
        state = GAME.new_game(4, game_seed(1, index), {"teams": True})
        first = SearchPlayer(GAME, 0, seed=index * 31, budget=budget_a)
        second = (SeerPlayer if seer_b else SearchPlayer)(GAME, 0, seed=index * 31, budget=budget_b)
        normal = [GAME.ai(seat) for seat in range(4)]
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            if seat != 0:
                state, _ = GAME.play(state, seat, normal[seat].act(view, decision))
                continue
            decisions += 1
            if isinstance(second, SeerPlayer):
                second.truth = state
            move_a: Any = first.act(view, decision)
            move_b: Any = second.act(view, decision)
            if move_a != move_b:
                worlds = worlds_of(state, judge, random.Random(index * 1000 + decisions))
                diff = [b - a for a, b in zip(judged(move_a, worlds), judged(move_b, worlds), strict=True)]
                mean = sum(diff) / judge
                spread = math.sqrt(sum((d - mean) ** 2 for d in diff) / (judge - 1))
                diffs.append((mean, spread / math.sqrt(judge)))
                usual = normal[0].act(view, decision)
                leaver = "b" if move_a == usual else "a" if move_b == usual else "both"
                for tallies, key in ((kinds, decision.kind), (leavers, leaver)):
                    tally = tallies.setdefault(key, [0, 0.0])
                    tally[0] += 1
                    tally[1] = round(tally[1] + mean, 4)
            state, _ = GAME.play(state, 0, move_b)
    total = sum(mean for mean, _ in diffs)
    error = math.sqrt(sum(se**2 for _, se in diffs))
    return {
        "a": str(budget_a),
        "b": str(budget_b),
        "games": len(games),
        "judge_worlds": judge,
        "decisions": decisions,
        "differed": len(diffs),
        "b_minus_a_per_game": round(total / len(games), 4),
        "se_per_game": round(error / len(games), 4),
        "by_kind": kinds,
        "by_leaver": leavers,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.akelarre_budget", description=__doc__)
    base = GAME.search_budget
    parser.add_argument("--moves-a", type=int, default=base.moves)
    parser.add_argument("--horizon-a", type=int, default=base.horizon)
    parser.add_argument("--worlds-a", type=int, default=base.worlds, help="0: A is the normal player")
    parser.add_argument("--moves-b", type=int, default=base.moves)
    parser.add_argument("--horizon-b", type=int, default=base.horizon, help="B's horizon")
    parser.add_argument("--seer-b", action="store_true", help="B is the seer (B's budget)")
    parser.add_argument("--games", type=int, default=8, help="team games: seed 1's deals from --first on")
    parser.add_argument("--first", type=int, default=200, help="the first deal (arena runs play 0-199)")
    parser.add_argument("--judge", type=int, default=100, help="worlds judging each pair of moves")
    args = parser.parse_args(argv)
    budget_a = replace(base, moves=args.moves_a, worlds=args.worlds_a, horizon=args.horizon_a)
    budget_b = replace(base, moves=args.moves_b, horizon=args.horizon_b)
    result = run(budget_a, budget_b, range(args.first, args.first + args.games), args.judge, args.seer_b)
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
