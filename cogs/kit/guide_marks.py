"""Marking a board picture's parts: a numbered mark beside each part, and below the
picture a key that says, in the member's language, what each number names.

A mark is a pin (a disc with a tail pointing at its part) in a colour no board
picture uses (:data:`MARK`, checked by the guide's tests): a plain numbered disc
read as one of the board's own, like Tir Nan Og's territory values.

A mark is small and sits where it hides least of the picture (:func:`detail`:
its edges, so cards and words rather than a plain background); the words go in
the key, where they have the whole width and cover nothing, at a size readable on a
phone (at least 1/40 of the picture's width, like every picture's text).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter, ImageStat

from cogs.kit.pictures import font, min_text_size, wrapped

Rect = tuple[float, float, float, float]  # left, top, right, bottom

INK = (20, 20, 20)
MARK = (0, 220, 255)  # cyan: no board uses it (yellow was Tir Nan Og's values, Akelarre's marks)
SHADOW = (15, 15, 15)
KEY = (24, 24, 28)
KEY_INK = (240, 240, 236)
TAIL = 1.7  # the pin's tail reaches this many radii from its centre
DETAIL_SCALE = 4  # the detail map is a quarter of the picture's size: enough to compare places


@dataclass(frozen=True)
class Mark:
    """A part's number beside it, and the key's words for it."""

    number: int
    box: Rect  # the numbered disc
    part: Rect
    lines: tuple[str, ...]  # the key's lines for it


def text_size(width: int) -> int:
    """The key's and the marks' text: a little above the smallest readable size."""
    return min_text_size(width) + 2


def detail(image: Image.Image) -> Image.Image:
    """Where the picture has something to see (edges: cards, words, borders), at
    1/``DETAIL_SCALE`` of its size: a mark goes where there is least of it."""
    small = image.convert("L").reduce(DETAIL_SCALE)
    edges = small.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v > 24 else 0)
    return edges.filter(ImageFilter.MaxFilter(3))


def overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def grown(box: Rect, by: float) -> Rect:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _hidden(mask: Image.Image, box: Rect) -> float:
    """How much of the picture's detail ``box`` would hide, in the picture's px²."""
    left, top, right, bottom = (round(v / DETAIL_SCALE) for v in box)
    part = mask.crop((left, top, right, bottom))
    return float(ImageStat.Stat(part).sum[0]) / 255 * DETAIL_SCALE**2


def _around(part: Rect, side: float, gap: float) -> list[Rect]:
    """Boxes ``side`` px wide, ``gap`` px clear of ``part``: along each of its sides
    (at either end and the middle) and at its corners."""
    left, top, right, bottom = part
    xs = (left, (left + right - side) / 2, right - side)  # along the top and the bottom
    ys = (top, (top + bottom - side) / 2, bottom - side)  # along the left and the right
    spots = [(x, top - gap - side) for x in xs] + [(x, bottom + gap) for x in xs]
    spots += [(left - gap - side, y) for y in ys] + [(right + gap, y) for y in ys]
    spots += [(x, y) for x in (left - gap - side, right + gap) for y in (top - gap - side, bottom + gap)]
    return [(x, y, x + side, y + side) for x, y in spots]


def _spot(
    side: float, part: Rect, mask: Image.Image, parts: list[Rect], marks: list[Rect], words: list[Rect]
) -> Rect:
    """Where a mark ``side`` px wide goes: touching its part if it can, inside the
    picture, on no part and no other mark, hiding as little as can be (words most)."""
    width, height = mask.width * DETAIL_SCALE, mask.height * DETAIL_SCALE
    best: tuple[float, Rect] | None = None
    for gap in (9, 16, 30, 50):  # room for the pin's tail
        for box in _around(part, side, gap):
            if box[0] < 2 or box[1] < 2 or box[2] > width - 2 or box[3] > height - 2:
                continue
            if any(overlap(box, other) for other in parts) or any(overlap(grown(box, 4), m) for m in marks):
                continue
            cost = _hidden(mask, box) + 8 * sum(overlap(box, w) for w in words) + gap * side
            if best is None or cost < best[0]:
                best = (cost, box)
    if best is not None:
        return best[1]
    x = min(max(2.0, part[0] - side - 2), width - side - 2)  # crowded: over the part's left edge
    return x, part[1], x + side, part[1] + side


def _pointer(draw: ImageDraw.ImageDraw, box: Rect, part: Rect) -> None:
    """A short line from a mark that does not touch its part to the part's edge."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    tx = min(max(cx, part[0]), part[2])
    ty = min(max(cy, part[1]), part[3])
    if math.dist((cx, cy), (tx, ty)) > (box[2] - box[0]) / 2 + 6:
        draw.line([(cx, cy), (tx, ty)], fill=SHADOW, width=7)
        draw.line([(cx, cy), (tx, ty)], fill=MARK, width=3)


