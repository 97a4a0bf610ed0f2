"""Setting up a game (TNO-3): removals by player count, hands, display, piles, first player."""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.tirnanog.data import (
    CREATURES,
    DATA,
    FOUNTAINS,
    META,
    PILE_TYPES,
    SPECIES,
    TERRITORIES,
    species_of,
)
from games.tirnanog.state import VP_SOURCES, StackCard, TirNanOgState


def new_state(players: int, seed: int, options: dict[str, Any]) -> TirNanOgState:
    rng = Rng(seed=seed)
    counts = DATA.player_counts[players]
    # TNO-3.1: the first player is drawn at random.
    first = rng.randint(0, players - 1)
    # TNO-3.2 / R6: remove k random cards of each species, unseen; shuffle the rest.
    removed: list[str] = []
    kept: list[str] = []
    for species in SPECIES:
        cards = rng.shuffled([c for c in CREATURES if species_of(c) == species])
        k = counts.creature_remove_per_species
        removed += cards[:k]
        kept += cards[k:]
    deck = rng.shuffled(kept)
    # TNO-3.3: 3 cards to each player, dealt one at a time from the first player.
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(META.starting_hand):
        for i in range(players):
            hands[(first + i) % players].append(deck.pop(0))
    # TNO-3.4 / TNO-3.5: 5 face up; the rest is the deck.
    display = [deck.pop(0) for _ in range(META.display_size)]
    # TNO-3.6 / R6: territory removals come before the starting plains.
    piles: dict[str, list[str]] = {}
    for terrain in PILE_TYPES:
        cards = rng.shuffled([t for t in TERRITORIES if TERRITORIES[t].type == terrain])
        k = counts.territory_remove_per_type
        removed += cards[:k]
        piles[terrain] = cards[k:]
    # TNO-3.7 / R7: a random plain face up in each reserve.
    plains = rng.shuffled(piles["plain"])
    reserves = [[plains.pop()] for _ in range(players)]
    piles["plain"] = plains
    # TNO-3.8 / TNO-3.9 / R8: one fountain per pile, at a random place other than the top.
    fountains = rng.shuffled(list(FOUNTAINS))
    for terrain, fountain in zip(PILE_TYPES, fountains, strict=True):
        cards = rng.shuffled(piles[terrain])
        cards.insert(rng.randint(1, len(cards)), fountain)
        piles[terrain] = cards
    stacks: list[list[StackCard]] = [[] for _ in range(players)]
    return TirNanOgState(
        players=players,
        rng=rng,
        deck=deck,
        display=display,
        hands=hands,
        reserves=reserves,
        stacks=stacks,
        piles=piles,
        removed=removed,
        vp=[dict.fromkeys(VP_SOURCES, 0) for _ in range(players)],
        first_player=first,
        active=first,  # TNO-3.10
    )
