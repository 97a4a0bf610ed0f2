"""The spec's test vectors TV-01 to TV-13, by id (TV-14 to TV-23 are in test_vectors_forging.py).
Seats are 0-based: P1 is seat 0."""

from __future__ import annotations

from games.core import Event
from games.talismani import (
    GAME,
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Forge,
    Pick,
    SetAside,
    Talisman,
    TalismaniState,
    Weather,
)
from games.talismani.data import FIRST_TALISMAN
from tests.talismani.talismani_helpers import (
    act,
    assert_refused,
    conserved,
    find,
    make_state,
    play_turn,
)

# -- TV-01 / TV-02: the rulebook example and its continuation ------------------------------

A, B, C, D, E = range(5)
TV01_ROW = ["clouds", "sun", "storm", "snow", "rain", "fog"]


def tv01_start() -> TalismaniState:
    hands = [
        ["storm-7", "storm-8", "fog-2"],  # Amilcare
        ["JKa", "storm-10", "rain-3"],  # Beatrice
        ["clouds-4", "snow-9", "storm-5"],  # Cecilia
        ["snow-5", "sun-10", "snow-10"],  # Demostene
        ["CW7", "storm-9", "storm-1", "storm-2"],  # Esculapio
    ]
    return make_state(5, hands, row=TV01_ROW, pad=15)


def tv01_turn1() -> tuple[TalismaniState, list[Event]]:
    state = tv01_start()
    state, events = play_turn(
        state,
        {A: ["storm-7", "storm-8"], B: ["JKa", "storm-10"], C: ["clouds-4"], D: ["snow-5"], E: ["CW7"]},
    )
    return state, events


def test_tv01_ranking_and_set_aside() -> None:
    state, events = tv01_turn1()
    ranked = [(p.seat, p.rank) for p in state.plays]
    assert ranked == [(C, 1), (B, 2), (A, 3), (D, 4), (E, 5)]
    totals = {p.seat: p.total for p in state.plays}
    assert totals[B] == 19 and totals[A] == 15  # the Joker counts as Storm-9 (R9)
    assert state.winner == C
    assert [e.params["seat"] for e in find(events, "turn_winner")] == [C]
    # TT-8.1: Amilcare and Beatrice decide simultaneously.
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "talismani.set_aside"
    assert decision.mode == "simultaneous" and decision.seats == [A, B]


def test_tv01_full_turn() -> None:
    state, _ = tv01_turn1()
    state, _ = act(state, A, SetAside(yes=True))
    state, _ = act(state, B, SetAside(yes=True))
    # TT-8.2: Cecilia has the First Talisman; TT-8.3 she chooses among 3 pool cards.
    assert state.won[C] == [FIRST_TALISMAN]
    assert sorted(state.pool) == ["CW7", "clouds-4", "snow-5"]
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "talismani.stake" and decision.seats == [C]
    state, _ = act(state, C, ChooseStake(card="CW7"))
    # TT-8.4: Storm is not dominant: pending talismans.
    assert state.pending[A] == [Talisman(suit="storm", cards=["storm-7", "storm-8"])]
    assert state.pending[B] == [Talisman(suit="storm", cards=["JKa", "storm-10"])]
    # TT-8.5: CW7 resolves although it is the stake; Esculapio rotates.
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "talismani.change_weather" and decision.seats == [E]
    state, _ = act(state, E, ChangeWeather(rotate=True))
    assert state.row == ["sun", "storm", "snow", "rain", "fog", "clouds"]
    # TT-8.6: Demostene picks first, Esculapio gets the other.
    assert state.sharing_order == [D, E]
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "talismani.pick" and decision.seats == [D]
    state, events = act(state, D, Pick(card="clouds-4"))
    assert "snow-5" in state.hands[E] and "clouds-4" in state.hands[D]
    # Phase 4 skipped (CW7 acted): turn 2 begins.
    assert state.phase == "play" and state.turn == 2 and state.stake == "CW7"
    assert state.hand_sizes() == [13, 13, 14, 15, 15]
    assert find(events, "turn_started")
    assert conserved(state)


def tv02_after_turn1() -> TalismaniState:
    state, _ = tv01_turn1()
    state, _ = act(state, A, SetAside(yes=True))
    state, _ = act(state, B, SetAside(yes=True))
    state, _ = act(state, C, ChooseStake(card="CW7"))
    state, _ = act(state, E, ChangeWeather(rotate=True))
    state, _ = act(state, D, Pick(card="clouds-4"))
    return state


