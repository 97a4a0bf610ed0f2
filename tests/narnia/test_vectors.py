"""The test vectors of spec §6 on combat and the Witch's attack, by id (TV01 … TV14, the three
rulebook combat examples first); the round and the cards' effects are in test_vectors_rounds.py."""

from __future__ import annotations

import pytest

from games.narnia import (
    GAME,
    Attack,
    Draw,
    Invade,
    Pass,
    Reinforce,
    Stone,
    WitchPairChoice,
    battle,
)
from games.narnia.state import WitchPair
from games.narnia.witch import candidates
from tests.narnia.narnia_helpers import (
    BLUE,
    GREEN,
    RED,
    WITCH,
    YELLOW,
    Rig,
    assert_refused,
    find,
    make_state,
    play,
    show,
)

# A far-away blue territory, so the round stops at blue's turn after red's action.
BLUE_HOME = {"cair_paravel": (BLUE, "1P")}


def attack_state(source: str, attacker: str, target: str, defender: str, **fields: object) -> object:
    board = {source: (RED, attacker), target: (WITCH, defender), **BLUE_HOME}
    return make_state(2, board, **fields)  # type: ignore[arg-type]


# -- rulebook examples -----------------------------------------------------------------


def test_tv01_attacker_wins_one_nil(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-01: 6 6 2 vs 6 5 2 -> 1-0 for the attacker; 3W to the bag, 3P to the bottom; the next
    throw is 2 dice against 1."""
    state = attack_state("chippingford", "3P 2P", "dwarf_mines", "3W 1W")
    rig = Rig(monkeypatch).roll([6, 6, 2], [6, 5, 2], [1, 1], [6], [1, 1, 1], [6])
    witch_threes = state.witch_bag[3]
    after, events = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    first = after.battles[-1].throws[0]
    assert first.pairs == ["tie", "attacker", "tie"] and first.winner == "attacker"
    assert (first.attacker_stack, first.defender_stack) == ([2, 3], [1])
    assert after.battles[-1].throws[1].attacker_dice == [1, 1]  # 2 dice against 1 (rigged counts)
    assert after.witch_bag[3] == witch_threes + 1
    assert rig.rolled[2:4] == [[1, 1], [6]]
    assert find(events, "throw_won")[0].params["attacker_dice"] == "6 6 2"


def test_tv02_one_all_goes_to_the_defender(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-02: 6 5 3 vs 5 5 4 -> 1-1, the defender wins; 3P to the bag, 3W to the bottom."""
    state = attack_state("tumnus_cave", "3P 1P", "lantern_waste", "3W 2W")
    Rig(monkeypatch).roll([6, 5, 3], [5, 5, 4], [1], [6, 6])
    peter_threes = state.peter_bag[3]
    after, _ = play(state, RED, Attack(source="tumnus_cave", target="lantern_waste"))
    first, second = after.battles[-1].throws
    assert first.pairs == ["attacker", "tie", "defender"] and first.winner == "defender"
    assert (first.attacker_stack, first.defender_stack) == ([1], [2, 3])
    assert (len(second.attacker_dice), len(second.defender_dice)) == (1, 2)
    assert after.peter_bag[3] == peter_threes + 1
    assert show(after, "lantern_waste") == "3W 2W"  # re-sorted after the battle (NA-4.4.10)
    assert after.battles[-1].result == "repelled"


@pytest.mark.parametrize("defender", ["1W", ""], ids=["token", "flag"])
def test_tv03_more_dice_do_not_help_on_a_tie(monkeypatch: pytest.MonkeyPatch, defender: str) -> None:
    """TV-03: 3 3 2 vs 3 -> 0-0, the defender wins; a lone token does not rotate; the same
    when only the flag defends (1 die)."""
    state = attack_state("chippingford", "3P 2P", "dwarf_mines", defender)
    Rig(monkeypatch).roll([3, 3, 2], [3], [1, 1], [6])
    after, _ = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    first = after.battles[-1].throws[0]
    assert first.winner == "defender" and first.pairs == ["tie"]
    assert (first.attacker_stack, first.defender_stack) == ([2], [1] if defender else [])
    assert first.flag is (defender == "")


def test_tv04_turn_to_stone(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-04: red must remove a 3P, choosing which; removing a lower token is illegal."""
    board = {
        "beavers_dam": (RED, "3P 1P"),
        "chippingford": (RED, "3P"),
        "tumnus_cave": (RED, "3P 2P"),
        "great_woods": (RED, "2P"),
        **BLUE_HOME,
    }
    state = make_state(2, board, phase="draw", stage="card", card=None, deck=["turn_to_stone_1"])
    state, _ = play(state, RED, Draw())
    assert (state.phase, state.required_value) == ("stone", 3)
    assert_refused(state, RED, Stone(territory="great_woods"), "narnia.error.not_highest_value", "NA-4.7.1")
    state, events = play(state, RED, Stone(territory="chippingford"))
    assert show(state, "chippingford") == "" and state.territories["chippingford"].owner == RED
    assert find(events, "turned_to_stone")[0].params == {"seat": RED, "territory": "chippingford", "value": 3}


def test_tv05_courage_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-05: two courage cards give two extra turns, then reinforcements_2_2 sets the round;
    the extra turns never make red the last actor."""
    board = {"chippingford": (RED, "1P"), "cair_paravel": (BLUE, "1P"), "glasswater": (GREEN, "1P")}
    state = make_state(
        3, board, phase="draw", stage="card", card=None, deck=["courage_1", "courage_2", "reinforcements_2_2"]
    )
    Rig(monkeypatch).draw("1P", "2P", "3P", "1P")
    state, _ = play(state, RED, Draw())
    assert (state.phase, state.actor) == ("courage", RED)
    state, _ = play(state, RED, Reinforce())  # a single territory: placed at once
    assert (state.phase, state.discard) == ("draw", ["courage_1"])
    state, _ = play(state, RED, Draw())
    state, _ = play(state, RED, Reinforce())
    assert state.discard == ["courage_1", "courage_2"] and state.last_actor is None
    state, events = play(state, RED, Draw())
    assert find(events, "card_drawn")[0].params["card"] == "reinforcements_2_2"
    assert state.sequence == [RED, BLUE, GREEN] and show(state, "chippingford") == "3P 2P 1P 1P 1P"
    assert (state.phase, state.actor) == ("turn", RED)
    for seat in (RED, BLUE):
        state, _ = play(state, seat, Pass())
    state, _ = play(state, GREEN, Pass())
    assert state.last_actor == GREEN  # glasswater borders the Witch: green chooses her attack
    assert (state.phase, state.actor) == ("witch_pair", GREEN)


# -- combat details --------------------------------------------------------------------


def test_tv06_the_flag_defends_and_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-06: 3 throws; the attack fails and both territories keep their owners with flags."""
    state = attack_state("stone_table", "3P 1P", "witch_camp", "2W")
    Rig(monkeypatch).roll([5, 4, 1], [6, 2], [6], [5, 5], [4], [4])
    bags = (state.peter_bag[3], state.peter_bag[1], state.witch_bag[2])
    after, _ = play(state, RED, Attack(source="stone_table", target="witch_camp"))
    throws = after.battles[-1].throws
    assert [t.winner for t in throws] == ["defender", "attacker", "defender"]
    assert [(t.attacker_stack, t.defender_stack) for t in throws] == [([1], [2]), ([1], []), ([], [])]
    assert throws[2].flag and not throws[1].flag
    assert after.territories["witch_camp"].owner is None and after.territories["stone_table"].owner == RED
    assert (after.peter_bag[3], after.peter_bag[1], after.witch_bag[2]) == (
        bags[0] + 1,
        bags[1] + 1,
        bags[2] + 1,
    )


def test_tv07_rotation_brings_a_token_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-07: five throws with rotation on both sides; the attack fails."""
    state = attack_state("fords_of_beruna", "3P 2P 1P", "frozen_lake", "2W 1W")
    Rig(monkeypatch).roll([6, 2, 1], [5, 4], [4, 3], [2], [6], [6, 1], [5, 5], [4, 4], [1, 1], [2])
    after, _ = play(state, RED, Attack(source="fords_of_beruna", target="frozen_lake"))
    throws = after.battles[-1].throws
    assert [t.winner for t in throws] == ["defender", "attacker", "defender", "attacker", "defender"]
    assert [(t.attacker_stack, t.defender_stack) for t in throws] == [
        ([2, 1], [1, 2]),
        ([1, 2], [2]),
        ([2], [2]),
        ([2], []),
        ([], []),
    ]
    assert after.battles[-1].result == "repelled" and after.territories["frozen_lake"].owner is None


def test_tv08_conquest_and_optional_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-08: 3 1 vs flag 2 -> conquered; red may move any subset ({2P, 1P} here)."""
    state = attack_state("caldron_pool", "2P 2P 1P", "western_wild", "")
    Rig(monkeypatch).roll([3, 1], [2])
    state, _ = play(state, RED, Attack(source="caldron_pool", target="western_wild"))
    assert state.territories["western_wild"].owner == RED and state.phase == "invade"
    legal = GAME.legal_actions(state, RED)
    assert legal is not None
    assert Invade(tokens=[]) in legal and Invade(tokens=[2, 2, 1]) in legal and len(legal) == 6
    state, _ = play(state, RED, Invade(tokens=[2, 1]))
    assert (show(state, "caldron_pool"), show(state, "western_wild")) == ("2P", "2P 1P")
    assert state.battles[-1].invasion == [2, 1]


def test_tv09_fewer_attacker_dice() -> None:
    """TV-09: 5 4 vs 6 1 1 -> two pairs, 1-1, the defender wins; the third die is ignored."""
    pairs, winner = battle.compare([5, 4], [6, 1, 1])
    assert (pairs, winner) == (["defender", "attacker"], "defender")


# -- the Witch's attack ------------------------------------------------------------------


def tv10_state() -> object:
    board = {
        "fords_of_beruna": (BLUE, "2P"),
        "stone_table": (BLUE, "1P"),
        "frozen_lake": (WITCH, "3W 1W"),
        "wolf_den": (WITCH, "2W"),
        "shuddering_wood": (WITCH, "1W"),
        "witch_camp": (WITCH, "2W 2W"),
        "minotaur_ridge": (WITCH, "3W"),
        "aslan_camp": (RED, "1P"),
        "great_woods": (RED, "1P"),
    }
    return make_state(4, board, actor=BLUE, turn_index=1)


def test_tv10_value_three_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-10: six candidates, only the two with a 3 are legal; the reinforcement joins the
    chosen source before the battle."""
    state = tv10_state()
    assert [(p.source, p.target) for p in candidates(state, BLUE)] == [  # type: ignore[arg-type]
        ("frozen_lake", "fords_of_beruna"),
        ("minotaur_ridge", "stone_table"),
        ("shuddering_wood", "fords_of_beruna"),
        ("witch_camp", "fords_of_beruna"),
        ("witch_camp", "stone_table"),
        ("wolf_den", "fords_of_beruna"),
    ]
    state, _ = play(state, BLUE, Pass())  # type: ignore[arg-type]
    assert (state.phase, state.actor) == ("witch_pair", BLUE)
    assert state.witch_pairs == [
        WitchPair(source="frozen_lake", target="fords_of_beruna"),
        WitchPair(source="minotaur_ridge", target="stone_table"),
    ]
    assert_refused(
        state,
        BLUE,
        WitchPairChoice(source="witch_camp", target="stone_table"),
        "narnia.error.witch_needs_three",
        "NA-4.6.4",
    )
    rig = Rig(monkeypatch).draw("2W").roll([6, 5, 1], [4])
    rig.roll([3, 2], [3], [4, 2, 2], [1])
    state, events = play(state, BLUE, WitchPairChoice(source="minotaur_ridge", target="stone_table"))
    assert find(events, "witch_reinforced")[0].params == {
        "seat": BLUE,
        "territory": "minotaur_ridge",
        "value": 2,
    }
    assert state.battles[-1].throws[0].attacker_stack == [2, 3]  # [3W, 2W] fought, then rotated
    tv11_checks(state)


def tv11_checks(state: object) -> None:
    """TV-11: the Witch conquers stone_table with the last token used, leaving minotaur_ridge bare."""
    from games.narnia import NarniaState

    assert isinstance(state, NarniaState)
    fought = state.battles[-1]
    assert [t.winner for t in fought.throws] == ["attacker", "defender", "attacker"]
    assert [(t.attacker_stack, t.defender_stack) for t in fought.throws] == [
        ([2, 3], []),
        ([3], []),
        ([3], []),
    ]
    assert fought.result == "conquered" and fought.attacker is None and fought.defender == BLUE
    assert state.territories["stone_table"].owner is None and show(state, "stone_table") == "3W"
    assert show(state, "minotaur_ridge") == "" and state.territories["minotaur_ridge"].owner is None


def test_tv12_flag_only_source_and_empty_bag(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-12: the only candidate attacks with the single drawn 1W: 1 die against green's 2.
    TV-12b: with the Witch's bag empty there is no attack and green draws next."""
    board = {"glasswater": (GREEN, "2P"), "aslan_camp": (RED, "1P"), "minotaur_ridge": (WITCH, "")}
    state = make_state(3, board, actor=GREEN, turn_index=2)
    rig = Rig(monkeypatch).draw("1W").roll([1], [6, 6])
    after, events = play(state, GREEN, Pass())
    assert [len(d) for d in rig.rolled] == [1, 2]
    assert find(events, "witch_reinforced")[0].params["value"] == 1
    assert after.battles[-1].result == "repelled" and after.drawer == GREEN

    empty = make_state(3, board, actor=GREEN, turn_index=2, witch_bag={1: 0, 2: 0, 3: 0})
    after, events = play(empty, GREEN, Pass())
    assert find(events, "witch_no_attack")[0].params == {"seat": GREEN}
    assert not after.battles and (after.phase, after.drawer) == ("draw", GREEN)


def test_tv13_no_witch_neighbour(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-13: no attack and no Witch token drawn; yellow draws the next card."""
    board = {
        "archenland": (YELLOW, "1P"),
        "caldron_pool": (RED, "1P"),
        "dwarf_mines": (RED, ""),
        "great_woods": (RED, ""),
    }
    state = make_state(4, board, actor=YELLOW, turn_index=3)
    Rig(monkeypatch)  # any draw or roll would fail the test
    witch_bag = dict(state.witch_bag)
    after, events = play(state, YELLOW, Pass())
    assert find(events, "witch_no_attack") and after.witch_bag == witch_bag
    assert (after.phase, after.drawer) == ("draw", YELLOW)


def test_tv14_witch_attack_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-14: m = 2, so dwarf_mines and western_wild are the legal sources; no Witch token is
    drawn and the battle comes before any turn."""
    board = {
        "chippingford": (RED, "1P"),
        "tumnus_cave": (RED, "1P"),
        "caldron_pool": (RED, "1P"),
        "dwarf_mines": (WITCH, "2W 1W"),
        "western_wild": (WITCH, "2W"),
        "frozen_falls": (WITCH, "1W"),
        "lantern_waste": (WITCH, "1W"),
        "witch_castle": (WITCH, "3W"),
        "beavers_dam": (BLUE, "1P"),
        "dancing_lawn": (BLUE, "1P"),
    }
    state = make_state(2, board, phase="draw", stage="card", card=None, deck=["witch_attack_1"])
    state, _ = play(state, RED, Draw())
    assert state.phase == "witch_attack"
    assert {p.source for p in state.witch_pairs} == {"dwarf_mines", "western_wild"}
    assert_refused(
        state,
        RED,
        WitchPairChoice(source="frozen_falls", target="tumnus_cave"),
        "narnia.error.witch_not_highest",
        "NA-4.7.4",
    )
    Rig(monkeypatch).roll([1, 1], [6])  # no draw rigged: a Witch reinforcement would fail
    witch_bag = dict(state.witch_bag)
    state, events = play(state, RED, WitchPairChoice(source="western_wild", target="tumnus_cave"))
    assert state.battles[-1].cause == "witch_card" and state.battles[-1].result == "repelled"
    assert not find(events, "witch_reinforced") and state.witch_bag[2] == witch_bag[2] + 1
    assert (state.phase, state.actor, state.stage) == ("turn", RED, "sequence")  # turns come after
