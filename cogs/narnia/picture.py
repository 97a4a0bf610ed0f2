"""The map of Narnia as a picture (Pillow), drawn from the public view only.

The spec's map is designed data: each territory has a centre (x 0..10 east,
y 0..8 south) and the board is the Voronoi diagram of those centres (§8.1.5).
Cells are computed exactly, by clipping the frame with the perpendicular
bisector towards every other centre, so no geometry library is needed. Every
border is drawn dark and clear; a border between two cells that are *not*
adjacent in the rules is a thick ridge with a "no passage" sign (a red disc with
a white bar) on it, so the picture never suggests a move the rules forbid.

The picture is made for the box Discord shows it in (about 400 x 300):
909 x 680, 4:3, the map's units stretched across so the names have more room, and
no text under 25 px (11 px as shown). Each territory shows its owner's
mark (the same colour *and* shape as the board's emoji, so ownership does not
rest on red versus green), its stack as value chips, top first, and its name,
the three together inside the territory (:mod:`cogs.narnia.labels`; where a
long stack would not fit, its top chip and "+N"). There is no legend under the
map: the embed's players field gives whose mark is whose (the same emoji), 📖 How
to play what the signs mean. Nothing is drawn across the numbers: adjacency is
what the borders show.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from cogs.kit.pictures import font
from cogs.narnia.labels import HALO, LINE, ROW_W, Label, place
from games.narnia.face import DATA, NEIGHBOURS

# px per map unit. The map is drawn 4:3 (909 x 680), wider than its 10.4 x 8.8 units, so
# the picture fills Discord's 4:3 box and the names, written across, have more room: the
# cells are the same partition stretched, so every border and adjacency is kept.
SCALE_X, SCALE_Y = 85.5, 75.0
MARGIN = 10
MAP_W, MAP_H = 10.4, 8.8  # map units inside the frame
WIDTH = MARGIN * 2 + int(MAP_W * SCALE_X)  # 909
MAP_BOTTOM = MARGIN + int(MAP_H * SCALE_Y)  # 670
LEGEND_ROW = 36  # the panel's legend row under the map (cogs.narnia.marked_map)
ORIGIN = (-0.2, -0.2)  # map units at the frame's top-left corner

# Discord shows the board in a ~400 x 300 box (cogs.kit.pictures.shown_scale): the map,
# MAP_BOTTOM + MARGIN (680) px tall, is shown at 300/680 of its size, so its smallest
# text must be 11 / (300/680) = 24.9 px to read at 11 CSS px (MIN_SHOWN_TEXT).
TEXT = 25  # names
DIGIT = 25  # chip values
CHIP = 30  # chip side
MARK = 28  # owner mark size

WITCH_FILL = (226, 236, 246)
FREE_FILL = (236, 230, 214)  # setup: not taken yet
WITCH_INK = (58, 78, 110)
COLOURS = {  # cell fill, ink (marks and chips); the shapes match the board's emoji
    "red": ((240, 168, 158), (168, 28, 28)),
    "blue": ((160, 190, 240), (22, 62, 160)),
    "green": ((168, 218, 156), (24, 110, 40)),
    "yellow": ((244, 226, 132), (128, 96, 0)),
}
SHAPES = {"red": "triangle", "blue": "diamond", "green": "circle", "yellow": "square"}
BORDER = (40, 40, 50)
RIDGE = (30, 22, 22)
NO_PASSAGE = (206, 28, 36)
BATTLE = (214, 24, 24)
BACKGROUND = (38, 52, 70)
INK = (22, 22, 28)
LIGHT = (255, 255, 255)
LEGEND_BG = (246, 244, 238)

Point = tuple[float, float]


def px(p: Point) -> tuple[float, float]:
    return MARGIN + (p[0] - ORIGIN[0]) * SCALE_X, MARGIN + (p[1] - ORIGIN[1]) * SCALE_Y


def _clip(
    polygon: list[tuple[Point, str | None]], a: Point, b: Point, other: str
) -> list[tuple[Point, str | None]]:
    """Keep the part of ``polygon`` nearer to ``a`` than to ``b`` (Sutherland-Hodgman).

    Each vertex carries the id of the neighbour whose bisector made the edge
    that *starts* at it (None for the frame), so shared borders are known."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = b[0] - a[0], b[1] - a[1]

    def inside(p: Point) -> bool:
        return (p[0] - mx) * nx + (p[1] - my) * ny <= 0

    def cross(p: Point, q: Point) -> Point:
        dp = (p[0] - mx) * nx + (p[1] - my) * ny
        dq = (q[0] - mx) * nx + (q[1] - my) * ny
        t = dp / (dp - dq)
        return p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])

    out: list[tuple[Point, str | None]] = []
    for i, (p, edge) in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)][0]
        if inside(p):
            out.append((p, edge))
            if not inside(q):
                out.append((cross(p, q), other))
        elif inside(q):
            out.append((cross(p, q), edge))
    return out


