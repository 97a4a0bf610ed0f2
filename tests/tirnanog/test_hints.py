"""The hint's words for Tir Nan Og Wars: every action kind, met in real games, in both languages."""

from __future__ import annotations

import typing
from functools import cache
from typing import Any

import pytest

from cogs.tirnanog.hints import describe_action as describe
from cogs.tirnanog.presenter import TirNanOgPresenter
from games.registry import GAMES
from games.tirnanog.actions import TirNanOgAction
from games.tirnanog.views import DisputeView, TirNanOgView

LANGUAGES = ("en", "it")
GAME = GAMES["tirnanog"]
# Every ``kind`` of the action union, read from the union itself so a new kind is noticed.
KINDS = frozenset(
    member.model_fields["kind"].default for member in typing.get_args(typing.get_args(TirNanOgAction)[0])
)

Example = tuple[TirNanOgView, dict[str, Any]]


@cache
def played() -> list[Example]:
    """Every legal action of the seat to act, at every decision of 3-player AI games (seeds 0..5)."""
    examples: list[Example] = []
    for seed in range(6):
        state = GAME.new_game(3, seed, {})
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            assert isinstance(view, TirNanOgView)
            legal = GAME.legal_actions(state, seat) or []
            examples.extend((view, action.model_dump(mode="json")) for action in legal)
            chosen = GAME.ai(seat).act(view, decision)
            assert chosen in legal
            state, _ = GAME.play(state, seat, chosen)
    return examples


def check(text: str) -> None:
    assert text.strip() and "\n" not in text
    assert "{" not in text and "}" not in text and "None" not in text
    assert "tirnanog." not in text  # no missing catalog key
    assert len(text) <= 180, text


def test_every_kind_of_the_union_is_met() -> None:
    assert sorted(KINDS) == ["consolidate", "declare", "discard", "take_creatures", "take_territory"]
    met = {action["kind"] for _, action in played()}
    assert met == KINDS
    # Both declarations and both reasons to discard (TNO-4.2.3, TNO-4.5.7) are met too.
    assert {a["take_part"] for _, a in played() if a["kind"] == "declare"} == {True, False}
    assert {v.phase for v, a in played() if a["kind"] == "discard"} == {"hand_limit", "dispute_discard"}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_legal_action_reads_as_one_line_in_both_languages(kind: str) -> None:
    examples = [(v, a) for v, a in played() if a["kind"] == kind]
    assert examples
    for view, action in examples:
        en, it = (describe(view, action, language) for language in LANGUAGES)
        check(en)
        check(it)
        assert en != it


def test_the_presenter_delegates_to_the_hints() -> None:
    view, action = played()[0]
    presenter = TirNanOgPresenter()
    for language in LANGUAGES:
        assert presenter.describe_action(view, action, language) == describe(view, action, language)


# -- exact words, on a real opening view with the facts the line depends on set ------------------


def opening() -> TirNanOgView:
    view = GAME.view(GAME.new_game(3, 0, {}), 0)
    assert isinstance(view, TirNanOgView)
    return view


def hand(**counts: int) -> dict[str, int]:
    return {s: counts.get(s, 0) for s in ("dragon", "elf", "fairy", "griffin", "centaur")}


def texts(view: TirNanOgView, action: dict[str, Any]) -> tuple[str, str]:
    en, it = (describe(view, action, language) for language in LANGUAGES)
    return en, it


def test_take_creatures_names_the_pair_and_the_excess() -> None:
    view = opening().model_copy(update={"hand": hand(dragon=2, elf=3)})
    action = {"kind": "take_creatures", "species": ["dragon", "fairy"]}
    assert texts(view, action) == (
        "Take 1 🐉 dragon and 1 🧚 fairy from the display",
        "Prendi 1 🐉 drago e 1 🧚 fata dal display",
    )
    # TNO-4.2.3: 6 + 2 cards go one over the limit of 7.
    view = view.model_copy(update={"hand": hand(dragon=3, elf=3)})
    action = {"kind": "take_creatures", "species": ["griffin", "griffin"]}
    assert texts(view, action) == (
        "Take 2 🦅 griffins from the display, then discard 1 card to keep 7 in hand",
        "Prendi 2 🦅 grifoni dal display, poi scarta 1 carta per restare a 7 in mano",
    )


