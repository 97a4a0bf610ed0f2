"""The Mag Mor spec's test vectors TV-14 to TV-24 (section 6), cited by id: the edges of the
rules (a short pile, the deal, tie-breaks, clamping, forced moves, empty hands, the split).
TV-01 to TV-13 are in test_vectors.py."""

from __future__ import annotations

import pytest

from games.core import Rng, RuleError
from games.magmor import (
    GAME,
    Choose,
    Explore,
    Pass,
    Pay,
    PayMagMor,
    Split,
    random_split,
    validate_split,
)
from games.magmor.scoring import honour_vp
from tests.magmor.magmor_helpers import assert_refused, find, hand, keys, make_state, passes, play, start
from tests.magmor.test_vectors import TO_E6, desert1_pay_phase


def test_tv14_pile_shortfall() -> None:
    """TV-14: lake-1 with water 1 / axe 4 / pickaxe 5 in the piles: take 3 axe, 1 water, 1 pickaxe."""
    state, _ = start(make_state(5, cards={"B1": "lake-1"}, piles={"water": 1, "axe": 4, "pickaxe": 5}))
    state, events = play(state, 0, Choose(cell="B1"))
    assert state.taken == {"axe": 3, "water": 1, "pickaxe": 1}
    assert (state.piles["axe"], state.piles["water"], state.piles["pickaxe"]) == (1, 0, 4)
    [shortfall] = find(events, "shortfall")
    assert shortfall.public and shortfall.params == {"seat": 0, "cards": {"water": 1}}
    assert GAME.view(state, None).shortfall == {"water": 1}
    with pytest.raises(RuleError):
        validate_split(state, {0: {"axe": 3, "water": 2, "pickaxe": 1}})
    validate_split(state, {0: {"axe": 3, "water": 1, "pickaxe": 1}})


@pytest.mark.parametrize("seed", range(20))
def test_tv15_starting_deal(seed: int) -> None:
    """TV-15: 4 players: 12 of the 15 start cards (3 per type) dealt, 3 each; the piles total 38."""
    state = GAME.new_game(4, seed)
    assert [sum(h.values()) for h in state.hands] == [3, 3, 3, 3]
    # Setup also runs turn 1 up to its split, so A1's found cards are out of the piles.
    assert state.phase == "split" and state.path == ["A1"]
    before_a1 = {res: pile + state.taken.get(res, 0) for res, pile in state.piles.items()}
    assert sum(before_a1.values()) == 38
    for res, pile in before_a1.items():
        dealt = sum(h[res] for h in state.hands)
        assert dealt <= 3 and pile == 10 - dealt


def test_tv16_failure_tie_break() -> None:
    """TV-16: failure, honour 3/3/1, cards 5/4/0: P2 wins on fewer cards."""
    hands = [hand(water=5), hand(food=4), hand()]
    state = make_state(3, hands=hands, honour=[3, 3, 1], phase="over", success=False)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == [1]
    assert [(s.seat, s.rank) for s in outcome.standings] == [(1, 1), (0, 2), (2, 3)]


def test_tv17_success_tie_break() -> None:
    """TV-17: success, P1 5 + 15 = 20 and P2 9 + 11 = 20: P2 wins on honour."""
    hands = [hand(water=5), hand(water=3, food=1), hand()]
    state = make_state(
        3,
        hands=hands,
        honour=[4, 6, 0],
        objectives=["obj-01", "obj-01", "obj-02"],
        phase="over",
        success=True,
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    by_seat = {s.seat: s for s in outcome.standings}
    assert (by_seat[0].score, by_seat[1].score) == (20, 20)
    assert (by_seat[0].details["resource_vp"], by_seat[1].details["resource_vp"]) == (15, 11)
    assert outcome.winners == [1]
    assert (by_seat[1].rank, by_seat[0].rank, by_seat[2].rank) == (1, 2, 3)


def test_tv18_clamping_is_sequential() -> None:
    """TV-18: a leader at +9 pays (stays +9) and the difficult crossing takes them to +8."""
    hands = [hand(medicine=1), hand(), hand()]
    state, _ = desert1_pay_phase(3, hands, {1: {"axe": 3, "water": 2}}, honour=[9, 0, 0])
    state, events = play(state, 0, Pay(resource="medicine"))
    assert find(events, "paid")[0].params["honour"] == 9
    assert state.last_crossing == "difficult" and state.honour[0] == 8


def test_tv18_floor_at_minus_ten() -> None:
    """TV-18: a player at -10 who passes stays at -10 (VP -22)."""
    hands = [hand(medicine=1), hand(medicine=1), hand()]
    state, _ = desert1_pay_phase(3, hands, {0: {"axe": 3, "water": 2}}, honour=[0, -10, 0])
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, Pass())
    assert state.honour[1] == -10
    assert honour_vp(state.honour[1]) == -22


def test_tv19_forced_move_has_no_exploration() -> None:
    """TV-19: from F3 the only candidate F4 is taken automatically, with no exploration offered."""
    state, events = start(make_state(4, path=["A1", "B1", "C1", "D1", "E1", "F1", "F2", "F3"]))
    assert keys(events)[:3] == ["turn_started", "forced_move", "revealed"]
    assert state.path[-1] == "F4" and state.current == "F4"
    assert state.explorations == []
    assert GAME.decision(state).kind == "magmor.split"  # type: ignore[union-attr]


def test_tv19_explore_needs_the_cost_card() -> None:
    """TV-19: a leader without the explore-cost type cannot explore that candidate."""
    # B1 desert-1 costs axe; A2 lake-1 costs pickaxe. The leader holds axe only.
    state, _ = start(make_state(4, cards={"B1": "desert-1", "A2": "lake-1"}, hands=[hand(axe=1)] * 4))
    assert_refused(state, 0, Explore(cell="A2"), "magmor.error.cannot_afford_exploration", "MM-4.2.4")
    legal = GAME.legal_actions(state, 0)
    assert legal == [Explore(cell="B1"), Choose(cell="B1"), Choose(cell="A2")]


