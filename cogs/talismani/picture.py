"""The Talismani table as a picture (Pillow), for a phone.

What it shows: the turn and what is being decided; the weather row in dominance order
(each suit a colour *and* a pictogram, its place and its name, the dominant one framed in
gold); the stake and what it is worth; one row per seat (by name, in seat order, as the embed
lists the players) with who has chosen or must act, the hand size, whole and half
talismans with their total, the talismans waiting to be forged, and, after a reveal, the
cards each seat played that turn face up with their rank, the turn's winner starred.
Once the game is over it is framed in gold; the result (the winner, every place and
total) is the embed's final record above it (cogs.kit.result_picture).

Drawn from the spectator view only (secret plays show only as "has chosen"), off the
event loop (the publisher runs it in a thread). The picture is first reduced to a
:class:`Table` of plain data: :func:`table_key` is that data, so the picture is redrawn
exactly when something it shows changes. Every text goes through :func:`cogs.kit.pictures.font`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from bot.i18n import t
from cogs.kit.pictures import bare, fitted, font, player_names, png
from cogs.kit.result_picture import Palette, Result, result_of, with_result
from cogs.talismani import cards as c
from cogs.talismani.words import talismans
from games.core import Outcome
from games.talismani.face import FIRST_TALISMAN, TalismaniView, is_fairy_play, talismans_text

# Shaped for where Discord shows it: fitted into a box of about 400 x 300 CSS px, a board
# 800 wide and at most 600 tall is shown at half its size, so no text is drawn under 22 px
# (11 px as shown, :data:`cogs.kit.pictures.MIN_SHOWN_TEXT`), even at ten seats. The legend
# lives in How to play.
WIDTH = 800
MARGIN = 24
TEXT = 22  # the smallest text: 11 px where Discord shows the board
BIG = 22  # counts and seat labels
BACKGROUND = (40, 32, 54)
BAND = (52, 43, 70)  # every other seat row, so a row reads across
TILE_W, TILE_H = 108, 60  # a weather card
ROW_H = 46  # one seat
ROW_H_MANY = 40  # one seat at a table of more than NAMED_ROW seats
NAMED_ROW = 6  # up to this many seats, the weather cards' names are written under them
NAME_W = 130  # a seat's name, shortened with "…" past it
# Where each of a seat's counts starts, after its mark and name.
HAND_X, WHOLE_X, HALF_X, TOTAL_X, PENDING_X = 188, 254, 314, 366, 436
PLAY_X = 540  # where a seat's play starts (after its rank)
MAX_SHIFT = 60  # how far left a long play may start (the pending talismans end before)
MAX_PENDING = 3  # waiting talismans drawn; with more, the first two and "+N"

Mark = Literal["", "chosen", "waiting", "turn"]


@dataclass(frozen=True)
class Play:
    """One seat's revealed play: its cards (none for a forge play), rank and marks."""

    cards: tuple[str, ...]
    rank: int
    winner: bool
    combination: bool  # a forging combination that did not win


@dataclass(frozen=True)
class Seat:
    name: str  # as the picture draws it (cogs.kit.pictures.player_names)
    mark: Mark
    hand: int
    whole: int
    halves: int
    score_halves: int
    pending: tuple[str, ...]  # the suits of the talismans waiting to be forged
    play: Play | None


@dataclass(frozen=True)
class Table:
    """Everything the picture shows, and nothing else (so it is also the picture's key)."""

    turn: int
    phase: str
    done: int  # secret answers in so far (play, set_aside)
    asked: int  # secret answers expected
    row: tuple[str, ...]
    stake: str | None
    reveal_turn: int | None
    void: bool
    seats: tuple[Seat, ...]


# -- from the view ---------------------------------------------------------------------


