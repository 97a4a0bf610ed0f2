"""The middle of a Tir Nan Og Wars table as a picture (Pillow), for a phone; and a
member's own hand, the private panel's picture (at the end of this module).

What it shows, in at most 800 x 600 (4:3, shown at half size in Discord's embed
box; no text under 22 px): the display of creatures in one row (each
a coloured disc *and* the species' initial and name, so nothing rests on
colour), the six territory piles three to a row with their top card (type,
creature symbols to pay, territory value in a yellow disc, cards left, and a
badge when a magic fountain is still hidden in the pile), and the players two
to a row (by name, whose turn it is, victory points, hand size, the reserve's
territories with their values, the stack's top card and height). The marks'
legend is in 📖 How to play and the embed. Once the game is over the result is
drawn above it all: the winner, every place and score.

The table is drawn from the public view only, off the event loop (the publisher runs it in
a thread). Every text goes through :func:`cogs.kit.pictures.font`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from cogs.kit.hand_marks import RAISE_SELECTED, Mark, apply_marks, lift, marked, tick
from cogs.kit.pictures import bare, fitted, font, player_names, png
from cogs.kit.presenter import PanelContext
from cogs.kit.result_picture import Palette, result_of, with_result
from cogs.tirnanog.words import LIMIT
from games.core import Outcome
from games.tirnanog.face import (
    SPECIES,
    PileView,
    SeatView,
    TirNanOgView,
    counts_of,
    is_fountain,
    requirement,
    type_of,
    value_of,
)

# The board: at most 800 x 600 (4:3), shown at half size in Discord's 400 x 300 box, so
# no text under 22 px (11 px as shown; cogs.kit.pictures.MIN_SHOWN_TEXT).
BOARD_W = 800
MARGIN = 16
GAP = 8
TEXT = 22
TITLE = 24
PILES_Y = 124  # the piles' top, under their title
PILE_H = 116
PLAYERS_Y = PILES_Y + 2 * PILE_H + GAP + 10  # the players' boxes, two to a row
# The private panel's hand: a picture of its own, not shown in the embed's box.
HAND_WIDTH = 720
HAND_MARGIN = 24
HAND_TEXT = 18
BACKGROUND = (34, 40, 36)
LIGHT = (240, 240, 236)
DIM = (170, 176, 170)
INK = (24, 24, 24)
CARD = (246, 242, 230)
GOLD = (240, 198, 60)
SPECIES_COLOURS = {
    "dragon": (196, 48, 40),
    "elf": (46, 140, 64),
    "fairy": (188, 84, 190),
    "griffin": (214, 164, 40),
    "centaur": (52, 104, 200),
    "any": (120, 120, 120),
}
TERRAIN_COLOURS = {
    "plain": (176, 200, 96),
    "castle": (150, 150, 166),
    "forest": (40, 112, 58),
    "river": (58, 124, 206),
    "temple": (204, 170, 112),
    "volcano": (186, 70, 40),
    "fountain": (80, 190, 220),
}
FOUNTAIN = (80, 190, 220)


def _ink_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark text on light colours, light text on dark ones."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else LIGHT


def _centred(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: tuple[int, int, int]
) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def _disc(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, name: str, letter: str, size: int
) -> None:
    colour = SPECIES_COLOURS[name]
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=LIGHT, width=2)
    _centred(draw, (cx, cy + 1), letter, size, _ink_on(colour))


def draw_table(
    v: TirNanOgView, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes:
    players = player_names(names, v.players, language)
    image = _middle(v, language, players)
    if outcome is not None:
        score = lambda s: t("tirnanog.count.vp", language, count=s.score or 0)  # noqa: E731
        image = with_result(image, result_of(outcome, players, language, score), PALETTE)
    return png(image)


PALETTE = Palette(background=BACKGROUND, panel=(48, 58, 52), text=LIGHT, dim=DIM, gold=GOLD, ink=INK)


def _middle(v: TirNanOgView, language: str, players: tuple[str, ...]) -> Image.Image:
    names = {s: bare(t(f"tirnanog.resource.{s}", language)) for s in SPECIES}
    letters = {s: names[s][:1].upper() for s in SPECIES}
    letters["any"] = "?"

    def ui(key: str, **params: object) -> str:
        return t(f"tirnanog.ui.picture.{key}", language, **params)

    rows = -(-len(v.seats) // 2)
    height = PLAYERS_Y + rows * (SEAT_H + GAP) - GAP + 12
    image = Image.new("RGB", (BOARD_W, height), BACKGROUND)
    draw = ImageDraw.Draw(image)

    # -- the display: five cards side by side ---------------------------------------
    draw.text((MARGIN, 8), ui("display"), font=font(TITLE), fill=LIGHT)
    deck = ui("deck", deck=v.deck_size, discards=v.discard_size)
    draw.text((BOARD_W - MARGIN, 12), deck, font=font(TEXT), fill=DIM, anchor="ra")
    y, h = 44, 44
    w = (BOARD_W - 2 * MARGIN - 4 * GAP) / 5
    for i in range(5):
        x = MARGIN + i * (w + GAP)
        if i >= len(v.display):
            draw.rounded_rectangle((x, y, x + w, y + h), 8, outline=DIM, width=2)
            _centred(draw, (x + w / 2, y + h / 2), ui("empty_slot"), TEXT, DIM)
            continue
        name = v.display[i]
        draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=CARD)
        _disc(draw, x + 22, y + h / 2, 17, name, letters[name], TEXT)
        draw.text((x + 46, y + h / 2 + 1), names[name], font=font(TEXT), fill=INK, anchor="lm")

    # -- the piles: three to a row ------------------------------------------------------
    draw.text((MARGIN, 92), ui("piles"), font=font(TITLE), fill=LIGHT)
    w = (BOARD_W - 2 * MARGIN - 2 * GAP) / 3
    for index, pile in enumerate(v.piles):
        x = MARGIN + (index % 3) * (w + GAP)
        top = PILES_Y + (index // 3) * (PILE_H + GAP)
        _pile(draw, pile, x, top, w, language, names, letters)

    for index, s in enumerate(v.seats):
        x = MARGIN + (index % 2) * (SEAT_W + GAP)
        _seat(draw, v, s, players[s.seat], language, x, PLAYERS_Y + (index // 2) * (SEAT_H + GAP))
    return image


def _pile(
    draw: ImageDraw.ImageDraw,
    pile: PileView,
    x: float,
    y: float,
    w: float,
    language: str,
    names: dict[str, str],
    letters: dict[str, str],
) -> None:
    """One territory pile: its top card's type and value, the creatures it costs, the
    cards left, and whether a fountain is still hidden in it."""

    def ui(key: str, **params: object) -> str:
        return t(f"tirnanog.ui.picture.{key}", language, **params)

    h = PILE_H
    colour = TERRAIN_COLOURS[pile.terrain]
    if pile.top is None:
        draw.rounded_rectangle((x, y, x + w, y + h), 10, outline=DIM, width=2)
        terrain = bare(t(f"tirnanog.terrain.{pile.terrain}", language))
        _centred(draw, (x + w / 2, y + 30), terrain, TEXT, DIM)
        _centred(draw, (x + w / 2, y + h / 2 + 16), ui("pile_empty"), TEXT, DIM)
        return
    # A revealed fountain shows on its pile while it is disputed: the pile's own
    # type heads the card, the fountain fills it.
    fountain = is_fountain(pile.top)
    kind = pile.terrain if fountain else type_of(pile.top)
    band = TERRAIN_COLOURS[kind]
    draw.rounded_rectangle((x, y, x + w, y + h), 10, fill=CARD, outline=colour, width=3)
    draw.rounded_rectangle((x, y, x + w, y + 36), 10, fill=band)
    draw.rectangle((x, y + 24, x + w, y + 36), fill=band)
    title = bare(t(f"tirnanog.terrain.{kind}", language))
    draw.text((x + 12, y + 19), title, font=font(TEXT), fill=_ink_on(band), anchor="lm")
    if fountain:
        draw.rounded_rectangle((x + 12, y + 46, x + w - 12, y + 80), 8, fill=FOUNTAIN)
        _centred(draw, (x + w / 2, y + 63), ui("disputed"), TEXT, INK)
    else:
        # The territory value, in the yellow disc of the printed card.
        cx, cy = x + w - 22, y + 18
        draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=GOLD, outline=INK, width=2)
        _centred(draw, (cx, cy + 1), str(value_of(pile.top)), TEXT, INK)
        req, anys = requirement(pile.top)
        symbols = [s for s in SPECIES for _ in range(req[s])] + ["any"] * anys
        for n, name in enumerate(symbols):
            _disc(draw, x + 26 + n * 34, y + 58, 15, name, letters[name], TEXT)
    count = ui("cards_left", count=pile.size)
    draw.text((x + w - 12, y + (98 if fountain else 58)), count, font=font(TEXT), fill=INK, anchor="rm")
    if pile.fountain_inside and not fountain:
        label = ui("fountain_badge")
        tw = draw.textlength(label, font=font(TEXT))
        bx = x + w / 2 - tw / 2 - 10
        draw.rounded_rectangle((bx, y + 80, bx + tw + 20, y + 112), 8, fill=FOUNTAIN)
        _centred(draw, (x + w / 2, y + 96), label, TEXT, INK)


# -- the players --------------------------------------------------------------------

TURN_PHASES = ("turn", "hand_limit")  # the phases a seat acts in alone, on its turn
SEAT_W = (BOARD_W - 2 * MARGIN - GAP) / 2
SEAT_H = 96  # three lines: name and points; hand and reserve; stack
CHIP_W = 26  # a reserve territory: its type's colour and its value


def _turn_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """Whose turn it is: a gold arrowhead."""
    draw.polygon([(cx - 8, cy - 10), (cx + 8, cy), (cx - 8, cy + 10)], fill=GOLD, outline=INK)


def _hand_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """Cards in hand: two card backs fanned."""
    draw.rounded_rectangle((cx - 10, cy - 12, cx + 4, cy + 8), 3, fill=DIM, outline=INK)
    draw.rounded_rectangle((cx - 4, cy - 8, cx + 10, cy + 12), 3, fill=CARD, outline=INK)


def _seat(
    draw: ImageDraw.ImageDraw, v: TirNanOgView, s: SeatView, name: str, language: str, left: float, y: float
) -> None:
    """One seat's box: whose turn, name and points; hand and reserve; stack and its top."""

    def ui(key: str, **params: object) -> str:
        return t(f"tirnanog.ui.picture.{key}", language, **params)

    turn = v.phase in TURN_PHASES and s.seat == v.active
    right = left + SEAT_W
    draw.rounded_rectangle(
        (left, y, right, y + SEAT_H),
        10,
        fill=(48, 58, 52),
        outline=GOLD if turn else DIM,
        width=3 if turn else 1,
    )
    x, top = left + 12.0, y + 18
    if turn:
        _turn_mark(draw, x + 8, top)
        x += 24
    points = t("tirnanog.count.vp", language, count=s.vp)
    points_w = draw.textlength(points, font=font(TEXT, bold=True))
    draw.text((right - 12, top), points, font=font(TEXT, bold=True), fill=GOLD, anchor="rm")
    shown = fitted(draw, name, right - 12 - points_w - 16 - x, TEXT, bold=True)
    draw.text((x, top), shown, font=font(TEXT, bold=True), fill=LIGHT, anchor="lm")
    # The second line: hand and reserve.
    cy = y + 48
    x = left + 12.0
    _hand_icon(draw, x + 10, cy)
    x += 26
    draw.text((x, cy), str(s.hand_size), font=font(TEXT), fill=LIGHT, anchor="lm")
    x += draw.textlength(str(s.hand_size), font=font(TEXT)) + 16
    label = ui("reserve", value=s.reserve_value, limit=LIMIT)
    draw.text((x, cy), label, font=font(TEXT), fill=DIM, anchor="lm")
    x += draw.textlength(label, font=font(TEXT)) + 8
    # Up to seven chips (a reserve's value is at most 7): they overlap rather than overflow.
    room = right - 10 - CHIP_W - x
    step = min(CHIP_W + 4.0, room / max(1, len(s.reserve) - 1))
    for card in s.reserve:
        colour = TERRAIN_COLOURS[type_of(card)]
        draw.rounded_rectangle((x, cy - 15, x + CHIP_W, cy + 15), 5, fill=colour, outline=LIGHT, width=1)
        _centred(draw, (x + CHIP_W / 2, cy + 1), str(value_of(card)), TEXT, _ink_on(colour))
        x += step
    # The third line: the stack and its top card.
    cy = y + 78
    x = left + 12.0
    label = ui("stack", count=s.stack_size)
    draw.text((x, cy), label, font=font(TEXT), fill=DIM, anchor="lm")
    x += draw.textlength(label, font=font(TEXT)) + 10
    if s.top is None:
        return
    card_w = right - 12 - x
    if s.top_face_up:
        kind = type_of(s.top)
        colour = TERRAIN_COLOURS[kind]
        draw.rounded_rectangle((x, cy - 15, x + card_w, cy + 15), 6, fill=colour, outline=LIGHT, width=2)
        words = fitted(draw, bare(t(f"tirnanog.terrain.{kind}", language)), card_w - 12, TEXT)
        _centred(draw, (x + card_w / 2, cy + 1), words, TEXT, _ink_on(colour))
    else:  # face down: no power, no points (TNO-4.6)
        draw.rounded_rectangle((x, cy - 15, x + card_w, cy + 15), 6, fill=(70, 74, 72), outline=DIM, width=2)
        _centred(draw, (x + card_w / 2, cy + 1), fitted(draw, ui("face_down"), card_w - 12, TEXT), TEXT, DIM)


