"""Akelarre's move picker (Phase A): whole moves in one pick (``whole.py``), or cards from
the hand, then a destination among the legal places (a joker's value where two fit); takes
from 4-card groups; Done with the draw, or a discard. Every option is written to fit
Discord's 100 characters (``fit_text``), never cut."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from cogs.akelarre.places import group_short, place_name
from cogs.akelarre.whole import DESCRIPTION, LABEL, buy_switch, done_buttons, made, sources, whole_select
from cogs.akelarre.words import card_name, cards_text, plain_name, suit, ui
from cogs.kit import legal
from cogs.kit.acts import ActButton, ActSelect
from cogs.kit.controls import GREEN, RED, fit_text
from cogs.kit.presenter import PanelContext
from games.akelarre import AkelarreView
from games.akelarre.data import COMPLETE, family_of, is_joker, kind_of
from games.akelarre.groups import resolve
from games.akelarre.moves import distinct
from games.core import RuleError

MOVES = ("open", "add")


def play_controls(
    ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    lang = ctx.language
    hand = v.hand or []
    kinds = {kind_of(c): c for c in distinct(hand)}
    picked = [kinds[kind_of(c)] for c in (ctx.draft or {}).get("cards", []) if kind_of(c) in kinds]
    moves = legal.legal(ctx, *MOVES)
    text: list[str] = []
    if v.held is not None:
        text.append(ui("you_hold", lang, card=card_name(v.held.card, lang)))
    elif v.final_round:
        text.append(ui("you_final_turn", lang))
    elif v.played:
        text.append(ui("you_played", lang))
    else:
        text.append(ui("you_play", lang))
    # Which cards of the hand take part in some legal move (the picker's hints).
    uses: dict[str, int] = {}
    for _i, a in moves:
        for k in {kind_of(c) for c in a["cards"]}:
            uses[k] = uses.get(k, 0) + 1
    if hand:
        options = []
        for c in distinct(hand):
            n = uses.get(kind_of(c), 0)
            hint = ui("in_moves", lang, count=n) if n else ui("in_no_move", lang)
            if family_of(c) == v.favourite:
                hint = "⭐ " + hint
            options.append(
                discord.SelectOption(label=card_name(c, lang), value=c, description=hint, default=c in picked)
            )
        controls.add_item(
            ActSelect.make(
                ctx.channel_id,
                ctx.version,
                "pick",
                ui("pick_cards_held" if v.held is not None else "pick_cards", lang),
                options,
                min_values=1,
                max_values=len(options),
                row=0,
            )
        )
    # The destinations of exactly the picked cards (with the held card, if any).
    wanted = sorted(kind_of(c) for c in picked)
    matching = [(i, a) for i, a in moves if sorted(kind_of(c) for c in a["cards"]) == wanted]
    if picked or v.held is not None:
        shown = cards_text([*picked, *([v.held.card] if v.held is not None else [])], lang)
        if matching:
            text.append(ui("pick_fits", lang, cards=shown, count=len(matching)))
        elif any(set(wanted) <= {kind_of(c) for c in a["cards"]} for _i, a in moves):
            text.append(ui("pick_needs_more", lang, cards=shown))
        elif picked:
            text.append(ui("pick_fits_nowhere", lang, cards=shown, reason=_why_not(v, picked, lang)))
    if matching:
        options = [_move_option(ctx, v, i, a) for i, a in matching][: legal.SELECT_LIMIT]
        controls.add_item(
            ActSelect.make(ctx.channel_id, ctx.version, "L", ui("pick_place", lang), options, row=1)
        )
    # Whole moves: where the place select is not (the builder under way); with a taken
    # card, on the takes' row (nothing may be taken while a card is held).
    whole = None if picked and v.held is None else whole_select(ctx, v, row=1 if not matching else 2)
    if whole is not None:
        controls.add_item(whole)
    if moves and not picked and v.held is None:
        text.append(ui("moves_available", lang, count=len(moves)))
        if whole is not None:
            text.append(ui("whole_hint", lang))
    elif not moves and v.held is None:
        text.append(ui("no_moves", lang))
    takes = legal.legal(ctx, "take")
    if takes:
        options = []
        for i, a in takes:
            place = next(p for p in v.places if p.id == a["place"])
            value = next(c.value for c in place.cards if c.card == a["card"])
            label = ui(
                "take_option",
                lang,
                card=card_name(_label(a["card"], value), lang),
                place=place_name(ctx.table, place.owner, place.number, lang, me=ctx.seat, plain=True),
            )
            options.append(discord.SelectOption(label=label, value=str(i), description=ui("take_hint", lang)))
        controls.add_item(
            ActSelect.make(
                ctx.channel_id, ctx.version, "tk", ui("take_pick", lang), options[: legal.SELECT_LIMIT], row=2
            )
        )
    discards = legal.legal(ctx, "discard")
    if discards:
        text.append(ui("must_discard", lang))
        options = []
        for i, a in discards:
            hint = ui("discard_hint", lang, suit=suit(family_of(a["card"]), lang))
            if family_of(a["card"]) == v.favourite:
                hint = "⭐ " + hint
            options.append(
                discord.SelectOption(label=card_name(a["card"], lang), value=str(i), description=hint)
            )
        controls.add_item(
            ActSelect.make(ctx.channel_id, ctx.version, "dc", ui("discard_pick", lang), options, row=3)
        )
    done = legal.legal(ctx, "done")
    drawing = done_buttons(ctx, v, controls)  # Done with the draw, after a card was played
    if drawing:
        text.append("\n".join(drawing))
    elif done:
        controls.add_item(legal.button(ctx, done[0][0], ui("done", lang), style=GREEN, emoji="✅", row=4))
    else:
        why = "done_held" if v.held is not None else "done_discard"
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "off.done", ui(why, lang), emoji="✅", disabled=True, row=4
            )
        )
    if any(len(sources(v, family_of(a["card"]))) == 1 for _i, a in discards):
        # The draw after such a discard is the engine's own: its click answers Phase C too.
        text += buy_switch(ctx, v, controls, row=4)
    cancel = legal.legal(ctx, "cancel_take")
    if cancel:
        controls.add_item(
            legal.button(ctx, cancel[0][0], ui("cancel_take", lang), style=RED, emoji="↩️", row=4)
        )
    if picked:
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "clear", ui("clear", lang), emoji="🧹", row=4)
        )
    embed.description = "\n\n".join(text)


def _label(card: str, value: int) -> str:
    return f"{card}@{value}" if is_joker(card) else card


def _why_not(v: AkelarreView, picked: list[str], lang: str) -> str:
    """Why the picked cards make no move: the rule an opening would break, or no free place."""
    cards = [*picked, *([v.held.card] if v.held is not None else [])]
    try:
        resolve([], cards, None)
    except RuleError as error:
        if error.key == "akelarre.error.joker_value_needed":
            return ui("why_no_place", lang)
        params = dict(error.params)
        if "cards_list" in params:
            params["cards_list"] = cards_text(params["cards_list"], lang)
        return t(error.key, lang, **params)
    return ui("why_no_place", lang)


def _move_option(ctx: PanelContext, v: AkelarreView, index: int, a: dict[str, Any]) -> discord.SelectOption:
    """ "Your place 1 — open a new group" / "ann's place 2 — add (🍄 Goblins joker as 5)",
    described by the group it makes (and whether it captures), written to fit."""
    lang = ctx.language
    place = next(p for p in v.places if p.id == a["place"])
    where = place_name(ctx.table, place.owner, place.number, lang, me=ctx.seat, plain=True, start=True)
    label = ui("open_on" if a["kind"] == "open" else "add_to", lang, place=where)
    group = made(v, a)
    new = [*a["cards"], *([v.held.card] if v.held is not None else [])]
    if a.get("joker_value") is not None:
        joker = next((p for p in group if is_joker(p.card) and p.card in new), None)
        if joker is not None:
            label = ui("with_joker", lang, move=label, joker=card_name(_label(joker.card, joker.value), lang))
    short = group_short([(p.card, p.value) for p in group], lang) if group else ""
    description = short
    if len(group) == COMPLETE:
        if place.owner == ctx.seat:
            description = ui("captures_own", lang, group=short)
        else:
            seat = plain_name(ctx.table, place.owner)
            description = fit_text(
                DESCRIPTION,
                ui("captures_other", lang, seat=seat, group=short),
                ui("whole_capture_other", lang, seat=seat),
            )
    return discord.SelectOption(
        label=fit_text(LABEL, label), value=str(index), description=fit_text(DESCRIPTION, description) or None
    )
