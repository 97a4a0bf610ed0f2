"""The panel's hint in words (cogs/akelarre/hints.py, ``describe_action``): every kind of
action of the union, met as a legal action in AI games, reads as one clean line in English
and in Italian; a rigged table pins the exact words of each kind."""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any, get_args

import pytest

from cogs.akelarre import PRESENTER
from cogs.akelarre.hints import describe_action as describe
from cogs.akelarre.words import as_view
from games.akelarre import (
    Add,
    AkelarreAction,
    AkelarreState,
    AkelarreView,
    Buy,
    CancelPurchase,
    CancelTake,
    ChoosePayment,
    Discard,
    Done,
    Draw,
    EndTurn,
    Open,
    Pay,
    Take,
)
from games.akelarre.data import family_of, is_joker
from games.registry import GAMES
from tests.akelarre.akelarre_helpers import make_state, run

GAME = GAMES["akelarre"]
SETUPS = [(3, {}), (4, {"teams": True})]
SEEDS = range(6)
LANGUAGES = ("en", "it")
LONGEST = 180  # one line of a private message, as the brief of the hint asks

# Every ``kind`` of the action union (each member's Literal), read from the union itself.
KINDS = frozenset(
    get_args(member.model_fields["kind"].annotation)[0] for member in get_args(get_args(AkelarreAction)[0])
)
# The ways back that AI games hardly ever take: met among the legal actions instead.
WAYS_BACK = ("cancel_take", "cancel_purchase")

Sample = tuple[AkelarreView, dict[str, Any]]


@cache
def samples() -> dict[str, list[Sample]]:
    """Legal actions by kind, each with its seat's own view: every AI choice of whole games,
    every legal action while a taken card is held (AK-5.6) and the ways back (WAYS_BACK)."""
    found: dict[str, list[Sample]] = defaultdict(list)
    for players, options in SETUPS:
        for seed in SEEDS:
            state = GAME.new_game(players, seed, options)
            while (decision := GAME.decision(state)) is not None:
                seat = decision.actors[0]
                view = as_view(GAME.view(state, seat))
                action = GAME.ai(seat).act(view, decision)
                chosen = action.model_dump(mode="json")
                found[chosen["kind"]].append((view, chosen))
                for other in GAME.legal_actions(state, seat) or []:
                    if view.held is not None or other.kind in WAYS_BACK:
                        found[other.kind].append((view, other.model_dump(mode="json")))
                state, _ = GAME.play(state, seat, action)
    return found


def test_every_kind_of_the_union_is_met() -> None:
    assert len(KINDS) == 12 and {"open", "cancel_take", "choose_payment"} <= KINDS
    assert set(samples()) == KINDS


def test_moves_with_a_taken_card_are_met() -> None:
    """AK-5.6: the held card goes into the next open or add, which says so."""
    for kind in ("open", "add"):
        held = [(v, a) for v, a in samples()[kind] if v.held is not None]
        assert held, kind
        for view, action in held[:20]:
            assert "taken" in describe(view, action, "en") and "sottratta" in describe(view, action, "it")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_text_is_one_clean_line_in_both_languages(kind: str) -> None:
    for view, action in samples()[kind]:
        texts = [describe(view, action, language) for language in LANGUAGES]
        for text in texts:
            assert text.strip() and "\n" not in text, (action, text)
            assert "{" not in text and "}" not in text and "None" not in text, (action, text)
            assert len(text) <= LONGEST, (action, text)
            assert not text.startswith("akelarre."), (action, text)  # a missing catalog key
        assert texts[0] != texts[1], action
        # The presenter hands the same line to the platform.
        assert PRESENTER.describe_action(view, action, "it") == texts[1]


def test_a_star_marks_only_the_seats_own_favourite() -> None:
    """The ⭐ of the panel: the seat's own favourite family, from its own view (never another's)."""
    starred = 0
    for kind in ("discard", "pay"):
        for view, action in samples()[kind]:
            text = describe(view, action, "en")
            favourite = family_of(action["card"]) == view.favourite
            if kind == "pay":
                favourite = favourite and not is_joker(action["card"])
            assert ("⭐" in text) == favourite, (action, text)
            starred += favourite
    assert starred > 0


