"""Every game's pictures are drawn at random positions of random games: the public board
(with the players' names, and the result once the game is over) and every seat's private
panel, in either language, each a PNG that opens.

The SimCord flows draw with stand-ins (tests/picture_stand_in.py), so this is where a
crash in drawing a mid-game state shows; each game's own picture tests check what the
pictures show."""

from __future__ import annotations

import io

import pytest
from hypothesis import settings
from PIL import Image

from bot.render import seat_names
from cogs.panel import panel_context
from games.registry import GAMES
from tests.platform.test_fitted import play_into
from tests.positions import random_positions
from tools.preview import presented_games, presenter_of, table_for

pytestmark = pytest.mark.pictures


def opens(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        assert image.format == "PNG"
        return image.size


@pytest.mark.parametrize("game_id", presented_games())
def test_any_position_draws_the_board_and_every_seats_panel(game_id: str) -> None:
    game, presenter = GAMES[game_id], presenter_of(game_id)
    drawn: set[str] = set()

    @settings(max_examples=10, deadline=None, derandomize=True)
    @random_positions(game, moves=300)
    def check(players: int, seed: int, moves: int, shuffle: int, language: str) -> None:
        state = play_into(game_id, players, seed, moves, shuffle)
        table = table_for(players, language)
        outcome = game.outcome(state)
        board = presenter.board_image(
            game.view(state, None), language, names=seat_names(table), outcome=outcome
        )
        if board is not None:
            assert min(opens(board)) > 8
            drawn.add("board")
        for seat in range(players):
            ctx = panel_context(game, state, 1, 7, table, seat, None, language)
            panel = None if ctx.outcome is not None else presenter.panel_image(ctx)
            if panel is not None:
                assert min(opens(panel)) > 8
                drawn.add("panel")

    check()
    # A game that draws a picture of either kind drew it at some of these positions.
    hooks = getattr(presenter, "hooks", None)
    expected = {kind for kind in ("board", "panel") if getattr(hooks, f"{kind}_image", None) is not None}
    assert drawn == expected
