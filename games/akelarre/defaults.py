"""The timeout defaults of spec §9, read from a seat's own view (the AI reuses them)."""

from __future__ import annotations

from collections.abc import Sequence

from games.akelarre.actions import (
    AkelarreAction,
    CancelPurchase,
    CancelTake,
    ChoosePayment,
    Discard,
    Done,
    Draw,
    EndTurn,
)
from games.akelarre.data import FAMILY_ORDER, family_of, is_joker, sort_cards, value_of
from games.akelarre.drawing import DECK
from games.akelarre.moves import Spot, Table
from games.akelarre.state import Placed
from games.akelarre.views import AkelarreView


def own(view: AkelarreView) -> tuple[int, list[str], str]:
    """The seat, hand and favourite of a seat's own view."""
    if view.seat is None or view.hand is None or view.favourite is None:
        raise ValueError("defaults and the AI need the seat's own view")
    return view.seat, view.hand, view.favourite


def table_of(view: AkelarreView, hand: Sequence[str]) -> Table:
    return Table(
        hand=tuple(hand),
        spots=tuple(
            Spot(p.id, p.owner, tuple(Placed(card=c.card, value=c.value) for c in p.cards))
            for p in view.places
        ),
        held=view.held,
        taken=frozenset(view.taken),
    )


def isolated(card: str, hand: Sequence[str]) -> bool:
    """§9 row 7: no other hand card of the same value and another family, and no other
    hand card of the same family within 2 (naturals only: a joker has no value yet)."""
    value = value_of(card)
    assert value is not None
    rest = list(hand)
    rest.remove(card)
    for other in rest:
        other_value = value_of(other)
        if other_value is None:
            continue
        if other_value == value and family_of(other) != family_of(card):
            return False
        if family_of(other) == family_of(card) and abs(other_value - value) <= 2:
            return False
    return True


def discard_choice(hand: Sequence[str], favourite: str) -> str:
    """§9 row 7: an isolated non-favourite natural (highest, then canonical order);
    else any non-favourite natural (the same order); else the lowest favourite
    natural; a joker last."""

    def high_first(card: str) -> tuple[int, int, str]:
        return (-(value_of(card) or 0), FAMILY_ORDER[family_of(card)], card)

    others = [c for c in hand if not is_joker(c) and family_of(c) != favourite]
    lonely = [c for c in others if isolated(c, hand)]
    if lonely:
        return min(lonely, key=high_first)
    if others:
        return min(others, key=high_first)
    favourites = [c for c in hand if not is_joker(c)]
    if favourites:
        return min(favourites, key=lambda c: (value_of(c) or 0, c))
    # Only jokers: never the favourite's own while another exists (§10.5).
    return min(hand, key=lambda c: (family_of(c) == favourite, FAMILY_ORDER[family_of(c)]))


def payment_choice(cards: Sequence[str], favourite: str) -> list[str]:
    """§9 row 9: favourite naturals by value, then other naturals in canonical
    order, then jokers: the 2 cards worth most to the owner. Two other naturals
    of one family are worth 1 each: the higher value first, as it is likelier to
    be worth more to the payer (whose favourite it may be)."""

    def worth(card: str) -> tuple[int, int, int, str]:
        value = value_of(card)
        if value is None:
            return (2, 0, FAMILY_ORDER[family_of(card)], card)
        if family_of(card) == favourite:
            return (0, -value, 0, card)
        return (1, FAMILY_ORDER[family_of(card)], -value, card)

    return sort_cards(sorted(cards, key=worth)[:2])


def default_action(view: AkelarreView) -> AkelarreAction:
    step = view.step
    if step == "payment":
        assert view.payment is not None
        _seat, _hand, favourite = own(view)
        return ChoosePayment(cards=payment_choice(view.payment.cards, favourite))
    _seat, hand, favourite = own(view)
    if step == "play":
        if view.held is not None:
            return CancelTake()  # row 5: make no (further) moves
        if view.final_round or view.played:
            return Done()  # rows 8 and 12
        return Discard(card=discard_choice(hand, favourite))  # row 7
    if step == "draw":
        return Draw(source=DECK if DECK in view.draw_sources else view.draw_sources[0])  # row 10
    if step == "pay":
        return CancelPurchase()  # row 11: do not buy
    return EndTurn()  # row 11
