"""The hint (``describe_action``): every kind of Talismani action as one line for its player, in
English and Italian, in the panel's words, naming only what the seat's own view shows."""

from __future__ import annotations

import re
from functools import cache
from typing import Any, get_args

import pytest

from cogs.talismani import PRESENTER
from cogs.talismani.hints import describe_action as describe
from cogs.talismani.words import card
from games.registry import GAMES
from games.talismani import (
    GAME,
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Pick,
    SetAside,
    Talisman,
    TalismaniAction,
    TalismaniState,
    TalismaniView,
    Weather,
)
from games.talismani.data import ALL_CARDS
from tests.talismani.talismani_helpers import act, make_state, play_turn

LANGUAGES = ("en", "it")
Json = dict[str, Any]


def union_kinds() -> set[str]:
    """The ``kind`` of every member of the action union (``Annotated[A | B | …, Field]``)."""
    members = get_args(get_args(TalismaniAction)[0])
    return {kind for member in members for kind in get_args(member.model_fields["kind"].annotation)}


def dump(action: TalismaniAction) -> Json:
    return action.model_dump(mode="json")


@cache
def ai_actions() -> list[tuple[TalismaniView, Json]]:
    """Every action the game's AI chose in six 3-player games, with the view it chose from."""
    out = []
    for seed in range(6):
        state = GAME.new_game(3, seed, {})
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            action = GAME.ai(seat).act(view, decision)
            out.append((view, dump(action)))
            state, _ = GAME.play(state, seat, action)
    return out


@cache
def legal_sweep() -> list[tuple[TalismaniView, Json]]:
    """Every legal action of the acting seat at every decision of one AI game: the choices the AI
    never makes (leaving a combination on the table, keeping the row with Change order) too."""
    out = []
    state = GAME.new_game(3, 0, {})
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        out += [(view, dump(a)) for a in GAME.legal_actions(state, seat) or []]
        state, _ = GAME.play(state, seat, GAME.ai(seat).act(view, decision))
    return out


def check_line(view: TalismaniView, action: Json) -> None:
    texts = [describe(view, action, language) for language in LANGUAGES]
    for text in texts:
        assert text.strip() and "\n" not in text, (action, text)
        assert "{" not in text and "}" not in text and "None" not in text, (action, text)
        assert len(text) <= 180, (action, text)
    assert texts[0] != texts[1], action


def test_the_registry_plays_this_game() -> None:
    # ``GAME`` (typed: its views are TalismaniViews) is the game the bot's registry plays.
    assert GAMES["talismani"] is GAME


def test_every_kind_of_the_union_is_met_in_ai_games() -> None:
    kinds = union_kinds()
    assert kinds == {
        "play",
        "forge",
        "set_aside",
        "stake",
        "change_order",
        "change_weather",
        "pick",
        "weather",
    }
    assert {action["kind"] for _view, action in ai_actions()} == kinds


def test_every_ai_action_is_one_line_in_both_languages() -> None:
    for view, action in ai_actions():
        check_line(view, action)


def test_every_legal_action_is_one_line_in_both_languages() -> None:
    sweep = legal_sweep()
    for view, action in sweep:
        check_line(view, action)
    # The sweep holds both answers of every yes/no choice, and a Change order that keeps the row.
    assert {(a["kind"], a.get("yes", a.get("rotate"))) for _v, a in sweep} >= {
        ("set_aside", True),
        ("set_aside", False),
        ("change_weather", True),
        ("change_weather", False),
        ("weather", True),
        ("weather", False),
    }
    assert any(a["kind"] == "change_order" and v.row.index(a["suit"]) + 1 == a["position"] for v, a in sweep)


@cache
def card_names(language: str) -> re.Pattern[str]:
    """Any card's name, the longest first, not followed by a digit ("☀️ Sun 1" is not in "☀️ Sun 12")."""
    names = sorted({card(c, language) for c in ALL_CARDS}, key=len, reverse=True)
    return re.compile("(?:" + "|".join(re.escape(name) for name in names) + r")(?!\d)")


