"""Akelarre's move picker (Phase A): whole moves in one pick (``whole.py``), or cards from
the hand, then a destination among the legal places (a joker's value where two fit); takes
from 4-card groups; Done with the draw, or a discard. Every option is written to fit
Discord's 100 characters (``fit_text``), never cut."""

from __future__ import annotations

from dataclasses import dataclass
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
from games.akelarre.face import COMPLETE, AkelarreView, distinct, family_of, is_joker, kind_of, resolve
from games.core import RuleError

MOVES = ("open", "add")


@dataclass
class _Picker:
    """What every row of the picker reads: the seat's hand, its pick, its legal moves."""

    ctx: PanelContext
    v: AkelarreView
    controls: discord.ui.View
    picked: list[str]
    moves: list[tuple[int, dict[str, Any]]]

    @property
    def lang(self) -> str:
        return self.ctx.language

    def select(self, payload: str, placeholder: str, options: list[discord.SelectOption], **kw: Any) -> None:
        self.controls.add_item(
            ActSelect.make(self.ctx.channel_id, self.ctx.version, payload, placeholder, options, **kw)
        )


def play_controls(
    ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    """The picker, one control row at a time (each row says what it adds to the panel's text)."""
    kinds = {kind_of(c): c for c in distinct(v.hand or [])}
    picked = [kinds[kind_of(c)] for c in (ctx.draft or {}).get("cards", []) if kind_of(c) in kinds]
    p = _Picker(ctx, v, controls, picked, legal.legal(ctx, *MOVES))
    discards = legal.legal(ctx, "discard")
    text = [_status(v, p.lang), *_hand_row(p), *_place_row(p), *_take_row(p), *_discard_row(p, discards)]
    embed.description = "\n\n".join([*text, *_end_row(p, discards)])


def _status(v: AkelarreView, lang: str) -> str:
    if v.held is not None:
        return ui("you_hold", lang, card=card_name(v.held.card, lang))
    if v.final_round:
        return ui("you_final_turn", lang)
    return ui("you_played" if v.played else "you_play", lang)


def _hand_row(p: _Picker) -> list[str]:
    """Row 0: the hand's cards, each saying in how many legal moves it takes part."""
    uses: dict[str, int] = {}
    for _i, a in p.moves:
        for k in {kind_of(c) for c in a["cards"]}:
            uses[k] = uses.get(k, 0) + 1
    options = []
    for c in distinct(p.v.hand or []):
        n = uses.get(kind_of(c), 0)
        hint = ui("in_moves", p.lang, count=n) if n else ui("in_no_move", p.lang)
        if family_of(c) == p.v.favourite:
            hint = "⭐ " + hint
        options.append(
            discord.SelectOption(label=card_name(c, p.lang), value=c, description=hint, default=c in p.picked)
        )
    if options:
        held = "pick_cards_held" if p.v.held is not None else "pick_cards"
        p.select("pick", ui(held, p.lang), options, min_values=1, max_values=len(options), row=0)
    return []


def _place_row(p: _Picker) -> list[str]:
    """Row 1: the destinations of exactly the picked cards (with the held card, if any); or
    the whole moves, where no pick is under way (with a taken card, on the takes' row)."""
    v, lang, text = p.v, p.lang, []
    wanted = sorted(kind_of(c) for c in p.picked)
    matching = [(i, a) for i, a in p.moves if sorted(kind_of(c) for c in a["cards"]) == wanted]
    if p.picked or v.held is not None:
        shown = cards_text([*p.picked, *([v.held.card] if v.held is not None else [])], lang)
        if matching:
            text.append(ui("pick_fits", lang, cards=shown, count=len(matching)))
        elif any(set(wanted) <= {kind_of(c) for c in a["cards"]} for _i, a in p.moves):
            text.append(ui("pick_needs_more", lang, cards=shown))
        elif p.picked:
            text.append(ui("pick_fits_nowhere", lang, cards=shown, reason=_why_not(v, p.picked, lang)))
    if matching:
        options = [_move_option(p.ctx, v, i, a) for i, a in matching][: legal.SELECT_LIMIT]
        p.select("L", ui("pick_place", lang), options, row=1)
    whole = None if p.picked and v.held is None else whole_select(p.ctx, v, row=1 if not matching else 2)
    if whole is not None:
        p.controls.add_item(whole)
    if p.moves and not p.picked and v.held is None:
        text.append(ui("moves_available", lang, count=len(p.moves)))
        if whole is not None:
            text.append(ui("whole_hint", lang))
    elif not p.moves and v.held is None:
        text.append(ui("no_moves", lang))
    return text


def _take_row(p: _Picker) -> list[str]:
    """Row 2: the cards that may be taken from 4-card groups."""
    options = []
    for i, a in legal.legal(p.ctx, "take"):
        place = next(x for x in p.v.places if x.id == a["place"])
        value = next(c.value for c in place.cards if c.card == a["card"])
        where = place_name(p.ctx.table, place.owner, place.number, p.lang, me=p.ctx.seat, plain=True)
        label = ui("take_option", p.lang, card=card_name(_label(a["card"], value), p.lang), place=where)
        options.append(discord.SelectOption(label=label, value=str(i), description=ui("take_hint", p.lang)))
    if options:
        p.select("tk", ui("take_pick", p.lang), options[: legal.SELECT_LIMIT], row=2)
    return []


def _discard_row(p: _Picker, discards: list[tuple[int, dict[str, Any]]]) -> list[str]:
    """Row 3: the discard, when the turn must end with one."""
    if not discards:
        return []
    options = []
    for i, a in discards:
        hint = ui("discard_hint", p.lang, suit=suit(family_of(a["card"]), p.lang))
        if family_of(a["card"]) == p.v.favourite:
            hint = "⭐ " + hint
        options.append(
            discord.SelectOption(label=card_name(a["card"], p.lang), value=str(i), description=hint)
        )
    p.select("dc", ui("discard_pick", p.lang), options, row=3)
    return [ui("must_discard", p.lang)]


def _end_row(p: _Picker, discards: list[tuple[int, dict[str, Any]]]) -> list[str]:
    """Row 4: Done (with the draw, after a card was played), the buy switch, Cancel, Clear."""
    ctx, v, lang, controls = p.ctx, p.v, p.lang, p.controls
    text = []
    done = legal.legal(ctx, "done")
    drawing = done_buttons(ctx, v, controls)
    if drawing:
        text.append("\n".join(drawing))
    elif done:
        controls.add_item(legal.button(ctx, done[0][0], ui("done", lang), style=GREEN, emoji="✅", row=4))
    else:
        why = "done_held" if v.held is not None else "done_discard"
        off = ActButton.make(
            ctx.channel_id, ctx.version, "off.done", ui(why, lang), emoji="✅", disabled=True, row=4
        )
        controls.add_item(off)
    if any(len(sources(v, family_of(a["card"]))) == 1 for _i, a in discards):
        # The draw after such a discard is the engine's own: its click answers Phase C too.
        text += buy_switch(ctx, v, controls, row=4)
    cancel = legal.legal(ctx, "cancel_take")
    if cancel:
        controls.add_item(
            legal.button(ctx, cancel[0][0], ui("cancel_take", lang), style=RED, emoji="↩️", row=4)
        )
    if p.picked:
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "clear", ui("clear", lang), emoji="🧹", row=4)
        )
    return text


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
