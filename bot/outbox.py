"""The outbox: what a change must publish, written in the change's own transaction.

A change is committed (snapshot + action log) and then published to Discord. If
the process died between the two, the board stayed stale and the change's public
lines (dice, reveals, scores) and pings were lost. So ``TableCore.commit``
hands ``Store.save`` one *notice* per change, inserted in the same transaction
as the snapshot; the publisher (``cogs.channel.publisher``, run by ``bot.changes``) publishes pending
notices of a channel in order, records how many of a notice's messages Discord accepted
(``sent``), and marks it ``published_at`` once all were. Pending notices are
published on start-up and on every scheduler tick, so every committed change is
announced once.

A notice keeps what re-rendering needs, not rendered text: the public events,
the seats whose default was applied, whether the change only continued a
simultaneous decision, whether it finished the game, the seats to ping, and the
table as it was (names at the time). The board is drawn from the current state
when a notice is published, so redrawing it again is harmless.
"""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot import memos
from bot.model import Applied
from bot.store import GameRow, Store
from bot.store.outbox import Notice
from games.core import Decision, Event

__all__ = ["LOBBY", "Notice", "Outbox", "change_notice", "lobby_notice", "notice_events", "reminder_notice"]

LOBBY = "lobby"  # a notice's kind: a lobby's change (the others: "change", "reminder")


def change_notice(applied: Applied) -> dict[str, Any]:
    """The notice of a change, built inside ``_commit`` before the save."""
    decision = applied.decision
    ping: list[int] = []
    if decision is not None and applied.row.status == "playing":
        ping = newly_asked(applied, decision)
    return {
        "kind": "change",
        # Names as they were; not the seed and salt, which no notice needs, nor the
        # take-back book, which holds a whole state (every hand) and its seed, nor
        # the hinted moves, which are as private as the hands they come from.
        "table": applied.table.model_dump(exclude={"seed", "salt", "undo", "hinted"}),
        "events": [e.model_dump() for e in applied.events if e.public],
        "auto_seats": list(applied.auto_seats),
        # Only a continued hidden choice posts no line; a seat changing hands
        # (keeps_decision) posts its line but pings nobody again.
        "continued": applied.continued,
        "finished": applied.row.status == "finished",
        "ping": ping,
    }


def newly_asked(applied: Applied, decision: Decision) -> list[int]:
    """Who the change asks to act and was not acting already: one ping per turn
    change. A seat still deciding after its own step (a player who must now draw
    back up to seven), a member who just clicked (a take-back hands the turn back
    to them), and seats of a simultaneous decision another seat answered are not
    pinged again; once AI seats or deadlines played in between, the turn went
    round, and everyone asked now is asked anew. A quiet round (Narnia's set-up) at
    a live table asks all its seats when it opens, and as it goes round only the
    placer whose turn comes after AI moves or a deadline."""
    if applied.continued or applied.keeps_decision:
        return []
    # A quiet round is quiet at a live table only: at an async one days may pass
    # between two placements, and each placer is pinged as at any turn change.
    quiet = decision.quiet_round and applied.table.speed == "live"
    going_on = quiet and decision.goes_on(applied.before)
    asked = decision.asked if quiet and not going_on else decision.actors
    if applied.ai_moves or applied.auto_seats:
        return list(asked)  # time passed while the AI or the clock played: asked anew
    if going_on:
        return []
    acting = set(applied.before.actors) if applied.before is not None else set()
    if applied.by is not None:
        acting.add(applied.by)
    return [seat for seat in asked if seat not in acting]


def lobby_notice(*, opened: bool = False, post: str | None = None) -> dict[str, Any]:
    """The notice of a lobby's change (opened, a seat taken or left, cancelled):
    the channel's lobby message is redrawn from the table as it is then, and the
    pages and panels are told, as after any change. ``opened``: the lobby message
    is the answer to the command that opened it, not there to redraw yet.
    ``post``: nobody answers with it (a lobby opened from an Activity page): the
    channel's publisher posts it, under the line of this catalog key."""
    notice: dict[str, Any] = {"kind": LOBBY, "opened": opened}
    if post is not None:
        notice["post"] = post
    return notice


def reminder_notice(seats: list[int]) -> dict[str, Any]:
    return {"kind": "reminder", "seats": list(seats)}


def notice_events(notice: Notice) -> list[Event]:
    """The public events a change notice carries."""
    return [Event.model_validate(e) for e in notice.payload.get("events", [])]


class Outbox:
    """A publisher's window on the store: the notices, the game they belong to,
    and the messages that show a table."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def publishing(self, channel_id: int) -> AbstractAsyncContextManager[bool]:
        """Whether this process publishes the channel now (``Store.publishing``);
        while it does, the memos are read once (``bot.memos``)."""
        return memos.publishing(self._store, channel_id)

    async def pending(self, channel_id: int) -> list[Notice]:
        return await self._store.pending_notices(channel_id)

    async def progress(self, notice: Notice, sent: int) -> None:
        await self._store.notice_progress(notice, sent)

    async def done(self, notice: Notice, now: float) -> bool:
        return await self._store.notice_done(notice, now)

    async def game(self, game_id: int) -> GameRow:
        row = await self._store.get(game_id)
        assert row is not None, "a notice's game is never deleted"
        return row

    async def board_posted(self, game_id: int, message_id: int, boards: dict[str, Any] | None = None) -> None:
        """The board now lives in this message (kept without a version bump); with
        ``boards``, the publisher's memo of it (``memo(game_id, "boards")``), saved
        in the same transaction: a process that died between the two left a board
        id its memo did not know, and the retry cut the new board down too."""
        meta = None if boards is None else (memos.key_of(game_id, "boards"), json.dumps(boards))
        if meta is not None:
            memos.writing(meta[0])
        await self._store.patch_table_keys(game_id, {"message_id": message_id}, meta=meta)
        if meta is not None:
            memos.written(*meta)

    async def memo(self, game_id: int, name: str) -> dict[str, Any]:
        """What a publisher keeps of a game's messages between flushes (``name``:
        ``live``, the battle messages by key; ``turn``, the turn's lines; ``boards``,
        the boards to remove), as JSON beside the game; empty when never kept."""
        kept: dict[str, Any] = json.loads(await memos.read(self._store, game_id, name) or "{}")
        return kept

    async def keep_memo(self, game_id: int, name: str, value: dict[str, Any]) -> None:
        key, text = memos.key_of(game_id, name), json.dumps(value)
        memos.writing(key)
        await self._store.set_meta(key, text)
        memos.written(key, text)
