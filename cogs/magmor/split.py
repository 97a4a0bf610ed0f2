"""The leader's split of the found cards in the private panel: the draft
allocation, its controls and its clicks (``sp.*``).

A split is usually one choice and a confirmation: a ready-made split
(:mod:`games.magmor.presets`, best first as the normal AI ranks them) fills the
draft, which the leader may then adjust (pick a player, give or take back several
cards of a type at once); Confirm is enabled once every card has a player
(MM-4.3.4). Keep everything stays one click."""

from __future__ import annotations

import discord

from bot.model import TableError
from bot.render import plain_name, resource, seat_name
from cogs.kit.acts import ActButton, ActSelect
from cogs.kit.controls import GREEN
from cogs.kit.presenter import Click, PanelContext
from cogs.magmor.split_options import decode, give_options, parse_give, parse_seat, preset_options
from cogs.magmor.words import GAME, cards_text, face_text, ui
from games.magmor.face import Allocation, MagmorView, split_presets


def _allocation(ctx: PanelContext) -> Allocation:
    """The draft (saved by this module's clicks only, so trusted)."""
    raw = (ctx.draft or {}).get("alloc", {})
    return {int(s): {r: int(n) for r, n in cards.items() if n} for s, cards in raw.items() if cards}


def _remaining(v: MagmorView, alloc: Allocation) -> dict[str, int]:
    left = dict(v.taken)
    for cards in alloc.values():
        for r, n in cards.items():
            left[r] = left.get(r, 0) - n
    return {r: n for r, n in left.items() if n > 0}


def _to(ctx: PanelContext, v: MagmorView) -> int:
    to = (ctx.draft or {}).get("to", ctx.seat)
    return to if isinstance(to, int) and 0 <= to < v.players else ctx.seat


def split_controls(ctx: PanelContext, v: MagmorView, controls: discord.ui.View, embed: discord.Embed) -> str:
    """The split: the draft so far in the embed, then one control row at a time."""
    alloc = _allocation(ctx)
    left = _remaining(v, alloc)
    to = _to(ctx, v)
    _split_fields(ctx, v, embed, alloc, left)
    _preset_row(ctx, v, controls, alloc)
    _seat_row(ctx, v, controls, to)
    _give_row(ctx, controls, to, left, alloc)
    _buttons(ctx, v, controls, left, plain_name(ctx.table, to))  # button labels: plain text
    return ui("you_split", ctx.language)


def _split_fields(
    ctx: PanelContext, v: MagmorView, embed: discord.Embed, alloc: Allocation, left: dict[str, int]
) -> None:
    """The toll being split, who gets what so far, and what is left to give."""
    lang = ctx.language
    cell = next((c for c in v.grid if c.cell == v.current), None)
    if cell is not None and cell.face is not None:
        embed.add_field(name=ui("toll", lang, cell=cell.cell), value=face_text(cell.face, lang), inline=False)
    lines = [
        ui(
            "split_line",
            lang,
            seat=seat_name(ctx.table, s),
            cards=cards_text(alloc.get(s, {}), lang),
            count=v.hand_sizes[s] + sum(alloc.get(s, {}).values()),
        )
        for s in range(v.players)
    ]
    embed.add_field(name=ui("split_draft", lang), value="\n".join(lines), inline=False)
    embed.add_field(name=ui("split_left", lang), value=cards_text(left, lang), inline=False)


def _preset_row(ctx: PanelContext, v: MagmorView, controls: discord.ui.View, alloc: Allocation) -> None:
    """Row 0: whole splits in one pick, best first."""
    presets = split_presets(v)
    if presets:
        options = preset_options(ctx, presets, alloc)
        placeholder = ui("split_presets", ctx.language)
        controls.add_item(ActSelect.make(ctx.channel_id, ctx.version, "sp.pre", placeholder, options, row=0))


