"""What Talismani players read: scores in words, running totals, the tie-breaks
that decided a place, and panels that say what each decision is about."""

from __future__ import annotations

from typing import Any

import pytest

from bot.model import Seat, TableInfo
from cogs.kit.presenter import PanelContext
from cogs.kit.record import decision_line
from cogs.talismani import PRESENTER
from cogs.talismani.words import tally
from games.talismani import GAME
from games.talismani.data import FIRST_TALISMAN
from games.talismani.state import Talisman, TalismaniState
from tests.talismani.talismani_helpers import ROW, make_state, play_turn
from tools.preview import controls, embed_text

NAMES = ["Ada", "Ben", "Cleo"]


def table(language: str) -> TableInfo:
    return TableInfo(
        host_id=1,
        language=language,
        speed="live",
        max_seats=3,
        seats=[Seat(user_id=i + 1, name=n) for i, n in enumerate(NAMES)],
    )


def final_text(state: TalismaniState, language: str) -> list[str]:
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    return PRESENTER.final_lines(table(language), outcome, language)


@pytest.mark.parametrize(
    ("whole", "halves", "en", "it"),
    [
        (0, 0, "no talismans yet", "ancora nessun talismano"),
        (0, 1, "1 half = half a talisman", "1 metà = mezzo talismano"),
        (1, 0, "1 whole = 1 talisman", "1 intero = 1 talismano"),
        (1, 1, "1 whole + 1 half = 1½ talismans", "1 intero + 1 metà = 1½ talismani"),
        (2, 9, "2 whole + 9 halves = 6½ talismans", "2 interi + 9 metà = 6½ talismani"),
    ],
)
def test_running_totals_add_up_in_words(whole: int, halves: int, en: str, it: str) -> None:
    assert tally(whole, halves, "en") == en
    assert tally(whole, halves, "it") == it


def test_the_final_record_gives_every_score_with_its_breakdown() -> None:
    # Ada: First Talisman + 1 half = 3 halves; Ben: 3 halves; Cleo: nothing.
    forged = {1: [Talisman(suit="sun", cards=["sun-0"])]}
    state = make_state(
        3, [[], [], []], stake=None, won={0: [FIRST_TALISMAN, "fog-3"], 1: ["fog-4"]}, forged=forged
    )
    en = final_text(state, "en")
    assert en[0] == "🏆 **Ada** wins with 1½ talismans!"
    assert en[2] == "🥇 **Ada** — 1 whole + 1 half = 1½ talismans 🏆"
    assert en[4] == "🥉 **Cleo** — 0 whole + 0 halves = 0 talismans"
    # Ben has as many whole talismans: tie-break 2, the First Talisman ranks above every suit.
    assert en[5] == (
        "⚖️ **Ada** and **Ben** both have 1½ talismans, 1 whole: **Ada** is ahead, comparing whole"
        " talismans best first by the final weather row: 🏆 First Talisman (above every suit) beats"
        " ☀️ Sun (place 1) (rule TT-13.3)."
    )
    it = final_text(state, "it")
    assert it[0] == "🏆 Vince **Ada** con 1½ talismani!"
    assert it[3] == "🥈 **Ben** — 1 intero + 1 metà = 1½ talismani"


def test_tie_break_one_is_said_in_words() -> None:
    state = make_state(3, [[], [], []], stake=None, won={0: [FIRST_TALISMAN], 1: ["fog-3", "fog-4"]})
    lines = final_text(state, "en")
    assert lines[-1] == (
        "⚖️ **Ada** and **Ben** both have 1 talisman: **Ada** is ahead with more whole talismans"
        " (1 against 0; rule TT-13.2)."
    )
    assert "passa avanti **Ada**, che ha più Talismani interi (1 contro 0" in final_text(state, "it")[-1]


def test_a_shared_victory_says_so() -> None:
    state = make_state(3, [[], [], []], stake=None, won={0: ["sun-1"], 1: ["sun-2"]})
    lines = final_text(state, "en")
    assert lines[0] == "🏆 **Ada** and **Ben** share the victory with half a talisman each!"
    assert lines[-1].startswith("⚖️ **Ada** and **Ben** share the place")
    assert (
        final_text(state, "it")[0]
        == "🏆 **Ada** e **Ben** vincono a pari merito con mezzo talismano a testa!"
    )


def _panel(state: TalismaniState, seat: int, language: str) -> tuple[str, list[dict[str, Any]]]:
    ctx = PanelContext(
        channel_id=5,
        version=3,
        table=table(language),
        seat=seat,
        view=GAME.view(state, seat),
        decision=GAME.decision(state),
        draft=None,
        language=language,
        legal=[a.model_dump(mode="json") for a in GAME.legal_actions(state, seat) or []],
    )
    embed, view = PRESENTER.panel(ctx)
    return embed_text(embed), controls(view)


def test_the_set_aside_panel_shows_the_cards_and_what_each_button_does() -> None:
    # Ben's consecutive Storm pair loses to Ada's dominant card; Storm is not dominant.
    state = make_state(3, [["sun-9"], ["storm-4", "storm-5"], ["rain-2"]])
    state, _ = play_turn(state, {0: ["sun-9"], 1: ["storm-4", "storm-5"], 2: ["rain-2"]})
    assert state.phase == "set_aside" and ROW[0] == "sun"
    text, buttons = _panel(state, 1, "en")
    assert "Your play **⛈️ Storm 4 + ⛈️ Storm 5** lost the turn, but it can forge a ⛈️ Storm talisman" in text
    assert "a later turn that starts with ⛈️ Storm dominant you can forge it by playing no cards" in text
    assert "you take part in the sharing" in text
    assert [b.get("label") for b in buttons if b["type"] == 2][:2] == [
        "Set it aside",
        "Leave it on the table",
    ]
    # The line above the public board names who decides, and never says what; the board
    # marks them ⏳ and does not say it again (issue 39).
    decision = GAME.decision(state)
    assert decision is not None
    above = decision_line("talismani", table("en"), decision, "en")
    assert "**Ben** lost with a combination that can forge a talisman" in above
    board = embed_text(PRESENTER.board_embed(table("en"), GAME.view(state, None), decision, "en"))
    assert "lost with a combination" not in board and "⏳ **Ben**" in board
    text_it, _ = _panel(state, 1, "it")
    assert "in un turno successivo che inizi con ⛈️ Tempesta dominante potrai forgiarla" in text_it


def test_the_weather_buttons_say_which_suit_will_dominate() -> None:
    state = make_state(3, [["sun-9"], ["rain-4"], ["rain-2"]])
    state, _ = play_turn(state, {0: ["sun-9"], 1: ["rain-4"], 2: ["rain-2"]})
    while state.phase != "weather":
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        action = GAME.legal_actions(state, seat)
        assert action
        state, _ = GAME.play(state, seat, action[0])
    _, buttons = _panel(state, 0, "en")
    labels = [b.get("label") for b in buttons if b["type"] == 2]
    assert labels[:2] == ["Keep: ☀️ Sun stays dominant", "Rotate: 🌧️ Rain becomes dominant"]
