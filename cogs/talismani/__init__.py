"""I Talismani del Tempo in Discord: the board, the secret plays and the sharing."""

from __future__ import annotations

from discord.ext import commands

from cogs.kit.presenter import register
from cogs.talismani.presenter import TalismaniPresenter

PRESENTER = TalismaniPresenter()


async def setup(bot: commands.Bot) -> None:
    register(PRESENTER)
