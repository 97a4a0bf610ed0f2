"""Setting up a game (TT-3): weather row, deck, deal, the First Talisman as stake."""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.talismani.data import COMPOSITION, FIRST_TALISMAN, SUITS, deck
from games.talismani.state import TalismaniState


def new_state(players: int, seed: int, options: dict[str, Any]) -> TalismaniState:
    rng = Rng(seed=seed)
    # TT-3.2: the six weather cards in a random row; position 1 dominates turn 1.
    row = rng.shuffled(SUITS)
    # TT-3.3 / TT-3.4: the deck for the count, shuffled, dealt one card at a time, all of it.
    cards = rng.shuffled(deck(players))
    hands: list[list[str]] = [cards[seat::players] for seat in range(players)]
    assert all(len(hand) == COMPOSITION[players].hand_size for hand in hands)
    # TT-3.5: the First Talisman is the first stake; the other zones start empty.
    return TalismaniState(
        players=players,
        rng=rng,
        row=row,
        turn_row=list(row),
        hands=hands,
        stake=FIRST_TALISMAN,
        won=[[] for _ in range(players)],
        forged=[[] for _ in range(players)],
        pending=[[] for _ in range(players)],
        choices=[None] * players,
    )
