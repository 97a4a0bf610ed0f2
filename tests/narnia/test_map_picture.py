"""Narnia's map reads on a phone: each territory's label (the owner's mark,
the stack's chips, the name) inside its territory, never out of the picture; the
embed naming the players who own each mark (the legend below the map made
the board too tall for Discord's box); a "no passage" sign on every border the rules
do not let anyone cross."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from bot.i18n import LANGUAGES, t
from bot.render import seat_name, seat_names
from cogs.narnia import PRESENTER, picture
from cogs.narnia.board import board_embed, map_names
from cogs.narnia.labels import FRAME_MARGIN, HALO, MARGIN
from cogs.narnia.picture import TEXT, cells, px
from cogs.narnia.words import COLOUR_EMOJI, WITCH_EMOJI
from games.narnia import GAME
from games.narnia.data import NEIGHBOURS
from tests.drawn_text import drawn_texts
from tools.preview import playthrough, table_for

# Reads the real pictures, or draws them on purpose (tests/picture_stand_in.py).
pytestmark = pytest.mark.pictures

# Stacks a territory may show: a flag alone, one to three tokens, more ("+N").
STACKS: tuple[tuple[int, ...], ...] = ((), (1,), (3, 2), (3, 2, 1), (3, 3, 2, 1), (3,) * 12)
# The cells narrower than their name's longest word with the chips above it: there a
# label may cross a border, as far inside as it goes (its halo keeps it readable).
NARROW = {
    "tumnus_cave",
    "western_wild",
    "witch_camp",
    "glasswater",
    "stone_table",
    "lantern_waste",
    "caldron_pool",
}
CROSSING = 36  # px at most, and only with a long stack in Italian
# Names are 25 px on a 909 x 680 map (20 on 800 x 670 before), so a few more
# labels touch a border: by at most the halo drawn around their letters.
TOUCHING = HALO + 1


def inside(polygon: list[tuple[float, float]], x: float, y: float) -> float:
    """How far (x, y) is inside the convex ``polygon`` (negative: outside)."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    nearest = math.inf
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1e-9:
            continue
        nx, ny = (y1 - y0) / length, (x0 - x1) / length
        if nx * (cx - x0) + ny * (cy - y0) < 0:
            nx, ny = -nx, -ny
        nearest = min(nearest, nx * (x - x0) + ny * (y - y0))
    return nearest


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_sits_inside_its_territory_and_the_picture(language: str) -> None:
    frame = [px((x, y)) for x, y in ((-0.2, -0.2), (10.2, -0.2), (10.2, 8.6), (-0.2, 8.6))]
    names = map_names(language)
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    crossing: dict[str, float] = {}
    for tokens in STACKS:
        for cell in cells():
            polygon = [px(p) for p, _ in cell.polygon]
            _, label = picture._fitted_stack(draw, cell.id, names[cell.id], tokens)
            boxes = label.boxes(TEXT)
            corners = [
                (x, y) for left, top, right, bottom in boxes for x in (left, right) for y in (top, bottom)
            ]
            assert min(inside(frame, x, y) for x, y in corners) >= FRAME_MARGIN - 0.01, cell.id
            depth = min(inside(polygon, x, y) for x, y in corners)
            assert depth >= min(label.clearance, MARGIN) - 0.5, cell.id
            if depth < 0:
                crossing[cell.id] = min(depth, crossing.get(cell.id, 0.0))
    assert all(depth >= -CROSSING for depth in crossing.values()), crossing
    assert all(depth >= -TOUCHING for cell, depth in crossing.items() if cell not in NARROW), crossing


def test_the_board_names_whose_mark_is_whose_in_its_embed_not_under_the_map() -> None:
    steps = playthrough(GAME, 3, 1)
    view = GAME.view(steps[len(steps) // 2].state, None)
    for language in LANGUAGES:
        table = table_for(3, language)
        embed = board_embed(table, view, None, language)
        players = next(f.value for f in embed.fields if f.name == t("narnia.ui.players", language))
        for s in view.seats:
            assert f"{COLOUR_EMOJI[s.colour]} {seat_name(table, s.seat)}" in players
        assert WITCH_EMOJI in players
        with drawn_texts() as texts:
            PRESENTER.board_image(view, language, names=seat_names(table))
        assert t("narnia.ui.legend_tokens", language) not in texts  # no legend: 4:3


def test_every_border_no_one_may_cross_has_its_sign(monkeypatch: pytest.MonkeyPatch) -> None:
    signs: list[tuple[float, float]] = []
    drawn = picture.no_passage

    def sign(draw: ImageDraw.ImageDraw, x: float, y: float, r: float = 12) -> None:
        signs.append((x, y))
        drawn(draw, x, y, r)

    monkeypatch.setattr(picture, "no_passage", sign)
    steps = playthrough(GAME, 2, 1)
    with drawn_texts():
        PRESENTER.board_image(GAME.view(steps[-1].state, None), "en")
    touching = {
        frozenset((cell.id, edge))
        for cell in cells()
        for _, edge in cell.polygon
        if edge is not None and edge not in NEIGHBOURS[cell.id]
    }
    assert len(touching) >= 5
    assert len(signs) == len(touching)  # one on each such border (no legend: the embed names the marks)
    for x, y in signs:  # on the border between the two cells: as far from either
        near = sorted(cells(), key=lambda c: -inside([px(p) for p, _ in c.polygon], x, y))[:2]
        assert frozenset(c.id for c in near) in touching
