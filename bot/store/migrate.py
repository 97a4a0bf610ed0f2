"""``python -m bot.store.migrate SQLITE_FILE POSTGRESQL_URL``: move an SQLite deployment into PostgreSQL.

Run it with the bot stopped. It opens the SQLite file with the SQLite store
(which first brings it to the latest schema, as the bot does on start) and the
PostgreSQL database with the PostgreSQL store (which creates the schema), then
copies every row of every table (games, actions, outbox, results, meta) with
its id, in one PostgreSQL transaction: all of it or nothing. Afterwards new
games and notices get ids past the copied ones, and the counts are checked.

It never merges: a PostgreSQL database that already holds rows is refused
(the ids would clash, and two histories would mix), and so is a SQLite file
that does not exist (the store would create an empty one). The URL may hold a
password, so it is never printed: only the database's name and host are.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit

import asyncpg

from bot.store import POSTGRES_SCHEMES
from bot.store.postgres import PostgresStore
from bot.store.sql import Transaction
from bot.store.sqlite import SqliteStore

# Parents before children: actions, outbox and results reference games (id).
TABLES: tuple[str, ...] = ("games", "actions", "outbox", "results", "meta")
# The tables whose id PostgreSQL generates (an identity column) and SQLite
# numbered with AUTOINCREMENT.
IDENTITY_TABLES: tuple[str, ...] = ("games", "outbox")
# Rows read from SQLite per query: bounds memory on a large file (a game row
# holds its whole state) while COPY streams them to PostgreSQL.
BATCH_ROWS = 1_000

DESCRIPTION = """\
Copy every game of an SQLite database (the bot's DATABASE_PATH) into an empty
PostgreSQL database, keeping ids: games with their action logs, pending outbox
notices, /stats results and meta. Run it with the bot STOPPED: a move made
during or after the copy would stay behind in SQLite. It refuses, and changes
nothing, when the PostgreSQL database already holds data or the SQLite file
does not exist. Afterwards set DATABASE_URL to the same URL and start the bot.
"""
EPILOG = """\
The URL is never printed. To keep the password out of the command line, leave
it out of the URL and set PGPASSWORD (or use ~/.pgpass).
Exit status: 0 copied and checked, 2 refused (nothing changed), 1 failed (an
error during the copy rolls the whole PostgreSQL transaction back).
"""


class Refused(Exception):
    """A precondition failed; nothing was changed (exit status 2)."""


class Mismatch(Exception):
    """PostgreSQL does not hold what was copied (a bug: never silently accepted)."""


def describe(url: str) -> str:
    """The database a URL names, without its user, password or query (a
    ``?password=`` is possible too)."""
    try:
        parts = urlsplit(url)
        name = parts.path.lstrip("/") or "(default)"
        host = parts.hostname or "localhost"
        port = parts.port or 5432
    except ValueError:  # a port that is not a number, several hosts: say less
        return "the PostgreSQL database"
    return f"PostgreSQL database {name!r} on {host}:{port}"


def scrubbed(message: str, url: str) -> str:
    """An error message without the URL or its password (drivers may quote them)."""
    message = message.replace(url, "<POSTGRESQL_URL>")
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    if password:
        message = message.replace(password, "***")
    return message


async def _target_counts(con: asyncpg.Connection) -> dict[str, int]:
    return {table: int(await con.fetchval(f"SELECT COUNT(*) FROM {table}")) for table in TABLES}


def _refuse_if_not_empty(counts: dict[str, int], where: str) -> None:
    held = ", ".join(f"{table}: {n}" for table, n in counts.items() if n)
    if held:
        raise Refused(
            f"{where} already holds data ({held}); migrate into an empty database"
            " (nothing was copied: ids would clash)"
        )


async def _columns(read: Transaction, con: asyncpg.Connection, table: str) -> list[str]:
    """The table's columns in PostgreSQL's order, which SQLite must have too:
    both stores apply the same numbered migrations."""
    rows = await con.fetch(
        "SELECT column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        table,
    )
    target = [str(r["column_name"]) for r in rows]
    source = {str(r["name"]) for r in await read.fetch("SELECT name FROM pragma_table_info(?)", (table,))}
    if set(target) != source:
        raise Mismatch(
            f"table {table} has columns {sorted(source)} in SQLite but {sorted(target)} in PostgreSQL"
        )
    return target


async def _rows(read: Transaction, table: str, columns: list[str]) -> AsyncIterator[tuple[Any, ...]]:
    """Every row of an SQLite table, a batch at a time in rowid order (keyset
    paging: each batch is an index seek, not a scan from the start)."""
    names = ", ".join(f'"{c}"' for c in columns)
    first = f"SELECT rowid AS migrate_rowid, {names} FROM {table} ORDER BY rowid LIMIT ?"
    after = f"SELECT rowid AS migrate_rowid, {names} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT ?"
    batch = await read.fetch(first, (BATCH_ROWS,))
    while batch:
        for row in batch:
            yield tuple(row)[1:]
        if len(batch) < BATCH_ROWS:
            return
        batch = await read.fetch(after, (batch[-1]["migrate_rowid"], BATCH_ROWS))


async def _copy(
    source: SqliteStore, target: PostgresStore, where: str
) -> tuple[dict[str, int], dict[str, int]]:
    """Copy every table in one transaction of each database; the rows copied
    per table and the next id of each identity table."""
    copied: dict[str, int] = {}
    next_ids: dict[str, int] = {}
    # The SQLite side is one BEGIN IMMEDIATE transaction: one consistent
    # snapshot of every table, and no writer can slip a move in mid-copy.
    async with source.transaction() as read, target.pool.acquire() as con, con.transaction():
        # Under this lock nobody else writes these tables until we commit, so
        # the emptiness checked here still holds when the rows land.
        await con.execute(f"LOCK TABLE {', '.join(TABLES)} IN EXCLUSIVE MODE")
        _refuse_if_not_empty(await _target_counts(con), where)
        for table in TABLES:
            columns = await _columns(read, con, table)
            # Binary COPY, streamed from the SQLite batches: far faster than INSERTs.
            rows = _rows(read, table, columns)
            status = await con.copy_records_to_table(table, records=rows, columns=columns)
            copied[table] = int(status.rsplit(" ", 1)[-1])  # "COPY 123": the rows PostgreSQL took
        # SQLite's AUTOINCREMENT never reuses an id, even of a deleted row (old
        # outbox notices are deleted): continue from the larger of the highest
        # id and SQLite's own counter, so PostgreSQL never reuses one either.
        counters = {
            str(r["name"]): int(r["seq"]) for r in await read.fetch("SELECT name, seq FROM sqlite_sequence")
        }
        for table in IDENTITY_TABLES:
            next_ids[table] = int(
                await con.fetchval(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" GREATEST(COALESCE(MAX(id), 0), $1::BIGINT) + 1, false) FROM {table}",
                    counters.get(table, 0),
                )
            )
        # Checked before the commit too: a difference rolls everything back.
        expected = {t: int((await read.fetch(f"SELECT COUNT(*) AS n FROM {t}"))[0]["n"]) for t in TABLES}
        landed = await _target_counts(con)
        if not expected == copied == landed:
            raise Mismatch(
                f"SQLite holds {expected}, {copied} were copied, PostgreSQL holds {landed}"
                " (rolled back: nothing was copied)"
            )
    return copied, next_ids


async def migrate(sqlite_file: Path, url: str, *, out: TextIO | None = None) -> dict[str, int]:
    """Copy ``sqlite_file`` into the empty PostgreSQL database at ``url``; the
    rows copied per table. Raises :class:`Refused` before changing anything."""
    out = out or sys.stdout  # looked up now, not at import (tests redirect it)
    where = describe(url)
    if not url.startswith(POSTGRES_SCHEMES):
        raise Refused("POSTGRESQL_URL must start with postgresql:// (nothing was copied)")
    # Checked before any store opens: SqliteStore.open would create the file.
    if not sqlite_file.is_file():
        raise Refused(f"{sqlite_file} does not exist (nothing was copied)")
    target = PostgresStore(url, pool_size=2)
    await target.open()
    try:
        # Refuse before opening SQLite, so a refusal leaves the file as it was
        # (opening it may migrate its schema).
        async with target.pool.acquire() as con:
            _refuse_if_not_empty(await _target_counts(con), where)
        print(f"Copying {sqlite_file} into {where} (the bot must be stopped)...", file=out)
        source = SqliteStore(sqlite_file)
        await source.open()
        try:
            copied, next_ids = await _copy(source, target, where)
        finally:
            await source.close()
        for table in TABLES:
            print(f"  {table}: {copied[table]} rows", file=out)
        # Read again after the commit, through the store the bot will use.
        after = {t: int((await target.fetch(f"SELECT COUNT(*) AS n FROM {t}"))[0]["n"]) for t in TABLES}
        if after != copied:
            raise Mismatch(
                f"after the commit PostgreSQL holds {after}, but {copied} were copied:"
                " check that no bot was writing to it"
            )
    finally:
        await target.close()
    print(
        f"Checked: PostgreSQL holds the same number of rows in every table. New games get ids"
        f" from {next_ids['games']}. Now set DATABASE_URL to this database and start the bot.",
        file=out,
    )
    return copied


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot.store.migrate",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("sqlite_file", metavar="SQLITE_FILE", type=Path, help="the bot's SQLite database file")
    p.add_argument(
        "postgresql_url",
        metavar="POSTGRESQL_URL",
        help="an empty PostgreSQL database: postgresql://user@host:5432/dbname",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    url: str = args.postgresql_url
    try:
        asyncio.run(migrate(args.sqlite_file, url))
    except Refused as refused:
        print(f"error: {refused}", file=sys.stderr)
        return 2
    except Mismatch as error:  # its message says whether anything was committed
        print(f"error: {scrubbed(str(error), url)}", file=sys.stderr)
        return 1
    except Exception as error:
        # One line and no traceback, which could quote the URL (it may hold a
        # password). Every failure before the commit rolled the copy back.
        detail = scrubbed(f"{type(error).__name__}: {error}", url)
        print(f"error: the migration failed, nothing was copied: {detail}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
