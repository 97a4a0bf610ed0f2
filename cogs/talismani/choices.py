"""Every choice after the secret play, in a seat's panel: set aside, stake, sharing picks, Change
order and Change weather, each a select or buttons of the engine's legal actions saying what it does."""

from __future__ import annotations

import discord

from bot.render import seat_name
from cogs.kit import legal
from cogs.kit.controls import BUTTON_LABEL, GREEN, GREY, fit_text
from cogs.kit.presenter import PanelContext
from cogs.talismani.words import card, played, suit, ui
from games.talismani.face import TalismaniView


def set_aside_controls(
    ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    lang = ctx.language
    mine = next((p for p in v.plays if p.seat == ctx.seat), None)
    combo_suit = mine.suit if mine is not None and mine.suit is not None else v.row[0]
    effect = "aside_forged_now" if combo_suit == v.row[0] else "aside_waits"
    embed.description = ui(
        "you_set_aside",
        lang,
        cards=played(mine.cards, lang) if mine is not None else "-",
        suit=suit(combo_suit, lang),
        effect=ui(effect, lang, suit=suit(combo_suit, lang)),
    )
    for index, action in legal.legal(ctx):
        yes = bool(action.get("yes"))
        label = ui("set_aside_yes" if yes else "set_aside_no", lang)
        controls.add_item(
            legal.button(ctx, index, label, style=GREEN if yes else GREY, emoji="🔨" if yes else None, row=0)
        )


def choice_controls(
    ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    """The choice a special card or the sharing asks for: one builder per kind of choice."""
    if v.phase in ("stake", "share"):
        _card_row(ctx, v, controls, embed)
    elif v.phase == "change_order":
        _order_rows(ctx, v, controls, embed)
    else:
        _weather_row(ctx, v, controls, embed)


def _card_row(ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed) -> None:
    """Row 0, at the stake and the sharing: which card to take."""
    lang = ctx.language
    order = " → ".join(seat_name(ctx.table, s) for s in v.sharing_order) or "-"
    embed.description = ui(f"you_{v.phase}", lang, order=order)
    # Identical cards (the two Jokers) are one option: taking either is the same.
    seen: set[str] = set()
    options = []
    for i, a in legal.legal(ctx):
        label = card(a["card"], lang) if "card" in a else ""
        if label and label not in seen:
            seen.add(label)
            options.append((i, label))
    pick = legal.select(ctx, ui(f"{v.phase}_pick", lang), options, row=0)
    if pick is not None:
        controls.add_item(pick)


def _order_rows(ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed) -> None:
    """Change the order: where a suit moves (row 0), or keep the row as it is (row 1)."""
    lang, entries = ctx.language, legal.legal(ctx)
    special = card(v.special, lang) if v.special else ""
    embed.description = ui("you_change_order", lang, card=special, suit=suit(v.row[0], lang))
    keep = [(i, a) for i, a in entries if v.row.index(a["suit"]) + 1 == a["position"]]
    moves = [
        (
            i,
            ui(
                "move_suit",
                lang,
                suit=suit(a["suit"], lang),
                origin=v.row.index(a["suit"]) + 1,
                position=a["position"],
            ),
        )
        for i, a in entries
        if (i, a) not in keep
    ]
    pick = legal.select(ctx, ui("change_order_pick", lang), moves, row=0)
    if pick is not None:
        controls.add_item(pick)
    if keep:
        controls.add_item(legal.button(ctx, keep[0][0], ui("keep_order", lang), row=1))


def _weather_row(
    ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    """Row 0, a change of weather (card or phase): keep the row, or rotate it."""
    lang = ctx.language
    special = card(v.special, lang) if v.special else ""
    dominant, following = suit(v.row[0], lang), suit(v.row[1], lang)
    embed.description = ui(f"you_{v.phase}", lang, card=special, suit=dominant, next=following)
    for index, action in legal.legal(ctx):
        rotate = bool(action.get("rotate"))
        label = ui("rotate" if rotate else "keep", lang, suit=dominant, next=following)
        controls.add_item(
            legal.button(ctx, index, fit_text(BUTTON_LABEL, label), style=GREEN if rotate else GREY, row=0)
        )
