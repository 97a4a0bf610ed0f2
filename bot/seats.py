"""Who holds each seat: AI handover after repeated timeouts, and the seat log.

Pure helpers the table service calls inside its transactions (no I/O). A seat
change is written to the action log as its own entry with source ``"seat"``:

    {"kind": "seat", "seat": n, "user_id": ..., "name": ..., "ai": bool,
     "reason": "left" | "timeouts" | "taken"}

Such entries are not game actions: nothing that replays a game (``seed`` + the
``player``/``ai``/``timeout`` entries) may feed them to ``Game.play``. Their one
public event makes ``/log`` tell the seat's history in words, with the names of
the time (a seat's name changes when someone takes it over).
"""

from __future__ import annotations

from typing import Literal

from bot.i18n import t
from bot.model import LogRow, Seat, SeatRequest, TableInfo
from games.core import Event
from games.core.events import public
from games.core.levels import Level

# Defaults in a row (applied by the deadline, no own action in between) after
# which a seat goes to the AI.
TIMEOUTS_TO_AI = 3
SEAT_SOURCE = "seat"
Reason = Literal["left", "timeouts", "taken"]


def ai_seat(number: int, level: Level, language: str) -> Seat:
    """The ``number``-th AI seat of a table, playing at ``level``; its name says
    the level in the table's language ("AI 2 · hard"), so the lobby, the board,
    every public line, /log and the export name it."""
    name = t("lobby.ai_name", language, number=number, level=t(f"level.{level}", language))
    return Seat(name=name, ai=True, level=level)


def ai_seats(table: TableInfo) -> list[int]:
    """The seats an AI holds: a member who is not seated may ask for them."""
    return [index for index, seat in enumerate(table.seats) if seat.ai]


def seat_entry(seat: int, holder: Seat, reason: Reason, event: Event) -> LogRow:
    """The action-log entry recording who holds ``seat`` from now on."""
    action = {
        "kind": "seat",
        "seat": seat,
        "user_id": holder.user_id,
        "name": holder.name,
        "ai": holder.ai,
        "reason": reason,
    }
    return (SEAT_SOURCE, seat, holder.user_id, action, [event])


def left_entry(table: TableInfo, seat: int) -> LogRow:
    """``/leave`` in a running game: the AI holds the seat (the player may take it back)."""
    holder = table.seats[seat]
    holder.ai, holder.timeouts, holder.level = True, 0, table.takeover_level
    event = public("takeover.event.left", name=holder.name, number=seat + 1)
    return seat_entry(seat, holder, "left", event)


def count_timeouts(table: TableInfo, late: list[int]) -> list[LogRow]:
    """Count a default for each late seat; a seat at ``TIMEOUTS_TO_AI`` in a
    row goes to the AI, with a public line and a log entry.

    The last seat held by a member stays theirs: an all-AI table would play
    itself to the end in one go, and the host can still ``/end`` it."""
    entries: list[LogRow] = []
    for seat in dict.fromkeys(late):
        holder = table.seats[seat]
        if holder.ai:
            continue
        holder.timeouts += 1
        if holder.timeouts < TIMEOUTS_TO_AI or sum(not s.ai for s in table.seats) <= 1:
            continue
        holder.ai, holder.timeouts, holder.level = True, 0, table.takeover_level
        event = public("takeover.event.timeouts", name=holder.name, number=seat + 1)
        entries.append(seat_entry(seat, holder, "timeouts", event))
    return entries


def take_entry(table: TableInfo, request: SeatRequest) -> LogRow:
    """A confirmed request: the member holds the seat; every request for the
    seat and every other request of the member is dropped."""
    previous = table.seats[request.seat]
    holder = Seat(user_id=request.user_id, name=request.name)
    table.seats[request.seat] = holder
    table.requests = [r for r in table.requests if r.seat != request.seat and r.user_id != request.user_id]
    back = previous.user_id == request.user_id
    key = "takeover.event.back" if back else "takeover.event.taken"
    event = public(key, name=holder.name, number=request.seat + 1, was=previous.name)
    return seat_entry(request.seat, holder, "taken", event)