def test_tv02_turns_2_and_3() -> None:
    state = tv02_after_turn1()
    # Turn 2: Storm is second: no play (f).
    assert_refused(state, A, Forge(), "talismani.error.cannot_forge", "TT-9.6")
    assert_refused(state, B, Forge(), "talismani.error.cannot_forge", "TT-9.6")
    state, _ = play_turn(state, {A: ["fog-2"], B: ["rain-3"], C: ["snow-9"], D: ["sun-10"], E: ["storm-9"]})
    assert [p.seat for p in state.plays] == [D, E, C, B, A]
    assert state.won[D] == ["CW7"]
    state, _ = act(state, D, ChooseStake(card="storm-9"))
    assert state.sharing_order == [A, B, C, E]
    state, _ = act(state, A, Pick(card="fog-2"))
    state, _ = act(state, B, Pick(card="rain-3"))
    state, _ = act(state, C, Pick(card="snow-9"))  # Esculapio gets sun-10 without a choice
    assert "sun-10" in state.hands[E]
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "talismani.weather" and decision.seats == [D]
    state, _ = act(state, D, Weather(rotate=True))
    assert state.row == ["storm", "snow", "rain", "fog", "clouds", "sun"]
    # Turn 3: Storm dominates: Amilcare and Beatrice forge.
    state, _ = play_turn(
        state, {A: "forge", B: "forge", C: ["storm-5"], D: ["snow-10"], E: ["storm-1", "storm-2"]}
    )
    assert state.winner == C
    assert GAME.decision(state).seats == [E]  # type: ignore[union-attr]
    state, _ = act(state, E, SetAside(yes=True))
    assert sorted(state.pool) == ["snow-10", "storm-5"]
    state, events = act(state, C, ChooseStake(card="snow-10"))
    assert "storm-5" in state.hands[D]  # the only sharer
    assert [e.params["seat"] for e in find(events, "forged")] == [A, B, E]
    state, _ = act(state, C, Weather(rotate=False))
    scores = [GAME.view(state, None).seats[s].score_halves for s in range(5)]
    assert scores == [2, 2, 3, 1, 2]
    assert state.pending == [[], [], [], [], []]
    assert conserved(state)


# -- TV-03 to TV-07: ranking and forging combinations ----------------------------------------


def test_tv03_low_dominant_card_wins_and_is_not_forged() -> None:
    state = make_state(
        4,
        [["rain-0"], ["sun-9", "sun-8"], ["fog-9"], ["storm-2", "storm-3"]],
        row=["rain", "sun", "fog", "snow", "clouds", "storm"],
    )
    state, _ = play_turn(
        state, {0: ["rain-0"], 1: ["sun-9", "sun-8"], 2: ["fog-9"], 3: ["storm-2", "storm-3"]}
    )
    assert [p.seat for p in state.plays] == [0, 1, 2, 3]
    assert [p.total for p in state.plays] == [0, 17, 9, 5]
    # The winner's 0 is not forged (TT-9.4). Sun 8 + 9 is consecutive, so P2 may set it
    # aside too (the vector overlooks it); P2 declines, as the vector's sharing implies.
    assert state.aside_seats == [1, 3]
    state, _ = act(state, 3, SetAside(yes=True))
    state, _ = act(state, 1, SetAside(yes=False))
    assert sorted(state.pool) == ["fog-9", "rain-0", "sun-8", "sun-9"]
    state, _ = act(state, 0, ChooseStake(card="sun-9"))
    assert state.pending[3] == [Talisman(suit="storm", cards=["storm-2", "storm-3"])]
    assert state.sharing_order == [2, 1]
    state, _ = act(state, 2, Pick(card="rain-0"))
    state, _ = act(state, 1, Pick(card="sun-8"))  # P3 gets the last card
    assert "fog-9" in state.hands[2]
    assert state.forged == [[], [], [], []]


def test_tv04_single_beats_pair_and_dominant_combination_forges_at_once() -> None:
    state = make_state(
        2, [["sun-5"], ["sun-2", "sun-3"]], row=["sun", "rain", "snow", "clouds", "fog", "storm"]
    )
    state, _ = play_turn(state, {0: ["sun-5"], 1: ["sun-2", "sun-3"]})
    assert state.winner == 0
    state, events = act(state, 1, SetAside(yes=True))
    # Pool = {sun-5}: it becomes the stake without a choice; nothing to share.
    assert state.stake == "sun-5"
    assert state.forged[1] == [Talisman(suit="sun", cards=["sun-2", "sun-3"])]
    assert find(events, "picked") == []
    assert state.phase == "weather"