# -- exact words on a rigged table -----------------------------------------
# P1 (fairies) holds three 2s, a 2 and a 3 of its own, the Goblins joker and a 6 of Druids;
# P2 has a 4-card Nymphs run (3-6) to take from or complete; P1 has 6 captured cards.
def table(deck: int = 40) -> AkelarreState:
    return make_state(
        3,
        [["F2a", "G2a", "W2a", "N2a", "GJ", "D6a", "F3a"], ["G3a", "W3c", "F3b"], ["D3a"]],
        groups={"P2-1": ["N3a", "N4a", "N5a", "N6a"], "P3-1": ["D4a", "D5a", "D6b"]},
        points={0: ["F4a", "F5a", "G4a", "D2a", "W3a", "N5b"]},
        piles={"witches": ["W4a", "W5a"]},
        favourites=["fairies", "goblins", "druids"],
        deck=deck,
    )


def at(name: str) -> tuple[AkelarreState, int]:
    """A rigged state and the seat that must act in it."""
    base = table()
    if name == "start":
        return base, 0
    if name == "held":
        return run(base, 0, Take(place="P2-1", card="N6a"))[0], 0
    if name == "payment":  # P1 completes P2's run: P2 (goblins) picks 2 of the 5 (AK-6.3)
        return run(base, 0, Add(place="P2-1", cards=["N2a"]))[0], 1
    if name == "played":
        return run(base, 0, Open(place="P1-1", cards=["F2a", "G2a", "W2a"]))[0], 0
    if name == "draw":  # R9: not the Fairies pile just discarded onto; the Witches pile may be drawn
        return run(base, 0, Discard(card="F3a"))[0], 0
    if name == "buy":
        return run(base, 0, Discard(card="F3a"), Draw(source="deck"))[0], 0
    if name == "pay":
        return run(base, 0, Discard(card="F3a"), Draw(source="deck"), Buy())[0], 0
    if name == "final":  # P1 draws the deck's last card: P2 plays the final round (AK-10)
        state = run(table(deck=1), 0, Discard(card="F3a"), Draw(source="deck"), EndTurn())[0]
        assert state.final
        return state, 1
    raise AssertionError(name)


