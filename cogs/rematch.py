"""The final board's **Rematch** button: a new lobby, same table (bot/rematch.py)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from bot.i18n import t
from bot.rematch import rematch
from cogs.kit.common import bot_of, display_name
from cogs.kit.controls import BoardSpot, Checked, add_board_control, id_field
from cogs.lobby import lobby_embed, lobby_view


async def rematch_click(interaction: discord.Interaction, channel_id: int, game_row_id: int) -> None:
    """Open the rematch lobby as a new public message (the final board stays
    as the old game's record). Refusals (TableError) are answered by the caller."""
    bot = bot_of(interaction)
    user = interaction.user
    row, table = await rematch(bot.service.core, channel_id, game_row_id, user.id, display_name(user))
    await interaction.response.send_message(
        t("rematch.opened", table.language, host=f"**{display_name(user)}**"),
        embed=lobby_embed(row, table, table.language),
        view=lobby_view(channel_id, table.language, row.game),
    )
    message = await interaction.original_response()
    await bot.service.core.set_message(row.id, message.id)


class RematchButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gm:(?P<ch>\d+):rematch:(?P<game>\d+)",
):
    """The final board's Rematch: names the game row it was drawn for, so a
    click on an older final board is recognised and refused (bot/rematch.py)."""

    def __init__(self, channel_id: int, game_id: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=f"gm:{channel_id}:rematch:{game_id}",
            )
        )
        self.channel_id, self.game_id = channel_id, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(id_field(match["ch"]), id_field(match["game"]), getattr(item, "label", None) or "Rematch")

    def id_fields(self) -> tuple[int, ...]:
        return (self.game_id,)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await rematch_click(interaction, self.channel_id, self.game_id)


def _rematch_button(spot: BoardSpot) -> RematchButton | None:
    if not spot.finished or spot.game_id is None:
        return None
    return RematchButton(spot.channel_id, spot.game_id, t("rematch.button", spot.language))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(RematchButton)
    add_board_control("rematch", 30, _rematch_button)
