"""Settings from the environment and ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


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
    # AI moves played (and committed) in one go; a longer AI stretch goes on in the
    # scheduler's next slice, each slice published as it lands.
    ai_slice_moves: int = Field(default=200, ge=1)
    # ...and for at most this long: hard seats think up to a second a move, and the
    # member whose move started the stretch sees it land without waiting for them all.
    ai_slice_seconds: float = Field(default=2.0, gt=0)
    # Worker processes for hard seats' search (bot.thinking); 0 thinks in the AI thread.
    ai_workers: int = Field(default=1, ge=0)
    # A hard decision still thinking after this long is played as normal (and logged).
    ai_think_seconds: float = Field(default=10.0, gt=0)
    # How often the scheduler looks for due deadlines.
    scheduler_interval_seconds: float = 5.0
    # Touched on every scheduler tick so a container healthcheck can see the bot is alive.
    heartbeat_path: Path | None = None
    # Shards of all processes together; unset: discord.py asks Discord for the recommended count.
    shard_count: int | None = Field(default=None, ge=1)
    # The shards this process runs ("0,1"); unset: all of them. Several processes, each with its
    # own SHARD_IDS, share one DATABASE_URL. NoDecode: a comma list, not the JSON that
    # pydantic-settings would expect for a tuple (see _comma_list).
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    # The table as a Discord Activity (issue 32): on when the application's OAuth2 client id and
    # secret and a port for the web server are all set; off otherwise (no server, no button).
    discord_client_id: int | None = None
    discord_client_secret: SecretStr | None = None
    activity_port: int | None = Field(default=None, ge=1, le=65535)
    # The address the Activity's web server listens on: a reverse proxy or tunnel in front of it
    # gives it the public HTTPS name Discord's URL mapping points at.
    activity_host: str = "127.0.0.1"
    # Discord's HTTP API, as the web server asks it who a user is and where an instance is
    # (the tests point it at a fake Discord on the loopback address).
    discord_api_base: str = "https://discord.com/api/v10"
    # What strangers on the internet may make the Activity's server ask Discord (issue 40).
    # A socket has this long to sign in (its hello) before it is closed.
    activity_hello_seconds: float = Field(default=5.0, gt=0)
    # Sign-ins (hellos) one socket may send: a burst, then one more every 1/rate seconds.
    activity_socket_hello_burst: int = Field(default=5, ge=1)
    activity_socket_hello_per_second: float = Field(default=0.1, ge=0)
    # Calls to Discord one address may cause that Discord refuses (a successful one is given
    # back): made-up codes and tokens. Behind Discord's proxy many members share an address.
    activity_address_burst: int = Field(default=20, ge=1)
    activity_address_per_second: float = Field(default=0.5, ge=0)
    # ...and the whole process: at most 60 + 600 = 660 refused calls in 10 minutes by default,
    # far under the 10,000 invalid requests after which Discord blocks the bot's address.
    activity_discord_burst: int = Field(default=60, ge=1)
    activity_discord_per_second: float = Field(default=1.0, ge=0)
    # Behind a reverse proxy (Caddy, nginx) every request comes from the proxy's address: on,
    # the right-most X-Forwarded-For address (the one the proxy added) is the client's. Only
    # with a proxy in front that sets it; otherwise anyone could claim any address.
    activity_trust_proxy: bool = False
    # What one page, member or address may ask of the Activity's server, so that none starves
    # the others (issue 40; docs/decisions.md says why these defaults). Messages a page's socket
    # may send: a burst, then a steady rate a second; past it, refused with a notice, and a socket
    # that goes on past it this many messages in a row is closed.
    activity_messages_burst: int = Field(default=20, ge=1)
    activity_messages_per_second: float = Field(default=4.0, gt=0)
    activity_flood_strikes: int = Field(default=40, ge=1)
    # Sockets open at once from one address before they sign in, and signed in per member (tabs).
    activity_sockets_per_address: int = Field(default=20, ge=1)
    activity_sockets_per_member: int = Field(default=5, ge=1)
    # Hint searches a member may ask from pages at one table: this many at once, then one every 60/n s.
    activity_hints_per_minute: int = Field(default=6, ge=1)
    # Bytes a page may leave unread before it is let go (it reconnects to the table as it is then).
    activity_unsent_bytes: int = Field(default=262_144, ge=16_384)
    # Pages the Activity's socket and sign-in answer besides its own, https://<client id>.discordsays.com,
    # and pages on the loopback address (cogs/activity/headers.py): a comma list of origins
    # (scheme://host[:port]), e.g. a test page on the LAN. Empty for a bot that lives in Discord only.
    activity_origins: Annotated[tuple[str, ...], NoDecode] = ()
    # Where the project's docs/ folder is published (e.g. https://github.com/<owner>/<repo>/blob/main/docs):
    # the bot cannot link a file on its own disk, so /help links docs/playing.md under this address;
    # empty, the answer names the file in the project instead.
    docs_url: str = ""

    @property
    def activity_on(self) -> bool:
        """Is the Activity configured: its client id, its secret and the web server's port?"""
        return bool(self.discord_client_id and self.discord_client_secret and self.activity_port)

    def docs_page(self, page: str) -> str:
        """Where a member reads ``docs/<page>``: its address under DOCS_URL, else its path here."""
        base = self.docs_url.strip().rstrip("/")
        return f"{base}/{page}" if base else f"docs/{page}"

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

    @field_validator(
        "shard_count", "discord_client_id", "discord_client_secret", "activity_port", mode="before"
    )
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        """SHARD_COUNT= (empty, as .env.example leaves it, like the Activity's settings) means unset."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        """SHARD_IDS="0,1"; empty means every shard."""
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",")] if value.strip() else []
            try:
                value = [int(part) for part in parts]
            except ValueError:
                raise ValueError("SHARD_IDS must be shard numbers separated by commas, such as 0,1") from None
        if isinstance(value, list | tuple) and not value:
            return None
        return value

    @field_validator("shard_ids")
    @classmethod
    def _within_count(cls, ids: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        """A process's shards only mean something out of a known total, and a
        shard run twice (or one that does not exist) would be a Discord error
        at login: say so before connecting."""
        if ids is None or "shard_count" not in info.data:  # an invalid SHARD_COUNT is reported itself
            return ids
        count = info.data["shard_count"]
        if count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards of all processes)")
        if len(set(ids)) != len(ids):
            raise ValueError("SHARD_IDS names a shard twice")
        if any(not 0 <= shard < count for shard in ids):
            raise ValueError(f"SHARD_IDS must lie in 0..{count - 1} (SHARD_COUNT is {count})")
        return ids

    @field_validator("activity_origins", mode="before")
    @classmethod
    def _origin_list(cls, value: object) -> object:
        """ACTIVITY_ORIGINS="https://a.example,http://192.168.1.5:8080": each a page's origin,
        as a browser writes it in its Origin header (no path)."""
        if isinstance(value, str):
            value = [part for part in (p.strip() for p in value.split(",")) if part]
        if isinstance(value, list | tuple):
            origins = tuple(str(part).strip().lower().rstrip("/") for part in value)
            if not all(re.fullmatch(r"https?://[^/?#@\s]+", origin) for origin in origins):
                raise ValueError("ACTIVITY_ORIGINS must be origins such as https://tables.example.org")
            return origins
        return value
