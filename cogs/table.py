"""Table commands: /hand, /status, /rules, /log, /leave, /end."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import GameMasterBot
from bot.export import export_bytes, export_name
from bot.i18n import cmd, t
from bot.model import TableError
from bot.render import event_text, seat_names
from cogs.channel.publisher import BOARD_FILE, Publisher, table_and_state
from cogs.guide_text import rules_embed
from cogs.kit.common import bot_of, lang, may_manage, reply, user_errors
from cogs.kit.presenter import PRESENTERS
from cogs.kit.record import decision_line
from cogs.lobby import GAME_CHOICES, lobby_embed, refresh_lobby
from cogs.panel import show_panel
from games.registry import GAMES

LOG_LINES = 25


def _channel(interaction: discord.Interaction) -> int:
    assert interaction.channel_id is not None
    return interaction.channel_id


@app_commands.guild_only()
class TableCommands(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=cmd("cmd.hand.name"), description=cmd("cmd.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            await show_panel(interaction, _channel(interaction))

    @app_commands.command(name=cmd("cmd.status.name"), description=cmd("cmd.status.description"))
    async def status(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            bot = bot_of(interaction)
            found = await bot.service.active(_channel(interaction))
            if found is None:
                raise TableError("error.no_table")
            row = found[0]
            if row.status == "lobby":
                table, _ = table_and_state(row)
                await interaction.response.send_message(
                    embed=lobby_embed(row, table, lang(interaction)), ephemeral=True
                )
                return
            table, state = table_and_state(row)
            game, presenter, language = GAMES[row.game], PRESENTERS[row.game], lang(interaction)
            assert state is not None
            view = game.view(state, None)
            embed = presenter.board_embed(table, view, game.decision(state), language)
            # The board's picture too, in the member's language: drawn off the event loop.
            await interaction.response.defer(ephemeral=True, thinking=True)
            names, outcome = seat_names(table), game.outcome(state)
            png = await asyncio.to_thread(presenter.board_image, view, language, names=names, outcome=outcome)
            files = []
            if png is not None:
                embed.set_image(url=f"attachment://{BOARD_FILE}")
                files.append(discord.File(io.BytesIO(png), filename=BOARD_FILE))
            # Whose turn, in words: the board's embed leaves it to the line above it.
            decision = game.decision(state) if row.status == "playing" else None
            turn = decision_line(row.game, table, decision, language) if decision is not None else None
            await interaction.edit_original_response(content=turn, embed=embed, attachments=files)

    @app_commands.command(name=cmd("cmd.rules.name"), description=cmd("cmd.rules.description"))
    @app_commands.rename(game=cmd("cmd.rules.game.name"))
    @app_commands.describe(game=cmd("cmd.rules.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        async with user_errors(interaction):
            embed = rules_embed(game.value, lang(interaction))
            await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=cmd("cmd.log.name"), description=cmd("cmd.log.description"))
    async def log(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            bot = bot_of(interaction)
            row = await bot.service.core.latest(_channel(interaction))
            if row is None:
                raise TableError("error.no_table")
            table, _ = table_and_state(row)
            language = lang(interaction)
            lines = [
                event_text(row.game, table, event, language)
                for event in await bot.service.core.public_events(row.id, limit=LOG_LINES)
            ]
            text = "\n".join(lines[-LOG_LINES:]) or t("log.empty", language)
            # A finished game's export (seed, salt, the whole log) for `python -m
            # games verify`; never a running game's: its seed tells future shuffles.
            done = row if row.status == "finished" else await bot.service.core.latest_finished(row.channel_id)
            if done is None or not table_and_state(done)[0].salt:
                await reply(interaction, text[-2000:])
                return
            name = export_name(done)
            ended = table_and_state(done)[0].ended_by is not None
            note = t(
                "verify.export",
                language,
                game=t(f"game.{done.game}.name", language),
                number=done.id,
                status=t("verify.status_ended" if ended else "verify.status_finished", language),
                file=name,
            )
            exported = export_bytes(await bot.service.core.export(done))
            body = f"{note}\n\n{text[-(2000 - 2 - len(note)) :]}"
            await reply(interaction, body, file=discord.File(io.BytesIO(exported), filename=name))

    @app_commands.command(name=cmd("cmd.leave.name"), description=cmd("cmd.leave.description"))
    async def leave(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            bot = bot_of(interaction)
            found = await bot.service.active(_channel(interaction))
            if found is not None and found[0].status == "lobby":
                row, _ = await bot.service.leave_lobby(_channel(interaction), interaction.user.id)
                await reply(interaction, t("lobby.left", lang(interaction)))
                await refresh_lobby(bot, row)
                return
            applied = await bot.service.leave_game(_channel(interaction), interaction.user.id)
            await reply(interaction, t("table.left_you", lang(interaction)))
            await bot.changes.after(applied)

    @app_commands.command(name=cmd("cmd.end.name"), description=cmd("cmd.end.description"))
    async def end(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            bot = bot_of(interaction)
            applied = await bot.service.end(
                _channel(interaction), interaction.user.id, may_manage(interaction)
            )
            await reply(interaction, t("table.ended_you", lang(interaction)))
            await bot.changes.after(applied)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, GameMasterBot)
    bot.changes.publishers.append(Publisher(bot))
    await bot.add_cog(TableCommands(bot))
