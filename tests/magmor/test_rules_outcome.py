"""Mag Mor's rules from the outcome of a turn on (MM-4.5 to MM-5, and the defaults of spec §9),
cited by id; setup and the turn's steps up to the payments are in test_rules.py."""

from __future__ import annotations

import pytest

from games.core import Rng, RuleError
from games.magmor import (
    GAME,
    Choose,
    MagmorState,
    Pass,
    Pay,
    PayMagMor,
    Split,
)
from games.magmor.data import OBJECTIVES
from games.magmor.scoring import score
from games.magmor.turn import select_leader
from tests.magmor.magmor_helpers import assert_refused, conserved, find, hand, keys, make_state, play, start
from tests.magmor.test_rules import TO_E6, pay_phase

# -- MM-4.5 / MM-4.6 outcome, end check, new leader ---------------------------------


def test_mm_4_5_outcome_days_and_leader_honour() -> None:
    """MM-4.5.1 / MM-4.5.2: easy = +1 day, leader +1; difficult = +2 days, leader -1."""
    easy = pay_phase(3, [hand(water=1, medicine=1), hand(medicine=1), hand()], day=4)
    easy, _ = play(easy, 0, Pay(resource="water"))
    easy, _ = play(easy, 1, Pay(resource="medicine"))
    assert (easy.day, easy.honour[0], easy.last_crossing) == (5, 2, "easy")
    hard = pay_phase(3, [hand(water=1, medicine=1), hand(), hand()], day=4)
    hard, _ = play(hard, 0, Pay(resource="water"))
    assert (hard.day, hard.honour[0], hard.last_crossing) == (6, 0, "difficult")
    assert GAME.view(hard, None).last_crossing == "difficult"


def test_mm_4_6_3_leader_keys() -> None:
    """MM-4.6.3: fewest cards, then most honour, then clockwise after the previous leader (R15)."""
    assert select_leader([2, 1, 3, 1], [0, 0, 0, 0], previous=0, barred=None) == 1
    assert select_leader([2, 1, 3, 1], [0, 0, 0, 2], previous=0, barred=None) == 3
    assert select_leader([1, 1, 1], [0, 0, 0], previous=1, barred=None) == 2
    assert select_leader([1, 1, 1], [0, 0, 0], previous=2, barred=None) == 0
    assert select_leader([0, 1, 1], [5, 0, 0], previous=0, barred=None) == 0  # may lead again


def test_mm_4_6_2_difficulty_bar() -> None:
    """MM-4.6.2 / R16: after a difficult crossing the leader cannot lead the very next turn only."""
    assert select_leader([0, 3, 2], [0, 0, 0], previous=0, barred=0) == 2
    # 3 players, desert-1: the leader gives everything to seat 1 and pays medicine; water stays unpaid.
    state, _ = start(make_state(3, cards={"B1": "desert-1"}, hands=[hand(medicine=1), hand(), hand()]))
    state, _ = play(state, 0, Choose(cell="B1"))
    state, _ = play(state, 0, Split(allocation={1: {"axe": 3, "water": 2}}))
    state, events = play(state, 0, Pay(resource="medicine"))
    assert state.last_crossing == "difficult"
    assert [state.hand_size(s) for s in range(3)] == [0, 5, 0] and state.honour == [0, -1, -1]
    assert find(events, "leader_barred")[0].params == {"seat": 0}
    # Seat 0 would win on honour; barred, the lead goes to seat 2.
    assert state.leader == 2 and state.barred == 0 and GAME.view(state, None).barred == 0
    # The bar lasts one selection only (R16): an easy crossing clears it.
    assert state.phase == "choose"


def test_r30_tie_break_uses_honour_after_the_leaders_change() -> None:
    """R30: the new-leader honour key includes the leader's own +1 of this turn."""
    # 3 players, desert-1 (water 3, medicine 1). Leader seat 1 pays and crosses easily.
    hands = [hand(medicine=1), hand(water=1), hand()]
    state, _ = start(make_state(3, leader=1, cards={"B1": "desert-1"}, hands=hands, honour=[1, 1, 0]))
    state, _ = play(state, 1, Choose(cell="B1"))
    state, _ = play(state, 1, Split(allocation={1: {"water": 2}, 2: {"axe": 3}}))
    state, _ = play(state, 1, Pay(resource="water"))  # seat 1: 0 cards, h 2
    # seat 2 (3 axes) cannot pay and passes automatically (h -1)
    state, _ = play(state, 0, Pay(resource="medicine"))  # seat 0: 0 cards, h 2
    # Seats 0 and 1 both hold 0 cards. Before the leader's +1 they tied at 2 and
    # seat 0 would have won clockwise; after it, seat 1 has 3 and leads again.
    assert state.last_crossing == "easy"
    assert state.honour == [2, 3, -1]
    assert state.leader == 1


