"""One or more tests per Mag Mor rule (MM ids and rulings in the names/docstrings): setup and a
turn up to its payments (MM-3 to MM-4.4); the rest is in test_rules_outcome.py."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import Rng, RuleError
from games.magmor import (
    GAME,
    Choose,
    Explore,
    MagmorState,
    Pass,
    Pay,
    PayMagMor,
    Split,
    keep_all,
)
from games.magmor.data import CARDS, OBJECTIVES
from games.magmor.grid import CELLS, MAGMOR, candidates
from games.magmor.scoring import change_honour
from tests.magmor.magmor_helpers import assert_refused, conserved, find, hand, keys, make_state, play, start

TO_E6 = ["A1", "B1", "C1", "D1", "E1", "E2", "E3", "E4", "E5", "E6"]


def pay_phase(players: int, hands: list[dict[str, int]], **kw: object) -> MagmorState:
    """desert-1 revealed at B1 by seat ``leader`` (default 0), the leader keeping everything."""
    state, _ = start(make_state(players, cards={"B1": "desert-1"}, hands=hands, **kw))  # type: ignore[arg-type]
    state, _ = play(state, state.leader, Choose(cell="B1"))
    state, _ = play(state, state.leader, keep_all(state))
    return state


# -- MM-3 setup ---------------------------------------------------------------


def test_mm_3_2_grid_in_reading_order(fresh: MagmorState) -> None:
    """MM-3.2 / R20: the shuffled deck is laid A1, B1 ... F1, A2 ... E6; F6 holds Mag Mor."""
    assert list(fresh.grid) == [cell for cell in CELLS if cell != MAGMOR]
    assert sorted(fresh.grid.values()) == sorted(CARDS)
    expected = Rng(seed=7).shuffled(sorted(CARDS))
    assert list(fresh.grid.values()) == expected
    f6 = GAME.view(fresh, None).grid[-1]
    assert (f6.cell, f6.magmor, f6.terrain, f6.explore_cost, f6.hint, f6.face) == (
        "F6",
        True,
        None,
        None,
        None,
        None,
    )
    assert GAME.new_game(4, 8).grid != GAME.new_game(4, 7).grid


def test_mm_3_9_a1_revealed_and_turn_1_split_pending(fresh: MagmorState) -> None:
    """MM-3.9 / MM-4.1.2 / R21: setup reveals A1 (public) and stops at turn 1's split."""
    assert fresh.turn == 1 and fresh.path == ["A1"] and fresh.current == "A1"
    assert fresh.phase == "split" and fresh.explorations == []
    decision = GAME.decision(fresh)
    assert decision is not None
    assert (decision.kind, decision.seats, decision.mode, decision.timeout) == (
        "magmor.split",
        [fresh.leader],
        "one",
        "long",
    )
    public_a1 = GAME.view(fresh, None).grid[0]
    assert public_a1.crossed and public_a1.face is not None
    assert fresh.taken  # A1's found cards were taken from the piles


def test_mm_3_4_starting_hands(players: int) -> None:
    """MM-3.4: 3 cards each from 3 of each type shuffled; piles 41 / 38 / 35 before A1 is taken."""
    totals = {3: 41, 4: 38, 5: 35}
    seen_hands = set()
    for seed in range(30):
        state = GAME.new_game(players, seed)
        assert all(sum(h.values()) == 3 for h in state.hands)
        dealt = Counter()  # type: ignore[var-annotated]
        for h in state.hands:
            dealt.update(h)
        assert all(dealt[res] <= 3 for res in dealt)
        piles_before_a1 = sum(state.piles.values()) + sum(state.taken.values())
        assert piles_before_a1 == totals[players]
        assert conserved(state)
        seen_hands.add(tuple(tuple(sorted(h.items())) for h in state.hands))
    assert len(seen_hands) > 20  # shuffled


def test_mm_3_5_objectives_dealt_secretly(fresh: MagmorState) -> None:
    """MM-3.5 / R24: one distinct objective each, the rest set aside; only the owner sees it."""
    assert len(fresh.objectives) == fresh.players
    assert sorted(fresh.objectives + fresh.set_aside) == sorted(OBJECTIVES)
    for seat in range(fresh.players):
        own = GAME.view(fresh, seat)
        assert own.objective_id == fresh.objectives[seat]
        assert own.objective == OBJECTIVES[fresh.objectives[seat]]
    public = GAME.view(fresh, None)
    assert (public.objective, public.objective_id, public.hand) == (None, None, None)


