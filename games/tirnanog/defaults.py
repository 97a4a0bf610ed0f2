"""The timeout defaults of spec §9 (D1-D7), read from a seat's own view (the AI reuses them).

``legal(view)`` lists the same actions, in the same order, as the rules do from
the state (both use ``options.py``); a test checks it on random games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.tirnanog.actions import (
    Consolidate,
    Declare,
    Discard,
    TakeCreatures,
    TakeTerritory,
    TirNanOgAction,
)
from games.tirnanog.data import FAIRY, PILE_TYPES, SPECIES, requirement, value_of
from games.tirnanog.options import (
    consolidation_options,
    discard_options,
    take_options,
    territory_options,
)
from games.tirnanog.payment import as_list, counts_of
from games.tirnanog.views import SeatView, TirNanOgView


def me(view: TirNanOgView) -> SeatView:
    if view.seat is None or view.hand is None:
        raise ValueError("defaults and the AI need the seat's own view")
    return view.seats[view.seat]


def hand_of(view: TirNanOgView) -> dict[str, int]:
    if view.hand is None:
        raise ValueError("defaults and the AI need the seat's own view")
    return dict(view.hand)


def legal(view: TirNanOgView) -> list[TirNanOgAction]:
    """Every legal action of the viewing seat, when it is the one to act."""
    mine = me(view)
    hand = hand_of(view)
    if view.phase == "turn":
        if view.active != view.seat:
            return []
        tops = {p.terrain: p.top for p in view.piles}
        return [
            *take_options(view.display),
            *territory_options(tops, mine.reserve, set(mine.visible_types)),
            *consolidation_options(mine.reserve, hand, mine.discount),
        ]
    if view.phase == "hand_limit":
        return list(discard_options(hand, view.hand_limit_discard)) if view.active == view.seat else []
    dispute = view.dispute
    if view.phase == "declare" and dispute is not None and dispute.next_seat == view.seat:
        return [Declare(take_part=True), Declare(take_part=False)]
    if view.phase == "dispute_discard" and dispute is not None and dispute.winner == view.seat:
        return list(discard_options(hand, dispute.to_discard))
    return []


# -- what a hand still lacks -------------------------------------------------------------------


def lacking(card: str, hand: Mapping[str, int]) -> tuple[dict[str, int], int]:
    """The species symbols of ``card`` the hand cannot pay, and the "?" it cannot cover
    with its spare cards."""
    req, anys = requirement(card)
    missing = {s: max(0, req[s] - hand.get(s, 0)) for s in SPECIES}
    spare = sum(max(0, hand.get(s, 0) - req[s]) for s in SPECIES)
    return missing, max(0, anys - spare)


def lack_count(card: str, hand: Mapping[str, int]) -> int:
    missing, anys = lacking(card, hand)
    return sum(missing.values()) + anys


def fills(taken: Sequence[str], reserve: Sequence[str], hand: Mapping[str, int]) -> int:
    """How many missing symbols of the reserve territories these cards would fill (D2)."""
    total = 0
    for card in reserve:
        missing, anys = lacking(card, hand)
        left = 0
        for species, n in counts_of(taken).items():
            used = min(n, missing[species])
            total += used
            left += n - used
        total += min(left, anys)
    return total


def needed(reserve: Sequence[str]) -> dict[str, int]:
    """The most cards of each species one reserve territory asks for (D3's "required")."""
    out = dict.fromkeys(SPECIES, 0)
    for card in reserve:
        req, _ = requirement(card)
        for species in SPECIES:
            out[species] = max(out[species], req[species])
    return out


def best_take(view: TirNanOgView, options: Sequence[TakeCreatures]) -> TakeCreatures:
    """D2: the cards that fill the most missing symbols; ties: fairies first, then leftmost
    (the options are listed leftmost first, and ``max`` keeps the first of equals)."""
    hand = hand_of(view)
    reserve = me(view).reserve
    return max(options, key=lambda a: (fills(a.species, reserve, hand), a.species.count(FAIRY)))


def discard_choice(hand: Mapping[str, int], reserve: Sequence[str], count: int) -> Discard:
    """D3 / D7: cards no reserve territory requires first, the species with most copies
    first, fairies last."""
    need = needed(reserve)
    left = dict(hand)
    out: list[str] = []
    for _ in range(count):
        species = min(
            (s for s in SPECIES if left.get(s, 0) > 0),
            key=lambda s: (left[s] <= need[s], s == FAIRY, -left[s], SPECIES.index(s)),
        )
        out.append(species)
        left[species] -= 1
    return Discard(species=as_list(counts_of(out)))


def best_pile(view: TirNanOgView, options: Sequence[TakeTerritory]) -> TakeTerritory:
    """D4: the top needing the fewest creatures the player lacks; ties: lower territory value."""
    hand = hand_of(view)
    tops = {p.terrain: p.top for p in view.piles}

    def key(action: TakeTerritory) -> tuple[int, int, int]:
        top = tops[action.terrain]
        assert top is not None
        return (lack_count(top, hand), value_of(top), PILE_TYPES.index(action.terrain))

    return min(options, key=key)


def best_payment(view: TirNanOgView, options: Sequence[Consolidate]) -> Consolidate:
    """D5: exact species first, "?" paid with the cards least needed elsewhere (fairies kept)."""
    mine = me(view)

    def key(action: Consolidate) -> tuple[int, int, int]:
        others = [c for c in mine.reserve if c != action.territory]
        need = needed(others)
        paid = counts_of(action.payment)
        req, _ = requirement(action.territory)
        extra_fairies = max(0, paid[FAIRY] - req[FAIRY])
        pressure = sum(min(paid[s], need[s]) for s in SPECIES)
        return (extra_fairies, pressure, options.index(action))

    return min(options, key=key)


def default_action(view: TirNanOgView) -> TirNanOgAction:
    options = legal(view)
    if not options:
        raise ValueError("the seat has nothing to decide now")
    if view.phase == "declare":
        return Declare(take_part=False)  # D6
    if view.phase == "hand_limit":
        return discard_choice(hand_of(view), me(view).reserve, view.hand_limit_discard)  # D3
    if view.phase == "dispute_discard":
        assert view.dispute is not None
        return discard_choice(hand_of(view), me(view).reserve, view.dispute.to_discard)  # D7
    # D1: action A with D2; without it, B with D4; without either, C with D5.
    takes = [a for a in options if isinstance(a, TakeCreatures)]
    if takes:
        return best_take(view, takes)
    piles = [a for a in options if isinstance(a, TakeTerritory)]
    if piles:
        return best_pile(view, piles)
    consolidations = [a for a in options if isinstance(a, Consolidate)]
    first = consolidations[0].territory
    return best_payment(view, [a for a in consolidations if a.territory == first])
