"""The map the Activity's page draws (``NarniaPresenter.page_data``): the same
territories the channel's picture shows, in the picture's pixels.

Nothing here is computed twice: the cells are :func:`cogs.narnia.picture.cells`
(the exact Voronoi cells of the spec's centres, §8.1.5), the ridges are the
picture's borders that are not passages (:func:`~cogs.narnia.picture.ridges`),
each name goes where :func:`cogs.narnia.labels.place` puts it on the picture
(wrapped and placed for the table's language), and the colours and
shapes are the picture's (the same shape per colour as the board's emoji). The
page scales the whole to its frame with an SVG ``viewBox``, so a pixel here is a
unit there; its text is the picture's size (25 px on a 909 px map).

One difference: where a label would cross into a neighbour (a long name in a small
territory, mostly in Italian), the picture lets it; the page shrinks that label, its
mark, chips and name together, until it stays inside its territory (``scale``), so no
label ever covers a neighbour's tokens or name, whatever the stacks.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from cogs.kit.pictures import font
from cogs.narnia import picture
from cogs.narnia.labels import GAP, HALO, LINE, ROW_H, Label, fitting, place
from cogs.narnia.words import territory
from games.narnia.face import NEIGHBOURS, START

# The chips rows a label may hold, by what they show: the flag alone, one to three
# values, or the top one or two values and "+N" (picture.chips). The page puts a
# territory's label where the picture would for its stack.
ROWS = {
    "flag": [],
    "1": ["3"],
    "2": ["3", "3"],
    "3": ["3", "3", "3"],
    "1+": ["3", "+9"],
    "2+": ["3", "3", "+9"],
}


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _point(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 1), round(p[1], 1)]


# The scales a label may be shrunk to (the whole label: mark, chips and name), largest
# first; 0.6 is enough for the smallest territory's longest name (Caverna del signor
# Tumnus) under the widest chips row. A label may touch its border by its letters' halo.
SCALES = tuple(round(1 - 0.05 * step, 2) for step in range(9))
TOUCH = -HALO


def _shrunk(cell: picture.Cell, name: str, row_w: float) -> tuple[float, Label]:
    """The largest scale at which the label stays inside its territory, and the label
    placed at full size in the territory grown by 1/scale around its label point (the
    page draws it scaled back about that point)."""
    polygon = tuple(picture.px(p) for p, _ in cell.polygon)
    frame = tuple(edge is None for _, edge in cell.polygon)
    cx, cy = picture.px(cell.label)
    label = picture.label_of(cell.id, name, row_w)  # the picture's own, at full size
    if label.clearance >= TOUCH:
        return 1.0, label
    # The largest scale that fits: smaller ones fit too (the grown territory holds more).
    for scale in SCALES[1:]:
        grown = tuple((cx + (x - cx) / scale, cy + (y - cy) / scale) for x, y in polygon)
        found = fitting(grown, frame, (cx, cy), name, picture.TEXT, row_w, TOUCH / scale)
        if found is not None:
            return scale, replace(found, clearance=TOUCH)
    # None fits (no name does so far): the smallest, as far inside as it goes.
    scale = SCALES[-1]
    grown = tuple((cx + (x - cx) / scale, cy + (y - cy) / scale) for x, y in polygon)
    label = place(grown, frame, (cx, cy), name, picture.TEXT, row_w)
    return scale, replace(label, clearance=label.clearance * scale)


def _label(cell: picture.Cell, name: str, texts: list[str]) -> dict[str, Any]:
    scale, label = _shrunk(cell, name, picture.row_width(texts))
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    return {
        "x": round(label.x, 1),
        "row": round(label.row, 1),  # the chips row's middle
        "name_top": round(label.name_top, 1),  # the name's first line's top
        "lines": list(label.lines),
        # Each line's width as measured here: the page draws it that wide whatever font
        # the member's device has, so the label keeps the place it was given.
        "widths": [round(measure.textlength(line, font=font(picture.TEXT)), 1) for line in label.lines],
        "clearance": round(label.clearance, 1),  # px inside its territory, as drawn
        "scale": scale,  # drawn scaled about ``origin`` (1: as the picture)
    }


def _territory(cell: picture.Cell, language: str) -> dict[str, Any]:
    name = territory(cell.id, language)
    return {
        "id": cell.id,
        "name": name,
        "start": START[cell.id],  # the start symbol (setup only, NA-3.4-3.5)
        "polygon": [_point(picture.px(p)) for p, _ in cell.polygon],
        "centre": _point(picture.px(cell.centre)),
        "origin": _point(picture.px(cell.label)),  # a shrunk label's fixed point
        "labels": {row: _label(cell, name, texts) for row, texts in ROWS.items()},
        "neighbours": sorted(NEIGHBOURS[cell.id]),
    }


@cache
def page_data(language: str) -> dict[str, Any]:
    """The map in ``language``: territories in the engine's order, the ridges, the
    picture's sizes and colours. Worked out once per language (every page of a table is
    sent it; the labels' places take a while): read it, never change it."""
    return {
        "map": {
            "width": picture.WIDTH,
            "height": picture.MAP_BOTTOM,
            "territories": [_territory(cell, language) for cell in picture.cells()],
            "ridges": [[_point(picture.px(p)), _point(picture.px(q))] for p, q in picture.ridges()],
        },
        "sizes": {
            "text": picture.TEXT,
            "digit": picture.DIGIT,
            "chip": picture.CHIP,
            "mark": picture.MARK,
            "shown_chips": picture.SHOWN_CHIPS,
            "line": LINE,
            "row_h": ROW_H,
            "gap": GAP,
        },
        "style": {
            "background": _hex(picture.BACKGROUND),
            "border": _hex(picture.BORDER),
            "ridge": _hex(picture.RIDGE),
            "no_passage": _hex(picture.NO_PASSAGE),
            "battle": _hex(picture.BATTLE),
            "ink": _hex(picture.INK),
            "free": _hex(picture.FREE_FILL),
            "witch": {"fill": _hex(picture.WITCH_FILL), "ink": _hex(picture.WITCH_INK)},
            "colours": {
                colour: {"fill": _hex(fill), "ink": _hex(ink), "shape": picture.SHAPES[colour]}
                for colour, (fill, ink) in picture.COLOURS.items()
            },
        },
    }
