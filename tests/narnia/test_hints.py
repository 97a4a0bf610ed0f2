"""The panel's hint (cogs/narnia/hints.py): every kind of action, met in real AI games, said
in one clean line in English and Italian; and exact texts on hand-built boards, so a wrong
word, a swapped side or a wrong chance is caught."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, get_args

import pytest

from bot.hints import Hint
from cogs.hints import hint_text
from cogs.kit.presenter import PRESENTERS
from cogs.narnia import PRESENTER
from cogs.narnia.hints import describe_action as describe
from games.core.search import SearchPlayer
from games.narnia import GAME
from games.narnia.actions import (
    Attack,
    Draw,
    Invade,
    Keep,
    Move,
    NarniaAction,
    Pass,
    Reroll,
    Stone,
    Surprise,
    WitchPairChoice,
)
from games.narnia.state import NarniaState, WitchPair
from games.narnia.views import NarniaView
from tests.narnia.narnia_helpers import BLUE, RED, WITCH, Rig, make_state, play

LANGS = ("en", "it")
LONGEST = 180


def union_kinds() -> set[str]:
    """The ``kind`` of every class of the action union (Annotated[A | B | …, Field])."""
    union = get_args(NarniaAction)[0]
    return {get_args(cls.model_fields["kind"].annotation)[0] for cls in get_args(union)}


# Every kind, in every phase where its words differ (a pass declines the Surprise Attack;
# the Witch's attack is reinforced only at the end of the round), and both kinds of invasion.
WANTED = {
    "draw:draw",
    "place_witch:place_witch",
    "deploy:deploy",
    "reinforce:turn",
    "reinforce:courage",
    "attack:turn",
    "attack:courage",
    "move:turn",
    "move:courage",
    "pass:turn",
    "pass:courage",
    "pass:surprise",
    "invade:none",
    "invade:some",
    "witch_pair:witch_attack",
    "witch_pair:witch_pair",
    "stone:stone",
    "spell_loss:spell_loss",
    "treachery:treachery",
    "place_reinforcement:place_reinforcement",
    "surprise:surprise",
    "reroll:aslan",
    "keep:aslan",
    "keep_quiet:aslan",
}


# The AI never moves or passes in these games (it reinforces or attacks; a pass with nothing
# else to do is played by the engine itself): these are legal actions it did not choose.
NOT_BY_AI = {"move", "pass", "keep_quiet"}  # the AI is asked each throw and answers each


@dataclass
class Sample:
    view: NarniaView
    action: dict[str, Any]
    by_ai: bool  # the AI chose it (else: another legal action at a decision of an AI game)
    legal: list[dict[str, Any]]  # every legal action at that decision


def variant(view: NarniaView, action: dict[str, Any]) -> str:
    if action["kind"] == "invade":
        return "invade:some" if action["tokens"] else "invade:none"
    return f"{action['kind']}:{view.phase}"


@cache
def samples() -> dict[str, Sample]:
    """An action of each wanted variant in AI games (3 players, seeds 0-11): the AI's own choice
    where it made one, else a legal action it did not choose. A game stops as soon as every
    variant has been met, each as the AI's choice but for the kinds in ``NOT_BY_AI``."""
    found: dict[str, Sample] = {}
    for seed in range(12):  # the AI keeps an Aslan throw first in seed 11
        state = GAME.new_game(3, seed, {})
        while not _complete(found) and (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            chosen = GAME.ai(seat).act(view, decision)
            legal = [a.model_dump(mode="json") for a in GAME.legal_actions(state, seat) or []]
            picked = chosen.model_dump(mode="json")
            assert picked in legal
            for action in [picked, *legal]:
                key, by_ai = variant(view, action), action is picked
                if key not in found or (by_ai and not found[key].by_ai):
                    found[key] = Sample(view, action, by_ai, legal)
            state, _ = GAME.play(state, seat, chosen)
    return found


def _complete(found: dict[str, Sample]) -> bool:
    if not set(found) >= WANTED:
        return False
    return all(sample.by_ai for key, sample in found.items() if key.split(":")[0] not in NOT_BY_AI)


def assert_clean(en: str, it: str) -> None:
    for text in (en, it):
        assert text.strip() and "\n" not in text, text
        assert "{" not in text and "}" not in text and "None" not in text, text
        assert len(text) <= LONGEST, (len(text), text)
    assert en != it


def both(view: NarniaView, action: NarniaAction | dict[str, Any]) -> tuple[str, str]:
    data = action if isinstance(action, dict) else action.model_dump(mode="json")
    en, it = (describe(view, data, lang) for lang in LANGS)
    return en, it


# -- every kind, met in real games -----------------------------------------------------------


def test_every_kind_of_the_union_is_met_in_ai_games() -> None:
    found = samples()
    assert set(found) == WANTED
    assert {key.split(":")[0] for key in found} == union_kinds()
    assert len(union_kinds()) == 17
    by_ai = {key.split(":")[0] for key, sample in found.items() if sample.by_ai}
    assert by_ai >= union_kinds() - NOT_BY_AI


@pytest.mark.parametrize("key", sorted(WANTED))
def test_each_kind_is_one_clean_line_in_both_languages(key: str) -> None:
    sample = samples()[key]
    assert_clean(*both(sample.view, sample.action))
    for action in sample.legal:  # and every other choice at that same decision
        assert_clean(*both(sample.view, action))


def test_the_words_fit_the_kind() -> None:
    found = samples()
    expected = {
        "draw:draw": ("🃏 Draw", "🃏 Pesca"),
        "reinforce:turn": ("➕ Reinforce", "➕ Rinforzo"),
        "attack:turn": ("⚔️ Attack", "⚔️ Attacca"),
        "move:turn": ("🚶 Move", "🚶 Sposta"),
        "pass:turn": ("⏭️ Pass", "⏭️ Passa"),
        "pass:surprise": ("⏭️ Don't use", "⏭️ Non usare"),
        "invade:some": ("➡️ Invade", "➡️ Invadi"),
        "place_witch:place_witch": ("❄️ Place the White Witch's", "❄️ Colloca il gettone"),
        "stone:stone": ("❄️ Turn to Stone:", "❄️ Tramuta in pietra:"),
        "spell_loss:spell_loss": ("❄️ Evil Spell:", "❄️ Sortilegio malvagio:"),
        "treachery:treachery": ("❄️ Treachery:", "❄️ Tradimento:"),
        "surprise:surprise": ("⚡ Surprise Attack:", "⚡ Attacco a sorpresa:"),
        "reroll:aslan": ("🦁 Re-roll", "🦁 Ripeti"),
        "keep:aslan": ("✋ Keep", "✋ Tieni"),
    }
    for key, starts in expected.items():
        texts = both(found[key].view, found[key].action)
        assert all(text.startswith(start) for text, start in zip(texts, starts, strict=True)), texts


def test_the_presenter_hands_the_hint_to_hints() -> None:
    sample = samples()["attack:turn"]
    for lang in LANGS:
        assert PRESENTER.describe_action(sample.view, sample.action, lang) == describe(
            sample.view, sample.action, lang
        )


# -- exact texts on hand-built boards --------------------------------------------------------


def hint_of(state: NarniaState, seat: int, action: NarniaAction) -> tuple[str, str]:
    """Both languages' hint of ``action``, which must be legal for ``seat`` there."""
    assert action in (GAME.legal_actions(state, seat) or []), action
    return both(GAME.view(state, seat), action)


def test_draw_and_pass() -> None:
    draw = make_state(2, {"cair_paravel": (BLUE, "1P"), "chippingford": (RED, "1P")}, phase="draw")
    assert hint_of(draw, RED, Draw()) == ("🃏 Draw the round card", "🃏 Pesca la carta del turno")
    turn = make_state(2, {"cair_paravel": (BLUE, "1P"), "chippingford": (RED, "1P")})
    assert hint_of(turn, RED, Pass()) == (
        "⏭️ Pass: take no action this turn",
        "⏭️ Passa: nessuna azione in questo turno",
    )


def test_attack_names_both_stacks_and_the_chance() -> None:
    """NA-4.2.4: the whole stack fights; 3 2 against a 1 conquers 68% of the time (§10.1)."""
    board = {"chippingford": (RED, "3P 2P"), "dwarf_mines": (WITCH, "1W"), "cair_paravel": (BLUE, "1P")}
    state = make_state(2, board)
    assert hint_of(state, RED, Attack(source="chippingford", target="dwarf_mines")) == (
        "⚔️ Attack the Dwarf Mines (1) from Chippingford with your whole stack (3 2): 68% to conquer",
        "⚔️ Attacca le Miniere dei Nani (1) da Chippingford con tutta la pila (3 2): 68% di conquistarlo",
    )


def test_move_says_what_stays_behind() -> None:
    board = {"chippingford": (RED, "3P 2P 1P"), "beavers_dam": (RED, ""), "cair_paravel": (BLUE, "1P")}
    state = make_state(2, board)
    action = Move(source="chippingford", target="beavers_dam", tokens=[3, 1])
    assert hint_of(state, RED, action) == (
        "🚶 Move 2 tokens (3 1) from Chippingford to the Beavers' Dam; left behind: 2",
        "🚶 Sposta 2 gettoni (3 1) da Chippingford sulla Diga dei Castori; rimane: 2",
    )


def test_turn_to_stone_names_the_token_and_the_stack() -> None:
    board = {"chippingford": (RED, "3P 1P"), "cair_paravel": (BLUE, "1P")}
    state = make_state(2, board, phase="stone", required_value=3)
    assert hint_of(state, RED, Stone(territory="chippingford")) == (
        "❄️ Turn to Stone: remove your value-3 token from Chippingford (3 1)",
        "❄️ Tramuta in pietra: elimina il tuo gettone da 3 da Chippingford (3 1)",
    )


def test_surprise_attack_names_a_betrayed_token_and_declining() -> None:
    """NA-4.7.8: any token at any position; a betrayed Peter token is told apart (NA-4.7.5)."""
    board = {"frozen_lake": (WITCH, "3W 2P"), "chippingford": (RED, "1P"), "cair_paravel": (BLUE, "1P")}
    state = make_state(2, board, phase="surprise")
    assert hint_of(state, RED, Surprise(territory="frozen_lake", index=1)) == (
        "⚡ Surprise Attack: remove a value-2 token (a betrayed Peter token) from the Frozen Lake (3 2)",
        "⚡ Attacco a sorpresa: elimina un gettone da 2 (gettone di Peter tradito) dal Lago Ghiacciato (3 2)",
    )
    assert hint_of(state, RED, Pass()) == (
        "⏭️ Don't use the Surprise Attack card: every White Witch token stays where it is",
        "⏭️ Non usare la carta Attacco a sorpresa: tutti i gettoni della Strega Bianca restano al loro posto",
    )


def test_the_witch_chance_counts_her_reinforcement_only_if_she_gets_one() -> None:
    """NA-4.6.6: at the end of the round she draws a token first (counted as a 2: about 62%);
    with her bag empty she draws none (NA-4.8.3), and 2 against 1 is exactly 33%."""
    board = {"glasswater": (RED, "1P"), "minotaur_ridge": (WITCH, "2W"), "cair_paravel": (BLUE, "1P")}
    pairs = [WitchPair(source="minotaur_ridge", target="glasswater")]
    choice = WitchPairChoice(source="minotaur_ridge", target="glasswater")
    state = make_state(2, board, phase="witch_pair", stage="witch", witch_pairs=pairs)
    assert hint_of(state, RED, choice) == (
        "❄️ Let the White Witch attack Glasswater Creek (1) from the Minotaur Ridge (2) once she draws a "
        "token: her chance is about 62%",
        "❄️ Scegli: dopo il rinforzo la Strega attacca il Ruscello di Glasswater (1) dalla Cresta dei "
        "Minotauri (2); circa 62% che vinca lei",
    )
    state.witch_bag = {1: 0, 2: 0, 3: 0}
    assert hint_of(state, RED, choice) == (
        "❄️ Let the White Witch attack Glasswater Creek (1) from the Minotaur Ridge (2): her chance to "
        "take it is 33%",
        "❄️ Scegli: la Strega Bianca attacca il Ruscello di Glasswater (1) dalla Cresta dei Minotauri (2); "
        "33% che vinca lei",
    )


def test_aslan_tells_your_dice_from_hers_when_you_defend(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.7.9: defending against the end-of-round attack, red's 2 lost to her 6 5: "your
    dice" are the defender's here."""
    board = {"glasswater": (RED, "1P"), "minotaur_ridge": (WITCH, "2W"), "cair_paravel": (BLUE, "1P")}
    state = make_state(2, board, rest=BLUE, card="turn_to_stone_2", actor=RED, turn_index=1)
    state.effects.aslan = RED
    Rig(monkeypatch).draw("1W").roll([6, 5], [2])
    state, _ = play(state, RED, Pass())
    assert state.phase == "aslan"
    assert hint_of(state, RED, Reroll()) == (
        "🦁 Re-roll your dice with Aslan's strength (2 against the White Witch's 6 5): the new roll stands",
        "🦁 Ripeti i tuoi dadi con la forza di Aslan (2 contro 6 5 della Strega Bianca): "
        "vale il nuovo lancio",
    )
    en, it = hint_of(state, RED, Keep())
    assert en.startswith("✋ Keep the roll (2 against the White Witch's 6 5): you lose this throw")
    assert it.startswith("✋ Tieni il lancio (2 contro 6 5 della Strega Bianca): perdi questo lancio")


def test_invasion_says_what_moves_in_and_what_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.5.1: after taking the flag, any subset of the attacking stack may move in."""
    board = {"chippingford": (RED, "3P 2P"), "dwarf_mines": (WITCH, ""), "cair_paravel": (BLUE, "1P")}
    state = make_state(2, board)
    Rig(monkeypatch).roll([6, 6, 6], [1])
    state, _ = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    assert state.phase == "invade"
    assert hint_of(state, RED, Invade(tokens=[2])) == (
        "➡️ Invade: move 1 token (2) from Chippingford to the Dwarf Mines; left behind: 3",
        "➡️ Invadi: sposta 1 gettone (2) da Chippingford nelle Miniere dei Nani; rimane: 3",
    )
    assert hint_of(state, RED, Invade(tokens=[])) == (
        "➡️ Move no token in: all stay in Chippingford (3 2) and the flag alone holds the Dwarf Mines",
        "➡️ Non spostare nessun gettone: restano tutti a Chippingford (3 2) e a difendere le Miniere dei "
        "Nani resta la sola bandierina",
    )


@pytest.mark.parametrize(
    ("language", "why"), [("en", "The usual move at this point"), ("it", "La mossa consueta a questo punto")]
)
def test_a_hint_before_the_endgame_says_it_is_the_usual_move(
    language: str, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Narnia's hard weighs other moves only in the endgame (Game.search_budget_for):
    before it a hint is the normal move and says so, not that there is no other move."""
    monkeypatch.setitem(PRESENTERS, "narnia", PRESENTER)

    state = make_state(3, {"aslan_camp": (RED, "2P 1P")}, rest=BLUE)
    state.territories["glasswater"].owner = WITCH
    for tid in ("wolf_den", "witch_camp", "ettinsmoor", "frozen_lake", "dwarf_mines"):
        state.territories[tid].owner = WITCH
    view = GAME.view(state, RED)
    decision = GAME.decision(state)
    assert decision is not None
    advice = SearchPlayer(GAME, RED, 1).advise(view, decision)
    assert not advice.searched and advice.move == advice.normal
    text = hint_text(Hint("narnia", RED, view, advice, version=1, number=1), language)
    assert why in text.splitlines()[1]
