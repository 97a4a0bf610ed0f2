"""Narnia in Discord: the map, the battles rolled in public, the panels."""

from __future__ import annotations

from discord.ext import commands

from cogs.kit.presenter import register
from cogs.narnia.presenter import NarniaPresenter

PRESENTER = NarniaPresenter()


async def setup(bot: commands.Bot) -> None:
    register(PRESENTER)