def _seat_row(ctx: PanelContext, v: MagmorView, controls: discord.ui.View, to: int) -> None:
    """Row 1: whom the next cards go to."""
    lang = ctx.language
    seats = [
        discord.SelectOption(
            label=plain_name(ctx.table, s) + (f" ({ui('you', lang)})" if s == ctx.seat else ""),
            value=str(s),
            description=ui("split_option", lang, count=v.hand_sizes[s], honour=f"{v.honour[s]:+d}"),
            default=s == to,
        )
        for s in range(v.players)
    ]
    controls.add_item(
        ActSelect.make(ctx.channel_id, ctx.version, "sp.to", ui("split_to", lang), seats, row=1)
    )


def _give_row(
    ctx: PanelContext, controls: discord.ui.View, to: int, left: dict[str, int], alloc: Allocation
) -> None:
    """Row 2: which of the cards left go to that seat."""
    give = give_options(ctx, to, left, alloc)
    if give:
        lang = ctx.language
        name = plain_name(ctx.table, to)
        placeholder = ui("split_give_you", lang) if to == ctx.seat else ui("split_give", lang, seat=name)
        controls.add_item(ActSelect.make(ctx.channel_id, ctx.version, "sp.give", placeholder, give, row=2))


def _buttons(
    ctx: PanelContext, v: MagmorView, controls: discord.ui.View, left: dict[str, int], to_name: str
) -> None:
    lang = ctx.language
    remaining = sum(left.values())
    controls.add_item(
        ActButton.make(
            ctx.channel_id,
            ctx.version,
            "sp.keep",
            ui("split_keep", lang, count=sum(v.taken.values())),
            emoji="🎒",
            row=3,
        )
    )
    controls.add_item(
        ActButton.make(
            ctx.channel_id,
            ctx.version,
            "sp.rest",
            ui("split_rest", lang, seat=to_name) if left else ui("split_rest_none", lang),
            disabled=not left,
            row=3,
        )
    )
    controls.add_item(
        ActButton.make(ctx.channel_id, ctx.version, "sp.reset", ui("split_reset", lang), emoji="↩️", row=3)
    )
    # Confirm only once every card has a player (MM-4.3.4); until then it says how many are left.
    controls.add_item(
        ActButton.make(
            ctx.channel_id,
            ctx.version,
            "sp.ok",
            ui("split_confirm_left", lang, count=remaining) if remaining else ui("split_confirm", lang),
            style=GREEN,
            emoji="✅",
            disabled=bool(remaining),
            row=3,
        )
    )


def split_click(ctx: PanelContext, v: MagmorView, op: str, values: list[str]) -> Click:
    alloc = _allocation(ctx)
    to = _to(ctx, v)
    if op == "pre":
        alloc = decode(values[0] if len(values) == 1 else "", v)
    elif op == "to":
        to = parse_seat(values, v.players)
    elif op == "give":
        res, change, source = parse_give(values, v.players)
        holds = alloc.get(to, {}).get(res, 0)
        if source is not None:
            # From another seat's share: a ready-made split adjusted card by card.
            if source == to or alloc.get(source, {}).get(res, 0) < change:
                raise TableError("magmor.ui.split_bad_cards")
            alloc[source][res] -= change
        elif change > 0 and _remaining(v, alloc).get(res, 0) < change:
            raise TableError("magmor.ui.split_none_left", resource=resource(GAME, res, ctx.language))
        if holds + change < 0:
            raise TableError("magmor.ui.split_bad_cards")
        alloc.setdefault(to, {})[res] = holds + change
    elif op == "rest":
        for r, n in _remaining(v, alloc).items():
            alloc.setdefault(to, {})[r] = alloc.get(to, {}).get(r, 0) + n
    elif op == "reset":
        alloc = {}
    elif op == "keep":
        return Click(action={"kind": "split", "allocation": {str(ctx.seat): dict(v.taken)}})
    elif op == "ok":
        return Click(action={"kind": "split", "allocation": {str(s): c for s, c in alloc.items()}})
    else:
        raise TableError("error.bad_action")
    return Click(draft={"to": to, "alloc": {str(s): c for s, c in alloc.items() if any(c.values())}})
