"""The pieces of the Talismani picture (Pillow): a suit's pictogram, one card face up,
a talisman whole or half, a hand of cards seen from the back, and the small marks
(winner, forging, has chosen, still choosing, to act now).

A suit is a colour *and* a pictogram (sun, clouds, rain, snowflake, fog, lightning), so
nobody has to tell colours apart; a letter would not do, since "Nebbia" and "Neve" share
theirs. Special cards carry a short name in the table's language and their number. Every
text goes through :func:`cogs.kit.pictures.font`.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from bot.i18n import t
from cogs.kit.pictures import bare, font
from games.talismani.face import FIRST_TALISMAN, is_fairy, is_joker, kind_of, number_of, suit_of, value_of

Colour = tuple[int, int, int]

INK = (24, 22, 30)
LIGHT = (244, 242, 248)
DIM = (176, 170, 190)
GOLD = (238, 192, 52)
PARCHMENT = (238, 230, 210)
CARD_BACK = (112, 70, 160)
CHOSEN = (70, 170, 90)
# Each suit's colour and the ink that reads on it (dark on the light suits, light on rain
# and storm): fixed here rather than computed, since the six colours are designed.
SUIT_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "fog": ((178, 182, 190), INK),
    "snow": ((230, 240, 252), INK),
    "clouds": ((140, 176, 214), INK),
    "rain": ((46, 100, 196), LIGHT),
    "sun": ((250, 198, 58), INK),
    "storm": ((92, 62, 138), LIGHT),
}
BOLT = (250, 214, 64)  # the storm's lightning, yellow on purple
CARD_H = 40  # a card face up in the picture
FAIRY_W = 76  # room for a pictogram and a two-digit value side by side
VALUE = 24  # a fairy's value on its card
LABEL = 22  # a special card's name: the smallest text of the picture (11 px as Discord shows the board)


def _cloud(draw: ImageDraw.ImageDraw, cx: float, cy: float, u: float, fill: Colour) -> None:
    """A cloud of three puffs on a flat base, ``u`` px per unit of a 30-unit tile."""
    draw.ellipse((cx - 12 * u, cy - 3 * u, cx - 2 * u, cy + 7 * u), fill=fill)
    draw.ellipse((cx - 7 * u, cy - 9 * u, cx + 7 * u, cy + 5 * u), fill=fill)
    draw.ellipse((cx + 1 * u, cy - 5 * u, cx + 12 * u, cy + 6 * u), fill=fill)
    draw.rectangle((cx - 7 * u, cy + 1 * u, cx + 7 * u, cy + 7 * u), fill=fill)


def suit_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, suit: str, size: float, ink: Colour) -> None:
    """The suit's pictogram centred on (cx, cy), ``size`` px across, drawn in ``ink``."""
    u = size / 30
    w = max(2, round(2.5 * u))
    if suit == "sun":
        for n in range(8):
            a = math.radians(n * 45)
            ray = [
                (cx + 9 * u * math.cos(a), cy + 9 * u * math.sin(a)),
                (cx + 14 * u * math.cos(a), cy + 14 * u * math.sin(a)),
            ]
            draw.line(ray, fill=ink, width=w)
        draw.ellipse((cx - 7 * u, cy - 7 * u, cx + 7 * u, cy + 7 * u), fill=ink)
    elif suit == "clouds":
        _cloud(draw, cx, cy + 2 * u, 1.15 * u, ink)
    elif suit == "rain":
        _cloud(draw, cx, cy - 5 * u, u, ink)
        for dx in (-7, 0, 7):
            draw.line([(cx + (dx + 2) * u, cy + 5 * u), (cx + (dx - 1) * u, cy + 13 * u)], fill=ink, width=w)
    elif suit == "snow":
        for n in range(3):
            a = math.radians(90 + n * 60)
            ax, ay = 13 * u * math.cos(a), 13 * u * math.sin(a)
            draw.line([(cx - ax, cy - ay), (cx + ax, cy + ay)], fill=ink, width=w)
        draw.ellipse((cx - 3 * u, cy - 3 * u, cx + 3 * u, cy + 3 * u), fill=ink)
    elif suit == "fog":
        for dy, left, right in ((-8, -13, 9), (0, -9, 13), (8, -13, 11)):
            draw.line([(cx + left * u, cy + dy * u), (cx + right * u, cy + dy * u)], fill=ink, width=w + 1)
    elif suit == "storm":
        _cloud(draw, cx, cy - 6 * u, u, ink)
        bolt = [(2, -2), (-6, 7), (-1, 7), (-4, 15), (6, 4), (1, 4), (4, -2)]
        draw.polygon([(cx + x * u, cy + y * u) for x, y in bolt], fill=BOLT, outline=INK)