def test_mm_3_8_first_leader_random_and_option() -> None:
    """MM-3.8 / R17: the first leader is drawn at random unless the host names one."""
    leaders = Counter(GAME.new_game(4, seed).leader for seed in range(80))
    assert set(leaders) == {0, 1, 2, 3}
    for seat in range(5):
        assert GAME.new_game(5, 3, {"first_leader": seat}).leader == seat
    assert GAME.new_game(4, 3, {"first_leader": None}).leader == GAME.new_game(4, 3).leader


@pytest.mark.parametrize("bad", [4, -1, "1", True, 1.0])
def test_mm_3_8_first_leader_must_be_a_seat(bad: object) -> None:
    """MM-3.8: an invalid first_leader option is refused."""
    with pytest.raises(RuleError) as caught:
        GAME.new_game(4, 1, {"first_leader": bad})
    assert (caught.value.key, caught.value.rule) == ("magmor.error.first_leader", "MM-3.8")


def test_player_count_is_the_platforms_error() -> None:
    """MM-1: 3 to 5 players; the core raises error.player_count."""
    for count in (2, 6):
        with pytest.raises(RuleError) as caught:
            GAME.new_game(count, 1)
        assert caught.value.key == "error.player_count"


# -- MM-4.2 choice and exploration ----------------------------------------------


def test_mm_4_2_1_candidates() -> None:
    """MM-4.2.1 / MM-4.2.2: right then down, inside the grid; Mag Mor alone from E6 or F5."""
    assert candidates("A1") == ["B1", "A2"]
    assert candidates("C4") == ["D4", "C5"]
    assert candidates("F2") == ["F3"]
    assert candidates("B6") == ["C6"]
    assert candidates("E6") == ["F6"] and candidates("F5") == ["F6"]


def test_mm_4_2_3_forced_move_on_the_edge() -> None:
    """MM-4.2.3 / R9: one candidate (row 6) is taken automatically, with no decision."""
    state, events = start(make_state(4, path=["A1", "A2", "A3", "A4", "A5", "A6"]))
    assert keys(events)[:3] == ["turn_started", "forced_move", "revealed"]
    assert state.path[-1] == "B6" and state.phase == "split"


def test_mm_4_2_4_exploration_cost_and_privacy() -> None:
    """MM-4.2.4 / R10: exploring discards 1 explore-cost card to its pile; the face is private."""
    state, _ = start(
        make_state(4, cards={"B1": "desert-1", "A2": "lake-1"}, hands=[hand(axe=2, pickaxe=1)] * 4)
    )
    state, events = play(state, 0, Explore(cell="B1"))
    assert state.hands[0] == hand(axe=1, pickaxe=1) and state.piles["axe"] == 10 - 8 + 1
    assert conserved(state)
    public_events = [e for e in events if e.public]
    assert [e.key for e in public_events] == ["magmor.event.explored"]
    assert all("found_cards" not in e.params for e in public_events)
    assert [e.seats for e in events if not e.public] == [[0]]
    assert "B1" in GAME.view(state, 0).explored
    assert GAME.view(state, 1).explored == {} and GAME.view(state, None).explored == {}
    # Still the leader's choice, and exploring does not count as choosing.
    assert state.phase == "choose" and state.path == ["A1"]


def test_mm_4_2_4_explore_each_candidate_once() -> None:
    """MM-4.2.4: both candidates may be explored, each at most once, in any order."""
    state, _ = start(
        make_state(4, cards={"B1": "desert-1", "A2": "lake-1"}, hands=[hand(axe=2, pickaxe=1)] * 4)
    )
    state, _ = play(state, 0, Explore(cell="A2"))
    state, _ = play(state, 0, Explore(cell="B1"))
    assert_refused(state, 0, Explore(cell="B1"), "magmor.error.already_explored", "MM-4.2.4")
    assert GAME.legal_actions(state, 0) == [Choose(cell="B1"), Choose(cell="A2")]
    assert set(GAME.view(state, 0).explored) == {"B1", "A2"}


