"""Aslan's re-roll (NA-4.4.6, NA-4.7.9, R18, D16) as the spec prints it: after each throw
its holder loses with the re-roll unused he is asked, whether he kept earlier ones or not.
"Keep, don't ask again" (recorded on the battle) spares him the rest of that battle only;
he is asked again in his next battle of the round (R17). The withdrawn ruling R-A1 (asked
once per battle) lives on only in games started under it (docs/decisions.md)."""

from __future__ import annotations

import json

import pytest

from games.narnia import GAME, Attack, Keep, KeepQuiet, NarniaState, Reroll, WitchPairChoice
from tests.narnia.narnia_helpers import BLUE, RED, WITCH, Rig, assert_refused, find, make_state, play

# Red attacks with two 3s a lone Witch 1; blue is elsewhere. Red is the round's last actor
# (turn_to_stone_2's order is blue, red), so the White Witch then attacks red (NA-4.6.1).
BOARD = {"chippingford": (RED, "3P 3P"), "dwarf_mines": (WITCH, "1W"), "cair_paravel": (BLUE, "1P")}
ATTACK = Attack(source="chippingford", target="dwarf_mines")


def red_holds_aslan(aslan_once: bool = False) -> NarniaState:
    state = make_state(2, BOARD, card="turn_to_stone_2", actor=RED, turn_index=1)
    state.effects.aslan = RED
    state.aslan_once = aslan_once
    return state


def test_a_reroll_on_a_later_throw_after_keeping_an_earlier_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.7.9 "in any throw in which his own dice are rolled", D16 "after each throw":
    he keeps throw 1, is asked again at throw 2, and re-rolls that one."""
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [5], [6, 2, 1], [4, 4, 4], [1])
    state, events = play(red_holds_aslan(), RED, ATTACK)
    assert state.phase == "aslan" and len(find(events, "aslan_offered")) == 1
    state, events = play(state, RED, Keep())
    assert state.phase == "aslan" and len(find(events, "aslan_offered")) == 1  # asked again
    paused = state.battles[-1].paused
    assert paused is not None and (paused.attacker_dice, paused.defender_dice) == ([1, 1, 1], [5])
    state, events = play(state, RED, Reroll())
    throws = state.battles[-1].throws
    assert [t.winner for t in throws] == ["defender", "attacker", "attacker"]
    assert (throws[1].rerolled, throws[1].original_dice) == ("attacker", [1, 1, 1])
    assert throws[1].defender_dice == [5]  # the Witch's dice stand (NA-4.7.9)
    assert state.phase == "invade" and state.territories["dwarf_mines"].owner == RED
    assert state.effects.aslan_used


def test_a_won_throw_asks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-rolling his own winning dice can only lose the throw: he is asked after lost ones."""
    Rig(monkeypatch).roll([6, 6, 6], [1], [5, 5, 5], [1])
    state, events = play(red_holds_aslan(), RED, ATTACK)
    assert not find(events, "aslan_offered") and state.phase == "invade"


def test_dont_ask_again_holds_for_this_battle_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """D16 / R17: "keep, don't ask again" lets his attack run to its end; when the Witch
    attacks him at the round's end he is asked again, and his re-roll replaces his own
    (defending) dice, never hers."""
    rig = Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6])
    state, _ = play(red_holds_aslan(), RED, ATTACK)
    assert GAME.legal_actions(state, RED) == [Reroll(), Keep(), KeepQuiet()]
    state, events = play(state, RED, KeepQuiet())
    assert not find(events, "aslan_offered") and len(find(events, "aslan_kept_quiet")) == 1
    fought = state.battles[-1]
    assert fought.result == "repelled" and len(fought.throws) == 2 and fought.aslan_quiet
    assert state.effects.aslan == RED and not state.effects.aslan_used  # still his to use
    assert state.phase == "witch_pair" and state.actor == RED  # he acted last (NA-4.1.10)
    # Her reinforcement joins dwarf_mines; her 1 die beats his flag's, then his re-roll ties.
    rig.draw("1W").roll([6], [1], [6], [1], [6])
    state, events = play(state, RED, WitchPairChoice(source="dwarf_mines", target="chippingford"))
    paused = state.battles[-1].paused
    assert state.phase == "aslan" and paused is not None and paused.holder_side == "defender"
    assert len(find(events, "aslan_offered")) == 1 and not state.battles[-1].aslan_quiet
    state, events = play(state, RED, Reroll())
    witch = state.battles[-1]
    assert witch.attacker is None
    assert (witch.throws[0].rerolled, witch.throws[0].original_dice) == ("defender", [1])
    assert witch.throws[0].attacker_dice == [6]  # her dice stand (NA-4.7.9)
    assert len(witch.throws) == 2 and not find(events, "aslan_offered")
    assert witch.result == "repelled" and state.territories["chippingford"].owner == RED
    assert state.round == 2 and state.effects.aslan is None  # cleanup (NA-4.1.11)


