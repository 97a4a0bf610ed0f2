"""The test vectors of spec §6 (TV-1 … TV-18), by id: the rulebook example, groups, jokers,
takes, discards and the final round; scoring and buying are in test_vectors_scoring.py."""

from __future__ import annotations

import pytest

from games.akelarre import (
    GAME,
    Add,
    Buy,
    ChoosePayment,
    Discard,
    Done,
    Draw,
    EndTurn,
    Open,
    Take,
)
from games.akelarre.groups import joker_choices, resolve
from games.akelarre.scoring import scores_of
from games.akelarre.state import Placed
from games.core import RuleError
from tests.akelarre.akelarre_helpers import (
    act,
    assert_refused,
    conserved,
    find,
    group,
    keys,
    make_state,
    placed,
    run,
)

ANNA, BRUNO, CARLA, DARIO = 0, 1, 2, 3
CARLO = 1  # TV-1: Anna P1, Carlo P2, Bea P3


def carlo_table(p3: list[str] | None = None, players: int = 3):  # type: ignore[no-untyped-def]
    # The others hold two kinds of card, so their turns wait for them (no forced discard).
    hands = [["N6a", "N2a"], ["F2a", "F3a", "F4a", "D2a", "W2a", "W6a", "GJ"], ["N6b", "N2b"]][:players]
    groups = {"P1-1": ["F5a", "D5a", "W5a"]}
    if p3 is not None:
        groups["P3-1"] = p3
    return make_state(players, hands, groups=groups, deck=60, active=CARLO)


def sorted_group(cards: list[str]) -> list[str]:
    return sorted(cards)


# -- TV-1 … TV-3: the rulebook example ---------------------------------------------


def test_tv1_the_rulebook_example() -> None:
    """TV-1, R34, R35: the set of 2s, the Goblin joker, the take of F5, the new run."""
    state = carlo_table()
    state, events = run(
        state,
        CARLO,
        Open(place="P2-1", cards=["F2a", "D2a", "W2a"]),
        Add(place="P1-1", cards=["GJ"]),
        Take(place="P1-1", card="F5a"),
        Open(place="P3-1", cards=["F3a", "F4a"]),
    )
    assert sorted_group(group(state, "P1-1")) == ["D5a", "GJ@5", "W5a"]
    assert sorted_group(group(state, "P2-1")) == ["D2a", "F2a", "W2a"]
    assert group(state, "P3-1") == ["F3a", "F4a", "F5a"]
    assert state.hands[CARLO] == ["W6a"]
    assert keys(events) == ["opened_set", "added", "took", "opened_run"]
    assert find(events, "opened_run")[0].params["owner_seat"] == 2  # Bea's place
    # No discard is allowed or needed; he draws 6 from the deck (the piles are empty).
    assert_refused(state, CARLO, Discard(card="W6a"), "akelarre.error.discard_after_play", "R8")
    state, events = act(state, CARLO, Done())
    assert len(state.hands[CARLO]) == 7 and len(state.deck) == 54
    assert find(events, "drew_deck")[0].params["count"] == 6
    assert state.points == [[], [], []] and state.active == 2


def test_tv1_in_a_two_player_game() -> None:
    """TV-1: the same sequence with 4 places, one holding the 5s."""
    state = carlo_table(players=2)
    state, _ = run(
        state,
        CARLO,
        Open(place="P2-1", cards=["F2a", "D2a", "W2a"]),
        Add(place="P1-1", cards=["GJ"]),
        Take(place="P1-1", card="F5a"),
        Open(place="P2-2", cards=["F3a", "F4a"]),
        Done(),
    )
    assert group(state, "P2-2") == ["F3a", "F4a", "F5a"] and len(state.hands[CARLO]) == 7


def test_tv2_the_order_matters() -> None:
    """TV-2, AK-5.5: no take from a 3-card group; after the joker it is legal."""
    state = carlo_table()
    assert_refused(state, CARLO, Take(place="P1-1", card="F5a"), "akelarre.error.take_needs_four", "AK-5.5")
    state, _ = act(state, CARLO, Add(place="P1-1", cards=["GJ"]))
    state, events = act(state, CARLO, Take(place="P1-1", card="F5a"))
    assert state.held is not None and state.held.card == "F5a" and keys(events) == ["took"]


