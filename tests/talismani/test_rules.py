"""One test per rule not already covered by a vector, and every refusal of the issue
(key, rule id, state unchanged)."""

from __future__ import annotations

import pytest

from games.talismani import (
    GAME,
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    Talisman,
    Weather,
)
from games.talismani.data import FIRST_TALISMAN, parse
from games.talismani.game import talismans_text
from games.talismani.plays import card_plays, reveal_play
from games.talismani.state import Choice
from tests.talismani.talismani_helpers import act, assert_refused, find, make_state, play_turn

# -- data (TT-2.4, §8) --------------------------------------------------------------------


def test_data_file_is_the_spec_toml_verbatim() -> None:
    from pathlib import Path

    spec_path = Path(__file__).resolve().parents[2] / "docs" / "rules" / "talismani.md"
    spec = spec_path.read_text()
    data = (Path(__file__).resolve().parents[2] / "games" / "talismani" / "data.toml").read_text()
    block = spec.split("```toml\n", 1)[1].split("```", 1)[0]
    assert data == block


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("deck_size = 40", "deck_size = 41", "does not add up"),
        ("hand_size = 20", "hand_size = 19", "divide evenly"),
        ('kind = "choose_stake"\nnumber = 1', 'kind = "choose_stake"\nnumber = 9', "numbered 1 to 8"),
        ("worth_halves = 2", "worth_halves = 1", "whole"),
    ],
)
def test_broken_data_is_refused(old: str, new: str, message: str) -> None:
    from importlib.resources import files

    text = files("games.talismani").joinpath("data.toml").read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(ValueError, match=message):
        parse(text.replace(old, new, 1))


# -- TT-3 setup ---------------------------------------------------------------------------


def test_setup_is_random_by_seed_and_complete() -> None:
    a, b, c = GAME.new_game(6, 1), GAME.new_game(6, 1), GAME.new_game(6, 2)
    assert a == b and (a.row, a.hands) != (c.row, c.hands)
    assert sorted(a.row) == sorted(["fog", "snow", "clouds", "rain", "sun", "storm"])
    assert a.stake == FIRST_TALISMAN and a.turn == 1 and a.phase == "play"


def test_player_count_limits() -> None:
    from games.core import RuleError

    for bad in (1, 11):
        with pytest.raises(RuleError):
            GAME.new_game(bad, 1)


# -- TT-5 plays -----------------------------------------------------------------------------


def test_card_not_in_hand_is_refused() -> None:
    state = make_state(3, [["sun-3"], ["sun-2"], ["rain-2"]])
    assert_refused(state, 0, PlayCards(cards=["sun-7"]), "talismani.error.not_in_hand", "TT-5.1")
    assert_refused(state, 0, PlayCards(cards=["sun-3", "sun-3"]), "talismani.error.duplicate_card", "TT-5.1")


def test_every_single_card_is_a_legal_play() -> None:
    """TT-5.3 / R36: any card alone, specials included."""
    hand = ["sun-3", "CS1", "JKa", "rain-5", "sun-4"]
    plays = card_plays(hand)
    assert all([card] in plays for card in hand)
    assert ["sun-3", "sun-4"] in plays and ["JKa", "rain-5"] in plays
    assert ["sun-3", "rain-5"] not in plays and ["JKa", "CS1"] not in plays
    assert len(plays) == 5 + 1 + 3  # singles, one same-suit pair, three Joker pairs


def test_choice_is_locked_once_submitted() -> None:
    """TT-5.4 with the core's simultaneous decision: a second choice is refused (R34 deviation)."""
    state = make_state(3, [["sun-3"], ["sun-2"], ["rain-2"]])
    state, _ = act(state, 0, PlayCards(cards=["sun-3"]))
    assert_refused(state, 0, PlayCards(cards=["sun-3"]), "error.already_decided", "TT-5.4")


def test_wrong_action_for_the_phase_is_refused() -> None:
    state = make_state(3, [["sun-3"], ["sun-2"], ["rain-2"]])
    assert_refused(state, 0, Pick(card="sun-3"), "talismani.error.not_now", "TT-5.1")
    assert_refused(state, 0, Weather(rotate=True), "talismani.error.not_now", "TT-5.1")


