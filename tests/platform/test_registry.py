"""Games and their cogs are found, not listed (docs/adding-a-game.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import games
from bot.extensions import PLATFORM_FIRST, PLATFORM_LAST, extensions, presented_games
from games.registry import GAMES, discover

FAKE = """
from games.magmor.game import MagmorGame


class SixthGame(MagmorGame):
    id = "sixth"
    catalog_order = 3


GAME = SixthGame()
"""


def test_the_five_games_in_catalogue_order() -> None:
    assert list(GAMES) == ["magmor", "narnia", "talismani", "tirnanog", "akelarre"]


def test_a_new_package_exporting_game_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sixth").mkdir()
    (tmp_path / "sixth" / "__init__.py").write_text(FAKE)
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "__init__.py").write_text("VALUE = 1\n")  # a package without GAME
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    try:
        found = discover()
    finally:
        sys.modules.pop("games.sixth", None)
        sys.modules.pop("games.helpers", None)
    assert list(found) == ["magmor", "narnia", "sixth", "talismani", "tirnanog", "akelarre"]


def test_the_bot_loads_every_presented_game_s_cog() -> None:
    assert presented_games() == list(GAMES)
    assert extensions() == [*PLATFORM_FIRST, *(f"cogs.{g}" for g in GAMES), *PLATFORM_LAST]
