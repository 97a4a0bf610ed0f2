"""The end of a game on its final picture: the board as it ended, framed in gold.

Who won, and every seat's place and score, are the final record the board's embed
carries above its picture (``cogs.channel.publisher.with_final_record``), in Discord's own
text. Until issue 39 the result was drawn again above the board, as wide as it: that
made every final picture taller than the 4:3 box Discord fits an embed image in
(:data:`cogs.kit.pictures.SHOWN_BOX`), shown at a quarter of its size, the result's text
and the board's at 5-8 px. A game still builds its :class:`Result` (the ranking as the
engine gives it, ties sharing a place; a game's scores in its own unit, a mark before
a name), so the picture can carry it again where it has the room.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import join, t
from cogs.kit.pictures import fitted
from games.core import Outcome, Standing

Colour = tuple[int, int, int]
# Draws a seat's mark centred on (x, y), ``size`` px across.
Mark = Callable[[ImageDraw.ImageDraw, float, float, float], None]

HEADLINE_NAME = 360  # px a winner's name may take in the headline (at 30 px, bold)


@dataclass(frozen=True)
class Palette:
    """The board's own colours (the final frame is ``gold``)."""

    background: Colour
    panel: Colour
    text: Colour
    dim: Colour
    gold: Colour = (240, 198, 60)
    ink: Colour = (24, 24, 24)


@dataclass(frozen=True)
class Row:
    place: int  # 1 the best; equal places share it
    name: str  # as the picture draws it (cogs.kit.pictures.player_names)
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

FRAME = 6  # px of gold around the final board: over its margin, never over its content


def with_result(board: Image.Image, result: Result, palette: Palette) -> Image.Image:
    """The final picture: ``board`` as it is, in a gold frame (the game is over); the
    ``result`` is the embed's final record above it, not drawn again (see the module)."""
    image = board.copy()
    ImageDraw.Draw(image).rectangle(
        (0, 0, image.width - 1, image.height - 1), outline=palette.gold, width=FRAME
    )
    return image