def test_tv3_not_enough_free_places() -> None:
    """TV-3, AK-4.3: with P3-1 occupied the run of F3, F4 + F5 has no place."""
    state = carlo_table(p3=["N3a", "N4a", "N5a"])
    state, _ = run(
        state, CARLO, Open(place="P2-1", cards=["F2a", "D2a", "W2a"]), Add(place="P1-1", cards=["GJ"])
    )
    # The taken F5 could go nowhere (AK-5.6), and no place is free for an opening (AK-4.3).
    assert_refused(state, CARLO, Take(place="P1-1", card="F5a"), "akelarre.error.take_nowhere", "AK-5.6")
    assert_refused(
        state, CARLO, Open(place="P3-1", cards=["F3a", "F4a", "W6a"]), "akelarre.error.place_taken", "AK-4.3"
    )
    state, _ = act(state, CARLO, Done())  # he played hand cards: "done" is allowed
    assert {"F3a", "F4a", "W6a"} <= set(state.hands[CARLO])


# -- TV-4 … TV-8: groups, jokers, takes ----------------------------------------------


def test_tv4_the_illustration() -> None:
    """TV-4: a complete Goblins run, a complete set of 3s, tris and runs of 3 and 4."""
    assert len(resolve([], ["G2a", "G3a", "G4a", "G5a", "G6a"])) == 5
    assert len(resolve([], ["F3a", "G3a", "D3a", "N3a", "W3a"])) == 5
    assert len(resolve([], ["F3a", "G3a", "D3a"])) == 3
    assert len(resolve([], ["G2a", "G3a", "G4a"])) == 3
    grown = resolve([placed("G4a"), placed("G5a"), placed("G6a")], ["G3a"])
    assert [p.card for p in grown] == ["G3a", "G4a", "G5a", "G6a"]
    # Each is captured the moment its 5th card is played (here on the player's own place).
    state = make_state(2, [["G6a", "N2a"], ["N3a"]], groups={"P1-1": ["G2a", "G3a", "G4a", "G5a"]})
    state, events = act(state, ANNA, Add(place="P1-1", cards=["G6a"]))
    assert keys(events)[-1] == "captured" and len(state.points[ANNA]) == 5 and group(state, "P1-1") == []


def test_tv5_setup_by_player_count() -> None:
    """TV-5, AK-1.3 … AK-1.7."""
    for players, places, deck in ((2, 4, 91), (3, 3, 84), (4, 4, 77)):
        state = GAME.new_game(players, 3)
        assert len(state.favourites) == players and len(state.unused_favourites) == 5 - players
        assert len(set(state.favourites)) == players
        assert len(state.places) == places and all(p.free for p in state.places)
        assert [len(h) for h in state.hands] == [7] * players and len(state.deck) == deck
        assert all(not pile for pile in state.piles.values()) and state.points == [[]] * players
        assert conserved(state)


def test_tv6_jokers_in_sets() -> None:
    """TV-6, AK-3.5, AK-3.6, R12."""
    assert [(p.card, p.value) for p in resolve([], ["F5a", "D5a", "GJ"])] == [
        ("F5a", 5),
        ("GJ", 5),
        ("D5a", 5),
    ]
    with pytest.raises(RuleError) as caught:
        resolve([], ["F5a", "G5a", "GJ"])
    assert (caught.value.key, caught.value.rule) == ("akelarre.error.set_family_twice", "AK-3.3")
    with pytest.raises(RuleError) as caught:
        resolve([], ["F5a", "D4a", "GJ"])
    assert caught.value.key == "akelarre.error.set_values_differ"
    full = resolve([placed("F5a"), placed("D5a"), placed("W5a"), placed("GJ@5")], ["N5a"])
    assert len(full) == 5
    # All jokers: valid only with a declared value (R12).
    with pytest.raises(RuleError) as caught:
        resolve([], ["FJ", "GJ", "DJ"])
    assert (caught.value.key, caught.value.rule) == ("akelarre.error.joker_value_needed", "R12")
    jokers = resolve([], ["FJ", "GJ", "DJ"], 4)
    assert {p.value for p in jokers} == {4}
    assert len(resolve(jokers, ["N4a"])) == 4
    with pytest.raises(RuleError) as caught:
        resolve(jokers, ["N5a"])
    assert caught.value.key == "akelarre.error.set_values_differ"


