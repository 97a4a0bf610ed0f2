"""The SQLite store's one-trip calls (a read, a change written whole) wait for
its lock only while a transaction of several trips holds it: a free lock is not
taken, so a trip is not one more round of the event loop to hand it on."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store.sqlite import SqliteStore


class CountingLock(asyncio.Lock):
    def __init__(self) -> None:
        super().__init__()
        self.taken = 0

    async def acquire(self) -> bool:
        self.taken += 1
        return await super().acquire()


async def _store(tmp_path: Path) -> SqliteStore:
    store = SqliteStore(tmp_path / "hops.db")
    await store.open()
    return store


async def test_one_trip_calls_leave_a_free_lock_alone(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    row = await store.create(10, 1, "magmor", {}, now=1.0)
    lock = store._lock = CountingLock()
    rows = await asyncio.gather(*(store.active(10) for _ in range(20)))
    assert all(r is not None and r.id == row.id for r in rows)
    row.table["seats"] = ["x"]
    saved = await store.save(row, now=2.0)
    assert saved.version == 2 and lock.taken == 0
    await store.set_meta("k", "v")  # a transaction of its own: takes the lock
    assert lock.taken == 1 and await store.get_meta("k") == "v"
    await store.close()


async def test_one_trip_calls_wait_for_an_open_transaction(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    row = await store.create(10, 1, "magmor", {}, now=1.0)
    opened, finish = asyncio.Event(), asyncio.Event()

    async def meta_in_two_trips() -> None:
        async with store.transaction() as tx:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('k', 'uncommitted')")
            opened.set()
            await finish.wait()
            await tx.execute("UPDATE meta SET value = 'committed' WHERE key = 'k'")

    holder = asyncio.create_task(meta_in_two_trips())
    await opened.wait()
    read = asyncio.create_task(store.get_meta("k"))
    row.table["seats"] = ["y"]
    write = asyncio.create_task(store.save(row, now=2.0))
    await asyncio.sleep(0.05)
    assert not read.done() and not write.done()  # neither landed inside the transaction
    finish.set()
    await holder
    assert await read == "committed"
    assert (await write).version == 2
    again = await store.get(row.id)
    assert again is not None and again.table == {"seats": ["y"]}
    await store.close()
