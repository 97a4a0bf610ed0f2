"""One Akelarre card as a picture (Pillow), for the board picture (``picture.py``).

A card is its family's colour *and* the family's pictogram (fairy star, goblin
mushroom, druid tree, nymph drop, witch hat), so no family rests on colour
alone; its value in the coloured band on top; a joker carries a black banner
with the table's word for it ("joker", "Jolly") and the value it stands for in
a group. Every text goes through :func:`cogs.kit.pictures.font`.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from cogs.kit.pictures import font

Colour = tuple[int, int, int]

CARD_W = 66
CARD_H = 96
BAND = 32  # the coloured band that holds the value
TEXT = 20  # the smallest text: 800 / 40
INK: Colour = (24, 24, 24)
LIGHT: Colour = (242, 240, 232)
DIM: Colour = (150, 156, 150)
PAPER: Colour = (248, 244, 232)
GOLD: Colour = (240, 196, 50)
BACK: Colour = (120, 176, 214)  # the light-blue back of the printed cards
BACK_LINE: Colour = (230, 244, 252)
FAMILY_COLOURS: dict[str, Colour] = {
    "fairies": (206, 70, 160),
    "goblins": (204, 92, 28),
    "druids": (40, 132, 60),
    "nymphs": (36, 112, 206),
    "witches": (112, 64, 168),
}


def symbol(draw: ImageDraw.ImageDraw, cx: float, cy: float, family: str, size: int, fill: Colour) -> None:
    """The family's pictogram, ``size`` px high, centred on (cx, cy): shapes tell the
    families apart for anyone who cannot tell the colours apart."""
    u = size / 30  # the shapes are designed on a 30 px box
    if family == "fairies":  # a five-pointed star
        points = []
        for k in range(10):
            r = (15 if k % 2 == 0 else 6.2) * u
            angle = math.pi / 2 + k * math.pi / 5
            points.append((cx + r * math.cos(angle), cy + 1 * u - r * math.sin(angle)))
        draw.polygon(points, fill=fill)
    elif family == "goblins":  # a mushroom: a round cap on a stem
        draw.pieslice((cx - 15 * u, cy - 14 * u, cx + 15 * u, cy + 10 * u), 180, 360, fill=fill)
        draw.rounded_rectangle((cx - 5 * u, cy - 3 * u, cx + 5 * u, cy + 14 * u), 3 * u, fill=fill)
    elif family == "druids":  # a fir tree with its trunk
        draw.polygon([(cx, cy - 15 * u), (cx - 13 * u, cy + 7 * u), (cx + 13 * u, cy + 7 * u)], fill=fill)
        draw.rectangle((cx - 3.5 * u, cy + 6 * u, cx + 3.5 * u, cy + 15 * u), fill=fill)
    elif family == "nymphs":  # a drop of water
        draw.polygon([(cx, cy - 15 * u), (cx - 10 * u, cy + 1 * u), (cx + 10 * u, cy + 1 * u)], fill=fill)
        draw.ellipse((cx - 10.5 * u, cy - 6 * u, cx + 10.5 * u, cy + 15 * u), fill=fill)
    else:  # witches: a pointed hat with its brim
        hat = [(cx + 3 * u, cy - 15 * u), (cx - 9 * u, cy + 6 * u), (cx + 9 * u, cy + 6 * u)]
        draw.polygon(hat, fill=fill)
        draw.ellipse((cx - 15 * u, cy + 3 * u, cx + 15 * u, cy + 11 * u), fill=fill)


def tile(draw: ImageDraw.ImageDraw, cx: float, cy: float, family: str, size: int = 28) -> None:
    """A family as a small paper tile with its pictogram (what a set still needs, the legend)."""
    h = size / 2
    draw.rounded_rectangle(
        (cx - h, cy - h, cx + h, cy + h), 5, fill=PAPER, outline=FAMILY_COLOURS[family], width=2
    )
    symbol(draw, cx, cy, family, size - 8, FAMILY_COLOURS[family])


def card(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    family: str,
    value: str,
    *,
    joker_word: str | None = None,
    takeable: bool = False,
) -> None:
    """A face-up card with its top-left corner at (x, y): ``value`` in the band ("4", or
    "J" for a joker out of a group), the pictogram below, a joker's banner at the foot.
    A card that may be taken has a thick gold frame and a gold triangle under it."""
    colour = FAMILY_COLOURS[family]
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, fill=PAPER, outline=colour, width=3)
    draw.rounded_rectangle((x, y, x + CARD_W, y + BAND), 8, fill=colour)
    draw.rectangle((x, y + BAND - 10, x + CARD_W, y + BAND), fill=colour)
    draw.text((x + CARD_W / 2, y + BAND / 2 + 1), value, font=font(26, bold=True), fill=LIGHT, anchor="mm")
    if joker_word is None:
        symbol(draw, x + CARD_W / 2, y + BAND + (CARD_H - BAND) / 2, family, 38, colour)
    else:
        symbol(draw, x + CARD_W / 2, y + BAND + 19, family, 28, colour)
        banner(draw, x + 3, y + CARD_H - 29, CARD_W - 6, joker_word)
    if takeable:
        draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), 10, outline=GOLD, width=4)
        marker(draw, x + CARD_W / 2, y + CARD_H + 12)


def banner(draw: ImageDraw.ImageDraw, x: float, y: float, width: float, word: str) -> None:
    """The joker's black banner with the table's word for it, gold on black (also the legend's sample)."""
    draw.rounded_rectangle((x, y, x + width, y + 26), 6, fill=INK)
    draw.text((x + width / 2, y + 13), word, font=font(TEXT, bold=True), fill=GOLD, anchor="mm")


def marker(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """The gold triangle under a card that a take may lift (AK-5.5)."""
    draw.polygon([(cx, cy - 7), (cx - 9, cy + 7), (cx + 9, cy + 7)], fill=GOLD, outline=INK)


def back(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The deck: a face-down card. No family's pictogram on it: the back tells nothing."""
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, fill=BACK, outline=LIGHT, width=3)
    draw.rounded_rectangle((x + 8, y + 8, x + CARD_W - 8, y + CARD_H - 8), 6, outline=BACK_LINE, width=2)
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    draw.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), outline=BACK_LINE, width=3)


