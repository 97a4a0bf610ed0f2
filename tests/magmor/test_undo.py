"""Take-backs in Mag Mor (games.magmor.undo): which actions may be taken back, rule by
rule, and a property over random games. Allowed means that the action drew nothing
and showed nothing its actor could not already tell."""

from __future__ import annotations

import random
from collections import Counter

from games.core import Event
from games.core.protocol import UNDO_REVEALED
from games.magmor import (
    GAME,
    Choose,
    Explore,
    MagmorAction,
    MagmorState,
    Pass,
    Pay,
    PayMagMor,
    Split,
    keep_all,
)
from games.magmor.grid import MAGMOR
from tests.engine import same_in_every_world
from tests.magmor.magmor_helpers import find, hand, keys, make_state, play, start

TO_E6 = ["A1", "B1", "C1", "D1", "E1", "E2", "E3", "E4", "E5", "E6"]


def refusal(
    state: MagmorState, seat: int, action: MagmorAction
) -> tuple[str | None, MagmorState, list[Event]]:
    after, events = play(state, seat, action)
    return GAME.undo_refusal(action, events), after, events


def choosing(players: int, hands: list[dict[str, int]], **kw: object) -> MagmorState:
    """Turn 2 from A1: the leader (seat 0 by default) chooses between B1 (desert-1) and A2 (lake-1)."""
    cards = {"B1": "desert-1", "A2": "lake-1"}
    state, _ = start(make_state(players, cards=cards, hands=hands, **kw))  # type: ignore[arg-type]
    return state


def splitting(players: int, hands: list[dict[str, int]], **kw: object) -> MagmorState:
    """desert-1 crossed at B1, its found cards waiting for the split (with 3 players: 3 axe and
    2 water found; water x3 and medicine x1 to pay, MM-4.3.2)."""
    state = choosing(players, hands, **kw)
    state, _ = play(state, state.leader, Choose(cell="B1"))
    return state


def paying(players: int, hands: list[dict[str, int]], **kw: object) -> MagmorState:
    """As ``splitting``, the leader keeping every found card (D5)."""
    state = splitting(players, hands, **kw)
    state, _ = play(state, state.leader, keep_all(state))
    return state


# -- explore and choose: a face is seen ------------------------------------------------


def test_mm_4_2_4_explore_is_refused_the_face_is_seen() -> None:
    """MM-4.2.4 / R10: the leader alone sees the explored face; taking the discard back
    after the peek would make exploring free."""
    state = choosing(4, [hand(axe=2, pickaxe=1)] * 4)
    reason, _, events = refusal(state, 0, Explore(cell="B1"))
    assert reason == UNDO_REVEALED
    assert [e.seats for e in find(events, "explored_face")] == [[0]]


def test_mm_4_3_1_choose_is_refused_the_terrain_is_turned() -> None:
    """MM-4.3.1: the chosen card is turned face up for everyone."""
    state = choosing(4, [hand()] * 4)
    reason, after, _ = refusal(state, 0, Choose(cell="A2"))
    assert reason == UNDO_REVEALED
    assert GAME.view(after, 1).grid[6].face is not None  # A2, public now


# -- the split ------------------------------------------------------------------------


def test_mm_4_3_4_split_is_allowed_when_the_leader_pays_first() -> None:
    """MM-4.3.4 / R13: a public allocation of public cards; the round then waits for the
    leader (MM-4.4.2), whose hand the leader knows."""
    state = splitting(3, [hand(medicine=1), hand(), hand()])
    reason, after, _ = refusal(state, 0, keep_all(state))
    assert reason is None
    assert GAME.decision(after).actors == [0]  # type: ignore[union-attr]


def test_r7_split_is_refused_when_the_round_moves_past_the_leader() -> None:
    """R7 / MM-4.4.2: a leader who can pay nothing passes by force, and the next seat is
    then asked or skipped according to its hidden hand. The leader cannot tell these two
    tables apart before the split, but can after it: seat 1 with the medicine is asked,
    seat 1 without it passes by force too."""
    split = Split(allocation={1: {"axe": 3, "water": 2}})
    asked = splitting(3, [hand(), hand(medicine=1), hand(food=1)])
    skipped = splitting(3, [hand(), hand(food=1), hand(medicine=1)])
    assert GAME.view(asked, 0) == GAME.view(skipped, 0)
    reason, after, events = refusal(asked, 0, split)
    assert reason == UNDO_REVEALED
    assert [e.params["seat"] for e in find(events, "passed_unable")] == [0]
    assert GAME.decision(after).actors == [1]  # type: ignore[union-attr]
    reason, after, events = refusal(skipped, 0, split)
    assert reason == UNDO_REVEALED
    assert [e.params["seat"] for e in find(events, "passed_unable")] == [0, 1]
    assert GAME.decision(after).actors == [2]  # type: ignore[union-attr]


