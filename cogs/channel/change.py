"""A committed change as the channel's publishers see it: its outbox notice, the
table as it was then and the game as it is now."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.model import TableInfo, table_of
from bot.outbox import Notice, notice_events
from bot.play import UNDO_EVENT
from bot.store import GameRow
from cogs.kit.presenter import PRESENTERS
from games.core import Decision, Event, Game, GameState, Outcome
from games.registry import GAMES


@dataclass
class Change:
    """A committed change as it is published: its outbox notice, the table as it
    was then (names of the time), and the game as it is now (board, live
    messages and the final record are drawn from the current state)."""

    row: GameRow
    table: TableInfo
    state: GameState | None
    notice: Notice

    @property
    def game(self) -> Game[Any, Any]:
        return GAMES[self.row.game]

    @property
    def events(self) -> list[Event]:
        return notice_events(self.notice)

    @property
    def takes_back(self) -> bool:
        """A take-back (``/undo``): its line strikes out the move it takes back."""
        return any(e.key == UNDO_EVENT for e in self.events)

    @property
    def auto_seats(self) -> list[int]:
        return [int(s) for s in self.notice.payload.get("auto_seats", [])]

    @property
    def continued(self) -> bool:
        return bool(self.notice.payload.get("continued"))

    @property
    def finished(self) -> bool:
        return bool(self.notice.payload.get("finished"))

    @property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state) if self.state is not None else None

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state) if self.state is not None else None


# A part of a notice: lines for the turn's message, or a live message's key.
Part = tuple[str, list[str]] | tuple[str]


def live_text(applied: Change) -> Callable[[str], str | None]:
    """What a live message says of itself, drawn from the current state."""

    def text(key: str) -> str | None:
        assert applied.state is not None
        view = applied.game.view(applied.state, None)
        return PRESENTERS[applied.row.game].live_message(applied.table, view, key, applied.table.language)

    return text


def table_and_state(row: GameRow) -> tuple[TableInfo, GameState | None]:
    table = table_of(row)
    state = GAMES[row.game].load_state(row.state) if row.state else None
    return table, state
