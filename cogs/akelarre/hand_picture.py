"""A member's own Akelarre hand as a picture, for their private panel.

Drawn with the board's card faces (:mod:`cogs.akelarre.cards`), from the seat's own
view only: its hand and its favourite family (AK-2.2: secret, so it is in this
picture and never in the board's). While the seat must act, the cards that some
legal move of this step would play (an open or an add, or the discard) are raised,
framed and ticked, the others dimmed, and the cards already picked in the panel's
draft raised higher in gold (:mod:`cogs.kit.hand_marks`, as in the other games' hands):
the member sees at a glance what the select below offers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from cogs.akelarre import cards
from cogs.akelarre.cards import CARD_H, CARD_W, DIM, LIGHT, TEXT, Colour
from cogs.akelarre.words import as_view, suit, ui
from cogs.kit.hand_marks import PLAYABLE, RAISE_SELECTED, SELECTED, Box, Mark, apply_marks, lift, marked, tick
from cogs.kit.pictures import bare, font, picture_cache, png
from cogs.kit.presenter import PanelContext
from games.akelarre.face import AkelarreView, family_of, is_joker, kind_of, sort_cards, value_of

WIDTH = 800
MARGIN = 24
GAP = 16  # room for two neighbours' frames (cogs.kit.hand_marks)
STEP = CARD_W + GAP
PER_ROW = (WIDTH - 2 * MARGIN + GAP) // STEP  # 9 cards a row
ROW_H = CARD_H + RAISE_SELECTED + 18
BACKGROUND: Colour = (30, 44, 36)
# The actions that play hand cards: their ``cards`` (or ``card``) are what is marked.
PLAYING = {"open", "add", "discard"}


def playable_kinds(legal: Iterable[dict[str, Any]]) -> set[str]:
    """The kinds of hand card some legal move plays now (legal moves list one card of a
    kind, so a hand card is playable when its kind is listed)."""
    kinds: set[str] = set()
    for action in legal:
        if action.get("kind") in PLAYING:
            listed = action.get("cards") or [action.get("card")]
            kinds.update(kind_of(card) for card in listed if isinstance(card, str))
    return kinds


def panel_image(ctx: PanelContext) -> bytes | None:
    """The panel's picture: the seat's own hand, with what it may play now marked."""
    return hand_image(as_view(ctx.view), ctx.legal, ctx.draft, ctx.language)


def hand_image(
    v: AkelarreView, legal: list[dict[str, Any]] | None, draft: dict[str, Any] | None, language: str
) -> bytes | None:
    """The seat's hand (``v`` is its own view), with what it may play now marked;
    ``None`` when the view holds no hand (a spectator's)."""
    if v.hand is None:
        return None
    # None: nothing to mark (not the seat's move, or a step that plays no hand card).
    playable = sorted(playable_kinds(legal)) if legal is not None else None
    caption = "waiting" if legal is None else "playing" if playable else "no_card"
    playable = playable or None
    picked = sorted(c for c in (draft or {}).get("cards", []) if isinstance(c, str) and c in v.hand)
    return _draw(json.dumps([sort_cards(v.hand), v.favourite, playable, picked, caption]), language)


@picture_cache(256)
def _draw(key: str, language: str) -> bytes:
    # Cached on what is drawn: a panel is redrawn after every move at the table, and
    # most of those leave the hand as it was. A draw takes about 9 ms.
    hand, favourite, playable, picked, caption = json.loads(key)
    rows = max(1, -(-len(hand) // PER_ROW))
    top = 62
    image = Image.new("RGB", (WIDTH, top + rows * ROW_H + 44), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _title(draw, len(hand), favourite, language)
    marks: list[Mark] = [
        "selected" if card in picked else "playable" if playable and kind_of(card) in playable else "plain"
        for card in hand
    ]
    placed: list[tuple[Box, Mark]] = []
    for i, (card, mark) in enumerate(zip(hand, marked(marks, playable is not None), strict=True)):
        row, col = divmod(i, PER_ROW)
        x, y = MARGIN + col * STEP, top + row * ROW_H + RAISE_SELECTED - lift(mark)
        _card(draw, x, y, card, language)
        placed.append(((x, y, x + CARD_W, y + CARD_H), mark))
    apply_marks(image, placed, BACKGROUND, radius=8)
    _legend(draw, image.height - 34, caption, language)
    return png(image)


def _word(key: str, language: str, **params: object) -> str:
    return t(f"akelarre.ui.hand_picture.{key}", language, **params)


def _card(draw: ImageDraw.ImageDraw, x: float, y: float, card: str, language: str) -> None:
    value = value_of(card)
    label = t("akelarre.ui.picture.joker_short", language) if value is None else str(value)
    word = ui("joker", language) if is_joker(card) else None
    cards.card(draw, x, y, family_of(card), label, joker_word=word)


def _title(draw: ImageDraw.ImageDraw, count: int, favourite: str | None, language: str) -> None:
    draw.text((MARGIN, 18), _word("title", language, count=count), font=font(24, bold=True), fill=LIGHT)
    if favourite is None:
        return
    # The favourite family (AK-2.2), secret: its tile and its name, on the right.
    name = _word("favourite", language, family=bare(suit(favourite, language)))
    width = draw.textlength(name, font=font(TEXT))
    draw.text((WIDTH - MARGIN - width, 22), name, font=font(TEXT), fill=LIGHT)
    cards.tile(draw, WIDTH - MARGIN - width - 22, 33, favourite)


def _legend(draw: ImageDraw.ImageDraw, y: float, caption: str, language: str) -> None:
    if caption != "playing":
        draw.text((MARGIN, y), _word(caption, language), font=font(TEXT), fill=DIM)
        return
    x: float = MARGIN
    for colour, word in ((PLAYABLE, "playable"), (SELECTED, "picked")):
        tick(draw, x + 11, y + 11, 11, colour)
        x += 30
        text = _word(word, language)
        draw.text((x, y), text, font=font(TEXT), fill=LIGHT)
        x += draw.textlength(text, font=font(TEXT)) + 24
