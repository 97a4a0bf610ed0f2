"""Rule by rule: setup, options, moves, every refusal (key, rule id, state unchanged),
legal actions, decisions, automatic steps, the §9 defaults, views and events."""

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
from games.akelarre.defaults import discard_choice, payment_choice
from games.core import RuleError
from tests import catalogs
from tests.akelarre.akelarre_helpers import (
    act,
    assert_refused,
    find,
    group,
    keys,
    make_state,
    other_favourites,
    run,
    view_json,
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


# -- setup and options ----------------------------------------------------------------


def test_options() -> None:
    """AK-1.1, R26: teams only with 4 players; the safeguard may be disabled; unknown options refused."""
    assert GAME.new_game(4, 1, {"teams": True}).teams
    with pytest.raises(RuleError) as caught:
        GAME.new_game(3, 1, {"teams": True})
    assert (caught.value.key, caught.value.rule) == ("akelarre.error.teams_need_four", "AK-1.1")
    with pytest.raises(RuleError) as caught:
        GAME.new_game(3, 1, {"colour": "green"})
    assert caught.value.key == "akelarre.error.unknown_option"
    assert GAME.new_game(2, 1, {"stall_safeguard": False}).stall_limit == 0
    assert GAME.new_game(2, 1).stall_limit == 20
    with pytest.raises(RuleError):
        GAME.new_game(5, 1)


def test_first_player_is_random_and_announced() -> None:
    """AK-1.7, R2."""
    firsts = {GAME.new_game(4, seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = GAME.new_game(3, 8)
    events = GAME.opening_events(state)
    assert find(events, "first_player")[0].params["seat"] == state.active
    favourite_events = find(events, "favourite")
    assert [e.seats for e in favourite_events] == [[0], [1], [2]]
    assert all(e.params["suit"] == state.favourites[e.params["seat"]] for e in favourite_events)
    assert all(e.seats for e in find(events, "dealt"))
    assert GAME.opening_events(GAME.new_game(4, 8, {"teams": True}))[-3].key == "akelarre.event.team"


# -- moves ------------------------------------------------------------------------------


def test_a_move_may_add_several_cards() -> None:
    """AK-5.3, R29: F5 and F6 together complete F2-F4."""
    state = table(["F5a", "F6a", "N2c"], groups={"P1-1": ["F2a", "F3a", "F4a"]})
    state, events = act(state, ANNA, Add(place="P1-1", cards=["F5a", "F6a"]))
    assert keys(events) == ["added", "captured"] and len(state.points[ANNA]) == 5


def test_cancel_take_puts_the_card_back_with_its_value() -> None:
    state = table(
        ["N2c", "F6a"], groups={"P1-1": ["N3b", "N4a", "N5a", "NJ@6"], "P2-1": ["F6b", "G6a", "D6a"]}
    )
    before = state.model_dump()
    state, _ = act(state, ANNA, Take(place="P1-1", card="NJ"))
    assert GAME.legal_actions(state, ANNA)[0] == CancelTake()  # type: ignore[index]
    state, events = act(state, ANNA, CancelTake())
    # R-T1: the state is as before, except that NJ counts as taken this turn.
    assert keys(events) == ["take_cancelled"] and state.model_dump() == before | {"taken": ["NJ"]}


def test_a_take_only_move_does_not_count_as_playing() -> None:
    """R7, AK-5.8."""
    groups = {"P1-1": ["F6a", "G6a", "D6a", "W6a"], "P2-1": ["F3b", "F4b", "F5b"]}
    state = table(["N2c", "D3a"], groups=groups)
    state, _ = run(state, ANNA, Take(place="P1-1", card="F6a"))
    assert Done() not in (GAME.legal_actions(state, ANNA) or [])
    assert all(a.kind in ("cancel_take", "add", "open") for a in GAME.legal_actions(state, ANNA) or [])


def test_a_completed_group_pays_the_destination_owner() -> None:
    """R28, R39: Carla takes N6 from Bruno's poker and completes Anna's run with it:
    Anna, the destination's owner, chooses; Bruno's place keeps a 3-card group."""
    groups = {"P2-1": ["N6a", "F6a", "G6a", "D6a"], "P1-1": ["N2a", "N3b", "N4a", "N5a"]}
    hands = [["W2c", "D3a"], ["N6b", "W3a"], ["G2a", "W4a"]]
    state = make_state(3, hands, groups=groups, active=CARLA)
    state, events = run(state, CARLA, Take(place="P2-1", card="N6a"), Add(place="P1-1", cards=[]))
    assert keys(events) == ["took", "added", "completed"]
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == [ANNA]
    assert sorted(group(state, "P2-1")) == ["D6a", "F6a", "G6a"]
    state, _ = act(state, ANNA, GAME.default_action(state, ANNA))
    assert len(state.points[ANNA]) == 2 and len(state.points[CARLA]) == 3
    assert_refused(state, CARLA, Done(), "akelarre.error.must_discard", "AK-7.1")  # R7: no hand card


def test_moves_pause_for_the_owner() -> None:
    """R15: after a completion on another's place only the owner acts, then Phase A goes on."""
    groups = {"P2-1": ["F2a", "F3a", "F4a", "F5a"]}
    state = table(["F6a", "G2a", "D2a", "N2c"], groups=groups)
    state, _ = act(state, ANNA, Add(place="P2-1", cards=["F6a"]))
    assert state.step == "payment" and GAME.legal_actions(state, ANNA) == []
    state, events = act(state, BRUNO, ChoosePayment(cards=["F5a", "F6a"]))
    assert find(events, "paid")[0].params["owner_cards_list"] == ["F5a", "F6a"]
    state, _ = act(state, ANNA, Open(place="P2-1", cards=["G2a", "D2a", "N2c"]))  # freed at once (AK-4.5)
    assert len(group(state, "P2-1")) == 3


def test_hand_never_exceeds_seven() -> None:
    """AK-2.6, AK-8.2: a draw fills up to 7 only."""
    state = drawing(["N2c", "D3a", "G4a", "W5a", "F6a", "N3b", "D4a"])
    assert state.step == "play" and len(state.hands[ANNA]) == 7  # the deck was the only source


# -- legal actions ------------------------------------------------------------------------


def test_legal_actions_are_deduplicated_and_ordered() -> None:
    """Identical cards give one action; the order is: end/discards, takes, adds, opens."""
    state = table(["F2a", "F2b", "G2a", "D2a", "N2c"])
    legal = GAME.legal_actions(state, ANNA) or []
    discards = [a for a in legal if isinstance(a, Discard)]
    assert [a.card for a in discards] == ["F2a", "G2a", "D2a", "N2c"]
    kinds = [a.kind for a in legal]
    assert kinds == sorted(kinds, key=["discard", "done", "take", "add", "open"].index)
    opens = [a for a in legal if isinstance(a, Open)]
    assert len(opens) == len({(a.place, tuple(a.cards), a.joker_value) for a in opens})
    assert all("F2b" not in a.cards for a in opens)
    # 3 of 4 twos, and all 4: 4 + 1 sets on each of the 3 free places (one per seat).
    assert len(opens) == 5 * 3
    again = GAME.legal_actions(state, ANNA)
    assert again == legal  # deterministic


def test_every_listed_action_is_accepted() -> None:
    groups = {"P1-1": ["F5a", "D5a", "W5a", "GJ@5"], "P2-1": ["N2a", "N3b", "N4a"]}
    state = table(["N5a", "NJ", "N6a", "F2a", "F3a", "F4a", "W2c"], groups=groups)
    legal = GAME.legal_actions(state, ANNA) or []
    assert {a.kind for a in legal} == {"discard", "take", "add", "open"}
    for action in legal:
        GAME.play(state, ANNA, action)  # never raises


def test_only_the_actor_has_legal_actions() -> None:
    state = table(["N2c", "D3a"])
    assert GAME.legal_actions(state, BRUNO) == []
    with pytest.raises(RuleError) as caught:
        GAME.play(state, BRUNO, Discard(card="N6b"))
    assert caught.value.key == "error.not_your_turn"


# -- automatic steps -----------------------------------------------------------------------


def test_a_forced_discard_and_draw_are_played_by_the_engine() -> None:
    """docs/decisions.md: one kind of card and no move: the discard and the deck draw are made."""
    state = make_state(2, [["N2c", "D3a"], ["W6a", "W6b"]], deck=10)
    state, events = act(state, ANNA, Discard(card="N2c"))
    assert keys(events)[:3] == ["discarded", "drew_deck", "drew_cards"]
    assert keys(events)[3:] == ["turn", "discarded"]  # Bruno's forced discard
    # Bruno may draw from the deck or Anna's Nymphs pile: a real choice, so it waits.
    assert state.active == BRUNO and state.step == "draw"


# -- defaults (§9) -------------------------------------------------------------------------


def test_default_discard_row_7() -> None:
    """§9 row 7: isolated non-favourite naturals first, highest value, then canonical order."""
    assert discard_choice(["F2a", "F3a", "G6a", "D6a", "N4a"], "fairies") == "N4a"  # G6/D6 pair up
    assert discard_choice(["F2a", "G5a", "D3a"], "witches") == "G5a"
    assert discard_choice(["G5a", "G6a", "D5a"], "fairies") == "G6a"  # none isolated: highest
    assert discard_choice(["F2a", "F5a", "FJ"], "fairies") == "F2a"  # the lowest favourite
    assert discard_choice(["FJ", "GJ"], "fairies") == "GJ"  # jokers last, never the favourite's own


def test_default_payment_row_9() -> None:
    """§9 row 9 / TV-12: favourite naturals by value, then others in canonical order, then jokers."""
    assert payment_choice(["F6a", "G6a", "D6a", "W6a", "N6a"], "nymphs") == ["F6a", "N6a"]
    assert payment_choice(["N2a", "N3a", "N4a", "NJ", "N6a"], "nymphs") == ["N4a", "N6a"]
    assert payment_choice(["G2a", "G3a", "GJ", "G5a", "G6a"], "fairies") == ["G5a", "G6a"]


def test_defaults_for_every_step() -> None:
    """§9 rows 5, 7, 8, 10, 11, 12."""
    state = table(["N2c", "D3a"])
    assert GAME.default_action(state, ANNA) == Discard(card="D3a")
    played = table(["F2a", "F3a", "F4a", "N2c"])
    played, _ = act(played, ANNA, Open(place="P1-1", cards=["F2a", "F3a", "F4a"]))
    assert GAME.default_action(played, ANNA) == Done()
    pile = drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]})
    assert GAME.default_action(pile, ANNA) == Draw(source="deck")
    assert GAME.default_action(buying(), ANNA) == EndTurn()
    paying, _ = act(buying(), ANNA, Buy())
    assert GAME.default_action(paying, ANNA) == CancelPurchase()
    assert GAME.default_action(final(["N2c", "N3b", "N4a"]), ANNA) == Done()
    holding = held(table(["N2c"], groups=RUN4), "P1-1", "W5a")
    assert GAME.default_action(holding, ANNA) == CancelTake()
    with pytest.raises(RuleError):
        GAME.default_action(state, BRUNO)


