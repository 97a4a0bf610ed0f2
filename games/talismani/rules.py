"""Checking and applying the players' actions, and listing the legal ones.

Every check runs before the first change, so a refused action leaves even the
private working copy untouched. Each refusal names the spec rule it enforces.
"""

from __future__ import annotations

from games.core import Event, RuleError
from games.talismani import plays, turn
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
from games.talismani.data import SUITS
from games.talismani.state import Choice, Phase, TalismaniState

# Which action kinds each phase takes, and the rule that says so.
EXPECTED: dict[Phase, tuple[tuple[str, ...], str]] = {
    "play": (("play", "forge"), "TT-5.1"),
    "set_aside": (("set_aside",), "TT-8.1"),
    "stake": (("stake",), "TT-8.3"),
    "change_order": (("change_order",), "TT-10.5"),
    "change_weather": (("change_weather",), "TT-10.6"),
    "share": (("pick",), "TT-8.6"),
    "weather": (("weather",), "TT-11.2"),
}


def check_phase(state: TalismaniState, action: TalismaniAction) -> None:
    if state.phase == "over":
        raise RuleError("error.game_over")
    kinds, rule = EXPECTED[state.phase]
    if action.kind not in kinds:
        raise RuleError("talismani.error.not_now", rule)


def check_forge(state: TalismaniState, seat: int) -> None:
    """TT-5.1 (f) / TT-9.6 / R40: only with a pending talisman of the turn's dominant suit."""
    if not state.forge_ready(seat):
        raise RuleError("talismani.error.cannot_forge", "TT-9.6", suit=state.turn_row[0])


def check_pool_card(state: TalismaniState, card: str, rule: str) -> None:
    if card not in state.pool:
        # R14: set-aside cards are never in the pool.
        raise RuleError("talismani.error.not_in_pool", rule, card=card)


def check_change_order(state: TalismaniState, suit: str, position: int) -> None:
    """TT-10.5 / TV-23: position 1 can be neither taken nor filled."""
    if suit not in SUITS:
        raise RuleError("talismani.error.unknown_suit", "TT-10.5", suit=suit)
    if suit == state.row[0]:
        raise RuleError("talismani.error.dominant_fixed", "TT-10.5", suit=suit)
    if not 2 <= position <= len(state.row):
        raise RuleError("talismani.error.bad_position", "TT-10.5", position=position)


def check(state: TalismaniState, seat: int, action: TalismaniAction) -> None:
    """Raise RuleError unless ``action`` is legal for ``seat`` now (the seat is an actor)."""
    check_phase(state, action)
    if isinstance(action, PlayCards):
        plays.check_cards(state.hands[seat], action.cards)
    elif isinstance(action, Forge):
        check_forge(state, seat)
    elif isinstance(action, ChooseStake):
        check_pool_card(state, action.card, "TT-8.3")
    elif isinstance(action, Pick):
        check_pool_card(state, action.card, "TT-8.6")
    elif isinstance(action, ChangeOrder):
        check_change_order(state, action.suit, action.position)


def apply(state: TalismaniState, seat: int, action: TalismaniAction) -> list[Event]:
    check(state, seat, action)
    events: list[Event] = []
    if isinstance(action, PlayCards):
        turn.submit(state, seat, Choice(cards=list(action.cards)), events)
    elif isinstance(action, Forge):
        turn.submit(state, seat, Choice(forge=True), events)
    elif isinstance(action, SetAside):
        turn.answer_set_aside(state, seat, action.yes, events)
    elif isinstance(action, ChooseStake):
        turn.take_stake(state, action.card, events)
    elif isinstance(action, ChangeOrder):
        turn.change_order(state, action.suit, action.position, events)
    elif isinstance(action, ChangeWeather):
        turn.change_weather(state, action.rotate, events)
    elif isinstance(action, Pick):
        turn.give(state, seat, action.card, events)
        turn.continue_sharing(state, events)
    else:
        turn.rotate_row(state, seat, action.rotate, events)
        turn.end_turn(state, events)
    return events


def legal_actions(state: TalismaniState, seat: int, actors: list[int]) -> list[TalismaniAction]:
    """Every legal action of ``seat`` now (empty when it is not one of the actors)."""
    if seat not in actors:
        return []
    phase = state.phase
    if phase == "play":
        out: list[TalismaniAction] = [PlayCards(cards=cards) for cards in plays.card_plays(state.hands[seat])]
        if state.forge_ready(seat):
            out.insert(0, Forge())
        return out
    if phase == "set_aside":
        return [SetAside(yes=True), SetAside(yes=False)]
    if phase == "stake":
        return [ChooseStake(card=card) for card in state.pool]
    if phase == "share":
        return [Pick(card=card) for card in state.pool]
    if phase == "change_order":
        return [
            ChangeOrder(suit=suit, position=position)
            for suit in state.row[1:]
            for position in range(2, len(state.row) + 1)
        ]
    if phase == "change_weather":
        return [ChangeWeather(rotate=False), ChangeWeather(rotate=True)]
    if phase == "weather":
        return [Weather(rotate=False), Weather(rotate=True)]
    return []
