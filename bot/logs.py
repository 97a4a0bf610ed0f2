"""Structured logging: one line per event, key=value, never a token or hidden card."""

from __future__ import annotations

import logging
from typing import Any


class KeyValueFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        base = f"{self.formatTime(record)} {record.levelname} {record.name} {record.getMessage()}"
        fields: dict[str, Any] = getattr(record, "fields", {})
        if fields:
            base += " " + " ".join(f"{k}={v}" for k, v in fields.items())
        if record.exc_info:
            base += "\n" + self.formatException(record.exc_info)
        return base


def setup_logging(level: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(KeyValueFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))


def log_fields(**fields: Any) -> dict[str, Any]:
    """``logger.info("action", extra=log_fields(channel=1, seat=2))``"""
    return {"fields": fields}
