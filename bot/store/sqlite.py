"""The SQLite store: one file, one connection, WAL, explicit transactions.

The embedded default (``DATABASE_PATH``): nothing else to run. aiosqlite runs
every statement on one database thread, in order; a lock makes each
transaction whole on the shared connection. Migrations are numbered by
``PRAGMA user_version``; ``bot/store/postgres.py`` keeps the same steps.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.base import INSERT_ACTION, INSERT_NOTICE, SET_META, UPDATE_GAME, Store
from bot.store.sql import Record, Transaction

R = TypeVar("R")

MIGRATIONS: list[str] = [
    # 1: games and their action log
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
        version INTEGER NOT NULL DEFAULT 0,
        table_json TEXT NOT NULL CHECK (json_valid(table_json)),
        state_json TEXT CHECK (state_json IS NULL OR json_valid(state_json)),
        result_json TEXT CHECK (result_json IS NULL OR json_valid(result_json)),
        deadline_at REAL,
        reminder_at REAL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX one_active_game_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'playing');
    CREATE INDEX games_due ON games (status, deadline_at);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        source TEXT NOT NULL,
        action_json TEXT NOT NULL CHECK (json_valid(action_json)),
        events_json TEXT NOT NULL CHECK (json_valid(events_json)),
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, version)
    ) STRICT;
    """,
    # 2: UI drafts (e.g. a split being prepared) live beside the game, unversioned
    """
    ALTER TABLE games ADD COLUMN drafts_json TEXT NOT NULL DEFAULT '{}';
    """,
]

MIGRATIONS.append(
    # 3: small key-value facts about this deployment (e.g. the synced command tree's hash)
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT"
)
MIGRATIONS.append(
    # 4: the outbox (bot/outbox.py): what each change must publish, written in the
    # change's own transaction; published in order, marked once Discord accepted it
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games (id),
        channel_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        payload_json TEXT NOT NULL CHECK (json_valid(payload_json)),
        sent INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        published_at REAL
    ) STRICT;
    CREATE INDEX outbox_pending ON outbox (channel_id, id) WHERE published_at IS NULL;
    CREATE INDEX outbox_published ON outbox (published_at) WHERE published_at IS NOT NULL;
    CREATE INDEX games_by_channel ON games (channel_id, id);
    """
)


MIGRATIONS.append(
    # 5: one row per seat of every finished game, for /stats (bot/store/results.py). The
    # rows are derived from result_json by the database itself: a trigger writes
    # them in the very UPDATE (hence transaction) that finishes a game, whatever
    # code path finishes it, and the same view backfills the games finished before.
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id),
        guild_id INTEGER,
        game TEXT NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        ai INTEGER NOT NULL,
        rank INTEGER,
        winner INTEGER NOT NULL,
        score INTEGER,
        abandoned INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE INDEX results_by_player ON results (guild_id, user_id, game);
    CREATE INDEX results_by_game ON results (guild_id, game, user_id);
    CREATE VIEW finished_seats AS
    SELECT
        g.id AS game_id,
        g.guild_id AS guild_id,
        g.game AS game,
        s.key AS seat,
        CASE WHEN json_extract(s.value, '$.ai') THEN NULL ELSE json_extract(s.value, '$.user_id') END
            AS user_id,
        COALESCE(json_extract(s.value, '$.name'), '') AS name,
        COALESCE(json_extract(s.value, '$.ai'), 0) AS ai,
        json_extract(st.value, '$.rank') AS rank,
        COALESCE(json_extract(st.value, '$.winner'), 0) AS winner,
        json_extract(st.value, '$.score') AS score,
        json_extract(g.result_json, '$.outcome') IS NULL AS abandoned,
        g.updated_at AS finished_at
    FROM games AS g
    JOIN json_each(g.result_json, '$.seats') AS s
    LEFT JOIN json_each(g.result_json, '$.outcome.standings') AS st
        ON json_extract(st.value, '$.seat') = s.key
    WHERE g.status = 'finished';
    CREATE TRIGGER results_on_finish AFTER UPDATE OF status ON games
    WHEN NEW.status = 'finished' AND OLD.status IS NOT 'finished'
    BEGIN
        INSERT OR IGNORE INTO results SELECT * FROM finished_seats WHERE game_id = NEW.id;
    END;
    INSERT OR IGNORE INTO results SELECT * FROM finished_seats;
    """
)

MIGRATIONS.append(
    # 6: the level an AI seat played at (games.core.levels), so /stats keeps the
    # results against AI seats apart by level. The trigger now names the columns it
    # fills from the view and sets the level from the seat (games finished before
    # levels existed had normal AI seats only).
    """
    ALTER TABLE results ADD COLUMN level TEXT;
    DROP TRIGGER results_on_finish;
    CREATE TRIGGER results_on_finish AFTER UPDATE OF status ON games
    WHEN NEW.status = 'finished' AND OLD.status IS NOT 'finished'
    BEGIN
        INSERT OR IGNORE INTO results (
            game_id, guild_id, game, seat, user_id, name, ai, rank, winner, score, abandoned, finished_at
        )
            SELECT * FROM finished_seats WHERE game_id = NEW.id;
        UPDATE results SET level = (
            SELECT COALESCE(json_extract(s.value, '$.level'), 'normal')
            FROM json_each(NEW.result_json, '$.seats') AS s WHERE s.key = results.seat
        ) WHERE game_id = NEW.id AND ai = 1;
    END;
    UPDATE results SET level = 'normal' WHERE ai = 1;
    """
)

