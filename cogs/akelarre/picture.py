"""The Akelarre table as a picture (Pillow), drawn for a phone-width embed.

What it shows: every meeting place (whose place it is, its group laid out as
cards, a joker with its banner and the value it stands for, the cards a take may
lift framed in gold, and what the group still needs: the families of a set as
tiles, the next values of a run); a card taken and not yet placed, or the five
cards of a completed group waiting for its owner's choice; the discard piles'
top cards and sizes; the deck; each player's captured cards and hand size, whose
turn it is, the teams of the team game and, once the game is over, the
favourites (public then, R25) and the result above it all (the winner, every
place and score, the team game's by team); a legend in the table's language.

Players are named as the board's text names them (``names``, made drawable by
:func:`cogs.pictures.player_names`). The picture is drawn from the spectator view
alone (no hand, no favourite before the end, no deck order), off the event loop
(the publisher runs it in a thread). Every text goes through
:func:`cogs.pictures.font`, none smaller than 1/40 of the width.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from bot.i18n import join, t
from cogs.akelarre import cards
from cogs.akelarre.cards import CARD_H, CARD_W, DIM, GOLD, INK, LIGHT, TEXT, Colour
from cogs.akelarre.words import TEAMS, suit, ui
from cogs.pictures import bare, fitted, font, player_names, png, wrapped
from cogs.result_picture import Mark, Palette, Result, result_of, with_result
from games.akelarre import AkelarreView, PlaceView
from games.akelarre.data import FAMILIES, family_of, is_joker, value_of
from games.core import Outcome, Standing

WIDTH = 800
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
# Drawn on a tall canvas, then cut to what was drawn: the largest table (12 places holding
# groups, a payment, the teams, the stall line) is about 2350 px tall.
TALL = 3000
GAP = 8  # between cards
STEP = CARD_W + GAP
TITLE = 24
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

Sample = Callable[[float, float], None]  # a legend sample, drawn from its left edge at mid-height


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
    y = _header(pen, v, 14)
    if v.teams:
        y = _teams(pen, v, y)
    y = _moving(pen, v, y)
    y = _places(pen, v, y)
    y = _piles(pen, v, y)
    y = _players(pen, v, y)
    y = _legend(pen, v, y)
    board = image.crop((0, 0, WIDTH, y + 10))
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
    pen.text((MARGIN, y), pen.word("turn", turn=v.turn), size=28, bold=True)
    badge = "over" if v.step == "over" else "final_round" if v.final_round else None
    if badge is not None:
        word = pen.word(badge)
        width = pen.draw.textlength(word, font=font(22, bold=True)) + 24
        box = (WIDTH - MARGIN - width, y, WIDTH - MARGIN, y + 34)
        pen.draw.rounded_rectangle(box, 10, fill=GOLD if badge == "final_round" else LIGHT)
        pen.text((box[0] + width / 2, y + 17), word, size=22, bold=True, fill=INK, anchor="mm")
    return y + 50


def _team_badge(pen: Pen, cx: float, cy: float, team: int) -> None:
    """A team as its letter in its colour: the letter carries it, the colour only helps."""
    _badge(pen.draw, cx, cy, 28, team)


def _badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, team: int) -> None:
    r = size / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TEAM_COLOURS[team], outline=LIGHT, width=2)
    draw.text((cx, cy + 1), TEAMS[team], font=font(TEXT, bold=True), fill=INK, anchor="mm")


def _teams(pen: Pen, v: AkelarreView, y: float) -> float:
    for team, members in enumerate(v.teams or []):
        captured = sum(v.seats[s].point_count for s in members)
        seats = join([pen.seat(s, 220) for s in members], pen.language)
        _team_badge(pen, MARGIN + 14, y + 14, team)
        line = pen.word("team_line", team=TEAMS[team], seats=seats, count=captured)
        pen.text((MARGIN + 36, y + 14), line, size=22, anchor="lm")
        y += 36
    return y + 8


def _moving(pen: Pen, v: AkelarreView, y: float) -> float:
    """A card taken and not yet placed (it lies face up), or a completed group's five
    cards waiting for its owner's choice (AK-6.3): each with its sentence above."""
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
    top = pen.lines(MARGIN + 14, y + 10, text, INNER - 28) + 4
    pen.draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, top + CARD_H + 14), 12, outline=GOLD, width=3)
    for index, card_id in enumerate(shown):
        _card(pen, MARGIN + 14 + index * STEP, top, card_id, None)
    return top + CARD_H + 28


def _number(v: AkelarreView, place_id: str) -> int:
    place = next((p for p in v.places if p.id == place_id), None)
    return place.number if place is not None else int(place_id.rsplit("-", 1)[1])


