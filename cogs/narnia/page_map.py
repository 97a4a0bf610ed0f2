"""The map the Activity's page draws (``NarniaPresenter.page_data``): the same
territories the channel's picture shows, in the picture's pixels.

Nothing here is computed twice: the cells are :func:`cogs.narnia.picture.cells`
(the exact Voronoi cells of the spec's centres, §8.1.5), the ridges are the
picture's borders that are not passages (:func:`~cogs.narnia.picture.ridges`),
each name goes where :func:`~cogs.narnia.picture.label_of` puts it on the
picture (wrapped and placed for the table's language), and the colours and
shapes are the picture's (the same shape per colour as the board's emoji). The
page scales the whole to its frame with an SVG ``viewBox``, so a pixel here is a
unit there; its text is the picture's size (25 px on a 909 px map).
"""

from __future__ import annotations

from typing import Any

from cogs.narnia import picture
from cogs.narnia.labels import GAP, LINE, ROW_H
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


def _label(tid: str, name: str, texts: list[str]) -> dict[str, Any]:
    label = picture.label_of(tid, name, picture.row_width(texts))
    return {
        "x": round(label.x, 1),
        "row": round(label.row, 1),  # the chips row's middle
        "name_top": round(label.name_top, 1),  # the name's first line's top
        "lines": list(label.lines),
        "clearance": round(label.clearance, 1),
        "fits": label.fits,
    }


def _territory(cell: picture.Cell, language: str) -> dict[str, Any]:
    name = territory(cell.id, language)
    return {
        "id": cell.id,
        "name": name,
        "start": START[cell.id],  # the start symbol (setup only, NA-3.4-3.5)
        "polygon": [_point(picture.px(p)) for p, _ in cell.polygon],
        "centre": _point(picture.px(cell.centre)),
        "labels": {row: _label(cell.id, name, texts) for row, texts in ROWS.items()},
        "neighbours": sorted(NEIGHBOURS[cell.id]),
    }


def page_data(language: str) -> dict[str, Any]:
    """The map in ``language``: territories in the engine's order, the ridges, the
    picture's sizes and colours."""
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