def test_the_card_is_used_at_most_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.7.9 / R18: one re-roll; after it no lost throw is asked about, and a re-roll
    asked for outside the question is refused with the rule, changing nothing."""
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [1, 1, 1], [6])
    state, _ = play(red_holds_aslan(), RED, ATTACK)
    state, events = play(state, RED, Reroll())  # re-rolled, still lost
    assert state.effects.aslan_used and not find(events, "aslan_offered")
    assert state.battles[-1].result == "repelled" and len(state.battles[-1].throws) == 2
    assert_refused(state, RED, Reroll(), "narnia.error.no_aslan", "NA-4.7.9")
    assert_refused(state, RED, KeepQuiet(), "narnia.error.no_aslan", "NA-4.7.9")


def test_blue_holding_it_is_not_asked_in_reds_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.4.6: only a holder whose own dice are in the throw is asked."""
    state = red_holds_aslan()
    state.effects.aslan = BLUE
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6])
    state, events = play(state, RED, ATTACK)
    assert not find(events, "aslan_offered") and state.battles[-1].result == "repelled"


def test_the_default_at_a_deadline_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """D16: at a deadline the throw is kept and the re-roll stays his (asked again)."""
    Rig(monkeypatch).roll([1, 1, 1], [6])
    state, _ = play(red_holds_aslan(), RED, ATTACK)
    assert GAME.default_action(state, RED) == Keep()


def test_a_game_started_under_r_a1_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The withdrawn ruling: a game saved with ``aslan_once`` plays on as its log was
    played: asked at the first lost throw only, a keep holds for that battle, and the
    question has its two answers."""
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6])
    state, events = play(red_holds_aslan(aslan_once=True), RED, ATTACK)
    assert state.phase == "aslan" and len(find(events, "aslan_offered")) == 1
    assert GAME.legal_actions(state, RED) == [Reroll(), Keep()]
    assert_refused(state, RED, KeepQuiet(), "narnia.error.wrong_action", "NA-4.4.6")
    state, events = play(state, RED, Keep())
    assert not find(events, "aslan_offered")  # the second lost throw asks nothing
    assert state.battles[-1].result == "repelled" and not state.effects.aslan_used


def test_a_game_saved_before_r_a1_asks_after_every_lost_throw(monkeypatch: pytest.MonkeyPatch) -> None:
    """A state stored before R-A1 has no ``aslan_once``: it loads, and plays on as its log
    was played, which is the rule of every new game (D16: keep, asked again on the next loss)."""
    saved = json.loads(red_holds_aslan().model_dump_json())
    del saved["aslan_once"]
    state = GAME.load_state(json.dumps(saved))
    assert not state.aslan_once and not GAME.view(state, RED).aslan_once
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6], [2, 2, 2], [6])
    state, _ = play(state, RED, ATTACK)
    state, events = play(state, RED, Keep())
    assert state.phase == "aslan" and len(find(events, "aslan_offered")) == 1  # asked again
    state, _ = play(state, RED, Reroll())
    assert state.effects.aslan_used and state.battles[-1].result == "repelled"


def test_new_games_follow_the_printed_rule() -> None:
    assert not GAME.new_game(3, 1).aslan_once
    assert GAME.new_game(3, 1, {"aslan_once": True}).aslan_once  # the replay of an R-A1 game


def test_dont_ask_again_is_written_only_where_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """A battle without it dumps as before the field existed (old exports' final hashes
    hold); one with it survives a save and load."""
    Rig(monkeypatch).roll([1, 1, 1], [6], [1, 1, 1], [6])
    state, _ = play(red_holds_aslan(), RED, ATTACK)
    assert "aslan_quiet" not in state.model_dump_json()
    state, _ = play(state, RED, KeepQuiet())
    assert '"aslan_quiet":true' in state.model_dump_json()
    assert GAME.load_state(state.model_dump_json()).battles[-1].aslan_quiet
    assert GAME.parse_action({"kind": "keep"}) == Keep()  # an old log's answer still reads
    assert GAME.parse_action({"kind": "keep_quiet"}) == KeepQuiet()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_panel_offers_the_three_answers(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """D16 asked as the spec says, with few questions: re-roll, keep, or keep and not be
    asked again in this battle; the panel says what the last one means."""
    from bot.i18n import t
    from tests.narnia.test_presenter import panel_of

    Rig(monkeypatch).roll([1, 1, 1], [6])
    state, _ = play(red_holds_aslan(), RED, ATTACK)
    text, shown = panel_of(state, RED, language)
    assert t("narnia.ui.you_aslan_every", language) in text
    labels = [c.get("label") for c in shown if c["type"] == 2][:3]
    assert labels == [t(f"narnia.ui.button_{kind}", language) for kind in ("reroll", "keep", "keep_quiet")]
    state.aslan_once = True  # a game started under R-A1: its two answers, its own words
    text, shown = panel_of(state, RED, language)
    assert t("narnia.ui.you_aslan", language) in text
    assert t("narnia.ui.button_keep_quiet", language) not in [c.get("label") for c in shown]
