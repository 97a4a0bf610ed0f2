"""A seat's own legal action in words, for the panel's hint ("Add 🧚 5 of Fairies to your place 1").

Everything comes from the seat's own view: its hand, its favourite, and what lies
face up on the table (groups, discard piles, point piles, the held card). The
presenter has no table here, so other players are named by seat (``P2``), as
``bot.render.seat_name`` does for a seat it cannot name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import join, t
from cogs.akelarre.panel import worth
from cogs.akelarre.places import group_text
from cogs.akelarre.words import card_name, cards_text, seat_label, suit, ui
from games.akelarre.face import (
    ACTION_ADAPTER,
    COMPLETE,
    HAND_SIZE,
    PLACE_COST,
    Add,
    AkelarreView,
    Buy,
    CancelPurchase,
    CancelTake,
    ChoosePayment,
    Discard,
    Done,
    Draw,
    EndTurn,
    Open,
    Pay,
    Placed,
    PlaceView,
    Take,
    family_of,
    is_joker,
    label,
    resolve,
)


def hint(key: str, language: str, **params: Any) -> str:
    return t(f"akelarre.hint.{key}", language, **params)


def describe_action(
    view: AkelarreView, action: dict[str, Any], language: str, names: Sequence[str] = ()
) -> str:
    """One imperative line naming ``action`` (a legal action of ``view``'s seat, as JSON);
    other players by ``names`` (the seats' names; P1… where there are none)."""
    parsed = ACTION_ADAPTER.validate_python(action)
    match parsed:
        case Open():
            return _open(view, parsed, language, names)
        case Add():
            return _add(view, parsed, language, names)
        case Take():
            return _take(view, parsed, language, names)
        case CancelTake():
            return _cancel_take(view, language, names)
        case Done():
            # AK-10.4: in the final round Done ends the whole turn (no draw follows).
            key = "done_final" if view.final_round else "done"
            return hint(key, language, button=ui("done", language))
        case Discard():
            return _discard(view, parsed, language)
        case Draw():
            return _draw(view, parsed, language)
        case Buy():
            me = view.seats[_seat(view)]
            return hint("buy", language, count=me.point_count, cost=PLACE_COST)
        case EndTurn():
            return hint("end_turn", language)
        case Pay():
            return _pay(view, parsed, language)
        case CancelPurchase():
            return hint("cancel_purchase", language)
        case ChoosePayment():
            return _choose_payment(view, parsed, language, names)


def named(names: Sequence[str], seat: int) -> str:
    """Another player as the board names them: their name, or P2 where the table gives none."""
    return names[seat] if seat < len(names) else seat_label(seat)


def _seat(view: AkelarreView) -> int:
    assert view.seat is not None, "a hint is for a seat's own view"
    return view.seat


def _place(view: AkelarreView, place_id: str) -> PlaceView:
    return next(p for p in view.places if p.id == place_id)


def where(view: AkelarreView, place: PlaceView, form: str, language: str, names: Sequence[str]) -> str:
    """ "on your place 1" / "to P2's place 1" / "from …": Italian joins the preposition
    to the article ("sul tuo luogo 1", "al luogo 1 di P2"), so each form is its own text."""
    if place.owner == view.seat:
        return hint(f"{form}_yours", language, number=place.number)
    return hint(f"{form}_other", language, seat=named(names, place.owner), number=place.number)


def _starred(card: str, favourite: str | None, language: str) -> str:
    """A card's name, with the panel's ⭐ when it is a natural of the seat's favourite family."""
    name = card_name(card, language)
    return f"⭐ {name}" if family_of(card) == favourite and not is_joker(card) else name


# -- Phase A: open, add, take (AK-5) --------------------------------------
def _open(view: AkelarreView, move: Open, language: str, names: Sequence[str]) -> str:
    """Named by the group it makes, as the picker's destination describes it: a run by its
    family and values, a set by its value and families (jokers marked), so five cards fit a line."""
    place = _place(view, move.place)
    group = _resolved(view, [], move)
    made = group_text([(p.card, p.value) for p in group], language)
    at = where(view, place, "on", language, names)
    if view.held is None:
        text = hint("open", language, place=at, group=made)
    else:
        card = _joker_named(view.held.card, group, language)
        text = hint("open_held", language, place=at, card=card, group=made)
    return _captures(view, place, group, text, language, names)


def _add(view: AkelarreView, move: Add, language: str, names: Sequence[str]) -> str:
    """Named by the cards added (at most two, AK-5.2: a group has 3 or 4 before)."""
    place = _place(view, move.place)
    group = _resolved(view, [Placed(card=c.card, value=c.value) for c in place.cards], move)
    said = [_joker_named(c, group, language) for c in move.cards]
    if view.held is not None:
        said.insert(0, hint("taken", language, card=_joker_named(view.held.card, group, language)))
    text = hint("add", language, cards=join(said, language), place=where(view, place, "to", language, names))
    return _captures(view, place, group, text, language, names)


def _resolved(view: AkelarreView, existing: list[Placed], move: Open | Add) -> list[Placed]:
    """The group the move makes (a legal move always makes one), jokers with their values.
    AK-5.6: the held card, if any, goes into the move together with the hand cards."""
    held = [view.held.card] if view.held is not None else []
    return resolve(existing, [*move.cards, *held], move.joker_value)


def _captures(
    view: AkelarreView,
    place: PlaceView,
    group: Sequence[Placed],
    text: str,
    language: str,
    names: Sequence[str],
) -> str:
    """AK-6.1 / AK-6.3: the fifth card captures the group; on another's place its owner keeps 2."""
    if len(group) < COMPLETE:
        return text
    if place.owner == view.seat:
        return hint("captures_own", language, move=text)
    return hint("captures_other", language, move=text, seat=named(names, place.owner))


def _joker_named(card: str, group: Sequence[Placed], language: str) -> str:
    """A card by name; a joker with the value it takes in the group (AK-3.2: "🍄 Goblins joker as 5")."""
    value = next((p.value for p in group if p.card == card), None)
    return card_name(label(card, value), language)


def _take(view: AkelarreView, take: Take, language: str, names: Sequence[str]) -> str:
    place = _place(view, take.place)
    value = next(c.value for c in place.cards if c.card == take.card)
    card = card_name(label(take.card, value), language)
    return hint("take", language, card=card, place=where(view, place, "from", language, names))


def _cancel_take(view: AkelarreView, language: str, names: Sequence[str]) -> str:
    held = view.held
    assert held is not None, "cancel_take is legal only while a card is held"
    card = card_name(label(held.card, held.value), language)
    return hint(
        "cancel_take", language, card=card, place=where(view, _place(view, held.place), "on", language, names)
    )


def _discard(view: AkelarreView, discard: Discard, language: str) -> str:
    # AK-7.3: a discard goes onto its own family's pile (a joker's family too).
    family = family_of(discard.card)
    name = card_name(discard.card, language)
    if family == view.favourite:
        name = f"⭐ {name}"
    return hint("discard", language, card=name, suit=suit(family, language))


# -- Phase B: the draw (AK-8) ---------------------------------------------
def _draw(view: AkelarreView, draw: Draw, language: str) -> str:
    wanted = HAND_SIZE - len(view.hand or [])
    if draw.source == "deck":
        return hint("draw_deck", language, count=min(wanted, view.deck_count))
    pile = next(p for p in view.piles if p.family == draw.source)
    # AK-8.2 / AK-8.3: the top cards, as many as fit (R24: the piles are public in full).
    got = pile.cards[::-1][:wanted]
    return hint(
        "draw_pile",
        language,
        count=len(got),
        suit=suit(pile.family, language),
        cards=cards_text(got, language),
    )


# -- Phase C: buying a place (AK-9) and the owner's choice (AK-6.3) ----------
def _pay(view: AkelarreView, pay: Pay, language: str) -> str:
    card = _starred(pay.card, view.favourite, language)
    return hint("pay", language, card=card, number=len(view.purchase) + 1, cost=PLACE_COST)


def _choose_payment(view: AkelarreView, choice: ChoosePayment, language: str, names: Sequence[str]) -> str:
    payment = view.payment
    assert payment is not None, "choose_payment is legal only while a payment waits"
    rest = list(payment.cards)
    for card in choice.cards:
        rest.remove(card)
    a, b = choice.cards
    return hint(
        "keep",
        language,
        a=card_name(a, language),
        b=card_name(b, language),
        count=worth(choice.cards, view.favourite),
        seat=named(names, payment.payer),
        cards=cards_text(rest, language),
    )


# -- why: one game-level reason, from the move and the seat's own view ----------
def hint_reason(view: AkelarreView, action: dict[str, Any], language: str) -> str | None:
    """Why the hint's move helps, in points as AK-12.2 counts them for this seat's own
    favourite family (naturals of it their value, others 1, jokers 0) and what groups need."""
    parsed = ACTION_ADAPTER.validate_python(action)
    match parsed:
        case Open() | Add():
            place = _place(view, parsed.place)
            existing = (
                [Placed(card=c.card, value=c.value) for c in place.cards] if isinstance(parsed, Add) else []
            )
            group = _resolved(view, existing, parsed)
            if len(group) >= COMPLETE:
                key = "why.complete_own" if place.owner == view.seat else "why.complete_other"
                return hint(key, language, count=worth([p.card for p in group], view.favourite))
            favourite = [c for c in parsed.cards if family_of(c) == view.favourite and not is_joker(c)]
            if favourite:
                return hint(
                    "why.favourite",
                    language,
                    count=len(favourite),
                    suit=suit(family_of(favourite[0]), language),
                )
            return hint("why.grows", language, size=len(group), count=COMPLETE - len(group))
        case Take(card=card):
            return hint("why.take", language, card=card_name(card, language))
        case Discard(card=card):
            return hint("why.discard", language, count=worth([card], view.favourite))
        case Draw(source=source):
            wanted = HAND_SIZE - len(view.hand or [])
            offers = {p.family: worth(p.cards[::-1][:wanted], view.favourite) for p in view.piles if p.cards}
            if source != "deck":
                return hint("why.draw_pile", language, count=offers.get(source, 0))
            return hint("why.draw_deck", language, count=max(offers.values())) if offers else None
        case _:
            return None