def test_mm_4_6_1_game_ends_at_day_17_not_before() -> None:
    """MM-4.6.1 / R27: day 16 after a crossing continues; reaching 17 ends the game after the outcome."""
    state = pay_phase(3, [hand(water=1, medicine=1), hand(medicine=1), hand()], day=15)
    state, _ = play(state, 0, Pay(resource="water"))
    state, _ = play(state, 1, Pay(resource="medicine"))
    assert state.day == 16 and state.phase == "choose"
    state = pay_phase(3, [hand(water=1, medicine=1), hand(medicine=1), hand()], day=16)
    state, events = play(state, 0, Pay(resource="water"))
    state, events = play(state, 1, Pay(resource="medicine"))
    assert state.day == 17 and state.phase == "over" and state.success is False
    assert GAME.decision(state) is None
    assert_refused(state, 0, Pass(), "error.game_over", None)
    assert keys(events)[-2:] == ["out_of_days", "failure"]


# -- MM-4.7 Mag Mor -------------------------------------------------------------------


def test_mm_4_7_1_magmor_turn() -> None:
    """MM-4.7.1 / MM-4.2.2: Mag Mor is entered automatically; no exploration, nothing found, no split."""
    state, events = start(make_state(4, path=TO_E6, hands=[hand(water=3)] * 4))
    assert keys(events) == ["turn_started", "magmor_reached"]
    assert find(events, "magmor_reached")[0].params == {"seat": 0, "day": 0, "needed": 8}
    assert state.phase == "magmor" and state.path[-1] == "F6" and state.taken == {}
    decision = GAME.decision(state)
    assert decision is not None and (decision.kind, decision.mode, decision.timeout) == (
        "magmor.magmor",
        "ordered",
        "short",
    )
    assert GAME.view(state, None).grid[-1].crossed


def test_mm_4_7_2_exactly_two_cards() -> None:
    """MM-4.7.2 / R28: exactly 2 cards the player holds, of any types."""
    state, _ = start(make_state(3, path=TO_E6, hands=[hand(water=2, food=1, axe=3)] * 3))
    assert_refused(state, 0, PayMagMor(cards={"axe": 1}), "magmor.error.magmor_card_count", "MM-4.7.2")
    assert_refused(state, 0, PayMagMor(cards={"axe": 3}), "magmor.error.magmor_card_count", "MM-4.7.2")
    assert_refused(state, 0, PayMagMor(cards={"food": 2}), "magmor.error.cards_not_held", "MM-4.7.2")
    assert_refused(
        state, 0, PayMagMor(cards={"axe": 3, "food": -1}), "magmor.error.negative_count", "MM-4.7.2"
    )
    assert_refused(state, 0, Pay(resource="water"), "magmor.error.not_pay_phase", "MM-4.4.3")
    legal = GAME.legal_actions(state, 0)
    assert legal == [
        PayMagMor(cards={"water": 2}),
        PayMagMor(cards={"water": 1, "food": 1}),
        PayMagMor(cards={"water": 1, "axe": 1}),
        PayMagMor(cards={"food": 1, "axe": 1}),
        PayMagMor(cards={"axe": 2}),
        Pass(),
    ]
    state, events = play(state, 0, PayMagMor(cards={"water": 1, "axe": 1}))
    assert find(events, "magmor_paid")[0].params == {"seat": 0, "cards": {"water": 1, "axe": 1}, "honour": 1}
    assert state.magmor_paid == {0: {"water": 1, "axe": 1}} and conserved(state)


