"""Turn order, Phase C (buying a meeting place, AK-9) and the final round (AK-10)."""

from __future__ import annotations

from games.akelarre.actions import Buy, Pay
from games.akelarre.data import MAX_PLACES, PLACE_COST, family_of
from games.akelarre.state import AkelarreState, Place
from games.core import Event, RuleError
from games.core.events import public


def can_buy(state: AkelarreState, seat: int) -> bool:
    """AK-9.1: at least 5 point-pile cards and fewer than 3 places (R3); never in a final turn."""
    return may_buy(state.final, len(state.points[seat]), len(state.places_of(seat)))


def may_buy(final: bool, points: int, places: int) -> bool:
    """:func:`can_buy` from what a view shows, so a panel knows before the draw whether
    Phase C will ask (neither the draw nor the deck running out changes it, R18)."""
    return not final and points >= PLACE_COST and places < MAX_PLACES


def check_buy(state: AkelarreState, seat: int, action: Buy | None = None) -> None:
    """The refusals that hold at any step, most specific first (the step is checked after)."""
    if state.final:
        raise RuleError("akelarre.error.final_turn", "AK-10.4")
    if len(state.points[seat]) < PLACE_COST:
        raise RuleError("akelarre.error.buy_needs_five", "AK-9.1", count=len(state.points[seat]))
    if len(state.places_of(seat)) >= MAX_PLACES:
        raise RuleError("akelarre.error.place_cap", "R3", count=MAX_PLACES)


def check_pay(state: AkelarreState, seat: int, action: Pay) -> None:
    if action.card not in state.points[seat] or action.card in state.purchase:
        raise RuleError("akelarre.error.not_in_points", "AK-9.2", card=action.card)


def do_pay(state: AkelarreState, seat: int, card: str, events: list[Event]) -> None:
    state.purchase.append(card)
    if len(state.purchase) < PLACE_COST:
        return
    # AK-9.2 / R19: each card onto its family's pile, in the order listed (the last on top).
    for paid in state.purchase:
        state.points[seat].remove(paid)
        state.piles[family_of(paid)].append(paid)
    number = len(state.places_of(seat)) + 1
    place = Place(id=f"P{seat + 1}-{number}", owner=seat)
    after = max(i for i, p in enumerate(state.places) if p.owner <= seat) if state.places else -1
    state.places.insert(after + 1, place)
    events.append(
        public(
            "akelarre.event.bought",
            seat=seat,
            place=place.id,
            place_number=number,
            cards_list=list(state.purchase),
            count=number,
        )
    )
    state.purchase = []
    end_turn(state, events)


def after_draw(state: AkelarreState, events: list[Event]) -> None:
    """Phase C if the player can buy (R18: also in the turn the deck ran out), else the next turn."""
    if can_buy(state, state.active):
        state.step = "buy"
    else:
        end_turn(state, events)


def end_turn(state: AkelarreState, events: list[Event]) -> None:
    """The turn passes on; after L's normal turn the final round starts (AK-10.3)."""
    n = state.players
    state.played = False
    state.moved = False
    state.discarded = None
    state.held = None
    state.taken = []
    state.purchase = []
    if state.last_drawer is not None:
        last = state.last_drawer
        state.final = True
        # Everyone after L clockwise, L last: exactly one final turn each (R17).
        state.final_queue = [(last + 1 + i) % n for i in range(n)]
        events.append(public("akelarre.event.final_round", seat=state.final_queue[0], last_seat=last))
        start_final_turn(state, events)
        return
    state.active = (state.active + 1) % n
    state.turn += 1
    state.step = "play"
    events.append(public("akelarre.event.turn", seat=state.active, turn=state.turn))


def start_final_turn(state: AkelarreState, events: list[Event]) -> None:
    state.active = state.final_queue[0]
    state.played = False
    state.moved = False
    state.taken = []
    state.step = "play"
    events.append(public("akelarre.event.final_turn", seat=state.active))


def end_final_turn(state: AkelarreState, events: list[Event]) -> None:
    seat = state.final_queue.pop(0)
    state.taken = []
    if not state.moved:
        events.append(public("akelarre.event.passed", seat=seat))
    if state.final_queue:
        start_final_turn(state, events)
        return
    # AK-10.5: groups left on the places and hand cards score nothing; they stay where
    # they lie so the final board still shows them.
    state.step = "over"
    state.shown = []  # no more draws: a finished game reads and hashes as before AK-8.6 was kept
    events.append(public("akelarre.event.game_over"))
