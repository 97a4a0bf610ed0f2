"""Building bots for tests: one module, so every test shares one list of bots."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from bot.client import GameMasterBot
from bot.model import Applied
from bot.settings import Settings
from bot.store import POSTGRES_SCHEMES, Store, store_for
from bot.table import TableService

BOTS: list[GameMasterBot] = []


def make_settings(database: Path | str, **overrides: object) -> Settings:
    """Settings for a store at ``database``: an SQLite path or a PostgreSQL URL."""
    values: dict[str, Any] = {  # checked by Settings itself
        "discord_token": SecretStr("test-token"),
        "sync_commands": "auto",
        "scheduler_interval_seconds": 5.0,
        # SimCord needs a shard count for an AutoShardedBot (it never asks
        # Discord for the recommended one): a single shard, unless overridden.
        "shard_count": 1,
        # A slice of AI moves also ends after AI_SLICE_SECONDS of thinking, so with
        # the shipped 2 s what a test sees would hang on how loaded the machine is
        # (a Narnia stretch ran past it beside two other suites, and the host's
        # turn had not come back). A slice here ends by its move count; the tests
        # of the time bound set their own.
        "ai_slice_seconds": 600.0,
    }
    if str(database).startswith(POSTGRES_SCHEMES):
        values["database_url"] = str(database)
    else:
        values["database_path"] = Path(database)
    values.update(overrides)
    return Settings(_env_file=None, **values)


def make_bot(database: Path | str | Settings, **overrides: object) -> GameMasterBot:
    """A bot on ``database``; given another bot's settings, a bot like it (a restart)."""
    if isinstance(database, Settings):
        settings = database.model_copy(update=overrides)
    else:
        settings = make_settings(database, **overrides)
    bot = GameMasterBot(settings)
    BOTS.append(bot)
    return bot


def write_errors(store: Store) -> tuple[type[BaseException], ...]:
    """What a store raises when the database refuses a write (a broken key, bad JSON)."""
    if store.backend == "sqlite":
        return (sqlite3.IntegrityError,)
    import asyncpg

    return (asyncpg.PostgresError,)


async def open_store(database: Path | str) -> Store:
    store = store_for(str(database))
    await store.open()
    return store


async def start_with_an_ai(
    service: TableService,
    channel: int,
    game: str = "magmor",
    *,
    guild: int = 1,
    host: int = 11,
    guest: int = 12,
) -> Applied:
    """A game started through the service: ``alice`` (``host``), ``bob`` (``guest``) and one AI seat."""
    await service.open_lobby(channel, guild, host, "alice", game, seats=None, speed="live", language="en")
    await service.join(channel, guest, "bob")
    await service.add_ai(channel, host, False)
    return await service.start(channel, host, False)