def test_mm_4_7_2_everyone_acts() -> None:
    """R29: at Mag Mor the round never ends early; a pass costs 1 honour (MM-4.7.2)."""
    state, _ = start(make_state(3, leader=2, path=TO_E6, hands=[hand(water=2)] * 3))
    assert GAME.decision(state).seats == [2, 0, 1]  # type: ignore[union-attr]
    state, _ = play(state, 2, Pass())
    state, _ = play(state, 0, PayMagMor(cards={"water": 2}))
    assert state.phase == "magmor" and GAME.decision(state).actors == [1]  # type: ignore[union-attr]
    state, _ = play(state, 1, PayMagMor(cards={"water": 2}))
    # Difficult: seat 2 (leader) passed (-1) and loses 1 more.
    assert state.honour == [1, 1, -2] and state.last_crossing == "difficult" and state.day == 2


# -- MM-5 scoring ---------------------------------------------------------------------


def test_mm_5_2_success_scoring_and_shared_rank() -> None:
    """MM-5.2 / MM-5.4 / R25: VP(honour) + objective values; equal points and honour share the win."""
    state = make_state(
        4,
        hands=[hand(axe=1), hand(water=1), hand(food=3), hand()],
        honour=[1, 1, 0, 0],
        objectives=["obj-05", "obj-01", "obj-03", "obj-04"],
        phase="over",
        success=True,
    )
    assert [score(state, s) for s in range(4)] == [4, 4, 9, 0]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "magmor.outcome.success"
    assert [(s.seat, s.rank, s.winner) for s in outcome.standings] == [
        (2, 1, True),
        (0, 2, False),
        (1, 2, False),
        (3, 4, False),
    ]
    top = outcome.standings[0]
    assert top.details == {
        "honour": 0,
        "honour_vp": 0,
        "resource_vp": 9,
        "cards": 3,
        "hand": hand(food=3),
        "objective": "obj-03",
        "values": {"water": 1, "food": 3, "axe": 2, "pickaxe": 1, "medicine": 1},
    }
    # Every point is accounted for: honour VP + each type's count x its value.
    for standing in outcome.standings:
        d = standing.details
        by_type = sum(n * d["values"][res] for res, n in d["hand"].items())
        assert standing.score == d["honour_vp"] + by_type == d["honour_vp"] + d["resource_vp"]
    assert outcome.params == {"day": 0, "reached": False}


def test_mm_5_3_failure_ignores_objectives() -> None:
    """MM-5.3 / R26: failure ranks by honour, then fewer cards; full ties share the victory."""
    state = make_state(
        3,
        hands=[hand(axe=9), hand(water=1), hand(food=1)],
        honour=[2, 1, 1],
        phase="over",
        success=False,
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "magmor.outcome.failure"
    assert [(s.seat, s.rank, s.winner, s.score) for s in outcome.standings] == [
        (0, 1, True, None),
        (1, 2, False, None),
        (2, 2, False, None),
    ]
    state.honour = [1, 1, 1]
    state.hands[0] = hand(water=1)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1, 2]


def test_outcome_only_when_over(fresh: MagmorState) -> None:
    """MM-5.1: no outcome before the end."""
    assert GAME.outcome(fresh) is None
    assert GAME.final_events(fresh) == []


def test_final_events_reveal_objectives_and_hands() -> None:
    """MM-4.10.4 / R24: at the end every dealt objective and hand is public; set-aside cards are not."""
    state = make_state(3, hands=[hand(axe=1), hand(), hand(water=2)], phase="over", success=True)
    events = GAME.final_events(state)
    assert all(e.public for e in events)
    revealed = {e.params["objective"] for e in find(events, "objective_revealed")}
    assert revealed == set(state.objectives)
    assert not revealed & set(state.set_aside)
    assert {e.params["seat"]: e.params["cards"] for e in find(events, "hand_revealed")} == {
        0: {"axe": 1},
        1: {},
        2: {"water": 2},
    }
    # Objectives are worded per resource (no card id in the text); the scores are in the outcome.
    assert find(events, "objective_revealed")[0].params == {
        "seat": 0,
        "objective": state.objectives[0],
        **{f"value_{res}": vp for res, vp in OBJECTIVES[state.objectives[0]].items()},
    }
    assert find(events, "final_score") == []


# -- defaults (spec §9) ------------------------------------------------------------------


