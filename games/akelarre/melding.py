"""Phase A moves (AK-5): opening, adding, taking, and the captures they make (AK-6).

Each ``check_*`` raises before anything changes; each ``do_*`` then mutates the
private working copy and records the public events (AK-5.10: every move is public).
"""

from __future__ import annotations

from typing import Any

from games.akelarre.actions import Add, ChoosePayment, Open, Take
from games.akelarre.data import COMPLETE, label, sort_cards
from games.akelarre.groups import group_kind, resolve, takeable
from games.akelarre.moves import Spot, Table, lifted, placements
from games.akelarre.state import AkelarreState, Held, Payment, Place, Placed
from games.core import Event, RuleError
from games.core.events import public


def table_of(state: AkelarreState, seat: int) -> Table:
    return Table(
        hand=tuple(state.hands[seat]),
        spots=tuple(Spot(p.id, p.owner, tuple(p.group)) for p in state.places),
        held=state.held,
        taken=frozenset(state.taken) if state.turn_bound else frozenset(),
    )


def place_number(place: Place | str) -> int:
    """The k of ``P<seat>-<k>`` (AK-4.6)."""
    place_id = place.id if isinstance(place, Place) else place
    return int(place_id.rsplit("-", 1)[1])


def place_params(place: Place) -> dict[str, Any]:
    return {"place": place.id, "owner_seat": place.owner, "place_number": place_number(place)}


def labels(group: list[Placed]) -> list[str]:
    return [label(p.card, p.value) for p in group]


def find_place(state: AkelarreState, place_id: str) -> Place:
    place = state.place(place_id)
    if place is None:
        raise RuleError("akelarre.error.no_such_place", "AK-4.6", place=place_id)
    return place


def check_hand_cards(state: AkelarreState, seat: int, cards: list[str]) -> None:
    hand = state.hands[seat]
    if len(set(cards)) != len(cards) or any(card not in hand for card in cards):
        missing = [c for c in cards if c not in hand] or cards
        raise RuleError("akelarre.error.not_in_hand", "AK-5.1", cards_list=missing)


def check_move(state: AkelarreState, seat: int, action: Open | Add) -> list[Placed]:
    """The group the move makes (AK-5.1, AK-5.2, AK-5.3), or RuleError."""
    check_hand_cards(state, seat, action.cards)
    place = find_place(state, action.place)
    held = state.held
    if isinstance(action, Open):
        if not place.free:
            raise RuleError("akelarre.error.place_taken", "AK-4.3", **place_params(place))
        existing: list[Placed] = []
    else:
        if place.free:
            raise RuleError("akelarre.error.place_free", "AK-5.2", **place_params(place))
        if held is not None and held.place == place.id:
            raise RuleError("akelarre.error.take_same_group", "AK-5.6", card=held.card)
        existing = place.group
    new = list(action.cards) + ([held.card] if held is not None else [])
    if not new:
        raise RuleError("akelarre.error.empty_move", "AK-5.2")
    return resolve(existing, new, action.joker_value)


def do_move(
    state: AkelarreState, seat: int, action: Open | Add, group: list[Placed], events: list[Event]
) -> None:
    place = state.place(action.place)
    assert place is not None
    held = state.held
    for card in action.cards:
        state.leave_hand(seat, card)
    state.played = state.played or bool(action.cards)  # AK-5.4 / R7: only hand cards count
    state.moved = True
    state.held = None
    place.group = group
    params: dict[str, Any] = {"seat": seat, **place_params(place), "group_cards_list": labels(group)}
    placed = [p for p in group if p.card in action.cards or (held is not None and p.card == held.card)]
    if isinstance(action, Open):
        key = "akelarre.event.opened_set" if group_kind(group) == "set" else "akelarre.event.opened_run"
        events.append(public(key, **params, count=len(group)))
    else:
        events.append(public("akelarre.event.added", **params, cards_list=labels(placed), count=len(placed)))
    if len(group) == COMPLETE:
        capture(state, place, events)