# How the store opens its file. WAL with synchronous=NORMAL: a commit is durable
# against a crash of the bot, not of the machine, and costs no fsync. A 32 MB
# page cache (SQLite's default is 2 MB) holds a thousand live tables' rows and
# their indexes: at 1,000 tables an act's reads then stay in memory.
PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=5000",
    "PRAGMA cache_size=-32000",
)


def _statements(script: str) -> list[str]:
    """A migration script's statements. A trigger's body holds ``;`` of its
    own, so pieces are joined until SQLite says the statement is complete."""
    out: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip().strip(";").strip():
                out.append(pending)
            pending = ""
    if pending.strip().strip(";").strip():
        out.append(pending)
    return out


def _write_change(
    db: sqlite3.Connection,
    update: Sequence[Any],
    logged: Sequence[Sequence[Any]],
    published: Sequence[Sequence[Any]],
) -> bool:
    """:meth:`SqliteStore.save`'s transaction, run on aiosqlite's database
    thread: the row if its version still matches, its actions and its outbox,
    or nothing. False on a version conflict."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute(UPDATE_GAME, update).rowcount != 1:
            db.execute("ROLLBACK")
            return False
        db.executemany(INSERT_ACTION, logged)
        db.executemany(INSERT_NOTICE, published)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return True


class _Tx(Transaction):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        # Close the cursor at once: an open one, even of a PRAGMA, keeps a
        # statement in progress and makes COMMIT fail.
        async with self.db.execute(sql, params) as cursor:
            return cursor.rowcount

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Record]:
        return list(await self.db.execute_fetchall(sql, params))


class SqliteStore(Store):
    backend = "sqlite"
    unique_violation = (sqlite3.IntegrityError,)

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        # aiosqlite serialises statements, not transactions: the lock keeps a
        # transaction of several trips whole (one-trip calls: _one_hop).
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        tx = _Tx(self._db)
        for pragma in PRAGMAS:
            await tx.execute(pragma)
        await self._migrate()

    async def close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            await db.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self._lock:
            tx = _Tx(self.db)
            await tx.execute("BEGIN IMMEDIATE")
            try:
                yield tx
                await tx.execute("COMMIT")
            except BaseException:
                await tx.execute("ROLLBACK")
                raise

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Record]:
        # A read runs to its end in one thread hop (execute_fetchall): an
        # unfinished SELECT would make COMMIT fail.
        return list(await self._one_hop(self.db.execute_fetchall, sql, params))

    async def _one_hop(self, call: Callable[..., Awaitable[R]], *args: Any) -> R:
        """``call``, one trip to the database thread (a read, or a change written
        whole in one trip), waiting for the lock only while a transaction of
        several trips holds it. aiosqlite's one thread runs trips in the order
        they were queued, so a one-trip call cannot land inside another; waiting
        for the lock when it is free cost each trip a round of the event loop
        to hand it on, and at 1,000 tables the members' moves queued behind
        hundreds of those rounds (bench.hard_tables --attribute)."""
        if self._lock.locked():
            async with self._lock:
                return await call(*args)
        # Queued now, in this step of the loop: before any transaction that takes
        # the lock next queues its BEGIN.
        return await call(*args)

    async def _migrate(self) -> None:
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self.transaction() as tx:
                for statement in _statements(script):
                    await tx.execute(statement)
                await tx.execute(f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        row = await self.fetchrow("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def _write_change(
        self, update: Sequence[Any], logged: Sequence[Sequence[Any]], published: Sequence[Sequence[Any]]
    ) -> bool:
        # The whole transaction in one trip to the database thread (speed:
        # each aiosqlite call is a thread hop, which cost more than the
        # writes themselves). aiosqlite has no public call for this.
        written: bool = await self._one_hop(
            self.db._execute,
            _write_change,
            self.db._conn,
            update,
            logged,
            published,
        )
        return written

    async def patch_table_keys(
        self,
        game_id: int,
        values: Mapping[str, Any],
        *,
        version: int | None = None,
        meta: tuple[str, str] | None = None,
    ) -> bool:
        if not values or not all(key.isidentifier() for key in values):
            raise ValueError(sorted(values))
        paths = ", ".join(f"'$.{key}', json(?)" for key in values)
        sql = f"UPDATE games SET table_json = json_set(table_json, {paths}) WHERE id = ?"
        params: tuple[Any, ...] = (*(json.dumps(value) for value in values.values()), game_id)
        if version is not None:
            sql += " AND version = ?"
            params += (version,)
        async with self.transaction() as tx:
            if await tx.execute(sql, params) != 1:
                return False
            if meta is not None:
                await tx.execute(SET_META, meta)
        return True
