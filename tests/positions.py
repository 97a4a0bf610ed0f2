"""Hypothesis's arguments for a picture test over random positions of a game: a
player count, a deal, how many moves to play into it, a seed for redealing what the
seat may not see, and a language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import LANGUAGES
from games.core import Game


def random_positions(
    game: Game[Any, Any], moves: int
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``@given(players, seed, moves, shuffle, language)`` for ``game``, up to ``moves`` moves in."""
    return given(
        players=st.integers(min_value=game.min_players, max_value=game.max_players),
        seed=st.integers(min_value=0, max_value=10**6),
        moves=st.integers(min_value=0, max_value=moves),
        shuffle=st.integers(min_value=0, max_value=2**32 - 1),
        language=st.sampled_from(LANGUAGES),
    )