# -- views and events ------------------------------------------------------------------------


def test_views_hide_hands_and_favourites() -> None:
    """AK-11, R36: own hand and own favourite only; not even the partner's."""
    state = GAME.new_game(4, 5, {"teams": True})
    public = GAME.view(state, None)
    assert public.hand is None and public.favourite is None and public.favourites is None
    assert public.teams == [[0, 2], [1, 3]]
    assert view_json(state, None) == view_json(other_favourites(state, None), None)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view.hand == state.hands[seat] and view.favourite == state.favourites[seat]
        # The view is the same whatever the other seats' favourites are.
        assert view_json(state, seat) == view_json(other_favourites(state, seat), seat)


def test_the_public_view_shows_the_table() -> None:
    groups = {"P1-1": ["F2a", "FJ@3", "F4a", "F5a"], "P2-1": ["G6a", "D6a", "W6a"]}
    state = table(["N2c"], groups=groups, piles={"druids": ["D2a", "D3a"]}, points={BRUNO: ["W2a"]})
    view = GAME.view(state, None)
    place = view.places[0]
    assert (place.id, place.owner, place.kind, place.to_complete) == ("P1-1", 0, "run", 1)
    assert [c.label for c in place.cards] == ["F2a", "FJ@3", "F4a", "F5a"] and place.cards[1].value == 3
    assert (
        place.needs_families == ["fairies"] and place.needs_values == [6] and place.takeable == ["F2a", "F5a"]
    )
    assert view.places[1].needs_families == ["fairies", "nymphs"] and view.places[1].needs_values == [6]
    druids = next(p for p in view.piles if p.family == "druids")
    assert (druids.top, druids.size, druids.cards) == ("D3a", 2, ["D2a", "D3a"])
    assert view.seats[BRUNO].point_pile == ["W2a"] and view.hand_sizes == [1, 2, 2]
    assert view.deck_count == 40 and view.active == ANNA and not view.final_round


