"""The table's vocabulary: who sits where, what the platform keeps beside the
game state, and what a change hands its caller to publish.

Everything in ``bot/`` and ``cogs/`` that speaks of a table imports these from
here; this module imports none of the modules that act on a table (the service,
the outbox, the seats logic), so they can all import it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from bot.store import GameRow
from games.core import Decision, Event, Game, GameState, Outcome
from games.core.levels import Level
from games.core.undo import UndoBook

# An action-log entry: (source, seat, user_id, action, events), source being
# "player", "ai", "timeout", "start", "end", "seat" (bot/seats.py) or "undo"
# (a take-back, games.core.undo).
LogRow = tuple[str, int | None, int | None, dict[str, Any], list[Event]]

Speed = Literal["live", "async"]


class TableError(Exception):
    """A refusal by the platform (not a game rule): not your seat, stale button..."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class SeatRequest(BaseModel):
    """A member's pending request to take an AI-held seat, until the host answers."""

    seat: int
    user_id: int
    name: str


class HintedMove(BaseModel):
    """The move a seat's latest hint named, for its Play it button (bot.hints):
    kept with the table, so the button survives a restart, and replayed as it was
    found, whatever the game's moves look like (a listed action or a whole split)."""

    seat: int
    version: int  # the table's version the hint was found at: Play it acts at it
    number: int  # the seat's count of hints with this one: names this hint
    action: dict[str, Any]


class Seat(BaseModel):
    user_id: int | None = None  # kept when an AI takes the seat over: its player may take it back
    name: str
    ai: bool = False
    # How the AI plays the seat while it holds it (games.core.levels): chosen by the
    # host for a seat added as an AI; a member's seat the AI takes over plays at the
    # table's takeover level (normal unless the host chose another at /play).
    level: Level = "normal"
    timeouts: int = 0  # defaults applied in a row by the deadline (bot.seats.TIMEOUTS_TO_AI)
    hints: int = 0  # hints the member asked for in this game (bot.hints); the final board shows them


class MoveClock(BaseModel):
    """The clock of a decision as a member's move found it, kept with the move in
    the undo book (``UndoMove.kept``): taking the move back brings that decision
    back, so it gets its deadline, reminder and the seat's run of missed
    deadlines back too. A fresh deadline at every take-back let a member hold a
    table off forever by playing and taking back the same move."""

    deadline_at: float | None
    reminder_at: float | None
    timeouts: int


class ReplayClock(BaseModel):
    """The clock of a decision a take-back left (``bot.replays``): should the
    seat's next move bring that decision back, it keeps this deadline rather
    than a fresh one. Else undo and the same move again, within one scheduler
    tick, kept a table from ever timing out."""

    seat: int  # whose take-back left it
    kind: str  # the decision, as Decision.kind, .seats and .mode name it
    seats: list[int]
    mode: str
    deadline_at: float
    reminder_at: float | None


class TableInfo(BaseModel):
    """What the platform keeps about a table besides the game state."""

    host_id: int
    language: str
    speed: Speed
    max_seats: int
    seats: list[Seat] = []
    seed: int = 0
    # Drawn with the seed; SHA-256("<salt>:<seed>") is published at Start and both
    # are revealed only at the end (games/core/verify.py): never before.
    salt: str = ""
    options: dict[str, Any] = {}
    message_id: int | None = None
    ended_by: int | None = None
    # The version at which the pending decision opened. While a simultaneous
    # decision stays open, others' choices bump the version but change nothing
    # a seat still to choose may see or do (they are hidden from it), so its
    # panel stays valid from this version on; every other change resets it.
    decision_since: int = 0
    requests: list[SeatRequest] = []  # pending requests to take an AI-held seat (bot.takeover)
    # Why the table is paused (a deadline or an AI slice keeps failing), once the
    # channel was told; cleared by the next change that lands (bot.client).
    paused: str | None = None
    # The host's choice at /play: hints for everyone (True), for nobody (False), or by
    # default (None) only at a practice table, where every other seat is an AI.
    hints: bool | None = None
    # The level of the AI that takes over a member's seat (a leave, too many timeouts).
    takeover_level: Level = "normal"
    # What the members may still take back, and why not (games.core.undo).
    undo: UndoBook = UndoBook()
    # Each seat's latest hinted move (bot.hints), private like its hand.
    hinted: list[HintedMove] = []
    # The clocks of the decisions take-backs left, newest last (bot.replays).
    replays: list[ReplayClock] = []

    def fresh(self, row_version: int, version: int) -> bool:
        """May a control drawn at ``version`` still act?"""
        return version == row_version or 0 < self.decision_since <= version < row_version

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.ai:
                return index
        return None


@dataclass
class Applied:
    """The result of a change, for the caller to publish."""

    row: GameRow
    table: TableInfo
    game: Game[Any, Any]
    state: GameState | None
    events: list[Event] = field(default_factory=list)
    auto_seats: list[int] = field(default_factory=list)  # seats whose default was applied
    reminder: list[int] = field(default_factory=list)  # seats reminded of a deadline
    started: bool = False
    before: Decision | None = None  # the decision the change answered
    # A change beside the game (who holds a seat): the decision, its deadline
    # and the panels drawn for it stand, and nobody is pinged again.
    keeps_decision: bool = False
    ai_moves: int = 0  # AI moves played in this change
    by: int | None = None  # the seat of the member whose click or command made the change
    # This change played a slice of an AI stretch from the scheduler: whatever
    # decision follows gets a deadline of its own.
    ai_resumed: bool = False
    # A take-back: the deadline and reminder of the decision it brings back.
    clock: MoveClock | None = None

    @property
    def ai_pending(self) -> bool:
        """AI seats still have to act: the stretch goes on in the next slice."""
        decision = self.decision
        return (
            decision is not None
            and self.row.status == "playing"
            and any(self.table.seats[s].ai for s in decision.actors)
        )

    @property
    def continued(self) -> bool:
        """The same simultaneous decision is still open, with more seats done:
        its deadline stands and nobody needs a new ping."""
        decision = self.decision
        return decision is not None and decision.continues(self.before)

    @property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state) if self.state is not None else None

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state) if self.state is not None else None

    @property
    def finished(self) -> bool:
        return self.row.status == "finished"


@dataclass
class Sitting:
    """A member at a table in play, as their private panel shows it."""

    row: GameRow
    table: TableInfo
    game: Game[Any, Any]
    state: GameState
    seat: int
    draft: dict[str, Any] | None  # their panel's step-by-step work, while its version holds


def table_of(row: GameRow) -> TableInfo:
    return TableInfo.model_validate(row.table)