def _marks(v: TalismaniView) -> dict[int, Mark]:
    """Who has answered in secret and who is still choosing, or who must act now."""
    if v.phase == "play":
        return {s: "chosen" if s in v.chosen else "waiting" for s in range(v.players)}
    if v.phase == "set_aside":
        return {s: "chosen" if s in v.aside_done else "waiting" for s in v.aside_seats}
    actors = {
        "stake": v.chooser,
        "change_order": v.special_seat,
        "change_weather": v.special_seat,
        "share": v.to_pick,
        "weather": v.winner,
    }
    actor = actors.get(v.phase)
    return {} if actor is None else {actor: "turn"}


def _plays(v: TalismaniView) -> dict[int, Play]:
    """The latest reveal by seat. The winner is the play ranked first if it is a fairy play
    (the view's ``winner`` is cleared when the next turn starts, the ranks are not)."""
    if v.reveal_turn is None:
        return {}
    plays = {}
    for p in v.plays:
        won = p.rank == 1 and is_fairy_play(p)
        # A winning combination is not forged (TT-9.4): the hammer marks only the others.
        plays[p.seat] = Play(
            cards=tuple(p.cards), rank=p.rank, winner=won, combination=p.combination and not won
        )
    return plays


def table_of(v: TalismaniView, names: tuple[str, ...] = (), language: str = "en") -> Table:
    """What the picture shows; ``names`` the seats' (as the table has them), made drawable
    in ``language`` ("Player 2" where the font draws none of a name)."""
    marks, plays = _marks(v), _plays(v)
    shown = player_names(names, v.players, language)
    done, asked = {
        "play": (len(v.chosen), v.players),
        "set_aside": (len(v.aside_done), len(v.aside_seats)),
    }.get(v.phase, (0, 0))
    seats = tuple(
        Seat(
            name=shown[s.seat],
            mark=marks.get(s.seat, ""),
            hand=s.hand_size,
            whole=s.whole,
            halves=s.halves,
            score_halves=s.score_halves,
            pending=tuple(p.suit for p in s.pending),
            play=plays.get(s.seat),
        )
        for s in v.seats
    )
    return Table(v.turn, v.phase, done, asked, tuple(v.row), v.stake, v.reveal_turn, v.void, seats)


def table_key(v: TalismaniView) -> str:
    """What the picture depends on: the data it draws (the publisher adds the language)."""
    return repr(table_of(v))


# -- drawing ---------------------------------------------------------------------------


class Canvas:
    """The drawing surface with the table's language: the small helpers every part uses."""

    def __init__(self, height: int, language: str) -> None:
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.language = language

    def ui(self, key: str, **params: object) -> str:
        return t(f"talismani.ui.picture.{key}", self.language, **params)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = TEXT,
        fill: c.Colour = c.LIGHT,
        anchor: str = "lm",
        bold: bool = False,
    ) -> float:
        """Draw ``text``; return its width."""
        self.draw.text(xy, text, font=font(size, bold=bold), fill=fill, anchor=anchor)
        return self.draw.textlength(text, font=font(size, bold=bold))


def _status(canvas: Canvas, table: Table) -> str:
    if table.phase == "play":
        return canvas.ui("status_play", done=table.done, total=table.asked)
    if table.phase == "set_aside":
        return canvas.ui("status_set_aside", done=table.done, count=table.asked)
    return t(f"talismani.phase.{table.phase}", canvas.language)


def _header(canvas: Canvas, table: Table, y: int) -> int:
    canvas.text((MARGIN, y + 16), canvas.ui("turn", turn=table.turn), 30, bold=True)
    canvas.text((WIDTH - MARGIN, y + 18), _status(canvas, table), fill=c.DIM, anchor="rm")
    return y + 40