def test_play_decision_is_simultaneous_and_lists_who_is_done() -> None:
    state = make_state(4, [["sun-3"], ["sun-2"], ["rain-2"], ["fog-2"]])
    state, events = act(state, 2, PlayCards(cards=["rain-2"]))
    decision = GAME.decision(state)
    assert decision is not None
    assert (decision.kind, decision.mode, decision.rule, decision.timeout) == (
        "talismani.play",
        "simultaneous",
        "TT-5.4",
        "short",
    )
    assert decision.seats == [0, 1, 2, 3] and decision.done == [2] and decision.actors == [0, 1, 3]
    assert [(e.key, e.seats) for e in events] == [
        ("talismani.event.you_played", [2]),
        ("talismani.event.chosen", None),
    ]
    assert events[1].params == {"seat": 2}
    assert GAME.view(state, None).chosen == [2]


# -- TT-6 ranking -----------------------------------------------------------------------


def test_weather_position_beats_any_sum() -> None:
    """TT-6.3 key 1 / R8: the whole row orders the suits, not just the dominant one."""
    state = make_state(3, [["snow-1"], ["clouds-8", "clouds-7"], ["storm-8"]])
    state, _ = play_turn(state, {0: ["snow-1"], 1: ["clouds-8", "clouds-7"], 2: ["storm-8"]})
    assert [p.seat for p in state.plays] == [0, 1, 2]


def test_joker_pair_loses_to_plain_pair_only_on_the_last_key() -> None:
    """TT-6.3 key 5 (R10): kept for completeness; a Joker pair with a 1 totals 1."""
    play = reveal_play(0, Choice(cards=["JKa", "sun-1"]))
    assert (play.total, play.top, play.combination, play.kind) == (1, 1, True, "joker_pair")


def test_pair_with_zero_not_consecutive_is_no_combination() -> None:
    """R15."""
    assert not reveal_play(0, Choice(cards=["sun-0", "sun-5"])).combination
    assert reveal_play(0, Choice(cards=["sun-0", "sun-1"])).combination
    assert reveal_play(0, Choice(cards=["sun-0"])).combination


def test_two_lone_jokers_share_from_the_seat_after_the_winner() -> None:
    """R11: the Joker seated first clockwise after the winner picks first."""
    state = make_state(4, [["JKa"], ["sun-3"], ["rain-2"], ["JKb"]])
    state, _ = play_turn(state, {0: ["JKa"], 1: ["sun-3"], 2: ["rain-2"], 3: ["JKb"]})
    state, _ = act(state, 1, ChooseStake(card="sun-3"))
    assert state.sharing_order == [3, 0, 2]


def test_reveal_event_describes_every_play_in_ranking_order() -> None:
    state = make_state(3, [["sun-3"], ["CS1"], ["rain-2", "rain-5"]])
    state, events = play_turn(state, {0: ["sun-3"], 1: ["CS1"], 2: ["rain-2", "rain-5"]})
    reveal = find(events, "reveal")
    assert len(reveal) == 1 and reveal[0].public
    assert reveal[0].params["plays"] == [
        {"seat": 0, "cards": ["sun-3"]},
        {"seat": 1, "cards": ["CS1"]},
        {"seat": 2, "cards": ["rain-2", "rain-5"]},
    ]
    shown = [
        (e.params["seat"], e.params["cards_list"], e.params["rank"]) for e in find(events, "revealed_play")
    ]
    assert shown == [(0, ["sun-3"], 1), (2, ["rain-2", "rain-5"], 2), (1, ["CS1"], 3)]
    winner = find(events, "turn_winner")[0]
    assert winner.params == {"seat": 0, "card": FIRST_TALISMAN}
    order = [e.key for e in events]
    assert order.index("talismani.event.reveal") < order.index("talismani.event.revealed_play")
    assert order.index("talismani.event.revealed_play") < order.index("talismani.event.turn_winner")


# -- TT-8 distribution -------------------------------------------------------------------------


