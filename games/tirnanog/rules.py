"""Checking and applying the players' actions, listing the legal ones, and forced steps.

Every check runs before the first change, so a refused action leaves even the
private working copy untouched. Each refusal names the spec rule it enforces.
"""

from __future__ import annotations

from games.core import Event, RuleError
from games.tirnanog import dispute, options, turn
from games.tirnanog.actions import (
    Consolidate,
    Declare,
    Discard,
    TakeCreatures,
    TakeTerritory,
    TirNanOgAction,
)
from games.tirnanog.data import META, SPECIES, species_of
from games.tirnanog.payment import counts_of, fits, pays, price
from games.tirnanog.powers import discounted
from games.tirnanog.state import Phase, TirNanOgState, species_counts

# Which action kinds each phase takes, and the rule that says so.
EXPECTED: dict[Phase, tuple[tuple[str, ...], str]] = {
    "turn": (("take_creatures", "take_territory", "consolidate"), "TNO-4.1.2"),
    "hand_limit": (("discard",), "TNO-4.2.3"),
    "declare": (("declare",), "TNO-4.5.2"),
    "dispute_discard": (("discard",), "TNO-4.5.7"),
}


# -- checks -------------------------------------------------------------------------------


def check_species(names: list[str], rule: str) -> None:
    for name in names:
        if name not in SPECIES:
            raise RuleError("tirnanog.error.unknown_species", rule, species=name)


def check_take_creatures(state: TirNanOgState, action: TakeCreatures) -> None:
    """TNO-4.2.1 / TNO-4.2.2 / R12."""
    if not state.display:
        raise RuleError("tirnanog.error.display_empty", "TNO-4.2.1")
    check_species(action.species, "TNO-4.2.2")
    expected = min(META.take_creatures, len(state.display))
    if len(action.species) != expected:
        raise RuleError("tirnanog.error.take_count", "TNO-4.2.2", count=expected)
    wanted = counts_of(action.species)
    shown = species_counts(state.display)
    for species in SPECIES:
        if wanted[species] > shown[species]:
            raise RuleError("tirnanog.error.not_in_display", "TNO-4.2.2", cards={species: wanted[species]})


def territory_refusal(state: TirNanOgState, seat: int, terrain: str) -> RuleError | None:
    """Why ``seat`` may not take the top of pile ``terrain`` now, or None (TNO-4.3)."""
    top = state.piles[terrain][0] if state.piles.get(terrain) else None
    return options.territory_refusal(terrain, top, state.reserves[seat], state.visible_types(seat))


def consolidation_refusal(
    state: TirNanOgState, seat: int, territory: str, payment: list[str]
) -> RuleError | None:
    """Why this consolidation is illegal, or None (TNO-4.4.1 / TNO-4.4.2 / R17)."""
    if territory not in state.reserves[seat]:
        return RuleError("tirnanog.error.not_in_reserve", "TNO-4.4.1", territory=territory)
    for name in payment:
        if name not in SPECIES:
            return RuleError("tirnanog.error.unknown_species", "TNO-4.4.1", species=name)
    paid = counts_of(payment)
    if not fits(paid, species_counts(state.hands[seat])):
        return RuleError(
            "tirnanog.error.not_in_hand", "TNO-4.4.1", cards={s: n for s, n in paid.items() if n}
        )
    discount = discounted(state, seat)
    needed = price(territory, discount)
    if len(payment) != needed:
        rule = "TNO-4.4.2" if discount else "TNO-4.4.1"
        return RuleError("tirnanog.error.payment_count", rule, territory=territory, count=needed)
    if not pays(territory, paid, discount):
        rule = "TNO-4.4.2" if discount else "TNO-4.4.1"
        return RuleError("tirnanog.error.wrong_creatures", rule, territory=territory)
    return None


def check_discard(state: TirNanOgState, seat: int, species: list[str], needed: int, rule: str) -> None:
    """TNO-4.2.3 / TNO-4.5.7: exactly ``needed`` cards, all from the hand."""
    check_species(species, rule)
    if len(species) != needed:
        raise RuleError("tirnanog.error.discard_count", rule, count=needed)
    wanted = counts_of(species)
    if not fits(wanted, species_counts(state.hands[seat])):
        raise RuleError("tirnanog.error.not_in_hand", rule, cards={s: n for s, n in wanted.items() if n})


