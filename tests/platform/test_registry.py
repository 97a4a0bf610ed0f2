"""Games and their cogs are found, not listed (docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

import pytest

import games
from bot.extensions import FACES, PLATFORM_FIRST, PLATFORM_LAST, extensions, face, presented_games
from games.core import Game
from games.magmor.game import MagmorGame
from games.registry import GAMES, discover, register, unregister

FAKE = """
from games.magmor.game import MagmorGame


class SixthGame(MagmorGame):
    id = "sixth"
    catalog_order = 3


GAME = SixthGame()
"""


def shipped() -> list[str]:
    """The packages under games/ that export GAME: every shipped game, whatever their number."""
    return [
        module.name
        for module in pkgutil.iter_modules(games.__path__)
        if module.ispkg and hasattr(importlib.import_module(f"games.{module.name}"), "GAME")
    ]


def in_catalogue_order(found: list[Game[Any, Any]]) -> list[str]:
    return [g.id for g in sorted(found, key=lambda g: (g.catalog_order, g.id))]


def test_every_shipped_game_in_catalogue_order() -> None:
    assert len(GAMES) >= 5 and sorted(GAMES) == sorted(shipped())
    assert list(GAMES) == in_catalogue_order(list(GAMES.values()))
    assert all(game_id == game.id for game_id, game in GAMES.items())


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
    assert list(found) == in_catalogue_order([*GAMES.values(), found["sixth"]])


def test_the_bot_loads_every_presented_game_s_cog() -> None:
    assert presented_games() == list(GAMES)
    assert extensions() == [*PLATFORM_FIRST, *(f"cogs.{g}" for g in GAMES), *PLATFORM_LAST]


class Elsewhere(MagmorGame):
    """A game that is not a package of games/ (the test suite's sixth game is one)."""

    id = "elsewhere"
    catalog_order = 3


def test_a_game_from_elsewhere_joins_and_leaves_the_registry() -> None:
    before = dict(GAMES)
    game = Elsewhere()
    register(game)
    try:
        assert GAMES["elsewhere"] is game and list(GAMES) == in_catalogue_order([*before.values(), game])
        assert "elsewhere" not in presented_games()  # no face: registered, not offered
        FACES["elsewhere"] = "cogs.magmor"
        assert "elsewhere" in presented_games() and face("elsewhere") == "cogs.magmor"
    finally:
        FACES.pop("elsewhere", None)
        unregister("elsewhere")
    assert before == GAMES and list(GAMES) == list(before)