def test_set_aside_answers_stay_secret_until_all_decided() -> None:
    """TT-8.1 / R13: simultaneous; the second answer is refused; the others see only who."""
    state = make_state(3, [["sun-9"], ["rain-2", "rain-3"], ["fog-4", "fog-5"]])
    state, _ = play_turn(state, {0: ["sun-9"], 1: ["rain-2", "rain-3"], 2: ["fog-4", "fog-5"]})
    state, events = act(state, 1, SetAside(yes=False))
    assert [e.key for e in events] == ["talismani.event.aside_decided"]
    decision = GAME.decision(state)
    assert decision is not None and decision.done == [1] and decision.rule == "TT-8.1"
    assert GAME.view(state, 1).my_set_aside is False
    assert GAME.view(state, 2).my_set_aside is None and GAME.view(state, None).aside_done == [1]
    assert_refused(state, 1, SetAside(yes=True), "error.already_decided", "TT-8.1")
    state, _ = act(state, 2, SetAside(yes=True))
    assert "rain-2" in state.pool and "fog-4" not in state.pool  # R14


def test_stake_must_come_from_the_pool() -> None:
    """TT-8.3 / R14: never a set-aside card, never a card that was not played."""
    state = make_state(3, [["sun-9"], ["rain-2", "rain-3"], ["fog-4"]])
    state, _ = play_turn(state, {0: ["sun-9"], 1: ["rain-2", "rain-3"], 2: ["fog-4"]})
    state, _ = act(state, 1, SetAside(yes=True))
    assert_refused(state, 0, ChooseStake(card="rain-2"), "talismani.error.not_in_pool", "TT-8.3")
    assert_refused(state, 0, ChooseStake(card="sun-1"), "talismani.error.not_in_pool", "TT-8.3")
    assert_refused(state, 1, ChooseStake(card="sun-9"), "error.not_your_turn", "TT-8.3")


def test_sharing_pick_must_come_from_the_pool_and_in_order() -> None:
    state = make_state(4, [["sun-9"], ["rain-2"], ["fog-4"], ["snow-4"]])
    state, _ = play_turn(state, {0: ["sun-9"], 1: ["rain-2"], 2: ["fog-4"], 3: ["snow-4"]})
    state, _ = act(state, 0, ChooseStake(card="sun-9"))
    assert state.sharing_order == [2, 3, 1]
    assert_refused(state, 2, Pick(card="sun-9"), "talismani.error.not_in_pool", "TT-8.6")
    assert_refused(state, 3, Pick(card="rain-2"), "error.not_your_turn", "TT-8.6")
    assert GAME.legal_actions(state, 3) == []


def test_winner_and_first_talisman_worth() -> None:
    """TT-8.2 / R21: the First Talisman is a whole; any later stake a half."""
    state = make_state(2, [["sun-6"], ["rain-2"]], stake="CS1")
    state, _ = play_turn(state, {0: ["sun-6"], 1: ["rain-2"]})
    state, _ = act(state, 0, ChooseStake(card="rain-2"))
    seat = GAME.view(state, None).seats[0]
    assert (seat.whole, seat.halves, seat.score_halves) == (0, 1, 1)


def test_special_chosen_as_stake_still_acts() -> None:
    """TT-10.2 / R22."""
    state = make_state(3, [["sun-6"], ["RO3"], ["rain-2"]])
    state, _ = play_turn(state, {0: ["sun-6"], 1: ["RO3"], 2: ["rain-2"]})
    state, events = act(state, 0, ChooseStake(card="RO3"))
    assert state.row == ["storm", "fog", "clouds", "snow", "rain", "sun"]
    assert find(events, "reversed")[0].params["seat"] == 1


def test_two_reverse_cards_cancel_out() -> None:
    """TT-10.4 / R25: both act, in number order."""
    state = make_state(10, [["sun-6"], ["RO3"], ["RO4"], *[[f"fog-{n}"] for n in range(1, 8)]])
    plays: dict[int, list[str] | str] = {0: ["sun-6"], 1: ["RO3"], 2: ["RO4"]}
    plays.update({seat: [f"fog-{seat - 2}"] for seat in range(3, 10)})
    state, _ = play_turn(state, plays)
    state, events = act(state, 0, ChooseStake(card="sun-6"))
    assert len(find(events, "reversed")) == 2
    assert state.row == ["sun", "rain", "snow", "clouds", "fog", "storm"]


