"""Where ``bench.table_speed`` keeps its stores, and the raw commits it measures beside them.

A backend is SQLite (a temp file per run) or PostgreSQL (a schema per run, on a given
server or a throwaway one); its raw commits are the store's own change done by hand with
the database's plain client, the rate the table service is held against."""

from __future__ import annotations

import json
import os
import re
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import aiosqlite
import asyncpg

from bot.store import Store, store_for
from bot.store.base import INSERT_ACTION, UPDATE_GAME
from bot.store.postgres import numbered
from bot.store.sqlite import PRAGMAS


class RawCommits(ABC):
    """The store's change done by hand with the database's plain client: BEGIN, the
    games row UPDATE (the store's own statement, version check included), one
    actions INSERT, COMMIT, in a store location of its own, with the payloads of
    the table service's own rows and log. Run in slices between the service's
    acts, so both rates see the same machine load (the bench shares 2 cores)."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.payloads: list[tuple[str, str, str, str]] = []
        self.versions: dict[int, int] = {}
        self.commits = 0
        self.seconds = 0.0

    async def sample(self, source: Store, recent: int = 200) -> None:
        """Take the payloads to write from what the service wrote last: its most
        recently changed games and logged actions. Sampled again before every
        slice, so that the raw commits write what the acts beside them write: at
        one table a game is played through (a Narnia state grows from ~1 KB to
        several), at 1,000 tables only its opening."""
        games = await source.fetch(
            "SELECT table_json, state_json FROM games WHERE state_json IS NOT NULL"
            " ORDER BY updated_at DESC LIMIT ?",
            (recent,),
        )
        logged = await source.fetch(
            "SELECT action_json, events_json FROM actions ORDER BY created_at DESC LIMIT ?", (recent,)
        )
        self.payloads = [
            (g["table_json"], g["state_json"], a["action_json"], a["events_json"])
            for g, a in zip(games * (len(logged) // len(games) + 1), logged, strict=False)
        ]

    async def open(self, source: Store, rows: int = 100) -> None:
        await self.sample(source)
        store = store_for(self.location)  # the store's own schema, then a plain connection
        await store.open()
        for channel in range(rows):
            row = await store.create(channel, 1, "raw", json.loads(self.payloads[0][0]), 0.0)
            self.versions[row.id] = row.version
        await store.close()
        await self.connect()

    async def run(self, commits: int) -> None:
        ids = list(self.versions)
        started = time.perf_counter()
        for _ in range(commits):
            game_id = ids[self.commits % len(ids)]
            table_json, state_json, action_json, events_json = self.payloads[
                self.commits % len(self.payloads)
            ]
            version = self.versions[game_id]
            update = ("playing", 1, table_json, state_json, None, 1.0, 1.0, "{}", 1.0, game_id, version)
            action = (game_id, version + 1, 0, 1, "player", action_json, events_json, 1.0)
            if not await self.commit(update, action):
                raise RuntimeError(f"raw commit: games row {game_id} is not at version {version}")
            self.versions[game_id] = version + 1
            self.commits += 1
        self.seconds += time.perf_counter() - started

    @property
    def rate(self) -> float:
        return self.commits / self.seconds if self.seconds else 0.0

    @abstractmethod
    async def connect(self) -> None: ...

    @abstractmethod
    async def commit(self, update: Sequence[Any], action: Sequence[Any]) -> bool:
        """BEGIN, UPDATE_GAME, INSERT_ACTION, COMMIT; False when the UPDATE missed."""

    @abstractmethod
    async def close(self) -> None: ...


class SqliteRawCommits(RawCommits):
    """Plain aiosqlite calls on a file opened as the store opens its own
    (``bot.store.sqlite.PRAGMAS``: WAL, synchronous=NORMAL, its page cache)."""

    db: aiosqlite.Connection | None = None

    async def connect(self) -> None:
        self.db = await aiosqlite.connect(self.location, isolation_level=None)
        for pragma in PRAGMAS:
            await self.db.execute(pragma)

    async def commit(self, update: Sequence[Any], action: Sequence[Any]) -> bool:
        assert self.db is not None
        await self.db.execute("BEGIN IMMEDIATE")
        changed = (await self.db.execute(UPDATE_GAME, update)).rowcount
        await self.db.execute(INSERT_ACTION, action)
        await self.db.execute("COMMIT")
        return changed == 1

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()


class PostgresRawCommits(RawCommits):
    """Plain asyncpg calls on one connection (no pool): four round trips a commit,
    the statements prepared once and cached by asyncpg, as the store's are."""

    con: asyncpg.Connection | None = None

    async def connect(self) -> None:
        self.con = await asyncpg.connect(self.location)

    async def commit(self, update: Sequence[Any], action: Sequence[Any]) -> bool:
        assert self.con is not None
        await self.con.execute("BEGIN")
        status = await self.con.execute(numbered(UPDATE_GAME), *update)
        await self.con.execute(numbered(INSERT_ACTION), *action)
        await self.con.execute("COMMIT")
        return bool(status == "UPDATE 1")

    async def close(self) -> None:
        if self.con is not None:
            await self.con.close()