# -- the hand: the private panel's picture -----------------------------------------
#
# The member's creature cards, one card each (the display's card face: a species disc
# and its name), grouped by species. While they must act, the cards that may be played
# now are marked (cogs.kit.hand_marks): in the turn, those a payment of a reserve territory
# can use (of the territory chosen in the panel, once one is); at a discard, as many of
# each species as may go. A card of a species is like any other, so "2 of the 3 dragons
# may be played" marks two dragons. About 4 ms a draw (720 px, a hand of 7), cached.

HAND_W, HAND_H, HAND_GAP = 88, 116, 8
PER_ROW = 7  # the hand limit fits on one row; a hand over it (before discarding) wraps


@dataclass(frozen=True)
class Hand:
    """Everything the hand picture shows (so it is also its cache key)."""

    cards: tuple[str, ...]  # species, in SPECIES order
    marks: tuple[Mark, ...]
    caption: str  # the key of the line under the cards, "" for none
    count: int = 0  # the caption's {count}
    territory: str = ""  # the caption's {territory}: a terrain type


def _most_used(actions: list[dict[str, Any]], field: str) -> dict[str, int]:
    """Per species, the most cards any one of these actions uses: that many may be played."""
    most: dict[str, int] = {}
    for action in actions:
        for name, n in counts_of(action.get(field, [])).items():
            most[name] = max(most.get(name, 0), n)
    return most


