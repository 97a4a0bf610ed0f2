"""The Mag Mor spec's test vectors TV-01 to TV-13 (section 6), cited by id; TV-14 to TV-24 are in
test_vectors_edges.py."""

from __future__ import annotations

import pytest

from games.magmor import (
    GAME,
    Choose,
    Explore,
    Pass,
    Pay,
    PayMagMor,
    Split,
    keep_all,
)
from games.magmor.data import CARDS
from games.magmor.scoring import honour_vp
from games.magmor.turn import select_leader
from tests.magmor.magmor_helpers import assert_refused, find, hand, keys, make_state, passes, play, start

# Paths used by several vectors.
TO_E6 = ["A1", "B1", "C1", "D1", "E1", "E2", "E3", "E4", "E5", "E6"]
TO_F4 = ["A1", "B1", "C1", "D1", "E1", "F1", "F2", "F3", "F4"]


def desert1_pay_phase(players: int, hands: list[dict[str, int]], allocation: dict[int, dict[str, int]], **kw):  # type: ignore[no-untyped-def]
    """Reveal desert-1 at B1 from A1, split it, and return the state in the payment round."""
    state, _ = start(make_state(players, cards={"B1": "desert-1"}, hands=hands, **kw))
    state, _ = play(state, state.leader, Choose(cell="B1"))
    state, events = play(state, state.leader, Split(allocation=allocation))
    return state, events


def test_tv01_honour_vp_example() -> None:
    """TV-1: +2 honour at the end of a successful game is worth 2 VP."""
    assert honour_vp(2) == 2
    state = make_state(3, honour=[2, 0, 0], phase="over", success=True)
    outcome = GAME.outcome(state)
    assert outcome is not None
    standing = next(s for s in outcome.standings if s.seat == 0)
    assert standing.details["honour_vp"] == 2


def test_tv02_movement_and_exploration() -> None:
    """TV-2: candidates {D2, C3}; exploring D2 costs 1 medicine and shows the face to P1 only."""
    state = make_state(
        4,
        leader=0,
        cards={"C2": "desert-3", "D2": "desert-2", "C3": "lake-1", "C1": "hill-1"},
        path=["A1", "B1", "B2", "C2"],
        hands=[hand(medicine=1, water=2), hand(), hand(), hand()],
        piles={"medicine": 6},
    )
    state, _ = start(state)
    assert state.candidates == ["D2", "C3"]
    assert "B2" not in state.candidates and "C1" not in state.candidates
    assert GAME.decision(state).kind == "magmor.choose"  # type: ignore[union-attr]

    state, events = play(state, 0, Explore(cell="D2"))
    assert state.hands[0] == hand(water=2)
    assert state.piles["medicine"] == 7
    [explored] = find(events, "explored")
    assert explored.public and explored.params == {"seat": 0, "cell": "D2", "resource": "medicine"}
    [face] = find(events, "explored_face")
    assert face.seats == [0]
    assert face.params["found_cards"] == {"pickaxe": 2, "axe": 2, "food": 1}
    assert face.params["pay_cards"] == {"water": 2, "food": 1, "medicine": 1}
    own = GAME.view(state, 0)
    assert own.explored["D2"].model_dump() == {
        "found": [{"res": "pickaxe", "qty": 2}, {"res": "axe", "qty": 2}, {"res": "food", "qty": 1}],
        "pay": [{"res": "water", "qty": 2}, {"res": "food", "qty": 1}, {"res": "medicine", "qty": 1}],
    }
    for seat in (None, 1, 2, 3):
        view = GAME.view(state, seat)
        assert view.explored == {}
        assert view.grid[9].cell == "D2" and view.grid[9].face is None  # still face down
        assert [e.model_dump() for e in view.explorations] == [
            {"seat": 0, "cell": "D2", "resource": "medicine"}
        ]

    # Before the reveal, C3's only public cost fact is its hint: 2 or 3 axes.
    c3 = GAME.view(state, None).grid[14]
    assert (c3.cell, c3.hint, c3.face) == ("C3", "axe", None)
    same_back = [
        c for c in CARDS.values() if (c.terrain, c.explore_cost, c.hint) == ("lake", "pickaxe", "axe")
    ]
    assert same_back and all(c.pay[0].res == "axe" and c.pay[0].qty in (2, 3) for c in same_back)

    state, events = play(state, 0, Choose(cell="C3"))
    [revealed] = find(events, "revealed")
    assert revealed.params["pay_cards"]["axe"] == 2
    assert state.categories[0].model_dump() == {"res": "axe", "qty": 2, "paid_by": None}
    assert GAME.view(state, None).grid[14].face is not None


