"""Which store a deployment gets, and the two backends kept in step.

``DATABASE_URL`` (a ``postgresql://`` URL) chooses PostgreSQL, without it the
SQLite file of the quick start; any other URL is refused by name. The URL may
hold a password, so it is a secret: never in a repr, a log or an error line.
Each SQLite migration has its PostgreSQL twin, and the two schemas have the
same tables and columns.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.store import SqliteStore, make_store
from bot.store import postgres as postgres_store
from bot.store import sqlite as sqlite_store
from bot.store.postgres import PostgresStore, numbered
from tests.factory import make_settings, open_store
from tests.postgres_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
SECRET_URL = "postgresql://gm:s3cret-pass@db.example:5432/gamemaster"


def test_database_url_chooses_postgresql_and_keeps_its_password_secret(tmp_path: Path) -> None:
    settings = make_settings(SECRET_URL)
    store = make_store(settings)
    assert isinstance(store, PostgresStore)
    assert "s3cret" not in repr(store) and "s3cret" not in repr(settings) and "s3cret" not in str(settings)
    assert isinstance(make_store(make_settings(tmp_path / "x.db")), SqliteStore)
    assert isinstance(make_store(make_settings(tmp_path / "x.db", database_url="")), SqliteStore)


def test_a_database_url_that_is_not_postgresql_is_refused() -> None:
    with pytest.raises(ValidationError, match="DATABASE_URL must be a postgresql:// URL"):
        make_settings("x.db", database_url="mysql://root@localhost/db")


def test_the_entry_point_names_a_bad_database_url_without_printing_it(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "t",
        "DATABASE_URL": "mysql://u:pw-xyz@h/d",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "DATABASE_URL" in done.stderr and "pw-xyz" not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_placeholders_are_numbered_for_asyncpg() -> None:
    assert numbered("SELECT * FROM games WHERE id = ? AND version = ?") == (
        "SELECT * FROM games WHERE id = $1 AND version = $2"
    )
    assert numbered("SELECT 1") == "SELECT 1"


def _created(step: str) -> set[str]:
    """What a migration step makes: tables, indexes, views, triggers and added columns."""
    made = re.findall(r"CREATE (?:UNIQUE )?(TABLE|INDEX|VIEW|TRIGGER) (\w+)", step)
    added = re.findall(r"ADD COLUMN (\w+)", step)
    return {f"{kind.lower()} {name}" for kind, name in made} | {f"column {name}" for name in added}


def test_every_sqlite_migration_has_its_postgresql_twin() -> None:
    """Step N makes the same objects in both backends (PostgreSQL's trigger also needs a function)."""
    assert len(sqlite_store.MIGRATIONS) == len(postgres_store.MIGRATIONS)
    for sqlite_step, postgres_step in zip(sqlite_store.MIGRATIONS, postgres_store.MIGRATIONS, strict=True):
        assert _created(sqlite_step), sqlite_step
        assert _created(sqlite_step) == _created(postgres_step)


async def test_both_schemas_have_the_same_tables_and_columns(
    db_path: Path, postgres_server: PostgresServer
) -> None:
    lite = await open_store(db_path)
    pg = await open_store(await postgres_server.new_database())
    try:
        tables = [
            str(r["name"])
            for r in await lite.fetch(
                "SELECT name FROM sqlite_master"
                " WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        assert tables == ["actions", "games", "meta", "outbox", "results"]
        for table in tables:
            lite_columns = [str(r["name"]) for r in await lite.fetch(f"PRAGMA table_info({table})")]
            pg_columns = [
                str(r["column_name"])
                for r in await pg.fetch(
                    "SELECT column_name FROM information_schema.columns"
                    " WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position",
                    (table,),
                )
            ]
            assert lite_columns == pg_columns, table
        assert await lite.schema_version() == await pg.schema_version() == len(sqlite_store.MIGRATIONS)
    finally:
        await lite.close()
        await pg.close()


async def test_processes_starting_together_migrate_once(postgres_server: PostgresServer) -> None:
    """Two stores opening one new database at once: the advisory lock lets one
    create the schema and the others find it done."""
    url = await postgres_server.new_database()
    stores = [PostgresStore(url, pool_size=2) for _ in range(3)]
    await asyncio.gather(*(store.open() for store in stores))
    try:
        assert [await store.schema_version() for store in stores] == [len(postgres_store.MIGRATIONS)] * 3
        versions = await stores[0].fetch("SELECT version FROM schema_version")
        assert [r["version"] for r in versions] == [len(postgres_store.MIGRATIONS)]
    finally:
        for store in stores:
            await store.close()
