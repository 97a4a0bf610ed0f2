"""SQLite persistence: one connection, WAL, explicit transactions, migrations.

A game row holds the table (seats, options, language), the game state and a
``version`` that every change bumps (optimistic concurrency). Each applied
action is appended to ``actions`` in the same transaction as the new state.
Finished and cancelled games stay in the table with their result and log.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

ACTIVE = ("lobby", "playing")

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


class VersionConflict(Exception):
    """The row changed since it was read: the caller's view is stale."""


class ChannelBusy(Exception):
    """The channel already has a lobby or a game."""


@dataclass
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    status: str
    version: int
    table: dict[str, Any]
    state: str | None
    result: dict[str, Any] | None
    deadline_at: float | None
    reminder_at: float | None
    drafts: dict[str, Any]
    created_at: float
    updated_at: float


@dataclass
class ActionRow:
    version: int
    seat: int | None
    user_id: int | None
    source: str
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float


async def _exec(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> tuple[int, int | None]:
    """Run one statement and close its cursor at once (an open cursor, even of a
    PRAGMA, keeps a statement in progress and makes COMMIT fail)."""
    async with db.execute(sql, params) as cursor:
        return cursor.rowcount, cursor.lastrowid


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
    """:meth:`Store.save`'s transaction, run on aiosqlite's database thread:
    the row if its version still matches, its actions and its outbox, or
    nothing. False on a version conflict."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if (
            db.execute(
                "UPDATE games SET status = ?, version = version + ?, table_json = ?, state_json = ?,"
                " result_json = ?, deadline_at = ?, reminder_at = ?, drafts_json = ?, updated_at = ?"
                " WHERE id = ? AND version = ?",
                update,
            ).rowcount
            != 1
        ):
            db.execute("ROLLBACK")
            return False
        db.executemany(
            "INSERT INTO actions (game_id, version, seat, user_id, source, action_json,"
            " events_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            logged,
        )
        db.executemany(
            "INSERT INTO outbox (game_id, channel_id, version, payload_json, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            published,
        )
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return True


def _row(r: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=r["id"],
        channel_id=r["channel_id"],
        guild_id=r["guild_id"],
        game=r["game"],
        status=r["status"],
        version=r["version"],
        table=json.loads(r["table_json"]),
        state=r["state_json"],
        result=json.loads(r["result_json"]) if r["result_json"] else None,
        deadline_at=r["deadline_at"],
        reminder_at=r["reminder_at"],
        drafts=json.loads(r["drafts_json"]),
        created_at=r["created_at"],
        updated_at=r["updated_at"],
    )


class Store:
    """The repository interface the table service uses. SQLite today; a
    PostgreSQL implementation would keep the same methods and the same
    ``WHERE version = ?`` concurrency."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        # aiosqlite serialises statements, not transactions: one lock for both.
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        for pragma in (
            "PRAGMA journal_mode=WAL",
            "PRAGMA synchronous=NORMAL",
            "PRAGMA foreign_keys=ON",
            "PRAGMA busy_timeout=5000",
        ):
            await _exec(self._db, pragma)
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
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await _exec(self.db, "BEGIN IMMEDIATE")
            try:
                yield self.db
                await _exec(self.db, "COMMIT")
            except BaseException:
                await _exec(self.db, "ROLLBACK")
                raise

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        # Reads go through the same lock and close their cursor at once: an
        # unfinished SELECT on the shared connection would make COMMIT fail.
        # execute_fetchall runs the statement to its end in one thread hop.
        async with self._lock:
            rows = list(await self.db.execute_fetchall(sql, params))
        return rows[0] if rows else None

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        async with self._lock:
            return list(await self.db.execute_fetchall(sql, params))

    async def _migrate(self) -> None:
        row = await self._one("PRAGMA user_version")
        current = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self.transaction() as db:
                for statement in _statements(script):
                    await _exec(db, statement)
                await _exec(db, f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        row = await self._one("PRAGMA user_version")
        return int(row[0]) if row else 0

    # -- games -----------------------------------------------------------
    async def create(
        self, channel_id: int, guild_id: int | None, game: str, table: dict[str, Any], now: float
    ) -> GameRow:
        try:
            async with self.transaction() as db:
                _, game_id = await _exec(
                    db,
                    "INSERT INTO games (channel_id, guild_id, game, status, version, table_json,"
                    " created_at, updated_at) VALUES (?, ?, ?, 'lobby', 1, ?, ?, ?)",
                    (channel_id, guild_id, game, json.dumps(table), now, now),
                )
        except aiosqlite.IntegrityError as error:
            raise ChannelBusy(channel_id) from error
        row = await self.get(game_id or 0)
        assert row is not None
        return row

    async def get(self, game_id: int) -> GameRow | None:
        r = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return _row(r) if r else None

    async def active(self, channel_id: int) -> GameRow | None:
        r = await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
        )
        return _row(r) if r else None

    async def latest(self, channel_id: int) -> GameRow | None:
        r = await self._one(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _row(r) if r else None

    async def save(
        self,
        row: GameRow,
        *,
        actions: Sequence[tuple[int | None, int | None, str, dict[str, Any], list[dict[str, Any]]]] = (),
        outbox: Sequence[dict[str, Any]] = (),
        now: float,
    ) -> GameRow:
        """Write ``row`` if nobody else did since it was read (its ``version``),
        together with its new actions and what they must publish (``outbox``,
        bot/outbox.py), in one transaction. Bumps the version once per action
        (at least once)."""
        bumps = max(1, len(actions))
        update = (
            row.status,
            bumps,
            json.dumps(row.table),
            row.state,
            json.dumps(row.result) if row.result is not None else None,
            row.deadline_at,
            row.reminder_at,
            json.dumps(row.drafts),
            now,
            row.id,
            row.version,
        )
        logged = [
            (row.id, row.version + offset, seat, user_id, source, json.dumps(action), json.dumps(events), now)
            for offset, (seat, user_id, source, action, events) in enumerate(actions, start=1)
        ]
        published = [
            (row.id, row.channel_id, row.version + bumps, json.dumps(payload), now) for payload in outbox
        ]
        async with self._lock:
            # The whole transaction in one trip to the database thread (speed:
            # each aiosqlite call is a thread hop, which cost more than the
            # writes themselves); the same BEGIN IMMEDIATE ... COMMIT as before.
            written = await self.db._execute(_write_change, self.db._conn, update, logged, published)
        if not written:
            raise VersionConflict(row.id)
        row.version += bumps
        row.updated_at = now
        return row

    async def save_drafts(self, game_id: int, drafts: dict[str, Any]) -> None:
        async with self.transaction() as db:
            await _exec(db, "UPDATE games SET drafts_json = ? WHERE id = ?", (json.dumps(drafts), game_id))

    async def actions(self, game_id: int, limit: int | None = None) -> list[ActionRow]:
        sql = "SELECT * FROM actions WHERE game_id = ? ORDER BY version"
        params: tuple[Any, ...] = (game_id,)
        if limit is not None:
            sql = f"SELECT * FROM ({sql} DESC LIMIT ?) ORDER BY version"
            params = (game_id, limit)
        return [
            ActionRow(
                version=r["version"],
                seat=r["seat"],
                user_id=r["user_id"],
                source=r["source"],
                action=json.loads(r["action_json"]),
                events=json.loads(r["events_json"]),
                created_at=r["created_at"],
            )
            for r in await self._all(sql, params)
        ]

    async def due(self, now: float) -> list[int]:
        """Channels of playing games whose deadline or reminder has come."""
        rows = await self._all(
            "SELECT channel_id FROM games WHERE status = 'playing'"
            " AND (deadline_at <= ? OR reminder_at <= ?)",
            (now, now),
        )
        return [r["channel_id"] for r in rows]

    async def playing(self) -> list[GameRow]:
        return [_row(r) for r in await self._all("SELECT * FROM games WHERE status IN ('lobby', 'playing')")]


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


async def get_meta(store: Store, key: str) -> str | None:
    row = await store._one("SELECT value FROM meta WHERE key = ?", (key,))
    return str(row["value"]) if row else None


async def set_meta(store: Store, key: str, value: str) -> None:
    async with store.transaction() as db:
        await _exec(
            db,
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


async def set_message(store: Store, game_id: int, message_id: int) -> None:
    """Remember the board message without bumping the version: it is not a
    change of the game, and open panels must stay valid."""
    async with store.transaction() as db:
        await _exec(
            db,
            "UPDATE games SET table_json = json_set(table_json, '$.message_id', ?) WHERE id = ?",
            (message_id, game_id),
        )


MIGRATIONS.append(
    # 5: one row per seat of every finished game, for /stats (bot/stats.py). The
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
