"""The hint's words for a seat's own legal action (cogs.magmor.hints): every action
kind, met in real games of the normal AI, in English and Italian."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, get_args

import pytest

from bot.i18n import LANGUAGES
from cogs.magmor import PRESENTER
from cogs.magmor.hints import describe_action as describe
from games.core import Rng
from games.magmor import GAME, Choose, Explore, MagmorState, MagmorView, Pass, Pay, PayMagMor, Split
from games.magmor.actions import MagmorAction
from games.magmor.rules import random_split, validate_split
from games.registry import GAMES
from tests.magmor.magmor_helpers import hand, make_state, play, start

OBJ = "obj-05"  # water 1, food 1, axe 3, pickaxe 2, medicine 1 (TV-5)
MAX_LENGTH = 180


def union_kinds() -> set[str]:
    """The ``kind`` Literal of every member of the action union."""
    union, _discriminator = get_args(MagmorAction)
    return {get_args(cls.model_fields["kind"].annotation)[0] for cls in get_args(union)}


KINDS = union_kinds()


@dataclass(frozen=True)
class Example:
    view: MagmorView
    action: dict[str, Any]


@cache
def examples() -> dict[str, list[Example]]:
    """Every action the normal AI played in 3-player games of seeds 0..5, each with
    the actor's own view; at each split also a random split, which gives cards away."""
    game = GAMES["magmor"]
    found: dict[str, list[Example]] = {}
    for seed in range(6):
        state = game.new_game(3, seed, {})
        while (decision := game.decision(state)) is not None:
            seat = decision.actors[0]
            view = game.view(state, seat)
            assert isinstance(view, MagmorView)
            action = game.ai(seat).act(view, decision)
            played = [action]
            if state.phase == "split":
                played.append(game.random_action(state, seat, random.Random(seed)))
            for each in played:
                data = each.model_dump(mode="json")
                found.setdefault(data["kind"], []).append(Example(view, data))
            state, _ = game.play(state, seat, action)
    return found


def texts(view: MagmorView, action: MagmorAction) -> tuple[str, str]:
    data = action.model_dump(mode="json")
    return describe(view, data, "en"), describe(view, data, "it")


def test_the_union_has_six_kinds_and_ai_games_meet_them_all() -> None:
    assert sorted(KINDS) == ["choose", "explore", "pass", "pay", "pay_magmor", "split"]
    assert set(examples()) == KINDS


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_action_met_reads_as_one_clean_line(kind: str) -> None:
    for example in examples()[kind]:
        lines = {language: describe(example.view, example.action, language) for language in LANGUAGES}
        for text in lines.values():
            assert text.strip() and "\n" not in text, (example.action, text)
            assert "{" not in text and "}" not in text, text
            assert "None" not in text and "magmor." not in text, text
            assert len(text) <= MAX_LENGTH, text
        assert lines["en"] != lines["it"], lines


def test_the_presenter_hands_the_hint_to_hints() -> None:
    example = examples()["pay"][0]
    for language in LANGUAGES:
        expected = describe(example.view, example.action, language)
        assert PRESENTER.describe_action(example.view, example.action, language) == expected


# -- exact words, on states built by hand -----------------------------------------------


def legal(state: MagmorState, seat: int, action: MagmorAction) -> MagmorAction:
    """``action``, checked to be one of the seat's legal actions."""
    assert action in (GAME.legal_actions(state, seat) or []), action
    return action


def view_of(state: MagmorState, seat: int) -> MagmorView:
    return GAME.view(state, seat)


@pytest.fixture
def choosing() -> MagmorState:
    """4 players, the party on A1, seat 0 leads: B1 is desert-1, A2 is hill-1."""
    hands = [hand(axe=2, water=1, food=2), hand(medicine=1), hand(pickaxe=2), hand()]
    state, _ = start(make_state(4, cards={"B1": "desert-1", "A2": "hill-1"}, hands=hands))
    assert state.phase == "choose" and state.candidates == ["B1", "A2"]
    return state


def test_explore_and_choose(choosing: MagmorState) -> None:
    view = view_of(choosing, 0)
    assert texts(view, legal(choosing, 0, Explore(cell="B1"))) == (
        "🔍 Peek at B1 (desert): discard one 🪓 axe card, and only you will see its face",
        "🔍 Esplora B1 (deserto): scarta una carta 🪓 accetta e solo tu ne vedrai il fronte",
    )
    # Not explored: only the back (terrain and hint), never the face.
    assert texts(view, legal(choosing, 0, Choose(cell="B1"))) == (
        "➡️ Go to B1 (desert): its toll includes 2 or 3 💧 water cards",
        "➡️ Vai su B1 (deserto): da pagare anche 2 o 3 carte 💧 acqua",
    )
    assert texts(view, legal(choosing, 0, Choose(cell="A2")))[0] == (
        "➡️ Go to A2 (hill): its toll includes 2 or 3 🍞 food cards"
    )


