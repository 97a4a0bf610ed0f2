"""The test vectors of spec §6 on the sequence, the round and the card effects (TV15 … TV28);
the combat vectors are in test_vectors.py."""

from __future__ import annotations

import pytest

from games.narnia import (
    GAME,
    Attack,
    Draw,
    Pass,
    PlaceReinforcement,
    Reinforce,
    Reroll,
    SpellLoss,
    Surprise,
    Treachery,
    setup,
)
from games.narnia.data import TERRITORIES
from games.narnia.flow import reduced_sequence
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
from tests.narnia.test_vectors import BLUE_HOME, attack_state

# -- sequence and round ------------------------------------------------------------------


@pytest.mark.parametrize(("drawer", "skipped", "last"), [(RED, RED, BLUE), (BLUE, BLUE, RED)])
def test_tv15_blizzard_on_the_last_seat(drawer: int, skipped: int, last: int) -> None:
    """TV-15: blizzard_2 with red, blue, green -> green, blue, red; the skipped drawer does
    not count, so the last actor is blue (or red in the variation)."""
    board = {
        "cair_paravel": (BLUE, "1P"),
        "glasswater": (GREEN, "1P"),
        "shuddering_wood": (WITCH, ""),
        "wolf_den": (WITCH, ""),
    }
    state = make_state(3, board, rest=RED, phase="draw", stage="card", card=None, drawer=drawer, actor=drawer)
    state.deck = ["blizzard_2"]
    state, _ = play(state, drawer, Draw())
    assert state.sequence == [GREEN, BLUE, RED] and state.effects.blizzard == skipped
    acted = []
    while state.phase == "turn":
        assert state.actor is not None
        acted.append(state.actor)
        state, _events = play(state, state.actor, Pass())
    assert skipped not in acted and acted[-1] == last
    assert state.last_actor == last and (state.phase, state.actor) == ("witch_pair", last)


def test_tv16_sequence_reduction() -> None:
    """TV-16: treachery_1 (green, yellow, red, blue) -> red, blue; or yellow, red, blue."""
    two = make_state(2, {"cair_paravel": (RED, ""), "glasswater": (BLUE, "")})
    assert reduced_sequence(two, "treachery_1") == [RED, BLUE]
    three = GAME.new_game(3, 1, {"colours": ["red", "blue", "yellow"]})
    assert [three.colours[s] for s in reduced_sequence(three, "treachery_1")] == ["yellow", "red", "blue"]


def test_tv17_setup_order_with_three_players() -> None:
    """TV-17: a setup card printed green, yellow, red, blue -> green, red, blue, for both
    placements; blue places last and draws round 1's card; courage never sets the order."""
    seed = next(s for s in range(500) if GAME.new_game(3, s).setup_card == "treachery_1")
    state = GAME.new_game(3, seed)
    assert state.setup_order == [GREEN, RED, BLUE]
    placers = []
    while state.phase in ("place_witch", "deploy"):
        assert state.actor is not None
        placers.append((state.phase, state.actor))
        state, _ = play(state, state.actor, GAME.default_action(state, state.actor))
    expected = [GREEN, RED, BLUE] * 4
    assert placers[:11] == [("place_witch", s) for s in expected[:11]]
    assert [s for p, s in placers if p == "deploy"] == expected[
        : len([p for p, _ in placers if p == "deploy"])
    ]
    assert state.drawer == BLUE and state.phase == "draw"
    assert all(len(state.owned(seat)) == 4 for seat in range(3))
    for s in range(200):
        card = GAME.new_game(2, s).setup_card
        assert card is not None and not card.startswith("courage")
    assert setup.placer(state, 23) == BLUE