def test_two_change_order_cards_act_in_number_order() -> None:
    """R25: CO5 then CO6, each on the row left by the previous one."""
    hands = [["sun-6"], ["CO6"], ["CO5"], ["rain-1"], ["fog-1"]]
    state = make_state(5, hands)
    state, _ = play_turn(state, {0: ["sun-6"], 1: ["CO6"], 2: ["CO5"], 3: ["rain-1"], 4: ["fog-1"]})
    state, _ = act(state, 0, ChooseStake(card="sun-6"))
    assert GAME.decision(state).seats == [2]  # type: ignore[union-attr]
    state, _ = act(state, 2, ChangeOrder(suit="storm", position=2))
    assert GAME.decision(state).seats == [1]  # type: ignore[union-attr]
    state, _ = act(state, 1, ChangeOrder(suit="fog", position=6))
    assert state.row == ["sun", "storm", "rain", "snow", "clouds", "fog"]


def test_change_order_legal_actions_and_unknown_suit() -> None:
    state = make_state(3, [["sun-8"], ["CO5"], ["fog-2"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["CO5"], 2: ["fog-2"]})
    state, _ = act(state, 0, ChooseStake(card="fog-2"))
    legal = GAME.legal_actions(state, 1)
    assert legal is not None and len(legal) == 25
    assert all(isinstance(a, ChangeOrder) and a.suit != "sun" and a.position >= 2 for a in legal)
    assert_refused(state, 1, ChangeOrder(suit="lava", position=2), "talismani.error.unknown_suit", "TT-10.5")
    assert_refused(state, 1, ChangeOrder(suit="fog", position=7), "talismani.error.bad_position", "TT-10.5")


def test_change_weather_keep_then_no_phase_4() -> None:
    """TT-10.6 / TT-11.1: keeping still counts as the CW acting."""
    state = make_state(3, [["sun-8"], ["CW7"], ["fog-2"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["CW7"], 2: ["fog-2"]})
    state, _ = act(state, 0, ChooseStake(card="CW7"))
    state, events = act(state, 1, ChangeWeather(rotate=False))
    assert find(events, "kept_weather")
    state, _ = act(state, 2, Pick(card="sun-8"))
    assert state.phase == "play" and state.turn == 2


def test_pending_forged_only_with_play_f() -> None:
    """TT-9.6 / R17: optional, every turn starting with its suit dominant; R40 uses the start row."""
    pending = {
        0: [Talisman(suit="sun", cards=["sun-3", "sun-4"]), Talisman(suit="sun", cards=["JKa", "sun-8"])]
    }
    state = make_state(3, [["fog-1"], ["rain-2"], ["snow-2"]], pending=pending)
    assert GAME.view(state, None).seats[0].forge_ready
    state, _ = play_turn(state, {0: "forge", 1: ["rain-2"], 2: ["snow-2"]})
    assert state.winner == 1
    state, _ = act(state, 1, ChooseStake(card="rain-2"))
    assert len(state.forged[0]) == 2 and state.pending[0] == []  # all of that suit
    assert GAME.view(state, None).seats[0].whole == 2


def test_end_discards_stake_and_pending_and_scores() -> None:
    """TT-12.3 / TT-9.8."""
    pending = {2: [Talisman(suit="fog", cards=["fog-4", "fog-5"])]}
    state = make_state(3, [["sun-9"], ["rain-2"], ["snow-2"]], pending=pending, pad=1)
    state, _ = play_turn(state, {0: ["sun-9"], 1: ["rain-2"], 2: ["snow-2"]})
    state, _ = act(state, 0, ChooseStake(card="sun-9"))
    state, _ = act(state, 2, Pick(card="rain-2"))  # P2 gets snow-2 back
    state, events = act(state, 0, Weather(rotate=False))
    assert state.phase == "over" and state.hand_sizes() == [0, 1, 1]
    assert "sun-9" in state.discard and {"fog-4", "fog-5"} <= set(state.discard)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0]
    assert outcome.standings[0].score == 2 and outcome.reason == "talismani.outcome.end"
    # The final record (board, panels, chat) gives the scores; the events reveal the hands.
    final = GAME.final_events(state)
    assert [e.key for e in final] == ["talismani.event.hand_revealed"] * 3
    assert all(e.public for e in final)
    # The final weather row is in the outcome: tie-break 2 names talismans by it (TT-13.3).
    assert outcome.params == {"turn": state.turn, "row": state.row}
    assert find(events, "pending_discarded")


def test_shared_victory_when_all_keys_tie() -> None:
    """TT-13.4."""
    state = make_state(3, [[], [], []], stake=None, won={0: ["sun-1"], 1: ["sun-2"]})
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]
    assert [s.rank for s in outcome.standings] == [1, 1, 3]