def _centroid(polygon: tuple[tuple[Point, str | None], ...]) -> Point:
    """The cell's centre of area: labels sit inside the cell even where the
    territory's own centre lies near the frame."""
    area = cx = cy = 0.0
    for i, (p, _) in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)][0]
        cross = p[0] * q[1] - q[0] * p[1]
        area += cross
        cx += (p[0] + q[0]) * cross
        cy += (p[1] + q[1]) * cross
    area /= 2
    return cx / (6 * area), cy / (6 * area)


@dataclass(frozen=True)
class Cell:
    id: str
    centre: Point
    polygon: tuple[tuple[Point, str | None], ...]
    label: Point  # the cell's centre of area (map units): its label goes as near as it fits


@cache
def cells() -> tuple[Cell, ...]:
    centres = {t.id: (t.x, t.y) for t in DATA.territories}
    x0, y0 = ORIGIN
    x1, y1 = x0 + MAP_W, y0 + MAP_H
    out = []
    for tid, centre in centres.items():
        polygon: list[tuple[Point, str | None]] = [
            ((x0, y0), None),
            ((x1, y0), None),
            ((x1, y1), None),
            ((x0, y1), None),
        ]
        for other, point in centres.items():
            if other != tid:
                polygon = _clip(polygon, centre, point, other)
        shape = tuple(polygon)
        out.append(Cell(tid, centre, shape, _centroid(shape)))
    return tuple(out)


@lru_cache(maxsize=1024)
def label_of(tid: str, name: str, row_w: float = ROW_W) -> Label:
    """Where territory ``tid``'s label goes: its ``name`` (in the table's language) under
    a chips row ``row_w`` px wide."""
    cell = next(c for c in cells() if c.id == tid)
    polygon = tuple(px(p) for p, _ in cell.polygon)
    return place(polygon, tuple(edge is None for _, edge in cell.polygon), px(cell.label), name, TEXT, row_w)


@dataclass(frozen=True)
class Territory:
    """What the picture shows of one territory (plain data, from the view)."""

    id: str
    colour: str | None  # a player's colour, or None for the Witch
    tokens: tuple[int, ...]  # natural values, top first
    free: bool = False  # setup: nobody has placed a token here yet


@dataclass(frozen=True)
class Legend:
    """The legend's words, in the table's language."""

    owners: tuple[tuple[str | None, str], ...]  # (colour or None for the Witch, name)
    tokens: str  # "tokens, top first"
    more: str  # "+3: more tokens below"
    flag: str  # "only the flag"
    ridge: str  # "no passage"
    battle: str = ""  # "battle" (shown when one is highlighted)
    free: str = ""  # "not taken yet" (shown during setup)


SHOWN_CHIPS = 3  # a longer stack shows its top two chips and "+N"


