"""A whole Tir Nan Og Wars state rebuilt from one seat's view (the ``hard`` player's worlds).

Public (spec §9, R9, R10, R43), copied from the view: the display, the discard pile, every
reserve and consolidated stack, the piles' tops, sizes and whether their fountain is
still inside, the fountains out of the game, VP by source, hand sizes, the deck size, the
turn, the round and the dispute. The seat's own hand is in its view.

Creature cards of one species are interchangeable (their ids only let the tests count
them), so the world gives each species' cards ids in its own order. Hidden, drawn here:

* the other hands and the deck: per species, the creatures the view does not place
  (own hand, display, discard) less the setup removals (a fixed number per species,
  TNO-3.2), dealt at random to the other seats (their public hand sizes) and the deck;
* the setup removals themselves (R6): per species and per territory type, which cards;
* the piles below their tops (R9): the territories of the pile's type that are nowhere
  in view, less that type's removals, in random order, with the pile's fountain (one of
  the fountains nowhere in view) at a random place below the top (TNO-3.8, R8);
* the RNG (the reshuffle at the first exhaustion).

``exhaustions`` is not in the view but follows from the round and the final cycle.
"""

from __future__ import annotations

import random

from games.core import Rng
from games.tirnanog.data import CREATURES, DATA, FOUNTAINS, PILE_TYPES, SPECIES, TERRITORIES, species_of
from games.tirnanog.state import VP_SOURCES, Dispute, StackCard, TirNanOgState
from games.tirnanog.views import TirNanOgView

__all__ = ["sample_world"]

BY_SPECIES: dict[str, list[str]] = {s: [c for c in CREATURES if species_of(c) == s] for s in SPECIES}
BY_TYPE: dict[str, list[str]] = {t: [c for c in TERRITORIES if TERRITORIES[c].type == t] for t in PILE_TYPES}


def sample_world(view: TirNanOgView, rng: random.Random) -> TirNanOgState:
    """A state that looks exactly like ``view`` to its seat, everything it cannot see
    drawn at random."""
    me = view.seat
    if me is None or view.hand is None:
        raise ValueError("a world is sampled from a seat's own view")
    players = view.players
    counts = DATA.player_counts[players]
    others = [seat for seat in range(players) if seat != me]

    # Creatures: known places first, each species' ids in order; the rest shuffled.
    free = {species: list(ids) for species, ids in BY_SPECIES.items()}

    def take(species: str) -> str:
        return free[species].pop(0)

    display = [take(species) for species in view.display]
    discard = [take(species) for species in SPECIES for _ in range(view.discard[species])]
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[me] = [take(species) for species in SPECIES for _ in range(view.hand[species])]
    removed: list[str] = []
    unseen: list[str] = []
    for species in SPECIES:
        cards = free[species]
        rng.shuffle(cards)
        removed += cards[: counts.creature_remove_per_species]
        unseen += cards[counts.creature_remove_per_species :]
    if len(unseen) != view.deck_size + sum(view.seats[seat].hand_size for seat in others):
        raise ValueError(f"{len(unseen)} unseen creatures for the deck and the other hands")
    rng.shuffle(unseen)
    for seat in others:
        size = view.seats[seat].hand_size
        hands[seat], unseen = unseen[:size], unseen[size:]
    deck = unseen

    # Territories: the piles below their tops, the removals, the fountains inside.
    placed = {card.territory for row in view.seats for card in row.stack}
    placed.update(card for row in view.seats for card in row.reserve)
    placed.update(pile.top for pile in view.piles if pile.top is not None)
    placed.update(view.out_of_game)
    fountains = [f for f in FOUNTAINS if f not in placed]
    rng.shuffle(fountains)
    piles: dict[str, list[str]] = {}
    for pile in view.piles:
        cards = [card for card in BY_TYPE[pile.terrain] if card not in placed]
        rng.shuffle(cards)
        removed += cards[: counts.territory_remove_per_type]
        below = cards[counts.territory_remove_per_type :]
        if pile.top is not None and pile.fountain_inside and pile.top not in FOUNTAINS:
            below.insert(rng.randint(0, len(below)), fountains.pop())  # never the top (R8)
        piles[pile.terrain] = [pile.top, *below] if pile.top is not None else below
        if len(piles[pile.terrain]) != pile.size:
            raise ValueError(
                f"pile {pile.terrain}: {len(piles[pile.terrain])} cards, the view shows {pile.size}"
            )
    if fountains:
        raise ValueError(f"fountains {fountains} are in no pile")

    dispute = None
    if view.dispute is not None:
        shown = view.dispute
        dispute = Dispute(
            fountain=shown.fountain,
            terrain=shown.terrain,
            revealer=shown.revealer,
            order=list(shown.order),
            declarations=dict(shown.declarations),
            participants=list(shown.participants),
            winner=shown.winner,
            to_discard=shown.to_discard,
        )
    exhaustions = 0 if view.round == 1 else 2 if view.final_cycle else 1
    return TirNanOgState(
        players=players,
        rng=Rng(seed=rng.getrandbits(48)),
        deck=deck,
        display=display,
        discard=discard,
        hands=hands,
        reserves=[list(row.reserve) for row in view.seats],
        stacks=[[StackCard(card=c.territory, face_up=c.face_up) for c in row.stack] for row in view.seats],
        piles=piles,
        removed=removed,
        out_of_game=list(view.out_of_game),
        vp=[{source: row.vp_by_source[source] for source in VP_SOURCES} for row in view.seats],
        first_player=view.first_player,
        active=view.active,
        turn=view.turn,
        round=view.round,
        exhaustions=exhaustions,
        final_cycle=view.final_cycle,
        phase=view.phase,
        dispute=dispute,
        hand_limit_discard=view.hand_limit_discard,
        shown=view.shown.model_copy(deep=True) if view.shown is not None else None,
    )
