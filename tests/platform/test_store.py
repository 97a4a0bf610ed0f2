"""The store on a real SQLite file and a real PostgreSQL server (DESIGN §6.4): each test runs on both."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import ChannelBusy, Store, VersionConflict
from bot.store import postgres as postgres_store
from bot.store import sqlite as sqlite_store
from tests.factory import open_store, write_errors
from tests.postgres_server import PostgresServer


async def _open(database: str) -> Store:
    return await open_store(database)


def _migrations(store: Store) -> list[str]:
    return (sqlite_store if store.backend == "sqlite" else postgres_store).MIGRATIONS


@pytest.mark.empty_database
async def test_migrations_and_reopen_after_close(database: str) -> None:
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {"host_id": 5}, now=100.0)
    assert row.version == 1 and row.status == "lobby"
    row.table["seats"] = ["x"]
    await store.save(row, now=101.0)
    await store.close()

    again = await _open(database)
    loaded = await again.active(10)
    assert loaded is not None
    assert loaded.table == {"host_id": 5, "seats": ["x"]}
    assert loaded.version == 2
    assert await again.schema_version() == len(_migrations(again)) == 6
    await again.close()


async def test_one_active_game_per_channel(database: str) -> None:
    store = await _open(database)
    await store.create(10, 1, "magmor", {}, now=1.0)
    with pytest.raises(ChannelBusy):
        await store.create(10, 1, "magmor", {}, now=2.0)
    row = await store.active(10)
    assert row is not None
    row.status = "finished"
    await store.save(row, now=3.0)
    # A finished game is kept, and the channel is free again.
    fresh = await store.create(10, 1, "magmor", {}, now=4.0)
    assert fresh.id != row.id
    assert (await store.get(row.id)) is not None
    await store.close()


async def test_version_conflict_is_rejected(database: str) -> None:
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {}, now=1.0)
    first = await store.get(row.id)
    second = await store.get(row.id)
    assert first is not None and second is not None
    await store.save(first, actions=[(0, 7, "player", {"kind": "a"}, [])], now=2.0)
    with pytest.raises(VersionConflict):
        await store.save(second, actions=[(1, 8, "player", {"kind": "b"}, [])], now=3.0)
    log = await store.actions(row.id)
    assert [a.action["kind"] for a in log] == ["a"]  # the stale writer left no trace
    await store.close()


async def test_a_table_patch_with_a_version_is_a_compare_and_set(database: str) -> None:
    """A patch beside the game (a hint's count and move, bot.hints) keeps the
    version, so open panels stay valid; with the version it read, it writes all
    its keys only while the row still has that version, never over a change
    saved since (a leave), and nothing at all otherwise."""
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {"seats": [{"hints": 0}], "host_id": 5}, now=1.0)
    assert await store.patch_table_keys(row.id, {"seats": [{"hints": 1}], "hinted": [7]}, version=1)
    patched = await store.get(row.id)
    assert patched is not None and patched.version == 1
    assert patched.table == {"seats": [{"hints": 1}], "host_id": 5, "hinted": [7]}
    patched.table["seats"] = [{"hints": 1, "ai": True}]  # a leave, saved: version 2
    await store.save(patched, actions=[(0, 7, "seat", {"kind": "seat"}, [])], now=2.0)
    assert not await store.patch_table_keys(row.id, {"seats": [{"hints": 2}], "hinted": [8]}, version=1)
    kept = await store.get(row.id)
    assert kept is not None and kept.version == 2
    assert kept.table == {"seats": [{"hints": 1, "ai": True}], "host_id": 5, "hinted": [7]}
    await store.close()


async def test_a_table_patch_and_its_meta_are_written_together(database: str) -> None:
    """A new board's id and the publisher's memo of it (Outbox.board_posted): one
    transaction, so a retry never finds the one without the other."""
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {"message_id": 1}, now=1.0)
    assert await store.patch_table_keys(row.id, {"message_id": 2}, meta=("boards:1", '{"posted_for": 4}'))
    patched = await store.get(row.id)
    assert patched is not None and patched.table["message_id"] == 2
    assert await store.get_meta("boards:1") == '{"posted_for": 4}'
    assert not await store.patch_table_keys(row.id, {"message_id": 3}, version=9, meta=("boards:1", "{}"))
    assert await store.get_meta("boards:1") == '{"posted_for": 4}', "neither, when the patch is not written"
    failing = ("boards:1", None)  # NOT NULL: the meta write fails inside the transaction
    with pytest.raises(Exception):  # noqa: B017 (either driver's own error)
        await store.patch_table_keys(row.id, {"message_id": 5}, meta=failing)  # type: ignore[arg-type]
    kept = await store.get(row.id)
    assert kept is not None and kept.table["message_id"] == 2, "the patch went back with the failed meta"
    await store.close()


async def test_actions_and_snapshot_share_one_transaction(database: str) -> None:
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {}, now=1.0)
    # A duplicate action version makes the insert fail: the snapshot must not move either.
    await store.save(row, actions=[(0, 7, "player", {"kind": "a"}, [])], now=2.0)
    stale = await store.get(row.id)
    assert stale is not None
    await store.execute(
        "INSERT INTO actions VALUES (?, ?, NULL, NULL, 'x', '{}', '[]', 0)", (row.id, stale.version + 1)
    )
    stale.table = {"changed": True}
    with pytest.raises(write_errors(store)):
        await store.save(stale, actions=[(0, 7, "player", {"kind": "b"}, [])], now=3.0)
    reloaded = await store.get(row.id)
    assert reloaded is not None and reloaded.table == {} and reloaded.version == stale.version
    await store.close()


async def test_due_deadlines(database: str) -> None:
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {}, now=1.0)
    row.status = "playing"
    row.deadline_at, row.reminder_at = 100.0, 90.0
    await store.save(row, now=2.0)
    assert await store.due(50.0) == []
    assert await store.due(95.0) == [10]
    await store.close()
    reopened = await _open(database)  # deadlines are data: they survive a restart
    assert await reopened.due(100.0) == [10]
    await reopened.close()


async def test_concurrent_saves_through_the_lock_keep_order(database: str) -> None:
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {}, now=1.0)
    lock = asyncio.Lock()

    async def act(n: int) -> None:
        async with lock:  # the table service's per-channel lock
            current = await store.get(row.id)
            assert current is not None
            await store.save(current, actions=[(0, None, "player", {"n": n}, [])], now=float(n))

    await asyncio.gather(*(act(n) for n in range(10)))
    log = await store.actions(row.id)
    assert [a.action["n"] for a in log] == list(range(10))
    assert [a.version for a in log] == list(range(2, 12))
    await store.close()


async def test_one_save_writes_many_actions_and_notices_in_their_order(database: str) -> None:
    """A change of several actions (an act and the AI seats' answers) and several
    notices: every column of every row as given, the versions one per action,
    the notices' ids in the order given (the publisher posts them in id order)."""
    store = await _open(database)
    row = await store.create(10, 1, "magmor", {"k": [1, 2]}, now=1.0)
    row.status, row.state, row.drafts = "playing", '{"turn": 3}', {"d": 1}
    actions = [
        (0, 7, "player", {"kind": "a"}, [{"key": "e.a"}]),
        (1, None, "ai", {"kind": "b"}, []),
        (None, None, "timeout", {"kind": "c"}, [{"key": "e.c", "n": 1}]),
    ]
    saved = await store.save(row, actions=actions, outbox=[{"n": 2}, {"n": 1}, {"n": 3}], now=2.0)
    assert saved.version == 1 + 3
    log = await store.actions(row.id)
    assert [(a.version, a.seat, a.user_id, a.source, a.action, a.events, a.created_at) for a in log] == [
        (1 + offset, seat, user, source, action, events, 2.0)
        for offset, (seat, user, source, action, events) in enumerate(actions, start=1)
    ]
    notices = await store.fetch(
        "SELECT channel_id, version, payload_json, created_at FROM outbox WHERE game_id = ? ORDER BY id",
        (row.id,),
    )
    assert [(n["channel_id"], n["version"], n["payload_json"], n["created_at"]) for n in notices] == [
        (10, 4, '{"n": 2}', 2.0),
        (10, 4, '{"n": 1}', 2.0),
        (10, 4, '{"n": 3}', 2.0),
    ]
    reloaded = await store.get(row.id)
    assert reloaded is not None
    assert (reloaded.status, reloaded.state, reloaded.table, reloaded.drafts) == (
        "playing",
        '{"turn": 3}',
        {"k": [1, 2]},
        {"d": 1},
    )
    await store.close()


async def test_a_pooled_connection_comes_back_with_no_transaction_open(
    postgres_server: PostgresServer,
) -> None:
    """The PostgreSQL pool sends no reset query on release (``_keep_session``):
    a transaction left open is still rolled back before the next user gets the
    connection (one connection in the pool: it is the same one)."""
    store = postgres_store.PostgresStore(await postgres_server.new_database(), pool_size=1)
    await store.open()
    try:
        row = await store.create(10, 1, "magmor", {}, now=1.0)
        async with store.pool.acquire() as con:
            await con.execute("BEGIN")
            await con.execute("UPDATE games SET game = 'left open' WHERE id = $1", row.id)
        async with store.pool.acquire() as con:
            assert not con.is_in_transaction()
        reloaded = await store.get(row.id)
        assert reloaded is not None and reloaded.game == "magmor"
    finally:
        await store.close()


async def test_one_process_at_a_time_publishes_a_channel(database: str) -> None:
    """Two processes on one PostgreSQL database (a rolling deploy runs a shard
    twice): the publishing lease of a channel is held by one at a time, other
    channels are free, and a released or dropped lease can be taken again.
    SQLite has one process per file: its lease is always granted."""
    first, second = await _open(database), await _open(database)
    try:
        async with first.publishing(10) as mine:
            assert mine
            async with second.publishing(10) as theirs, second.publishing(11) as other:
                assert theirs is (first.backend == "sqlite")
                assert other
        async with second.publishing(10) as theirs:
            assert theirs  # released
        if first.backend != "sqlite":
            async with first.publishing(12) as mine:
                assert mine
                await first.close()  # the process dies: its connection and its leases go
                async with second.publishing(12) as theirs:
                    assert theirs
    finally:
        await first.close()
        await second.close()