def check_declaration(state: TirNanOgState, seat: int) -> None:
    """TNO-4.5.2 / R22: one declaration each, in order from the revealer."""
    current = state.dispute
    if state.phase != "declare" or current is None:
        raise RuleError("tirnanog.error.no_dispute", "TNO-4.5.2")
    if seat in current.declarations:
        raise RuleError("tirnanog.error.already_declared", "TNO-4.5.2")
    expected = current.next_declarer()
    if seat != expected:
        raise RuleError("tirnanog.error.declare_out_of_order", "TNO-4.5.2", next_seat=expected)


def check(state: TirNanOgState, seat: int, action: TirNanOgAction) -> None:
    """Raise RuleError unless ``action`` is legal for ``seat`` now."""
    if state.phase == "over":
        raise RuleError("error.game_over")
    if isinstance(action, Declare):
        check_declaration(state, seat)
        return
    kinds, rule = EXPECTED[state.phase]
    if action.kind not in kinds:
        raise RuleError("tirnanog.error.not_now", rule)
    if isinstance(action, TakeCreatures):
        check_take_creatures(state, action)
    elif isinstance(action, TakeTerritory):
        refusal = territory_refusal(state, seat, action.terrain)
        if refusal is not None:
            raise refusal
    elif isinstance(action, Consolidate):
        refusal = consolidation_refusal(state, seat, action.territory, action.payment)
        if refusal is not None:
            raise refusal
    elif isinstance(action, Discard):
        if state.phase == "hand_limit":
            check_discard(state, seat, action.species, state.hand_limit_discard, "TNO-4.2.3")
        else:
            assert state.dispute is not None
            check_discard(state, seat, action.species, state.dispute.to_discard, "TNO-4.5.7")


# -- applying -----------------------------------------------------------------------------


def apply(state: TirNanOgState, seat: int, action: TirNanOgAction) -> list[Event]:
    check(state, seat, action)
    events: list[Event] = []
    perform(state, seat, action, events)
    advance(state, events)
    return events


def perform(state: TirNanOgState, seat: int, action: TirNanOgAction, events: list[Event]) -> None:
    if isinstance(action, TakeCreatures):
        turn.take_creatures(state, seat, action.species, events)
    elif isinstance(action, TakeTerritory):
        turn.take_territory(state, seat, action.terrain, events)
        dispute.after_take(state, action.terrain, events)
    elif isinstance(action, Consolidate):
        turn.consolidate(state, seat, action.territory, action.payment, events)
    elif isinstance(action, Declare):
        dispute.declare(state, seat, action.take_part, events)
    elif state.phase == "hand_limit":
        turn.finish_hand_limit(state, seat, action.species, events)
    else:
        dispute.winner_discards(state, seat, action.species, events)


def advance(state: TirNanOgState, events: list[Event]) -> None:
    """Play the steps that leave no choice, so that a decision is always a real one
    (docs/decisions.md): a pass with no legal action (TNO-4.1.3), a lone legal action,
    discards that can be made only one way."""
    while state.phase != "over":
        seat = actor(state)
        legal = legal_for(state, seat)
        if len(legal) > 1 or state.phase == "declare":
            return
        if not legal:
            assert state.phase == "turn"
            turn.pass_turn(state, events)
            continue
        perform(state, seat, legal[0], events)


def actor(state: TirNanOgState) -> int:
    if state.phase == "declare":
        assert state.dispute is not None
        seat = state.dispute.next_declarer()
        assert seat is not None
        return seat
    if state.phase == "dispute_discard":
        assert state.dispute is not None and state.dispute.winner is not None
        return state.dispute.winner
    return state.active


# -- legal actions --------------------------------------------------------------------------


def legal_for(state: TirNanOgState, seat: int) -> list[TirNanOgAction]:
    """Every legal action of ``seat`` in the current phase (it must be the actor)."""
    phase = state.phase
    if phase == "turn":
        hand = species_counts(state.hands[seat])
        return [
            *options.take_options([species_of(c) for c in state.display]),
            *options.territory_options(state.pile_tops(), state.reserves[seat], state.visible_types(seat)),
            *options.consolidation_options(state.reserves[seat], hand, discounted(state, seat)),
        ]
    if phase == "hand_limit":
        return list(options.discard_options(species_counts(state.hands[seat]), state.hand_limit_discard))
    if phase == "declare":
        return [Declare(take_part=True), Declare(take_part=False)]
    if phase == "dispute_discard":
        assert state.dispute is not None
        return list(options.discard_options(species_counts(state.hands[seat]), state.dispute.to_discard))
    return []


def legal_actions(state: TirNanOgState, seat: int) -> list[TirNanOgAction]:
    """Every legal action of ``seat`` now (empty when it is not the one to act)."""
    if state.phase == "over" or seat != actor(state):
        return []
    return legal_for(state, seat)