def test_tv6_a_poker_with_a_joker_completes_and_captures() -> None:
    state = make_state(3, [["N5a", "W2a"], ["F2a"], ["F3a"]], groups={"P1-1": ["F5a", "D5a", "W5a", "GJ@5"]})
    state, events = act(state, ANNA, Add(place="P1-1", cards=["N5a"]))
    assert keys(events) == ["added", "captured"] and sorted(state.points[ANNA]) == [
        "D5a",
        "F5a",
        "GJ",
        "N5a",
        "W5a",
    ]


def test_tv7_jokers_and_bounds_in_runs() -> None:
    """TV-7, AK-3.4, AK-3.6, R11, R29."""

    def values(existing: list[Placed], new: list[str], declared: int | None = None) -> dict[str, int]:
        return {p.card: p.value for p in resolve(existing, new, declared)}

    assert values([], ["F2a", "F4a", "FJ"])["FJ"] == 3
    with pytest.raises(RuleError) as caught:
        resolve([], ["F2a", "F4a", "GJ"])
    assert (caught.value.key, caught.value.rule) == ("akelarre.error.run_two_families", "AK-3.4")
    assert values([], ["F5a", "F6a", "FJ"])["FJ"] == 4
    assert values([], ["F2a", "F3a", "FJ"])["FJ"] == 4
    assert joker_choices([], ["F3a", "F4a", "FJ"]) == [2, 5]
    assert values([], ["F3a", "F4a", "FJ"])["FJ"] == 5  # R11 default: both ends stay open
    assert values([], ["F3a", "F4a", "FJ"], 2)["FJ"] == 2
    assert values([], ["F4a", "F5a", "FJ"])["FJ"] == 3
    run3 = [placed("F2a"), placed("FJ@3"), placed("F4a")]
    with pytest.raises(RuleError) as caught:
        resolve(run3, ["F3a"])
    assert (caught.value.key, caught.value.rule) == ("akelarre.error.run_duplicate", "AK-3.8")
    assert len(resolve(run3, ["F5a"])) == 4
    for bad in (["F3a", "F4a", "F6a"], ["F5a", "F6a", "F2a"]):
        with pytest.raises(RuleError) as caught:
            resolve([], bad)
        assert (caught.value.key, caught.value.rule) == ("akelarre.error.run_gap", "AK-3.4")
    base = [placed("F2a"), placed("F3a"), placed("F4a")]
    with pytest.raises(RuleError):
        resolve(base, ["F6a"])
    assert len(resolve(base, ["F5a", "F6a"])) == 5  # AK-5.3: only the result is checked


def test_tv7_the_player_declares_an_ambiguous_joker() -> None:
    """TV-7 / R11 through the engine: both values are legal actions, the default leaves ends open."""
    state = make_state(3, [["F3a", "F4a", "FJ", "W2a"], ["N2a"], ["N3a"]])
    legal = GAME.legal_actions(state, ANNA) or []
    opens = [
        a for a in legal if isinstance(a, Open) and a.place == "P1-1" and a.cards == ["F3a", "F4a", "FJ"]
    ]
    assert [a.joker_value for a in opens] == [2, 5]
    state, _ = act(state, ANNA, Open(place="P1-1", cards=["F3a", "F4a", "FJ"]))
    assert group(state, "P1-1") == ["F3a", "F4a", "FJ@5"]
    assert_refused(
        make_state(3, [["F3a", "F4a", "FJ"], ["N2a"], ["N3a"]]),
        ANNA,
        Open(place="P1-1", cards=["F3a", "F4a", "FJ"], joker_value=6),
        "akelarre.error.joker_value",
        "R11",
    )


