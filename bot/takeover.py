"""Taking an AI-held seat: a member who is not seated asks, the host confirms.

The request is kept in the table (``TableInfo.requests``, without moving the
version: it is not a change of the game), so the host's
Confirm/Refuse buttons work after a restart and a second click, or a click on
an answered request, changes nothing. A confirmed request is a change of the
table beside the game: it is logged (``bot.seats.seat_entry``) and committed
with the table core's ``commit``, keeping the open decision, its deadline
and every panel drawn for it (``Applied.keeps_decision``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.model import Applied, SeatRequest, TableError, TableInfo
from bot.seats import ai_seats, take_entry
from bot.store import GameRow, Store
from bot.table_core import TableCore


@dataclass
class Answer:
    """What became of a request: ``applied`` is set when it was confirmed."""

    request: SeatRequest
    outcome: str  # "confirmed" | "refused" | "withdrawn"
    row: GameRow
    table: TableInfo
    applied: Applied | None = None


async def request_seat(
    core: TableCore, channel_id: int, user_id: int, name: str, seat: int | None
) -> tuple[GameRow, TableInfo, SeatRequest]:
    """A member who is not seated asks for an AI-held seat (``seat=None``: the
    only one). Asking again replaces the member's earlier request."""
    async with core.lock(channel_id):
        row, info, _game, _state = await core.load_playing(channel_id)
        if info.seat_of(user_id) is not None:
            raise TableError("takeover.error.seated")
        held = ai_seats(info)
        if not held:
            raise TableError("takeover.error.no_ai_seat")
        if seat is None:
            if len(held) > 1:
                raise TableError("takeover.error.which")
            seat = held[0]
        if seat not in held:
            raise TableError("takeover.error.not_ai", number=seat + 1)
        request = SeatRequest(seat=seat, user_id=user_id, name=name)
        info.requests = [r for r in info.requests if r.user_id != user_id] + [request]
        await _save_requests(core.store, row, info)
        return row, info, request


async def _save_requests(store: Store, row: GameRow, info: TableInfo) -> None:
    """Requests are kept beside the game, like the board's message id: the
    version does not move (it numbers the action log, which a replay checks
    for gaps, and open panels stay valid). Called under the channel's lock,
    where every writer of ``table_json`` reads it afresh."""
    requests = [r.model_dump() for r in info.requests]
    if not await store.patch_table(row.id, "requests", requests, version=row.version):
        raise TableError("error.stale")
    row.table = info.model_dump()


async def answer_request(
    core: TableCore,
    channel_id: int,
    decider_id: int,
    may_manage: bool,
    seat: int,
    user_id: int,
    *,
    confirm: bool,
) -> Answer:
    """The host (or a moderator) confirms or refuses; the requester may withdraw."""
    async with core.lock(channel_id):
        row, info, game, state = await core.load_playing(channel_id)
        request = next((r for r in info.requests if r.seat == seat and r.user_id == user_id), None)
        withdraw = not confirm and decider_id == user_id
        if decider_id != info.host_id and not may_manage and not withdraw:
            raise TableError("error.host_only")
        if request is None:
            raise TableError("takeover.error.stale")
        if not confirm:
            info.requests.remove(request)
            await _save_requests(core.store, row, info)
            return Answer(request, "withdrawn" if withdraw else "refused", row, info)
        if not info.seats[seat].ai:
            raise TableError("takeover.error.not_ai", number=seat + 1)
        if info.seat_of(user_id) is not None:
            raise TableError("takeover.error.seated")
        entry = take_entry(info, request)
        applied = Applied(row=row, table=info, game=game, state=state, keeps_decision=True)
        applied.events.extend(entry[4])
        await core.commit(applied, [entry])
        return Answer(request, "confirmed", applied.row, info, applied)
