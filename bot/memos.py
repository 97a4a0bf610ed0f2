"""The publisher's memos of a game's messages, read from the store once per flush.

A publisher keeps, beside each game, what it needs between flushes (the turn's
lines, the boards to cut down, the live messages and their tails: ``memo`` in
``bot.outbox.Outbox``). A flush reads and writes them many times for each
notice, and on PostgreSQL each read was a round trip to the server: SimCord's
flows ran half as slow again as on SQLite.

While this process holds a channel's publishing right (``publishing``), nobody
else writes that channel's memos: not another process (the right is the
store's lease), not another flush here (the publisher's lock per channel). So
within that block the first memo read of a game fetches all its memos in one
read, later reads are answered from what was read or last written, and every
write still goes to the store at once (what a retry after a crash reads). Each
read returns a fresh object, parsed from the text the store holds, as before.
Outside such a block (a test calling a helper alone) every read goes to the store.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar

from bot.store import Store

# Every memo a publisher keeps per game (cogs.channel.turn_messages, cogs.channel.live_tails).
NAMES = ("turn", "boards", "tails", "live")

# The memos read or written in the current flush, by meta key (None: none kept).
_held: ContextVar[dict[str, str | None] | None] = ContextVar("memos_held", default=None)


def key_of(game_id: int, name: str) -> str:
    return f"{name}:{game_id}"


@asynccontextmanager
async def publishing(store: Store, channel_id: int) -> AsyncIterator[bool]:
    """``Store.publishing``, and, while it is ours, memos read once."""
    async with store.publishing(channel_id) as mine:
        token = _held.set({} if mine else None)
        try:
            yield mine
        finally:
            _held.reset(token)


async def read(store: Store, game_id: int, name: str) -> str | None:
    """The memo's text as the store holds it (None where never kept)."""
    key = key_of(game_id, name)
    held = _held.get()
    if held is None:
        return await store.get_meta(key)
    if key not in held:
        held.update(await store.get_metas([key_of(game_id, n) for n in dict.fromkeys((name, *NAMES))]))
    return held[key]


def writing(key: str) -> None:
    """A write of ``key`` is under way: until it is done, the store is the one to ask."""
    held = _held.get()
    if held is not None:
        held.pop(key, None)


def written(key: str, text: str) -> None:
    """The store holds ``text`` at ``key`` now."""
    held = _held.get()
    if held is not None:
        held[key] = text