def test_tv8_which_card_may_be_taken_from_a_run() -> None:
    """TV-8, AK-5.5, R6."""
    groups = {"P3-1": ["W2a", "W3a", "W4a", "W5a"], "P1-1": ["F5a", "D5a", "N5a"]}
    state = make_state(3, [["F2a"], ["G2a"], ["G3a"]], groups=groups)
    for middle in ("W3a", "W4a"):
        assert_refused(state, ANNA, Take(place="P3-1", card=middle), "akelarre.error.take_not_end", "AK-5.5")
    assert Take(place="P3-1", card="W2a") not in (GAME.legal_actions(state, ANNA) or [])  # W2 fits nowhere
    state, _ = run(state, ANNA, Take(place="P3-1", card="W5a"), Add(place="P1-1", cards=[]))
    assert group(state, "P3-1") == ["W2a", "W3a", "W4a"]
    assert "W5a" in group(state, "P1-1")

    inner = make_state(3, [["F2a"], ["G2a"], ["G3a"]], groups={"P1-1": ["N2a", "NJ@3", "N4a", "N5a"]})
    assert_refused(inner, ANNA, Take(place="P1-1", card="NJ"), "akelarre.error.take_not_end", "AK-5.5")

    groups = {"P1-1": ["N2a", "N3a", "N4a", "NJ@5"], "P2-1": ["F6a", "G6a", "D6a"]}
    end = make_state(3, [["F2a"], ["G2a"], ["G3a"]], groups=groups)
    end, _ = run(end, ANNA, Take(place="P1-1", card="NJ"), Add(place="P2-1", cards=[]))
    assert "NJ@6" in group(end, "P2-1")  # the joker's value is re-assigned (AK-3.6)


def test_tv9_taking_a_joker_from_a_poker() -> None:
    """TV-9: GJ from Anna's poker completes Bruno's run with G6; all 5 to Bruno."""
    groups = {"P1-1": ["F5a", "D5a", "W5a", "GJ@5"], "P2-1": ["G2a", "G3a", "G4a"]}
    state = make_state(2, [["N2a"], ["G6a", "N3a"]], groups=groups, active=BRUNO)
    state, events = run(state, BRUNO, Take(place="P1-1", card="GJ"), Add(place="P2-1", cards=["G6a"]))
    assert keys(events) == ["took", "added", "captured"]
    assert find(events, "added")[0].params["group_cards_list"] == ["G2a", "G3a", "G4a", "GJ@5", "G6a"]
    assert sorted(state.points[BRUNO]) == ["G2a", "G3a", "G4a", "G6a", "GJ"]
    assert state.place("P2-1") is not None and group(state, "P2-1") == []
    assert sorted(group(state, "P1-1")) == ["D5a", "F5a", "W5a"]
    assert_refused(state, BRUNO, Discard(card="N3a"), "akelarre.error.discard_after_play", "R8")


def test_tv10_illegal_takes() -> None:
    """TV-10, AK-5.5, AK-5.6, R4, R5."""
    groups = {
        "P1-1": ["F5a", "D5a", "W5a", "GJ@5"],
        "P2-1": ["F4a", "G4a", "D4a", "N4a"],
        "P3-1": ["N5a", "G5a", "W5b"],
    }
    state = make_state(3, [["N2a", "G2a"], ["N3a"], ["N3b"]], groups=groups)
    assert_refused(state, ANNA, Take(place="P3-1", card="N5a"), "akelarre.error.take_needs_four", "AK-5.5")
    held, _ = act(state, ANNA, Take(place="P1-1", card="F5a"))
    # Into the hand / not placed in the same move: the phase cannot end with it.
    assert_refused(held, ANNA, Done(), "akelarre.error.take_into_hand", "AK-5.6")
    assert_refused(held, ANNA, Discard(card="N2a"), "akelarre.error.take_into_hand", "AK-5.6")
    # Back into the group it came from.
    assert_refused(held, ANNA, Add(place="P1-1", cards=[]), "akelarre.error.take_same_group", "AK-5.6")
    # A second taken card in the same move (R5).
    assert_refused(held, ANNA, Take(place="P2-1", card="F4a"), "akelarre.error.one_take", "R5")


def test_tv11_completing_on_your_own_place() -> None:
    """TV-11, AK-6.2, AK-4.5."""
    state = make_state(
        2, [["F6a", "G2a", "D2a", "N2a"], ["W2a"]], groups={"P1-1": ["F2a", "F3a", "F4a", "F5a"]}
    )
    state, events = act(state, ANNA, Add(place="P1-1", cards=["F6a"]))
    assert (
        keys(events) == ["added", "captured"] and len(state.points[ANNA]) == 5 and group(state, "P1-1") == []
    )
    state, _ = act(state, ANNA, Open(place="P1-1", cards=["G2a", "D2a", "N2a"]))  # reused in the same turn
    assert len(group(state, "P1-1")) == 3


