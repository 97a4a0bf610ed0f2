"""Controls are written to fit Discord's limits, never cut (issue 31).

Every button label, option and placeholder goes through ``cogs.kit.controls.fit_text``,
which logs the text it had to shorten. Random positions of every game, every seat's
panel, the longest names Discord allows, both languages: nothing is shortened.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import settings

import cogs
from bot.i18n import catalog
from bot.model import Seat, TableInfo
from cogs.kit import controls
from cogs.kit.controls import fit_text
from cogs.panel import panel_context, render_panel
from games.registry import GAMES
from tests.positions import random_positions
from tools.preview import presented_games, presenter_of

LONG_NAMES = [name.ljust(32, "_") for name in ("ann", "ÉLODIE", "x_y", "dee", "Zoë", "emma")]


def test_fit_text_takes_the_first_that_fits_and_otherwise_ends_at_a_word() -> None:
    assert fit_text(10, "a long text here", "short") == "short"
    with patch.object(controls.log, "warning") as warned:
        assert fit_text(10, "one two three four") == "one two…"
    assert warned.called


def test_no_control_text_is_sliced_to_a_limit() -> None:
    """No blind slice to Discord's limits is left in the cogs: they call fit_text."""
    folder = Path(cogs.__file__).parent
    for module in folder.rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        if "SelectOption" in text or "Button" in text or "ActSelect" in text:
            found = re.search(r"\[:\s*(80|100|150)\s*\]", text)
            assert found is None, f"{module.name}: {found and found.group(0)}"


def panels_fit(game_id: str, state: Any, language: str) -> list[str]:
    """Every seat's panel of ``state``: the texts fit_text had to shorten."""
    game, presenter = GAMES[game_id], presenter_of(game_id)
    table = TableInfo(
        host_id=100,
        language=language,
        speed="live",
        max_seats=state.players,
        seats=[Seat(user_id=100 + i, name=LONG_NAMES[i % len(LONG_NAMES)]) for i in range(state.players)],
    )
    shortened: list[str] = []
    with patch.object(controls.log, "warning", lambda _msg, _limit, text: shortened.append(text)):
        for seat in range(state.players):
            render_panel(presenter, panel_context(game, state, 1, 7, table, seat, None, language))
    return shortened


def play_into(game_id: str, players: int, seed: int, moves: int, shuffle: int) -> Any:
    game = GAMES[game_id]
    state, rng = game.new_game(players, seed), random.Random(shuffle)
    for _ in range(moves):
        decision = game.decision(state)
        if decision is None:
            break
        seat = rng.choice(decision.actors)
        state, _ = game.play(state, seat, game.random_action(state, seat, rng))
    return state


@pytest.mark.parametrize("game_id", presented_games())
def test_no_panel_text_is_shortened_in_random_positions(game_id: str) -> None:
    game = GAMES[game_id]

    @settings(max_examples=12, deadline=None, derandomize=True)
    @random_positions(game, moves=250)
    def check(players: int, seed: int, moves: int, shuffle: int, language: str) -> None:
        state = play_into(game_id, players, seed, moves, shuffle)
        assert panels_fit(game_id, state, language) == []

    check()


def test_the_check_sees_a_text_written_too_long() -> None:
    """The check can fail: a panel's button label written too long is caught. (The
    catalog is changed, not fit_text: once a test has loaded the cogs as the bot's
    extensions, the panels' modules hold their own copies of fit_text.)"""
    state = play_into("magmor", 3, 1, 0, 1)
    long = "word " * 30
    with patch.dict(catalog("en"), {"magmor.ui.refresh": long}):
        shortened = panels_fit("magmor", state, "en")
    assert shortened and all(text == long for text in shortened)
