"""What publishing a change costs the store, counted rather than timed (docs/speed.md,
"SimCord flows on each store"): the publisher's memos are read once per flush,
and on PostgreSQL a one-statement write is one round trip. Speed targets live in
``bench.store_flows``; these counts keep its gains from wearing away."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import asyncpg
import pytest
import simcord

from bot import memos
from bot.store import Store
from bot.store.outbox import Notice
from tests.e2e.helpers import make_table, start_game, step
from tests.factory import open_store

STATEMENTS = ("execute", "executemany", "fetch", "fetchrow", "fetchval")


@contextmanager
def statements_sent() -> Iterator[list[str]]:
    """Every statement asyncpg sends while the block runs (a transaction's BEGIN and COMMIT too)."""
    sent: list[str] = []
    originals = {name: getattr(asyncpg.Connection, name) for name in STATEMENTS}

    def counting(name: str) -> Any:
        async def call(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
            sent.append(query)
            return await originals[name](self, query, *args, **kwargs)

        return call

    try:
        for name in STATEMENTS:
            setattr(asyncpg.Connection, name, counting(name))
        yield sent
    finally:
        for name, original in originals.items():
            setattr(asyncpg.Connection, name, original)


def count_memo_reads(monkeypatch: pytest.MonkeyPatch, store: Store) -> dict[str, int]:
    """The store's reads of memos and the notices published, counted on ``store``."""
    counts = {"reads": 0, "notices": 0}
    get_meta, get_metas, done = store.get_meta, store.get_metas, store.notice_done

    async def one(key: str) -> str | None:
        counts["reads"] += key.split(":")[0] in memos.NAMES
        return await get_meta(key)

    async def several(keys: list[str]) -> dict[str, str | None]:
        counts["reads"] += 1
        return await get_metas(keys)

    async def published(notice: Notice, now: float) -> bool:
        counts["notices"] += 1
        return await done(notice, now)

    monkeypatch.setattr(store, "get_meta", one)
    monkeypatch.setattr(store, "get_metas", several)
    monkeypatch.setattr(store, "notice_done", published)
    return counts


async def test_a_flush_reads_the_memos_once(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Mag Mor game started and played a few turns through the panels: each
    flush publishes at least one notice and reads its game's memos at most once
    (before, a notice read them five to ten times, each a round trip on
    PostgreSQL), and what the channel shows is what the other tests check."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    counts = count_memo_reads(monkeypatch, table.bot.store)
    await start_game(table)
    for _ in range(6):
        await step(table)
    assert counts["notices"] >= 7
    assert 0 < counts["reads"] <= counts["notices"], counts


async def test_one_statement_writes_are_one_round_trip(database: str) -> None:
    """On PostgreSQL a memo's write and a notice marked done are one statement
    each (no BEGIN and COMMIT around them); on both stores they do what they did."""
    store = await open_store(database)
    try:
        row = await store.create(10, 1, "magmor", {}, now=1.0)
        await store.save(row, outbox=[{"n": 1}], now=2.0)
        [notice] = await store.pending_notices(10)
        with statements_sent() as sent:
            await store.set_meta("turn:1", '{"lines": []}')
            await store.set_meta("turn:1", '{"lines": ["a"]}')
            notice.sent = 2
            assert await store.notice_done(notice, 3.0)
            assert not await store.notice_done(notice, 4.0)  # only once
            kept = await store.get_metas(["turn:1", "boards:1"])
        if store.backend == "postgresql":
            assert len(sent) == 5, sent
        assert kept == {"turn:1": '{"lines": ["a"]}', "boards:1": None}
        assert await store.pending_notices(10) == []
        [published] = await store.fetch("SELECT sent, published_at FROM outbox WHERE id = ?", (notice.id,))
        assert (published["sent"], published["published_at"]) == (2, 3.0)
    finally:
        await store.close()
