"""The map of Narnia as a picture (Pillow), drawn from the public view only.

The spec's map is designed data: each territory has a centre (x 0..10 east,
y 0..8 south) and the board is the Voronoi diagram of those centres (§8.1.5).
Cells are computed exactly, by clipping the frame with the perpendicular
bisector towards every other centre, so no geometry library is needed. A
border between two cells that are *not* adjacent in the rules is drawn as a
thick ridge, so the picture never suggests a move the rules forbid; adjacent
territories also get a dotted link between their centres.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.narnia.data import DATA, NEIGHBOURS

SCALE = 96
MARGIN = 36
WIDTH = MARGIN * 2 + int(10.4 * SCALE)
HEIGHT = MARGIN * 2 + int(8.8 * SCALE)
ORIGIN = (-0.2, -0.2)  # map units at the frame's top-left corner

WITCH_FILL = (222, 232, 242)
WITCH_INK = (90, 110, 140)
COLOURS = {  # fill, ink
    "red": ((236, 150, 140), (150, 30, 30)),
    "blue": ((140, 175, 236), (25, 60, 150)),
    "green": ((150, 210, 140), (30, 110, 40)),
    "yellow": ((240, 220, 120), (140, 110, 10)),
}
BORDER = (60, 60, 70)
RIDGE = (40, 30, 30)
BACKGROUND = (40, 60, 80)
INK = (25, 25, 30)
LIGHT = (250, 250, 250)

Point = tuple[float, float]


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


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


@dataclass(frozen=True)
class Cell:
    id: str
    centre: Point
    polygon: tuple[tuple[Point, str | None], ...]


@cache
def cells() -> tuple[Cell, ...]:
    centres = {t.id: (t.x, t.y) for t in DATA.territories}
    x0, y0 = ORIGIN
    x1, y1 = x0 + 10.4, y0 + 8.8
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
        out.append(Cell(tid, centre, tuple(polygon)))
    return tuple(out)


@dataclass(frozen=True)
class Territory:
    """What the picture shows of one territory (plain data, from the view)."""

    id: str
    colour: str | None  # a player's colour, or None for the Witch
    tokens: tuple[int, ...]  # natural values, top first
    betrayed: int = 0  # tokens of Peter's bag fighting for the Witch (NA-4.7.5)


def _tokens_text(tokens: tuple[int, ...]) -> str:
    if len(tokens) <= 6:
        return " ".join(str(v) for v in tokens)
    return "  ".join(f"{tokens.count(v)}x{v}" for v in (3, 2, 1) if v in tokens)


def draw_map(territories: list[Territory], names: dict[str, str], highlight: tuple[str, ...] = ()) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    by_id = {t.id: t for t in territories}
    geometry = {c.id: c for c in cells()}
    for cell in geometry.values():
        info = by_id.get(cell.id)
        fill = WITCH_FILL if info is None or info.colour is None else COLOURS[info.colour][0]
        draw.polygon([_px(p) for p, _ in cell.polygon], fill=fill)
    for cell in geometry.values():  # adjacency links under the borders
        for other in NEIGHBOURS[cell.id]:
            if cell.id < other:
                a, b = _px(cell.centre), _px(geometry[other].centre)
                steps = 14
                for i in range(0, steps, 2):
                    p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
                    q = (a[0] + (b[0] - a[0]) * (i + 1) / steps, a[1] + (b[1] - a[1]) * (i + 1) / steps)
                    draw.line([p, q], fill=(90, 90, 100), width=2)
    for cell in geometry.values():
        points = cell.polygon
        for i, (p, edge) in enumerate(points):
            q = points[(i + 1) % len(points)][0]
            if edge is None:
                draw.line([_px(p), _px(q)], fill=BORDER, width=3)
            elif edge in NEIGHBOURS[cell.id]:
                draw.line([_px(p), _px(q)], fill=BORDER, width=2)
            else:  # touching on the picture but not adjacent in the rules
                draw.line([_px(p), _px(q)], fill=RIDGE, width=7)
    for cell in geometry.values():
        info = by_id.get(cell.id)
        x, y = _px(cell.centre)
        ink = WITCH_INK if info is None or info.colour is None else COLOURS[info.colour][1]
        if cell.id in highlight:
            draw.ellipse([x - 46, y - 34, x + 46, y + 34], outline=(220, 30, 30), width=4)
        # The flag: white for the Witch, the owner's colour otherwise.
        flag = LIGHT if info is None or info.colour is None else ink
        draw.line([(x - 30, y - 28), (x - 30, y - 6)], fill=INK, width=2)
        draw.polygon([(x - 29, y - 28), (x - 14, y - 23), (x - 29, y - 18)], fill=flag, outline=INK)
        name = names.get(cell.id, cell.id)
        draw.text((x, y + 18), name, fill=INK, font=font(13), anchor="mm")
        tokens = info.tokens if info is not None else ()
        text = _tokens_text(tokens) if tokens else "-"
        box = draw.textbbox((x + 12, y - 14), text, font=font(17), anchor="mm")
        draw.rounded_rectangle(
            [box[0] - 6, box[1] - 3, box[2] + 6, box[3] + 3], radius=6, fill=ink if tokens else None
        )
        draw.text((x + 12, y - 14), text, fill=LIGHT if tokens else INK, font=font(17), anchor="mm")
        if info is not None and info.betrayed:
            draw.text((box[2] + 10, y - 14), f"+{info.betrayed}P", fill=ink, font=font(11), anchor="lm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
