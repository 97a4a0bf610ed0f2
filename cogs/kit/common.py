"""Helpers every cog shares (most re-exported from bot.replies, bot.client and bot.extensions)."""

import discord

from bot.client import GameMasterBot, bot_of
from bot.extensions import presented_games
from bot.replies import answer_error, display_name, explain, lang, may_manage, reply, user_errors

__all__ = [
    "answer_error",
    "bot_of",
    "channel_of",
    "display_name",
    "explain",
    "lang",
    "may_manage",
    "presented_games",
    "reply",
    "user_errors",
]


async def channel_of(bot: GameMasterBot, channel_id: int) -> discord.abc.Messageable | None:
    """A table's channel, from the cache or Discord; None if it is gone or not ours to see."""
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None
