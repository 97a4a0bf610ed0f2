"""The Akelarre table as a picture (Pillow), shaped for where Discord shows it: an
embed's image fitted into about 400 x 300 CSS px, so at most 800 x 600.

What it shows: the turn (and the final round, or the end); a card taken and not yet
placed, or the five cards of a completed group waiting for its owner's choice; the
discard piles' top cards and sizes and the deck's size; one line a player (whose turn it
is, captured cards, hand size, the team, and once the game is over the favourite, public
then, R25); every meeting place three to a row (whose place it is, its group as small
cards, a joker's band black with its value in gold, the cards a take may lift framed in
gold, and what the group still needs), free places after them; once the game is over
framed in gold, the result being the embed's final record (cogs.kit.result_picture).
The legend and each group's kind in words are in How to play and the panel.

Players are named as the board's text names them (``names``, made drawable by
:func:`cogs.kit.pictures.player_names`). The picture is drawn from the spectator view
alone (no hand, no favourite before the end, no deck order), off the event loop
(the publisher runs it in a thread). Every text goes through
:func:`cogs.kit.pictures.font`, none under 22 px (11 px as Discord shows the board).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import t
from cogs.akelarre import cards
from cogs.akelarre.cards import DIM, GOLD, INK, LIGHT, Colour
from cogs.akelarre.words import TEAMS, suit, ui
from cogs.kit.pictures import bare, fitted, font, player_names, png, wrapped
from cogs.kit.result_picture import Mark, Palette, Result, result_of, with_result
from games.akelarre.face import FAMILIES, AkelarreView, PlaceView, family_of, is_joker, value_of
from games.core import Outcome, Standing

# Shaped for where Discord shows it: fitted into a box of about 400 x 300 CSS px, a board
# 800 wide and at most 600 tall is shown at half its size, so no text is drawn under 22 px
# (11 px as shown, :data:`cogs.kit.pictures.MIN_SHOWN_TEXT`). The legend, each group's kind and
# the discard piles' sizes in words live in How to play and the private panel.
WIDTH = 800
MARGIN = 16
INNER = WIDTH - 2 * MARGIN
TALL = 1200  # drawn on a tall canvas, then cut to what was drawn
GAP = 12
TEXT = 22  # the smallest text: 11 px where Discord shows the board
ROW = 28  # a line of text
BACKGROUND: Colour = (30, 44, 36)
PANEL: Colour = (46, 64, 52)
TEAM_COLOURS: tuple[Colour, Colour] = ((86, 196, 214), (244, 160, 80))
# The view's fields the picture reads (besides the step, only to know the game is over):
# it is redrawn only when one of them changes (:func:`key`).
DRAWN = frozenset(
    {
        "players",
        "teams",
        "turn",
        "final_round",
        "active",
        "places",
        "piles",
        "deck_count",
        "seats",
        "held",
        "payment",
        "taken",
        "stall_blocked",
        "favourites",
    }
)


@dataclass(frozen=True)
class Pen:
    """Draws in the table's language: every word from the catalog, every text with :func:`font`."""

    draw: ImageDraw.ImageDraw
    language: str
    names: tuple[str, ...]  # every seat's, as drawn

    def seat(self, seat: int, width: float = WIDTH / 3) -> str:
        """A seat's name, shortened with "…" past ``width`` px (bold, at the body's size)."""
        return fitted(self.draw, self.names[seat], width, TEXT, bold=True)

    def word(self, key: str, **params: object) -> str:
        return t(f"akelarre.ui.picture.{key}", self.language, **params)

    def family(self, family: str) -> str:
        """ "Fairies" / "Fate": the catalog's family without its emoji (the font has none)."""
        return bare(suit(family, self.language))

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        *,
        size: int = TEXT,
        bold: bool = False,
        fill: Colour = LIGHT,
        anchor: str = "la",
    ) -> float:
        """Draw ``text`` and return its width."""
        self.draw.text(xy, text, font=font(size, bold=bold), fill=fill, anchor=anchor)
        return self.draw.textlength(text, font=font(size, bold=bold))

    def lines(self, x: float, y: float, text: str, width: float) -> float:
        """``text`` wrapped to ``width`` at the smallest size; returns the y below it."""
        for line in wrapped(self.draw, text, width, TEXT):
            self.text((x, y), line)
            y += TEXT + 6
        return y


