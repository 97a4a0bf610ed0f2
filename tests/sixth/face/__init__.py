"""Corsa in Discord: its presenter, registered as every game's cog registers its own."""

from __future__ import annotations

from discord.ext import commands

from cogs.kit.presenter import register
from tests.sixth.face.presenter import CorsaPresenter

PRESENTER = CorsaPresenter()


async def setup(bot: commands.Bot) -> None:
    register(PRESENTER)
