"""Checking and applying the players' actions.

Every check runs before the first change, so a refused action leaves even the
private working copy untouched. Each refusal names the spec rule it enforces.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.core import Event, Rng, RuleError
from games.core.events import public
from games.magmor import turn
from games.magmor.actions import Choose, Explore, MagmorAction, Pass, Pay, PayMagMor, Split
from games.magmor.data import GAME_RULES, RESOURCES
from games.magmor.state import Category, Exploration, MagmorState

# -- shared checks ------------------------------------------------------------


def _check_bundle(cards: Mapping[str, int], rule: str) -> None:
    for res, count in cards.items():
        if res not in RESOURCES:
            raise RuleError("magmor.error.unknown_resource", rule, resource=res)
        if count < 0:
            raise RuleError("magmor.error.negative_count", rule, resource=res, count=count)


def _require_phase(state: MagmorState, phases: tuple[str, ...], key: str, rule: str) -> None:
    if state.phase not in phases:
        raise RuleError(key, rule)


# -- phase 1: explore and choose ----------------------------------------------


def check_explore(state: MagmorState, cell: str) -> str:
    """Return the explore-cost resource of a legal exploration (MM-4.2.4, R10)."""
    _require_phase(state, ("choose",), "magmor.error.not_choice_phase", "MM-4.2.4")
    if cell not in state.candidates:
        raise RuleError("magmor.error.not_candidate", "MM-4.2.4", cell=cell)
    if len(state.candidates) < 2:  # MM-4.2.3 / R9 (a forced move never waits for the leader)
        raise RuleError("magmor.error.forced_move", "MM-4.2.3", cell=cell)
    if any(e.cell == cell for e in state.explorations):
        raise RuleError("magmor.error.already_explored", "MM-4.2.4", cell=cell)
    cost = turn.card_at(state, cell).explore_cost
    if state.hands[state.leader][cost] < 1:  # R11: only the leader's own hand pays
        raise RuleError("magmor.error.cannot_afford_exploration", "MM-4.2.4", cell=cell, resource=cost)
    return cost


def explore(state: MagmorState, cell: str, events: list[Event]) -> None:
    cost = check_explore(state, cell)
    leader = state.leader
    state.hands[leader][cost] -= 1
    state.piles[cost] += 1
    state.explorations.append(Exploration(seat=leader, cell=cell, resource=cost))
    events.append(public("magmor.event.explored", seat=leader, cell=cell, resource=cost))
    # R10 / MM-4.10.3: the face goes to the leader alone.
    found, pay = turn.face_bundles(state, cell)
    events.append(
        turn.for_seat(
            leader,
            "magmor.event.explored_face",
            seat=leader,
            cell=cell,
            terrain=turn.card_at(state, cell).terrain,
            found_cards=found,
            pay_cards=pay,
        )
    )


def choose(state: MagmorState, cell: str, events: list[Event]) -> None:
    _require_phase(state, ("choose",), "magmor.error.not_choice_phase", "MM-4.2.5")
    if cell not in state.candidates:
        raise RuleError("magmor.error.not_candidate", "MM-4.2.1", cell=cell)
    events.append(public("magmor.event.chosen", seat=state.leader, cell=cell))
    turn.enter_cell(state, cell, events)


# -- phase 2: the split ---------------------------------------------------------


def validate_split(state: MagmorState, allocation: Mapping[int, Mapping[str, int]]) -> None:
    """Raise RuleError unless ``allocation`` hands out every taken card exactly once
    to players of this game (MM-4.3.4, R13)."""
    _require_phase(state, ("split",), "magmor.error.not_split_phase", "MM-4.3.4")
    totals = dict.fromkeys(RESOURCES, 0)
    for seat, cards in allocation.items():
        if not 0 <= seat < state.players:
            # Cards given to no player would go back to a pile: not allowed.
            raise RuleError("magmor.error.split_unknown_seat", "MM-4.3.4", number=seat)
        _check_bundle(cards, "MM-4.3.4")
        for res, count in cards.items():
            totals[res] += count
    for res in RESOURCES:
        taken = state.taken.get(res, 0)
        if totals[res] != taken:
            raise RuleError(
                "magmor.error.split_mismatch",
                "MM-4.3.4",
                resource=res,
                taken=taken,
                allocated=totals[res],
            )


def keep_all(state: MagmorState) -> Split:
    """The leader keeps every taken card: always legal (D5)."""
    return Split(allocation={state.leader: dict(state.taken)})


def random_split(state: MagmorState, rng: Rng) -> Split:
    """A uniformly random legal split, one card at a time (tests and fuzzing)."""
    allocation: dict[int, dict[str, int]] = {}
    for res, count in state.taken.items():
        for _ in range(count):
            seat = rng.randint(0, state.players - 1)
            cards = allocation.setdefault(seat, {})
            cards[res] = cards.get(res, 0) + 1
    return Split(allocation=allocation)


def split(state: MagmorState, allocation: Mapping[int, Mapping[str, int]], events: list[Event]) -> None:
    validate_split(state, allocation)
    turn.apply_split(state, allocation, events)


# -- phase 3: payments ----------------------------------------------------------


def check_pay(state: MagmorState, seat: int, resource: str) -> Category:
    _require_phase(state, ("pay",), "magmor.error.not_pay_phase", "MM-4.4.3")
    if resource not in RESOURCES:
        raise RuleError("magmor.error.unknown_resource", "MM-4.4.1", resource=resource)
    category = next((c for c in state.categories if c.res == resource), None)
    if category is None:
        card = turn.card_at(state, state.position)
        if any(row.res == resource for row in card.pay):
            # R34: a category on an ignored row (3 players) does not exist.
            raise RuleError("magmor.error.ignored_row", "MM-4.3.2", resource=resource)
        raise RuleError("magmor.error.no_such_category", "MM-4.4.1", resource=resource)
    if category.paid_by is not None:
        raise RuleError("magmor.error.category_paid", "MM-4.4.4", resource=resource, by_seat=category.paid_by)
    held = state.hands[seat][resource]
    if held < category.qty:  # "in toto": no partial payment
        raise RuleError(
            "magmor.error.cannot_afford", "MM-4.4.3", resource=resource, qty=category.qty, held=held
        )
    return category


def pay(state: MagmorState, seat: int, resource: str, events: list[Event]) -> None:
    category = check_pay(state, seat, resource)
    turn.pay_category(state, seat, category, events)


def check_pay_magmor(state: MagmorState, seat: int, cards: Mapping[str, int]) -> None:
    _require_phase(state, ("magmor",), "magmor.error.not_magmor_phase", "MM-4.7.2")
    _check_bundle(cards, "MM-4.7.2")
    count = sum(cards.values())
    needed = GAME_RULES.magmor_cards_per_player
    if count != needed:  # R28: exactly 2, any types
        raise RuleError("magmor.error.magmor_card_count", "MM-4.7.2", count=count, needed=needed)
    hand = state.hands[seat]
    if any(hand[res] < n for res, n in cards.items()):
        raise RuleError("magmor.error.cards_not_held", "MM-4.7.2", cards=turn.nonzero(cards))


def pay_magmor(state: MagmorState, seat: int, cards: Mapping[str, int], events: list[Event]) -> None:
    check_pay_magmor(state, seat, cards)
    turn.pay_magmor(state, seat, cards, events)


def pass_(state: MagmorState, seat: int, events: list[Event]) -> None:
    _require_phase(state, ("pay", "magmor"), "magmor.error.not_payment_round", "MM-4.4.3")
    turn.record_pass(state, seat, events, auto=False)
    if state.phase == "pay":
        turn.advance_payment(state, events)
    else:
        turn.advance_magmor(state, events)


# -- dispatch and legal actions ---------------------------------------------------


def apply(state: MagmorState, seat: int, action: MagmorAction) -> list[Event]:
    events: list[Event] = []
    if isinstance(action, Explore):
        explore(state, action.cell, events)
    elif isinstance(action, Choose):
        choose(state, action.cell, events)
    elif isinstance(action, Split):
        split(state, action.allocation, events)
    elif isinstance(action, Pay):
        pay(state, seat, action.resource, events)
    elif isinstance(action, PayMagMor):
        pay_magmor(state, seat, action.cards, events)
    else:
        pass_(state, seat, events)
    return events


def magmor_payments(hand: Mapping[str, int]) -> list[dict[str, int]]:
    """Every distinct 2-card payment from ``hand``, in resource order."""
    held = [res for res in RESOURCES if hand.get(res, 0) > 0]
    options: list[dict[str, int]] = []
    for index, res in enumerate(held):
        if hand[res] >= 2:
            options.append({res: 2})
        options.extend({res: 1, other: 1} for other in held[index + 1 :])
    return options


def legal_actions(state: MagmorState, seat: int) -> list[MagmorAction] | None:
    if state.phase == "over":
        return []
    if state.phase in ("choose", "split"):
        if seat != state.leader:
            return []
        if state.phase == "split":
            return None  # too many: see validate_split / random_split
        out: list[MagmorAction] = []
        for cell in state.candidates:
            try:
                check_explore(state, cell)
            except RuleError:
                continue
            out.append(Explore(cell=cell))
        out.extend(Choose(cell=cell) for cell in state.candidates)
        return out
    if not state.still_to_act() or state.still_to_act()[0] != seat:
        return []
    if state.phase == "pay":
        hand = state.hands[seat]
        pays: list[MagmorAction] = [
            Pay(resource=c.res) for c in state.categories if c.paid_by is None and hand[c.res] >= c.qty
        ]
        return [*pays, Pass()]
    payments: list[MagmorAction] = [PayMagMor(cards=cards) for cards in magmor_payments(state.hands[seat])]
    return [*payments, Pass()]