def test_tv04_variant_not_consecutive() -> None:
    state = make_state(2, [["sun-5"], ["sun-1", "sun-4"]])
    state, _ = play_turn(state, {0: ["sun-5"], 1: ["sun-1", "sun-4"]})
    assert state.winner == 0 and state.phase == "stake"
    state, _ = act(state, 0, ChooseStake(card="sun-1"))
    assert {"sun-5", "sun-4"} <= set(state.hands[1])  # the only sharer takes both


def test_tv05_equal_pairs_higher_card_wins() -> None:
    state = make_state(
        2, [["rain-6", "rain-1"], ["rain-5", "rain-2"]], row=["rain", "sun", "snow", "clouds", "fog", "storm"]
    )
    state, _ = play_turn(state, {0: ["rain-6", "rain-1"], 1: ["rain-5", "rain-2"]})
    assert state.winner == 0
    assert [p.total for p in state.plays] == [7, 7]


def test_tv06_joker_pair_value() -> None:
    state = make_state(
        3,
        [["JKa", "rain-6"], ["rain-7", "rain-4"], ["rain-8", "rain-2"]],
        row=["rain", "sun", "snow", "clouds", "fog", "storm"],
    )
    state, _ = play_turn(state, {0: ["JKa", "rain-6"], 1: ["rain-7", "rain-4"], 2: ["rain-8", "rain-2"]})
    assert [(p.seat, p.total, p.top) for p in state.plays] == [(1, 11, 7), (0, 11, 6), (2, 10, 8)]
    state, _ = act(state, 0, SetAside(yes=True))
    state, _ = act(state, 1, ChooseStake(card="rain-8"))
    assert state.forged[0] == [Talisman(suit="rain", cards=["JKa", "rain-6"])]  # TT-8.4 b
    assert {"rain-7", "rain-4", "rain-2"} <= set(state.hands[2])


def test_tv07_joker_with_a_zero() -> None:
    state = make_state(
        4,
        [["JKa", "fog-0"], ["fog-1"], ["sun-9"], ["storm-9"]],
        row=["fog", "sun", "rain", "snow", "clouds", "storm"],
    )
    state, _ = play_turn(state, {0: ["JKa", "fog-0"], 1: ["fog-1"], 2: ["sun-9"], 3: ["storm-9"]})
    assert state.plays[0].seat == 1 and state.plays[1].total == 0
    state, _ = act(state, 0, SetAside(yes=True))
    state, _ = act(state, 1, ChooseStake(card="fog-1"))
    assert state.forged[0] == [Talisman(suit="fog", cards=["JKa", "fog-0"])]  # one whole, 2 cards
    assert state.sharing_order == [3, 2]
    state, _ = act(state, 3, Pick(card="sun-9"))
    assert "storm-9" in state.hands[2]


# -- TV-08 to TV-10: void turns and lone cards ---------------------------------------------------


def test_tv08_void_turn() -> None:
    state = make_state(3, [["JKa"], ["CS1"], ["CW7"]], stake="snow-6")
    sizes = state.hand_sizes()
    state, events = play_turn(state, {0: ["JKa"], 1: ["CS1"], 2: ["CW7"]})
    assert state.void and state.winner is None
    assert sorted(state.discard) == ["CS1", "CW7", "JKa"]
    assert state.row == ["sun", "rain", "snow", "clouds", "fog", "storm"]
    assert state.stake == "snow-6" and state.phase == "play" and state.turn == 2
    assert state.hand_sizes() == [n - 1 for n in sizes]
    assert find(events, "void_turn") and not find(events, "new_stake")


def test_tv09_void_turn_that_is_the_last() -> None:
    pending = {0: [Talisman(suit="storm", cards=["storm-3", "storm-4"])]}
    state = make_state(3, [["JKa"], ["CS1"], ["CW7"]], stake="snow-6", pending=pending)
    state.hands[1] = ["CS1"]
    state, events = play_turn(state, {0: ["JKa"], 1: ["CS1"], 2: ["CW7"]})
    assert state.phase == "over" and GAME.decision(state) is None
    assert state.stake is None and "snow-6" in state.discard
    assert state.pending[0] == [] and {"storm-3", "storm-4"} <= set(state.discard)
    assert find(events, "stake_discarded") and GAME.outcome(state) is not None


