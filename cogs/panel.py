"""The private panel: a player's hand, secrets and controls, always re-openable."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.model import TableError, TableInfo, table_of
from bot.presenter import PRESENTERS, PanelContext, Presenter
from bot.render import event_text
from bot.store import GameRow
from cogs.common import answer_error, bot_of, lang
from cogs.publisher import publisher_of, with_final_record
from games.core import Game, GameState
from games.registry import GAMES


async def _context(
    interaction: discord.Interaction, channel_id: int
) -> tuple[GameRow, TableInfo, PanelContext]:
    bot = bot_of(interaction)
    row = await bot.store.active(channel_id)
    if row is None:
        raise TableError("error.no_table")
    table = table_of(row)
    if row.status != "playing" or row.state is None:
        raise TableError("error.not_started")
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("error.not_a_player")
    game = GAMES[row.game]
    state = game.load_state(row.state)
    draft = await bot.service.draft(channel_id, seat, row.version)
    ctx = panel_context(game, state, channel_id, row.version, table, seat, draft, lang(interaction))
    return row, table, ctx


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
    if ctx.outcome is not None:
        embed = with_final_record(embed, presenter, ctx.table, ctx.outcome, ctx.language)
    return embed, view


async def show_panel(interaction: discord.Interaction, channel_id: int) -> None:
    """``/hand`` and the board's My hand button: a fresh ephemeral panel."""
    row, _table, ctx = await _context(interaction, channel_id)
    embed, view = render_panel(PRESENTERS[row.game], ctx)
    await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def handle_click(
    interaction: discord.Interaction, channel_id: int, version: int, payload: str, values: list[str]
) -> None:
    """A game control was used: draft or act, then refresh the panel in place."""
    bot = bot_of(interaction)
    row: GameRow | None = None
    table: TableInfo | None = None
    try:
        row, table, ctx = await _context(interaction, channel_id)
        presenter = PRESENTERS[row.game]
        if not table.fresh(row.version, version):
            # A stale panel: show the current one instead of acting on the old.
            embed, view = render_panel(presenter, ctx)
            await interaction.response.edit_message(
                content=t("error.stale_refreshed", ctx.language), embed=embed, view=view
            )
            return
        click = presenter.click(ctx, payload, values)
        if click.action is None:  # a draft step, or just a refresh
            if click.draft is not None:
                await bot.service.save_draft(channel_id, ctx.seat, ctx.version, click.draft)
                ctx.draft = click.draft
            embed, view = render_panel(presenter, ctx)
            await interaction.response.edit_message(content=None, embed=embed, view=view)
            return
        applied = await bot.service.act(channel_id, interaction.user.id, click.action, version=version)
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
    embed, view = render_panel(PRESENTERS[applied.row.game], new_ctx)
    content: Any = "\n".join(private)[:2000] or None
    await interaction.response.edit_message(content=content, embed=embed, view=view)
    await publisher_of(bot).publish(applied)
