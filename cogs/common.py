"""Helpers every cog shares (re-exported from bot.replies)."""

from bot.replies import answer_error, bot_of, display_name, explain, lang, may_manage, reply, user_errors

__all__ = ["answer_error", "bot_of", "display_name", "explain", "lang", "may_manage", "reply", "user_errors"]
