"""The test vectors of spec §6.5 and §6.6, by id: the territories' powers, the rounds, scoring
and the end (TV-19 … TV-28); the rest are in test_vectors.py."""

from __future__ import annotations

import pytest

from games.tirnanog import GAME, Consolidate, TakeCreatures
from games.tirnanog.data import PILE_TYPES
from games.tirnanog.scoring import score
from games.tirnanog.state import TirNanOgState
from tests.tirnanog.tirnanog_helpers import (
    assert_refused,
    find,
    gained,
    hand_codes,
    make_state,
    names,
    play,
    species,
    stack,
)

# -- 6.5 powers ---------------------------------------------------------------------------------


def test_tv19_fairy_festival() -> None:
    """TV-19: S1 +3 (1 in hand + 2 on forest_01), S2 +3 (2 + 1 on plain_02), S3 0; each
    holder of a fairy discards one."""
    state = make_state(
        3,
        hands=["FFEFD", "FFG", "DE"],
        reserves={0: ["forest_01"]},
        stacks={1: ["plain_02"], 2: ["forest_05↓"]},
    )
    state, events = play(state, 0, Consolidate(territory="forest_01", payment=species("FFE")))
    assert gained(events, "festival") == {0: 3, 1: 3, 2: 0}
    assert [hand_codes(state, s) for s in range(3)] == ["D", "FG", "DE"]
    assert [e.params["seat"] for e in find(events, "fairy_discarded")] == [0, 1]
    counts = {e.params["seat"]: (e.params["count"], e.params["symbols"]) for e in find(events, "vp_festival")}
    assert counts == {0: (1, 2), 1: (2, 1), 2: (0, 0)}


def test_tv20_temple_below_the_threshold() -> None:
    """TV-20: a 2-card stack: no duel, no VP."""
    state = make_state(2, hands=["EG", "DEF"], reserves={0: ["temple_02"]}, stacks={0: ["plain_01"]})
    state, events = play(state, 0, Consolidate(territory="temple_02", payment=species("EG")))
    assert find(events, "temple_no_duel")[0].params["count"] == 2
    assert not find(events, "duel") and all(state.total_vp(s) == 0 for s in range(2))


def test_tv21_temple_with_face_down_fountain_and_tie() -> None:
    """TV-21: S1 7 beats S2 6 and S3 0 (+4), ties S4 7."""
    state = make_state(
        4,
        hands=["CDE", "DEF", "DEF", "DEF"],
        reserves={0: ["temple_04"]},
        stacks={
            0: ["volcano_01↓", "fountain_2", "river_03"],
            1: ["castle_02↓", "forest_03", "river_01"],
            3: ["temple_01", "castle_03", "volcano_02"],
        },
    )
    state, events = play(state, 0, Consolidate(territory="temple_04", payment=species("CDE")))
    assert find(events, "duel")[0].params["strength"] == 7
    results = {e.params["defender_seat"]: e.key.rsplit(".", 1)[1] for e in events if "duel_" in e.key}
    assert results == {1: "duel_won", 2: "duel_won", 3: "duel_tie"}
    assert gained(events, "temple") == {0: 4}


def first_take(state: TirNanOgState, seat: int) -> TakeCreatures:
    return next(a for a in GAME.legal_actions(state, seat) or [] if isinstance(a, TakeCreatures))


def test_tv22_castle_income() -> None:
    """TV-22: +2 at the end of S1's turn (S2's river, S4's forest; S3's face-down forest not);
    nothing during the others' turns; +1 next turn once S4 covers the forest."""
    state = make_state(
        4,
        hands=["DDEE", "DEF", "DEF", "DEFG"],
        reserves={0: ["castle_02"], 3: ["temple_02"]},
        stacks={1: ["river_01"], 2: ["forest_02↓"], 3: ["forest_04"]},
    )
    state, events = play(state, 0, Consolidate(territory="castle_02", payment=species("DDEE")))
    assert gained(events, "castle") == {0: 2} and names(events)[-1] == "turn_started"
    state, events = play(state, 1, first_take(state, 1))
    state, more = play(state, 2, first_take(state, 2))
    events += more
    state, more = play(state, 3, Consolidate(territory="temple_02", payment=species("EGD")))
    events += more
    assert gained(events, "castle") == {}
    state, events = play(state, 0, first_take(state, 0))
    assert gained(events, "castle") == {0: 1} and state.vp[0]["castle"] == 3


