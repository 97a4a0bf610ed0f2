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

from cogs.pictures import font, png, wrapped
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


def _px(p: Point) -> tuple[float, float]:
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


def with_row(board: Image.Image) -> Image.Image:
    """The board's map with one more legend row below (the panel's "You" and what its
    marks mean), the legend's ground carried down to it."""
    image = Image.new("RGB", (board.width, board.height + LEGEND_ROW), BACKGROUND)
    image.paste(board, (0, 0))
    ImageDraw.Draw(image).rectangle(
        [MARGIN, board.height - 6, WIDTH - MARGIN, image.height - 6], fill=LEGEND_BG
    )
    return image


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
        draw.polygon([_px(p) for p, _ in cell.polygon], fill=fill)
    for cell in geometry.values():
        points = cell.polygon
        for i, (p, edge) in enumerate(points):
            q = points[(i + 1) % len(points)][0]
            if edge is None:
                draw.line([_px(p), _px(q)], fill=BORDER, width=3)
            elif edge in NEIGHBOURS[cell.id]:
                draw.line([_px(p), _px(q)], fill=BORDER, width=2)
            else:  # touching on the picture but not adjacent in the rules
                draw.line([_px(p), _px(q)], fill=RIDGE, width=8)
    for tid in highlight:  # the battle under way: both cells outlined
        draw.polygon([_px(p) for p, _ in geometry[tid].polygon], outline=BATTLE, width=6)
    for cell in geometry.values():
        info = by_id.get(cell.id)
        colour = None if info is None else info.colour
        ink = WITCH_INK if colour is None else COLOURS[colour][1]
        x, y = _px(cell.label)
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


# -- the private panel: the seat's own territories and what it may do now -----

PICK = (255, 190, 0)  # gold: a territory the seat may pick now
ARROWS = {  # arrow fill per kind of choice; a white edge keeps any of them clear on any cell
    "attack": BATTLE,
    "move": (12, 120, 120),
    "witch": (92, 48, 150),  # where the Witch may strike the seat, where its token may defect
}
PANEL_COLOURS = 128
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
        draw.polygon([_px(p) for p, _ in geometry[tid].polygon], outline=ink, width=4)
    for tid in marks.picks:  # over the owner's ink: a pick of one's own is still a pick
        draw.polygon([_px(p) for p, _ in geometry[tid].polygon], outline=PICK, width=7)
    pairs = set(marks.arrows)
    for source, target in marks.arrows:
        both = (target, source) in pairs
        if both and target < source:
            continue  # one double-headed arrow for a border crossed both ways
        tail, tip = _crossing(geometry[source], geometry[target])
        arrow(draw, tail, tip, ARROWS[marks.arrow], both=both)
    _panel_legend(draw, marks, base.height)
    # 128 colours (fast octree) before the PNG: the encoding is most of a panel's time
    # (22 ms of RGB, 13 ms with the quantizing, half the bytes) and a flat map loses nothing.
    return png(image.quantize(PANEL_COLOURS, method=Image.Quantize.FASTOCTREE))


def _veil(image: Image.Image, out_of_play: list[Cell]) -> None:
    mask = Image.new("L", image.size, 0)
    shade = ImageDraw.Draw(mask)
    for cell in out_of_play:
        shade.polygon([_px(p) for p, _ in cell.polygon], fill=VEIL)
    image.paste(BACKGROUND, (0, 0, *image.size), mask)


@cache
def _crossing(source: Cell, target: Cell) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where an arrow from ``source`` into ``target`` goes: across their shared border,
    square to it, at the place along it that keeps furthest from every label."""
    a, b = _px(source.label), _px(target.label)
    edge = next((i for i, (_, other) in enumerate(source.polygon) if other == target.id), None)
    p = q = a
    if edge is not None:
        p = _px(source.polygon[edge][0])
        q = _px(source.polygon[(edge + 1) % len(source.polygon)][0])
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
    """Roughly where each territory's chips and name are drawn (px)."""
    boxes = []
    for cell in cells():
        x, y = _px(cell.label)
        boxes += [(x - 50, y - 32, x + 50, y), (x - 60, y + 2, x + 60, y + 58)]  # two-line names
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
