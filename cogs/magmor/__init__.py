"""Mag Mor in Discord: the board, the private panel and the split."""

from __future__ import annotations

from discord.ext import commands

from cogs.kit.presenter import register
from cogs.magmor.presenter import MagmorPresenter

PRESENTER = MagmorPresenter()


async def setup(bot: commands.Bot) -> None:
    register(PRESENTER)