def marked(
    image: Image.Image, labels: list[tuple[str, Rect]], words: list[Rect]
) -> tuple[Image.Image, tuple[Mark, ...]]:
    """``image`` with a numbered mark beside each labelled part (``words``: where the
    picture wrote, best left uncovered) and the key below it."""
    size = text_size(image.width)
    side = size + 12
    mask = detail(image)
    parts = [grown(part, 2) for _, part in labels]
    boxes: list[Rect] = []
    for _, part in labels:
        boxes.append(_spot(side, part, mask, parts, boxes, words))
    measure = ImageDraw.Draw(image)
    margin = size
    indent = margin + side + size  # clear of the pin's tail
    marks = tuple(
        Mark(number, box, part, tuple(wrapped(measure, text, image.width - indent - margin, size)))
        for number, ((text, part), box) in enumerate(zip(labels, boxes, strict=True), start=1)
    )
    line = size + 8
    key_height = margin + sum(max(len(m.lines) * line, side) + 10 for m in marks) + margin - 10
    out = Image.new("RGB", (image.width, image.height + key_height), KEY)
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    for mark in marks:
        _pointer(draw, mark.box, mark.part)
    for mark in marks:
        _pin(draw, mark.box, mark.number, size, _nearest(mark.box, mark.part))
    y = image.height + margin
    for mark in marks:
        box = (margin, y, margin + side, y + side)
        _pin(draw, box, mark.number, size, (indent, y + side / 2))  # pointing at its words
        text_top = y + (side - len(mark.lines) * line + 8) / 2 if len(mark.lines) == 1 else y
        for index, text in enumerate(mark.lines):
            draw.text((indent, text_top + index * line), text, font=font(size), fill=KEY_INK)
        y += max(len(mark.lines) * line, side) + 10
    return out, marks


def _nearest(box: Rect, part: Rect) -> tuple[float, float]:
    """The point of ``part`` nearest the centre of ``box``."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return min(max(cx, part[0]), part[2]), min(max(cy, part[1]), part[3])


def _pin(draw: ImageDraw.ImageDraw, box: Rect, number: int, size: int, toward: tuple[float, float]) -> None:
    """The numbered disc in ``box`` with a tail pointing at ``toward`` (none when the
    point is under the disc): a shape no board draws, so it reads as a callout."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r = (box[2] - box[0]) / 2
    distance = math.dist((cx, cy), toward)
    angle = math.atan2(toward[1] - cy, toward[0] - cx)
    reach = min(r * TAIL, distance)  # to the part's edge, the shape telling it apart

    def tail(radius: float, tip: float) -> list[tuple[float, float]]:
        # The tail's base: where a circle of ``radius`` turns 40° either side of the tip.
        base = [(cx + radius * math.cos(angle + a), cy + radius * math.sin(angle + a)) for a in (0.7, -0.7)]
        return [base[0], (cx + tip * math.cos(angle), cy + tip * math.sin(angle)), base[1]]

    if distance > r:
        draw.polygon(tail(r, reach), fill=MARK, outline=SHADOW, width=3)
    draw.ellipse(box, fill=MARK, outline=SHADOW, width=3)
    if distance > r:  # the disc's outline cut the tail's root: fill it over again
        draw.polygon(tail(r - 3, reach - 5), fill=MARK)
    draw.text((cx, cy + 1), str(number), font=font(size, bold=True), fill=INK, anchor="mm")
