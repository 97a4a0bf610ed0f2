"""Where each territory's label goes on Narnia's map: the owner's mark and the stack's
chips on one row, the territory's name under it, the whole block inside the territory.

A territory is a convex cell (a Voronoi cell clipped by the frame), so the block fits
when the corners of its two boxes (the chips row, the name) keep ``MARGIN`` px inside
every edge. For a given wrapping of the name, the places the block may go are then a
convex region too (one half-plane per edge), found by clipping; the label goes at the
point of that region nearest the cell's centre of area. The wrapping tried first is
the one on fewest lines that fits; a name that fits no way at all goes where it
keeps furthest inside (the margin is searched down until a place exists).

The chips row is as wide as the stack it shows (mark and chips, or mark and flag): a
territory's label is placed once per name and row width (a few of each).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from cogs.kit.pictures import font

Point = tuple[float, float]
Polygon = tuple[Point, ...]  # px, convex
Edge = tuple[Point, float, bool]  # inward normal, offset, the frame's

MARGIN = 6  # px between a label and its territory's edge
FRAME_MARGIN = 3  # px between a label and the picture's frame, whatever happens
ROW_W, ROW_H = 150, 32  # the widest chips row (the owner's mark, two chips and "+N")
GAP = 4  # between the row and the name
LINE = 28  # a name's line height (25 px text and its halo)
HALO = 3  # the halo drawn around a name's letters


@dataclass(frozen=True)
class Label:
    x: float  # the block's middle
    row: float  # the chips row's middle (y)
    name_top: float  # the name's first line's top (y)
    lines: tuple[str, ...]  # the name, wrapped
    clearance: float  # px it keeps inside its territory (MARGIN when it fits; < 0: it crosses)
    row_w: float = ROW_W

    @property
    def fits(self) -> bool:
        return self.clearance >= MARGIN

    def boxes(self, text: int) -> tuple[tuple[float, float, float, float], ...]:
        """The chips row's box and the name's, in px (for arrows to keep clear of)."""
        width = _width(self.lines, text)
        return (
            (self.x - self.row_w / 2, self.row - ROW_H / 2, self.x + self.row_w / 2, self.row + ROW_H / 2),
            (self.x - width / 2, self.name_top, self.x + width / 2, self.name_top + len(self.lines) * LINE),
        )


@cache  # a name's few wrappings are measured again for every stack and scale tried
def _width(lines: tuple[str, ...], text: int) -> float:
    draw = _measure()
    return max(draw.textlength(line, font=font(text)) for line in lines) + 2 * HALO


@cache
def _measure() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("L", (1, 1)))


@cache
def wrappings(name: str, text: int) -> list[tuple[str, ...]]:
    """Every way worth trying to put ``name`` on lines, fewest lines first: for each
    number of lines, the split whose longest line is shortest."""
    words = name.split()
    out: list[tuple[str, ...]] = []
    for count in range(1, min(len(words), 4) + 1):
        best = min(_splits(words, count), key=lambda lines: _width(lines, text))
        out.append(best)
    return out


def _splits(words: list[str], count: int) -> list[tuple[str, ...]]:
    if count == 1:
        return [(" ".join(words),)]
    out = []
    for cut in range(1, len(words) - count + 2):
        head = " ".join(words[:cut])
        out += [(head, *rest) for rest in _splits(words[cut:], count - 1)]
    return out


def _edges(polygon: Polygon, frame: tuple[bool, ...]) -> list[Edge]:
    """Each edge as (inward unit normal, offset, whether it is the frame's): a point p is
    inside when n·p >= offset."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    out = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        nx, ny = q[1] - p[1], p[0] - q[0]
        length = (nx * nx + ny * ny) ** 0.5
        if length < 1e-9:
            continue
        nx, ny = nx / length, ny / length
        if nx * (cx - p[0]) + ny * (cy - p[1]) < 0:
            nx, ny = -nx, -ny
        out.append(((nx, ny), nx * p[0] + ny * p[1], frame[i]))
    return out


def _region(edges: list[Edge], corners: list[Point], margin: float) -> list[Point]:
    """Where the block's anchor may go: every corner ``margin`` px inside every edge, and
    never less than FRAME_MARGIN inside the frame (a label may cross into a neighbour
    where it must, never out of the picture)."""
    region: list[Point] = [(-1e4, -1e4), (1e4, -1e4), (1e4, 1e4), (-1e4, 1e4)]
    for (nx, ny), offset, frame in edges:
        keep = max(margin, FRAME_MARGIN) if frame else margin
        need = offset + keep - min(nx * dx + ny * dy for dx, dy in corners)
        region = _keep(region, nx, ny, need)
        if not region:
            break
    return region


def _keep(polygon: list[Point], nx: float, ny: float, need: float) -> list[Point]:
    """The part of ``polygon`` where n·p >= need (Sutherland-Hodgman)."""
    out: list[Point] = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        dp, dq = nx * p[0] + ny * p[1] - need, nx * q[0] + ny * q[1] - need
        if dp >= 0:
            out.append(p)
        if (dp >= 0) != (dq >= 0):
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _nearest(region: list[Point], target: Point) -> Point:
    """The point of a convex ``region`` nearest ``target``."""
    if len(region) < 3:
        return region[0]
    if all(
        (q[0] - p[0]) * (target[1] - p[1]) - (q[1] - p[1]) * (target[0] - p[0]) >= 0
        for p, q in zip(region, region[1:] + region[:1], strict=True)
    ) or all(
        (q[0] - p[0]) * (target[1] - p[1]) - (q[1] - p[1]) * (target[0] - p[0]) <= 0
        for p, q in zip(region, region[1:] + region[:1], strict=True)
    ):
        return target
    best, distance = region[0], float("inf")
    for p, q in zip(region, region[1:] + region[:1], strict=True):
        dx, dy = q[0] - p[0], q[1] - p[1]
        length = dx * dx + dy * dy
        t = (
            0.0
            if length == 0
            else max(0.0, min(1.0, ((target[0] - p[0]) * dx + (target[1] - p[1]) * dy) / length))
        )
        point = (p[0] + t * dx, p[1] + t * dy)
        d = (point[0] - target[0]) ** 2 + (point[1] - target[1]) ** 2
        if d < distance:
            best, distance = point, d
    return best


@dataclass(frozen=True)
class _Block:
    """A wrapping of the name with the chips row above it (or, where only that fits,
    below it): its boxes' corners from its anchor, the block's top middle."""

    lines: tuple[str, ...]
    row_w: float
    below: bool
    width: float

    @property
    def row(self) -> float:
        return len(self.lines) * LINE + GAP + ROW_H / 2 if self.below else ROW_H / 2

    @property
    def name_top(self) -> float:
        return 0.0 if self.below else ROW_H + GAP

    @property
    def height(self) -> float:
        return ROW_H + GAP + len(self.lines) * LINE

    def corners(self) -> list[Point]:
        row_top, name_top = self.row - ROW_H / 2, self.name_top
        name_bottom = name_top + len(self.lines) * LINE
        half_row, half_name = self.row_w / 2, self.width / 2
        return [
            (-half_row, row_top),
            (half_row, row_top),
            (-half_row, row_top + ROW_H),
            (half_row, row_top + ROW_H),
            (-half_name, name_top),
            (half_name, name_top),
            (-half_name, name_bottom),
            (half_name, name_bottom),
        ]


def place(
    polygon: Polygon, frame: tuple[bool, ...], centre: Point, name: str, text: int, row_w: float = ROW_W
) -> Label:
    """The label of the territory ``polygon`` (px; ``frame`` tells which of its edges are
    the picture's frame), its chips row ``row_w`` px wide, as near its ``centre`` as it
    fits: on the fewest lines with the row above, else the fewest with the row below,
    else wherever it keeps furthest inside."""
    found = fitting(polygon, frame, centre, name, text, row_w)
    if found is not None:
        return found
    edges = _edges(polygon, frame)
    blocks = _blocks(name, text, row_w)
    best: tuple[float, _Block] | None = None
    for block in blocks:
        low, high = -200.0, float(MARGIN)
        for _ in range(14):
            middle = (low + high) / 2
            low, high = (middle, high) if _region(edges, block.corners(), middle) else (low, middle)
        if best is None or low > best[0]:
            best = (low, block)
    assert best is not None
    margin, block = best
    return _at(_region(edges, block.corners(), margin), centre, block, margin)


def fitting(
    polygon: Polygon,
    frame: tuple[bool, ...],
    centre: Point,
    name: str,
    text: int,
    row_w: float = ROW_W,
    margin: float = MARGIN,
) -> Label | None:
    """The label as :func:`place` puts it where it fits ``margin`` px inside (its
    ``clearance``), or None where it does not (the Activity's page then shrinks it)."""
    edges = _edges(polygon, frame)
    for block in _blocks(name, text, row_w):
        region = _region(edges, block.corners(), margin)
        if region:
            return _at(region, centre, block, margin)
    return None


def _blocks(name: str, text: int, row_w: float) -> list[_Block]:
    """The blocks to try, in order: the fewest lines first, the row above, then below."""
    return [
        _Block(lines, row_w, below, _width(lines, text))
        for below in (False, True)
        for lines in wrappings(name, text)
    ]


def _at(region: list[Point], centre: Point, block: _Block, clearance: float) -> Label:
    """The anchor nearest the one that puts the block's middle on ``centre``."""
    x, top = _nearest(region, (centre[0], centre[1] - block.height / 2))
    return Label(x, top + block.row, top + block.name_top, block.lines, clearance, block.row_w)
