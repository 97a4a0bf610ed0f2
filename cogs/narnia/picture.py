"""The map of Narnia as a picture (Pillow), drawn from the public view only.

The spec's map is designed data: each territory has a centre (x 0..10 east,
y 0..8 south) and the board is the Voronoi diagram of those centres (§8.1.5).
Cells are computed exactly, by clipping the frame with the perpendicular
bisector towards every other centre, so no geometry library is needed. A
border between two cells that are *not* adjacent in the rules is drawn as a
thick dark ridge, so the picture never suggests a move the rules forbid.

The picture is made for a phone (Discord shows it ~350 px wide): it is 800 px
wide and its smallest text is 1/40 of that. Each territory shows its owner's
mark (the same colour *and* shape as the board's emoji, so ownership does not
rest on red versus green), its stack as value chips, top first, and its name;
a legend in the table's language explains the marks. Nothing is drawn across
the numbers: adjacency is what the borders show.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from cogs.pictures import font, wrapped
from games.narnia.data import DATA, NEIGHBOURS

SCALE = 75  # px per map unit
MARGIN = 10
MAP_W, MAP_H = 10.4, 8.8  # map units inside the frame
WIDTH = MARGIN * 2 + int(MAP_W * SCALE)  # 800
MAP_BOTTOM = MARGIN + int(MAP_H * SCALE)
LEGEND_H = 118  # three rows
LEGEND_ROW = 36
HEIGHT = MAP_BOTTOM + LEGEND_H
ORIGIN = (-0.2, -0.2)  # map units at the frame's top-left corner

TEXT = 20  # names and legend: WIDTH / 40, the smallest readable on a phone
DIGIT = 24  # chip values
CHIP = 28  # chip side
MARK = 26  # owner mark size

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
BORDER = (70, 70, 80)
RIDGE = (30, 22, 22)
BATTLE = (214, 24, 24)
BACKGROUND = (38, 52, 70)
INK = (22, 22, 28)
LIGHT = (255, 255, 255)
LEGEND_BG = (246, 244, 238)

Point = tuple[float, float]


def px(p: Point) -> tuple[float, float]:
    return MARGIN + (p[0] - ORIGIN[0]) * SCALE, MARGIN + (p[1] - ORIGIN[1]) * SCALE


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


# Labels sit at each cell's centroid, moved a little (map units) where small cells crowd
# their neighbours' labels (long Italian names included).
NUDGE = {
    "western_wild": (-0.12, 0.2),
    "chippingford": (0.1, 0.0),
    "tumnus_cave": (0.1, -0.2),
    "witch_camp": (-0.15, -0.35),
    "stone_table": (0.1, 0.05),
}
NAME_WIDTH = 130  # px before a name wraps
NARROW = {"western_wild": 90}  # narrower cells wrap sooner


@dataclass(frozen=True)
class Cell:
    id: str
    centre: Point
    polygon: tuple[tuple[Point, str | None], ...]
    label: Point  # where the territory's mark, chips and name go (map units)


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
        middle = _centroid(shape)
        nudge = NUDGE.get(tid, (0.0, 0.0))
        out.append(Cell(tid, centre, shape, (middle[0] + nudge[0], middle[1] + nudge[1])))
    return tuple(out)


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


def chips(tokens: tuple[int, ...]) -> list[str]:
    """Chip texts: every value of a short stack; the top two and "+N" of a long one."""
    if len(tokens) <= SHOWN_CHIPS:
        return [str(v) for v in tokens]
    return [str(v) for v in tokens[:2]] + [f"+{len(tokens) - 2}"]


def _row_width(draw: ImageDraw.ImageDraw, texts: list[str]) -> float:
    return sum(max(CHIP, draw.textlength(t, font=font(DIGIT)) + 10) + 3 for t in texts)


def map_layer(
    territories: list[Territory] | tuple[Territory, ...],
    names: dict[str, str],
    legend: Legend,
    highlight: tuple[str, ...] = (),
) -> Image.Image:
    """The board's map and legend."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    by_id = {t.id: t for t in territories}
    geometry = {c.id: c for c in cells()}
    for cell in geometry.values():
        info = by_id.get(cell.id)
        fill = FREE_FILL if info is None or info.free else fill_of(info.colour)
        draw.polygon([px(p) for p, _ in cell.polygon], fill=fill)
    for cell in geometry.values():
        points = cell.polygon
        for i, (p, edge) in enumerate(points):
            q = points[(i + 1) % len(points)][0]
            if edge is None:
                draw.line([px(p), px(q)], fill=BORDER, width=3)
            elif edge in NEIGHBOURS[cell.id]:
                draw.line([px(p), px(q)], fill=BORDER, width=2)
            else:  # touching on the picture but not adjacent in the rules
                draw.line([px(p), px(q)], fill=RIDGE, width=8)
    for tid in highlight:  # the battle under way: both cells outlined
        draw.polygon([px(p) for p, _ in geometry[tid].polygon], outline=BATTLE, width=6)
    for cell in geometry.values():
        info = by_id.get(cell.id)
        colour = None if info is None else info.colour
        ink = WITCH_INK if colour is None else COLOURS[colour][1]
        x, y = px(cell.label)
        if info is None or info.free:  # setup: only the name, on the sand of an empty cell
            _name(draw, names.get(cell.id, cell.id), cell.id, x, y - 12, FREE_FILL)
            continue
        tokens = info.tokens
        texts = chips(tokens)
        row = MARK + 6 + (_row_width(draw, texts) if texts else 24)
        left = min(max(x - row / 2, MARGIN + 8), WIDTH - MARGIN - 8 - row)  # inside the frame
        top = y - 16
        mark(draw, colour, left + MARK / 2, top)
        if texts:
            cx = left + MARK + 6
            for text in texts:
                cx += chip(draw, cx, top, text, ink) + 3
        else:
            flag(draw, left + MARK + 18, top, LIGHT if colour is None else ink)
        _name(draw, names.get(cell.id, cell.id), cell.id, x, y + 12, fill_of(colour))
    free = any(t.free for t in territories) or len(by_id) < len(geometry)
    _legend(draw, legend, bool(highlight), free, image.height)
    return image


