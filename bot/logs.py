"""Structured logging: one line per event, key=value, never a token or hidden card.

``LOG_LEVEL`` applies to the bot's own ``gamemaster*`` loggers (and anything
else left at its default). Libraries that print what passes through them are held
where that never shows (see ``HELD``), whatever the level: at DEBUG ``aiosqlite``
writes every call with its parameters (each stored state: every hand, the deck,
the seed and the salt), and discord.py writes request payloads (ephemeral hands)
and URLs holding interaction tokens. A last pass over each formatted line blanks
the secrets a line could still carry (:func:`redact`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from bot.settings import Settings

# The lowest level each library logger may show (docs/decisions.md, "Logs"): ``None``
# holds it at INFO, or at LOG_LEVEL when that is higher.
HELD: dict[str, int | None] = {
    # Every call with its arguments at DEBUG: the SQL's parameters are the states.
    "aiosqlite": logging.WARNING,
    # The pool's warnings only; no query or argument ever shown.
    "asyncpg": logging.WARNING,
    # Request lines with their query strings (the Activity turns its own access log
    # off; a reverse proxy's log is the place for requests).
    "aiohttp.access": logging.WARNING,
    # Client, server, web and websocket: errors and their context, no bodies.
    "aiohttp": None,
    # DEBUG: discord.http each request's payload and answer, discord.webhook the
    # interaction URLs (/interactions/{id}/{token}, /webhooks/{app}/{token}),
    # discord.gateway every event (interaction data included). INFO: connections.
    "discord": None,
}

SECRET_FIELDS = ("access_token", "refresh_token", "client_secret", "token", "seed", "salt")
_PATTERNS = (
    # An Authorization header's value.
    (re.compile(r"\b(Bot|Bearer)\s+[\w.~+/=-]{20,}"), r"\1 ***"),
    # An interaction's or a webhook's token in a Discord URL.
    (re.compile(r"/(interactions|webhooks)/(\d+)/[\w.-]+"), r"/\1/\2/***"),
    # A secret field as JSON, a Python mapping, a query string or a key=value field.
    (
        re.compile(
            r"""(["']?\b(?:""" + "|".join(SECRET_FIELDS) + r""")\b["']?\s*[:=]\s*["']?)[^"'\s,&;}\]]+"""
        ),
        r"\1***",
    ),
)


def redact(line: str, secrets: Iterable[str] = ()) -> str:
    """``line`` with the given secret values and any token-like field blanked."""
    for secret in secrets:
        if secret:
            line = line.replace(secret, "***")
    for pattern, replacement in _PATTERNS:
        line = pattern.sub(replacement, line)
    return line


class KeyValueFormatter(logging.Formatter):
    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        # Longest first: a secret that contains another is blanked whole.
        self.secrets = sorted({s for s in secrets if s}, key=len, reverse=True)

    def format(self, record: logging.LogRecord) -> str:
        base = f"{self.formatTime(record)} {record.levelname} {record.name} {record.getMessage()}"
        fields: dict[str, Any] = getattr(record, "fields", {})
        if fields:
            base += " " + " ".join(f"{k}={v}" for k, v in fields.items())
        if record.exc_info:
            base += "\n" + self.formatException(record.exc_info)
        return redact(base, self.secrets)


def secrets_of(settings: Settings) -> list[str]:
    """The settings' secret values, blanked wherever a line would show them."""
    found = [settings.discord_token.get_secret_value()]
    if settings.discord_client_secret is not None:
        found.append(settings.discord_client_secret.get_secret_value())
    if settings.database_url:  # postgresql://user:password@host/db
        found.append(urlsplit(settings.database_url.get_secret_value()).password or "")
    return found


def setup_logging(level: str, secrets: Iterable[str] = (), *, stream: IO[str] | None = None) -> None:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(KeyValueFormatter(secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    asked = logging.getLevelName(level)
    for name, floor in HELD.items():
        logging.getLogger(name).setLevel(max(logging.INFO if floor is None else floor, asked))


def log_fields(**fields: Any) -> dict[str, Any]:
    """``logger.info("action", extra=log_fields(channel=1, seat=2))``"""
    return {"fields": fields}
