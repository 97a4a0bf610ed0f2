"""A Mag Mor seat's private panel: hand, objective, explored faces, the controls
of its decision (the split's are in :mod:`cogs.magmor.split`) and their clicks."""

from __future__ import annotations

from itertools import combinations_with_replacement

import discord

from bot.i18n import join, t
from bot.model import TableError
from bot.render import resource, seat_name
from cogs.kit.acts import REFRESH, ActButton, ActSelect, refresh_button
from cogs.kit.controls import GREEN, OPTION_TEXT, RED, fit_text, static_view
from cogs.kit.presenter import Click, PanelContext
from cogs.magmor.board import days_line, legend, player_lines
from cogs.magmor.final import score_breakdown
from cogs.magmor.split import split_click, split_controls
from cogs.magmor.words import EMOJI, GAME, RESOURCES, as_view, cards_text, count_of, either, face_text, ui
from games.core import Decision
from games.magmor.face import MagmorView


def panel(ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    v = as_view(ctx.view)
    embed = discord.Embed(title=ui("panel_title", ctx.language), colour=discord.Colour.blurple())
    _own_fields(ctx, v, embed)
    _table_fields(ctx, v, embed)
    controls = static_view()
    embed.description = _decision_controls(ctx, v, controls, embed)
    controls.add_item(refresh_button(ctx, ui("refresh", ctx.language)))
    return embed, controls


def _own_fields(ctx: PanelContext, v: MagmorView, embed: discord.Embed) -> None:
    """The seat's own: its hand, its objective with the running score, its explored faces."""
    lang, hand = ctx.language, v.hand or {}
    embed.add_field(
        name=ui("your_hand", lang, count=sum(hand.values())), value=cards_text(hand, lang), inline=False
    )
    if v.objective:
        values = " · ".join(
            f"{EMOJI[r]} {resource(GAME, r, lang)} {v.objective[r]}" for r in RESOURCES if r in v.objective
        )
        embed.add_field(name=ui("your_objective", lang), value=values, inline=False)
        if v.phase != "over":
            # The running total a player would otherwise add up by hand.
            embed.add_field(
                name=ui("your_score", lang),
                value=score_breakdown(v.honour[ctx.seat], hand, v.objective, lang),
                inline=False,
            )
    for cell, face in v.explored.items():
        embed.add_field(name=ui("explored_face", lang, cell=cell), value=face_text(face, lang), inline=False)


def _table_fields(ctx: PanelContext, v: MagmorView, embed: discord.Embed) -> None:
    """While the game runs: the players, the day, and the legend of the marks."""
    if v.phase == "over":
        return
    lang = ctx.language
    embed.add_field(name=ui("players", lang), value="\n".join(player_lines(ctx.table, v, lang)), inline=False)
    embed.add_field(name=ui("day", lang), value=days_line(v, lang), inline=False)
    marks = legend(ctx.table, v, lang)
    if marks:
        embed.set_footer(text=marks)


def _decision_controls(
    ctx: PanelContext, v: MagmorView, controls: discord.ui.View, embed: discord.Embed
) -> str | None:
    """The controls of the seat's decision (each phase's builder), and the words above them."""
    decision = ctx.decision
    if decision is None:
        # The platform puts the final record on top; under it, what decided it.
        return "" if v.success else ui("over_failure", ctx.language)
    if ctx.seat not in decision.actors:
        return _waiting_text(ctx, decision)
    if v.phase == "choose":
        return _choose_controls(ctx, v, controls)
    if v.phase == "split":
        return split_controls(ctx, v, controls, embed)
    if v.phase == "pay":
        return _pay_controls(ctx, v, controls)
    if v.phase == "magmor":
        return _magmor_controls(ctx, v, controls)
    return None


def _waiting_text(ctx: PanelContext, decision: Decision) -> str:
    lang = ctx.language
    text = t(
        f"magmor.decision.{decision.kind.split('.')[-1]}",
        lang,
        seat=seat_name(ctx.table, decision.actors[0]),
    )
    if ctx.seat in decision.seats and ctx.seat not in decision.done and decision.mode == "ordered":
        # The payment round goes in order: say whose turn comes before this seat's.
        queue = [s for s in decision.seats if s not in decision.done]
        ahead = queue[: queue.index(ctx.seat)]
        text += "\n" + ui("your_turn_after", lang, seats=join([seat_name(ctx.table, s) for s in ahead], lang))
    return text


def _choose_controls(ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> str:
    lang = ctx.language
    hand = v.hand or {}
    explored = {e.cell for e in v.explorations}
    options = []
    for row, cell in enumerate(v.candidates):
        back = next(c for c in v.grid if c.cell == cell)
        cost = back.explore_cost or ""
        terrain = t(f"magmor.terrain.{back.terrain}", lang)
        options.append(ui("choose_option", lang, cell=cell, terrain=terrain))
        name = resource(GAME, cost, lang)
        if cell in explored:
            label, disabled = ui("explore_done", lang, cell=cell), True
        elif hand.get(cost, 0) < 1:
            label, disabled = ui("explore_cannot", lang, cell=cell, resource=name), True
        else:
            label, disabled = ui("explore_button", lang, cell=cell, resource=name), False
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, f"ex.{cell}", label, emoji="🔍", disabled=disabled, row=row
            )
        )
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                f"go.{cell}",
                ui("go_button", lang, cell=cell, terrain=terrain),
                style=GREEN,
                emoji="➡️",
                row=row,
            )
        )
    return ui("you_choose", lang, options=either(options, lang))