def _card(pen: Pen, x: float, y: float, card_id: str, value: int | None, *, takeable: bool = False) -> None:
    """A card face up: its value (a joker's in a group, "J" out of one) and a joker's banner."""
    joker = is_joker(card_id)
    shown = value if value is not None else value_of(card_id)
    label = pen.word("joker_short") if shown is None else str(shown)
    word = ui("joker", pen.language) if joker else None
    cards.card(pen.draw, x, y, family_of(card_id), label, joker_word=word, takeable=takeable)


# -- the meeting places ------------------------------------------------------------------

PLACE_W = (INNER - 16) // 2
PLACE_H = 226
FREE_H = 50  # a free place holds no cards: a slim box, after the groups


def _places(pen: Pen, v: AkelarreView, y: float) -> float:
    pen.text((MARGIN, y), pen.word("places"), size=TITLE, bold=True)
    y += 38
    busy = [p for p in v.places if not p.free]
    free = [p for p in v.places if p.free]
    for group, height in ((busy, PLACE_H), (free, FREE_H)):
        for index, place in enumerate(group):
            x = MARGIN + (index % 2) * (PLACE_W + 16)
            _place(pen, v, place, x, y + (index // 2) * (height + 14), height)
        y += -(-len(group) // 2) * (height + 14)
    return y + 6


def _place(pen: Pen, v: AkelarreView, place: PlaceView, x: float, y: float, height: int) -> None:
    box = (x, y, x + PLACE_W, y + height)
    team = v.seats[place.owner].team
    room = PLACE_W - 28 - (48 if team is not None else 0) - (90 if place.free else 0)
    title = pen.word("place", seat="", number=place.number)
    own = pen.draw.textlength(title, font=font(TEXT, bold=True))
    title = pen.word("place", seat=pen.seat(place.owner, room - own), number=place.number)
    badge = y + 24 if not place.free else y + height / 2
    if place.free:
        pen.draw.rounded_rectangle(box, 12, outline=DIM, width=2)
        width = pen.text((x + 14, y + height / 2), title, bold=True, fill=DIM, anchor="lm")
        pen.text((x + 14 + width + 14, y + height / 2), pen.word("free"), fill=DIM, anchor="lm")
    else:
        pen.draw.rounded_rectangle(box, 12, fill=PANEL)
        pen.text((x + 14, y + 12), title, bold=True)
        pen.text((x + 14, y + 40), _kind(pen, place), fill=(214, 220, 210))
        # Takes are shown only while one may be made: not at the end, not while a taken
        # card waits (one taken card per move, R5), never a card taken this turn (R-T1).
        open_to_take = v.step != "over" and v.held is None
        for index, c in enumerate(place.cards):
            takeable = open_to_take and c.card in place.takeable and c.card not in v.taken
            _card(pen, x + 14 + index * STEP, y + 70, c.card, c.value, takeable=takeable)
        _needs(pen, place, x + 14, y + 204)
    if team is not None:
        _team_badge(pen, x + PLACE_W - 24, badge, team)


def _kind(pen: Pen, place: PlaceView) -> str:
    """ "Fairies run" / "three of a kind of 5s" ("tris di 5", "poker di 5": the size, then the value)."""
    if place.kind == "run":
        return pen.word("run", family=pen.family(place.cards[0].family))
    word = ui(f"value_word.{place.cards[0].value}", pen.language)
    return pen.word("set_4" if len(place.cards) >= 4 else "set_3", word=word)


def _needs(pen: Pen, place: PlaceView, x: float, cy: float) -> None:
    """What the group still needs: a set, the families that may join (tiles); a run, its next values."""
    if place.kind == "set":
        x += pen.text((x, cy), pen.word("needs_set", count=place.to_complete), anchor="lm") + 10
        for family in place.needs_families:
            cards.tile(pen.draw, x + 16, cy, family, 32)
            x += 38
        return
    values = [str(n) for n in place.needs_values]
    shown = values[0] if len(values) == 1 else ui("either", pen.language, a=values[0], b=values[-1])
    pen.text((x, cy), pen.word("needs_run", count=place.to_complete, values=shown), anchor="lm")


# -- the piles, the deck and the players ---------------------------------------------------


def _piles(pen: Pen, v: AkelarreView, y: float) -> float:
    pen.text((MARGIN, y), pen.word("piles"), size=TITLE, bold=True)
    y += 38
    column = INNER / (len(FAMILIES) + 1)
    for index, pile in enumerate(v.piles):
        cx = MARGIN + column * index + column / 2
        pen.text((cx, y), pen.family(pile.family), bold=True, anchor="mt")
        if pile.top is None:
            cards.empty(pen.draw, cx - CARD_W / 2, y + 28, pile.family)
            pen.text((cx, y + CARD_H + 38), pen.word("empty"), fill=DIM, anchor="mt")
        else:
            _card(pen, cx - CARD_W / 2, y + 28, pile.top, None)
            pen.text((cx, y + CARD_H + 38), pen.word("pile_count", count=pile.size), anchor="mt")
    cx = MARGIN + column * len(FAMILIES) + column / 2
    pen.text((cx, y), pen.word("deck"), bold=True, anchor="mt")
    if v.deck_count:
        cards.back(pen.draw, cx - CARD_W / 2, y + 28)
    else:  # drawn out: the final round is on (AK-10)
        cards.empty(pen.draw, cx - CARD_W / 2, y + 28, None)
    pen.text((cx, y + CARD_H + 38), pen.word("pile_count", count=v.deck_count), anchor="mt")
    y += CARD_H + 72
    if v.stall_blocked:
        y = pen.lines(MARGIN, y, pen.word("deck_only"), INNER) + 6
    return y


def _players(pen: Pen, v: AkelarreView, y: float) -> float:
    pen.text((MARGIN, y), pen.word("players"), size=TITLE, bold=True)
    y += 38
    width = (INNER - 12 * (v.players - 1)) / v.players
    height = 150 if v.favourites is not None else 96
    for s in v.seats:
        x = MARGIN + s.seat * (width + 12)
        turn = v.step != "over" and s.seat == v.active
        pen.draw.rounded_rectangle(
            (x, y, x + width, y + height),
            10,
            fill=PANEL,
            outline=GOLD if turn else DIM,
            width=4 if turn else 1,
        )
        left = x + 12
        if turn:
            _turn_mark(pen, left + 8, y + 20)
            left += 24
        room = x + width - left - (48 if s.team is not None else 12)
        name = fitted(pen.draw, pen.names[s.seat], room, 22, bold=True)
        pen.text((left, y + 20), name, size=22, bold=True, anchor="lm")
        if s.team is not None:
            _team_badge(pen, x + width - 24, y + 20, s.team)
        pen.text((x + 12, y + 42), pen.word("captured", count=s.point_count))
        pen.text((x + 12, y + 66), pen.word("in_hand", count=s.hand_size), fill=(214, 220, 210))
        if v.favourites is not None:  # revealed to everyone once the game is over (R25)
            family = v.favourites[s.seat]
            pen.text((x + 12, y + 92), pen.word("favourite"), fill=GOLD)
            cards.tile(pen.draw, x + 26, y + 132, family)
            pen.text((x + 46, y + 132), pen.family(family), anchor="lm")
    return y + height + 20


def _turn_mark(pen: Pen, cx: float, cy: float) -> None:
    """Whose turn it is: a gold arrowhead (also the legend's sample)."""
    pen.draw.polygon([(cx - 8, cy - 10), (cx + 8, cy), (cx - 8, cy + 10)], fill=GOLD, outline=INK)


# -- the legend ----------------------------------------------------------------------------


def _legend(pen: Pen, v: AkelarreView, y: float) -> float:
    """What the pictograms, banners and frames mean, laid out as flowing rows."""
    draw = pen.draw
    joker = ui("joker", pen.language)
    banner = draw.textlength(joker, font=font(TEXT, bold=True)) + 16

    def family_sample(family: str) -> Sample:
        return lambda x, cy: cards.tile(draw, x + 14, cy, family)

    def take_sample(x: float, cy: float) -> None:
        draw.rounded_rectangle((x, cy - 14, x + 22, cy + 10), 5, outline=GOLD, width=4)
        cards.marker(draw, x + 11, cy + 14)

    items: list[tuple[float, Sample, str]] = [(28, family_sample(f), pen.family(f)) for f in FAMILIES]
    items.append(
        (banner, lambda x, cy: cards.banner(draw, x, cy - 13, banner, joker), pen.word("legend_joker"))
    )
    if v.step != "over":
        items.append((22, take_sample, pen.word("legend_take")))
        items.append((16, lambda x, cy: _turn_mark(pen, x + 8, cy), pen.word("legend_turn")))
    return _flow(pen, items, y)


def _flow(pen: Pen, items: list[tuple[float, Sample, str]], y: float) -> float:
    """Items (a sample and its word) side by side, a new row when the next would cross the margin."""
    x, cy = float(MARGIN), y + 16
    for width, sample, word in items:
        needed = width + 8 + pen.draw.textlength(word, font=font(TEXT))
        if x > MARGIN and x + needed > WIDTH - MARGIN:
            x, cy = float(MARGIN), cy + 38
        sample(x, cy)
        x += width + 8
        x += pen.text((x, cy), word, anchor="lm") + 24
    return cy + 22
