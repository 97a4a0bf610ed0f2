"""The marks every hand picture shares (the private panel's picture of a member's own
cards, in Akelarre, Tir Nan Og, Talismani and Mag Mor): so the four read alike.

* what may be played now is raised, framed in green and ticked;
* what is already chosen in the panel's draft is raised higher, framed in gold, with a
  gold tick;
* the rest, while the member must act, is dimmed towards the background.

Raised, ticked and dimmed are shapes and shades, so the marks never rest on telling
green from gold. Each game draws its own card faces (the board's); these only mark them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from PIL import Image, ImageDraw

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]
Mark = Literal["plain", "playable", "selected", "dimmed"]

PLAYABLE = (96, 224, 120)
SELECTED = (250, 204, 60)
TICK_INK = (20, 24, 20)
# How far a marked card rises above the row: a playable card by RAISE, a chosen one by
# more, so a picture needs RAISE_SELECTED px of room above its cards.
RAISE = 10
RAISE_SELECTED = 16
DIM_AMOUNT = 0.6  # how far a dimmed card fades towards the background


def lift(mark: Mark) -> int:
    """How far above the row a card with ``mark`` is drawn."""
    return {"playable": RAISE, "selected": RAISE_SELECTED}.get(mark, 0)


def tick(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = PLAYABLE) -> None:
    """A tick in a disc (drawn with lines: it does not depend on the font having ✓)."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=TICK_INK, width=2)
    u = r / 11
    points = [(cx - 5 * u, cy), (cx - 1 * u, cy + 5 * u), (cx + 6 * u, cy - 5 * u)]
    draw.line(points, fill=TICK_INK, width=max(2, round(3 * u)), joint="curve")


def mark_card(draw: ImageDraw.ImageDraw, box: Box, mark: Mark, radius: float, badge: float = 11) -> None:
    """Frame a card drawn at ``box`` (already lifted) and tick its top-right corner. The
    frame stands 2 px off the card, so a strip of background parts it from a card of its
    own colour (a sun in Talismani is gold too); the tick sits on the corner, clear of
    the value a card prints there."""
    if mark not in ("playable", "selected"):
        return
    colour, width = (SELECTED, 5) if mark == "selected" else (PLAYABLE, 4)
    x0, y0, x1, y1 = box
    out = 2 + width
    frame = (x0 - out, y0 - out, x1 + out, y1 + out)
    draw.rounded_rectangle(frame, radius + out, outline=colour, width=width)
    tick(draw, x1 + 1, y0 - 1, badge, colour)


def apply_marks(
    image: Image.Image,
    placed: Sequence[tuple[Box, Mark]],
    background: Colour,
    radius: float,
    badge: float = 11,
) -> None:
    """Once every card is drawn: dim those that may not be played, then frame and tick the
    others (last, so a neighbour never covers a frame)."""
    draw = ImageDraw.Draw(image)
    for box, mark in placed:
        if mark == "dimmed":
            dim(image, box, background)
    for box, mark in placed:
        mark_card(draw, box, mark, radius, badge)


def dim(image: Image.Image, box: Box, background: Colour, amount: float = DIM_AMOUNT) -> None:
    """Fade what is drawn in ``box`` towards ``background`` (a card that may not be played)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(image.width, x1 + 1), min(image.height, y1 + 1)
    if x1 <= x0 or y1 <= y0:
        return
    region = image.crop((x0, y0, x1, y1))
    faded = Image.blend(region, Image.new("RGB", region.size, background), amount)
    image.paste(faded, (x0, y0))


def marked(marks: list[Mark], acting: bool) -> list[Mark]:
    """While acting, every card not playable nor chosen is dimmed; otherwise all are plain
    except what the member has already chosen (a secret play waiting for the reveal)."""
    if acting:
        return [m if m in ("playable", "selected") else "dimmed" for m in marks]
    return [m if m == "selected" else "plain" for m in marks]
