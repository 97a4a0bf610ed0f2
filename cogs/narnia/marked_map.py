"""The map in a member's private Narnia panel: the board's map (drawn once a change,
``cogs.narnia.board.map_image``) with the seat's own territories outlined and what it
may do now marked: gold outlines for a territory to pick, arrows across the borders
for attacks and moves, the rest faded; and a legend row for them ("You")."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import LANGUAGES
from cogs.kit.pictures import font, png
from cogs.narnia.picture import (
    BACKGROUND,
    BATTLE,
    COLOURS,
    FREE_FILL,
    INK,
    LEGEND_BG,
    LEGEND_ROW,
    LIGHT,
    MARGIN,
    MARK,
    TEXT,
    WIDTH,
    Cell,
    cells,
    fill_of,
    label_of,
    mark,
    px,
)
from cogs.narnia.words import territory


def with_row(board: Image.Image) -> Image.Image:
    """The board's map with one more legend row below (the panel's "You" and what its
    marks mean), the legend's ground carried down to it."""
    image = Image.new("RGB", (board.width, board.height + LEGEND_ROW), BACKGROUND)
    image.paste(board, (0, 0))
    ImageDraw.Draw(image).rectangle(
        [MARGIN, board.height - 6, WIDTH - MARGIN, image.height - 6], fill=LEGEND_BG
    )
    return image


# -- the private panel: the seat's own territories and what it may do now -----

PICK = (255, 190, 0)  # gold: a territory the seat may pick now
ARROWS = {  # arrow fill per kind of choice; a white edge keeps any of them clear on any cell
    "attack": BATTLE,
    "move": (12, 120, 120),
    "witch": (92, 48, 150),  # where the Witch may strike the seat, where its token may defect
}
VEIL = 110  # of 255: how far a cell out of play fades towards the background
ARROW_HALF = 26  # px either side of the border an arrow spans
SHAFT, HEAD, HEAD_LENGTH = 5, 14, 22  # half-widths and head length, px


@dataclass(frozen=True)
class Marks:
    """What the panel's map adds to the board's: plain data, so a drawing can be cached."""

    colour: str  # the seat's colour
    you: str  # "You", in the seat's language
    own: tuple[str, ...]  # the seat's territories, outlined in its ink
    picks: tuple[str, ...] = ()  # territories the seat may pick now (or has picked), in gold
    arrows: tuple[tuple[str, str], ...] = ()  # (from, to) it may attack or move
    arrow: str = "attack"  # a key of ARROWS
    lit: tuple[str, ...] = ()  # the cells in play; the others fade (none: nothing fades)
    meaning: str = ""  # what the gold and the arrows mean, for the legend


def marked_map(base: Image.Image, marks: Marks) -> bytes:
    """``base`` (a :func:`map_layer` with one extra legend row) with ``marks`` on top."""
    image = base.copy()
    geometry = {c.id: c for c in cells()}
    if marks.lit:
        _veil(image, [geometry[tid] for tid in geometry if tid not in marks.lit])
    draw = ImageDraw.Draw(image)
    ink = COLOURS[marks.colour][1]
    for tid in marks.own:
        draw.polygon([px(p) for p, _ in geometry[tid].polygon], outline=ink, width=4)
    for tid in marks.picks:  # over the owner's ink: a pick of one's own is still a pick
        draw.polygon([px(p) for p, _ in geometry[tid].polygon], outline=PICK, width=7)
    pairs = set(marks.arrows)
    for source, target in marks.arrows:
        both = (target, source) in pairs
        if both and target < source:
            continue  # one double-headed arrow for a border crossed both ways
        tail, tip = _crossing(geometry[source], geometry[target])
        arrow(draw, tail, tip, ARROWS[marks.arrow], both=both)
    _panel_legend(draw, marks, base.height)
    return png(image)  # in 256 colours: 10 ms where RGB took 20 (cogs.kit.pictures.png)


def _veil(image: Image.Image, out_of_play: list[Cell]) -> None:
    mask = Image.new("L", image.size, 0)
    shade = ImageDraw.Draw(mask)
    for cell in out_of_play:
        shade.polygon([px(p) for p, _ in cell.polygon], fill=VEIL)
    image.paste(BACKGROUND, (0, 0, *image.size), mask)


