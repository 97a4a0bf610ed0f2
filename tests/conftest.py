"""Shared fixtures: a real bot on a temporary SQLite file, run inside SimCord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from pydantic import SecretStr

from bot.client import GameMasterBot
from bot.settings import Settings


def make_settings(db_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "discord_token": SecretStr("test-token"),
        "database_path": db_path,
        "sync_commands": "auto",
        "scheduler_interval_seconds": 5.0,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


_BOTS: list[GameMasterBot] = []


def make_bot(db_path: Path, **overrides: object) -> GameMasterBot:
    bot = GameMasterBot(make_settings(db_path, **overrides))
    _BOTS.append(bot)
    return bot


@pytest_asyncio.fixture(autouse=True)
async def _close_stores() -> AsyncIterator[None]:
    """Close every bot's database, even when a test fails: an open aiosqlite
    connection keeps a worker thread alive and pytest could not exit."""
    yield
    while _BOTS:
        await _BOTS.pop().store.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gamemaster.db"


@pytest.fixture
def simcord_bot(db_path: Path) -> GameMasterBot:
    return make_bot(db_path)
