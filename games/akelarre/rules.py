"""Checking and applying the players' actions, listing the legal ones, and the
steps the engine plays by itself.

Every check runs before the first change, so a refused action leaves even the
private working copy untouched (AK-5.11, R40). Each refusal names the spec rule
it enforces.
"""

from __future__ import annotations

from itertools import combinations

from games.akelarre import drawing, melding, turn
from games.akelarre.actions import (
    Add,
    AkelarreAction,
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
    Take,
)
from games.akelarre.data import sort_cards
from games.akelarre.moves import distinct, placements, takes
from games.akelarre.state import AkelarreState, Step
from games.core import Event, RuleError

# Which action kinds each step takes, and the rule that says so.
EXPECTED: dict[Step, tuple[tuple[str, ...], str]] = {
    "play": (("open", "add", "take", "cancel_take", "done", "discard"), "AK-2.1"),
    "draw": (("draw",), "AK-8.1"),
    "buy": (("buy", "end_turn"), "AK-9.1"),
    "pay": (("pay", "cancel_purchase"), "AK-9.2"),
    "payment": (("choose_payment",), "AK-6.3"),
}
# Not part of a final turn (AK-2.4, AK-10.4, R17).
NOT_IN_FINAL = ("discard", "draw", "buy", "end_turn", "pay", "cancel_purchase")


def check_step(state: AkelarreState, seat: int, action: AkelarreAction) -> None:
    if state.step == "over":
        raise RuleError("error.game_over")
    if isinstance(action, Buy):
        turn.check_buy(state, seat, action)
        if state.step != "buy":
            raise RuleError("akelarre.error.not_now", "AK-9.1")  # "after drawing"
    if state.final and action.kind in NOT_IN_FINAL:
        raise RuleError("akelarre.error.final_turn", "AK-10.4")
    kinds, rule = EXPECTED[state.step]
    if action.kind not in kinds:
        raise RuleError("akelarre.error.not_now", rule)


def apply(state: AkelarreState, seat: int, action: AkelarreAction) -> list[Event]:
    """Check ``action`` (``seat`` is the decision's actor), then apply it to ``state``."""
    check_step(state, seat, action)
    events: list[Event] = []
    if isinstance(action, (Open, Add)):
        group = melding.check_move(state, seat, action)
        melding.do_move(state, seat, action, group, events)
    elif isinstance(action, Take):
        held = melding.check_take(state, seat, action)
        melding.do_take(state, seat, held, events)
    elif isinstance(action, CancelTake):
        melding.check_cancel(state)
        melding.do_cancel(state, seat, events)
    elif isinstance(action, ChoosePayment):
        melding.check_payment(state, action)
        melding.do_payment(state, action, events)
    elif isinstance(action, Done):
        drawing.check_done(state, action)
        if state.final:
            turn.end_final_turn(state, events)
        else:
            state.step = "draw"
    elif isinstance(action, Discard):
        drawing.check_discard(state, seat, action)
        drawing.do_discard(state, seat, action.card, events)
    elif isinstance(action, Draw):
        drawing.check_draw(state, action)
        drawing.do_draw(state, seat, action.source, events)
        turn.after_draw(state, events)
    elif isinstance(action, Buy):
        state.step = "pay"
        state.purchase = []
    elif isinstance(action, Pay):
        turn.check_pay(state, seat, action)
        turn.do_pay(state, seat, action.card, events)
    elif isinstance(action, CancelPurchase):
        # R19: one purchase per turn, and R-T1: a purchase given up is not started again,
        # so "don't buy" ends the turn (buy, cancel, buy... would never end it).
        if state.turn_bound:
            turn.end_turn(state, events)
        else:  # a game from before R-T1, replayed: back to the buy step
            state.purchase = []
            state.step = "buy"
    elif isinstance(action, EndTurn):
        turn.end_turn(state, events)
    settle(state, events)
    return events


def forced_pass(state: AkelarreState) -> bool:
    """A final turn with no possible move: passing is the only choice."""
    table = melding.table_of(state, state.active)
    return state.held is None and not placements(table) and not takes(table)


def forced_discard(state: AkelarreState) -> bool:
    """A normal turn's start with one kind of card in hand and no move: that discard is the only choice."""
    if state.moved or state.played or state.held is not None or len(distinct(state.hands[state.active])) != 1:
        return False
    table = melding.table_of(state, state.active)
    return not placements(table) and not takes(table)


def settle(state: AkelarreState, events: list[Event]) -> None:
    """Play the steps that leave nobody a choice (docs/decisions.md: decisions are
    only asked where someone has a real choice); the events still tell them."""
    while True:
        if state.step == "draw":
            only = drawing.sources(state)
            if len(only) != 1:
                return
            drawing.do_draw(state, state.active, only[0], events)
            turn.after_draw(state, events)
        elif state.step == "play" and state.final and not state.moved and forced_pass(state):
            turn.end_final_turn(state, events)
        elif state.step == "play" and not state.final and forced_discard(state):
            drawing.do_discard(state, state.active, state.hands[state.active][0], events)
        else:
            return


def legal_actions(state: AkelarreState, seat: int, actors: list[int]) -> list[AkelarreAction]:
    """Every legal action of ``seat`` now, de-duplicated (identical cards give one
    action), in a fixed order: the phase-ending or cancelling action first, then
    discards, takes, adds (by place), opens (by place); see :mod:`games.akelarre.moves`."""
    if seat not in actors:
        return []
    step = state.step
    out: list[AkelarreAction] = []
    if step == "play":
        table = melding.table_of(state, seat)
        if state.held is not None:
            out.append(CancelTake())
            out += placements(table)
            return out
        if state.final or state.played:
            out.append(Done())
        else:
            out += [Discard(card=card) for card in distinct(state.hands[seat])]
        out += takes(table)
        out += placements(table)
        return out
    if step == "draw":
        return [Draw(source=source) for source in drawing.sources(state)]
    if step == "buy":
        return [EndTurn(), Buy()]
    if step == "pay":
        left = [c for c in state.points[seat] if c not in state.purchase]
        return [CancelPurchase(), *(Pay(card=card) for card in distinct(left))]
    if step == "payment" and state.payment is not None:
        cards = sort_cards(list(state.payment.cards))
        return [ChoosePayment(cards=list(pair)) for pair in combinations(cards, 2)]
    return out
