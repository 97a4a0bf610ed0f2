"""Hints: what ``hard`` would do from a member's own view, asked from the panel.

A hint is the search of the ``hard`` level run for the member's seat on the
member's own view (``games.core.search.SearchPlayer.advise``, in the thinker's
worker process): it can say nothing the member's panel does not show. Hints are
on where the host turned them on at ``/play``, and by default at a practice
table (every other seat an AI); off where the host turned them off. Each hint is
counted on the seat (``Seat.hints``, kept in the table without a version bump, so
open panels stay valid): the export and the final board show the count.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from pydantic import BaseModel

from bot.model import TableError, TableInfo
from bot.table_core import TableCore
from games.core.search import Advice


@dataclass(frozen=True)
class Hint:
    game: str
    seat: int
    view: BaseModel
    advice: Advice


def hints_on(table: TableInfo, seat: int) -> bool:
    """May ``seat`` ask for a hint at this table?"""
    if table.hints is not None:
        return table.hints
    return all(other.ai for index, other in enumerate(table.seats) if index != seat)


async def hint(core: TableCore, channel_id: int, user_id: int) -> Hint:
    """The hint for ``user_id``'s seat now. Raises TableError: not seated, hints
    off here, or not this seat's decision."""
    async with core.lock(channel_id):
        row, info, game, state = await core.load_playing(channel_id)
        seat = info.seat_of(user_id)
        if seat is None:
            raise TableError("error.not_a_player")
        if not hints_on(info, seat):
            raise TableError("hint.error.off")
        decision = game.decision(state)
        if decision is None or seat not in decision.actors:
            raise TableError("hint.error.not_your_turn")
        view = game.view(state, seat)
        advice = await asyncio.to_thread(core.thinker.advise, game, info, seat, decision, view)
        info.seats[seat].hints += 1
        await core.store.patch_table(row.id, "seats", [s.model_dump() for s in info.seats])
        return Hint(row.game, seat, view, advice)