# -- the payment round ------------------------------------------------------------------


def test_mm_4_4_3_pay_is_refused_while_the_round_goes_on() -> None:
    """MM-4.4.3 / R7: after the leader pays, the round stops at seat 1 only if seat 1 can
    pay an unpaid category. Two tables alike but for seat 1's hidden hand tell it apart,
    so the leader could pay, look, take it back and pay another category."""
    can = paying(4, [hand(medicine=1, pickaxe=2), hand(pickaxe=2), hand(food=2), hand()])
    cannot = paying(4, [hand(medicine=1, pickaxe=2), hand(food=2), hand(pickaxe=2), hand()])
    assert GAME.view(can, 0) == GAME.view(cannot, 0)
    reason, after_can, _ = refusal(can, 0, Pay(resource="medicine"))
    assert reason == UNDO_REVEALED
    reason, after_cannot, events = refusal(cannot, 0, Pay(resource="medicine"))
    assert reason == UNDO_REVEALED and find(events, "passed_unable")
    assert GAME.decision(after_can) != GAME.decision(after_cannot)


def test_r6_pay_that_closes_the_crossing_is_allowed() -> None:
    """R6 / MM-4.5.1 / TV-22: the last category paid ends the round; the new leader (MM-4.6.3)
    and the next choice (MM-4.2.1) follow from public facts only."""
    state = paying(3, [hand(water=1, medicine=1), hand(medicine=1), hand()])
    reason, state, _ = refusal(state, 0, Pay(resource="water"))
    assert reason == UNDO_REVEALED  # seat 1 was asked: it can pay the medicine
    reason, after, events = refusal(state, 1, Pay(resource="medicine"))
    assert reason is None
    assert keys(events) == ["paid", "all_paid", "crossed_easily", "new_leader", "turn_started"]
    assert after.phase == "choose" and after.candidates == ["C1", "B2"]


def test_mm_4_5_2_last_pass_that_closes_the_crossing_is_allowed() -> None:
    """MM-4.4.2 / MM-4.5.2: once every seat has acted the crossing is difficult; nothing
    is left to weigh in anyone's hand."""
    state = paying(3, [hand(), hand(), hand(water=3)])
    assert GAME.decision(state).actors == [2]  # type: ignore[union-attr]
    reason, after, events = refusal(state, 2, Pass())
    assert reason is None
    assert find(events, "crossed_with_difficulty") and after.phase == "choose"


def test_mm_4_4_3_pass_is_refused_while_the_round_goes_on() -> None:
    """MM-4.4.3 / R7: a pass that hands the round on shows whether the next seat can pay."""
    state = paying(3, [hand(medicine=1), hand(water=3), hand()])
    reason, after, _ = refusal(state, 0, Pass())
    assert reason == UNDO_REVEALED
    assert GAME.decision(after).actors == [1]  # type: ignore[union-attr]


def test_mm_4_2_3_closing_pay_is_refused_when_a_forced_move_turns_a_card() -> None:
    """MM-4.2.3 / MM-4.3.1: from F1 the next cell F2 is taken at once and turned face up."""
    hands = [hand(water=1, medicine=1), hand(medicine=1), hand()]
    state, _ = start(
        make_state(3, path=["A1", "B1", "C1", "D1", "E1"], cards={"F1": "desert-1"}, hands=hands)
    )
    state, _ = play(state, 0, Choose(cell="F1"))
    state, _ = play(state, 0, keep_all(state))
    state, _ = play(state, 0, Pay(resource="water"))
    reason, after, events = refusal(state, 1, Pay(resource="medicine"))
    assert reason == UNDO_REVEALED
    assert find(events, "forced_move") and after.path[-1] == "F2"


def test_mm_4_6_1_closing_pay_is_refused_when_the_days_run_out() -> None:
    """MM-4.6.1 / MM-4.10.4 / R24: the game ends at day 17 and every objective is revealed."""
    state = paying(3, [hand(water=1, medicine=1), hand(medicine=1), hand()], day=16)
    state, _ = play(state, 0, Pay(resource="water"))
    reason, after, events = refusal(state, 1, Pay(resource="medicine"))
    assert reason == UNDO_REVEALED
    assert find(events, "failure") and after.phase == "over"


# -- Mag Mor ------------------------------------------------------------------------------