def test_tv10_lone_fairy_wins_against_joker_and_special() -> None:
    state = make_state(
        3, [["JKa"], ["fog-3"], ["CO5"]], row=["sun", "rain", "snow", "clouds", "storm", "fog"]
    )
    state, _ = play_turn(state, {0: ["JKa"], 1: ["fog-3"], 2: ["CO5"]})
    assert state.winner == 1
    state, _ = act(state, 1, ChooseStake(card="CO5"))
    decision = GAME.decision(state)  # CO5 still acts (TT-10.2)
    assert decision is not None and decision.kind == "talismani.change_order" and decision.seats == [2]
    state, _ = act(state, 2, ChangeOrder(suit="fog", position=2))
    assert state.sharing_order == [0, 2]
    state, _ = act(state, 0, Pick(card="fog-3"))
    assert "JKa" in state.hands[2]


# -- TV-11 to TV-13: specials ------------------------------------------------------------------


def test_tv11_both_choose_stake_cards() -> None:
    state = make_state(
        5,
        [["snow-6"], ["CS2"], ["CS1"], ["snow-2"], ["clouds-9"]],
        row=["snow", "sun", "rain", "clouds", "fog", "storm"],
    )
    state, events = play_turn(state, {0: ["snow-6"], 1: ["CS2"], 2: ["CS1"], 3: ["snow-2"], 4: ["clouds-9"]})
    assert state.winner == 0 and state.won[0] == [FIRST_TALISMAN]
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == [2]  # P3 (CS1) chooses
    assert [e.params["card"] for e in find(events, "special_cancelled")] == ["CS2"]
    assert_refused(state, 0, ChooseStake(card="snow-6"), "error.not_your_turn", "TT-8.3")
    state, _ = act(state, 2, ChooseStake(card="snow-6"))
    assert state.sharing_order == [4, 3, 1, 2]
    state, _ = act(state, 4, Pick(card="CS2"))
    state, _ = act(state, 3, Pick(card="CS1"))
    state, _ = act(state, 1, Pick(card="snow-2"))
    assert "clouds-9" in state.hands[2]


def test_tv12_both_change_weather_cards() -> None:
    state = make_state(5, [["sun-3"], ["CW8"], ["CW7"], ["fog-1"], ["rain-2"]])
    state, events = play_turn(state, {0: ["sun-3"], 1: ["CW8"], 2: ["CW7"], 3: ["fog-1"], 4: ["rain-2"]})
    state, events = act(state, 0, ChooseStake(card="sun-3"))
    assert [e.params["card"] for e in find(events, "special_cancelled")] == ["CW8"]
    assert GAME.decision(state).seats == [2]  # type: ignore[union-attr]
    state, _ = act(state, 2, ChangeWeather(rotate=True))
    assert state.row == ["rain", "snow", "clouds", "fog", "storm", "sun"]
    assert state.sharing_order == [3, 4, 1, 2]  # ranks fixed at the reveal (R27)
    state, _ = act(state, 3, Pick(card="CW8"))
    state, _ = act(state, 4, Pick(card="CW7"))
    state, _ = act(state, 1, Pick(card="fog-1"))
    assert state.phase == "play" and state.turn == 2  # phase 4 skipped for P1 (R24)


def test_tv13_reverse_then_change_order_then_weather_phase() -> None:
    state = make_state(3, [["rain-8"], ["RO3"], ["CO5"]])
    state, _ = play_turn(state, {0: ["rain-8"], 1: ["RO3"], 2: ["CO5"]})
    state, _ = act(state, 0, ChooseStake(card="RO3"))
    assert state.row == ["storm", "fog", "clouds", "snow", "rain", "sun"]
    state, _ = act(state, 2, ChangeOrder(suit="sun", position=2))
    assert state.row == ["storm", "sun", "fog", "clouds", "snow", "rain"]
    assert state.sharing_order == [2, 1]
    state, _ = act(state, 2, Pick(card="CO5"))
    assert "rain-8" in state.hands[1]
    state, _ = act(state, 0, Weather(rotate=True))
    assert state.row == ["sun", "fog", "clouds", "snow", "rain", "storm"]
