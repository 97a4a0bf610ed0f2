"""The table as a Discord Activity: a web face of the same tables.

Loaded as an extension like every cog; it does nothing unless the Activity is
configured (``Settings.activity_on``: the application's client id and secret
and a port). Then it starts the web server (``cogs.activity.server``) in the
bot's own process, adds its pages to the change pipeline's publishers, and
stops the server when the bot closes."""

from __future__ import annotations

import logging

from discord.ext import commands

from bot.client import GameMasterBot
from cogs.activity.server import SDK, ActivityServer

log = logging.getLogger("gamemaster.activity")


class Activity(commands.Cog):
    def __init__(self, server: ActivityServer) -> None:
        self.server = server

    async def cog_load(self) -> None:
        await self.server.start()

    async def cog_unload(self) -> None:
        await self.server.stop()


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, GameMasterBot)
    if not bot.settings.activity_on:
        return
    if not SDK.exists():
        # Configured but not built (scripts/run-bot builds it where npm is installed):
        # off, so no board offers a table that could not open.
        log.error(
            "the Activity's page is not built: run scripts/build-activity (needs npm); the Activity is off"
        )
        bot.settings = bot.settings.model_copy(update={"activity_port": None})
        return
    server = ActivityServer(bot.service, bot.changes, bot.settings)
    bot.changes.add(server.viewers)  # first among the publishers (Viewers.order)
    await bot.add_cog(Activity(server))
