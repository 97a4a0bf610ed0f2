"""The private panel: a player's hand, secrets and controls, always re-openable."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

import discord
from discord.ext import commands

from bot.client import GameMasterBot
from bot.i18n import t
from bot.logs import log_fields
from bot.model import Sitting, TableError, TableInfo
from bot.render import event_text
from bot.store import GameRow
from cogs.channel.open_panels import OpenPanels, kept_until, open_panels_of, with_expiry
from cogs.kit.acts import REFRESH, ActButton, ActSelect, answer_clicks_with
from cogs.kit.common import answer_error, bot_of, lang
from cogs.kit.controls import (
    BoardSpot,
    Checked,
    add_board_control,
    id_field,
    with_panel_controls,
    with_panel_notes,
)
from cogs.kit.drawn import Panel, shown_picture, with_picture, work_ahead
from cogs.kit.presenter import PRESENTERS, Click, PanelContext, Presenter
from cogs.kit.record import with_final_record
from games.core import Game, GameState

log = logging.getLogger("gamemaster.cogs")


async def _context(
    interaction: discord.Interaction, channel_id: int
) -> tuple[GameRow, TableInfo, PanelContext]:
    at = await bot_of(interaction).service.sitting(channel_id, interaction.user.id)
    ctx = panel_context(
        at.game, at.state, channel_id, at.row.version, at.table, at.seat, at.draft, lang(interaction)
    )
    return at.row, at.table, ctx


def panel_context(
    game: Game[Any, Any],
    state: GameState,
    channel_id: int,
    version: int,
    table: TableInfo,
    seat: int,
    draft: dict[str, Any] | None,
    language: str,
) -> PanelContext:
    decision = game.decision(state)
    legal = None
    if decision is not None and seat in decision.actors:
        actions = game.legal_actions(state, seat)
        legal = None if actions is None else [a.model_dump(mode="json") for a in actions]
    return PanelContext(
        outcome=game.outcome(state),
        channel_id=channel_id,
        version=version,
        table=table,
        seat=seat,
        view=game.view(state, seat),
        decision=decision,
        draft=draft,
        language=language,
        legal=legal,
    )


def render_panel(presenter: Presenter, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    """The presenter's panel; once the game is over, with the final record on top."""
    embed, view = presenter.panel(ctx)
    view = with_panel_controls(view, ctx)
    embed = with_panel_notes(embed, ctx)
    if ctx.outcome is not None:
        embed = with_final_record(embed, presenter, ctx.table, ctx.outcome, ctx.language)
    return embed, view


