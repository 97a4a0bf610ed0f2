"""Setting up a game (MM-3) and running turn 1 up to its split (MM-3.9, R21)."""

from __future__ import annotations

from typing import Any

from games.core import Rng, RuleError
from games.magmor import grid, turn
from games.magmor.data import CARDS, DATA, OBJECTIVES, PILE_SIZE, RESOURCES
from games.magmor.state import MagmorState, empty_bundle


def first_leader_option(options: dict[str, Any], players: int) -> int | None:
    value = options.get("first_leader")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RuleError("magmor.error.first_leader", "MM-3.8", number=value, players=players)
    return value


def new_state(players: int, seed: int, options: dict[str, Any]) -> MagmorState:
    chosen_leader = first_leader_option(options, players)
    rng = Rng(seed=seed)

    # MM-3.2 / R20: shuffle, lay out in reading order, skip F6.
    deck = rng.shuffled(sorted(CARDS))
    cells = [cell for cell in grid.CELLS if cell != grid.MAGMOR]
    layout = dict(zip(cells, deck, strict=True))

    # MM-3.3 / MM-3.4: 3 of each type, shuffled together, 3 to each player; the rest go back.
    per_type = DATA.starting_hand.per_type_taken
    per_player = DATA.starting_hand.per_player
    start_cards = rng.shuffled([res for res in RESOURCES for _ in range(per_type)])
    hands = [empty_bundle() for _ in range(players)]
    for seat in range(players):
        for res in start_cards[seat * per_player : (seat + 1) * per_player]:
            hands[seat][res] += 1
    piles = {res: PILE_SIZE[res] - sum(hand[res] for hand in hands) for res in RESOURCES}

    # MM-3.5: one secret objective each; the rest stay unseen (R24).
    objectives = rng.shuffled(sorted(OBJECTIVES))

    # MM-3.8 / R17: the host's choice, else a uniform draw.
    leader = chosen_leader if chosen_leader is not None else rng.randint(0, players - 1)

    state = MagmorState(
        players=players,
        rng=rng,
        grid=layout,
        hands=hands,
        piles=piles,
        objectives=objectives[:players],
        set_aside=objectives[players:],
        honour=[DATA.honour.start] * players,
        leader=leader,
    )
    # MM-3.9 / MM-4.1.2 / R21: turn 1 crosses A1 with no choice. Its events are
    # rebuilt from the state by MagmorGame.opening_events.
    state.turn = 1
    turn.enter_cell(state, grid.START, [])
    return state
