"""The private panel's picture: a member's resource cards and their secret objective,
with the board's pictograms (cogs.magmor.picture.icon).

One card per resource, in the catalog's order, with how many the member holds (a stack
when more than one; an empty slot, dimmed, when none), and beside them the objective
card: the victory points each resource card is worth, and what the hand is worth now.

What the member's decision may spend is marked (cogs.kit.hand_marks): the leader's
resources that pay for a look at a candidate (MM-4.2.4); in the payment round the
categories of the toll the member can pay, each with the cards it takes ("−2"); at Mag
Mor the resources of the pairs that may be paid. In the leader's split, the hand is not
spent: the cards the panel's draft gives the leader are framed in gold with "+N".

Drawn from the seat's own view and the panel's draft only. About 4 ms a draw (640 px),
cached by what it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from cogs.kit.hand_marks import PLAYABLE, RAISE_SELECTED, SELECTED, Box, Mark, apply_marks, lift, marked, tick
from cogs.kit.pictures import font, png
from cogs.kit.presenter import PanelContext
from cogs.magmor.picture import BACKGROUND, GOLD, INK, LIGHT, icon
from cogs.magmor.words import RESOURCES
from games.magmor.face import MagmorView

WIDTH = 640
MARGIN = 18
TEXT = 16  # the smallest text: 640 / 40
CARD_W, CARD_H, GAP = 84, 150, 8
OBJECTIVE_W = WIDTH - 2 * MARGIN - 5 * (CARD_W + GAP) - 4
CARD = (246, 242, 230)
STACK = (196, 190, 176)  # the edges of the cards under the top one


@dataclass(frozen=True)
class Hand:
    """Everything the hand picture shows (so it is also its cache key)."""

    counts: tuple[int, ...]  # held, per resource in RESOURCES order
    marks: tuple[Mark, ...]
    notes: tuple[str, ...]  # "−2" (a toll to pay) or "+1" (the split's), per resource
    values: tuple[int, ...]  # the objective's VP per card
    caption: str  # the key of the line under the cards, "" for none


def _spend(ctx: PanelContext, v: MagmorView) -> tuple[dict[str, str], str]:
    """What the decision may spend: resource -> its note, and the caption's key."""
    legal: list[dict[str, Any]] = ctx.legal or []
    if v.phase == "choose":
        costs = {c.cell: c.explore_cost for c in v.grid}
        return {str(costs[a["cell"]]): "" for a in legal if a["kind"] == "explore"}, "pic_hand_explore"
    if v.phase == "pay":
        unpaid = {c.res: c.qty for c in v.categories if c.paid_by is None}
        paying = {a["resource"] for a in legal if a["kind"] == "pay"}
        return {r: f"−{unpaid[r]}" for r in paying if r in unpaid}, "pic_hand_pay"
    if v.phase == "magmor":
        return {r: "" for a in legal if a["kind"] == "pay_magmor" for r in a["cards"]}, "pic_hand_magmor"
    return {}, ""


def _given(ctx: PanelContext) -> dict[str, int]:
    """The cards the split's draft gives the leader (cogs.magmor.split keeps it)."""
    raw = (ctx.draft or {}).get("alloc", {}).get(str(ctx.seat), {})
    return {r: int(n) for r, n in raw.items() if r in RESOURCES and int(n) > 0}


def hand_of(ctx: PanelContext) -> Hand | None:
    """The seat's cards and objective as the picture shows them; None without a hand."""
    v = ctx.view
    assert isinstance(v, MagmorView)
    if v.hand is None or v.objective is None:
        return None
    hand, acting = v.hand, ctx.decision is not None and ctx.seat in ctx.decision.actors
    spend, caption = _spend(ctx, v) if acting else ({}, "")
    given = _given(ctx) if acting and v.phase == "split" else {}
    marks: list[Mark] = []
    notes: list[str] = []
    for r in RESOURCES:
        if given.get(r):
            marks.append("selected")
            notes.append(f"+{given[r]}")
        else:
            marks.append("playable" if r in spend else "plain")
            notes.append(spend.get(r, ""))
    if v.phase == "split":
        caption = "pic_hand_split" if given else ""
    marks = marked(marks, acting and v.phase != "split")
    # A resource not held is an empty slot: dimmed, unless the split brings some.
    held = [bool(hand.get(r)) for r in RESOURCES]
    marks = [m if has or m == "selected" else "dimmed" for has, m in zip(held, marks, strict=True)]
    return Hand(
        tuple(hand.get(r, 0) for r in RESOURCES),
        tuple(marks),
        tuple(notes),
        tuple(v.objective.get(r, 0) for r in RESOURCES),
        caption,
    )


