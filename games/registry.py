"""Every playable game, by id."""

from __future__ import annotations

from typing import Any

from games.akelarre import GAME as AKELARRE
from games.core.protocol import Game
from games.magmor import GAME as MAGMOR
from games.narnia import GAME as NARNIA
from games.talismani import GAME as TALISMANI
from games.tirnanog import GAME as TIRNANOG

GAMES: dict[str, Game[Any, Any]] = {game.id: game for game in (MAGMOR, NARNIA, TALISMANI, TIRNANOG, AKELARRE)}


def get(game_id: str) -> Game[Any, Any]:
    return GAMES[game_id]