def test_take_territory_names_the_visible_card_and_the_reserve_value() -> None:
    view = opening()
    pile = next(p for p in view.piles if p.terrain == "river")
    piles = [p.model_copy(update={"top": "river_01"}) if p is pile else p for p in view.piles]
    me = view.seats[0].model_copy(update={"reserve_value": 2})
    seats = [me, *view.seats[1:]]
    view = view.model_copy(update={"piles": piles, "seats": seats})
    # river_01 is worth 4: the reserve goes from 2 to 6.
    assert texts(view, {"kind": "take_territory", "terrain": "river"}) == (
        "Take the territory 🌊 River (dragon, elf, elf, ?) into your reserve (reserve value 6 of 7)",
        "Prendi il territorio 🌊 Fiume (drago, elfo, elfo, ?) e mettilo in riserva"
        " (valore della riserva 6 su 7)",
    )


def test_consolidate_names_the_payment_and_the_plain_discount() -> None:
    view = opening()
    action = {"kind": "consolidate", "territory": "river_01", "payment": ["dragon", "elf", "elf", "fairy"]}
    assert texts(view, action) == (
        "Consolidate 🌊 River (dragon, elf, elf, ?) onto your stack,"
        " paying 1 🐉 dragon, 2 🧝 elves, and 1 🧚 fairy",
        "Consolida 🌊 Fiume (drago, elfo, elfo, ?) in cima al tuo mazzetto,"
        " pagando 1 🐉 drago, 2 🧝 elfi e 1 🧚 fata",
    )
    # TNO-4.4.2: a face-up plain on top makes the payment one card shorter; the line says why.
    seats = [view.seats[0].model_copy(update={"discount": True}), *view.seats[1:]]
    view = view.model_copy(update={"seats": seats})
    action = {"kind": "consolidate", "territory": "river_01", "payment": ["dragon", "elf", "elf"]}
    assert texts(view, action) == (
        "Consolidate 🌊 River (dragon, elf, elf, ?) onto your stack, paying 1 🐉 dragon and 2 🧝 elves"
        " (🌾 plain discount)",
        "Consolida 🌊 Fiume (drago, elfo, elfo, ?) in cima al tuo mazzetto, pagando 1 🐉 drago e 2 🧝 elfi"
        " (🌾 sconto della pianura)",
    )


def test_discard_says_why_and_what_is_kept() -> None:
    view = opening().model_copy(
        update={"phase": "hand_limit", "hand": hand(dragon=3, elf=3, fairy=2), "hand_limit_discard": 1}
    )
    assert texts(view, {"kind": "discard", "species": ["elf"]}) == (
        "Discard 1 🧝 elf (hand limit 7); you keep 3 🐉 dragons, 2 🧝 elves, and 2 🧚 fairies",
        "Scarta 1 🧝 elfo (limite di 7 carte in mano); ti restano 3 🐉 draghi, 2 🧝 elfi e 2 🧚 fate",
    )
    view = view.model_copy(update={"phase": "dispute_discard", "hand_limit_discard": 0})
    assert texts(view, {"kind": "discard", "species": ["dragon", "fairy"]}) == (
        "Discard 1 🐉 dragon and 1 🧚 fairy:"
        " one card per participant in the ⛲ magic fountain dispute you won",
        "Scarta 1 🐉 drago e 1 🧚 fata: una carta per partecipante alla disputa per la ⛲ fontana magica"
        " che hai vinto",
    )


def test_declare_names_the_fountain_and_the_seat_s_own_count() -> None:
    dispute = DisputeView(
        fountain="fountain_1",
        terrain="forest",
        revealer=1,
        order=[1, 2, 0],
        declarations={1: True, 2: False},
        next_seat=0,
        participants=[],
        winner=None,
        to_discard=0,
    )
    # The opening stack is empty: the count is the hand alone (TNO-4.5.4).
    view = opening().model_copy(update={"phase": "declare", "dispute": dispute, "hand": hand(fairy=3, elf=1)})
    assert texts(view, {"kind": "declare", "take_part": True}) == (
        "Declare: take part in the dispute for the ⛲ magic fountain in the 🌲 Forest pile"
        " (your largest set: 3)",
        "Dichiara che partecipi alla disputa per la ⛲ fontana magica del mazzetto 🌲 Bosco"
        " (la tua serie più lunga: 3)",
    )
    assert texts(view, {"kind": "declare", "take_part": False}) == (
        "Declare: stay out of the dispute for the ⛲ magic fountain (your hand stays secret)",
        "Dichiara che non partecipi alla disputa per la ⛲ fontana magica (la tua mano resta segreta)",
    )
