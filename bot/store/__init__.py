"""Persistence: the store interface and its two backends (see ``base``).

``open_store(settings)`` picks the backend: PostgreSQL when ``DATABASE_URL``
is a ``postgresql://`` URL, else the SQLite file at ``DATABASE_PATH``.
"""

from __future__ import annotations

from bot.settings import Settings
from bot.store.base import ActionRow, ChannelBusy, GameRow, LoggedAction, Store, VersionConflict
from bot.store.outbox import Notice
from bot.store.sql import Record, Transaction
from bot.store.sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")

__all__ = [
    "POSTGRES_SCHEMES",
    "ActionRow",
    "ChannelBusy",
    "GameRow",
    "LoggedAction",
    "Notice",
    "Record",
    "SqliteStore",
    "Store",
    "Transaction",
    "VersionConflict",
    "make_store",
    "store_for",
]


def store_for(url_or_path: str, *, pool_size: int = 10) -> Store:
    """A store for a PostgreSQL URL or an SQLite file path (unopened)."""
    if url_or_path.startswith(POSTGRES_SCHEMES):
        from bot.store.postgres import PostgresStore  # asyncpg only when asked for

        return PostgresStore(url_or_path, pool_size=pool_size)
    return SqliteStore(url_or_path)


def make_store(settings: Settings) -> Store:
    if settings.database_url is not None:
        return store_for(settings.database_url.get_secret_value(), pool_size=settings.database_pool_size)
    return SqliteStore(settings.database_path)
