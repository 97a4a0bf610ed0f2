"""Hints: what ``hard`` would do from a member's own view, asked from the panel.

A hint is the search of the ``hard`` level run for the member's seat on the
member's own view (``games.core.search.SearchPlayer.advise``, in the thinker's
worker process): it can say nothing the member's panel does not show. Hints are
on where the host turned them on at ``/play``, and by default at a practice
table (every other seat an AI); off where the host turned them off.

The search runs on a snapshot, outside the channel's lock: another member's move
at the table never waits for it. Once it is done, the table is read again; if it
moved on (the member's panel went stale: ``TableInfo.fresh``) the answer is
dropped. Otherwise the hint is counted on the seat (``Seat.hints``: the export
and the final board show it) and its move kept for the hint's Play it button
(``TableInfo.hinted``), in one compare-and-set on the version read
(``Store.patch_table_keys``): without a version bump, so open panels stay valid,
and never over a change another process saved meanwhile (a leave, a takeover).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.model import HintedMove, TableError, TableInfo, table_of
from bot.render import seat_names
from bot.store import GameRow
from bot.table_core import TableCore
from games.core.search import Advice
from games.registry import GAMES


@dataclass(frozen=True)
class Hint:
    game: str
    seat: int
    view: BaseModel
    advice: Advice
    version: int  # the table's version the hint was found at
    number: int  # the seat's count of hints with this one (names it for Play it)
    names: tuple[str, ...] = ()  # the seats' names, for a move that names another player


def hints_on(table: TableInfo, seat: int) -> bool:
    """May ``seat`` ask for a hint at this table?"""
    if table.hints is not None:
        return table.hints
    return all(other.ai for index, other in enumerate(table.seats) if index != seat)


async def hint(
    core: TableCore, channel_id: int, user_id: int, *, before_search: Callable[[], None] | None = None
) -> Hint:
    """The hint for ``user_id``'s seat now. Raises TableError: not seated, hints
    off here, not this seat's decision, or the table moved on during the search;
    or whatever ``before_search`` raises (a budget of searches, called only once
    a search is due). Cancelled (the asker left), the search is abandoned: the
    lane's thread is freed and a search still queued never runs."""
    # A snapshot: a row read is consistent on its own, no lock needed.
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
    # One search per seat at a time (a second click waits for nothing: it is told
    # so), on the thinker's own lane, as many at once as it has slots: searches
    # never fill the thread pool every picture of every table is drawn on.
    searching = (channel_id, seat)
    if searching in core.hinting:
        raise TableError("hint.error.searching")
    if before_search is not None:
        before_search()
    core.hinting.add(searching)
    abandoned = threading.Event()
    try:
        async with core.thinker.slots:
            advice = await asyncio.get_running_loop().run_in_executor(
                core.thinker.lane(), core.thinker.advise, game, info, seat, decision, view, abandoned
            )
    except asyncio.CancelledError:
        abandoned.set()
        raise
    finally:
        core.hinting.discard(searching)
    number = await _count(core, channel_id, row.id, user_id, seat, row.version, advice.move)
    return Hint(row.game, seat, view, advice, row.version, number, seat_names(info))


async def _count(
    core: TableCore, channel_id: int, game_id: int, user_id: int, seat: int, version: int, move: BaseModel
) -> int:
    """Count the hint found at ``version`` and keep its move; its number. Under
    the lock, so that no change of this process reads the table between this
    read and this write (it would then save the count away); the version check
    is for the other processes."""
    async with core.lock(channel_id):
        now = await core.store.active(channel_id)
        if now is None or now.id != game_id:
            raise TableError("hint.error.moved_on")
        info = table_of(now)
        fresh = info.fresh(now.version, version) and _deciding(core, now, seat)
        if info.seat_of(user_id) != seat or not fresh:
            raise TableError("hint.error.moved_on")
        info.seats[seat].hints += 1
        number = info.seats[seat].hints
        found = HintedMove(seat=seat, version=version, number=number, action=move.model_dump(mode="json"))
        # The other seats' hints while their panels may act, and this one.
        kept = [h for h in info.hinted if h.seat != seat and info.fresh(now.version, h.version)]
        patch = {
            "seats": [s.model_dump(mode="json") for s in info.seats],
            "hinted": [h.model_dump(mode="json") for h in [*kept, found]],
        }
        if not await core.store.patch_table_keys(game_id, patch, version=now.version):
            raise TableError("hint.error.moved_on")
        return number


def _deciding(core: TableCore, row: GameRow, seat: int) -> bool:
    """Is ``seat`` still to decide? In a decision everyone makes at once, the
    table may move on without making the seat's panel stale, but the seat's own
    choice ends its part (its hint is then too late)."""
    state = core.state_of(row)
    decision = None if state is None else GAMES[row.game].decision(state)
    return decision is not None and seat in decision.actors


def hinted_move(table: TableInfo, seat: int, version: int, number: int) -> dict[str, Any] | None:
    """The move hint ``number`` of ``seat`` named at ``version``, while it is kept."""
    for found in table.hinted:
        if (found.seat, found.version, found.number) == (seat, version, number):
            return found.action
    return None