def _chosen_territory(ctx: PanelContext, payable: list[str]) -> str | None:
    """The reserve territory the panel pays for: the draft's, or the only payable one
    (as cogs.tirnanog.actions picks it)."""
    chosen = (ctx.draft or {}).get("c")
    if chosen in payable:
        return str(chosen)
    return payable[0] if len(payable) == 1 else None


def _to_discard(v: TirNanOgView) -> int:
    if v.phase == "hand_limit":
        return v.hand_limit_discard
    return v.dispute.to_discard if v.dispute is not None else 0


def _playable(ctx: PanelContext, v: TirNanOgView) -> tuple[dict[str, int] | None, str, int, str]:
    """What may be played per species (None: nothing is asked of the hand), and the
    caption: its key, {count} and {territory}."""
    acting = ctx.decision is not None and ctx.seat in ctx.decision.actors and v.phase != "over"
    if not acting:
        return None, "", 0, ""
    if v.phase == "declare":
        return None, "hand_dispute", 0, ""
    legal = ctx.legal or []
    if v.phase in ("hand_limit", "dispute_discard"):
        # Any card may go (TNO-4.2.3, TNO-4.5.7): every card of a species some discard
        # names is marked, not only as many as one discard could take, as the caption
        # says "any of these" (a third Elf is as good a pick as the first).
        named = {name for a in legal if a["kind"] == "discard" for name in a.get("species", [])}
        return {name: (v.hand or {}).get(name, 0) for name in named}, "hand_discard", _to_discard(v), ""
    payments = [a for a in legal if a["kind"] == "consolidate"]
    chosen = _chosen_territory(ctx, list(dict.fromkeys(a["territory"] for a in payments)))
    if chosen is not None:
        payments = [a for a in payments if a["territory"] == chosen]
        return _most_used(payments, "payment"), "hand_pay_for", 0, type_of(chosen)
    return _most_used(payments, "payment"), "hand_pay" if payments else "hand_pay_none", 0, ""


