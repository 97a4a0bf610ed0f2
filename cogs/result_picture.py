"""The result on top of a game's final picture: who won, and every seat's place and
score, as the final board's text gives them.

Every game's final picture is its board at the end with this block above it, drawn
at the board's width in the board's colours (:class:`Palette`), so the first thing
a phone shows of the finished game is its winner. The ranking is the engine's
(:class:`games.core.Outcome`): ties share a place, the winners are marked with a
trophy and framed in gold. A game names its scores in its own unit ("34 points",
"6½ talismans") and may put a mark before a name (a Narnia player's colour, an
Akelarre team).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import join, t
from cogs.pictures import fitted, font, min_text_size, wrapped
from games.core import Outcome, Standing

Colour = tuple[int, int, int]
# Draws a seat's mark centred on (x, y), ``size`` px across.
Mark = Callable[[ImageDraw.ImageDraw, float, float, float], None]

MEDAL_COLOURS: dict[int, Colour] = {1: (232, 190, 60), 2: (196, 200, 208), 3: (200, 130, 70)}
TROPHY: Colour = (240, 198, 60)
HEADLINE_NAME = 360  # px a winner's name may take in the headline (at 30 px, bold)


@dataclass(frozen=True)
class Palette:
    """The board's own colours, so the block reads as part of its picture."""

    background: Colour
    panel: Colour
    text: Colour
    dim: Colour
    gold: Colour = (240, 198, 60)
    ink: Colour = (24, 24, 24)


@dataclass(frozen=True)
class Row:
    place: int  # 1 the best; equal places share it
    name: str  # as the picture draws it (cogs.pictures.player_names)
    score: str  # in the game's unit
    winner: bool
    mark: Mark | None = None


@dataclass(frozen=True)
class Result:
    headline: str
    title: str  # "Final ranking", in the table's language
    rows: tuple[Row, ...]


def winners_line(outcome: Outcome, names: Sequence[str], language: str) -> str:
    """ "Alice wins!" / "Alice and Bruno win!" / "Nobody wins this time." (each name
    shortened to fit a line of the headline)."""
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    winners = [fitted(measure, names[s], HEADLINE_NAME, 30, bold=True) for s in outcome.winners]
    if not winners:
        return t("pictures.nobody", language)
    return t("pictures.winner", language, count=len(winners), names=join(winners, language))


def result_of(
    outcome: Outcome,
    names: Sequence[str],
    language: str,
    score: Callable[[Standing], str],
    *,
    headline: str | None = None,
    mark: Callable[[int], Mark | None] | None = None,
) -> Result:
    """The result as the engine ranks it: one row per seat, best first."""
    rows = tuple(
        Row(
            place=s.rank,
            name=names[s.seat],
            score=score(s),
            winner=s.winner,
            mark=None if mark is None else mark(s.seat),
        )
        for s in outcome.standings
    )
    return Result(headline or winners_line(outcome, names, language), t("pictures.ranking", language), rows)


# -- drawing ------------------------------------------------------------------------


def trophy(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour = TROPHY) -> None:
    """A cup (the winner's mark: the font has no 🏆), centred on (cx, cy)."""
    u = size / 24
    ink = (60, 44, 10)
    draw.ellipse((cx - 11 * u, cy - 10 * u, cx - 3 * u, cy - 1 * u), outline=fill, width=max(2, int(2 * u)))
    draw.ellipse((cx + 3 * u, cy - 10 * u, cx + 11 * u, cy - 1 * u), outline=fill, width=max(2, int(2 * u)))
    draw.chord((cx - 8 * u, cy - 20 * u, cx + 8 * u, cy + 4 * u), 0, 180, fill=fill, outline=ink)
    draw.rectangle((cx - 8 * u, cy - 11 * u, cx + 8 * u, cy - 8 * u), fill=fill)
    draw.rectangle((cx - 2 * u, cy + 3 * u, cx + 2 * u, cy + 8 * u), fill=fill)
    draw.rounded_rectangle((cx - 7 * u, cy + 8 * u, cx + 7 * u, cy + 12 * u), max(1, int(u)), fill=fill)