EXACT: list[tuple[str, AkelarreAction, str, str]] = [
    (
        "start",
        Open(place="P1-1", cards=["F2a", "G2a", "W2a"]),
        "Open a new group on your place 1: three of a kind of 2s (🧚 Fairies · 🍄 Goblins · 🧙 Witches)",
        "Apri un nuovo gruppo sul tuo luogo 1: tris di 2 (🧚 Fate · 🍄 Folletti · 🧙 Streghe)",
    ),
    (
        "start",
        Add(place="P2-1", cards=["N2a"]),
        "Add 🌊 2 of Nymphs to P2's place 1 ✨ P2 keeps 2, you capture 3",
        "Aggiungi 🌊 2 di Ninfe al luogo 1 di P2 ✨ P2 ne tiene 2, tu ne catturi 3",
    ),
    (
        "start",
        Take(place="P2-1", card="N6a"),
        "✋ Take 🌊 6 of Nymphs from P2's place 1, then put it straight into another group",
        "✋ Sottrai 🌊 6 di Ninfe dal luogo 1 di P2, poi mettila subito in un altro gruppo",
    ),
    (
        "start",
        Discard(card="F3a"),
        "Discard ⭐ 🧚 3 of Fairies onto the 🧚 Fairies pile",
        "Scarta ⭐ 🧚 3 di Fate sulla pila 🧚 Fate",
    ),
    (
        "held",
        Open(place="P1-1", cards=["GJ", "D6a"]),
        "Open a new group on your place 1 with the taken 🌊 6 of Nymphs: "
        "three of a kind of 6s (🍄 Goblins (joker) · 🌳 Druids · 🌊 Nymphs)",
        "Apri un nuovo gruppo sul tuo luogo 1 con la carta sottratta (🌊 6 di Ninfe): "
        "tris di 6 (🍄 Folletti (Jolly) · 🌳 Druidi · 🌊 Ninfe)",
    ),
    (
        "held",
        CancelTake(),
        "↩️ Put 🌊 6 of Nymphs back on P2's place 1",
        "↩️ Rimetti 🌊 6 di Ninfe sul luogo 1 di P2",
    ),
    (
        "payment",
        ChoosePayment(cards=["N5a", "N6a"]),
        "Keep 🌊 5 of Nymphs and 🌊 6 of Nymphs (2 points for you); "
        "P1 captures 🌊 2 of Nymphs, 🌊 3 of Nymphs, and 🌊 4 of Nymphs",
        "Tieni 🌊 5 di Ninfe e 🌊 6 di Ninfe (2 punti per te); "
        "P1 cattura 🌊 2 di Ninfe, 🌊 3 di Ninfe e 🌊 4 di Ninfe",
    ),
    (
        "played",
        Done(),
        "✅ Press **Done**: end your moves and draw",
        "✅ Premi **Fatto**: chiudi le mosse e pesca",
    ),
    (
        "final",
        Done(),
        "✅ Press **Done**: end your final turn",
        "✅ Premi **Fatto**: chiudi il tuo ultimo turno",
    ),
    (
        "draw",
        Draw(source="deck"),
        "🂠 Draw 1 card from the deck",
        "🂠 Pesca 1 carta dal mazzo",
    ),
    (
        "draw",
        Draw(source="witches"),
        "Draw 1 card from the 🧙 Witches pile: 🧙 5 of Witches",
        "Pesca 1 carta dalla pila 🧙 Streghe: 🧙 5 di Streghe",
    ),
    (
        "buy",
        Buy(),
        "🏕️ Buy another meeting place with 5 of your 6 captured cards",
        "🏕️ Compra un altro luogo d'incontro con 5 delle tue 6 carte catturate",
    ),
    (
        "buy",
        EndTurn(),
        "✅ End the turn without buying a meeting place",
        "✅ Finisci il turno senza comprare un luogo d'incontro",
    ),
    (
        "pay",
        Pay(card="F4a"),
        "🏕️ Pay for the new place with ⭐ 🧚 4 of Fairies (card 1 of 5)",
        "🏕️ Paga il nuovo luogo con ⭐ 🧚 4 di Fate (carta 1 di 5)",
    ),
    (
        "pay",
        CancelPurchase(),
        "↩️ Don't buy: give up the purchase and end the turn",
        "↩️ Non comprare: rinuncia all'acquisto e finisci il turno",
    ),
]


@pytest.mark.parametrize(
    ("where", "action", "english", "italian"), EXACT, ids=[f"{w}-{a.kind}" for w, a, _en, _it in EXACT]
)
def test_exact_words(where: str, action: AkelarreAction, english: str, italian: str) -> None:
    state, seat = at(where)
    assert action in (GAME.legal_actions(state, seat) or []), (where, action)
    view = as_view(GAME.view(state, seat))
    data = action.model_dump(mode="json")
    assert (describe(view, data, "en"), describe(view, data, "it")) == (english, italian)


def test_other_players_are_named_as_discord_gives_them() -> None:
    """At a table a hint names the other players by their names, never P2."""
    names = ("ann", "bob_x", "ÉLODIE")
    for where, action, english, _italian in EXACT:
        state, seat = at(where)
        view = as_view(GAME.view(state, seat))
        said = describe(view, action.model_dump(mode="json"), "en", names)
        assert said == english.replace("P1", "ann").replace("P2", "bob_x"), said
        assert "P2" not in describe(view, action.model_dump(mode="json"), "it", names)


def test_the_exact_words_cover_every_kind() -> None:
    assert {action.kind for _where, action, _en, _it in EXACT} == KINDS
