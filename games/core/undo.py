"""Take-backs, the way Board Game Arena allows them.

A seat may take back its own last action while (a) no other seat has acted
since, (b) the action drew no randomness and (c) it showed nothing hidden.
Each game says (b) and (c) for its own actions (``Game.undo_refusal``); this
module keeps the *book* of what may still be taken back and enforces (a).

A choice in a simultaneous decision (every seat chooses in secret: Talismani's
plays, Tir Nan Og's declarations) may be changed until everyone has chosen:
the others' choices made since were made without seeing it, so they are played
again without it. Once the last choice is in (and revealed), nothing of that
decision may be taken back.

The book holds the state before its first move (``base``, JSON) and the moves
since, each of which could be taken back; taking one back plays the others
again from ``base``. None of them drew randomness, so the replay is exact.

The table service (``bot.table``) and the replay of an export
(``games.core.verify``) keep the book with the same three functions:
``after_move`` (a member's action), ``after_other`` (anything else: an AI
seat, a deadline's default, a seat handed over) and ``take_back``. The table
service also tells it whose turn begins (``asked_anew``): a seat's panel says
why it may not take a move back only during the turn of that move.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError

from games.core.errors import RuleError
from games.core.events import Event
from games.core.protocol import Decision, Game, GameState

UNDO_SOURCE = "undo"  # the action log's source of a take-back
UNDO_SINCE = "undo.refused.since"  # another seat has acted since
UNDO_AI = "undo.refused.ai"  # an AI seat has acted since
UNDO_NONE = "undo.refused.none"  # no move of this seat's to take back
UNDO_OVER = "undo.refused.over"  # the move ended the game
UNDO_CHOSEN = "undo.refused.chosen"  # everyone has chosen: the choices are revealed
MAX_MOVES = 20  # a seat's run of moves kept for taking back, the oldest first forgotten


class UndoMove(BaseModel):
    seat: int
    action: dict[str, Any]
    choice: str | None = None  # the simultaneous decision's kind, for a secret choice in it
    # What the caller kept of the table before the move, handed back when it is
    # taken back (the table service: the decision's deadline and the seat's run
    # of missed deadlines, bot.model.MoveClock); nothing of the game's.
    kept: dict[str, Any] = {}


class UndoBook(BaseModel):
    """What may be taken back now, and why each other seat may not."""

    base: str | None = None  # the state before ``moves[0]``, as JSON
    moves: list[UndoMove] = []
    refused: dict[int, str] = {}  # seat -> why its last action cannot be taken back
    # Seats whose reason is from an earlier turn (``asked_anew``): /undo still
    # gives it, the panel no longer says it.
    quiet: list[int] = []

    def why_not(self, seat: int) -> str | None:
        """None where ``seat`` may take a move back; else the catalog key of why not."""
        if any(move.seat == seat for move in self.moves):
            return None
        return self.refused.get(seat, UNDO_NONE)

    def to_say(self, seat: int) -> str | None:
        """Why ``seat``'s panel offers no take-back, while it helps: a move of its
        turn that may not be taken back; None where one may be, where the seat
        has nothing to take back, or the reason is from an earlier turn."""
        if seat in self.quiet or self.why_not(seat) is None:
            return None
        return self.refused.get(seat)

    def _quiet(self, refused: dict[int, str], told: set[int]) -> list[int]:
        """``quiet`` once ``refused`` holds the reasons, new ones for the ``told`` seats."""
        return [s for s in self.quiet if s not in told and s in refused]

    def last(self, seat: int) -> UndoMove | None:
        """The move a take-back by ``seat`` would take back, if any."""
        return next((move for move in reversed(self.moves) if move.seat == seat), None)


class UndoRefused(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def after_move(
    game: Game[Any, Any],
    book: UndoBook,
    seat: int,
    before_json: str,
    before: Decision | None,
    action: BaseModel,
    events: list[Event],
    after: GameState,
    *,
    keep: dict[str, Any] | None = None,
) -> UndoBook:
    """The book once a member's ``action`` (its ``events``) took the state from
    ``before_json`` (deciding ``before``) to ``after``; ``keep`` goes with the
    move (``UndoMove.kept``)."""
    reason = game.undo_refusal(action, events)
    now = game.decision(after)
    secret = before is not None and before.mode == "simultaneous"
    still_open = secret and now is not None and now.continues(before)
    if reason is None and now is None:
        reason = UNDO_OVER
    if reason is None and secret and not still_open:
        reason = UNDO_CHOSEN  # the last choice: everything is revealed now
    kind = before.kind if before is not None and still_open else None
    # (a): only this seat's own run of moves stands, or the open decision's choices.
    if still_open:
        kept = [m for m in book.moves if m.choice == kind]
    else:
        kept = [m for m in book.moves if m.seat == seat and m.choice is None]
    # The last secret choice reveals the others': theirs are out of reach for that.
    why_others = UNDO_CHOSEN if secret and not still_open else UNDO_SINCE
    refused = dict(book.refused)
    told = {seat, *(m.seat for m in book.moves)}  # the seats whose reasons this move may change
    for other in {m.seat for m in book.moves} - {m.seat for m in kept}:
        refused[other] = why_others
    if reason is not None:
        # Nothing before a move that cannot be taken back can be either.
        for other in {m.seat for m in kept} - {seat}:
            refused[other] = why_others
        refused[seat] = reason
        return UndoBook(refused=refused, quiet=book._quiet(refused, told))
    refused.pop(seat, None)
    move = UndoMove(seat=seat, action=action.model_dump(mode="json"), choice=kind, kept=keep or {})
    moves = [*kept, move]
    base = book.base if kept and book.base is not None else before_json
    if len(moves) > MAX_MOVES:
        # The oldest move falls out of reach: the base moves past it.
        state = game.load_state(base)
        state, _ = game.play_owned(state, moves[0].seat, game.parse_action(moves[0].action))
        base, moves = state.model_dump_json(), moves[1:]
    return UndoBook(base=base, moves=moves, refused=refused, quiet=book._quiet(refused, told))


def after_other(book: UndoBook, reason: str = UNDO_SINCE) -> UndoBook:
    """The book once anything but a member's action changed the game (``reason``
    says what, for the seats whose moves it puts out of reach): nothing before
    it may be taken back."""
    if not book.moves:
        return book
    refused = dict(book.refused)
    for move in book.moves:
        refused[move.seat] = reason
    return UndoBook(refused=refused, quiet=book._quiet(refused, {m.seat for m in book.moves}))


def asked_anew(book: UndoBook, seats: Iterable[int]) -> UndoBook:
    """The book once a new decision asks ``seats`` (their next turn): why a move
    of theirs from before may not be taken back no longer needs saying in their
    panels (``UndoBook.to_say``); /undo still says it."""
    quiet = set(book.quiet) | (set(seats) & set(book.refused))
    if quiet == set(book.quiet):
        return book
    return book.model_copy(update={"quiet": sorted(quiet)})


def take_back(game: Game[Any, Any], book: UndoBook, seat: int) -> tuple[GameState, UndoBook]:
    """``seat``'s last move taken back: the state as if it had never been
    played (the others' later secret choices played again) and the book after.
    Raises UndoRefused with the reason where it may not."""
    reason = book.why_not(seat)
    if reason is not None:
        raise UndoRefused(reason)
    assert book.base is not None
    index = max(i for i, move in enumerate(book.moves) if move.seat == seat)
    moves = book.moves[:index] + book.moves[index + 1 :]
    state = game.load_state(book.base)
    try:
        for move in moves:
            state, _ = game.play_owned(state, move.seat, game.parse_action(move.action))
    except (RuleError, ValidationError):
        # A later choice depended on this one after all: the game says no, not the book.
        raise UndoRefused(UNDO_SINCE) from None
    refused = dict(book.refused)
    refused.pop(seat, None)
    book = UndoBook(
        base=book.base if moves else None, moves=moves, refused=refused, quiet=book._quiet(refused, {seat})
    )
    return state, book