def test_talismans_text() -> None:
    assert [talismans_text(n) for n in (0, 1, 2, 5)] == ["0", "½", "1", "2½"]


# -- §9 defaults -------------------------------------------------------------------------------


def test_default_play() -> None:
    """§9 #2: (f) if allowed; else the weakest single fairy; else CW, CO, CS, RO; else a Joker."""
    state = make_state(3, [["sun-1", "storm-9", "storm-3"], ["CS1", "CO5", "JKa"], ["JKa"]], pad=1)
    state.hands[2] = ["JKb"]
    assert GAME.default_action(state, 0) == PlayCards(cards=["storm-3"])
    assert GAME.default_action(state, 1) == PlayCards(cards=["CO5"])
    assert GAME.default_action(state, 2) == PlayCards(cards=["JKb"])
    state.pending[0] = [Talisman(suit="sun", cards=["sun-4", "sun-5"])]
    assert GAME.default_action(state, 0) == Forge()


def test_default_stake_pick_and_weather() -> None:
    """§9 #3-#8."""
    state = make_state(4, [["sun-2"], ["rain-9", "rain-8"], ["JKa"], ["fog-9"]])
    state, _ = play_turn(state, {0: ["sun-2"], 1: ["rain-9", "rain-8"], 2: ["JKa"], 3: ["fog-9"]})
    assert GAME.default_action(state, 1) == SetAside(yes=True)
    state, _ = act(state, 1, SetAside(yes=False))
    assert GAME.default_action(state, 0) == ChooseStake(card="JKa")
    state, _ = act(state, 0, ChooseStake(card="JKa"))
    # Rain 9 and Fog 9 tie on value: the more dominant suit (Rain, position 2) first.
    assert GAME.default_action(state, state.to_pick() or 0) == Pick(card="rain-9")
    while state.phase == "share":
        seat = state.to_pick()
        assert seat is not None
        state, _ = act(state, seat, GAME.default_action(state, seat))
    assert GAME.default_action(state, 0) == Weather(rotate=False)


def test_default_change_order_changes_nothing() -> None:
    state = make_state(3, [["sun-8"], ["CO5"], ["fog-2"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["CO5"], 2: ["fog-2"]})
    state, _ = act(state, 0, ChooseStake(card="fog-2"))
    before = list(state.row)
    state, _ = act(state, 1, GAME.default_action(state, 1))
    assert state.row == before


def test_default_is_refused_for_a_non_actor() -> None:
    from games.core import RuleError

    state = make_state(3, [["sun-8"], ["CO5"], ["fog-2"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["CO5"], 2: ["fog-2"]})
    with pytest.raises(RuleError):
        GAME.default_action(state, 2)


def test_opening_events() -> None:
    state = GAME.new_game(3, 5)
    events = GAME.opening_events(state)
    dealt = [e for e in events if e.key == "talismani.event.dealt"]
    assert [e.seats for e in dealt] == [[0], [1], [2]]
    assert all(e.public for e in events if e.key != "talismani.event.dealt")
    assert dealt[0].params["cards_list"] == state.hands[0]