def named_cards(text: str, language: str) -> set[str]:
    return set(card_names(language).findall(text))


def visible_cards(view: TalismaniView, action: Json) -> set[str]:
    """The cards this action may name: from the seat's own hand, pending talismans and play,
    or the face-up played cards (R35). Never another seat's hand or secret play."""
    me = view.seats[view.seat or 0]
    if action["kind"] == "play":
        return set(view.hand or [])
    if action["kind"] == "forge":
        return {c for talisman in me.pending for c in talisman.cards}
    if action["kind"] == "set_aside":
        return {c for play in view.plays if play.seat == view.seat for c in play.cards}
    if action["kind"] in ("stake", "pick"):
        return set(view.pool)
    return {view.special} if view.special else set()


def test_a_hint_names_only_cards_the_seat_can_see() -> None:
    for view, action in [*ai_actions(), *legal_sweep()]:
        for language in LANGUAGES:
            allowed = {card(c, language) for c in visible_cards(view, action)}
            text = describe(view, action, language)
            assert named_cards(text, language) <= allowed, (action, text)


def test_the_presenter_hands_the_hint_to_hints() -> None:
    for view, action in ai_actions()[:40]:
        for language in LANGUAGES:
            assert PRESENTER.describe_action(view, action, language) == describe(view, action, language)


# -- exact words, on a table built card by card ---------------------------------------------
# Row: sun › rain › snow › clouds › fog › storm. Seat 0 holds a fog combination and a Joker,
# with a sun combination waiting to be forged (sun is dominant: Forge is legal, TT-9.6);
# seat 1 wins with the sun 8; seat 2 plays an action special (Change order or Change weather).
HANDS = {"CO5": [["fog-3", "fog-4", "JKa"], ["sun-8", "rain-5"], ["CO5", "rain-1"]]}
HANDS["CW7"] = [HANDS["CO5"][0], HANDS["CO5"][1], ["CW7", "rain-1"]]
PENDING = {0: [Talisman(suit="sun", cards=["sun-5", "sun-6"])]}
PLAYS: dict[int, list[str] | str] = {0: ["fog-3", "fog-4"], 1: ["sun-8"]}


def scripted(state: TalismaniState, seat: int) -> TalismaniAction:
    """The script after the reveal: seat 0 leaves its combination on the table (so it shares),
    the stake is the fog 4, Change order moves rain to place 4, every rotation is made."""
    legal = GAME.legal_actions(state, seat) or []
    wanted: dict[str, TalismaniAction] = {
        "set_aside": SetAside(yes=False),
        "stake": ChooseStake(card="fog-4"),
        "change_order": ChangeOrder(suit="rain", position=4),
        "change_weather": ChangeWeather(rotate=True),
        "weather": Weather(rotate=True),
    }
    choice = wanted.get(state.phase, Pick(card="fog-3") if seat == 0 else legal[0])
    return choice if choice in legal else legal[0]


@cache
def table(special: str) -> dict[tuple[str, int], tuple[TalismaniView, list[Json]]]:
    """The first view of every (phase, seat) that acts in turn 1, with its legal actions."""
    state = make_state(3, HANDS[special], pending=PENDING)
    seen = {
        ("play", s): (GAME.view(state, s), [dump(a) for a in GAME.legal_actions(state, s) or []])
        for s in range(3)
    }
    state, _ = play_turn(state, {**PLAYS, 2: [special]})
    while (decision := GAME.decision(state)) is not None and state.turn == 1:
        seat = decision.actors[0]
        legal = [dump(a) for a in GAME.legal_actions(state, seat) or []]
        seen.setdefault((state.phase, seat), (GAME.view(state, seat), legal))
        state, _ = act(state, seat, scripted(state, seat))
    return seen