def key(v: AkelarreView) -> str:
    """What the picture is drawn from: the fields it reads, and whether the game is over."""
    drawn = v.model_dump(mode="json", include=set(DRAWN))
    return json.dumps({**drawn, "over": v.step == "over"}, sort_keys=True)


def draw_table(
    v: AkelarreView, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes:
    image = Image.new("RGB", (WIDTH, TALL), BACKGROUND)
    pen = Pen(ImageDraw.Draw(image), language, player_names(names, v.players, language))
    y = _header(pen, v, 10)
    y = _moving(pen, v, y)
    y = max(_piles(pen, v, y), _players(pen, v, y)) + GAP
    y = _places(pen, v, y)
    if v.stall_blocked:
        y = pen.lines(MARGIN, y, pen.word("deck_only"), INNER)
    board = image.crop((0, 0, WIDTH, y + 6))
    if outcome is not None:
        board = with_result(board, _result(pen, v, outcome), PALETTE)
    return png(board)


# -- the result, once the game is over -------------------------------------------------

PALETTE = Palette(background=BACKGROUND, panel=PANEL, text=LIGHT, dim=(170, 182, 172), gold=GOLD, ink=INK)


def _result(pen: Pen, v: AkelarreView, outcome: Outcome) -> Result:
    """The engine's ranking; in the team game each seat's place is its team's (the second
    team is second, not third) and its score the team's, beside its own."""
    teams = {s.seat: s.details.get("team") for s in outcome.standings}
    totals = sorted({s.score or 0 for s in outcome.standings}, reverse=True)

    def score(s: Standing) -> str:
        if teams[s.seat] is None:
            return pen.word("final_score", count=s.score or 0)
        return pen.word("final_team_score", count=s.score or 0, own=int(s.details.get("total", 0)))

    def mark(seat: int) -> Mark | None:
        team = teams[seat]
        if team is None:
            return None
        return lambda draw, x, y, size: _badge(draw, x, y, size, int(team))

    result = result_of(outcome, pen.names, pen.language, score, mark=mark)
    if all(team is None for team in teams.values()):
        return result
    rows = tuple(
        replace(row, place=totals.index(s.score or 0) + 1)
        for row, s in zip(result.rows, outcome.standings, strict=True)
    )
    return replace(result, rows=rows)


def _header(pen: Pen, v: AkelarreView, y: float) -> float:
    pen.text((MARGIN, y), pen.word("turn", turn=v.turn), size=30, bold=True)
    badge = "over" if v.step == "over" else "final_round" if v.final_round else None
    if badge is not None:
        word = pen.word(badge)
        width = pen.draw.textlength(word, font=font(24, bold=True)) + 24
        box = (WIDTH - MARGIN - width, y, WIDTH - MARGIN, y + 36)
        pen.draw.rounded_rectangle(box, 10, fill=GOLD if badge == "final_round" else LIGHT)
        pen.text((box[0] + width / 2, y + 18), word, size=24, bold=True, fill=INK, anchor="mm")
    return y + 42


def _team_badge(pen: Pen, cx: float, cy: float, team: int) -> None:
    """A team as its letter in its colour: the letter carries it, the colour only helps."""
    _badge(pen.draw, cx, cy, 28, team)


def _badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, team: int) -> None:
    r = max(size, TEXT + 6) / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TEAM_COLOURS[team], outline=LIGHT, width=2)
    draw.text((cx, cy + 1), TEAMS[team], font=font(TEXT, bold=True), fill=INK, anchor="mm")


def _moving(pen: Pen, v: AkelarreView, y: float) -> float:
    """A card taken and not yet placed (it lies face up), or a completed group's five
    cards waiting for its owner's choice (AK-6.3): the sentence, the cards beside it."""
    if v.payment is not None:
        p = v.payment
        owner, number = pen.names[p.owner], _number(v, p.place)
        text = pen.word("payment", payer=pen.names[p.payer], owner=owner, number=number)
        shown = list(p.cards)
    elif v.held is not None:
        h = v.held
        owner = pen.names[next((x.owner for x in v.places if x.id == h.place), v.active)]
        text = pen.word("held", seat=pen.names[v.active], owner=owner, number=_number(v, h.place))
        shown = [h.card]
    else:
        return y
    room = len(shown) * (cards.MINI_W + 8)
    lines = wrapped(pen.draw, text, INNER - 36 - room, TEXT)
    height = max(len(lines) * ROW, cards.MINI_H) + 20
    pen.draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height), 12, outline=GOLD, width=3)
    top = y + (height - len(lines) * ROW) / 2
    for index, line in enumerate(lines):
        pen.text((MARGIN + 14, top + index * ROW), line)
    x = WIDTH - MARGIN - 14 - room + 8
    for index, card_id in enumerate(shown):
        _card(pen, x + index * (cards.MINI_W + 8), y + (height - cards.MINI_H) / 2, card_id, None)
    return y + height + GAP