@pytest.mark.parametrize(
    ("case", "players", "after", "expected"),
    [
        ("a", 4, [1, 3, 3, 5], {0: 3, 1: 1, 2: 1}),
        ("b", 4, [2, 2, 4, 6], {0: 3, 1: 3}),
        ("c", 2, [4, 2], {1: 3, 0: 1}),
        ("d", 3, [0, 0, 0], {0: 3, 1: 3, 2: 3}),
    ],
    ids=["TV-23a", "TV-23b", "TV-23c", "TV-23d"],
)
def test_tv23_volcano(case: str, players: int, after: list[int], expected: dict[int, int]) -> None:
    """TV-23: hand sizes after S1 pays for volcano_01 [dragon, ?, ?]."""
    hands = ["DDD" + "E" * after[0], *("F" * n for n in after[1:])]
    state = make_state(players, hands=hands, display="DEGCG", reserves={0: ["volcano_01"]})
    state, events = play(state, 0, Consolidate(territory="volcano_01", payment=species("DDD")))
    assert gained(events, "volcano") == expected, case


# -- 6.6 rounds, scoring, end ---------------------------------------------------------------------


def test_tv24_end_of_round_one() -> None:
    """TV-24: the refill's first draw empties the deck: S1 +5, S2 +6, S3 0 at once; the 20
    discards become the deck; one more card is drawn (display 5, deck 19); no castle income."""
    state = make_state(
        3,
        hands=["DE", "DEGCC", "FF"],
        display="DEFGC",
        deck="D",
        discard=20,
        stacks={0: ["plain_03", "river_06"], 1: ["castle_04", "fountain_1", "volcano_05↓"]},
        active=1,
    )
    state, events = play(state, 1, TakeCreatures(species=species("DE")))
    assert len(state.hands[1]) == 7 and state.phase == "turn"
    assert gained(events, "scoring1") == {0: 5, 1: 6, 2: 0}
    order = names(events)
    assert order[:4] == ["took_creatures", "refilled", "deck_exhausted", "vp_scoring1"]
    assert order.index("reshuffled") < len(order) - 1 - order[::-1].index("refilled")
    assert find(events, "reshuffled")[0].params["count"] == 20
    assert len(state.display) == 5 and len(state.deck) == 19 and state.discard == []
    assert state.round == 2 and not state.final_cycle and state.active == 2
    assert gained(events, "castle") == {}


def final_state(active: int) -> TirNanOgState:
    # Round 2, one card left in the deck: the active player's action A empties it.
    return make_state(4, hands=["DE"] * 4, display="DEFGC", deck=1, discard=5, active=active, round=2)


@pytest.mark.parametrize(
    ("case", "emptied_by", "more_turns"),
    [("a", 1, [2, 3]), ("b", 3, []), ("c", 0, [1, 2, 3])],
    ids=["TV-25a", "TV-25b", "TV-25c"],
)
def test_tv25_second_exhaustion(case: str, emptied_by: int, more_turns: list[int]) -> None:
    """TV-25: no reshuffle, no refill; the cycle is completed up to the last seat (S4)."""
    state = final_state(emptied_by)
    state, events = play(state, emptied_by, TakeCreatures(species=species("DE")))
    assert state.final_cycle and state.exhaustions == 2 and not find(events, "reshuffled")
    assert find(events, "final_cycle")[0].params["seat"] == 3
    assert len(state.display) == 4  # the refill stopped after its one card
    played = []
    while state.phase != "over":
        played.append(state.active)
        action = GAME.default_action(state, state.active)
        state, events = play(state, state.active, action)
        assert not find(events, "refilled")
    assert played == more_turns, case
    assert GAME.outcome(state) is not None
    assert find(events, "game_end") if more_turns else True