def _medal(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, place: int, p: Palette, size: int, medals: bool
) -> None:
    """The place in a disc: gold, silver and bronze for the first three (none when nobody won)."""
    colour = MEDAL_COLOURS.get(place) if medals else None
    if colour is None:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=p.dim, width=2)
        draw.text((cx, cy + 1), str(place), font=font(size, bold=True), fill=p.text, anchor="mm")
        return
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=p.ink, width=2)
    draw.text((cx, cy + 1), str(place), font=font(size, bold=True), fill=p.ink, anchor="mm")


@dataclass(frozen=True)
class _Sizes:
    """The block's measures for a picture ``width`` px wide (designed at 800 px)."""

    width: int

    def px(self, at_800: float) -> int:
        return round(at_800 * self.width / 800)

    @property
    def text(self) -> int:
        return max(min_text_size(self.width), self.px(22))

    @property
    def headline(self) -> int:
        return max(self.text + 2, self.px(30))

    @property
    def row(self) -> int:
        return self.px(48)

    @property
    def margin(self) -> int:
        return self.px(24)


def with_result(board: Image.Image, result: Result, palette: Palette) -> Image.Image:
    """``board`` with ``result`` drawn above it, as wide as the board."""
    s = _Sizes(board.width)
    measure = ImageDraw.Draw(board)
    head_lines = wrapped(
        measure, result.headline, board.width - 2 * s.margin - s.px(48), s.headline, bold=True
    )
    head_h = len(head_lines) * (s.headline + s.px(8))
    top = s.px(14) + head_h + s.px(10) + s.text + s.px(12)
    height = top + len(result.rows) * (s.row + s.px(6)) + s.px(14)
    image = Image.new("RGB", (board.width, height + board.height), palette.background)
    draw = ImageDraw.Draw(image)
    _headline(draw, head_lines, s, palette, any(r.winner for r in result.rows))
    y = s.px(14) + head_h + s.px(10)
    draw.text((s.margin, y), result.title, font=font(s.text, bold=True), fill=palette.dim)
    y = top
    medals = any(row.winner for row in result.rows)
    for row in result.rows:
        _row(draw, row, y, s, palette, medals)
        y += s.row + s.px(6)
    draw.line(
        (s.margin, height - s.px(4), board.width - s.margin, height - s.px(4)), fill=palette.dim, width=2
    )
    image.paste(board, (0, height))
    return image


def _headline(draw: ImageDraw.ImageDraw, lines: list[str], s: _Sizes, p: Palette, won: bool) -> None:
    y = s.px(14)
    x = s.margin
    if won:
        trophy(draw, x + s.px(18), y + s.headline / 2 + s.px(2), s.px(34), p.gold)
        x += s.px(48)
    for line in lines:
        draw.text((x, y), line, font=font(s.headline, bold=True), fill=p.gold if won else p.text)
        y += s.headline + s.px(8)


def _row(draw: ImageDraw.ImageDraw, row: Row, y: float, s: _Sizes, p: Palette, medals: bool) -> None:
    left, right = s.margin, s.width - s.margin
    cy = y + s.row / 2
    outline, width = (p.gold, 3) if row.winner else (p.panel, 1)
    draw.rounded_rectangle((left, y, right, y + s.row), s.px(10), fill=p.panel, outline=outline, width=width)
    r = s.px(17)
    _medal(draw, left + s.px(12) + r, cy, r, row.place, p, s.text, medals)
    x = left + s.px(24) + 2 * r
    if row.mark is not None:
        row.mark(draw, x + s.px(14), cy, s.px(26))
        x += s.px(36)
    trophy_room = s.px(52)
    score_w = draw.textlength(row.score, font=font(s.text))
    score_x = right - s.px(12) - trophy_room
    draw.text((score_x, cy), row.score, font=font(s.text), fill=p.text, anchor="rm")
    if row.winner:
        trophy(draw, right - s.px(12) - trophy_room / 2, cy, s.px(28), p.gold)
    room = score_x - score_w - s.px(16) - x
    name = fitted(draw, row.name, room, s.text + 2, bold=True)
    draw.text(
        (x, cy), name, font=font(s.text + 2, bold=True), fill=p.gold if row.winner else p.text, anchor="lm"
    )
