"""The middle of a Tir Nan Og Wars table as a picture (Pillow), for a phone; and a
member's own hand, the private panel's picture (at the end of this module).

What it shows: the display of creatures (each a coloured disc *and* the
species' initial and name, so nothing rests on colour), the six territory
piles with their top card (type, creature symbols to pay, territory value in a
yellow disc, cards left, and a badge when a magic fountain is still hidden in
the pile), the players (by name, whose turn it is, victory points, hand size,
the reserve's territories with their values, the stack's top card and height),
and a legend in the table's language. Once the game is over the result is drawn
above it all: the winner, every place and score.

The table is drawn from the public view only, off the event loop (the publisher runs it in
a thread). Every text goes through :func:`cogs.pictures.font`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.presenter import PanelContext
from cogs.hand_marks import RAISE_SELECTED, Mark, apply_marks, lift, marked, tick
from cogs.pictures import bare, fitted, font, player_names, png
from cogs.result_picture import Palette, result_of, with_result
from cogs.tirnanog.words import LIMIT
from games.core import Outcome
from games.tirnanog.data import SPECIES, is_fountain, requirement, type_of, value_of
from games.tirnanog.payment import counts_of
from games.tirnanog.views import SeatView, TirNanOgView

WIDTH = 720
MARGIN = 24
TEXT = 18  # the smallest text: 720 / 40, about 9 px on a 350 px phone
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

    height = 860 + len(v.seats) * (SEAT_H + 8)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)

    # -- the display -----------------------------------------------------------
    y = 14
    draw.text((MARGIN, y), ui("display"), font=font(26), fill=LIGHT)
    deck = ui("deck", deck=v.deck_size, discards=v.discard_size)
    draw.text((WIDTH - MARGIN, y + 6), deck, font=font(20), fill=DIM, anchor="ra")
    y = 52
    w, h, gap = 128, 122, 8
    for i in range(5):
        x = MARGIN + i * (w + gap)
        if i >= len(v.display):
            draw.rounded_rectangle((x, y, x + w, y + h), 10, outline=DIM, width=2)
            _centred(draw, (x + w / 2, y + h / 2), ui("empty_slot"), 20, DIM)
            continue
        name = v.display[i]
        draw.rounded_rectangle((x, y, x + w, y + h), 10, fill=CARD)
        _disc(draw, x + w / 2, y + 44, 32, name, letters[name], 36)
        _centred(draw, (x + w / 2, y + 98), names[name], 21, INK)

    # -- the piles ---------------------------------------------------------------
    y = 194
    draw.text((MARGIN, y), ui("piles"), font=font(26), fill=LIGHT)
    y = 232
    w, h, gap = 216, 178, 12
    for index, pile in enumerate(v.piles):
        x = MARGIN + (index % 3) * (w + gap)
        top_y = y + (index // 3) * (h + gap)
        colour = TERRAIN_COLOURS[pile.terrain]
        if pile.top is None:
            draw.rounded_rectangle((x, top_y, x + w, top_y + h), 10, outline=DIM, width=2)
            _centred(
                draw, (x + w / 2, top_y + 24), bare(t(f"tirnanog.terrain.{pile.terrain}", language)), 22, DIM
            )
            _centred(draw, (x + w / 2, top_y + h / 2 + 10), ui("pile_empty"), 22, DIM)
            continue
        # A revealed fountain shows on its pile while it is disputed: the pile's own
        # type heads the card, the fountain fills it.
        fountain = is_fountain(pile.top)
        kind = pile.terrain if fountain else type_of(pile.top)
        band = TERRAIN_COLOURS[kind]
        draw.rounded_rectangle((x, top_y, x + w, top_y + h), 10, fill=CARD, outline=colour, width=3)
        draw.rounded_rectangle((x, top_y, x + w, top_y + 42), 10, fill=band)
        draw.rectangle((x, top_y + 30, x + w, top_y + 42), fill=band)
        title = bare(t(f"tirnanog.terrain.{kind}", language))
        draw.text((x + 12, top_y + 21), title, font=font(22), fill=_ink_on(band), anchor="lm")
        if fountain:
            draw.rounded_rectangle((x + 14, top_y + 54, x + w - 14, top_y + 106), 8, fill=FOUNTAIN)
            _centred(draw, (x + w / 2, top_y + 80), ui("disputed"), 22, INK)
        else:
            # The territory value, in the yellow disc of the printed card.
            cx, cy = x + w - 24, top_y + 21
            draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=GOLD, outline=INK, width=2)
            _centred(draw, (cx, cy + 1), str(value_of(pile.top)), 22, INK)
            req, anys = requirement(pile.top)
            symbols = [s for s in SPECIES for _ in range(req[s])] + ["any"] * anys
            step = 46
            start = x + w / 2 - (len(symbols) - 1) * step / 2
            for n, name in enumerate(symbols):
                _disc(draw, start + n * step, top_y + 80, 20, name, letters[name], 22)
        _centred(draw, (x + w / 2, top_y + 124), ui("cards_left", count=pile.size), 20, INK)
        if pile.fountain_inside and not fountain:
            label = ui("fountain_badge")
            tw = draw.textlength(label, font=font(18))
            bx = x + w / 2 - tw / 2 - 10
            draw.rounded_rectangle((bx, top_y + 142, bx + tw + 20, top_y + 170), 8, fill=FOUNTAIN)
            _centred(draw, (x + w / 2, top_y + 156), label, 18, INK)

    y = int(_players(draw, v, players, language, 232 + 2 * h + gap + 14))

    # -- the legend ------------------------------------------------------------------
    x = MARGIN
    for name in SPECIES:
        _disc(draw, x + 14, y + 14, 14, name, letters[name], 18)
        draw.text((x + 34, y + 14), names[name], font=font(20), fill=LIGHT, anchor="lm")
        x += 34 + int(draw.textlength(names[name], font=font(20))) + 18
    y += 38
    _disc(draw, MARGIN + 14, y + 14, 14, "any", "?", 18)
    draw.text((MARGIN + 34, y + 14), ui("legend_any"), font=font(20), fill=LIGHT, anchor="lm")
    y += 36
    cx = MARGIN + 14
    draw.ellipse((cx - 14, y, cx + 14, y + 28), fill=GOLD, outline=INK, width=2)
    _centred(draw, (cx, y + 15), "3", 18, INK)
    draw.text((MARGIN + 34, y + 14), ui("legend_value"), font=font(20), fill=LIGHT, anchor="lm")
    y += 36
    left = float(MARGIN)
    if v.phase in TURN_PHASES:
        _turn_mark(draw, left + 8, y + 14)
        draw.text((left + 24, y + 14), ui("legend_turn"), font=font(20), fill=LIGHT, anchor="lm")
        left += 24 + draw.textlength(ui("legend_turn"), font=font(20)) + 30
    _hand_icon(draw, left + 10, y + 14)
    draw.text((left + 28, y + 14), ui("legend_hand"), font=font(20), fill=LIGHT, anchor="lm")
    bottom = y + 40
    return image.crop((0, 0, WIDTH, min(height, bottom)))


# -- the players --------------------------------------------------------------------

TURN_PHASES = ("turn", "hand_limit")  # the phases a seat acts in alone, on its turn
SEAT_H = 76  # two lines: name and points; hand, reserve and stack
CHIP_W = 26  # a reserve territory: its type's colour and its value


def _turn_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """Whose turn it is: a gold arrowhead."""
    draw.polygon([(cx - 8, cy - 10), (cx + 8, cy), (cx - 8, cy + 10)], fill=GOLD, outline=INK)


def _hand_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """Cards in hand: two card backs fanned."""
    draw.rounded_rectangle((cx - 10, cy - 12, cx + 4, cy + 8), 3, fill=DIM, outline=INK)
    draw.rounded_rectangle((cx - 4, cy - 8, cx + 10, cy + 12), 3, fill=CARD, outline=INK)


def _players(
    draw: ImageDraw.ImageDraw, v: TirNanOgView, names: tuple[str, ...], language: str, y: float
) -> float:
    """One box per seat: whose turn, name and points; hand, reserve and stack top."""
    draw.text((MARGIN, y), t("tirnanog.ui.picture.players", language), font=font(26), fill=LIGHT)
    y += 40
    for s in v.seats:
        _seat(draw, v, s, names[s.seat], language, y)
        y += SEAT_H + 8
    return y + 6


def _seat(
    draw: ImageDraw.ImageDraw, v: TirNanOgView, s: SeatView, name: str, language: str, y: float
) -> None:
    def ui(key: str, **params: object) -> str:
        return t(f"tirnanog.ui.picture.{key}", language, **params)

    turn = v.phase in TURN_PHASES and s.seat == v.active
    right = WIDTH - MARGIN
    draw.rounded_rectangle(
        (MARGIN, y, right, y + SEAT_H),
        10,
        fill=(48, 58, 52),
        outline=GOLD if turn else DIM,
        width=3 if turn else 1,
    )
    x, top = MARGIN + 14.0, y + 20
    if turn:
        _turn_mark(draw, x + 8, top)
        x += 24
    points = t("tirnanog.count.vp", language, count=s.vp)
    points_w = draw.textlength(points, font=font(22, bold=True))
    draw.text((right - 14, top), points, font=font(22, bold=True), fill=GOLD, anchor="rm")
    shown = fitted(draw, name, right - 14 - points_w - 20 - x, 22, bold=True)
    draw.text((x, top), shown, font=font(22, bold=True), fill=LIGHT, anchor="lm")
    # The second line: hand, reserve, stack.
    cy = y + 54
    x = MARGIN + 14.0
    _hand_icon(draw, x + 10, cy)
    x += 26
    x += draw.textlength(str(s.hand_size), font=font(20)) + 4
    draw.text((x - 4, cy), str(s.hand_size), font=font(20), fill=LIGHT, anchor="rm")
    x += 24
    label = ui("reserve", value=s.reserve_value, limit=LIMIT)
    draw.text((x, cy), label, font=font(TEXT), fill=DIM, anchor="lm")
    x += draw.textlength(label, font=font(TEXT)) + 8
    for card in s.reserve:
        colour = TERRAIN_COLOURS[type_of(card)]
        draw.rounded_rectangle((x, cy - 14, x + CHIP_W, cy + 14), 5, fill=colour, outline=LIGHT, width=1)
        _centred(draw, (x + CHIP_W / 2, cy + 1), str(value_of(card)), TEXT, _ink_on(colour))
        x += CHIP_W + 4
    x = max(x + 20, 440.0)
    label = ui("stack", count=s.stack_size)
    draw.text((x, cy), label, font=font(TEXT), fill=DIM, anchor="lm")
    x += draw.textlength(label, font=font(TEXT)) + 8
    if s.top is None:
        return
    card_w = right - 14 - x
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
# now are marked (cogs.hand_marks): in the turn, those a payment of a reserve territory
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
    _centred(draw, (x + HAND_W / 2, y + 94), names[name], TEXT, INK)


@lru_cache(maxsize=128)
def draw_hand(hand: Hand, language: str) -> bytes:
    names = {s: bare(t(f"tirnanog.resource.{s}", language)) for s in SPECIES}

    def ui(key: str, **params: object) -> str:
        return t(f"tirnanog.ui.picture.{key}", language, **params)

    rows = -(-len(hand.cards) // PER_ROW)
    row_h = HAND_H + RAISE_SELECTED + 8
    top = 52
    height = top + rows * row_h + (44 if hand.caption else 10)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 14), ui("hand_title", count=len(hand.cards)), font=font(24, bold=True), fill=LIGHT)
    placed = []
    for index, (name, mark) in enumerate(zip(hand.cards, hand.marks, strict=True)):
        x = MARGIN + (index % PER_ROW) * (HAND_W + HAND_GAP)
        y = top + (index // PER_ROW) * row_h + RAISE_SELECTED - lift(mark)
        _hand_card(draw, x, y, name, names)
        placed.append(((x, y, x + HAND_W, y + HAND_H), mark))
    apply_marks(image, placed, BACKGROUND, 10)
    if hand.caption:
        territory = bare(t(f"tirnanog.terrain.{hand.territory}", language)) if hand.territory else ""
        text = ui(hand.caption, count=hand.count, territory=territory)
        cy = height - 24
        left = MARGIN
        if any(m == "playable" for m in hand.marks):
            tick(draw, left + 12, cy, 12)
            left += 32
        draw.text((left, cy), text, font=font(TEXT), fill=LIGHT, anchor="lm")
    return png(image)


def draw_panel(ctx: PanelContext) -> bytes | None:
    """The private panel's picture: the seat's hand, or None when it holds no creature."""
    hand = hand_of(ctx)
    return None if hand is None else draw_hand(hand, ctx.language)
