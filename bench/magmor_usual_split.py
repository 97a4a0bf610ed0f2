"""How often Mag Mor's leader's panel lacks the ⭐ usual split.

    python -m bench.magmor_usual_split [games]

Plays ``games`` games between normal AIs (3 to 5 players, seeds 1000 on) and, at
every split of the found cards, asks the ready-made splits
(``games.magmor.presets.split_presets``) whether the AI's own is among them.
Before the split was always offered: 72.6 % of 2,000 split states of 200 games; after: 0 %."""

from __future__ import annotations

import sys
import time

from games.magmor import GAME
from games.magmor.presets import split_presets


def main(games: int) -> None:
    states = missing = 0
    started = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(3 + seed % 3, 1000 + seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            if decision.kind == "magmor.split":
                states += 1
                missing += not any(p.usual for p in split_presets(view))
            state, _ = GAME.play(state, seat, GAME.ai(seat).act(view, decision))
    share = 100 * missing / max(states, 1)
    took = time.perf_counter() - started
    print(f"{games} games, {states} split states: the usual split missing in {missing} ({share:.1f} %)")
    print(f"{took:.0f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