def mark(draw: ImageDraw.ImageDraw, colour: str | None, x: float, y: float, size: float = MARK) -> None:
    """The owner's mark centred on (x, y): a shape in the owner's colour, or the Witch's snowflake."""
    r = size / 2
    if colour is None:
        draw.ellipse([x - r, y - r, x + r, y + r], fill=LIGHT, outline=WITCH_INK, width=2)
        for angle in (0, 60, 120):  # a six-armed snowflake
            dx, dy = math.cos(math.radians(angle)) * (r - 4), math.sin(math.radians(angle)) * (r - 4)
            draw.line([(x - dx, y - dy), (x + dx, y + dy)], fill=WITCH_INK, width=3)
        return
    ink = COLOURS[colour][1]
    shape = SHAPES[colour]
    if shape == "triangle":
        points = [(x, y - r - 1), (x + r + 1, y + r - 1), (x - r - 1, y + r - 1)]
        draw.polygon(points, fill=ink, outline=LIGHT, width=2)
    elif shape == "diamond":
        points = [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)]
        draw.polygon(points, fill=ink, outline=LIGHT, width=2)
    elif shape == "circle":
        draw.ellipse([x - r, y - r, x + r, y + r], fill=ink, outline=LIGHT, width=2)
    else:
        draw.rectangle([x - r + 2, y - r + 2, x + r - 2, y + r - 2], fill=ink, outline=LIGHT, width=2)


def fill_of(colour: str | None) -> tuple[int, int, int]:
    return WITCH_FILL if colour is None else COLOURS[colour][0]


def flag(draw: ImageDraw.ImageDraw, x: float, y: float, colour: tuple[int, int, int]) -> None:
    """A small flag centred on (x, y): a territory held by its flag alone."""
    draw.line([(x - 8, y - 13), (x - 8, y + 13)], fill=INK, width=3)
    draw.polygon([(x - 7, y - 13), (x + 11, y - 6), (x - 7, y + 1)], fill=colour, outline=INK)


def chip(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, ink: tuple[int, int, int]) -> float:
    """A token chip whose left edge is x; returns its width."""
    width = max(CHIP, draw.textlength(text, font=font(DIGIT)) + 10)
    draw.rounded_rectangle([x, y - CHIP / 2, x + width, y + CHIP / 2], radius=6, fill=ink, outline=LIGHT)
    draw.text((x + width / 2, y + 1), text, fill=LIGHT, font=font(DIGIT), anchor="mm")
    return width


def chips(tokens: tuple[int, ...], shown: int = SHOWN_CHIPS) -> list[str]:
    """Chip texts: every value of a short stack; the top ones and "+N" of a long one."""
    if len(tokens) <= shown:
        return [str(v) for v in tokens]
    return [str(v) for v in tokens[: shown - 1]] + [f"+{len(tokens) - shown + 1}"]


def _row_width(draw: ImageDraw.ImageDraw, texts: list[str]) -> float:
    return sum(max(CHIP, draw.textlength(t, font=font(DIGIT)) + 10) + 3 for t in texts)


def row_width(texts: list[str]) -> float:
    """A label's chips row: the owner's mark and these chips (or, for none, the flag)."""
    return MARK + 6 + (_row_width(_measure(), texts) if texts else 24)


HEIGHT = MAP_BOTTOM + MARGIN  # 909 x 680: 4:3, shown at 0.44 of its size


