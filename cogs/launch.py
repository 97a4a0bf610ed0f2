"""The board's **🖥️ Open the table**: the table as a Discord Activity, opened in
the channel (issue 32; the web app itself is served by the Activity's server).

custom_id ``gm:<channel>:activity`` (restart-proof ``DynamicItem``, no hidden
information). The button is on the board of a game in play, only while the
Activity is configured (``Settings.activity_on``). Its click is answered with
Discord's LAUNCH_ACTIVITY response, which must be the interaction's first
answer: nothing is deferred before it. The launch names no table: the channel
does (one Activity instance and one table per channel), and the Activity's
server asks Discord which channel an instance is in.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord.ext import commands

from bot.i18n import t
from bot.model import TableError
from cogs.kit.common import bot_of
from cogs.kit.controls import GREY, BoardSpot, Checked, add_board_control, id_field
from cogs.kit.ids import ControlId
from cogs.kit.presenter import PRESENTERS

log = logging.getLogger("gamemaster.cogs")


def has_page(game_id: str | None) -> bool:
    """The Activity's page can draw this game (its face has a page: ``Presenter.page_folder``);
    the others are played in the channel alone."""
    presenter = PRESENTERS.get(game_id) if game_id is not None else None
    return presenter is not None and presenter.page_folder() is not None


async def open_table(interaction: discord.Interaction, channel_id: int) -> None:
    """Launch the Activity for this channel's game; refusals (TableError) are
    answered by the caller, in the member's language."""
    bot = bot_of(interaction)
    if not bot.settings.activity_on:  # a board drawn before the Activity was switched off
        raise TableError("launch.error.off")
    row, *_ = await bot.service.load_playing(channel_id)  # a game in play, or why not
    if not has_page(row.game):  # a board of another game's, forged or from before
        raise TableError("launch.error.game")
    try:
        launched = await interaction.response.launch_activity()
    except discord.HTTPException as error:
        # The application has no Activity enabled in the Developer Portal (or
        # Discord refused it): the interaction is still unanswered.
        log.warning("launching the Activity failed: %s %s", error.status, error.code)
        raise TableError("launch.error.failed") from None
    log.info("activity launched", extra={"fields": {"channel": channel_id, "instance": launched.activity_id}})


OPEN_TABLE_ID = ControlId("gm:{ch}:activity")


class OpenTableButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=OPEN_TABLE_ID.template,
):
    """🖥️ Open the table, on the board of a game in play."""

    def __init__(self, channel_id: int, label: str = "Open the table") -> None:
        super().__init__(
            discord.ui.Button(label=label, emoji="🖥️", style=GREY, custom_id=OPEN_TABLE_ID.id(ch=channel_id))
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OpenTableButton:
        return cls(id_field(match["ch"]))

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await open_table(interaction, self.channel_id)


def _open_table_button(spot: BoardSpot) -> OpenTableButton | None:
    """Only while the Activity is on, for a game its page draws, and not on the final
    board (nothing left to play)."""
    if not spot.activity or spot.finished or not has_page(spot.game):
        return None
    return OpenTableButton(spot.channel_id, t("launch.button", spot.language))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(OpenTableButton)
    add_board_control("activity", 15, _open_table_button)