def test_tv18_the_game_ends_mid_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-18: blue takes the Witch's last territory: green and yellow do not act, no Witch
    attack; blue wins with 7."""
    others = [t for t in TERRITORIES if t not in ("witch_castle", "frozen_lake")]
    owners = [RED] * 6 + [BLUE] * 5 + [GREEN] * 6 + [YELLOW] * 5
    board = {tid: (seat, "") for tid, seat in zip(others, owners, strict=True)}
    board.update({"witch_castle": (WITCH, "1W"), "frozen_lake": (BLUE, "3P")})
    state = make_state(4, board, actor=BLUE, turn_index=1)
    Rig(monkeypatch).roll([6, 6, 6], [1], [6, 6, 6], [1])
    state, events = play(state, BLUE, Attack(source="frozen_lake", target="witch_castle"))
    assert state.phase == "over" and GAME.decision(state) is None
    assert find(events, "witch_defeated")[0].params == {"seat": BLUE}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "witch_defeated" and outcome.winners == [BLUE]
    assert next((s.seat, s.score) for s in outcome.standings) == (BLUE, 7)


def over_state(counts: dict[int, int], attacks: dict[int, int | None]) -> object:
    seats = [seat for seat, n in counts.items() for _ in range(n)]
    board = {tid: (seat, "") for tid, seat in zip(TERRITORIES, seats, strict=True)}
    last_attack = [attacks.get(s) for s in range(3)]
    return make_state(
        3, board, phase="over", actor=None, last_attack=last_attack, end_reason="witch_defeated"
    )


def test_tv19_tie_break_by_latest_attack() -> None:
    """TV-19: red 9, blue 9, green 6; red attacked at #60, blue at #57 -> red wins.
    TV-19b: red 9, green 9 and green made the final conquest -> green wins. R32: tied players
    who never attacked share the win."""
    first = GAME.outcome(over_state({RED: 9, BLUE: 9, GREEN: 6}, {RED: 60, BLUE: 57, GREEN: 61}))  # type: ignore[arg-type]
    assert first is not None and first.winners == [RED]
    second = GAME.outcome(over_state({RED: 9, GREEN: 9, BLUE: 6}, {RED: 60, BLUE: 57, GREEN: 61}))  # type: ignore[arg-type]
    assert second is not None and second.winners == [GREEN]
    shared = GAME.outcome(over_state({RED: 10, GREEN: 10, BLUE: 4}, {BLUE: 61}))  # type: ignore[arg-type]
    assert shared is not None and sorted(shared.winners) == [RED, GREEN]
    assert [s.rank for s in shared.standings] == [1, 1, 3]


def test_tv20_elimination_and_drawer_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-20: the Witch takes blue's last territory; green, the next active seat clockwise,
    draws; blue is skipped from then on."""
    board = {"glasswater": (BLUE, ""), "minotaur_ridge": (WITCH, ""), "cair_paravel": (GREEN, "1P")}
    state = make_state(3, board, rest=RED, card="witch_attack_3", actor=BLUE, turn_index=2)
    assert state.sequence == [GREEN, RED, BLUE]
    Rig(monkeypatch).draw("3W").roll([6, 6, 6], [1])
    state, events = play(state, BLUE, Pass())
    assert state.eliminated == [False, True, False] and find(events, "eliminated")[0].params == {"seat": BLUE}
    assert (state.phase, state.drawer) == ("draw", GREEN)
    assert find(events, "drawer_fallback")[0].params == {"seat": GREEN, "other_seat": BLUE}


# -- card effects --------------------------------------------------------------------------