def test_mm_4_2_4_explore_only_candidates() -> None:
    """MM-4.2.4 / R10 / R37: only a current candidate can be explored (not a crossed cell, not far away)."""
    state, _ = start(make_state(4, hands=[hand(water=2, food=2, axe=2, pickaxe=2, medicine=2)] * 4))
    for cell in ("A1", "C3", "F6", "Z9"):
        assert_refused(state, 0, Explore(cell=cell), "magmor.error.not_candidate", "MM-4.2.4")


def test_mm_4_2_4_no_exploration_with_one_candidate() -> None:
    """MM-4.2.3 / R9: a lone candidate is never explored (guard for a hand-built state)."""
    state = make_state(4, path=["A1", "B1", "C1", "D1", "E1", "F1"], hands=[hand(water=2, axe=2, food=2)] * 4)
    state.candidates = ["F2"]  # the engine itself would have moved on already
    state.turn = 7
    assert_refused(state, 0, Explore(cell="F2"), "magmor.error.forced_move", "MM-4.2.3")


def test_mm_4_2_4_only_before_the_choice() -> None:
    """MM-4.2.4 / R10: all exploring happens before the choice."""
    state, _ = start(
        make_state(4, cards={"B1": "desert-1", "A2": "lake-1"}, hands=[hand(axe=2, pickaxe=1)] * 4)
    )
    state, _ = play(state, 0, Choose(cell="B1"))
    assert_refused(state, 0, Explore(cell="A2"), "magmor.error.not_choice_phase", "MM-4.2.4")


def test_mm_4_2_5_choice() -> None:
    """MM-4.2.5 / MM-4.3.1: the leader names a candidate; it is revealed and appended to the path."""
    state, _ = start(make_state(4, cards={"B1": "desert-1"}))
    assert_refused(state, 0, Choose(cell="B2"), "magmor.error.not_candidate", "MM-4.2.1")
    assert_refused(state, 0, Choose(cell="A1"), "magmor.error.not_candidate", "MM-4.2.1")
    state, events = play(state, 0, Choose(cell="A2"))
    assert keys(events)[:2] == ["chosen", "revealed"]
    assert state.path == ["A1", "A2"] and state.current == "A2"
    view = GAME.view(state, None)
    assert view.current == "A2" and view.grid[6].face is not None and view.grid[1].face is None
    assert_refused(state, 0, Choose(cell="B1"), "magmor.error.not_choice_phase", "MM-4.2.5")


def test_only_the_leader_chooses() -> None:
    """MM-4.2: other seats are refused by the platform (error.not_your_turn)."""
    state, _ = start(make_state(4, leader=2))
    assert_refused(state, 0, Choose(cell="B1"), "error.not_your_turn", None)
    assert GAME.legal_actions(state, 0) == []


# -- MM-4.3 reveal, take, split -------------------------------------------------


def test_mm_4_3_2_three_player_rows(players: int) -> None:
    """MM-4.3.2 / R34: 3 players read 2 rows per box, 4 and 5 players all 3."""
    state, _ = start(make_state(players, cards={"B1": "swamp-4"}))
    state, _ = play(state, 0, Choose(cell="B1"))
    rows = 2 if players == 3 else 3
    assert len(state.taken) == rows and len(state.categories) == rows
    face = GAME.view(state, None).grid[1].face
    assert face is not None and len(face.found) == rows and len(face.pay) == rows


def test_mm_4_3_3_nothing_taken_skips_the_split() -> None:
    """MM-4.3.3 / R12: with the found types' piles empty, nothing is taken and there is no split."""
    # desert-1 (4p) finds axe / water / food.
    state = make_state(4, cards={"B1": "desert-1"}, hands=[hand(medicine=1)] * 4)
    state.piles.update(axe=0, water=0, food=0)
    state, _ = start(state)
    state, events = play(state, 0, Choose(cell="B1"))
    assert keys(events) == ["chosen", "revealed", "shortfall", "nothing_taken"]
    assert find(events, "shortfall")[0].params["cards"] == {"axe": 3, "water": 2, "food": 2}
    assert state.taken == {} and state.shortfall == {"axe": 3, "water": 2, "food": 2}
    assert state.phase == "pay" and GAME.decision(state).kind == "magmor.pay"  # type: ignore[union-attr]


