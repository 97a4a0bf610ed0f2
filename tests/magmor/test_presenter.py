"""What Mag Mor players see: the end record, public lines, panels and the picture."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.i18n import LANGUAGES
from bot.render import event_text
from cogs.kit.pictures import measuring, min_text_size
from cogs.magmor import PRESENTER
from cogs.magmor.board import crossings_left
from cogs.magmor.final import score_breakdown
from games.core import Event, Outcome, Standing
from games.magmor import GAME, Choose, Pass, Pay
from games.magmor.data import OBJECTIVES
from tests.magmor.magmor_helpers import find, hand, make_state, play, start
from tools.preview import Step, board, controls, embed_text, panel, playthrough, table_for

OBJ = "obj-05"  # water 1, food 1, axe 3, pickaxe 2, medicine 1 (TV-5)


def standing(seat: int, score: int | None, honour: int, cards: dict[str, int], winner: bool) -> Standing:
    return Standing(
        seat=seat,
        rank=1 if winner else 2,
        winner=winner,
        score=score,
        details={
            "honour": honour,
            "cards": sum(cards.values()),
            "hand": cards,
            "objective": OBJ,
            "values": dict(OBJECTIVES[OBJ]),
        },
    )


def test_score_text_gives_every_point_of_tv05() -> None:
    """TV-5: hand {axe 2, pickaxe 1, food 1, water 1, medicine 1}, honour +4 → 11 + 5 = 16."""
    table = table_for(3, "en")
    cards = {"water": 1, "food": 1, "axe": 2, "pickaxe": 1, "medicine": 1}
    text = PRESENTER.score_text(table, standing(0, 16, 4, cards, True), "en")
    assert text == (
        "16 victory points: 11 from cards (1 water × 1, 1 food × 1, 2 axes × 3, 1 pickaxe × 2, "
        "and 1 medicine × 1) and 5 from honour +4"
    )
    italian = PRESENTER.score_text(table_for(3, "it"), standing(0, 16, 4, cards, True), "it")
    assert italian.startswith("16 punti vittoria: 11 dalle carte (") and "2 accette × 3" in italian
    assert italian.endswith("e 5 dall'onore +4")
    # Every number adds up: the parts in the text sum to the score.
    parts = re.findall(r"(\d+) [a-z' ]+ × (\d+)", text)
    assert sum(int(n) * int(v) for n, v in parts) == 11


def test_score_text_without_cards_and_on_failure() -> None:
    table = table_for(3, "en")
    assert score_breakdown(-4, {}, OBJECTIVES[OBJ], "en") == (
        "-5 victory points: no cards in hand, -5 from honour -4"
    )
    failed = PRESENTER.score_text(table, standing(1, None, 2, {"water": 1}, True), "en")
    assert failed == "honour +2, 1 card in hand"
    assert PRESENTER.score_text(table_for(3, "it"), standing(1, None, 2, {"water": 3}, True), "it") == (
        "onore +2, 3 carte in mano"
    )


@pytest.mark.parametrize(
    ("score", "reached", "expected"),
    [
        (23, True, "🏞️ The party crossed Mag Mor on day 15: **Bruno** wins with 23 victory points!"),
        (None, False, "🌑 The days ran out before Mag Mor: **Bruno** wins on honour (+2)."),
        (None, True, "🌑 The party reached Mag Mor too late (after day 17): **Bruno** wins on honour (+2)."),
    ],
)
def test_headline_names_the_winner_and_what_decided(score: int | None, reached: bool, expected: str) -> None:
    table = table_for(3, "en")
    outcome = Outcome(
        reason="magmor.outcome.success" if score else "magmor.outcome.failure",
        standings=[standing(1, score, 2, {}, True), standing(0, score and score - 5, 1, {}, False)],
        params={"day": 15, "reached": reached},
    )
    assert PRESENTER.final_headline(table, outcome, "en") == expected


def test_a_shared_win_names_everyone() -> None:
    outcome = Outcome(
        reason="magmor.outcome.success",
        standings=[standing(0, 9, 1, {}, True), standing(2, 9, 1, {}, True), standing(1, 3, 0, {}, False)],
        params={"day": 17, "reached": True},
    )
    assert PRESENTER.final_headline(table_for(3, "it"), outcome, "it") == (
        "🏞️ La comitiva ha attraversato Mag Mor alla giornata 17: vincono a pari merito **Alice** e "
        "**Chiara** con 9 punti vittoria ciascuno!"
    )


def lines(events: list[Event], language: str) -> list[str]:
    table = table_for(4, language)
    return [event_text("magmor", table, e, language) for e in events if e.public]


def test_difficult_crossing_and_forced_passes_say_why() -> None:
    """No unexplained "(auto)": a forced pass says the player could not pay; a
    difficult crossing names the categories nobody paid."""
    state = make_state(4, cards={"B1": "desert-1"}, hands=[hand(medicine=1), hand(), hand(), hand()])
    state, _ = start(state)
    state, _ = play(state, 0, Choose(cell="B1"))  # no exploring
    state, _ = play(state, 0, GAME.default_action(state, 0))  # keep everything
    state, events = play(state, 0, Pay(resource="medicine"))
    assert [e.key for e in events].count("magmor.event.passed_unable") == 3
    english, italian = lines(events, "en"), lines(events, "it")
    assert "**Bruno** cannot pay any remaining category in full, so must pass: −1 honour (now -1)." in english
    assert any(
        line.startswith("⚠️ B1 crossed with difficulty: nobody paid 3 water and 2 pickaxes")
        for line in english
    )
    assert any("nessuno ha pagato 3 bottiglie d'acqua e 2 picconi" in line for line in italian)
    assert not [line for line in english + italian if "(auto" in line or "automatico" in line]


def test_resource_counts_are_real_plurals() -> None:
    state, _ = start(make_state(4, cards={"B1": "desert-1"}))
    state, events = play(state, 0, Choose(cell="B1"))
    [revealed] = [line for line in lines(events, "it") if line.startswith("🗺️")]
    assert "3 accette, 2 bottiglie d'acqua e 2 razioni di cibo" in revealed
    [revealed] = [line for line in lines(events, "en") if line.startswith("🗺️")]
    assert "3 axes, 2 water, and 2 food" in revealed


def test_final_reveal_has_no_card_ids() -> None:
    state = make_state(
        3,
        hands=[hand(axe=2), hand(), hand()],
        phase="over",
        success=True,
        objectives=[OBJ, "obj-01", "obj-02"],
    )
    text = "\n".join(lines(GAME.final_events(state), "en"))
    assert "obj-" not in text
    assert (
        "**Alice**'s secret objective, in victory points per card: "
        "water 1, food 1, axe 3, pickaxe 2, medicine 1." in text
    )
    assert find(GAME.final_events(state), "final_score") == []


def test_crossings_left_counts_mag_mor() -> None:
    state, _ = start(make_state(4))
    assert crossings_left(GAME.view(state, None)) == 10  # from A1: 9 terrains, then Mag Mor


@pytest.fixture(scope="module")
def steps() -> list[Step]:
    return playthrough(GAME, 4, 2)


@pytest.mark.parametrize("language", LANGUAGES)
def test_disabled_buttons_say_why(steps: list[Step], language: str) -> None:
    """A disabled button's label carries its reason ("you hold 0", "you have none", "shown above",
    "Confirm (5 cards still to give)")."""
    reasons = {
        "en": ("you hold", "you have none", "shown above", "Nothing left", "still to give"),
        "it": ("ne hai", "non ne hai", "qui sopra", "Non resta", "da assegnare"),
    }
    table = table_for(4, language)
    seen = 0
    for step in steps:
        if step.decision is None:
            continue
        _, view, _ = panel(GAME, PRESENTER, table, step, step.decision.actors[0], language)
        for c in controls(view):
            if c["type"] == 2 and c.get("disabled"):
                seen += 1
                assert any(r in c["label"] for r in reasons[language]), c["label"]
    assert seen


def test_final_board_and_panels_keep_no_game_over_filler(steps: list[Step]) -> None:
    end = steps[-1]
    for language in LANGUAGES:
        table = table_for(4, language)
        texts = [embed_text(board(GAME, PRESENTER, table, end.state, language))]
        texts += [embed_text(panel(GAME, PRESENTER, table, end, s, language)[0]) for s in range(4)]
        for text in texts:
            assert "game is over" not in text and "partita è finita" not in text
            assert "below" not in text and "Ecco i punteggi" not in text


@pytest.mark.pictures  # reads the real pictures
def test_picture_is_phone_sized_and_localised(steps: list[Step]) -> None:
    view = GAME.view(steps[-1].state, None)
    pngs = {}
    for language in LANGUAGES:
        with measuring() as sizes:
            pngs[language] = PRESENTER.board_image(view, language)
        png = pngs[language]
        assert png is not None
        width, height = Image.open(io.BytesIO(png)).size
        # Shaped for Discord's 400 x 300 embed box (at most 800 x 600, 4:3), so
        # text of 22 px is shown at 11 px (was: at most 640 wide, text 16 px).
        assert width <= 800 and height <= 0.75 * width, (width, height)
        assert min(sizes) >= min_text_size(width) and min(sizes) >= 22
    assert pngs["en"] != pngs["it"]


def test_pass_and_pay_buttons_say_what_they_do() -> None:
    state = make_state(4, cards={"B1": "desert-1"}, hands=[hand(medicine=1), hand(), hand(), hand()])
    state, _ = start(state)
    state, _ = play(state, 0, Choose(cell="B1"))
    state, _ = play(state, 0, GAME.default_action(state, 0))
    step = Step(0, state, GAME.decision(state))
    embed, view, _ = panel(GAME, PRESENTER, table_for(4, "en"), step, 0, "en")
    labels = [c["label"] for c in controls(view)]
    assert labels[:4] == [
        "Pay 3 water: you hold 2",
        "Pay 1 medicine (+1 honour)",
        "Pay 2 pickaxes: you hold 0",
        "Pass (−1 honour)",
    ]
    assert "Your turn to pay for B1" in (embed.description or "")
    assert GAME.legal_actions(state, 0) == [Pay(resource="medicine"), Pass()]