def test_tv21_evil_spell(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-21: 5 5 2 -> red and blue re-roll 3 and 6; blue is safe; red gives up a 2 (his best)
    and green a 3."""
    board = {
        "chippingford": (RED, "2P 1P"),
        "tumnus_cave": (RED, "2P"),
        "cair_paravel": (BLUE, "3P"),
        "glasswater": (GREEN, "3P 1P"),
    }
    state = make_state(3, board, phase="draw", stage="card", card=None, deck=["evil_spell_1"])
    Rig(monkeypatch).roll([5], [5], [2], [3], [6])
    state, events = play(state, RED, Draw())
    assert [r.rolls for r in state.spell_rolls] == [{RED: 5, BLUE: 5, GREEN: 2}, {RED: 3, BLUE: 6}]
    assert state.spell_safe == BLUE and state.spell_losers == [RED, GREEN] and state.required_value == 2
    decision = GAME.decision(state)
    assert decision is not None and (decision.kind, decision.mode, decision.seats) == (
        "narnia.spell_loss",
        "ordered",
        [RED, GREEN],
    )
    assert_refused(state, GREEN, SpellLoss(territory="glasswater"), "error.not_yet", "NA-4.7.3")
    state, events = play(state, RED, SpellLoss(territory="tumnus_cave"))
    assert show(state, "tumnus_cave") == "" and show(state, "glasswater") == "1P"  # green's only 3: at once
    assert [e.params["value"] for e in find(events, "spell_loss")] == [2, 3]


def test_tv22_terror(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-22: every player 1 goes, at any depth; the Witch's stack (betrayed 1P too) stays."""
    board = {
        "beavers_dam": (RED, "3P 1P 1P"),
        "tumnus_cave": (RED, "1P"),
        "fords_of_beruna": (BLUE, "2P 1P"),
        "witch_castle": (WITCH, "3W 1P 1W"),
    }
    state = make_state(2, board, phase="draw", stage="card", card=None, deck=["terror_1"])
    ones = state.peter_bag[1]
    state, events = play(state, RED, Draw())
    assert [show(state, t) for t in ("beavers_dam", "tumnus_cave", "fords_of_beruna", "witch_castle")] == [
        "3P",
        "",
        "2P",
        "3W 1P 1W",
    ]
    assert state.territories["tumnus_cave"].owner == RED
    assert state.peter_bag[1] == ones + 4 and find(events, "terror")[0].params == {"count": 4}


def test_tv23_invincible_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-23: red's 1P tokens roll 3 dice each time; the flag still rolls 1."""
    state = attack_state("chippingford", "1P 1P", "dwarf_mines", "2W")
    state.effects.invincible = RED
    Rig(monkeypatch).roll([2, 2, 1], [6, 5], [6, 5, 4], [3, 3], [1, 1, 1], [1])
    after, _ = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    throws = after.battles[-1].throws
    assert [len(t.attacker_dice) for t in throws] == [3, 3, 3]
    assert [t.winner for t in throws] == ["defender", "attacker", "defender"]
    assert after.battles[-1].result == "repelled"


def test_tv23_invincible_defence(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-23 (cont.): defending [1P] red rolls 3 dice; a flag-only territory 1 die."""
    board = {"glasswater": (RED, "1P"), "minotaur_ridge": (WITCH, "3W"), "cair_paravel": (BLUE, "1P")}
    state = make_state(2, board, rest=BLUE, card="turn_to_stone_2", actor=RED, turn_index=1)
    state.effects.invincible = RED
    assert state.sequence == [BLUE, RED]
    rig = Rig(monkeypatch).draw("1W").roll([6, 6, 6], [1, 1, 1], [6], [1])
    after, _ = play(state, RED, Pass())
    assert [len(d) for d in rig.rolled] == [3, 3, 1, 1]  # [3W, 1W] vs [1P] as 3, then 1W vs the flag
    assert after.territories["glasswater"].owner is None


def test_tv24_aslans_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-24: 2 2 1 vs 5 3 loses; the re-roll 6 4 1 wins 2-0; no re-roll is left."""
    state = attack_state("chippingford", "3P", "dwarf_mines", "2W")
    state.effects.aslan = RED
    Rig(monkeypatch).roll([2, 2, 1], [5, 3], [6, 4, 1], [6, 6, 6], [1])
    state, events = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    assert (state.phase, state.actor) == ("aslan", RED)
    paused = state.battles[-1].paused
    assert paused is not None and (paused.attacker_dice, paused.defender_dice) == ([2, 2, 1], [5, 3])
    state, events = play(state, RED, Reroll())
    first = state.battles[-1].throws[0]
    assert (first.rerolled, first.original_dice, first.attacker_dice) == ("attacker", [2, 2, 1], [6, 4, 1])
    assert first.winner == "attacker" and first.defender_dice == [5, 3]
    assert state.effects.aslan_used and state.phase == "invade"
    assert find(events, "aslan_rerolled")[0].params["new_dice"] == "6 4 1"


def test_tv25_treachery(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-25: only top tokens (2P or 3P) can be given; the 2P joins witch_castle [3W, 2P] and
    later returns to Peter's bag when it loses."""
    board = {
        "chippingford": (RED, "2P 1P"),
        "tumnus_cave": (RED, "3P"),
        "witch_castle": (WITCH, "3W"),
        **BLUE_HOME,
    }
    state = make_state(2, board, phase="draw", stage="card", card=None, deck=["treachery_1"])
    state, _ = play(state, RED, Draw())
    legal = GAME.legal_actions(state, RED)
    assert legal is not None and {a.source for a in legal if isinstance(a, Treachery)} == {
        "chippingford",
        "tumnus_cave",
    }
    state, events = play(state, RED, Treachery(source="chippingford", target="witch_castle"))
    assert show(state, "witch_castle") == "3W 2P" and show(state, "chippingford") == "1P"
    assert find(events, "betrayed")[0].params["value"] == 2


def test_tv26_surprise_attack() -> None:
    """TV-26: remove the 3W, any 2W, a token elsewhere, or nothing; never the flag."""
    board = {"witch_camp": (WITCH, "3W 2W 2W"), "stone_table": (RED, "1P"), **BLUE_HOME}
    state = make_state(2, board, phase="draw", stage="card", card=None, deck=["surprise_attack_1"])
    state, _ = play(state, RED, Draw())
    assert state.phase == "surprise"
    legal = GAME.legal_actions(state, RED)
    assert legal is not None and Pass() in legal
    assert (
        Surprise(territory="witch_camp", index=0) in legal
        and Surprise(territory="witch_camp", index=1) in legal
    )
    assert_refused(
        state, RED, Surprise(territory="witch_camp", index=3), "narnia.error.no_token_there", "NA-4.7.8"
    )
    after, _ = play(state, RED, Surprise(territory="witch_camp", index=0))
    assert show(after, "witch_camp") == "2W 2W"
    declined, events = play(state, RED, Pass())
    assert show(declined, "witch_camp") == "3W 2W 2W" and find(events, "surprise_declined")


def test_tv27_reinforcements_with_a_short_bag(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-27: two tokens left: both are drawn and must be placed; then reinforce is illegal."""
    board = {"chippingford": (RED, "1P"), "tumnus_cave": (RED, ""), **BLUE_HOME}
    state = make_state(
        2,
        board,
        phase="draw",
        stage="card",
        card=None,
        deck=["reinforcements_3_1"],
        peter_bag={1: 1, 2: 1, 3: 0},
    )
    state, events = play(state, RED, Draw())
    assert len(find(events, "peter_token_drawn")) == 2 and len(state.drawn) == 2
    state, _ = play(state, RED, PlaceReinforcement(territory="tumnus_cave"))
    assert state.phase == "place_reinforcement"
    state, _ = play(state, RED, PlaceReinforcement(territory="tumnus_cave"))
    assert (state.phase, state.actor) == ("turn", BLUE) and not state.drawn  # blue, red
    assert_refused(state, BLUE, Reinforce(), "narnia.error.peter_bag_empty", "NA-4.8.2")


def test_tv28_all_players_eliminated(monkeypatch: pytest.MonkeyPatch) -> None:
    """TV-28: blue is out; red's last territory falls: the Witch wins, nobody does."""
    board = {"glasswater": (RED, ""), "minotaur_ridge": (WITCH, "3W")}
    state = make_state(2, board, actor=RED, turn_index=0)
    assert state.eliminated == [False, True]
    Rig(monkeypatch).draw("1W").roll([6, 6, 6], [1])
    state, events = play(state, RED, Pass())
    assert state.phase == "over" and find(events, "all_eliminated")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "all_eliminated" and outcome.winners == []
    assert GAME.final_events(state)[0].key == "narnia.event.final_witch_wins"
