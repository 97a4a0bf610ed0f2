"""Aslan's re-roll (NA-4.4.6, NA-4.7.9, R18) and the bot's ruling R-A1: the holder is
asked once per battle, at the first throw he loses in it; keeping the roll holds for
the rest of that battle, and the re-roll stays for his next battle of the round. Games
saved before the ruling go on asking after every lost throw (docs/decisions.md)."""

from __future__ import annotations

import json

import pytest

from games.narnia import GAME, Attack, Keep, NarniaState, Reroll, WitchPairChoice
from tests.narnia.narnia_helpers import BLUE, RED, WITCH, Rig, find, make_state, play

# Red attacks with two 3s a lone Witch 1; blue is elsewhere. Red is the round's last actor
# (turn_to_stone_2's order is blue, red), so the White Witch then attacks red (NA-4.6.1).
BOARD = {"chippingford": (RED, "3P 3P"), "dwarf_mines": (WITCH, "1W"), "cair_paravel": (BLUE, "1P")}


def red_holds_aslan() -> NarniaState:
    state = make_state(2, BOARD, card="turn_to_stone_2", actor=RED, turn_index=1)
    state.effects.aslan = RED
    return state


def test_keep_holds_for_the_rest_of_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-A1: asked at the first lost throw only; after a keep the battle runs to its end."""
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6])  # red loses both throws
    state, events = play(red_holds_aslan(), RED, Attack(source="chippingford", target="dwarf_mines"))
    assert state.phase == "aslan" and len(find(events, "aslan_offered")) == 1
    state, events = play(state, RED, Keep())
    assert not find(events, "aslan_offered")  # the second lost throw asks nothing
    fought = state.battles[-1]
    assert fought.result == "repelled" and len(fought.throws) == 2
    assert state.effects.aslan == RED and not state.effects.aslan_used  # still his to use


def test_the_reroll_kept_in_one_battle_is_offered_in_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-A1 / R17: kept in his attack, asked again when the Witch attacks him that round."""
    rig = Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6])
    state, _ = play(red_holds_aslan(), RED, Attack(source="chippingford", target="dwarf_mines"))
    state, _ = play(state, RED, Keep())
    assert state.phase == "witch_pair" and state.actor == RED  # he acted last (NA-4.1.10)
    # Her reinforcement joins dwarf_mines; her 1 die beats his flag's, then his re-roll ties.
    rig.draw("1W").roll([6], [1], [6], [1], [6])
    state, events = play(state, RED, WitchPairChoice(source="dwarf_mines", target="chippingford"))
    paused = state.battles[-1].paused
    assert state.phase == "aslan" and paused is not None and paused.holder_side == "defender"
    assert len(find(events, "aslan_offered")) == 1
    state, _ = play(state, RED, Reroll())
    assert state.battles[-2].result == "repelled" and state.territories["chippingford"].owner == RED
    assert state.round == 2 and state.effects.aslan is None  # cleanup (NA-4.1.11)


def test_a_game_saved_before_the_ruling_asks_after_every_lost_throw(monkeypatch: pytest.MonkeyPatch) -> None:
    """A state stored before R-A1 has no ``aslan_once``: it loads, and plays on as its log
    was played (D16: keep, asked again on the next loss)."""
    saved = json.loads(red_holds_aslan().model_dump_json())
    del saved["aslan_once"]
    state = GAME.load_state(json.dumps(saved))
    assert not state.aslan_once and not GAME.view(state, RED).aslan_once
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6], [2, 2, 2], [6])
    state, _ = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    state, events = play(state, RED, Keep())
    assert state.phase == "aslan" and len(find(events, "aslan_offered")) == 1  # asked again
    state, _ = play(state, RED, Reroll())
    assert state.effects.aslan_used and state.battles[-1].result == "repelled"


def test_new_games_have_the_ruling() -> None:
    assert GAME.new_game(3, 1).aslan_once
    assert not GAME.new_game(3, 1, {"aslan_once": False}).aslan_once  # a replay of an older game
