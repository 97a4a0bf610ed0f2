"""How close do hard's Akelarre worlds come to the true hands? ``python -m bench.akelarre_threat``.

Normal team games (``--games``, from ``--seed``); at every fourth play decision of
seat 0, ``--worlds`` worlds are drawn from its view with the seats' Phase A ends
(``SeatView.phase_end``) and as many without them (the hands drawn freely). For
each other seat the printout gives, per decision, the mean number of cards its
drawn hand shares with its true hand, and the share of seats whose hand could
capture at once on the table as it stands (a placement from the hand completing a
group), drawn and true: what the inference from the Phase A ends changes in what
hard believes of the others.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from games.akelarre import defaults
from games.akelarre.ai import AkelarreAI, size_after
from games.akelarre.data import COMPLETE
from games.akelarre.game import GAME
from games.akelarre.moves import Table, placements
from games.akelarre.state import AkelarreState
from games.akelarre.views import AkelarreView
from games.akelarre.world import sample_world


def can_capture(state: AkelarreState, seat: int) -> bool:
    """Whether ``seat``'s hand completes a group on the table as it stands."""
    view = GAME.view(state, seat)
    spots = defaults.table_of(view, state.hands[seat]).spots
    table = Table(hand=tuple(state.hands[seat]), spots=spots, held=None)
    return any(size_after(table, move) == COMPLETE for move in placements(table))


def blind(view: AkelarreView) -> AkelarreView:
    """``view`` without the seats' Phase A ends."""
    return view.model_copy(update={"seats": [s.model_copy(update={"phase_end": None}) for s in view.seats]})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.akelarre_threat", description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--worlds", type=int, default=10)
    args = parser.parse_args(argv)
    shared = {"with": 0.0, "without": 0.0}
    capture = {"with": 0.0, "without": 0.0, "truth": 0.0}
    decisions = 0
    for game in range(args.games):
        state = GAME.new_game(4, args.seed + game, {"teams": True})
        players = [AkelarreAI(seat) for seat in range(4)]
        asked = 0
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            if seat == 0 and decision.kind == "akelarre.play":
                if asked % 4 == 0:
                    rng = random.Random(asked * 7 + game)
                    for label, seen in (("with", view), ("without", blind(view))):
                        for _ in range(args.worlds):
                            world = sample_world(seen, rng)
                            for other in (1, 2, 3):
                                common = set(world.hands[other]) & set(state.hands[other])
                                shared[label] += len(common) / (3 * args.worlds)
                                capture[label] += can_capture(world, other) / (3 * args.worlds)
                    capture["truth"] += sum(can_capture(state, other) for other in (1, 2, 3)) / 3
                    decisions += 1
                asked += 1
            state, _ = GAME.play(state, seat, players[seat].act(view, decision))
    json.dump(
        {
            "decisions": decisions,
            "cards_shared_with_the_true_hand": {k: round(v / decisions, 3) for k, v in shared.items()},
            "seats_able_to_capture": {k: round(v / decisions, 3) for k, v in capture.items()},
        },
        sys.stdout,
    )
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