def capture(state: AkelarreState, place: Place, events: list[Event]) -> None:
    """AK-6: the 5 cards leave the place at once; the place is free again (AK-4.5)."""
    cards = [p.card for p in place.group]
    place.group = []
    active = state.active
    if place.owner == active:
        state.points[active] += cards  # AK-6.2
        events.append(public("akelarre.event.captured", seat=active, **place_params(place), cards_list=cards))
        return
    # AK-6.3, R28: the destination's owner chooses 2; Phase A pauses until then (R15).
    state.payment = Payment(place=place.id, owner=place.owner, payer=active, cards=sort_cards(cards))
    state.step = "payment"
    events.append(public("akelarre.event.completed", seat=active, **place_params(place), cards_list=cards))


def check_payment(state: AkelarreState, action: ChoosePayment) -> None:
    payment = state.payment
    assert payment is not None
    cards = action.cards
    if len(cards) != 2 or len(set(cards)) != 2 or any(c not in payment.cards for c in cards):
        raise RuleError("akelarre.error.payment_two", "AK-6.3", cards_list=list(payment.cards))


def do_payment(state: AkelarreState, action: ChoosePayment, events: list[Event]) -> None:
    payment = state.payment
    assert payment is not None
    kept = sort_cards(list(action.cards))
    rest = [c for c in payment.cards if c not in kept]
    state.points[payment.owner] += kept
    state.points[payment.payer] += rest
    state.payment = None
    state.step = "play"
    events.append(
        public(
            "akelarre.event.paid",
            owner_seat=payment.owner,
            seat=payment.payer,
            place=payment.place,
            place_number=place_number(payment.place),
            owner_cards_list=kept,
            cards_list=rest,
        )
    )


def check_take(state: AkelarreState, seat: int, action: Take) -> Held:
    if state.held is not None:
        raise RuleError("akelarre.error.one_take", "R5", card=state.held.card)
    place = find_place(state, action.place)
    if len(place.group) != COMPLETE - 1:
        raise RuleError(
            "akelarre.error.take_needs_four", "AK-5.5", **place_params(place), count=len(place.group)
        )
    index = next((i for i, p in enumerate(place.group) if p.card == action.card), None)
    if index is None:
        raise RuleError("akelarre.error.not_in_group", "AK-5.5", **place_params(place), card=action.card)
    if action.card not in takeable(place.group):
        raise RuleError("akelarre.error.take_not_end", "AK-5.5", **place_params(place), card=action.card)
    if state.turn_bound and action.card in state.taken:
        # R-T1: otherwise a take-only move could carry it back and forth for ever (AK-5.7).
        raise RuleError("akelarre.error.taken_this_turn", "R-T1", **place_params(place), card=action.card)
    held = Held(card=action.card, place=place.id, value=place.group[index].value, index=index)
    if not placements(lifted(table_of(state, seat), held)):
        raise RuleError("akelarre.error.take_nowhere", "AK-5.6", card=action.card)
    return held


def do_take(state: AkelarreState, seat: int, held: Held, events: list[Event]) -> None:
    place = state.place(held.place)
    assert place is not None
    taken = place.group.pop(held.index)
    state.held = held
    state.taken.append(held.card)  # R-T1: even if the take is put back
    events.append(
        public(
            "akelarre.event.took",
            seat=seat,
            **place_params(place),
            card=label(taken.card, taken.value),
            group_cards_list=labels(place.group),
        )
    )


def check_cancel(state: AkelarreState) -> None:
    if state.held is None:
        raise RuleError("akelarre.error.nothing_held", "AK-5.5")


def do_cancel(state: AkelarreState, seat: int, events: list[Event]) -> None:
    held = state.held
    assert held is not None
    place = state.place(held.place)
    assert place is not None
    # Nothing else moved since the take, so the card goes back where it lay with its value.
    place.group.insert(held.index, Placed(card=held.card, value=held.value))
    state.held = None
    events.append(
        public(
            "akelarre.event.take_cancelled",
            seat=seat,
            **place_params(place),
            card=label(held.card, held.value),
        )
    )