def _chevron(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """A "beats" sign between weather cards: each suit beats every suit to its right."""
    draw.polygon([(cx - 5, cy - 9), (cx + 5, cy), (cx - 5, cy + 9)], fill=c.DIM)


def _weather(canvas: Canvas, table: Table, y: int) -> int:
    """The six weather cards, dominant first: place, pictogram, name (at a table of up to
    six); the dominant in gold. The stake on the title's line."""
    title = "final_row" if table.phase == "over" else "row"
    canvas.text((MARGIN, y + c.CARD_H / 2), t(f"talismani.ui.{title}", canvas.language))
    _stake(canvas, table, y)
    top = y + c.CARD_H + 8
    gap = (WIDTH - 2 * MARGIN - len(table.row) * TILE_W) / max(1, len(table.row) - 1)
    named = len(table.seats) <= NAMED_ROW
    for place, suit in enumerate(table.row, start=1):
        x = MARGIN + (place - 1) * (TILE_W + gap)
        colour, ink = c.SUIT_COLOURS[suit]
        dominant = place == 1
        outline, width = (c.GOLD, 5) if dominant else (c.LIGHT, 2)
        canvas.draw.rounded_rectangle(
            (x, top, x + TILE_W, top + TILE_H), 10, fill=colour, outline=outline, width=width
        )
        c.suit_icon(canvas.draw, x + TILE_W / 2 + 12, top + TILE_H / 2, suit, 42, ink)
        canvas.text((x + 10, top + 16), str(place), BIG, ink, bold=True)
        if named:
            name = bare(t(f"talismani.suit.{suit}", canvas.language))
            fill = c.GOLD if dominant else c.LIGHT
            canvas.text((x + TILE_W / 2, top + TILE_H + 16), name, fill=fill, anchor="mm", bold=dominant)
        if place < len(table.row):
            _chevron(canvas.draw, x + TILE_W + gap / 2, top + TILE_H / 2)
    return top + TILE_H + (34 if named else 6)


def _stake(canvas: Canvas, table: Table, y: int) -> None:
    """The stake, face up, and what winning it is worth (a whole or half a talisman),
    right-aligned on the line at ``y``."""
    cy = y + c.CARD_H / 2
    label = t("talismani.ui.stake", canvas.language)
    if table.stake is None:
        key = "no_stake" if table.phase == "over" else "stake_choosing"
        canvas.text((WIDTH - MARGIN, cy), canvas.ui(key), fill=c.DIM, anchor="rm")
        return
    worth = t(f"talismani.ui.{'whole' if table.stake == FIRST_TALISMAN else 'half'}", canvas.language)
    x = WIDTH - MARGIN - canvas.draw.textlength(worth, font=font(TEXT))
    canvas.text((x, cy), worth, fill=c.DIM)
    x -= 12 + c.card_width(table.stake, canvas.language)
    c.draw_card(canvas.draw, x, y, table.stake, canvas.language)
    canvas.text((x - 12, cy), label, BIG, bold=True, anchor="rm")


def _plays_title(canvas: Canvas, table: Table) -> str:
    if table.reveal_turn is None:
        return ""
    if table.void:
        return canvas.ui("void", turn=table.reveal_turn)
    return canvas.ui("plays", turn=table.reveal_turn)


def _seat_counts(canvas: Canvas, seat: Seat, cy: float) -> None:
    """Mark, label, hand size, whole and half talismans and their total."""
    draw = canvas.draw
    marks: dict[Mark, Callable[[ImageDraw.ImageDraw, float, float], None]] = {
        "chosen": c.chosen_mark,
        "waiting": c.waiting_mark,
        "turn": c.turn_mark,
    }
    if seat.mark:
        marks[seat.mark](draw, MARGIN + 12, cy)
    canvas.text((MARGIN + 32, cy), fitted(draw, seat.name, NAME_W, TEXT, bold=True), TEXT, bold=True)
    c.hand_icon(draw, HAND_X, cy)
    canvas.text((HAND_X + 28, cy), str(seat.hand), BIG)
    c.whole_talisman(draw, WHOLE_X, cy, 12)
    canvas.text((WHOLE_X + 16, cy), str(seat.whole), BIG, c.LIGHT if seat.whole else c.DIM)
    c.half_talisman(draw, HALF_X, cy, 12)
    canvas.text((HALF_X + 16, cy), str(seat.halves), BIG, c.LIGHT if seat.halves else c.DIM)
    canvas.text((TOTAL_X, cy), f"= {talismans_text(seat.score_halves)}", BIG, bold=True)


def _pending(canvas: Canvas, seat: Seat, dominant: str, cy: float) -> None:
    """Talismans waiting to be forged: their suits, framed in gold when that suit is dominant."""
    shown = seat.pending if len(seat.pending) <= MAX_PENDING else seat.pending[: MAX_PENDING - 1]
    x = float(PENDING_X)
    for suit in shown:
        c.suit_tile(canvas.draw, x, cy - 15, suit, 30, c.GOLD if suit == dominant else c.LIGHT)
        x += 34
    if len(shown) < len(seat.pending):
        canvas.text((x + 2, cy), f"+{len(seat.pending) - len(shown)}", fill=c.DIM)


def _play(canvas: Canvas, play: Play, cy: float) -> None:
    """A revealed play: its rank, its cards face up (or the forge), the winner's star. A
    long play (a special card's name is wide) starts further left, then overlaps its cards,
    rather than run past the margin."""
    widths = [c.card_width(card, canvas.language) for card in play.cards]
    needed = sum(widths) + 4 * max(0, len(widths) - 1)
    x = PLAY_X + 38.0
    over = needed - (WIDTH - MARGIN - (40 if play.winner or play.combination else 4) - x)
    shift = min(max(0.0, over), MAX_SHIFT)
    x -= shift
    squeeze = (over - shift) / (len(widths) - 1) if over > shift and len(widths) > 1 else 0.0
    start = x
    canvas.text((x - 8, cy), f"{play.rank}.", fill=c.DIM, anchor="rm")
    top = cy - c.CARD_H / 2
    if not play.cards:
        c.hammer(canvas.draw, x + 12, cy, c.LIGHT)
        canvas.text((x + 30, cy), canvas.ui("forge"))
        return
    for card in play.cards:
        x += c.draw_card(canvas.draw, x, top, card, canvas.language) + 4 - squeeze
    x += squeeze
    if play.winner:
        canvas.draw.rounded_rectangle(
            (start - 4, top - 3, x + 1, top + c.CARD_H + 3), 9, outline=c.GOLD, width=3
        )
        c.star(canvas.draw, x + 20, cy, 15)
    elif play.combination:
        c.hammer(canvas.draw, x + 18, cy, c.LIGHT)


def _seats(canvas: Canvas, table: Table, y: int) -> int:
    canvas.text((MARGIN, y + 12), canvas.ui("players"), bold=True)
    canvas.text((WIDTH - MARGIN, y + 12), _plays_title(canvas, table), fill=c.DIM, anchor="rm")
    y += 28
    row_h = ROW_H if len(table.seats) <= NAMED_ROW else ROW_H_MANY
    for index, seat in enumerate(table.seats):
        if index % 2 == 0:
            canvas.draw.rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + row_h), fill=BAND)
        cy = y + row_h / 2
        _seat_counts(canvas, seat, cy)
        _pending(canvas, seat, table.row[0], cy)
        if seat.play is not None:
            _play(canvas, seat.play, cy)
        y += row_h
    return y + 6


def draw_table(table: Table, language: str, result: Result | None = None) -> bytes:
    height = 420 + len(table.seats) * ROW_H + 160  # generous: cropped to what was drawn
    canvas = Canvas(height, language)
    y = _header(canvas, table, 10)
    y = _weather(canvas, table, y)
    bottom = _seats(canvas, table, y)
    board = canvas.image.crop((0, 0, WIDTH, bottom))
    if result is not None:
        board = with_result(board, result, PALETTE)
    return png(board)


PALETTE = Palette(background=BACKGROUND, panel=BAND, text=c.LIGHT, dim=c.DIM, gold=c.GOLD)


def draw_view(
    v: TalismaniView, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes:
    """The spectator view as a PNG, framed in gold once there is an ``outcome``."""
    table = table_of(v, names, language)
    result = None
    if outcome is not None:
        shown = tuple(seat.name for seat in table.seats)
        result = result_of(outcome, shown, language, lambda s: talismans(s.score or 0, language))
    return draw_table(table, language, result)