@cache
def _crossing(source: Cell, target: Cell) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where an arrow from ``source`` into ``target`` goes: across their shared border,
    square to it, at the place along it that keeps furthest from every label."""
    a, b = px(source.label), px(target.label)
    edge = next((i for i, (_, other) in enumerate(source.polygon) if other == target.id), None)
    p = q = a
    if edge is not None:
        p = px(source.polygon[edge][0])
        q = px(source.polygon[(edge + 1) % len(source.polygon)][0])
    length = math.dist(p, q)
    if length < SHORT_BORDER:  # touching at a corner, or not at all: from label to label
        far = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / far, (b[1] - a[1]) / far
        return (a[0] + ux * 64, a[1] + uy * 64), (b[0] - ux * 64, b[1] - uy * 64)
    nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
    if nx * (b[0] - a[0]) + ny * (b[1] - a[1]) < 0:  # point into the target
        nx, ny = -nx, -ny

    def across(at: float) -> tuple[tuple[float, float], tuple[float, float]]:
        mx, my = p[0] + (q[0] - p[0]) * at, p[1] + (q[1] - p[1]) * at
        return (mx - nx * ARROW_HALF, my - ny * ARROW_HALF), (mx + nx * ARROW_HALF, my + ny * ARROW_HALF)

    # The middle of the border unless a label is in the way: nearer its ends, arrows
    # into neighbouring cells would crowd the corner they share.
    places = [across(at) for at in ALONG]
    return next((place for place in places if _clearance(place) >= CLEAR), max(places, key=_clearance))


SHORT_BORDER = 40  # px: a border shorter than this has no room for an arrow across it
ALONG = (0.5, 0.4, 0.6, 0.3, 0.7)  # where along a border an arrow may cross it, best first
CLEAR = 4  # px from any label


@cache
def _label_boxes() -> tuple[tuple[float, float, float, float], ...]:
    """Where each territory's chips (the widest row) and name are drawn, in either
    language (px): an arrow keeps clear of them whatever the table's language."""
    boxes: list[tuple[float, float, float, float]] = []
    for language in LANGUAGES:
        for cell in cells():
            boxes += label_of(cell.id, territory(cell.id, language)).boxes(TEXT)
    return tuple(boxes)


def _clearance(segment: tuple[tuple[float, float], tuple[float, float]]) -> float:
    """How far an arrow stays from the nearest label (0: it crosses one)."""
    (x0, y0), (x1, y1) = segment
    nearest = math.inf
    for step in range(5):
        x, y = x0 + (x1 - x0) * step / 4, y0 + (y1 - y0) * step / 4
        for left, top, right, bottom in _label_boxes():
            dx, dy = max(left - x, 0.0, x - right), max(top - y, 0.0, y - bottom)
            nearest = min(nearest, math.hypot(dx, dy))
    return nearest


def arrow(
    draw: ImageDraw.ImageDraw,
    tail: tuple[float, float],
    tip: tuple[float, float],
    fill: tuple[int, int, int],
    *,
    both: bool = False,
) -> None:
    """A thick arrow from ``tail`` to ``tip`` (a head at each end if ``both``), edged in white."""
    length = math.dist(tail, tip) or 1.0
    ux, uy = (tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length
    px, py = -uy, ux  # across the arrow

    def at(along: float, across: float) -> tuple[float, float]:
        return tail[0] + ux * along + px * across, tail[1] + uy * along + py * across

    head = min(HEAD_LENGTH, length / 2)
    start = head if both else 0.0
    end = length - head
    points = [at(start, SHAFT), at(end, SHAFT), at(end, HEAD), at(length, 0), at(end, -HEAD), at(end, -SHAFT)]
    points.append(at(start, -SHAFT))
    if both:
        points += [at(start, -HEAD), at(0, 0), at(start, HEAD)]
    else:
        points.append(at(0, -SHAFT))
        points.append(at(0, SHAFT))
    draw.polygon(points, fill=fill, outline=LIGHT, width=3)


def _panel_legend(draw: ImageDraw.ImageDraw, marks: Marks, bottom: int) -> None:
    """The last legend row: the seat's own mark and outline ("You"), then what the gold
    and the arrows mean."""
    x, y = MARGIN + 12.0, bottom - 6 - LEGEND_ROW / 2 - 4
    ink = COLOURS[marks.colour][1]
    draw.rectangle([x, y - 14, x + 44, y + 14], fill=fill_of(marks.colour), outline=ink, width=4)
    mark(draw, marks.colour, x + 22, y, MARK - 6)
    x += 52
    draw.text((x, y), marks.you, fill=INK, font=font(TEXT, bold=True), anchor="lm")
    x += draw.textlength(marks.you, font=font(TEXT, bold=True)) + 24
    if not marks.meaning:
        return
    if marks.arrows:
        arrow(draw, (x, y), (x + 50, y), ARROWS[marks.arrow])
        x += 58
    else:
        draw.rectangle([x, y - 14, x + 44, y + 14], fill=FREE_FILL, outline=PICK, width=6)
        x += 52
    draw.text((x, y), marks.meaning, fill=INK, font=font(TEXT), anchor="lm")