def test_d4_default_choice_by_hint() -> None:
    """D3/D4: no exploration; the candidate whose hint type the leader holds more of."""
    # B1 desert-1 hints water, A2 lake-1 hints axe.
    state, _ = start(
        make_state(4, cards={"B1": "desert-1", "A2": "lake-1"}, hands=[hand(axe=2, water=1)] * 4)
    )
    assert GAME.default_action(state, 0) == Choose(cell="A2")


def test_d4_default_tie_is_random_but_pure() -> None:
    """D4: on a tie the pick comes from a copy of the state's RNG: repeatable, state untouched."""
    picks = set()
    for seed in range(40):
        state, _ = start(make_state(4, cards={"B1": "desert-1", "A2": "lake-1"}))
        state.rng = Rng(seed=seed)
        before = state.model_dump()
        first = GAME.default_action(state, 0)
        assert GAME.default_action(state, 0) == first
        assert state.model_dump() == before
        assert isinstance(first, Choose)
        picks.add(first.cell)
    assert picks == {"B1", "A2"}


def test_d5_default_split_keeps_all(fresh: MagmorState) -> None:
    """D5: the leader keeps every taken card."""
    action = GAME.default_action(fresh, fresh.leader)
    assert action == Split(allocation={fresh.leader: fresh.taken})


def test_d6_default_payment_rule() -> None:
    """D6: the §10 rule: pay the cheapest affordable category when cost <= s + 1 (+1 as leader)."""
    # obj-03 values food 3, axe 2, others 1. Honour 0: s = VP(1) - VP(-1) = 2.
    cheap = pay_phase(
        4, [hand(medicine=1), hand(), hand(), hand()], objectives=["obj-03", "obj-01", "obj-02", "obj-04"]
    )
    assert GAME.default_action(cheap, 0) == Pay(resource="medicine")
    # Water x3 for a water-3 objective costs 9 > 2 + 1 + 1: pass.
    dear = pay_phase(
        4, [hand(water=1), hand(), hand(), hand()], objectives=["obj-01", "obj-03", "obj-02", "obj-04"]
    )
    assert GAME.default_action(dear, 0) == Pass()


def test_d7_default_magmor_pays_the_cheapest_pair() -> None:
    """D7: the 2 lowest-value cards by own objective (ties: the type held most)."""
    # obj-05: axe 3, pickaxe 2, others 1.
    state, _ = start(
        make_state(
            3,
            path=TO_E6,
            hands=[hand(axe=3, pickaxe=1, food=1, water=2), hand(), hand(axe=2)],
            objectives=["obj-05", "obj-01", "obj-02"],
        )
    )
    assert GAME.default_action(state, 0) == PayMagMor(cards={"water": 2})


def test_default_action_only_for_the_actor(fresh: MagmorState) -> None:
    """The defaults answer for the seat that must act."""
    other = (fresh.leader + 1) % fresh.players
    with pytest.raises(RuleError):
        GAME.default_action(fresh, other)


@pytest.mark.parametrize("seed", range(6))
def test_defaults_play_whole_games(players: int, seed: int) -> None:
    """§9: every default is legal, all the way to the end (timeouts only)."""
    state = GAME.new_game(players, seed)
    steps = 0
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        state, _ = play(state, seat, GAME.default_action(state, seat))
        steps += 1
        assert steps < 200
    assert GAME.outcome(state) is not None and conserved(state)


def test_ai_reads_only_its_own_view(fresh: MagmorState) -> None:
    """§10: the AI refuses any view but its own seat's."""
    decision = GAME.decision(fresh)
    assert decision is not None
    bot = GAME.ai(fresh.leader)
    with pytest.raises(ValueError):
        bot.act(GAME.view(fresh, None), decision)
    action = bot.act(GAME.view(fresh, fresh.leader), decision)
    assert isinstance(action, Split)


def test_reveal_events_for_an_early_end(fresh: MagmorState) -> None:
    """R24 on /end: every dealt objective and hand is shown, never a set-aside card, and no score mid-game."""
    events = GAME.reveal_events(fresh)
    assert all(e.public for e in events)
    assert {e.params["objective"] for e in find(events, "objective_revealed")} == set(fresh.objectives)
    assert not {e.params["objective"] for e in find(events, "objective_revealed")} & set(fresh.set_aside)
    assert len(find(events, "hand_revealed")) == fresh.players
    assert find(events, "final_score") == []