def _resource_card(draw: ImageDraw.ImageDraw, x: float, y: float, res: str, count: int, name: str) -> None:
    """A resource card: its pictogram, how many are held, its name; stacked when several."""
    for under in range(min(count, 3) - 1, 0, -1):
        draw.rounded_rectangle(
            (x + 3 * under, y - 3 * under, x + CARD_W + 3 * under, y + CARD_H - 3 * under),
            9,
            fill=STACK,
            outline=INK,
            width=1,
        )
    # None held: an empty slot, the card's outline only (and dimmed by the caller).
    fill, outline = (CARD, INK) if count else (BACKGROUND, LIGHT)
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 9, fill=fill, outline=outline, width=2)
    icon(draw, int(x + CARD_W / 2), int(y + 38), res, 52)
    ink = INK if count else LIGHT
    draw.text((x + CARD_W / 2, y + 90), f"×{count}", font=font(28, bold=True), fill=ink, anchor="mm")
    draw.text((x + CARD_W / 2, y + 128), name, font=font(TEXT), fill=ink, anchor="mm")


def _note(draw: ImageDraw.ImageDraw, x: float, y: float, note: str, colour: tuple[int, int, int]) -> None:
    """A pill at the card's top-left corner: the cards a toll takes, or the split gives."""
    width = draw.textlength(note, font=font(20, bold=True)) + 16
    draw.rounded_rectangle((x - 4, y - 8, x - 4 + width, y + 20), 10, fill=colour, outline=INK, width=2)
    draw.text((x - 4 + width / 2, y + 6), note, font=font(20, bold=True), fill=INK, anchor="mm")


def _objective(draw: ImageDraw.ImageDraw, x: float, y: float, hand: Hand, language: str) -> None:
    """The objective card: the VP one card of each resource is worth at the end."""
    draw.rounded_rectangle((x, y, x + OBJECTIVE_W, y + CARD_H), 9, fill=CARD, outline=GOLD, width=4)
    title = t("magmor.ui.pic_objective", language)
    draw.text((x + OBJECTIVE_W / 2, y + 16), title, font=font(TEXT, bold=True), fill=INK, anchor="mm")
    for row, (res, value) in enumerate(zip(RESOURCES, hand.values, strict=True)):
        cy = y + 40 + row * 22
        icon(draw, int(x + 22), int(cy), res, 21)
        draw.text(
            (x + 40, cy), t("magmor.ui.pic_vp", language, count=value), font=font(TEXT), fill=INK, anchor="lm"
        )


@lru_cache(maxsize=128)
def draw_hand(hand: Hand, language: str) -> bytes:
    top = 48
    height = top + RAISE_SELECTED + CARD_H + (46 if hand.caption else 16)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    worth = sum(n * v for n, v in zip(hand.counts, hand.values, strict=True))
    title = t("magmor.ui.pic_hand_title", language, count=sum(hand.counts), vp=worth)
    draw.text((MARGIN, 24), title, font=font(22, bold=True), fill=LIGHT, anchor="lm")
    placed: list[tuple[Box, Mark]] = []
    for index, res in enumerate(RESOURCES):
        mark = hand.marks[index]
        x, y = MARGIN + index * (CARD_W + GAP), top + RAISE_SELECTED - lift(mark)
        name = t(f"magmor.resource.{res}", language)
        _resource_card(draw, x, y, res, hand.counts[index], name)
        # A dimmed card fades with the stack's edges; a marked one is framed alone.
        edges = 6 if mark == "dimmed" else 0
        placed.append(((x, y - edges, x + CARD_W + edges, y + CARD_H), mark))
    apply_marks(image, placed, BACKGROUND, 9)
    for note, mark, ((left, edge, _, _), _) in zip(hand.notes, hand.marks, placed, strict=True):
        if note:  # never on a dimmed card: its box starts at the stack's edges
            _note(draw, left, edge, note, SELECTED if mark == "selected" else PLAYABLE)
    _objective(draw, WIDTH - MARGIN - OBJECTIVE_W, top + RAISE_SELECTED, hand, language)
    if hand.caption:
        cy = height - 22
        selected = any(m == "selected" for m in hand.marks)
        tick(draw, MARGIN + 11, cy, 11, SELECTED if selected else PLAYABLE)
        text = t(f"magmor.ui.{hand.caption}", language)
        draw.text((MARGIN + 28, cy), text, font=font(TEXT), fill=LIGHT, anchor="lm")
    return png(image)


def panel_image(ctx: PanelContext) -> bytes | None:
    hand = hand_of(ctx)
    return None if hand is None else draw_hand(hand, ctx.language)
