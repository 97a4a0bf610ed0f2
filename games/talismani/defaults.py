"""The timeout defaults of spec §9, read from a seat's own view (the AI reuses them)."""

from __future__ import annotations

from collections.abc import Sequence

from games.talismani.actions import (
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    TalismaniAction,
    Weather,
)
from games.talismani.data import is_action_special, is_fairy, is_joker, kind_of, number_of, suit_of, value_of
from games.talismani.views import TalismaniView

# §9 #2: with no fairy, an action special in the order CW, CO, CS, RO.
SPECIAL_PREFERENCE = ("change_weather", "change_order", "choose_stake", "reverse_order")


def own_hand(view: TalismaniView) -> list[str]:
    if view.hand is None or view.seat is None:
        raise ValueError("defaults and the AI need the seat's own view")
    return view.hand


def weakest_single(hand: Sequence[str], row: Sequence[str]) -> str | None:
    """The least dominant suit, then the lowest value (§9 #2)."""
    fairies = [card for card in hand if is_fairy(card)]
    if not fairies:
        return None
    return max(fairies, key=lambda c: (row.index(suit_of(c)), -value_of(c)))


def fallback_special(hand: Sequence[str]) -> str:
    """§9 #2 with no fairy: CW, CO, CS, RO (lowest number of its kind), else a lone Joker."""
    for kind in SPECIAL_PREFERENCE:
        cards = sorted((c for c in hand if is_action_special(c) and kind_of(c) == kind), key=number_of)
        if cards:
            return cards[0]
    return next(card for card in hand if is_joker(card))


def default_play(view: TalismaniView) -> TalismaniAction:
    hand = own_hand(view)
    if view.seats[view.seat or 0].forge_ready:
        return Forge()
    single = weakest_single(hand, view.row)
    return PlayCards(cards=[single if single is not None else fallback_special(hand)])


def preferred_card(pool: Sequence[str], row: Sequence[str]) -> str:
    """§9 #4 / #7: the Joker; else the highest fairy (ties: more dominant suit); else the
    lowest-numbered special."""
    jokers = [card for card in pool if is_joker(card)]
    if jokers:
        return sorted(jokers)[0]
    fairies = [card for card in pool if is_fairy(card)]
    if fairies:
        return max(fairies, key=lambda c: (value_of(c), -row.index(suit_of(c))))
    return min(pool, key=number_of)


def default_action(view: TalismaniView) -> TalismaniAction:
    phase = view.phase
    if phase == "play":
        return default_play(view)
    if phase == "set_aside":
        return SetAside(yes=True)  # §9 #3
    if phase == "stake":
        return ChooseStake(card=preferred_card(view.pool, view.row))
    if phase == "share":
        return Pick(card=preferred_card(view.pool, view.row))
    if phase == "change_order":
        # §9 #5: no change: the second card put back where it is.
        return ChangeOrder(suit=view.row[1], position=2)
    if phase == "change_weather":
        return ChangeWeather(rotate=False)  # §9 #6: keep
    return Weather(rotate=False)  # §9 #8: keep