def test_tv12_completing_on_another_players_place() -> None:
    """TV-12, AK-6.3, R15, §9 row 9: Anna (Nymphs) picks 2; Bruno continues."""
    groups = {"P1-2": ["F6a", "G6a", "D6a", "W6a"]}
    state = make_state(
        2, [["W2a"], ["N6a", "F2a"]], groups=groups, active=BRUNO, favourites=["nymphs", "goblins"]
    )
    state, events = act(state, BRUNO, Add(place="P1-2", cards=["N6a"]))
    assert keys(events) == ["added", "completed"]
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "akelarre.payment" and decision.seats == [ANNA]
    assert GAME.legal_actions(state, BRUNO) == []
    assert_refused(state, BRUNO, Done(), "error.not_your_turn", "AK-6.3")
    default = GAME.default_action(state, ANNA)
    assert default == ChoosePayment(cards=["F6a", "N6a"])
    state, events = act(state, ANNA, default)
    assert sorted(state.points[ANNA]) == ["F6a", "N6a"] and sorted(state.points[BRUNO]) == [
        "D6a",
        "G6a",
        "W6a",
    ]
    assert keys(events) == ["paid"] and group(state, "P1-2") == []
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "akelarre.play" and decision.seats == [BRUNO]


def test_tv13_opening_a_complete_group_on_another_players_place() -> None:
    """TV-13, R14."""
    hand = ["F4a", "G4a", "D4a", "N4a", "W4a"]
    state = make_state(3, [["F2a"], hand, ["G2a"]], groups={"P2-1": ["N2a", "W2a", "D2a"]}, active=BRUNO)
    state, events = act(state, BRUNO, Open(place="P3-1", cards=hand))
    assert keys(events) == ["opened_set", "completed"]
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == [CARLA]
    state, _ = act(state, CARLA, ChoosePayment(cards=["F4a", "D4a"]))
    assert len(state.points[CARLA]) == 2 and len(state.points[BRUNO]) == 3 and group(state, "P3-1") == []


def test_tv14_forced_discard_and_the_own_discard_restriction() -> None:
    """TV-14, AK-7, R8, R9."""
    hand = ["D3a", "F2a", "G3a", "N4a", "W6a", "F6a", "G5a"]
    state = make_state(3, [hand, ["N2a"], ["N3a"]], piles={"fairies": ["F4a"]})
    assert_refused(state, ANNA, Done(), "akelarre.error.must_discard", "AK-7.1")
    state, events = act(state, ANNA, Discard(card="D3a"))
    assert state.piles["druids"] == ["D3a"] and keys(events) == ["discarded"]
    assert GAME.legal_actions(state, ANNA) == [Draw(source="deck"), Draw(source="fairies")]
    assert_refused(state, ANNA, Draw(source="druids"), "akelarre.error.own_discard", "R9")
    state, events = act(state, ANNA, Draw(source="deck"))
    assert len(state.hands[ANNA]) == 7 and find(events, "drew_deck")[0].params["count"] == 1
    played = make_state(3, [["F2a", "F3a", "F4a", "W2a"], ["N2a"], ["N3a"]])
    played, _ = act(played, ANNA, Open(place="P1-1", cards=["F2a", "F3a", "F4a"]))
    assert_refused(played, ANNA, Discard(card="W2a"), "akelarre.error.discard_after_play", "R8")


def test_tv15_a_take_only_turn_still_requires_a_discard() -> None:
    """TV-15, AK-5.8, R7."""
    groups = {"P1-1": ["F2a", "G2a", "D2a", "N2a"], "P2-1": ["F3a", "F4a", "F5a", "F6a"]}
    state = make_state(2, [["W2a"], ["W3a", "N6a"]], groups=groups, active=BRUNO)
    state, events = run(state, BRUNO, Take(place="P1-1", card="F2a"), Add(place="P2-1", cards=[]))
    assert keys(events) == ["took", "added", "captured"]
    assert sorted(state.points[BRUNO]) == ["F2a", "F3a", "F4a", "F5a", "F6a"]
    assert sorted(group(state, "P1-1")) == ["D2a", "G2a", "N2a"]
    assert_refused(state, BRUNO, Done(), "akelarre.error.must_discard", "AK-7.1")
    state, _ = act(state, BRUNO, Discard(card="W3a"))
    # Only the deck can be drawn from (the pile is his own discard), so he draws at once;
    # with 5 point cards he may then buy (AK-9.1).
    assert len(state.hands[BRUNO]) == 7 and state.step == "buy"