def test_tv20_empty_hand_passes_automatically() -> None:
    """TV-20: P4 with no cards passes automatically (-1) while a category is unpaid."""
    hands = [hand(medicine=1), hand(pickaxe=2), hand(), hand()]
    state, _ = desert1_pay_phase(4, hands, {1: {"axe": 3, "water": 2, "food": 2}})
    assert state.hand_size(3) == 0
    state, _ = play(state, 0, Pay(resource="medicine"))
    assert GAME.decision(state).actors == [1]  # type: ignore[union-attr]
    state, events = play(state, 1, Pass())
    # P3 and P4 hold nothing: both pass automatically.
    assert [(e.key, e.params["seat"], e.params["auto"]) for e in passes(events)] == [
        ("magmor.event.passed", 1, False),
        ("magmor.event.passed_unable", 2, True),
        ("magmor.event.passed_unable", 3, True),
    ]
    assert state.honour[3] == -1


def test_tv20_magmor_with_fewer_than_two_cards() -> None:
    """TV-20: at Mag Mor, players with 0 or 1 card pass automatically (-1)."""
    hands = [hand(water=2), hand(), hand(food=1), hand(axe=2)]
    state, events = start(make_state(4, path=TO_E6, hands=hands))
    assert GAME.decision(state).seats == [0, 1, 2, 3]  # type: ignore[union-attr]
    state, events = play(state, 0, PayMagMor(cards={"water": 2}))
    assert [
        (e.params["seat"], e.params["auto"], e.params["honour"]) for e in find(events, "passed_few_cards")
    ] == [
        (1, True, -1),
        (2, True, -1),
    ]
    assert GAME.decision(state).actors == [3]  # type: ignore[union-attr]


def test_tv21_honour_vp_table_edges() -> None:
    """TV-21: the honour table's edges, VP(-10) = -22 up to VP(+9) = 18."""
    expected = {-10: -22, -4: -5, -3: -3, 3: 3, 4: 5, 5: 7, 7: 12, 9: 18}
    assert {h: honour_vp(h) for h in expected} == expected


def test_tv22_ignored_row_does_not_block() -> None:
    """TV-22: 3 players, desert-1: water and medicine paid end the round; the pickaxe row does not exist."""
    hands = [hand(water=1, pickaxe=2), hand(medicine=1), hand(pickaxe=2)]
    state, _ = desert1_pay_phase(3, hands, {0: {"axe": 3, "water": 2}})
    assert_refused(state, 0, Pay(resource="pickaxe"), "magmor.error.ignored_row", "MM-4.3.2")
    state, _ = play(state, 0, Pay(resource="water"))
    state, events = play(state, 1, Pay(resource="medicine"))
    assert keys(events)[:3] == ["paid", "all_paid", "crossed_easily"]
    assert state.last_crossing == "easy"
    assert state.honour == [2, 1, 0]


@pytest.mark.parametrize(("others_pay", "net"), [(True, 2), (False, 0)])
def test_tv23_leader_total_for_the_turn(others_pay: bool, net: int) -> None:
    """TV-23: a paying leader gains +2 on an easy crossing and nets 0 on a difficult one."""
    hands = [hand(medicine=1), hand(pickaxe=2), hand(water=3), hand()]
    state, _ = desert1_pay_phase(4, hands, {3: {"axe": 3, "water": 2, "food": 2}})
    state, _ = play(state, 0, Pay(resource="medicine"))
    if others_pay:
        state, _ = play(state, 1, Pay(resource="pickaxe"))
        state, _ = play(state, 2, Pay(resource="water"))
    else:
        while GAME.decision(state).kind == "magmor.pay":  # type: ignore[union-attr]
            state, _ = play(state, GAME.decision(state).actors[0], Pass())  # type: ignore[union-attr]
    assert state.honour[0] == net


def test_tv24_split_is_mandatory_and_complete() -> None:
    """TV-24: 5 cards taken: a 4-card split and a split to no player are refused;
    all 5 to one other player is accepted."""
    # hill-5 (4p): found 3 medicine / 1 axe / 1 water.
    state, _ = start(make_state(4, cards={"B1": "hill-5"}))
    state, _ = play(state, 0, Choose(cell="B1"))
    assert sum(state.taken.values()) == 5
    short = Split(allocation={0: {"medicine": 3, "axe": 1}})
    error = assert_refused(state, 0, short, "magmor.error.split_mismatch", "MM-4.3.4")
    assert error.params == {"resource": "water", "taken": 1, "allocated": 0}
    to_pile = Split(allocation={0: {"medicine": 3, "axe": 1}, -1: {"water": 1}})
    assert_refused(state, 0, to_pile, "magmor.error.split_unknown_seat", "MM-4.3.4")
    state, _ = play(state, 0, Split(allocation={2: {"medicine": 3, "axe": 1, "water": 1}}))
    assert state.hands[2] == hand(medicine=3, axe=1, water=1)
    assert state.hands[0] == hand()


def test_random_split_is_always_valid() -> None:
    """TV-24 (generator side): random splits always satisfy validate_split."""
    state, _ = start(make_state(5, cards={"B1": "desert-1"}))
    state, _ = play(state, 0, Choose(cell="B1"))
    rng = Rng(seed=3)
    receivers: set[int] = set()
    for _ in range(50):
        candidate = random_split(state, rng)
        validate_split(state, candidate.allocation)
        receivers |= {seat for seat, cards in candidate.allocation.items() if sum(cards.values())}
    assert receivers == {0, 1, 2, 3, 4}