def test_mm_4_3_3_shortfall_is_never_owed() -> None:
    """MM-4.3.3 / R12: a shortfall is announced once and lost; the next terrain takes only its own rows."""
    # lake-1 at B1 (found 3 axe / 2 water / 1 pickaxe), hill-5 at C1 (3 medicine / 1 axe / 1 water).
    state = make_state(4, cards={"B1": "lake-1", "C1": "hill-5"}, hands=[hand(food=1)] * 4)
    state.piles.update(water=0)
    state, _ = start(state)
    state, _ = play(state, 0, Choose(cell="B1"))
    assert state.shortfall == {"water": 2} and state.taken == {"axe": 3, "pickaxe": 1}
    state, _ = play(state, 0, Split(allocation={1: {"axe": 3, "pickaxe": 1}}))
    while GAME.decision(state).kind == "magmor.pay":  # type: ignore[union-attr]
        state, _ = play(state, GAME.decision(state).actors[0], Pass())  # type: ignore[union-attr]
    assert state.shortfall == {} and state.phase == "choose" and state.position == "B1"
    state, _ = play(state, state.leader, Choose(cell="C1"))
    # Only hill-5's own rows: nothing extra for the water lost on lake-1.
    assert state.taken == {"medicine": 3, "axe": 1} and state.shortfall == {"water": 1}


def test_mm_4_3_4_split_validation() -> None:
    """MM-4.3.4 / R13: every taken card goes to exactly one player; nothing else is accepted."""
    state, _ = start(make_state(4, cards={"B1": "desert-1"}))
    state, _ = play(state, 0, Choose(cell="B1"))  # 3 axe, 2 water, 2 food
    good = {0: {"axe": 3}, 1: {"water": 2}, 3: {"food": 2}}
    cases = [
        ({0: {"axe": 3, "water": 2, "food": 3}}, "magmor.error.split_mismatch"),  # too many
        ({0: {"axe": 3, "water": 2}}, "magmor.error.split_mismatch"),  # food left over
        ({0: {"axe": 3, "water": 2, "food": 2, "medicine": 1}}, "magmor.error.split_mismatch"),
        ({0: {"axe": 4, "water": 2, "food": 2}, 1: {"axe": -1}}, "magmor.error.negative_count"),
        ({0: {"axe": 3, "water": 2, "food": 2, "gold": 0}}, "magmor.error.unknown_resource"),
        ({4: {"axe": 3, "water": 2, "food": 2}}, "magmor.error.split_unknown_seat"),
    ]
    for allocation, key in cases:
        assert_refused(state, 0, Split(allocation=allocation), key, "MM-4.3.4")
    assert GAME.legal_actions(state, 0) is None
    assert_refused(state, 1, Split(allocation=good), "error.not_your_turn", None)
    state, events = play(state, 0, Split(allocation=good))
    assert find(events, "split")[0].params == {"seat": 0, "allocation": good}
    assert state.hands[1]["water"] == 2 and conserved(state)
    assert_refused(state, state.leader, Split(allocation=good), "magmor.error.not_split_phase", "MM-4.3.4")


def test_mm_4_3_4_split_accepts_json_keys() -> None:
    """MM-4.3.4: a split parsed from JSON (string seat keys) is the same action."""
    action = GAME.parse_action({"kind": "split", "allocation": {"2": {"axe": 1}}})
    assert action == Split(allocation={2: {"axe": 1}})


# -- MM-4.4 payments --------------------------------------------------------------


def test_mm_4_4_1_only_this_terrains_categories() -> None:
    """MM-4.4.1: only the revealed card's active pay rows can be paid."""
    state = pay_phase(4, [hand(food=2, medicine=1), hand(), hand(), hand()])
    assert_refused(state, 0, Pay(resource="food"), "magmor.error.no_such_category", "MM-4.4.1")
    assert_refused(state, 0, Pay(resource="gold"), "magmor.error.unknown_resource", "MM-4.4.1")


