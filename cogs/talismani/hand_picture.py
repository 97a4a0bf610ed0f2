"""The private panel's picture: a member's own hand, with the board's card faces
(cogs.talismani.cards), fairies by suit in weather order, then the special cards.

What may be played now is marked (cogs.kit.hand_marks) while the member chooses their
secret play: every card may be played alone, so with nothing picked yet every card
is raised; once a card is picked in the panel it is framed in gold and only the cards
that may join it (same suit, or a Joker with a fairy) stay raised; with two picked
the rest is dimmed. After answering, the cards of the secret play stay framed in gold
until the reveal: the seat's own view shows them, nobody else's does.

Drawn from the seat's own view and the panel's draft only. About 6 ms a draw for a
hand of 18 (720 px, three rows), cached by what it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.i18n import t
from cogs.kit.hand_marks import PLAYABLE, RAISE_SELECTED, SELECTED, Mark, apply_marks, lift, marked, tick
from cogs.kit.pictures import font, png
from cogs.kit.presenter import PanelContext
from cogs.talismani import cards as c
from cogs.talismani.picture import BACKGROUND
from cogs.talismani.words import sort_key
from games.talismani.face import TalismaniView

WIDTH = 720
MARGIN = 20
TEXT = 18  # the smallest text: 720 / 40
GAP = 6  # between two cards
SUIT_GAP = 16  # between two suits, so the groups read apart
ROW_H = c.CARD_H + RAISE_SELECTED + 8


Caption = tuple[Mark, str]  # the mark a line under the cards explains, and its catalog key


@dataclass(frozen=True)
class Hand:
    """Everything the hand picture shows (so it is also its cache key)."""

    cards: tuple[str, ...]  # in hand order: by suit in weather order, specials last
    groups: tuple[str, ...]  # each card's suit ("" for a special card)
    marks: tuple[Mark, ...]
    captions: tuple[Caption, ...]


def _group(card: str) -> str:
    head, _, tail = card.partition("-")
    return head if tail.isdigit() else ""


def _plays(ctx: PanelContext) -> list[list[str]]:
    return [list(a.get("cards", [])) for a in ctx.legal or [] if a.get("kind") == "play"]


def _acting(ctx: PanelContext, v: TalismaniView) -> bool:
    """The seat chooses its secret play now (its hand is asked of nothing else)."""
    return ctx.decision is not None and ctx.seat in ctx.decision.actors and v.phase == "play"


def _marks(ctx: PanelContext, v: TalismaniView, hand: list[str]) -> tuple[dict[str, Mark], list[Caption]]:
    """Each card's mark (before dimming) and the captions that explain them."""
    if not _acting(ctx, v):
        chosen = v.my_choice.cards if v.phase == "play" and v.my_choice is not None else []
        return {card: "selected" for card in chosen}, [("selected", "hand_chosen")] if chosen else []
    plays = _plays(ctx)
    picked = [card for card in (ctx.draft or {}).get("cards", []) if card in hand][:2]
    marks: dict[str, Mark] = {card: "selected" for card in picked}
    captions: list[Caption] = [("selected", "hand_pick")] if picked else []
    if not picked:
        playable = {card for play in plays for card in play}
        captions.append(("playable", "hand_play"))
    elif len(picked) == 1:
        playable = {card for play in plays if len(play) == 2 and picked[0] in play for card in play}
        playable.discard(picked[0])
        if playable:
            captions.append(("playable", "hand_partner"))
    else:
        playable = set()  # a play is at most two cards
    marks |= dict.fromkeys(playable, "playable")
    return marks, captions


def hand_of(ctx: PanelContext) -> Hand | None:
    """The seat's hand as its picture shows it; None with no cards (or no hand: a spectator)."""
    v = ctx.view
    assert isinstance(v, TalismaniView)
    if not v.hand:
        return None
    hand = sorted(v.hand, key=lambda card: sort_key(v, card))
    marks, captions = _marks(ctx, v, hand)
    return Hand(
        tuple(hand),
        tuple(_group(card) for card in hand),
        tuple(marked([marks.get(card, "plain") for card in hand], _acting(ctx, v))),
        tuple(captions),
    )


def _layout(hand: Hand, language: str) -> list[tuple[float, int]]:
    """Each card's left edge and row: flowed into rows, a wider gap between suits."""
    places: list[tuple[float, int]] = []
    x, row = float(MARGIN), 0
    widths = [c.card_width(card, language) for card in hand.cards]
    for index, width in enumerate(widths):
        if index and hand.groups[index] != hand.groups[index - 1]:
            x += SUIT_GAP - GAP
            # A suit that would break at the row's end starts the next row, if it fits there.
            group = sum(w + GAP for i, w in enumerate(widths) if hand.groups[i] == hand.groups[index])
            if x + group - GAP > WIDTH - MARGIN and group - GAP <= WIDTH - 2 * MARGIN:
                x, row = float(MARGIN), row + 1
        if x + width > WIDTH - MARGIN and x > MARGIN:
            x, row = float(MARGIN), row + 1
        places.append((x, row))
        x += width + GAP
    return places


def _captions(draw: ImageDraw.ImageDraw, hand: Hand, top: float, language: str) -> None:
    x = float(MARGIN)
    for mark, key in hand.captions:
        tick(draw, x + 11, top, 11, SELECTED if mark == "selected" else PLAYABLE)
        text = t(f"talismani.ui.picture.{key}", language)
        draw.text((x + 28, top), text, font=font(TEXT), fill=c.LIGHT, anchor="lm")
        x += 28 + draw.textlength(text, font=font(TEXT)) + 24


@lru_cache(maxsize=128)
def draw_hand(hand: Hand, language: str) -> bytes:
    places = _layout(hand, language)
    rows = places[-1][1] + 1
    top = 48
    height = top + rows * ROW_H + (36 if hand.captions else 6)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = t("talismani.ui.picture.hand_title", language, count=len(hand.cards))
    draw.text((MARGIN, 24), title, font=font(24, bold=True), fill=c.LIGHT, anchor="lm")
    placed = []
    for card, mark, (x, row) in zip(hand.cards, hand.marks, places, strict=True):
        y = top + row * ROW_H + RAISE_SELECTED - lift(mark)
        width = c.draw_card(draw, x, y, card, language)
        placed.append(((x, y, x + width, y + c.CARD_H), mark))
    apply_marks(image, placed, BACKGROUND, 7, badge=9)
    if hand.captions:
        _captions(draw, hand, height - 20, language)
    return png(image)


def panel_image(ctx: PanelContext) -> bytes | None:
    hand = hand_of(ctx)
    return None if hand is None else draw_hand(hand, ctx.language)
