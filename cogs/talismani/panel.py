"""A seat's private panel: its hand grouped by suit in weather order, its talismans, the controls
of its decision (from ``secret_play`` and ``choices``) or what it waits for, and the clicks on them."""

from __future__ import annotations

import discord

from bot.i18n import t
from cogs.kit import legal
from cogs.kit.acts import REFRESH, refresh_button
from cogs.kit.controls import FIELD_LIMIT, static_view
from cogs.kit.presenter import Click, PanelContext
from cogs.talismani.board import phase_text
from cogs.talismani.choices import choice_controls, set_aside_controls
from cogs.talismani.secret_play import pick_click, play_controls
from cogs.talismani.words import as_view, card, cards, fit, played, sort_key, suit, tally, ui, weather_row
from games.talismani.face import FIRST_TALISMAN, TalismaniView


def hand_lines(v: TalismaniView, hand: list[str], language: str) -> list[str]:
    """The hand grouped by suit in weather order (dominant first), specials last."""
    by_suit: dict[str, list[str]] = {}
    others: list[str] = []
    for c in sorted(hand, key=lambda c: sort_key(v, c)):
        head, _, tail = c.partition("-")
        if tail.isdigit() and head in v.row:
            by_suit.setdefault(head, []).append(tail)
        else:
            others.append(c)
    lines = [f"{suit(s, language)}: **{' · '.join(by_suit[s])}**" for s in v.row if s in by_suit]
    if others:
        lines.append(cards(others, language))
    return lines or [t("common.nothing", language)]


def panel(ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    v = as_view(ctx.view)
    embed = discord.Embed(
        title=ui("panel_title", ctx.language, count=len(v.hand or [])), colour=discord.Colour.blurple()
    )
    _fields(ctx, v, embed)
    controls = static_view()
    _decision_controls(ctx, v, controls, embed)
    controls.add_item(refresh_button(ctx, ui("refresh", ctx.language)))
    return embed, controls


def _fields(ctx: PanelContext, v: TalismaniView, embed: discord.Embed) -> None:
    """The seat's hand, the weather row, the stake, and its talismans (forged and pending)."""
    lang, hand = ctx.language, v.hand or []
    over = v.phase == "over" or ctx.decision is None
    embed.add_field(
        name=ui("hand_left" if over else "your_hand", lang),
        value="\n".join(hand_lines(v, hand, lang))[:FIELD_LIMIT],
        inline=False,
    )
    numbered = v.phase == "change_order" and ctx.decision is not None and ctx.seat in ctx.decision.actors
    embed.add_field(name=ui("row", lang), value=weather_row(v.row, lang, numbered=numbered), inline=False)
    if v.stake is not None and not over:
        worth = ui("whole" if v.stake == FIRST_TALISMAN else "half", lang)
        embed.add_field(name=ui("stake", lang), value=f"{card(v.stake, lang)} ({worth})")
    me = v.seats[ctx.seat]
    mine = [tally(me.whole, me.halves, lang)]
    mine += [
        ui(
            "pending_ready" if p.suit == v.row[0] else "pending_line",
            lang,
            suit=suit(p.suit, lang),
            cards=played(p.cards, lang),
        )
        for p in me.pending
    ]
    embed.add_field(name=ui("your_talismans", lang), value=fit(mine), inline=False)


def _decision_controls(
    ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    """The controls of the seat's decision (each phase's builder), and the words above them."""
    decision = ctx.decision
    if decision is None:
        embed.description = ""  # the final record goes on top (cogs.panel.render_panel)
    elif ctx.seat not in decision.actors:
        embed.description = _waiting_text(ctx, v)
    else:
        build = {"play": play_controls, "set_aside": set_aside_controls}.get(v.phase, choice_controls)
        build(ctx, v, controls, embed)


def _waiting_text(ctx: PanelContext, v: TalismaniView) -> str:
    lang = ctx.language
    assert ctx.decision is not None
    if v.phase == "play" and v.my_choice is not None:
        if not v.my_choice.cards:
            return ui("you_chose_forge", lang)
        return ui("you_chose", lang, cards=played(v.my_choice.cards, lang))
    if v.phase == "set_aside" and v.my_set_aside is not None:
        return ui("you_set_aside_yes" if v.my_set_aside else "you_set_aside_no", lang)
    if ctx.seat in ctx.decision.done:
        return ui("you_answered", lang)
    return phase_text(ctx.table, v, ctx.decision, lang)


def click(ctx: PanelContext, payload: str, values: list[str]) -> Click:
    v = as_view(ctx.view)
    if payload == REFRESH:
        return Click()
    for decode in (legal.click, legal.group_click):
        chosen = decode(ctx, payload, values)
        if chosen is not None:
            return chosen
    return pick_click(ctx, v, payload, values)
