"""Rule by rule: every refusal (key, rule id, state unchanged). Setup, options, moves, legal
actions, decisions, automatic steps, the §9 defaults, views and events are in test_rules_moves.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.akelarre import (
    GAME,
    Add,
    AkelarreAction,
    AkelarreState,
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
from tests import catalogs
from tests.akelarre.akelarre_helpers import (
    act,
    assert_refused,
    keys,
    make_state,
    run,
)

ANNA, BRUNO, CARLA, DARIO = 0, 1, 2, 3
OTHERS = [["G3e", "G4d"], ["D3e", "D4d"], ["W3e", "W4d"]]


def table(hand: list[str], players: int = 3, **kwargs: object) -> AkelarreState:
    """Anna (P1) to play with ``hand``; the others hold two kinds of card."""
    return make_state(players, [hand, *OTHERS[: players - 1]], **kwargs)  # type: ignore[arg-type]


def held(state: AkelarreState, place: str, card: str) -> AkelarreState:
    state, _ = act(state, state.active, Take(place=place, card=card))
    return state


def put_back(state: AkelarreState) -> AkelarreState:
    state, _ = act(state, state.active, CancelTake())
    return state


def drawing(hand: list[str], **kwargs: object) -> AkelarreState:
    state = table(hand, **kwargs)
    state, _ = act(state, ANNA, Discard(card=hand[0]))
    return state


def final(hand: list[str], **kwargs: object) -> AkelarreState:
    state = table(hand, deck=0, **kwargs)
    state.final, state.last_drawer, state.final_queue = True, BRUNO, [ANNA, BRUNO]
    return state


POKER = {"P1-1": ["F5a", "D5a", "W5a", "G5a"], "P2-1": ["F2a", "F3a", "F4a"]}
RUN4 = {"P1-1": ["W2a", "W3a", "W4a", "W5a"], "P2-1": ["F5a", "D5a", "N5a"]}


def deck_gone() -> AkelarreState:
    """A rigged draw step with an empty deck (play never reaches it: AK-10.1 ends the draws)."""
    state = drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]})
    state.deck = []
    return state


# (name, state, action, key, rule): every refusal the engine makes.
REFUSALS: list[tuple[str, Callable[[], AkelarreState], AkelarreAction, str, str | None]] = [
    ("deck_empty", deck_gone, Draw(source="deck"), "deck_empty", "AK-10.1"),
    (
        "discard_after_play",
        lambda: run(
            table(["F2c", "F3c", "F4c", "N2c"]), ANNA, Open(place="P1-1", cards=["F2c", "F3c", "F4c"])
        )[0],
        Discard(card="N2c"),
        "discard_after_play",
        "R8",
    ),
    ("too_few", lambda: table(["F2a", "F3a"]), Open(place="P1-1", cards=["F2a", "F3a"]), "too_few", "AK-5.1"),
    (
        "too_many_cards",
        lambda: table(["N2a", "N3a", "N4a", "N5a", "N6a", "NJ"]),
        Open(place="P1-1", cards=["N2a", "N3a", "N4a", "N5a", "N6a", "NJ"]),
        "too_many",
        "R30",
    ),
    (
        "no_joker",
        lambda: table(["F2a", "F3a", "F4a"]),
        Open(place="P1-1", cards=["F2a", "F3a", "F4a"], joker_value=5),
        "no_joker",
        "AK-3.6",
    ),
    (
        "joker_value_set",
        lambda: table(["F5a", "D5a", "GJ"]),
        Open(place="P1-1", cards=["F5a", "D5a", "GJ"], joker_value=4),
        "joker_value",
        "AK-3.6",
    ),
    (
        "joker_value_range",
        lambda: table(["FJ", "GJ", "DJ"]),
        Open(place="P1-1", cards=["FJ", "GJ", "DJ"], joker_value=7),
        "joker_value",
        "AK-3.6",
    ),
    (
        "joker_value_run",
        lambda: table(["F2a", "F4a", "FJ"]),
        Open(place="P1-1", cards=["F2a", "F4a", "FJ"], joker_value=5),
        "joker_value",
        "R11",
    ),
    (
        "joker_value_needed",
        lambda: table(["FJ", "GJ", "DJ"]),
        Open(place="P1-1", cards=["FJ", "GJ", "DJ"]),
        "joker_value_needed",
        "R12",
    ),
    (
        "set_family_twice",
        lambda: table(["F5a", "F5b", "D5a"]),
        Open(place="P1-1", cards=["F5a", "F5b", "D5a"]),
        "set_family_twice",
        "AK-3.3",
    ),
    (
        "set_joker_own_family",
        lambda: table(["G5a", "GJ", "D5a"]),
        Open(place="P1-1", cards=["G5a", "GJ", "D5a"]),
        "set_family_twice",
        "AK-3.3",
    ),
    (
        "run_two_families",
        lambda: table(["F2a", "F3a", "G4a"]),
        Open(place="P1-1", cards=["F2a", "F3a", "G4a"]),
        "run_two_families",
        "AK-3.4",
    ),
    (
        "set_values_differ",
        lambda: table(["F2a", "G3a", "D2a"]),
        Open(place="P1-1", cards=["F2a", "G3a", "D2a"]),
        "set_values_differ",
        "AK-3.3",
    ),
    (
        "run_duplicate",
        lambda: table(["F3b"], groups={"P1-1": ["F2a", "FJ@3", "F4a"]}),
        Add(place="P1-1", cards=["F3b"]),
        "run_duplicate",
        "AK-3.8",
    ),
    (
        "run_gap",
        lambda: table(["F2a", "F3a", "F5a"]),
        Open(place="P1-1", cards=["F2a", "F3a", "F5a"]),
        "run_gap",
        "AK-3.4",
    ),
    (
        "run_wrap",
        lambda: table(["F5a", "F6a", "F2a"]),
        Open(place="P1-1", cards=["F5a", "F6a", "F2a"]),
        "run_gap",
        "AK-3.4",
    ),
    (
        "no_such_place",
        lambda: table(["F2a", "F3a", "F4a"]),
        Open(place="P9-1", cards=["F2a", "F3a", "F4a"]),
        "no_such_place",
        "AK-4.6",
    ),
    (
        "not_in_hand",
        lambda: table(["F2a", "F3a"]),
        Open(place="P1-1", cards=["F2a", "F3a", "F4a"]),
        "not_in_hand",
        "AK-5.1",
    ),
    (
        "same_card_twice",
        lambda: table(["F2a", "F3a"]),
        Open(place="P1-1", cards=["F2a", "F2a", "F3a"]),
        "not_in_hand",
        "AK-5.1",
    ),
    (
        "place_taken",
        lambda: table(["F2a", "F3a", "F4a"], groups={"P1-1": ["N2c", "N3b", "N4a"]}),
        Open(place="P1-1", cards=["F2a", "F3a", "F4a"]),
        "place_taken",
        "AK-4.3",
    ),
    ("place_free", lambda: table(["F2a"]), Add(place="P1-1", cards=["F2a"]), "place_free", "AK-5.2"),
    (
        "empty_move",
        lambda: table(["F2a"], groups={"P1-1": ["N2c", "N3b", "N4a"]}),
        Add(place="P1-1", cards=[]),
        "empty_move",
        "AK-5.2",
    ),
    (
        "take_same_group",
        lambda: held(table(["N2c"], groups=POKER), "P1-1", "F5a"),
        Add(place="P1-1", cards=[]),
        "take_same_group",
        "AK-5.6",
    ),
    (
        "one_take",
        lambda: held(table(["N2c"], groups={**POKER, "P3-1": ["F6a", "G6a", "D6a", "W6a"]}), "P1-1", "F5a"),
        Take(place="P3-1", card="F6a"),
        "one_take",
        "R5",
    ),
    (
        "take_needs_four",
        lambda: table(["N2c"], groups={"P1-1": ["F5a", "D5a", "W5a"]}),
        Take(place="P1-1", card="F5a"),
        "take_needs_four",
        "AK-5.5",
    ),
    (
        "not_in_group",
        lambda: table(["N2c"], groups=POKER),
        Take(place="P1-1", card="N5a"),
        "not_in_group",
        "AK-5.5",
    ),
    (
        "take_not_end",
        lambda: table(["N2c"], groups=RUN4),
        Take(place="P1-1", card="W3a"),
        "take_not_end",
        "AK-5.5",
    ),
    (
        "take_nowhere",
        lambda: table(["N2c", "D3a"], groups=RUN4),
        Take(place="P1-1", card="W2a"),
        "take_nowhere",
        "AK-5.6",
    ),
    ("nothing_held", lambda: table(["N2c"]), CancelTake(), "nothing_held", "AK-5.5"),
    (
        "taken_this_turn",
        lambda: put_back(held(table(["N2c", "D3a"], groups=POKER), "P1-1", "F5a")),
        Take(place="P1-1", card="F5a"),
        "taken_this_turn",
        "R-T1",
    ),
    (
        "take_into_hand_done",
        lambda: held(table(["N2c"], groups=RUN4), "P1-1", "W5a"),
        Done(),
        "take_into_hand",
        "AK-5.6",
    ),
    (
        "take_into_hand_discard",
        lambda: held(table(["N2c"], groups=RUN4), "P1-1", "W5a"),
        Discard(card="N2c"),
        "take_into_hand",
        "AK-5.6",
    ),
    ("must_discard", lambda: table(["N2c", "D3a"]), Done(), "must_discard", "AK-7.1"),
    ("discard_not_in_hand", lambda: table(["N2c", "D3a"]), Discard(card="F2a"), "not_in_hand", "AK-7.1"),
    ("final_discard", lambda: final(["N2c", "D3a"]), Discard(card="N2c"), "final_turn", "AK-10.4"),
    ("final_draw", lambda: final(["N2c", "D3a"]), Draw(source="deck"), "final_turn", "AK-10.4"),
    (
        "final_buy",
        lambda: final(["N2c", "D3a"], points={ANNA: ["F2a", "F3a", "F4a", "F5a", "F6a"]}),
        Buy(),
        "final_turn",
        "AK-10.4",
    ),
    ("final_end_turn", lambda: final(["N2c", "D3a"]), EndTurn(), "final_turn", "AK-10.4"),
    (
        "unknown_pile",
        lambda: drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]}),
        Draw(source="hand"),
        "unknown_pile",
        "AK-8.1",
    ),
    (
        "pile_empty",
        lambda: drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]}),
        Draw(source="goblins"),
        "pile_empty",
        "R10",
    ),
    (
        "own_discard",
        lambda: drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]}),
        Draw(source="nymphs"),
        "own_discard",
        "R9",
    ),
    (
        "buy_needs_five",
        lambda: table(["N2c", "D3a"], points={ANNA: ["F2a", "F3a", "F4a", "F5a"]}),
        Buy(),
        "buy_needs_five",
        "AK-9.1",
    ),
    (
        "buy_not_now",
        lambda: table(["N2c", "D3a"], points={ANNA: ["F2a", "F3a", "F4a", "F5a", "F6a"]}),
        Buy(),
        "not_now",
        "AK-9.1",
    ),
    (
        "place_cap",
        lambda: table(
            ["N2c", "D3a"], points={ANNA: ["F2a", "F3a", "F4a", "F5a", "F6a"]}, place_counts={ANNA: 3}
        ),
        Buy(),
        "place_cap",
        "R3",
    ),
    ("draw_not_now", lambda: table(["N2c", "D3a"]), Draw(source="deck"), "not_now", "AK-2.1"),
    ("pay_not_now", lambda: table(["N2c", "D3a"]), Pay(card="N2c"), "not_now", "AK-2.1"),
    (
        "payment_not_now",
        lambda: table(["N2c", "D3a"]),
        ChoosePayment(cards=["N2c", "D3a"]),
        "not_now",
        "AK-2.1",
    ),
    (
        "discard_in_draw",
        lambda: drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]}),
        Discard(card="D3a"),
        "not_now",
        "AK-8.1",
    ),
]


def test_every_error_key_is_tested() -> None:
    """Each akelarre.error.* key the engine raises has a refusal test here."""
    tested = {key for _name, _build, _action, key, _rule in REFUSALS}
    tested |= {"payment_two", "not_in_points", "teams_need_four", "unknown_option", "stall", "take_into_hand"}
    emitted = {key.removeprefix("akelarre.error.") for key in catalogs.emitted_keys("akelarre", "error")}
    assert emitted == tested


@pytest.mark.parametrize(("name", "build", "action", "key", "rule"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_every_refusal_changes_nothing(
    name: str, build: Callable[[], AkelarreState], action: AkelarreAction, key: str, rule: str | None
) -> None:
    """AK-5.11, R40: refused with the key and the rule id; the state is unchanged."""
    state = build()
    assert_refused(state, state.active, action, f"akelarre.error.{key}", rule)
    assert action not in (GAME.legal_actions(state, state.active) or [])


def buying() -> AkelarreState:
    state = table(["N2c", "D3a"], points={ANNA: ["F2a", "F3a", "F4a", "F5a", "F6a", "G2a"]})
    state.step = "buy"
    return state


def test_purchase_refusals_and_cancel() -> None:
    """AK-9.2, R19: the price comes from the point pile, each card once; cancelling pays nothing."""
    state, _ = act(buying(), ANNA, Buy())
    assert_refused(state, ANNA, Pay(card="N2c"), "akelarre.error.not_in_points", "AK-9.2")
    state, _ = act(state, ANNA, Pay(card="F2a"))
    assert_refused(state, ANNA, Pay(card="F2a"), "akelarre.error.not_in_points", "AK-9.2")
    assert Pay(card="F2a") not in (GAME.legal_actions(state, ANNA) or [])
    # R19, R-T1: giving up the turn's one purchase ends the turn (it used to go back to
    # the buy step, from where buy, cancel, buy... never ended the turn).
    state, events = act(state, ANNA, CancelPurchase())
    assert state.purchase == [] and len(state.points[ANNA]) == 6
    assert state.active == BRUNO and state.step == "play" and keys(events) == ["turn"]


def test_payment_refusals() -> None:
    """AK-6.3: exactly 2 different cards of the 5."""
    state = make_state(
        3,
        [["N2c", "D3a"], ["W6a", "N3a"], OTHERS[2]],
        groups={"P1-1": ["F6a", "G6a", "D6a", "N6a"]},
        active=BRUNO,
    )
    state, _ = act(state, BRUNO, Add(place="P1-1", cards=["W6a"]))
    for cards in (["F6a"], ["F6a", "F6a"], ["F6a", "N2c"], ["F6a", "G6a", "D6a"]):
        assert_refused(state, ANNA, ChoosePayment(cards=cards), "akelarre.error.payment_two", "AK-6.3")
    assert len(GAME.legal_actions(state, ANNA) or []) == 10