def empty(draw: ImageDraw.ImageDraw, x: float, y: float, family: str | None) -> None:
    """An empty discard pile (the outline of a card with its family's pictogram, dimmed)
    or an empty deck (the outline alone)."""
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, outline=DIM, width=2)
    if family is not None:
        symbol(draw, x + CARD_W / 2, y + CARD_H / 2, family, 30, DIM)


# -- the board's small cards (the board is shown at half its size: see picture.py) ------

MINI_W = 46
MINI_H = 60
MINI_BAND = 28
MINI_TEXT = 22


def mini(
    draw: ImageDraw.ImageDraw, x: float, y: float, family: str, value: str, *, joker: bool, takeable: bool
) -> None:
    """A face-up card on the board: the value in its family's band, the pictogram below.
    A joker's band is black with its value in gold (How to play says what it means); a
    card a take may lift has a thick gold frame."""
    colour = FAMILY_COLOURS[family]
    draw.rounded_rectangle((x, y, x + MINI_W, y + MINI_H), 6, fill=PAPER, outline=colour, width=3)
    band = INK if joker else colour
    draw.rounded_rectangle((x, y, x + MINI_W, y + MINI_BAND), 6, fill=band)
    draw.rectangle((x, y + MINI_BAND - 8, x + MINI_W, y + MINI_BAND), fill=band)
    face = font(MINI_TEXT, bold=True)
    draw.text(
        (x + MINI_W / 2, y + MINI_BAND / 2 + 1), value, font=face, fill=GOLD if joker else LIGHT, anchor="mm"
    )
    symbol(draw, x + MINI_W / 2, y + MINI_BAND + (MINI_H - MINI_BAND) / 2, family, 24, colour)
    if takeable:
        draw.rounded_rectangle((x - 4, y - 4, x + MINI_W + 4, y + MINI_H + 4), 8, outline=GOLD, width=4)


def mini_back(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The deck, face down."""
    draw.rounded_rectangle((x, y, x + MINI_W, y + MINI_H), 6, fill=BACK, outline=LIGHT, width=2)
    cx, cy = x + MINI_W / 2, y + MINI_H / 2
    draw.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), outline=BACK_LINE, width=3)


def mini_empty(draw: ImageDraw.ImageDraw, x: float, y: float, family: str | None) -> None:
    """An empty discard pile (its family's pictogram, dimmed) or the drawn-out deck."""
    draw.rounded_rectangle((x, y, x + MINI_W, y + MINI_H), 6, outline=DIM, width=2)
    if family is not None:
        symbol(draw, x + MINI_W / 2, y + MINI_H / 2, family, 22, DIM)
