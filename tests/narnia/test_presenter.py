"""What Narnia players see: the final record in words, battles told from the player's side,
public card texts that name the drawer, panels whose choices can be told apart and whose
unavailable actions say why."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, t
from cogs.narnia import PRESENTER
from cogs.narnia.battles import battle_text
from cogs.panel import panel_context, render_ready
from games.core import Outcome, Standing
from games.narnia import GAME
from games.narnia.ai import Board, ranked_attacks
from games.narnia.data import CARD_IDS, TERRITORIES
from games.narnia.odds import conquest
from games.narnia.state import Battle, Throw
from tests.narnia.narnia_helpers import BLUE, GREEN, RED, WITCH, YELLOW, make_state, stack
from tools.preview import controls, embed_text, table_for

YOU = {
    "en": re.compile(r"\b(you|your|yours)\b", re.IGNORECASE),
    "it": re.compile(r"\b(tu|te|ti|tuo|tua|tuoi|tue|devi|puoi|hai|sei|vuoi)\b", re.IGNORECASE),
}


def standing(seat: int, rank: int, score: int, **details: object) -> Standing:
    base: dict[str, object] = {"tie_break": None, "last_attack_round": None, "final_conquest": False}
    return Standing(seat=seat, rank=rank, winner=rank == 1, score=score, details={**base, **details})


def test_scores_say_territories_and_how_the_tie_was_broken() -> None:
    table = table_for(3, "en")
    won = standing(RED, 1, 9, tie_break="won", last_attack_round=30)
    lost = standing(BLUE, 2, 9, tie_break="lost", last_attack_round=28)
    never = standing(GREEN, 2, 9, tie_break="lost")
    last = standing(GREEN, 3, 6, final_conquest=True)
    assert PRESENTER.score_text(table, won, "en") == (
        "9 territories · wins the tie: the latest attack on the White Witch (round 30)"
    )
    assert PRESENTER.score_text(table, lost, "en").endswith("last attacked the White Witch in round 28")
    assert PRESENTER.score_text(table, never, "en").endswith("never attacked the White Witch")
    assert PRESENTER.score_text(table, last, "en") == "6 territories · took the White Witch's last territory"
    shared = standing(RED, 1, 1, tie_break="shared")
    assert PRESENTER.score_text(table, shared, "it").startswith("1 territorio · a pari merito")


def test_when_the_witch_wins_the_record_says_nobody_won() -> None:
    table = table_for(2, "en")
    outcome = Outcome(
        reason="all_eliminated",
        standings=[standing(RED, 1, 0, eliminated=True), standing(BLUE, 2, 0, eliminated=True)],
        params={"round": 12},
    )
    outcome.standings[0].winner = False
    lines = PRESENTER.final_lines(table, outcome, "en")
    assert lines[0] == (
        "❄️ The White Witch has conquered all of Narnia (round 12). " + t("table.final.nobody", "en")
    )
    assert all(line.startswith("❄️") for line in lines[2:])
    assert "0 territories · out of the game" in lines[2] and "🏆" not in "".join(lines)


def test_a_finished_board_keeps_the_ending_and_no_stale_round() -> None:
    board = {tid: (RED if i < 14 else BLUE, "") for i, tid in enumerate(TERRITORIES)}
    state = make_state(2, board, phase="over", actor=None, end_reason="witch_defeated")
    state.battles = [
        Battle(
            id=5,
            attacker=RED,
            defender=None,
            source="ettinsmoor",
            target="witch_castle",
            cause="attack",
            result="conquered",
        )
    ]
    for language in LANGUAGES:
        text = embed_text(
            PRESENTER.board_embed(table_for(2, language), GAME.view(state, None), None, language)
        )
        assert "**Alice**" in text.splitlines()[1]
        assert t("narnia.territory_the.witch_castle", language) in text
        assert t("narnia.ui.round_card", language, card="").split(":")[0] not in text
        assert "Final ranking" not in text and "Classifica finale" not in text  # the record adds it


def witch_battle(pairs: list[str], winner: str) -> Battle:
    throw = Throw(
        attacker_dice=[6, 2],
        defender_dice=[6, 1],
        pairs=pairs,  # type: ignore[arg-type]
        winner=winner,  # type: ignore[arg-type]
        attacker_stack=[2],
        defender_stack=[],
    )
    return Battle(
        id=3,
        attacker=None,
        defender=BLUE,
        source="witch_camp",
        target="stone_table",
        cause="witch_round",
        throws=[throw],
    )


def test_battle_marks_are_from_the_players_side_and_ties_are_explained() -> None:
    table = table_for(2, "en")
    state = make_state(2, {"stone_table": (BLUE, "1P"), "witch_camp": (WITCH, "2W")}, rest=RED)
    view = GAME.view(state, None)
    won_by_witch = battle_text(table, view, witch_battle(["tie", "attacker"], "attacker"), "en")
    throw = won_by_witch.splitlines()[2]
    assert "6=6 🟰, 2>1 ❌" in throw and "❄️ Witch wins 1–0" in throw
    assert "Left: ❄️ Witch 2 · **Bruno** flag only" in throw
    tie = battle_text(table, view, witch_battle(["tie", "tie"], "defender"), "en").splitlines()[2]
    assert "0–0, a tie goes to the defender: **Bruno** wins" in tie
    assert "a tie goes to the defender" in won_by_witch.splitlines()[1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_texts_name_the_drawer_and_never_say_you(language: str) -> None:
    for card in CARD_IDS:
        text = t(f"narnia.card_text.{card}", language, seat="**Alice**")
        assert not YOU[language].search(text), (card, text)
    assert "**Alice**" in t("narnia.card_text.witch_attack_1", language, seat="**Alice**")


def panel_of(state: object, seat: int, language: str = "en") -> tuple[str, list[dict[str, object]]]:
    table = table_for(state.players, language)  # type: ignore[attr-defined]
    ctx = panel_context(GAME, state, 1, 1, table, seat, None, language)  # type: ignore[arg-type]
    embed, view = render_ready(PRESENTER, ctx)
    return embed_text(embed), controls(view)


def test_surprise_options_name_the_territory_and_each_kind_of_token_once() -> None:
    board = {
        "witch_camp": (WITCH, "2W 2W 1W"),
        "frozen_lake": (WITCH, "2W"),
        "wolf_den": (WITCH, "2W 2P"),
        "stone_table": (RED, "1P"),
    }
    state = make_state(2, board, rest=BLUE, phase="surprise", stage="card", card="surprise_attack_1")
    _, shown = panel_of(state, RED)
    labels = [o["label"] for c in shown if c["type"] == 3 for o in c["options"]]  # type: ignore[union-attr]
    assert sorted(labels) == [
        "Frozen Lake (2): remove a 2",
        "Witch's Camp (2 2 1): remove a 1",
        "Witch's Camp (2 2 1): remove a 2",
        "Wolves' Den (2 2): remove a 2",
        "Wolves' Den (2 2): remove a 2 (a betrayed Peter token)",
    ]
    buttons = [c.get("label") for c in shown if c["type"] == 2]
    assert "Don't use it" in buttons


def test_an_unavailable_action_says_why() -> None:
    """Peter's bag is empty and no territory borders the Witch: the buttons are off and the
    panel says why; the attack/move switch is not mistaken for an action."""
    state = make_state(2, {"cair_paravel": (RED, "2P"), "aslan_camp": (RED, "")}, rest=YELLOW)
    state.territories["glasswater"].owner = None
    state.peter_bag = {1: 0, 2: 0, 3: 0}
    for territory in state.territories.values():
        if territory.owner == YELLOW:
            territory.owner = BLUE
    state.eliminated = [False, False]
    text, shown = panel_of(state, RED)
    assert "Reinforce: not possible, Peter's bag is empty." in text
    assert "Attack: not possible, none of your territories with tokens borders the White Witch." in text
    reinforce = next(c for c in shown if c.get("label") == "Reinforce")
    assert reinforce["disabled"]
    # No attack to list, so no attack menu; the move menus show at once, so no 🚶 button.
    assert not [c for c in shown if payload(c) in ("LW", "mode.move", "mode.attack")]
    assert "🚶 **Move**" in text and "build a move" in text


def payload(control: dict[str, object]) -> str:
    """``gm:<channel>:<version>:a|s:<payload>`` -> payload."""
    return str(control.get("custom_id", "")).split(":", 4)[-1]


# Red holds two frontier stacks; the Witch's neighbours differ in strength.
ATTACKS = {
    "lantern_waste": (RED, "3P 2P 1P"),
    "beavers_dam": (WITCH, "1W"),
    "tumnus_cave": (RED, "2P"),
    "frozen_falls": (WITCH, "3W 3W"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_attack_is_one_option_ranked_as_the_ai_ranks_them(language: str) -> None:
    """The whole move in one pick, best first (ai.ranked_attacks), with the exact
    chance to conquer (games.narnia.odds) and what that number means."""
    state = make_state(2, {**ATTACKS, "cair_paravel": (BLUE, "1P")}, rest=RED)
    text, shown = panel_of(state, RED, language)
    menu = next(c for c in shown if payload(c) == "LW")
    legal = [a.model_dump() for a in GAME.legal_actions(state, RED)]
    picked = [legal[int(str(o["value"]))] for o in menu["options"]]  # type: ignore[union-attr]
    ranked = ranked_attacks(Board(GAME.view(state, RED)))
    assert [(a["source"], a["target"]) for a in picked] == [(s, t) for _, s, t in ranked]
    assert {(a["source"], a["target"]) for a in picked} == {
        (a["source"], a["target"]) for a in legal if a["kind"] == "attack"
    }
    best = menu["options"][0]  # type: ignore[index]
    chance, source, target = ranked[0]
    assert (source, target) == ("lantern_waste", "beavers_dam")
    assert chance == conquest((3, 2, 1), (1,))
    words = {
        "en": ("Attack the Beavers' Dam from Lantern Waste: ", "% to conquer", "Your 3 2 1 against 1: "),
        "it": (
            "Attacca la Diga dei Castori dalla Landa del Lampione: ",
            "% di riuscita",
            "I tuoi 3 2 1 contro 1: ",
        ),
    }[language]
    assert best["label"] == f"{words[0]}{round(chance * 100)}{words[1]}"
    assert str(best["description"]).startswith(words[2])
    for option in menu["options"]:  # type: ignore[union-attr]
        assert len(option["label"]) <= 100 and len(option.get("description", "")) <= 100
    # Reinforce and pass are buttons; the move builder sits behind 🚶; nothing leads to
    # the attack menu, which is always shown.
    assert [payload(c) for c in shown if c["type"] == 2 and payload(c).startswith("mode.")] == ["mode.move"]
    assert "⚔️" in text


def test_the_move_button_is_not_offered_once_the_move_menus_show() -> None:
    """A mode button that leads to the panel already shown is not offered."""
    state = make_state(2, {**ATTACKS, "cair_paravel": (BLUE, "1P")}, rest=RED)
    table = table_for(2, "en")
    ctx = panel_context(GAME, state, 1, 1, table, RED, {"mode": "move"}, "en")  # type: ignore[arg-type]
    embed, view = render_ready(PRESENTER, ctx)
    shown = controls(view)
    assert not [c for c in shown if payload(c).startswith("mode.")]
    assert [payload(c) for c in shown if c["type"] == 3] == ["LW", "from"]  # attacks stay one pick
    assert "build a move" in embed_text(embed)


def test_over_25_attacks_the_menu_keeps_24_and_the_builder_has_the_rest() -> None:
    """Never more than Discord's 25 options: the best 24, then "Other attacks…", which
    opens the from-then-into builder holding every attack."""
    witch = ["aslan_camp", "beavers_dam", "caldron_pool", "dancing_lawn", "fords_of_beruna", "frozen_falls"]
    witch += ["great_woods", "minotaur_ridge", "tumnus_cave", "witch_castle", "wolf_den"]  # a checkerboard
    board = {tid: (WITCH, "1W") for tid in witch}
    state = make_state(2, {**board, "cair_paravel": (BLUE, "1P")}, rest=RED)
    for territory in state.territories.values():
        if territory.owner == RED:
            territory.stack = stack("2P")
    legal = [a.model_dump() for a in GAME.legal_actions(state, RED)]
    attacks = [a for a in legal if a["kind"] == "attack"]
    assert len(attacks) > 25
    _, shown = panel_of(state, RED)
    menu = next(c for c in shown if payload(c) == "LW")
    values = [str(o["value"]) for o in menu["options"]]  # type: ignore[union-attr]
    assert len(values) == 25 and values[-1] == "more"
    table = table_for(2, "en")
    ctx = panel_context(GAME, state, 1, 1, table, RED, {"mode": "attack"}, "en")  # type: ignore[arg-type]
    assert PRESENTER.click(ctx, "LW", ["more"]).draft == {"mode": "attack"}
    embed, view = render_ready(PRESENTER, ctx)
    sources = next(c for c in controls(view) if payload(c) == "from")
    assert {str(o["value"]) for o in sources["options"]} == {a["source"] for a in attacks}  # type: ignore[union-attr]
    assert "any other attack" in embed_text(embed)