def suit_tile(
    draw: ImageDraw.ImageDraw, x: float, y: float, suit: str, side: float, outline: Colour = LIGHT
) -> None:
    """A small square of the suit's colour with its pictogram (a talisman waiting to be forged)."""
    colour, ink = SUIT_COLOURS[suit]
    width = 1 if outline == LIGHT else 3
    draw.rounded_rectangle((x, y, x + side, y + side), 5, fill=colour, outline=outline, width=width)
    suit_icon(draw, x + side / 2, y + side / 2, suit, side * 0.8, ink)


def card_label(card: str, language: str) -> str:
    """What a card that is not a fairy says: "Joker", "Reverse 3", "First Talisman"."""
    if card == FIRST_TALISMAN:
        return bare(t(f"talismani.card.{card}", language))
    if is_joker(card):
        return t("talismani.ui.picture.special.joker", language)
    name = t(f"talismani.ui.picture.special.{kind_of(card)}", language)
    return f"{name} {number_of(card)}"


def card_width(card: str, language: str) -> float:
    if is_fairy(card):
        return FAIRY_W
    return font(LABEL, bold=True).getlength(card_label(card, language)) + 18


def draw_card(draw: ImageDraw.ImageDraw, x: float, top: float, card: str, language: str) -> float:
    """One card face up, its left edge at ``x``; returns its width. A fairy shows its suit's
    pictogram and its value on the suit's colour; any other card its name on parchment
    (the First Talisman on gold)."""
    width = card_width(card, language)
    box = (x, top, x + width, top + CARD_H)
    if is_fairy(card):
        colour, ink = SUIT_COLOURS[suit_of(card)]
        draw.rounded_rectangle(box, 7, fill=colour, outline=LIGHT, width=2)
        suit_icon(draw, x + 19, top + CARD_H / 2, suit_of(card), 26, ink)
        draw.text(
            (x + width - 8, top + CARD_H / 2 + 1),
            str(value_of(card)),
            font=font(VALUE, bold=True),
            fill=ink,
            anchor="rm",
        )
        return width
    fill = GOLD if card == FIRST_TALISMAN else PARCHMENT
    draw.rounded_rectangle(box, 7, fill=fill, outline=LIGHT, width=2)
    draw.text(
        (x + width / 2, top + CARD_H / 2 + 1),
        card_label(card, language),
        font=font(LABEL, bold=True),
        fill=INK,
        anchor="mm",
    )
    return width


def whole_talisman(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A whole talisman: a full gold disc."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=LIGHT, width=2)


def half_talisman(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Half a talisman: the left half of the disc, the right half only outlined."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=LIGHT, width=2)
    draw.pieslice((cx - r, cy - r, cx + r, cy + r), 90, 270, fill=GOLD, outline=LIGHT, width=2)


def hand_icon(draw: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """Cards in hand, seen from the back: two fanned card backs, their left edge at ``x``."""
    for dx, dy in ((0, -2), (6, 2)):
        box = (x + dx, cy - 13 + dy, x + dx + 17, cy + 11 + dy)
        draw.rounded_rectangle(box, 3, fill=CARD_BACK, outline=LIGHT, width=2)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The turn's winner: a gold five-pointed star."""
    points = []
    for n in range(10):
        radius = r if n % 2 == 0 else r * 0.45
        a = math.radians(-90 + n * 36)
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    draw.polygon(points, fill=GOLD, outline=INK)


def hammer(draw: ImageDraw.ImageDraw, cx: float, cy: float, colour: Colour) -> None:
    """A forging hammer: a combination that can forge a talisman, or a forge play. A slanted
    handle with a block head across its top end, so it reads as a hammer, not an axe."""
    draw.line([(cx - 8, cy + 11), (cx + 4, cy - 3)], fill=colour, width=4)
    # The head: a block centred on (cx + 5, cy - 5), across the handle's direction.
    head = [(-4, -15), (7, -2), (13, -7), (2, -20)]
    draw.polygon([(cx + x, cy + y + 7) for x, y in head], fill=colour)


def chosen_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """Has chosen (or answered) in secret: a tick in a green disc (never what was chosen)."""
    draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=CHOSEN, outline=LIGHT, width=2)
    draw.line([(cx - 5, cy), (cx - 1, cy + 5), (cx + 6, cy - 5)], fill=LIGHT, width=3, joint="curve")


def waiting_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """Still choosing: an hourglass in an empty ring."""
    draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), outline=DIM, width=2)
    draw.polygon([(cx - 5, cy - 6), (cx + 5, cy - 6), (cx - 5, cy + 6), (cx + 5, cy + 6)], fill=DIM)


def turn_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """To act now (choose the stake, pick, move the weather): a gold pointer."""
    draw.polygon([(cx - 8, cy - 11), (cx + 10, cy), (cx - 8, cy + 11)], fill=GOLD, outline=LIGHT)