def _name(
    draw: ImageDraw.ImageDraw, name: str, tid: str, x: float, top: float, halo: tuple[int, int, int]
) -> None:
    lines = wrapped(draw, name, NARROW.get(tid, NAME_WIDTH), TEXT)
    half = max(draw.textlength(line, font=font(TEXT)) for line in lines) / 2
    tx = min(max(x, MARGIN + 6 + half), WIDTH - MARGIN - 6 - half)  # never cut by the frame
    for n, line in enumerate(lines):
        # A halo in the cell's colour keeps a border from cutting through the letters.
        draw.text(
            (tx, top + n * (TEXT + 4)),
            line,
            fill=INK,
            font=font(TEXT),
            anchor="mt",
            stroke_width=3,
            stroke_fill=halo,
        )


def _legend(draw: ImageDraw.ImageDraw, legend: Legend, battle: bool, free: bool, bottom: int) -> None:
    top = MAP_BOTTOM + 4
    draw.rectangle([MARGIN, top, WIDTH - MARGIN, bottom - 6], fill=LEGEND_BG)
    # Row 1: whose mark is whose.
    x, y = MARGIN + 12.0, top + 22.0
    for colour, name in legend.owners:
        mark(draw, colour, x + MARK / 2, y)
        x += MARK + 6
        draw.text((x, y), name, fill=INK, font=font(TEXT), anchor="lm")
        x += draw.textlength(name, font=font(TEXT)) + 18
    # Row 2: what a territory shows.
    x, y = MARGIN + 12.0, top + 58.0
    for text in ("3", "1"):
        x += chip(draw, x, y, text, WITCH_INK) + 3
    x += 4
    draw.text((x, y), legend.tokens, fill=INK, font=font(TEXT), anchor="lm")
    x += draw.textlength(legend.tokens, font=font(TEXT)) + 18
    x += chip(draw, x, y, "+4", WITCH_INK) + 6
    draw.text((x, y), legend.more, fill=INK, font=font(TEXT), anchor="lm")
    # Row 3: flag alone, impassable border, battle.
    x, y = MARGIN + 12.0, top + 94.0
    flag(draw, x + 10, y, LIGHT)
    x += 28
    draw.text((x, y), legend.flag, fill=INK, font=font(TEXT), anchor="lm")
    x += draw.textlength(legend.flag, font=font(TEXT)) + 22
    draw.line([(x, y), (x + 30, y)], fill=RIDGE, width=8)
    x += 38
    draw.text((x, y), legend.ridge, fill=INK, font=font(TEXT), anchor="lm")
    x += draw.textlength(legend.ridge, font=font(TEXT)) + 22
    if battle and legend.battle:
        draw.rectangle([x, y - 11, x + 30, y + 11], outline=BATTLE, width=5)
        x += 38
        draw.text((x, y), legend.battle, fill=INK, font=font(TEXT), anchor="lm")
    elif free and legend.free:
        draw.rectangle([x, y - 11, x + 30, y + 11], fill=FREE_FILL, outline=BORDER, width=2)
        x += 38
        draw.text((x, y), legend.free, fill=INK, font=font(TEXT), anchor="lm")