def map_layer(
    territories: list[Territory] | tuple[Territory, ...],
    names: dict[str, str],
    legend: Legend,
    highlight: tuple[str, ...] = (),
) -> Image.Image:
    """The board's map, without a legend (a legend below made the board too
    tall for Discord's box): the embed's players field gives each player's mark, as
    the same emoji, and 📖 How to play what the map's signs mean. ``legend`` is kept
    for the panel's picture (cogs.narnia.marked_map)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    by_id = {t.id: t for t in territories}
    geometry = {c.id: c for c in cells()}
    for cell in geometry.values():
        info = by_id.get(cell.id)
        fill = FREE_FILL if info is None or info.free else fill_of(info.colour)
        draw.polygon([px(p) for p, _ in cell.polygon], fill=fill)
    _borders(draw, geometry)
    for tid in highlight:  # the battle under way: both cells outlined
        draw.polygon([px(p) for p, _ in geometry[tid].polygon], outline=BATTLE, width=6)
    for cell in geometry.values():
        info = by_id.get(cell.id)
        name = names.get(cell.id, cell.id)
        if info is None or info.free:  # setup: only the name, on the sand of an empty cell
            _name(draw, label_of(cell.id, name), FREE_FILL)
            continue
        texts, label = _fitted_stack(draw, cell.id, name, info.tokens)
        _stack(draw, info, texts, label)
        _name(draw, label, fill_of(info.colour))
    return image


@cache
def _measure() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("RGB", (1, 1)))


@cache
def ridges() -> tuple[tuple[Point, Point], ...]:
    """The borders where two cells touch without being adjacent in the rules (map
    units, each once): the picture and the Activity's page draw them as ridges."""
    out = []
    for cell in cells():
        points = cell.polygon
        for i, (p, edge) in enumerate(points):
            q = points[(i + 1) % len(points)][0]
            if edge is not None and edge not in NEIGHBOURS[cell.id] and cell.id < edge:
                out.append((p, q))
    return tuple(out)


def _borders(draw: ImageDraw.ImageDraw, geometry: dict[str, Cell]) -> None:
    """Every border dark and clear; where two cells touch without being adjacent in the
    rules, a thick ridge with a "no passage" sign on it."""
    for cell in geometry.values():
        points = cell.polygon
        for i, (p, edge) in enumerate(points):
            q = points[(i + 1) % len(points)][0]
            if edge is None:
                draw.line([px(p), px(q)], fill=BORDER, width=4)
            elif edge in NEIGHBOURS[cell.id]:
                draw.line([px(p), px(q)], fill=BORDER, width=3)
    lines = [(px(p), px(q)) for p, q in ridges()]
    for p, q in lines:
        draw.line([p, q], fill=RIDGE, width=10)
    for p, q in lines:
        no_passage(draw, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def no_passage(draw: ImageDraw.ImageDraw, x: float, y: float, r: float = 12) -> None:
    """The "no passage" sign: a red disc with a white bar, ringed in dark."""
    draw.ellipse([x - r, y - r, x + r, y + r], fill=NO_PASSAGE, outline=RIDGE, width=2)
    draw.rectangle([x - r + 5, y - 2.5, x + r - 5, y + 2.5], fill=LIGHT)


def _fitted_stack(
    draw: ImageDraw.ImageDraw, tid: str, name: str, tokens: tuple[int, ...]
) -> tuple[list[str], Label]:
    """The chips a territory shows and its label: a short stack's values, the top two and
    "+N" of a long one; or, where only that keeps the label inside its territory, the
    top one and "+N"."""
    options = []
    for shown in (SHOWN_CHIPS, 2):
        texts = chips(tokens, shown)
        label = label_of(tid, name, row_width(texts))
        if label.fits:
            return texts, label
        options.append((texts, label))
    return max(options, key=lambda option: option[1].clearance)


def _stack(draw: ImageDraw.ImageDraw, info: Territory, texts: list[str], label: Label) -> None:
    """The owner's mark and the stack's chips (a flag alone when it holds no token), centred."""
    colour = info.colour
    ink = WITCH_INK if colour is None else COLOURS[colour][1]
    left = label.x - label.row_w / 2
    mark(draw, colour, left + MARK / 2, label.row)
    if texts:
        cx = left + MARK + 6
        for text in texts:
            cx += chip(draw, cx, label.row, text, ink) + 3
    else:
        flag(draw, left + MARK + 18, label.row, LIGHT if colour is None else ink)


def _name(draw: ImageDraw.ImageDraw, label: Label, halo: tuple[int, int, int]) -> None:
    for n, line in enumerate(label.lines):
        # A halo in the cell's colour keeps a border from cutting through the letters.
        draw.text(
            (label.x, label.name_top + n * LINE),
            line,
            fill=INK,
            font=font(TEXT),
            anchor="mt",
            stroke_width=HALO,
            stroke_fill=halo,
        )