def test_tv16_drawing_from_a_short_discard_pile() -> None:
    """TV-16, AK-8.2, AK-8.3, R10."""
    hand = ["D3a", "G2a", "N4a", "W6a", "G5a"]
    state = make_state(3, [["N2a"], ["N3a"], hand], piles={"fairies": ["F2a", "F6a"]}, active=CARLA)
    state, _ = act(state, CARLA, Discard(card="D3a"))
    assert len(state.hands[CARLA]) == 4
    assert_refused(state, CARLA, Draw(source="nymphs"), "akelarre.error.pile_empty", "R10")
    state, events = act(state, CARLA, Draw(source="fairies"))
    assert state.hands[CARLA][-2:] == ["F6a", "F2a"] and len(state.hands[CARLA]) == 6
    assert state.piles["fairies"] == [] and find(events, "drew_pile")[0].params["cards_list"] == [
        "F6a",
        "F2a",
    ]
    assert state.active == ANNA  # no second source


def test_tv17_deck_running_out_and_the_final_round_order() -> None:
    """TV-17, AK-10.1 … AK-10.3, R17, R18."""
    points = {BRUNO: ["F2a", "F3a", "F4a", "F5a", "F6a"]}
    state = make_state(
        3, [["N2a"], ["W2a", "W6a", "D3a"], ["N3a"]], deck=["G2a", "G3a", "D6a"], active=BRUNO, points=points
    )
    state, events = act(state, BRUNO, Discard(card="D3a"))
    assert len(state.hands[BRUNO]) == 5 and state.deck == [] and state.last_drawer == BRUNO
    assert keys(events) == ["discarded", "drew_deck", "drew_cards", "deck_empty"]
    assert find(events, "drew_cards")[0].seats == [BRUNO]  # AK-8.6: only the drawer sees them
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "akelarre.buy"  # R18: he may still buy
    state, events = act(state, BRUNO, EndTurn())
    # Nobody can play, so every final turn passes by itself: Carla, Anna, then Bruno.
    assert [e.params["seat"] for e in find(events, "final_turn")] == [CARLA, ANNA, BRUNO]
    assert keys(events)[0] == "final_round" and keys(events)[-1] == "game_over"
    assert GAME.decision(state) is None and GAME.outcome(state) is not None


def test_tv17_a_final_turn_with_a_move_is_asked() -> None:
    points = {BRUNO: ["F2a", "F3a", "F4a", "F5a", "F6a"]}
    hands = [["N2a", "N3a", "N4a"], ["W2a", "W6a", "D3a"], ["G4a", "D4a", "W4a"]]
    state = make_state(3, hands, deck=["G2a", "G3a", "D6a"], active=BRUNO, points=points)
    state, _ = act(state, BRUNO, Discard(card="D3a"))
    state, _ = act(state, BRUNO, EndTurn())
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "akelarre.final_turn" and decision.seats == [CARLA]
    assert state.final_queue == [CARLA, ANNA, BRUNO]


def test_tv18_final_turn_restrictions() -> None:
    """TV-18, AK-10.4, AK-10.5, R17."""
    hand = ["G4a", "D4a", "W4a", "N2a", "F6a"]
    state = make_state(
        3,
        [["N3a"], ["N4a"], hand],
        deck=0,
        active=CARLA,
        piles={"witches": ["W2a"]},
        points={CARLA: list("")},
    )
    state.final, state.last_drawer, state.final_queue = True, BRUNO, [CARLA, ANNA, BRUNO]
    for action in (Discard(card="N2a"), Draw(source="witches"), Buy()):
        assert_refused(state, CARLA, action, "akelarre.error.final_turn", "AK-10.4")
    state, events = act(state, CARLA, Done())  # no discard required
    assert find(events, "passed") and len(state.hands[CARLA]) == 5 and state.active != CARLA
    # Her hand scores nothing (AK-10.5, AK-12.1).
    assert scores_of(state.points, state.favourites, False)[CARLA].total == 0


def test_tv18_completing_on_another_place_in_the_final_round() -> None:
    state = make_state(
        3, [["N3a"], ["N4a"], ["W6a"]], deck=0, active=CARLA, groups={"P1-1": ["F6a", "G6a", "D6a", "N6a"]}
    )
    state.final, state.last_drawer, state.final_queue = True, BRUNO, [CARLA, ANNA, BRUNO]
    state, _ = act(state, CARLA, Add(place="P1-1", cards=["W6a"]))
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "akelarre.payment" and decision.seats == [ANNA]
