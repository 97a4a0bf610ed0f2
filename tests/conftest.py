"""Shared fixtures: a real bot on a temporary SQLite file, run inside SimCord."""

from __future__ import annotations

from pathlib import Path

import pytest
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


def make_bot(db_path: Path, **overrides: object) -> GameMasterBot:
    return GameMasterBot(make_settings(db_path, **overrides))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gamemaster.db"


@pytest.fixture
def simcord_bot(db_path: Path) -> GameMasterBot:
    return make_bot(db_path)
