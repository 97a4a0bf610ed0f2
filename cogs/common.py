"""Helpers every cog shares (re-exported from bot.replies and bot.client)."""

import importlib.util

from bot.client import bot_of
from bot.replies import answer_error, display_name, explain, lang, may_manage, reply, user_errors
from games.registry import GAMES

__all__ = [
    "answer_error",
    "bot_of",
    "display_name",
    "explain",
    "lang",
    "may_manage",
    "presented_games",
    "reply",
    "user_errors",
]


def presented_games() -> list[str]:
    """The registered games that have a Discord cog (``cogs.<id>``): only these
    are offered by ``/play`` (a rules engine alone is not a playable table)."""
    return [g for g in GAMES if importlib.util.find_spec(f"cogs.{g}") is not None]