EXACT: list[tuple[str, str, int, Json, str, str]] = [
    (
        "CO5",
        "play",
        0,
        {"kind": "play", "cards": ["fog-3", "fog-4"]},
        "🤫 Play 🌫️ Fog 3 + 🌫️ Fog 4 face down: 7 in 🌫️ Fog, place 5 of the weather row; "
        "🔨 if it loses, you can set it aside to forge a talisman",
        "🤫 Gioca in segreto 🌫️ Nebbia 3 + 🌫️ Nebbia 4: 7 di 🌫️ Nebbia, 5° posto nella fila del Tempo; "
        "🔨 se non vince, puoi metterla da parte per forgiare un Talismano",
    ),
    (
        "CO5",
        "play",
        1,
        {"kind": "play", "cards": ["sun-8"]},
        "🤫 Play ☀️ Sun 8 face down: 8 in ☀️ Sun, place 1 of the weather row",
        "🤫 Gioca in segreto ☀️ Sole 8: 8 di ☀️ Sole, 1° posto nella fila del Tempo",
    ),
    (
        "CO5",
        "play",
        0,
        {"kind": "play", "cards": ["JKa"]},
        "🤫 Play 🃏 Joker alone, face down: on its own it has no value and cannot win",
        "🤫 Gioca in segreto 🃏 Jolly, da solo: senza un'altra carta non ha valore e non può vincere",
    ),
    (
        "CO5",
        "play",
        2,
        {"kind": "play", "cards": ["CO5"]},
        "🤫 Play 🔀 Change weather order 5 alone, face down: a special card, no value in the fight; "
        "it acts after the reveal",
        "🤫 Gioca in segreto 🔀 Cambia ordine del Tempo 5, da sola: una carta speciale, senza valore "
        "nel confronto; agisce dopo che le giocate sono scoperte",
    ),
    (
        "CO5",
        "play",
        0,
        {"kind": "forge"},
        "🔨 Forge: play no cards this turn, and your waiting combination (☀️ Sun 5 + ☀️ Sun 6) "
        "becomes a whole ☀️ Sun talisman",
        "🔨 Forgia: non giocare carte in questo turno e la tua combinazione in attesa "
        "(☀️ Sole 5 + ☀️ Sole 6) diventa un Talismano intero di ☀️ Sole",
    ),
    (
        "CO5",
        "set_aside",
        0,
        {"kind": "set_aside", "yes": True},
        "🔨 Set 🌫️ Fog 3 + 🌫️ Fog 4 aside: it waits in front of you, to be forged in a later turn "
        "that starts with 🌫️ Fog dominant",
        "🔨 Metti da parte 🌫️ Nebbia 3 + 🌫️ Nebbia 4: resta davanti a te, da forgiare in un turno "
        "successivo che inizi con 🌫️ Nebbia dominante",
    ),
    (
        "CO5",
        "set_aside",
        0,
        {"kind": "set_aside", "yes": False},
        "Leave 🌫️ Fog 3 + 🌫️ Fog 4 on the table: the cards stay with the played cards "
        "and you take part in the sharing",
        "Lascia 🌫️ Nebbia 3 + 🌫️ Nebbia 4 sul tavolo: le carte restano tra quelle giocate "
        "e partecipi alla spartizione",
    ),
    (
        "CO5",
        "stake",
        1,
        {"kind": "stake", "card": "fog-4"},
        "Choose 🌫️ Fog 4 as the next stake: whoever wins the next turn takes it, worth half a talisman",
        "Scegli 🌫️ Nebbia 4 come prossima posta: chi vince il prossimo turno la ritira e vale mezzo Talismano",
    ),
    (
        "CO5",
        "change_order",
        2,
        {"kind": "change_order", "suit": "rain", "position": 4},
        "With your 🔀 Change weather order 5, move 🌧️ Rain from place 2 to place 4 of the weather row",
        "Con la tua carta 🔀 Cambia ordine del Tempo 5, sposta 🌧️ Pioggia dal 2° al 4° posto "
        "della fila del Tempo",
    ),
    (
        "CO5",
        "change_order",
        2,
        {"kind": "change_order", "suit": "snow", "position": 3},
        "With your 🔀 Change weather order 5, keep the weather row as it is",
        "Con la tua carta 🔀 Cambia ordine del Tempo 5, lascia la fila del Tempo com'è",
    ),
    (
        "CO5",
        "share",
        0,
        {"kind": "pick", "card": "fog-3"},
        "Take 🌫️ Fog 3 from the played cards into your hand",
        "Prendi 🌫️ Nebbia 3 dalle carte giocate: va nella tua mano",
    ),
    (
        # After Change order moved rain to place 4 the row is sun › snow › clouds › rain › …
        "CO5",
        "weather",
        1,
        {"kind": "weather", "rotate": True},
        "Rotate the weather row: ☀️ Sun goes to the end and ❄️ Snow becomes dominant",
        "Ruota la fila del Tempo: ☀️ Sole va in fondo e domina ❄️ Neve",
    ),
    (
        "CO5",
        "weather",
        1,
        {"kind": "weather", "rotate": False},
        "Keep the weather row: ☀️ Sun stays dominant",
        "Lascia la fila del Tempo com'è: domina ancora ☀️ Sole",
    ),
    (
        "CW7",
        "change_weather",
        2,
        {"kind": "change_weather", "rotate": True},
        "With your 🌀 Change weather 7, rotate the weather row: ☀️ Sun goes to the end "
        "and 🌧️ Rain becomes dominant",
        "Con la tua carta 🌀 Cambia il Tempo 7, ruota la fila del Tempo: ☀️ Sole va in fondo "
        "e domina 🌧️ Pioggia",
    ),
    (
        "CW7",
        "change_weather",
        2,
        {"kind": "change_weather", "rotate": False},
        "With your 🌀 Change weather 7, keep the weather row: ☀️ Sun stays dominant",
        "Con la tua carta 🌀 Cambia il Tempo 7, lascia la fila del Tempo com'è: domina ancora ☀️ Sole",
    ),
]