def test_deck_draws_are_private_and_pile_draws_public() -> None:
    """AK-8.6, AK-11.3."""
    state = drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]})
    state, events = act(state, ANNA, Draw(source="deck"))
    public_events = [e for e in events if e.public]
    assert all("cards_list" not in e.params for e in public_events if e.key.endswith("drew_deck"))
    assert find(events, "drew_cards")[0].seats == [ANNA]


def test_final_events_reveal_every_favourite_and_the_breakdown() -> None:
    """AK-12.6, R25: every dealt favourite, each breakdown; unused favourites never."""
    state = make_state(
        3,
        [["N2c"], ["W6a"], ["G2a"]],
        deck=0,
        points={ANNA: ["F2a", "F3a", "G4a"], BRUNO: ["D5a"]},
        active=ANNA,
    )
    state.final, state.last_drawer, state.final_queue = True, CARLA, [ANNA]
    state, events = act(state, ANNA, Done())
    assert state.step == "over" and keys(events)[-1] == "game_over"
    # The platform's final record reveals and scores at the natural end (cogs/akelarre
    # score_text), so the engine adds no lines then; the reveal events (an early /end,
    # and what the record is drawn from) still give everything.
    assert GAME.final_events(state) == []
    final_events = GAME.reveal_events(state)
    revealed = find(final_events, "favourite_revealed")
    assert [(e.params["seat"], e.params["suit"]) for e in revealed] == [
        (0, "fairies"),
        (1, "goblins"),
        (2, "druids"),
    ]
    assert all(e.public for e in final_events)
    assert not any(e.params.get("suit") in state.unused_favourites for e in final_events)
    score = find(final_events, "score")[0].params
    assert (score["seat"], score["fav_points"], score["other_points"], score["bonus"], score["total"]) == (
        0,
        5,
        1,
        8,
        14,
    )
    assert keys(final_events)[-1] == "game_won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.standings[0].details["favourite"] == "fairies"
    assert GAME.view(state, None).favourites == ["fairies", "goblins", "druids"]
