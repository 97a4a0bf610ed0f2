"""The final board's **Rematch** button: a new lobby, same table (bot/rematch.py)."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.rematch import rematch
from cogs.common import bot_of, display_name
from cogs.lobby import lobby_embed, lobby_view


async def rematch_click(interaction: discord.Interaction, channel_id: int, game_row_id: int) -> None:
    """Open the rematch lobby as a new public message (the final board stays
    as the old game's record). Refusals (TableError) are answered by the caller."""
    bot = bot_of(interaction)
    user = interaction.user
    row, table = await rematch(bot.service, channel_id, game_row_id, user.id, display_name(user))
    await interaction.response.send_message(
        t("rematch.opened", table.language, host=f"**{display_name(user)}**"),
        embed=lobby_embed(row, table, table.language),
        view=lobby_view(channel_id, table.language),
    )
    message = await interaction.original_response()
    await bot.store.patch_table(row.id, "message_id", message.id)
