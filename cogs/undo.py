"""Take-backs: the panel's ↩️ Undo button and ``/undo`` (games.core.undo).

The button appears in a member's private panel while they may take their last
move back (``UndoBook.why_not``); ``/undo`` is always there and says why not,
in the member's language, where they may not. A take-back redraws the panel in
place (the button) or sends a fresh one (the command); the channel is told
"**Alice** took back their last move" and the board goes back.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd, t
from bot.model import TableError
from cogs.channel.open_panels import kept_until
from cogs.kit.common import answer_error, bot_of, lang, user_errors
from cogs.kit.controls import GREY, Checked, add_panel_control, add_panel_note, id_field
from cogs.kit.presenter import PRESENTERS, PanelContext
from cogs.panel import draw_panel, panel_context, remember, show_stale


async def _take_back(
    interaction: discord.Interaction, channel_id: int, *, in_place: bool, version: int | None = None
) -> None:
    bot = bot_of(interaction)
    applied = await bot.service.undo(channel_id, interaction.user.id, version=version)
    seat = applied.table.seat_of(interaction.user.id)
    assert seat is not None and applied.state is not None
    language = lang(interaction)
    ctx = panel_context(
        applied.game, applied.state, channel_id, applied.row.version, applied.table, seat, None, language
    )
    panel = await draw_panel(PRESENTERS[applied.row.game], ctx, kept_until(interaction))
    done = t("undo.done", language)
    if in_place:
        await interaction.response.edit_message(**panel.edit(done))
    else:
        await interaction.response.send_message(
            done, embed=panel.embed, view=panel.view, files=panel.files(), ephemeral=True
        )
    remember(interaction, ctx)
    await bot.changes.after(applied)


class UndoButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # The version its panel was drawn for, like every game control: a click on an
    # older panel must not take back a later move. Unlike a choice's controls it
    # acts at that version only, also while others choose in secret (bot.play's
    # undo). Buttons drawn before it had one (``gm:<channel>:undo``) are answered
    # as out of date.
    template=r"gm:(?P<ch>\d+):(?:(?P<ver>\d+):)?undo",
):
    def __init__(self, channel_id: int, version: int | None, label: str = "Undo") -> None:
        at = "" if version is None else f"{version}:"
        super().__init__(
            discord.ui.Button(label=label, emoji="↩️", style=GREY, custom_id=f"gm:{channel_id}:{at}undo")
        )
        self.channel_id, self.version = channel_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(id_field(match["ch"]), None if match["ver"] is None else id_field(match["ver"]))

    def id_fields(self) -> tuple[int, ...]:
        return () if self.version is None else (self.version,)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            try:
                if self.version is None:
                    raise TableError("error.stale")
                await _take_back(interaction, self.channel_id, in_place=True, version=self.version)
            except TableError as error:
                if error.key != "error.stale":
                    raise
                await show_stale(interaction, self.channel_id)
        except Exception as error:
            await answer_error(interaction, error)


def undo_note(ctx: PanelContext) -> str | None:
    """Why ↩️ Undo is not offered, in one small line, while it helps: a move of
    the member's this turn that cannot be taken back (the dice were rolled, an
    AI seat has moved since…), not once their next turn begins
    (games.core.undo.asked_anew); "nothing to take back" is never said."""
    why = ctx.table.undo.to_say(ctx.seat)
    if ctx.outcome is not None or why is None:
        return None
    return f"-# ↩️ {t(why, ctx.language)}"


def _undo_button(ctx: PanelContext) -> UndoButton | None:
    if ctx.outcome is not None or ctx.table.undo.why_not(ctx.seat) is not None:
        return None
    return UndoButton(ctx.channel_id, ctx.version, t("undo.button", ctx.language))


@app_commands.guild_only()
class UndoCommand(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=cmd("cmd.undo.name"), description=cmd("cmd.undo.description"))
    async def undo(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        async with user_errors(interaction):
            await _take_back(interaction, interaction.channel_id, in_place=False)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(UndoButton)
    add_panel_control("undo", _undo_button)
    add_panel_note("undo", undo_note)
    await bot.add_cog(UndoCommand(bot))