def test_mm_4_4_2_order_and_one_action_each() -> None:
    """MM-4.4.2 / R8: leader first then clockwise; a player who acted may not act again."""
    hands = [hand(medicine=1, pickaxe=2), hand(pickaxe=2), hand(), hand()]
    state = pay_phase(4, hands, leader=0)
    decision = GAME.decision(state)
    assert decision is not None and (decision.kind, decision.mode) == ("magmor.pay", "ordered")
    assert decision.seats == [0, 1, 2, 3] and decision.actors == [0]
    assert_refused(state, 1, Pay(resource="pickaxe"), "error.not_yet", None)
    state, _ = play(state, 0, Pay(resource="medicine"))
    assert GAME.decision(state).seats == [1, 2, 3]  # type: ignore[union-attr]
    # Seat 0 still holds pickaxe x2 but has had its action.
    assert_refused(state, 0, Pay(resource="pickaxe"), "error.not_your_turn", None)


def test_mm_4_4_2_round_ends_when_all_paid() -> None:
    """MM-4.4.2 / R6: the round stops once every category is paid; later players neither act
    nor lose honour."""
    hands = [hand(water=1, medicine=1), hand(medicine=1), hand(medicine=5)]
    state = pay_phase(3, hands, honour=[0, 0, 4])
    state, _ = play(state, 0, Pay(resource="water"))
    state, events = play(state, 1, Pay(resource="medicine"))
    assert find(events, "all_paid")[0].params == {"cell": "B1", "waiting": 1}
    assert state.honour == [2, 1, 4] and state.last_crossing == "easy"
    assert state.phase == "choose"


def test_mm_4_4_3_pass_when_able_to_pay() -> None:
    """MM-4.4.3: passing is allowed even when the player could pay, for -1 honour."""
    state = pay_phase(4, [hand(medicine=1), hand(), hand(), hand()])
    assert GAME.legal_actions(state, 0) == [Pay(resource="medicine"), Pass()]
    state, events = play(state, 0, Pass())
    assert find(events, "passed")[0].params == {"seat": 0, "auto": False, "honour": -1}


def test_mm_4_4_3_payment_discards_to_the_piles() -> None:
    """MM-4.4.3 / MM-4.9.3: a payment returns exactly q cards to their pile, +1 honour."""
    state = pay_phase(4, [hand(pickaxe=3), hand(), hand(), hand()])
    before = state.piles["pickaxe"]
    state, events = play(state, 0, Pay(resource="pickaxe"))
    assert state.piles["pickaxe"] == before + 2 and state.hands[0]["pickaxe"] == 1
    assert find(events, "paid")[0].params == {
        "seat": 0,
        "resource": "pickaxe",
        "qty": 2,
        "paid_cards": {"pickaxe": 2},
        "honour": 1,
    }
    assert conserved(state)


def test_payment_actions_only_in_their_round() -> None:
    """MM-4.4.3 / MM-4.7.2: Pay, PayMagMor and Pass each belong to their own phase."""
    state, _ = start(make_state(4, hands=[hand(water=3)] * 4))
    assert_refused(state, 0, Pay(resource="water"), "magmor.error.not_pay_phase", "MM-4.4.3")
    assert_refused(state, 0, Pass(), "magmor.error.not_payment_round", "MM-4.4.3")
    assert_refused(state, 0, PayMagMor(cards={"water": 2}), "magmor.error.not_magmor_phase", "MM-4.7.2")
    paying = pay_phase(4, [hand(water=3, medicine=1)] + [hand()] * 3)
    assert_refused(paying, 0, PayMagMor(cards={"water": 2}), "magmor.error.not_magmor_phase", "MM-4.7.2")
    assert_refused(paying, 0, Explore(cell="C1"), "magmor.error.not_choice_phase", "MM-4.2.4")
    assert_refused(paying, 0, keep_all(paying), "magmor.error.not_split_phase", "MM-4.3.4")


def test_mm_4_8_2_each_change_is_clamped() -> None:
    """MM-4.8.1 / MM-4.8.2 / R2: honour stays in [-10, +9], each change clamped on its own."""
    state = make_state(3, honour=[9, -10, 0])
    assert change_honour(state, 0, +1) == 9 and change_honour(state, 0, -1) == 8
    assert change_honour(state, 1, -1) == -10 and change_honour(state, 1, +1) == -9
    assert state.honour == [8, -9, 0]
