"""Building bots for tests: one module, so every test shares one list of bots."""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr

from bot.client import GameMasterBot
from bot.settings import Settings

BOTS: list[GameMasterBot] = []


def make_settings(db_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "discord_token": SecretStr("test-token"),
        "database_path": db_path,
        "sync_commands": "auto",
        "scheduler_interval_seconds": 5.0,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


BOTS: list[GameMasterBot] = []


def make_bot(db_path: Path, **overrides: object) -> GameMasterBot:
    bot = GameMasterBot(make_settings(db_path, **overrides))
    BOTS.append(bot)
    return bot
