"""``/stats [game] [player]``: the server's leaderboard, or one player's games.

The answer is public, like the leaderboards of the chat game bots players know
(MEE6's ``/rank``, Werewolf's ``/stats``): comparing is the point, and nothing
in it is hidden (it is made of the final records every table already posted).
Its language is the one a new table would get here (Italian for an Italian
server or asker, else the bot's default). One embed with short lines, readable
on a phone. Refusals are ephemeral, as everywhere.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd, language_of, t
from bot.store.results import Board, Line
from cogs.kit.common import bot_of, display_name, user_errors
from cogs.kit.presenter import PRESENTERS
from cogs.lobby import GAME_CHOICES

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
COLOUR = discord.Colour.gold()
FIELD_LIMIT = 1024


def record(line: Line, language: str) -> str:
    """ "3 wins in 5 games" """
    return t(
        "stats.record",
        language,
        wins=t("stats.wins", language, count=line.won),
        games=t("stats.played", language, count=line.played),
    )


def rate(line: Line, language: str) -> str:
    value = line.rate
    return (
        t("stats.no_rate", language)
        if value is None
        else t("stats.rate", language, percent=round(value * 100))
    )


def best(game: str | None, line: Line, language: str) -> str:
    """A best score only within one game: scores of different games are not comparable."""
    if game is None or line.best is None or game not in PRESENTERS:
        return ""
    return t("stats.best", language, score=PRESENTERS[game].score_amount(line.best, language))


def leaderboard_embed(board: Board, server: str, game: str | None, language: str) -> discord.Embed:
    game_name = t(f"game.{game}.name", language) if game else None
    title = (
        t("stats.title_game", language, game=game_name, server=server)
        if game_name
        else t("stats.title_server", language, server=server)
    )
    embed = discord.Embed(title=title[:256], colour=COLOUR)
    if not board.lines and not board.abandoned and not any(line.played for line in board.ai):
        embed.description = (
            t("stats.empty_game", language, game=game_name) if game_name else t("stats.empty", language)
        )
        return embed
    lines = [
        t(
            "stats.line",
            language,
            medal=MEDALS.get(place, f"{place}."),
            name=line.name,
            record=record(line, language),
            rate=rate(line, language),
            best=best(game, line, language),
        )
        for place, line in enumerate(board.lines, start=1)
    ]
    embed.description = "\n".join(lines) or t("stats.empty", language)
    apart = [t("stats.finished_count", language, count=board.games)]
    apart.extend(
        t("stats.ai_line", language, level=t(f"level.{line.key}", language), record=record(line, language))
        for line in board.ai
        if line.played
    )
    if board.abandoned:
        apart.append(t("stats.abandoned_count", language, count=board.abandoned))
    embed.add_field(name=t("stats.not_counted", language), value="\n".join(apart)[:FIELD_LIMIT], inline=False)
    embed.set_footer(text=t("stats.footer", language))
    return embed


def player_embed(lines: list[Line], name: str, server: str, game: str | None, language: str) -> discord.Embed:
    embed = discord.Embed(
        title=t("stats.title_player", language, name=name, server=server)[:256], colour=COLOUR
    )
    if not lines:
        embed.description = t("stats.player_empty", language, name=name)
        return embed
    text = [
        t(
            "stats.game_line",
            language,
            game=t(f"game.{line.key}.name", language),
            record=record(line, language),
            rate=rate(line, language),
            best=best(line.key, line, language),
            abandoned=t("stats.abandoned_suffix", language, count=line.abandoned) if line.abandoned else "",
        )
        for line in lines
    ]
    if len(lines) > 1:
        total = Line(
            key="",
            name=name,
            played=sum(line.played for line in lines),
            won=sum(line.won for line in lines),
            abandoned=sum(line.abandoned for line in lines),
            best=None,
        )
        text.append(t("stats.total", language, record=record(total, language), rate=rate(total, language)))
    embed.description = "\n".join(text)
    embed.set_footer(text=t("stats.footer", language))
    return embed


def public_language(interaction: discord.Interaction, default: str) -> str:
    """Italian for an Italian server or asker (as ``/play`` picks a table's
    language), else the bot's default. The server's locale is read from the
    cached guild when there is one: it is the value Discord sends as
    ``guild_locale``, and the one a test can set."""
    server = interaction.guild.preferred_locale if interaction.guild else interaction.guild_locale
    italian = "it" in (language_of(server), language_of(interaction.locale))
    return "it" if italian else default


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=cmd("cmd.stats.name"), description=cmd("cmd.stats.description"))
    @app_commands.guild_only()
    @app_commands.rename(game=cmd("cmd.stats.game.name"), player=cmd("cmd.stats.player.name"))
    @app_commands.describe(game=cmd("cmd.stats.game.description"), player=cmd("cmd.stats.player.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        player: discord.Member | None = None,
    ) -> None:
        async with user_errors(interaction):
            bot = bot_of(interaction)
            assert interaction.guild_id is not None
            language = public_language(interaction, bot.settings.default_language)
            server = discord.utils.escape_markdown(interaction.guild.name) if interaction.guild else ""
            game_id = game.value if game else None
            if player is None:
                board = await bot.service.stats.leaderboard(interaction.guild_id, game_id)
                embed = leaderboard_embed(board, server, game_id, language)
            else:
                lines = await bot.service.stats.player_stats(interaction.guild_id, player.id, game_id)
                name = await bot.service.stats.player_name(interaction.guild_id, player.id)
                embed = player_embed(lines, name or display_name(player), server, game_id, language)
            await interaction.response.send_message(embed=embed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
