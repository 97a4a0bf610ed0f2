"""Akelarre in Discord: the table of meeting places, the move picker and the secret favourites."""

from __future__ import annotations

from discord.ext import commands

from cogs.akelarre.presenter import AkelarrePresenter
from cogs.kit.presenter import register

PRESENTER = AkelarrePresenter()


async def setup(bot: commands.Bot) -> None:
    register(PRESENTER)
