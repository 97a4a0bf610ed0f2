"""Helpers every cog shares (re-exported from bot.replies, bot.client and bot.extensions)."""

from bot.client import bot_of
from bot.extensions import presented_games
from bot.replies import answer_error, display_name, explain, lang, may_manage, reply, user_errors

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
