"""Board pictures as Discord shows them ("pictures are tall and
their text small where Discord shows them").

Discord fits an embed's image into a box of about 400 x 300 CSS px
(:data:`cogs.kit.pictures.SHOWN_BOX`), so an 800 x 1136 board is shown at a quarter of
its size. For every game, random AI games at the smallest and the largest table are
drawn at many states, in English and Italian, with the players' names, as the
publisher draws them; each picture must be

* wide rather than tall: no taller than 4:3 (:data:`MAX_TALL`), so the box's height
  does not shrink it;
* readable where it is shown: its smallest text, times the scale Discord shows the
  picture at, at least :data:`cogs.kit.pictures.MIN_SHOWN_TEXT` CSS px.

The final picture is checked apart: it is the board as it ended, framed (the result
is the embed's final record above it, ``cogs.kit.result_picture``).
"""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from bot.i18n import LANGUAGES
from bot.render import seat_names
from cogs.kit.common import presented_games
from cogs.kit.pictures import MIN_SHOWN_TEXT, shown_text
from games.registry import GAMES
from tools.preview import picture, playthrough, presenter_of, table_for

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

SEEDS = (3,)
STATES = 12  # states drawn per game played, spread over the whole game, and the last
MAX_TALL = 0.75  # height / width: 4:3 or wider


@cache
def shown(game_id: str, final: bool = False) -> list[tuple[str, int, int, int]]:
    """(label, width, height, smallest text size) of every board picture drawn: during
    the game, or (``final``) the last one, as the game ended."""
    game, presenter = GAMES[game_id], presenter_of(game_id)
    found = []
    for players in sorted({game.min_players, game.max_players}):
        for seed in SEEDS:
            steps = playthrough(game, players, seed)
            every = max(1, len(steps) // STATES)
            drawn = [steps[-1]] if final else [*steps[:-1:every], steps[-2]]
            for step in drawn:
                view, outcome = game.view(step.state, None), game.outcome(step.state)
                for language in LANGUAGES:
                    names = seat_names(table_for(players, language))
                    png, sizes = picture(presenter, view, language, names, outcome)
                    if png is None:
                        pytest.skip(f"{game_id} has no board picture")
                    width, height = Image.open(io.BytesIO(png)).size
                    label = f"{players}p seed {seed} step {step.index} {language}"
                    found.append((label, width, height, min(sizes)))
    return found


def tall(found: list[tuple[str, int, int, int]]) -> list[tuple[str, int, int]]:
    return [(label, w, h) for label, w, h, _ in found if h > MAX_TALL * w]


def small(found: list[tuple[str, int, int, int]]) -> list[tuple[str, int, int, int, float]]:
    return [
        (label, w, h, size, round(shown_text(size, w, h), 1))
        for label, w, h, size in found
        if shown_text(size, w, h) < MIN_SHOWN_TEXT
    ]


@pytest.mark.parametrize("game_id", presented_games())
def test_boards_are_wide_rather_than_tall(game_id: str) -> None:
    assert tall(shown(game_id)) == []


@pytest.mark.parametrize("game_id", presented_games())
def test_board_text_is_readable_where_discord_shows_it(game_id: str) -> None:
    assert small(shown(game_id)) == []


@pytest.mark.parametrize("game_id", presented_games())
def test_the_final_picture_is_wide_and_readable_where_discord_shows_it(game_id: str) -> None:
    found = shown(game_id, final=True)
    assert (tall(found), small(found)) == ([], [])


def test_the_displayed_scale_is_the_box_discord_fits_an_image_in() -> None:
    # 800 x 1136 (Akelarre's board once): the height decides, text at 20 px is
    # shown at 5.3 px; a 4:3 board of 800 x 600 is shown at half its size.
    assert round(shown_text(20, 800, 1136), 1) == 5.3
    assert shown_text(22, 800, 600) == 11
    assert shown_text(11, 300, 200) == 11  # a small picture is never enlarged