def test_choose_names_the_face_only_its_explorer_has_seen(choosing: MagmorState) -> None:
    state, _ = play(choosing, 0, Explore(cell="B1"))
    english, italian = texts(view_of(state, 0), legal(state, 0, Choose(cell="B1")))
    assert english == (
        "➡️ Go to B1 (desert), which you peeked at: "
        "Found: 3 axes, 2 water, and 2 food · Toll: 3 water, 1 medicine, and 2 pickaxes"
    )
    assert italian.startswith("➡️ Vai su B1 (deserto), che hai esplorato: Risorse trovate: 3 accette")


def test_split_names_who_gets_what(choosing: MagmorState) -> None:
    state, _ = play(choosing, 0, Choose(cell="B1"))
    assert state.phase == "split" and state.taken == {"axe": 3, "water": 2, "food": 2}
    view = view_of(state, 0)
    keep = Split(allocation={0: dict(state.taken)})
    validate_split(state, keep.allocation)
    assert texts(view, keep) == (
        "🎒 Keep everything found: 💧 2 water, 🍞 2 food, and 🪓 3 axes",
        "🎒 Tieni tutte le risorse trovate: 💧 2 bottiglie d'acqua, 🍞 2 razioni di cibo e 🪓 3 accette",
    )
    # Seats named by number, this seat "you" and first; empty shares left out.
    shared = Split(allocation={3: {"food": 2}, 1: {"water": 2, "axe": 0}, 0: {"axe": 3}, 2: {}})
    validate_split(state, shared.allocation)
    assert texts(view, shared) == (
        "🎒 Split what was found: 🪓 3 axes to you; 💧 2 water to seat 2; 🍞 2 food to seat 4",
        "🎒 Spartisci le risorse trovate: 🪓 3 accette a te; 💧 2 bottiglie d'acqua al posto 2; "
        "🍞 2 razioni di cibo al posto 4",
    )
    # At a table, the others by their names exactly as Discord gives them.
    names = ("Ann", "bob", "x_y", "ÉLODIE")
    data = shared.model_dump(mode="json")
    assert (
        describe(view, data, "en", names)
        == "🎒 Split what was found: 🪓 3 axes to you; 💧 2 water to bob; 🍞 2 food to ÉLODIE"
    )
    assert describe(view, data, "it", names).endswith("a bob; 🍞 2 razioni di cibo a ÉLODIE")
    given = random_split(state, Rng(seed=1))
    validate_split(state, given.allocation)
    assert texts(view, given)[0].startswith("🎒 ")


def test_pay_pass_and_the_last_category(choosing: MagmorState) -> None:
    state, _ = play(choosing, 0, Choose(cell="B1"))
    state, _ = play(state, 0, Split(allocation={0: dict(state.taken)}))
    assert state.phase == "pay"  # toll: 3 water, 1 medicine, 2 pickaxes
    view = view_of(state, 0)
    assert texts(view, legal(state, 0, Pay(resource="water"))) == (
        "💰 Pay 💧 3 water (+1 honour) toward the toll of B1 (desert)",
        "💰 Paga 💧 3 bottiglie d'acqua (+1 onore) per il pedaggio di B1 (deserto)",
    )
    assert texts(view, legal(state, 0, Pass())) == (
        "✋ Pass (−1 honour): pay nothing toward the toll of B1 (desert)",
        "✋ Passa la mano (−1 onore): non paghi nulla del pedaggio di B1 (deserto)",
    )
    state, _ = play(state, 0, Pay(resource="water"))
    state, _ = play(state, 1, Pay(resource="medicine"))
    # MM-4.4.2 / MM-4.5.1: the last unpaid category ends the round with an easy crossing.
    assert texts(view_of(state, 2), legal(state, 2, Pay(resource="pickaxe"))) == (
        "💰 Pay ⛏️ 2 pickaxes (+1 honour), the last category of B1 (desert) still unpaid: "
        "the crossing will be easy",
        "💰 Paga ⛏️ 2 picconi (+1 onore), l'ultima categoria di B1 (deserto) ancora da pagare: "
        "il superamento sarà agevole",
    )


def test_mag_mor_payment_and_pass() -> None:
    path = ["A1", "A2", "A3", "A4", "A5", "A6", "B6", "C6", "D6", "E6"]
    hands = [hand(axe=2, food=1), hand(water=2), hand(medicine=2)]
    state, _ = start(make_state(3, path=path, hands=hands, day=10, objectives=[OBJ, "obj-01", "obj-02"]))
    assert state.phase == "magmor" and state.leader == 0
    view = view_of(state, 0)
    # obj-05: a food is worth 1, an axe 3.
    assert texts(view, legal(state, 0, PayMagMor(cards={"food": 1, "axe": 1}))) == (
        "💰 Pay 🍞 1 food and 🪓 1 axe at Mag Mor (+1 honour); in your hand they are worth 4 victory points",
        "💰 Paga 🍞 1 razione di cibo e 🪓 1 accetta a Mag Mor (+1 onore); "
        "in mano ti valgono 4 punti vittoria",
    )
    assert texts(view, legal(state, 0, Pass())) == (
        "✋ Pass at Mag Mor (−1 honour) and keep all your cards",
        "✋ Passa la mano a Mag Mor (−1 onore) e tieni tutte le tue carte",
    )