def _pay_controls(ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> str:
    lang = ctx.language
    hand = v.hand or {}
    for cat in v.categories:
        if cat.paid_by is not None:
            continue
        cards = count_of(cat.res, cat.qty, lang)
        held = hand.get(cat.res, 0)
        affordable = held >= cat.qty
        label = (
            ui("pay_button", lang, cards=cards)
            if affordable
            else ui("pay_cannot", lang, cards=cards, count=held)
        )
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                f"pay.{cat.res}",
                label,
                style=GREEN,
                emoji=EMOJI[cat.res],
                disabled=not affordable,
                row=0,
            )
        )
    controls.add_item(
        ActButton.make(ctx.channel_id, ctx.version, "pass", ui("pass_button", lang), style=RED, row=1)
    )
    return ui("you_pay", lang, cell=v.current or "")


def _magmor_controls(ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> str:
    lang = ctx.language
    hand = v.hand or {}
    values = v.objective or {}
    held = [r for r in RESOURCES if hand.get(r)]
    pairs = [(a, b) for a, b in combinations_with_replacement(held, 2) if a != b or hand.get(a, 0) >= 2]
    if pairs:
        options = []
        for a, b in pairs:
            label = count_of(a, 2, lang) if a == b else f"{count_of(a, 1, lang)} + {count_of(b, 1, lang)}"
            worth = values.get(a, 0) + values.get(b, 0)
            options.append(
                discord.SelectOption(
                    label=fit_text(OPTION_TEXT, label),
                    value=f"{a}+{b}",
                    emoji=EMOJI[a],
                    description=fit_text(OPTION_TEXT, ui("magmor_option", lang, count=worth)),
                )
            )
        controls.add_item(
            ActSelect.make(ctx.channel_id, ctx.version, "mm", ui("magmor_pick", lang), options, row=0)
        )
    controls.add_item(
        ActButton.make(ctx.channel_id, ctx.version, "pass", ui("pass_button", lang), style=RED, row=1)
    )
    return ui("you_magmor", lang, count=2 * v.players)


def click(ctx: PanelContext, payload: str, values: list[str]) -> Click:
    v = as_view(ctx.view)
    head, _, arg = payload.partition(".")
    if payload == REFRESH:
        return Click()
    if head == "ex":
        return Click(action={"kind": "explore", "cell": arg})
    if head == "go":
        return Click(action={"kind": "choose", "cell": arg})
    if head == "pay":
        return Click(action={"kind": "pay", "resource": arg})
    if payload == "pass":
        return Click(action={"kind": "pass"})
    if payload == "mm":
        first, _, second = (values[0] if values else "").partition("+")
        cards: dict[str, int] = {}
        for r in (first, second):
            cards[r] = cards.get(r, 0) + 1
        return Click(action={"kind": "pay_magmor", "cards": cards})
    if head == "sp":
        return split_click(ctx, v, arg, values)
    raise TableError("error.bad_action")