def test_mm_4_7_2_pay_at_magmor_is_allowed() -> None:
    """MM-4.7.2: two public cards; the next seats are skipped by hand size alone, which is
    public (MM-3.4): seat 1 with one card passes by force, seat 2 is asked."""
    state, _ = start(make_state(3, path=TO_E6, hands=[hand(water=2), hand(axe=1), hand(food=2)]))
    reason, after, events = refusal(state, 0, PayMagMor(cards={"water": 2}))
    assert reason is None
    assert [e.params["seat"] for e in find(events, "passed_few_cards")] == [1]
    assert GAME.decision(after).actors == [2]  # type: ignore[union-attr]


def test_mm_4_7_4_last_pay_at_magmor_is_refused_the_game_ends() -> None:
    """MM-4.7.4 / MM-4.10.4 / R24: the last payment ends the game, which reveals the objectives."""
    state, _ = start(make_state(3, path=TO_E6, hands=[hand(water=2)] * 3))
    state, _ = play(state, 0, PayMagMor(cards={"water": 2}))
    state, _ = play(state, 1, PayMagMor(cards={"water": 2}))
    reason, after, events = refusal(state, 2, PayMagMor(cards={"water": 2}))
    assert reason == UNDO_REVEALED
    assert find(events, "success") and after.phase == "over"


def test_mm_4_7_2_pass_at_magmor_is_refused_like_any_pass() -> None:
    """MM-4.7.2: this pass shows nothing hidden, but its events read exactly like a normal
    pass that hands the round on (MM-4.4.3), so the safe answer holds for both."""
    state, _ = start(make_state(3, path=TO_E6, hands=[hand(water=2)] * 3))
    reason, _, events = refusal(state, 0, Pass())
    assert reason == UNDO_REVEALED
    normal = paying(3, [hand(medicine=1), hand(water=3), hand()])
    _, _, normal_events = refusal(normal, 0, Pass())
    assert events == normal_events and keys(events) == ["passed"]


# -- the property ---------------------------------------------------------------------


def shown(before: MagmorState, after: MagmorState, seat: int) -> bool:
    """What the state says was shown, read without the events: a terrain turned face up
    (Mag Mor is face up from the start), a face the actor peeked at, the end (R24)."""
    turned = {cell for cell in after.path if cell != MAGMOR} - set(before.path)
    peeked = {e.cell for e in after.explorations if e.seat == seat} - {
        e.cell for e in before.explorations if e.seat == seat
    }
    return bool(turned or peeked or after.phase == "over")


def test_property_random_games_take_back_only_what_showed_nothing() -> None:
    """Random games for 3, 4 and 5 players. Where a take-back is allowed: no randomness
    drawn (the RNG counter), no private event, and the same outcome for the actor in
    worlds it cannot tell apart. Where the counter moved, a face turned or peeked at,
    or the game ended: refused."""
    answers: Counter[tuple[str, str | None]] = Counter()
    caught: Counter[str] = Counter()  # refused actions the world check tells apart
    for players in (3, 4, 5):
        for seed in range(8):
            rng = random.Random(seed)
            state = GAME.new_game(players, seed)
            while (decision := GAME.decision(state)) is not None:
                seat = decision.actors[0]
                action = GAME.random_action(state, seat, rng)
                after, events = GAME.play(state, seat, action)
                reason = GAME.undo_refusal(action, events)
                answers[(action.kind, reason)] += 1
                if after.rng.counter != state.rng.counter:
                    assert reason is not None, (action, keys(events))
                if shown(state, after, seat):
                    assert reason == UNDO_REVEALED, (action, keys(events))
                if reason is None:
                    assert after.rng.counter == state.rng.counter
                    assert all(e.seats is None for e in events), (action, keys(events))
                    assert same_in_every_world(GAME, state, seat, action, after, events, rng, 2), (
                        action,
                        keys(events),
                    )
                elif caught[action.kind] < 3 and not same_in_every_world(
                    GAME, state, seat, action, after, events, rng, 1
                ):
                    caught[action.kind] += 1
                state = after
    allowed = {kind for kind, reason in answers if reason is None}
    refused = {kind for kind, reason in answers if reason is not None}
    # The property saw every kind on both sides it can fall on, so none of it held vacuously.
    assert allowed == {"split", "pay", "pass", "pay_magmor"}, answers
    assert refused >= {"explore", "choose", "split", "pay", "pass", "pay_magmor"}, answers
    # The world check has teeth: it tells apart what the answers refuse.
    assert set(caught) >= {"explore", "choose", "split", "pay", "pass"}, caught
