"""Shared fixtures: a real bot on a temporary database, run inside SimCord.

``database`` is a store location for each backend: an SQLite file, and a fresh
database on a throwaway PostgreSQL server that the suite starts itself
(``tests/postgres_server.py``), a copy of a template the store migrated once
(``@pytest.mark.empty_database``: an empty one). Without PostgreSQL's binaries the PostgreSQL
cases are skipped, unless ``REQUIRE_POSTGRES=1`` (as in ``.ci/run``) makes
that a failure.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import simcord

from bot.client import GameMasterBot
from tests.factory import BOTS, make_bot
from tests.picture_stand_in import MARKER, StandIn
from tests.postgres_server import PostgresServer

BACKENDS = ("sqlite", "postgres")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The whole-game SimCord tests first (a stable sort: each file's order kept).
    pytest-xdist hands each worker a share of the list and lets an idle one take
    over the other's rest: with the long tests first, the two finish together
    instead of one waiting out the other's last whole game."""
    items.sort(key=lambda item: "e2e" not in item.path.parts)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "empty_database: the `database` fixture's PostgreSQL database is empty, not a copy of"
        " the migrated template (tests of the store's migrations from nothing)",
    )


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say that the soak runs were left out (with pytest-xdist the closing line does not
    count the deselected tests)."""
    if config.getoption("markexpr") == "not slow":
        return "soak runs marked slow are not run here: `pytest -m slow` runs them"
    return None


@pytest_asyncio.fixture(autouse=True)
async def _close_stores() -> AsyncIterator[None]:
    """Close every bot's database, even when a test fails: an open aiosqlite
    connection keeps a worker thread alive and pytest could not exit."""
    yield
    while BOTS:
        await BOTS.pop().store.close()


@pytest.fixture(autouse=True)
def _restart_ends_the_old_process() -> Iterator[None]:
    """SimCord's restart detaches the old bot but leaves its objects alive; a real
    restart ends its process, and with it its database connections, the one
    listening to other processes' changes too (bot.store.listen). Closed here, or
    the old generation would follow the new one's changes (PostgreSQL). Not with
    ``monkeypatch``: an autouse fixture asking for it would set it up before every
    test's own fixtures, and undo a test's patches after their teardown ran."""
    restart = simcord.Env.restart_bot

    async def restart_bot(env: simcord.Env, bot: Any = None) -> None:
        old = env.bot
        await restart(env, bot)
        if isinstance(old, GameMasterBot) and old is not env.bot:
            await old.store.close()

    simcord.Env.restart_bot = restart_bot  # type: ignore[method-assign]
    try:
        yield
    finally:
        simcord.Env.restart_bot = restart  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _picture_stand_in(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tiny stand-in pictures (tests/picture_stand_in.py) unless the test is marked
    ``pictures``: it reads them, or draws them on purpose. Not with ``monkeypatch``,
    for the reason given above."""
    if request.node.get_closest_marker(MARKER) is not None:
        yield
        return
    stand_in = StandIn()
    try:
        yield
    finally:
        stand_in.undo()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    missing = PostgresServer.available()
    if missing is not None:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1 but {missing}")
        pytest.skip(missing)
    server = PostgresServer(bindir=_bindir()).start()
    try:
        yield server
    finally:
        server.stop()


def _bindir() -> Path:
    from tests.postgres_server import find_bindir

    found = find_bindir()
    assert found is not None
    return found


@pytest_asyncio.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a store lives: an SQLite file path, or a PostgreSQL URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "gamemaster.db")
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    if request.node.get_closest_marker("empty_database"):
        url = await server.new_database()
    else:  # the store's schema already there: the tests of migrations say empty_database
        url = await server.migrated_database()
    yield url
    while BOTS:  # their pools first: the database goes with its connections
        await BOTS.pop().store.close()
    await server.drop_database(url)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """An SQLite file, for what only SQLite has (its query plans, old schemas)."""
    return tmp_path / "gamemaster.db"


@pytest.fixture
def simcord_bot(database: str) -> GameMasterBot:
    return make_bot(database)