def render_ready(presenter: Presenter, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    """:func:`render_panel` with the panel's slow work done first, here and to the end:
    for previews and tests, which have no event loop to keep free (the bot: :func:`draw_panel`)."""
    work = presenter.panel_work(ctx)
    if work is not None:
        work()
    return render_panel(presenter, ctx)


async def draw_panel(presenter: Presenter, ctx: PanelContext, until: datetime | None = None) -> Panel:
    """The panel as it is sent: :func:`render_panel` and the seat's picture; ``until``:
    when it stops being kept current (cogs.channel.open_panels), said at an async table."""
    await work_ahead(presenter.panel_work(ctx))
    embed, view = render_panel(presenter, ctx)
    if until is not None and ctx.outcome is None:
        embed = with_expiry(embed, ctx.table.speed, until, ctx.language)
    return await with_picture(presenter, ctx, embed, view)


async def draw_sitting(at: Sitting, language: str, until: datetime) -> Panel:
    """A member's panel as the table stands now (cogs.channel.open_panels redraws with it)."""
    ctx = panel_context(
        at.game, at.state, at.row.channel_id, at.row.version, at.table, at.seat, at.draft, language
    )
    return await draw_panel(PRESENTERS[at.row.game], ctx, until)


def remember(interaction: discord.Interaction, ctx: PanelContext, panel: Panel | None = None) -> None:
    """This answer is now the member's panel (``panel``: as it was drawn, its picture):
    kept current as the table changes."""
    panels = open_panels_of(bot_of(interaction))
    if panels is not None:
        acting = ctx.decision is not None and ctx.seat in ctx.decision.actors
        picture = panel.digest if panel is not None else None
        panels.remember(interaction, ctx.channel_id, ctx.version, ctx.language, acting, picture)


async def show_panel(interaction: discord.Interaction, channel_id: int) -> None:
    """``/hand`` and the board's My hand button: a fresh ephemeral panel."""
    row, _table, ctx = await _context(interaction, channel_id)
    panel = await draw_panel(PRESENTERS[row.game], ctx, kept_until(interaction))
    await interaction.response.send_message(
        embed=panel.embed, view=panel.view, files=panel.files(), ephemeral=True
    )
    remember(interaction, ctx, panel)


# What a control's click means, where the presenter does not decode it (the hint's Play it).
Decode = Callable[[PanelContext], Click]


async def _redraw(
    interaction: discord.Interaction, presenter: Presenter, ctx: PanelContext, content: str | None
) -> None:
    """The member's panel as it is now, in place of the one clicked (a fresh
    private one where the click came from anything but a private panel: a
    panel never lands in a public message)."""
    panel = await draw_panel(presenter, ctx, kept_until(interaction))
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.edit_message(**panel.edit(content, shown_picture(message)))
    else:
        await interaction.response.send_message(
            content, embed=panel.embed, view=panel.view, files=panel.files(), ephemeral=True
        )
    remember(interaction, ctx, panel)


async def show_stale(interaction: discord.Interaction, channel_id: int) -> None:
    """A click on an out-of-date panel (cogs/undo.py): nothing is done, and the
    current panel is shown in its place, saying so."""
    row, _table, ctx = await _context(interaction, channel_id)
    await _redraw(interaction, PRESENTERS[row.game], ctx, t("error.stale_refreshed", ctx.language))


async def handle_click(
    interaction: discord.Interaction,
    channel_id: int,
    version: int,
    payload: str,
    values: list[str],
    *,
    decode: Decode | None = None,
) -> None:
    """A game control was used: draft or act, then refresh the panel in place."""
    bot = bot_of(interaction)
    row: GameRow | None = None
    table: TableInfo | None = None
    try:
        row, table, ctx = await _context(interaction, channel_id)
        presenter = PRESENTERS[row.game]
        if not table.fresh(row.version, version):
            # A stale panel: show the current one instead of acting on the old
            # (and say so, unless a refresh was all that was asked for).
            stale = None if payload == REFRESH else t("error.stale_refreshed", ctx.language)
            await _redraw(interaction, presenter, ctx, stale)
            return
        try:
            click = decode(ctx) if decode is not None else presenter.click(ctx, payload, values)
        except (ValueError, LookupError, TypeError, AttributeError, AssertionError) as error:
            # A payload or value the panel never offered (a forged one, or one drawn
            # for another step of the decision): the game's face could not read it.
            # Refused; logged, in case the fault was ours after all.
            log.warning("unreadable control", exc_info=error, extra=log_fields(channel=channel_id))
            raise TableError("error.bad_action") from None
        if click.action is None:  # a draft step, or just a refresh
            if click.draft is not None:
                await bot.service.save_draft(channel_id, ctx.seat, ctx.version, click.draft)
                ctx.draft = click.draft
            panel = await draw_panel(presenter, ctx, kept_until(interaction))
            await interaction.response.edit_message(**panel.edit(shown=shown_picture(interaction.message)))
            remember(interaction, ctx, panel)
            return
        applied = await bot.service.act(
            channel_id, interaction.user.id, click.action, version=version, then=click.then
        )
    except Exception as error:
        await answer_error(interaction, error, row.game if row else None, table)
        return
    # The actor's private news (e.g. an explored face) goes into their panel.
    private = [
        event_text(applied.row.game, applied.table, e, ctx.language)
        for e in applied.events
        if not e.public and ctx.seat in (e.seats or [])
    ]
    assert applied.state is not None
    new_ctx = panel_context(
        applied.game,
        applied.state,
        channel_id,
        applied.row.version,
        applied.table,
        ctx.seat,
        None,
        ctx.language,
    )
    panel = await draw_panel(PRESENTERS[applied.row.game], new_ctx, kept_until(interaction))
    text = "\n".join(private)[:2000] or None
    await interaction.response.edit_message(**panel.edit(text, shown_picture(interaction.message)))
    remember(interaction, new_ctx, panel)
    await bot.changes.after(applied)


answer_clicks_with(handle_click)


# -- the panel's controls: the board's "My hand", and the game's buttons and selects --
class HandButton(Checked, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:(?P<ch>\d+):hand"):
    def __init__(self, channel_id: int, label: str = "My hand") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🂠", style=discord.ButtonStyle.primary, custom_id=f"gm:{channel_id}:hand"
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(id_field(match["ch"]))

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await show_panel(interaction, self.channel_id)


def _hand_button(spot: BoardSpot) -> HandButton | None:
    return None if spot.finished else HandButton(spot.channel_id, t("table.button.hand", spot.language))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, GameMasterBot)
    bot.changes.publishers.append(OpenPanels(bot, draw_sitting))
    bot.add_dynamic_items(HandButton, ActButton, ActSelect)
    add_board_control("hand", 10, _hand_button)
