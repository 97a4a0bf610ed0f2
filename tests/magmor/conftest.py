"""Fixtures for the Mag Mor engine tests (helpers live in magmor_helpers.py)."""

from __future__ import annotations

import pytest

from games.magmor import GAME, MagmorState


@pytest.fixture(params=[3, 4, 5], ids=lambda n: f"{n}p")
def players(request: pytest.FixtureRequest) -> int:
    count: int = request.param
    return count


@pytest.fixture
def fresh(players: int) -> MagmorState:
    """A new game for each player count, fixed seed."""
    return GAME.new_game(players, 7)