@pytest.mark.parametrize(
    ("players", "found", "pay"),
    [
        (4, {"axe": 3, "water": 2, "food": 2}, {"water": 3, "medicine": 1, "pickaxe": 2}),
        (5, {"axe": 3, "water": 2, "food": 2}, {"water": 3, "medicine": 1, "pickaxe": 2}),
        (3, {"axe": 3, "water": 2}, {"water": 3, "medicine": 1}),
    ],
)
def test_tv03_desert_active_rows(players: int, found: dict[str, int], pay: dict[str, int]) -> None:
    """TV-3: desert-1 yields 7 cards and 3 categories; with 3 players the bottom rows are ignored."""
    state, _ = start(make_state(players, cards={"B1": "desert-1"}))
    state, events = play(state, 0, Choose(cell="B1"))
    assert state.taken == found
    assert {c.res: c.qty for c in state.categories} == pay
    [revealed] = find(events, "revealed")
    assert (revealed.params["found_cards"], revealed.params["pay_cards"]) == (found, pay)
    face = GAME.view(state, None).grid[1].face
    assert face is not None
    assert {r.res: r.qty for r in face.found} == found and {r.res: r.qty for r in face.pay} == pay


def test_tv04_paid_in_full() -> None:
    """TV-4: P2 with 2 water cannot pay water x3 and passes (-1); P3 pays exactly 3 water."""
    hands = [hand(pickaxe=2), hand(water=2), hand(water=4), hand(medicine=1)]
    state, _ = desert1_pay_phase(4, hands, {0: {"axe": 3, "water": 2, "food": 2}})
    assert GAME.decision(state).seats == [0, 1, 2, 3]  # type: ignore[union-attr]
    state, events = play(state, 0, Pay(resource="pickaxe"))
    [passed] = find(events, "passed_unable")  # forced: water x3 cannot be paid with 2
    assert passed.params == {"seat": 1, "auto": True, "honour": -1}
    assert state.honour[1] == -1
    assert GAME.decision(state).actors == [2]  # type: ignore[union-attr]
    state, _ = play(state, 2, Pay(resource="water"))
    assert state.hands[2] == hand(water=1)
    water = next(c for c in state.categories if c.res == "water")
    assert water.paid_by == 2
    # P4 can afford medicine, but water is gone for everyone.
    assert_refused(state, 3, Pay(resource="water"), "magmor.error.category_paid", "MM-4.4.4")


def test_tv04_partial_payment_refused() -> None:
    """TV-4: a player holding 2 water may not pay part of water x3."""
    hands = [hand(pickaxe=2), hand(water=2, medicine=1), hand(), hand()]
    state, _ = desert1_pay_phase(4, hands, {0: {"axe": 3, "water": 2, "food": 2}})
    state, _ = play(state, 0, Pay(resource="pickaxe"))
    assert GAME.decision(state).actors == [1]  # type: ignore[union-attr]
    error = assert_refused(state, 1, Pay(resource="water"), "magmor.error.cannot_afford", "MM-4.4.3")
    assert error.params == {"resource": "water", "qty": 3, "held": 2}
    assert GAME.legal_actions(state, 1) == [Pay(resource="medicine"), Pass()]


