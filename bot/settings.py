"""Settings from the environment and ``.env`` (see ``.env.example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(description="The bot token from the Discord developer portal.")
    database_path: Path = Path("gamemaster.db")
    # A PostgreSQL server shared by several bot processes (postgresql://user:pass@host/db);
    # unset: the SQLite file above. A secret: it may hold a password.
    database_url: SecretStr | None = None
    # Connections each process keeps open to PostgreSQL.
    database_pool_size: int = Field(default=10, ge=1)
    # Sync the slash commands to this guild only (instant, for development); 0 = global.
    dev_guild_id: int = 0
    # When to push the command tree to Discord: "auto" syncs only if it changed since the last sync.
    sync_commands: Literal["auto", "always", "never"] = "auto"
    default_language: Literal["en", "it"] = "en"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # Deadline presets (seconds): live tables and asynchronous tables.
    live_short_seconds: int = 120
    live_long_seconds: int = 300
    async_short_seconds: int = 86_400
    async_long_seconds: int = 172_800
    # How often the scheduler looks for due deadlines.
    scheduler_interval_seconds: float = 5.0
    # Touched on every scheduler tick so a container healthcheck can see the bot is alive.
    heartbeat_path: Path | None = None

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_only(cls, value: object) -> object:
        """An empty DATABASE_URL means SQLite; any other must name PostgreSQL."""
        text = value.get_secret_value() if isinstance(value, SecretStr) else value
        if text is None or (isinstance(text, str) and not text.strip()):
            return None
        if not isinstance(text, str) or not text.startswith(("postgresql://", "postgres://")):
            raise ValueError("DATABASE_URL must be a postgresql:// URL (leave it empty for SQLite)")
        return text