def hand_of(ctx: PanelContext) -> Hand | None:
    """The seat's hand as its picture shows it, from its own view; None with no cards."""
    v = ctx.view
    assert isinstance(v, TirNanOgView)
    if not v.hand or not sum(v.hand.values()):
        return None
    playable, caption, count, terrain = _playable(ctx, v)
    cards: list[str] = []
    marks: list[Mark] = []
    for name in SPECIES:
        held = v.hand.get(name, 0)
        may = (playable or {}).get(name, 0)
        cards += [name] * held
        marks += ["playable" if i < may else "plain" for i in range(held)]
    marks = marked(marks, acting=playable is not None)
    return Hand(tuple(cards), tuple(marks), caption, count, terrain)


def _hand_card(draw: ImageDraw.ImageDraw, x: float, y: float, name: str, names: dict[str, str]) -> None:
    """One creature card: the display's face, narrower."""
    draw.rounded_rectangle((x, y, x + HAND_W, y + HAND_H), 10, fill=CARD, outline=LIGHT, width=2)
    _disc(draw, x + HAND_W / 2, y + 44, 28, name, names[name][:1].upper(), 30)
    _centred(draw, (x + HAND_W / 2, y + 94), names[name], HAND_TEXT, INK)


@lru_cache(maxsize=128)
def draw_hand(hand: Hand, language: str) -> bytes:
    names = {s: bare(t(f"tirnanog.resource.{s}", language)) for s in SPECIES}

    def ui(key: str, **params: object) -> str:
        return t(f"tirnanog.ui.picture.{key}", language, **params)

    rows = -(-len(hand.cards) // PER_ROW)
    row_h = HAND_H + RAISE_SELECTED + 8
    top = 52
    height = top + rows * row_h + (44 if hand.caption else 10)
    image = Image.new("RGB", (HAND_WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = ui("hand_title", count=len(hand.cards))
    draw.text((HAND_MARGIN, 14), title, font=font(24, bold=True), fill=LIGHT)
    placed = []
    for index, (name, mark) in enumerate(zip(hand.cards, hand.marks, strict=True)):
        x = HAND_MARGIN + (index % PER_ROW) * (HAND_W + HAND_GAP)
        y = top + (index // PER_ROW) * row_h + RAISE_SELECTED - lift(mark)
        _hand_card(draw, x, y, name, names)
        placed.append(((x, y, x + HAND_W, y + HAND_H), mark))
    apply_marks(image, placed, BACKGROUND, 10)
    if hand.caption:
        territory = bare(t(f"tirnanog.terrain.{hand.territory}", language)) if hand.territory else ""
        text = ui(hand.caption, count=hand.count, territory=territory)
        cy = height - 24
        left = HAND_MARGIN
        if any(m == "playable" for m in hand.marks):
            tick(draw, left + 12, cy, 12)
            left += 32
        draw.text((left, cy), text, font=font(HAND_TEXT), fill=LIGHT, anchor="lm")
    return png(image)


def panel_image(ctx: PanelContext) -> bytes | None:
    """The private panel's picture: the seat's hand, or None when it holds no creature."""
    hand = hand_of(ctx)
    return None if hand is None else draw_hand(hand, ctx.language)