class Backend(ABC):
    """Where a run's stores live, and the raw commits measured beside them."""

    title: str
    raw_heading: str
    service_heading: str

    @abstractmethod
    async def location(self, label: str) -> str:
        """A new, empty store location: an SQLite file path or a PostgreSQL URL."""

    @abstractmethod
    async def discard(self, location: str) -> None:
        """Drop what a run left at ``location``, so that runs do not pile up."""

    @abstractmethod
    def raw_commits(self, location: str) -> RawCommits: ...

    async def describe(self) -> list[str]:
        """The server's settings that matter to the figures."""
        return []


class SqliteBackend(Backend):
    title = "SQLite (aiosqlite, a temp file per run)"
    raw_heading = "Raw aiosqlite commits (games UPDATE + actions INSERT, WAL, synchronous=NORMAL)"
    service_heading = "Table service acts (TableService.act, real Store on a temp file, no Discord)"

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    async def location(self, label: str) -> str:
        return str(self.folder / f"{label}.db")

    async def discard(self, location: str) -> None:
        for suffix in ("", "-wal", "-shm"):
            Path(location + suffix).unlink(missing_ok=True)

    def raw_commits(self, location: str) -> RawCommits:
        return SqliteRawCommits(location)


# The server settings that decide what a commit waits for, printed with the figures.
SERVER_SETTINGS = (
    "server_version",
    "fsync",
    "synchronous_commit",
    "full_page_writes",
    "wal_sync_method",
    "shared_buffers",
)


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose connections work in ``schema`` (asyncpg sends the URL's
    unknown query parameters as server settings; RESET ALL keeps them)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("search_path", schema)])))


class PostgresBackend(Backend):
    """One database; each run in a ``gm_bench_*`` schema of its own, dropped after
    the run (a database the bench is pointed at keeps everything else)."""

    raw_heading = "Raw asyncpg commits (BEGIN, games UPDATE, actions INSERT, COMMIT; one connection)"
    service_heading = "Table service acts (TableService.act, real PostgresStore, no Discord)"

    def __init__(self, url: str, own_server: bool) -> None:
        self.url = url
        self.own_server = own_server
        where = "a throwaway server the bench started" if own_server else "the server at --database-url"
        self.title = f"PostgreSQL (asyncpg, {where})"
        self._admin: asyncpg.Connection | None = None  # makes and drops schemas, reads settings
        self.schemas: dict[str, str] = {}  # location -> schema

    @property
    def admin(self) -> asyncpg.Connection:
        assert self._admin is not None, "PostgresBackend.open() first"
        return self._admin

    async def open(self) -> None:
        self._admin = await asyncpg.connect(self.url)

    async def close(self) -> None:
        if self._admin is not None:
            for location in list(self.schemas):  # what a failed run left
                await self.discard(location)
            await self._admin.close()

    async def location(self, label: str) -> str:
        schema = "gm_bench_" + re.sub(r"\W", "_", f"{os.getpid()}_{label}")
        await self.admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE; CREATE SCHEMA "{schema}"')
        location = with_search_path(self.url, schema)
        self.schemas[location] = schema
        return location

    async def discard(self, location: str) -> None:
        schema = self.schemas.pop(location, None)
        if schema is not None:
            await self.admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')

    def raw_commits(self, location: str) -> RawCommits:
        return PostgresRawCommits(location)

    async def describe(self) -> list[str]:
        rows = await self.admin.fetch(
            "SELECT name, current_setting(name) AS value FROM unnest($1::text[]) AS name", SERVER_SETTINGS
        )
        values = {r["name"]: r["value"] for r in rows}
        lines = [
            f"PostgreSQL {values.pop('server_version')}, "
            + ("PostgreSQL's default settings" if self.own_server else "as configured"),
            ", ".join(f"{name}={value}" for name, value in values.items()),
        ]
        if values["fsync"] == "off" or values["synchronous_commit"] == "off":
            lines.append(
                "NOTE: commits do not wait for the disk (fsync or synchronous_commit off, as on the"
                " tests' throwaway server): this flatters the raw and the service figures alike"
            )
        else:
            lines.append("every commit waits for its WAL to reach the disk (as with PostgreSQL's defaults)")
        return lines


@asynccontextmanager
async def open_backend(name: str, database_url: str | None, folder: Path) -> AsyncIterator[Backend]:
    """The backend ``name``; for PostgreSQL without ``database_url``, on a throwaway
    server with PostgreSQL's defaults, stopped when the block ends."""
    if name == "sqlite":
        yield SqliteBackend(folder)
        return
    server = None
    if database_url is None:
        # A test helper, imported only here: the bench is not shipped with the bot.
        from tests.postgres_server import PostgresServer, find_bindir

        missing = PostgresServer.available()
        bindir = find_bindir()
        if missing is not None or bindir is None:
            raise SystemExit(f"--backend postgresql: {missing}; pass --database-url to use a server")
        # The defaults, not the tests' fsync=off: figures as a deployment would see them.
        server = PostgresServer(bindir, options="").start()
    try:
        if server is not None:
            database_url = await server.new_database()
        assert database_url is not None
        backend = PostgresBackend(database_url, own_server=server is not None)
        await backend.open()
        try:
            yield backend
        finally:
            await backend.close()
    finally:
        if server is not None:
            server.stop()