@pytest.mark.parametrize(("special", "phase", "seat", "action", "en", "it"), EXACT)
def test_exact_words(special: str, phase: str, seat: int, action: Json, en: str, it: str) -> None:
    view, legal = table(special)[phase, seat]
    assert action in legal  # a real legal action of that seat, at that moment
    assert describe(view, action, "en") == en
    assert describe(view, action, "it") == it


def test_a_pair_reads_in_its_play_order_whatever_the_order_picked() -> None:
    # The panel's confirm sends the cards in the order they were picked.
    view, _legal = table("CO5")["play", 0]
    for language in LANGUAGES:
        picked = describe(view, {"kind": "play", "cards": ["fog-4", "JKa"]}, language)
        assert picked == describe(view, {"kind": "play", "cards": ["JKa", "fog-4"]}, language)
        assert picked.startswith(
            "🤫 Play 🃏 Joker + 🌫️ Fog 4 " if language == "en" else "🤫 Gioca in segreto 🃏 Jolly"
        )


def test_the_exact_words_cover_every_kind() -> None:
    assert {action["kind"] for _s, _p, _seat, action, _en, _it in EXACT} == union_kinds()


def test_forging_two_waiting_talismans_is_plural() -> None:
    pending = {0: [*PENDING[0], Talisman(suit="sun", cards=["JKb", "sun-2"])]}
    state = make_state(3, HANDS["CO5"], pending=pending)
    assert dump((GAME.legal_actions(state, 0) or [])[0]) == {"kind": "forge"}
    view = GAME.view(state, 0)
    assert describe(view, {"kind": "forge"}, "en") == (
        "🔨 Forge: play no cards this turn, and your waiting combinations (☀️ Sun 5 + ☀️ Sun 6; "
        "🃏 Joker + ☀️ Sun 2) become whole ☀️ Sun talismans"
    )
    assert describe(view, {"kind": "forge"}, "it") == (
        "🔨 Forgia: non giocare carte in questo turno e le tue combinazioni in attesa (☀️ Sole 5 + "
        "☀️ Sole 6; 🃏 Jolly + ☀️ Sole 2) diventano Talismani interi di ☀️ Sole"
    )
