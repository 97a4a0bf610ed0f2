"""Shared fixtures: a real bot on a temporary SQLite file, run inside SimCord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import GameMasterBot
from tests.factory import BOTS, make_bot


@pytest_asyncio.fixture(autouse=True)
async def _close_stores() -> AsyncIterator[None]:
    """Close every bot's database, even when a test fails: an open aiosqlite
    connection keeps a worker thread alive and pytest could not exit."""
    yield
    while BOTS:
        await BOTS.pop().store.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gamemaster.db"


@pytest.fixture
def simcord_bot(db_path: Path) -> GameMasterBot:
    return make_bot(db_path)