def test_tv05_objective_scoring() -> None:
    """TV-5: obj-05, honour +4, hand {axe 2, pickaxe 1, food 1, water 1, medicine 1} scores 11 + 5 = 16."""
    state = make_state(
        3,
        hands=[hand(axe=2, pickaxe=1, food=1, water=1, medicine=1), hand(), hand()],
        honour=[4, 0, 0],
        objectives=["obj-05", "obj-01", "obj-02"],
        phase="over",
        success=True,
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    p1 = next(s for s in outcome.standings if s.seat == 0)
    assert (p1.details["resource_vp"], p1.details["honour_vp"], p1.score) == (11, 5, 16)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tv06_magmor_needs_two_cards_each(players: int) -> None:
    """TV-6: at Mag Mor, 2 x players cards (6 / 8 / 10) all paid make an easy crossing, day + 1."""
    hands = [hand(water=1, food=1, axe=1) for _ in range(players)]
    state, _ = start(make_state(players, path=TO_E6, hands=hands, day=10))
    assert state.phase == "magmor"
    for seat in state.payment_order():
        state, events = play(state, seat, PayMagMor(cards={"water": 1, "food": 1}))
    assert sum(sum(cards.values()) for cards in state.magmor_paid.values()) == 2 * players
    assert state.last_crossing == "easy" and state.day == 11
    assert state.success is True and state.phase == "over"
    assert keys(events)[-2:] == ["magmor_crossed_easily", "success"]
    assert find(events, "magmor_crossed_easily")[0].params["paid"] == players


def test_tv07_full_turn_easy_crossing() -> None:
    """TV-7: a full 4-player turn: take, split, pay in order P2 P3 P4 P1, easy, P3 leads next."""
    state = make_state(
        4,
        leader=1,
        cards={"C1": "desert-1"},
        path=["A1", "B1"],
        day=3,
        hands=[
            hand(pickaxe=2, axe=1),
            hand(medicine=1, food=1),
            hand(water=1, axe=1, medicine=1),
            hand(food=2, medicine=1, water=1),
        ],
        piles={"water": 5, "food": 5, "axe": 7, "pickaxe": 6, "medicine": 6},
    )
    state, _ = start(state)
    state, _ = play(state, 1, Choose(cell="C1"))
    assert state.taken == {"axe": 3, "water": 2, "food": 2}
    assert (state.piles["axe"], state.piles["water"], state.piles["food"]) == (4, 3, 3)

    state, events = play(state, 1, Split(allocation={1: {"axe": 3}, 2: {"water": 2}, 0: {"food": 2}}))
    assert find(events, "split")[0].params["allocation"] == {0: {"food": 2}, 1: {"axe": 3}, 2: {"water": 2}}
    assert state.hands[0] == hand(pickaxe=2, axe=1, food=2)
    assert state.hands[1] == hand(medicine=1, food=1, axe=3)
    assert state.hands[2] == hand(water=3, axe=1, medicine=1)
    assert state.hands[3] == hand(food=2, medicine=1, water=1)
    decision = GAME.decision(state)
    assert decision is not None
    assert (decision.kind, decision.mode, decision.seats) == ("magmor.pay", "ordered", [1, 2, 3, 0])

    state, _ = play(state, 1, Pay(resource="medicine"))
    assert state.honour[1] == 1
    state, events = play(state, 2, Pay(resource="water"))
    # P4 holds no pickaxe: the pass is automatic, and P1 is next.
    assert find(events, "passed_unable")[0].params == {"seat": 3, "auto": True, "honour": -1}
    assert GAME.decision(state).actors == [0]  # type: ignore[union-attr]
    state, events = play(state, 0, Pay(resource="pickaxe"))

    assert keys(events)[:4] == ["paid", "all_paid", "crossed_easily", "new_leader"]
    assert state.honour == [1, 2, 1, -1]
    assert state.day == 4 and state.last_crossing == "easy"
    assert (state.piles["water"], state.piles["medicine"], state.piles["pickaxe"]) == (6, 7, 8)
    assert [state.hand_size(s) for s in range(4)] == [3, 4, 2, 4]
    assert state.leader == 2 and state.barred is None
    assert state.phase == "choose" and state.candidates == ["D1", "C2"]


def test_tv08_difficult_crossing_bars_the_leader() -> None:
    """TV-8: water unpaid, so the crossing is difficult; P1 drops to 0 and P2 leads despite P1's honour."""
    hands = [hand(medicine=1), hand(water=1, food=1), hand(axe=1)]
    state, _ = desert1_pay_phase(3, hands, {0: {"axe": 2}, 2: {"axe": 1, "water": 2}})
    assert state.hands == [hand(medicine=1, axe=2), hand(water=1, food=1), hand(water=2, axe=2)]
    state, events = play(state, 0, Pay(resource="medicine"))
    assert [(e.key, e.params["seat"]) for e in passes(events)] == [
        ("magmor.event.passed_unable", 1),
        ("magmor.event.passed_unable", 2),
    ]
    # The line names the cause: the water nobody paid.
    assert find(events, "crossed_with_difficulty")[0].params == {
        "seat": 0,
        "cell": "B1",
        "day": 2,
        "honour": 0,
        "unpaid_cards": {"water": 3},
    }
    assert state.honour == [0, -1, -1] and state.day == 2
    assert [state.hand_size(s) for s in range(3)] == [2, 2, 4]
    assert find(events, "leader_barred")[0].params == {"seat": 0}
    assert state.leader == 1 and state.barred == 0
    # Without the bar, P1 would have won the tie on honour.
    assert select_leader([2, 2, 4], [0, -1, -1], previous=0, barred=None) == 0


def test_tv09_round_ends_early() -> None:
    """TV-9: 5 players, P3 P4 P5 pay the 3 categories; P1 and P2 never act and keep their honour."""
    hands = [hand(pickaxe=2), hand(water=3), hand(water=1), hand(medicine=1), hand(pickaxe=2)]
    state, _ = desert1_pay_phase(5, hands, {2: {"axe": 3, "water": 2, "food": 2}}, leader=2)
    assert GAME.decision(state).seats == [2, 3, 4, 0, 1]  # type: ignore[union-attr]
    state, _ = play(state, 2, Pay(resource="water"))
    state, _ = play(state, 3, Pay(resource="medicine"))
    state, events = play(state, 4, Pay(resource="pickaxe"))
    assert find(events, "all_paid")[0].params == {"cell": "B1", "waiting": 2}
    assert not passes(events)
    assert state.last_crossing == "easy"
    assert state.honour == [0, 0, 2, 1, 1]


def test_tv10_leader_tie_break() -> None:
    """TV-10: ties on cards and honour go clockwise from the seat after the previous leader,
    the previous leader last."""
    assert select_leader([3, 3, 4, 3], [1, 1, 0, 1], previous=1, barred=None) == 3
    assert select_leader([3, 3, 4, 3], [1, 1, 0, 0], previous=1, barred=None) == 0


@pytest.mark.parametrize(("p4_start", "new_leader"), [(0, 3), (-1, 0)])
def test_tv10_tie_break_in_play(p4_start: int, new_leader: int) -> None:
    """TV-10 played out: P2 leads an easy crossing that ends with 3/3/4/3 cards and honour
    1/1/0/1, so P4 leads next; with P4 at honour 0, P1 does (P2 is checked last)."""
    # hill-2 (4p): found 2 pickaxe / 2 medicine / 2 axe; pay 2 food / 1 water / 1 axe.
    hands = [
        hand(water=1, food=1, pickaxe=1),
        hand(water=1),
        hand(food=2, medicine=1),
        hand(axe=1, food=2, water=1),
    ]
    state = make_state(4, leader=1, cards={"B1": "hill-2"}, hands=hands, honour=[1, -1, -1, p4_start])
    state, _ = start(state)
    state, _ = play(state, 1, Choose(cell="B1"))
    state, _ = play(
        state, 1, Split(allocation={1: {"pickaxe": 2, "medicine": 1}, 2: {"medicine": 1, "axe": 2}})
    )
    state, _ = play(state, 1, Pay(resource="water"))
    state, _ = play(state, 2, Pay(resource="food"))
    state, events = play(state, 3, Pay(resource="axe"))
    assert state.last_crossing == "easy" and 0 not in state.acted
    assert [state.hand_size(s) for s in range(4)] == [3, 3, 4, 3]
    assert state.honour == [1, 1, 0, p4_start + 1]
    assert find(events, "new_leader")[0].params["seat"] == new_leader
    assert state.leader == new_leader


def test_tv11_days_run_out() -> None:
    """TV-11: day 15, F5 crossed with difficulty: day 17, the game ends at once as a failure."""
    state, events = start(make_state(4, path=TO_F4, day=15, hands=[hand(water=1)] * 4))
    assert find(events, "forced_move")[0].params["cell"] == "F5"
    state, log = play(state, 0, keep_all(state))
    while (decision := GAME.decision(state)) is not None:
        state, events = play(state, decision.actors[0], Pass())
        log += events
    assert state.day == 17 and state.phase == "over" and state.success is False
    assert keys(log)[-3:] == ["crossed_with_difficulty", "out_of_days", "failure"]
    assert not find(log, "new_leader")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "magmor.outcome.failure"


@pytest.mark.parametrize(("p3_cards", "success", "day"), [(1, False, 17), (2, True, 17)])
def test_tv12_magmor_on_day_16(p3_cards: int, success: bool, day: int) -> None:
    """TV-12: day 16 at Mag Mor; P3 with 1 card must pass: 18 days, failure. If P3 pays: day 17, success."""
    hands = [hand(water=2), hand(food=2), hand(axe=p3_cards)]
    state, _ = start(make_state(3, path=TO_E6, day=16, hands=hands))
    state, _ = play(state, 0, PayMagMor(cards={"water": 2}))
    state, events = play(state, 1, PayMagMor(cards={"food": 2}))
    if p3_cards == 2:
        assert GAME.decision(state).actors == [2]  # type: ignore[union-attr]
        state, events = play(state, 2, PayMagMor(cards={"axe": 2}))
    else:
        assert find(events, "passed_few_cards")[0].params == {"seat": 2, "auto": True, "honour": -1}
        assert find(events, "magmor_crossed_with_difficulty")[0].params["paid"] == 2
    assert state.phase == "over" and state.success is success and state.day == day
    end = find(events, "success" if success else "failure")[0]
    assert end.params["day"] == (17 if success else 18)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == ("magmor.outcome.success" if success else "magmor.outcome.failure")


def test_tv13_magmor_on_day_15_difficult() -> None:
    """TV-13: day 15, Mag Mor crossed with difficulty: day 17, success; the leader still loses 1."""
    hands = [hand(water=2), hand(food=2), hand(axe=2)]
    state, _ = start(make_state(3, leader=1, path=TO_E6, day=15, hands=hands, honour=[0, 3, 0]))
    state, _ = play(state, 1, PayMagMor(cards={"food": 2}))  # leader +1 -> 4
    state, _ = play(state, 2, Pass())
    state, events = play(state, 0, PayMagMor(cards={"water": 2}))
    assert state.last_crossing == "difficult" and state.day == 17 and state.success is True
    assert state.honour == [1, 3, -1]
    assert find(events, "success")[0].params == {"day": 17}
