"""Tir Nan Og Wars in Discord: the board, the private hand panel, the fountain disputes."""

from __future__ import annotations

from discord.ext import commands

from cogs.kit.presenter import register
from cogs.tirnanog.presenter import TirNanOgPresenter

PRESENTER = TirNanOgPresenter()


async def setup(bot: commands.Bot) -> None:
    register(PRESENTER)
