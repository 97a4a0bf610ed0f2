"""A way in for newcomers: ``/help``, **📖 How to play** (on the lobby and the board)
and **🤖 Practice vs AI** (on How to play's answer and in ``/help``).

custom_ids (restart-proof ``DynamicItem``s, no hidden information):
* ``gm:<channel>:guide:<game>``          How to play <game>
* ``gm:<channel>:practice:<game>``       Practice vs AI at <game>
* ``gm:<channel>:help:guide|practice``   /help's two selects of a game (the value: its id)

Every answer is private, in the member's language. A practice table opens in the
channel the member clicked in (never one a control's id names) with the member as
host and every other seat an AI, and starts at once (``bot.lobby.Lobby.practice``);
where the channel already has a table the member is told so.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd, t
from bot.model import TableError
from cogs.guide_text import GUIDE_FILE, guide_embed, guided_games, has_guide, help_embed
from cogs.kit.common import answer_error, bot_of, display_name, lang, presented_games, reply, user_errors
from cogs.kit.controls import (
    GREY,
    OPTION_TEXT,
    BoardSpot,
    Checked,
    add_board_control,
    checked_values,
    fit_text,
    id_field,
    static_view,
)
from cogs.kit.guide_picture import labelled
from games.registry import GAMES

GAME = r"[^:]+"  # any text: an id /play does not offer is refused in words (_game)
CHANNEL = r"\d+"  # any digits: Checked refuses a channel id the bot never drew


def _game(game: str) -> str:
    """``game`` if /play offers it; a forged or retired id is refused in words."""
    if game not in presented_games():
        raise TableError("error.unknown_game", game=game[:40])
    return game


async def show_guide(interaction: discord.Interaction, game: str) -> None:
    """How to play ``game``, privately: the words, the labelled picture, Practice."""
    game, language = _game(game), lang(interaction)
    channel_id = interaction.channel_id or 0
    await interaction.response.defer(ephemeral=True, thinking=True)
    drawn = await asyncio.to_thread(labelled, game, language)  # drawn once per language, then kept
    files = [] if drawn is None else [discord.File(io.BytesIO(drawn.png), filename=GUIDE_FILE)]
    view = static_view()
    view.add_item(PracticeButton(channel_id, game, t("practice.button", language)))
    await interaction.edit_original_response(
        embed=guide_embed(game, language, picture=drawn is not None), attachments=files, view=view
    )


async def start_practice(interaction: discord.Interaction, game: str) -> None:
    """A practice table of ``game`` in this channel, started; or why not."""
    game, language = _game(game), lang(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError("error.check")
    bot, user = bot_of(interaction), interaction.user
    applied = await bot.service.practice(
        interaction.channel_id, interaction.guild_id, user.id, display_name(user), game, language
    )
    name = t(f"game.{game}.name", language)
    await reply(interaction, t("practice.opened", language, game=name, count=len(applied.table.seats) - 1))
    await bot.changes.after(applied)  # the board, in the channel


class GuideButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"gm:(?P<ch>{CHANNEL}):guide:(?P<game>{GAME})",
):
    """📖 How to play, on a game's lobby and board."""

    def __init__(
        self, channel_id: int, game: str, label: str = "How to play", row: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, emoji="📖", style=GREY, custom_id=f"gm:{channel_id}:guide:{game}", row=row
            ),
            row=row,
        )
        self.channel_id, self.game = channel_id, game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GuideButton:
        return cls(id_field(match["ch"]), match["game"])

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await show_guide(interaction, self.game)


class PracticeButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"gm:(?P<ch>{CHANNEL}):practice:(?P<game>{GAME})",
):
    """🤖 Practice vs AI, on How to play's answer."""

    def __init__(self, channel_id: int, game: str, label: str = "Practice vs AI") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🤖",
                style=discord.ButtonStyle.success,
                custom_id=f"gm:{channel_id}:practice:{game}",
            )
        )
        self.channel_id, self.game = channel_id, game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PracticeButton:
        return cls(id_field(match["ch"]), match["game"])

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await start_practice(interaction, self.game)


class HelpSelect(
    Checked,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"gm:(?P<ch>{CHANNEL}):help:(?P<op>guide|practice)",
):
    """/help's picks: a game's How to play, or a practice table of it."""

    def __init__(self, item: discord.ui.Select[Any], channel_id: int, op: str) -> None:
        item._row = item.row  # as cogs.panel.ActSelect: discord.py 2.7 keeps a select's row apart
        super().__init__(item, row=item.row)
        self.channel_id, self.op = channel_id, op

    @classmethod
    def make(cls, channel_id: int, op: str, language: str, row: int) -> HelpSelect:
        games = guided_games() if op == "guide" else presented_games()
        options = [
            discord.SelectOption(
                label=fit_text(OPTION_TEXT, t(f"game.{g}.name", language)),
                value=g,
                description=t("help.players", language, min=GAMES[g].min_players, max=GAMES[g].max_players)[
                    :100
                ],
            )
            for g in games[:25]
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"gm:{channel_id}:help:{op}",
            placeholder=t(f"help.pick_{op}", language),
            options=options,
            row=row,
        )
        return cls(select, channel_id, op)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HelpSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item, id_field(match["ch"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            values = checked_values(interaction)
            if len(values) != 1:
                raise TableError("error.bad_action")
            if self.op == "guide":
                await show_guide(interaction, values[0])
            else:
                await start_practice(interaction, values[0])
        except Exception as error:
            await answer_error(interaction, error)


def help_view(channel_id: int, language: str) -> discord.ui.View:
    view = static_view()
    view.add_item(HelpSelect.make(channel_id, "guide", language, 0))
    view.add_item(HelpSelect.make(channel_id, "practice", language, 1))
    return view


def guide_button(channel_id: int, game: str, language: str, row: int | None = None) -> GuideButton | None:
    """The lobby's and the board's How to play, for a game that has one."""
    return GuideButton(channel_id, game, t("guide.button", language), row) if has_guide(game) else None


def _board_guide(spot: BoardSpot) -> GuideButton | None:
    return None if spot.game is None else guide_button(spot.channel_id, spot.game, spot.language)


@app_commands.guild_only()
class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=cmd("cmd.help.name"), description=cmd("cmd.help.description"))
    async def help(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            assert interaction.channel_id is not None
            language = lang(interaction)
            await interaction.response.send_message(
                embed=help_embed(language), view=help_view(interaction.channel_id, language), ephemeral=True
            )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(GuideButton, PracticeButton, HelpSelect)
    add_board_control("guide", 40, _board_guide)
    await bot.add_cog(Help(bot))