def test_tv25_final_cycle_display_of_one_and_empty() -> None:
    """TV-25: one card left: action A takes it; none left: no A, and a player with nothing
    else legal passes (automatically, R11)."""
    state = make_state(
        3,
        hands=["", "", ""],
        display="D",
        deck="",
        round=2,
        final_cycle=True,
        piles={terrain: [] for terrain in PILE_TYPES},
    )
    assert GAME.legal_actions(state, 0) == [TakeCreatures(species=["dragon"])]
    state = make_state(
        3,
        hands=["", "", "DEF"],
        display="D",
        deck="",
        round=2,
        final_cycle=True,
        reserves={2: ["plain_06", "plain_09"]},
        piles={terrain: [] for terrain in PILE_TYPES},
    )
    # Seat 0's only move is forced and played at once; seat 1 then has nothing and passes.
    after, events = GAME.play(state, 0, TakeCreatures(species=["dragon"]))
    assert after.display == [] and [e.params["seat"] for e in find(events, "passed")] == [1]
    assert after.active == 2 and after.phase == "turn"
    assert_refused(
        after, 2, TakeCreatures(species=species("DE")), "tirnanog.error.display_empty", "TNO-4.2.1"
    )


def test_tv26_scoring() -> None:
    """TV-26: 2 + 3 + 0 + 2 + 4 = 11; the reserve river scores nothing."""
    state = make_state(
        2,
        reserves={0: ["river_05"]},
        stacks={0: ["plain_01", "river_02", "castle_01↓", "temple_03", "fountain_4"]},
    )
    events: list = []
    score(state, "scoring1", events)
    assert gained(events, "scoring1")[0] == 11 and state.vp[0]["scoring1"] == 11


def test_tv27_permanence() -> None:
    """TV-27: +4 at the intermediate scoring stays after castle_01 is turned face down; the
    final scoring gives 2 + 0 + 3 = 5; 9 in all."""
    state = make_state(2, hands=["DEEFF", "DEF"], stacks={0: ["plain_01", "castle_01"]})
    events: list = []
    score(state, "scoring1", events)
    assert state.vp[0]["scoring1"] == 4
    state.stacks[0][-1].face_up = False
    state.reserves[0] = ["river_01"]
    state, _ = play(state, 0, Consolidate(territory="river_01", payment=species("DEEF")))
    score(state, "scoring2", events)
    assert state.vp[0]["scoring2"] == 5 and state.total_vp(0) == 9


@pytest.mark.parametrize("equal", [False, True])
def test_tv28_tie_break(equal: bool) -> None:
    """TV-28: 41 VP each; territory value 6 against 7: S2 wins; equal values share the win."""
    s2 = ["volcano_02", "temple_05", "river_03↓"] if equal else ["volcano_02", "temple_05", "castle_06"]
    state = make_state(
        2,
        reserves={0: ["river_04"]},
        stacks={0: ["plain_01", "river_02", "fountain_3", "castle_05↓"], 1: s2},
        vp={0: {"scoring1": 41}, 1: {"festival": 41}},
    )
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    values = {s.seat: s.details["territory_value"] for s in outcome.standings}
    assert values == {0: 6, 1: 4 if equal else 7}
    if equal:
        # Make the values equal too: a shared victory.
        state.stacks[1] = stack(["volcano_02", "temple_05", "plain_02"])
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winners == [0, 1]
        assert [s.rank for s in outcome.standings] == [1, 1]
    else:
        assert outcome.winners == [1] and [s.seat for s in outcome.standings] == [1, 0]
