"""Every playable game, by id: found, not listed.

Each package under ``games/`` that exports ``GAME`` (a ``games.core.Game``) is a
game; adding one touches only its own folder (docs/adding-a-game.md). They are
listed in their ``Game.catalog_order`` (the order ``/play`` offers them), then
by id. A game that lives elsewhere (the test suite's own sixth game) joins with
:func:`register` and leaves with :func:`unregister`.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import games
from games.core.options import Option
from games.core.protocol import Game


def _in_order(found: list[Game[Any, Any]]) -> dict[str, Game[Any, Any]]:
    return {game.id: game for game in sorted(found, key=lambda g: (g.catalog_order, g.id))}


def discover() -> dict[str, Game[Any, Any]]:
    found: list[Game[Any, Any]] = []
    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg or module.name == "core":
            continue
        game = getattr(importlib.import_module(f"games.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found.append(game)
    return _in_order(found)


GAMES: dict[str, Game[Any, Any]] = discover()


def get(game_id: str) -> Game[Any, Any]:
    return GAMES[game_id]


def register(game: Game[Any, Any]) -> None:
    """Add a game that is not a package of ``games/``, in its catalogue place.
    ``GAMES`` stays the same dict: whoever imported it sees the game."""
    ordered = _in_order([*(g for g in GAMES.values() if g.id != game.id), game])
    GAMES.clear()
    GAMES.update(ordered)


def unregister(game_id: str) -> None:
    GAMES.pop(game_id, None)


def declared(key: str, game: Game[Any, Any] | None = None) -> Option | None:
    """The declaration of the option a table keeps as ``key`` (``Option.key``):
    ``game``'s own if it has one, else the first game's, in catalogue order,
    that declares one. Its words name the option in the lobby and in refusals,
    whichever game the table plays."""
    own = [o for o in game.options if o.key == key] if game is not None else []
    return next(iter(own), None) or next((o for g in GAMES.values() for o in g.options if o.key == key), None)
