"""A decision reached again after a take-back keeps the clock it had.

A take-back gives the decision it brings back the deadline that decision had
(``bot.model.MoveClock``). The move played again then opens the decision that
followed it the first time: given a fresh deadline, a member who took back and
played the same move again within one scheduler tick could hold a table off
for ever (the take-back's restored deadline, already past, never met a tick).
So each take-back writes down the decision it leaves and its clock, in the
table (saved with the change, so a restart keeps it), and when the seat's next
moves open that decision again it gets no later deadline than it had.

A decision is "the same" by its kind, seats and mode, not by the exact state:
another move that leads to the same decision (a different step of one's own
turn, the turn handed on by other means) does not buy a fresh clock either.
What is written down lasts while only that seat moves and takes back: anything
else (another seat's move, an AI's, a deadline's default) moves the game on,
and a decision opened after it is new."""

from __future__ import annotations

from collections.abc import Sequence

from bot.model import LogRow, ReplayClock, TableInfo
from games.core import Decision
from games.core.undo import MAX_MOVES, UNDO_SOURCE


def remember(
    table: TableInfo, seat: int, left: Decision | None, deadline_at: float | None, reminder_at: float | None
) -> None:
    """``seat`` takes back a move: the decision it leaves (``left``) had this clock."""
    if left is None or deadline_at is None:
        return
    clock = ReplayClock(
        seat=seat,
        kind=left.kind,
        seats=list(left.seats),
        mode=left.mode,
        deadline_at=deadline_at,
        reminder_at=reminder_at,
    )
    table.replays = [*table.replays, clock][-MAX_MOVES:]


def forget(table: TableInfo, log_rows: Sequence[LogRow]) -> None:
    """Keep only the clocks of the seat that made every row of this change, and
    only if they are its moves and take-backs: anything else moves the game on."""
    if not table.replays:
        return
    seats = {seat for _, seat, *_ in log_rows}
    if any(kind not in ("player", UNDO_SOURCE) for kind, *_ in log_rows) or len(seats) != 1:
        table.replays = []
        return
    table.replays = [clock for clock in table.replays if clock.seat in seats]


def replayed(table: TableInfo, decision: Decision) -> ReplayClock | None:
    """The clock ``decision`` had when a take-back left it, taken from the table
    (once: a later decision like it, further on in the seat's turn, is new)."""
    for index in range(len(table.replays) - 1, -1, -1):
        clock = table.replays[index]
        if (clock.kind, clock.seats, clock.mode) == (decision.kind, list(decision.seats), decision.mode):
            table.replays = table.replays[:index] + table.replays[index + 1 :]
            return clock
    return None