def _number(v: AkelarreView, place_id: str) -> int:
    place = next((p for p in v.places if p.id == place_id), None)
    return place.number if place is not None else int(place_id.rsplit("-", 1)[1])


def _card(pen: Pen, x: float, y: float, card_id: str, value: int | None, *, takeable: bool = False) -> None:
    """A card face up: its value (a joker's in a group, "J" out of one)."""
    shown = value if value is not None else value_of(card_id)
    label = pen.word("joker_short") if shown is None else str(shown)
    cards.mini(pen.draw, x, y, family_of(card_id), label, joker=is_joker(card_id), takeable=takeable)


# -- the meeting places ------------------------------------------------------------------

COLUMNS = 3
PLACE_W = (INNER - (COLUMNS - 1) * GAP) // COLUMNS
PLACE_H = 6 + ROW + 6 + cards.MINI_H + 6 + ROW + 2
FREE_H = 40  # a free place holds no cards: a slim box, after the groups


def _places(pen: Pen, v: AkelarreView, y: float) -> float:
    busy = [p for p in v.places if not p.free]
    free = [p for p in v.places if p.free]
    # A free place's chip is wider (its name and "free" on one line), so two to a row.
    for group, height, columns in ((busy, PLACE_H, COLUMNS), (free, FREE_H, 2)):
        width = (INNER - (columns - 1) * GAP) // columns
        for index, place in enumerate(group):
            x = MARGIN + (index % columns) * (width + GAP)
            _place(pen, v, place, (x, y + (index // columns) * (height + GAP), width, height))
        y += -(-len(group) // columns) * (height + GAP)
    return y


def _place(pen: Pen, v: AkelarreView, place: PlaceView, at: tuple[float, float, int, int]) -> None:
    x, y, place_w, height = at
    box = (x, y, x + place_w, y + height)
    team = v.seats[place.owner].team
    room: float = place_w - 20 - (34 if team is not None else 0)
    free = pen.word("free")
    if place.free:
        room -= pen.draw.textlength(free, font=font(TEXT)) + 10
    title = pen.word("place", seat="", number=place.number)
    own = pen.draw.textlength(title, font=font(TEXT, bold=True))
    title = pen.word("place", seat=pen.seat(place.owner, room - own), number=place.number)
    if place.free:
        pen.draw.rounded_rectangle(box, 10, outline=DIM, width=2)
        width = pen.text((x + 10, y + height / 2), title, bold=True, fill=DIM, anchor="lm")
        pen.text((x + 10 + width + 10, y + height / 2), free, fill=DIM, anchor="lm")
    else:
        pen.draw.rounded_rectangle(box, 10, fill=PANEL)
        pen.text((x + 10, y + 6), title, bold=True)
        # Takes are shown only while one may be made: not at the end, not while a taken
        # card waits (one taken card per move, R5), never a card taken this turn (R-T1).
        open_to_take = v.step != "over" and v.held is None
        for index, c in enumerate(place.cards):
            takeable = open_to_take and c.card in place.takeable and c.card not in v.taken
            _card(
                pen, x + 12 + index * (cards.MINI_W + 10), y + 6 + ROW + 6, c.card, c.value, takeable=takeable
            )
        _needs(pen, place, x + 10, y + height - 4 - ROW / 2)
    if team is not None:
        _team_badge(pen, x + place_w - 20, y + (20 if not place.free else height / 2), team)


def _needs(pen: Pen, place: PlaceView, x: float, cy: float) -> None:
    """What the group still needs: a set, the families that may join (tiles); a run, its next values."""
    if place.kind == "set":
        x += pen.text((x, cy), pen.word("needs_set", count=place.to_complete), anchor="lm") + 6
        for family in place.needs_families:
            cards.tile(pen.draw, x + 13, cy, family, 26)
            x += 30
        return
    values = [str(n) for n in place.needs_values]
    shown = values[0] if len(values) == 1 else ui("either", pen.language, a=values[0], b=values[-1])
    text = fitted(pen.draw, pen.word("needs_run", count=place.to_complete, values=shown), PLACE_W - 20, TEXT)
    pen.text((x, cy), text, anchor="lm")


# -- the piles, the deck and the players ---------------------------------------------------

PILE_STEP = cards.MINI_W + 10
PILES_W = (len(FAMILIES) + 1) * PILE_STEP


def _piles(pen: Pen, v: AkelarreView, y: float) -> float:
    """The discard piles' top cards and sizes, then the deck (its size under it)."""
    pen.text((MARGIN, y), pen.word("piles"), bold=True)
    deck_x = MARGIN + len(FAMILIES) * PILE_STEP
    pen.text((deck_x + cards.MINI_W / 2, y), pen.word("deck"), bold=True, anchor="ma")
    top = y + ROW + 4
    for index, pile in enumerate(v.piles):
        x = MARGIN + index * PILE_STEP
        if pile.top is None:
            cards.mini_empty(pen.draw, x, top, pile.family)
        else:
            _card(pen, x, top, pile.top, None)
        pen.text(
            (x + cards.MINI_W / 2, top + cards.MINI_H + 4),
            str(pile.size),
            fill=LIGHT if pile.size else DIM,
            anchor="ma",
        )
    if v.deck_count:
        cards.mini_back(pen.draw, deck_x, top)
    else:  # drawn out: the final round is on (AK-10)
        cards.mini_empty(pen.draw, deck_x, top, None)
    pen.text((deck_x + cards.MINI_W / 2, top + cards.MINI_H + 4), str(v.deck_count), anchor="ma")
    return top + cards.MINI_H + 4 + ROW


def _players(pen: Pen, v: AkelarreView, y: float) -> float:
    """One line a player: whose turn it is, the name, cards captured and in hand (and
    once the game is over the favourite family, public then: R25)."""
    left = MARGIN + PILES_W + 14
    right = WIDTH - MARGIN
    hand_w, captured_w = _columns(pen.language)
    over = v.step == "over"
    if over:  # hands no longer matter: the favourites take their room
        hand_w = -8.0
    step = max(ROW + 2, PILES_H / v.players)
    for s in v.seats:
        cy = y + s.seat * step + step / 2
        turn = v.step != "over" and s.seat == v.active
        if turn:
            pen.draw.rounded_rectangle(
                (left - 4, cy - step / 2 + 1, right, cy + step / 2 - 1), 8, outline=GOLD, width=3
            )
            _turn_mark(pen, left + 10, cy)
        x = left + 22
        end = right - 10 - hand_w - 8 - captured_w - 8
        if v.favourites is not None:
            end -= 30
            cards.tile(pen.draw, end + 15, cy, v.favourites[s.seat], 26)
        if s.team is not None:
            end -= 34
            _team_badge(pen, end + 16, cy, s.team)
        name = fitted(pen.draw, pen.names[s.seat], end - x - 2, TEXT, bold=True)
        pen.text((x, cy), name, bold=True, anchor="lm")
        pen.text((right - 10 - hand_w - 8, cy), pen.word("captured", count=s.point_count), anchor="rm")
        if not over:
            hand = pen.word("in_hand", count=s.hand_size)
            pen.text((right - 10, cy), hand, fill=(214, 220, 210), anchor="rm")
    return y + v.players * step


PILES_H = ROW + 4 + cards.MINI_H + 4 + ROW


@cache
def _columns(language: str) -> tuple[float, float]:
    """The widths of the hand and captured columns: their widest counts in ``language``."""

    def width(key: str, counts: tuple[int, ...]) -> float:
        words = (t(f"akelarre.ui.picture.{key}", language, count=n) for n in counts)
        return max(font(TEXT).getlength(w) for w in words)

    return width("in_hand", (7, 17)), width("captured", (8, 38))


def _turn_mark(pen: Pen, cx: float, cy: float) -> None:
    """Whose turn it is: a gold arrowhead."""
    pen.draw.polygon([(cx - 8, cy - 10), (cx + 8, cy), (cx - 8, cy + 10)], fill=GOLD, outline=INK)
