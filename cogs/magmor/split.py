"""The leader's split of the found cards in the private panel: the draft
allocation, its controls and its clicks (``sp.*``)."""

from __future__ import annotations

import discord

from bot.model import TableError
from bot.presenter import Click, PanelContext
from bot.render import plain_name, resource, seat_name
from cogs.controls import GREEN, GREY
from cogs.magmor.words import EMOJI, GAME, RESOURCES, cards_text, count_of, face_text, ui
from cogs.panel import ActButton, ActSelect
from games.magmor import MagmorView


def _allocation(ctx: PanelContext) -> dict[int, dict[str, int]]:
    raw = (ctx.draft or {}).get("alloc", {})
    return {int(s): {r: int(n) for r, n in cards.items() if n} for s, cards in raw.items()}


def _remaining(v: MagmorView, alloc: dict[int, dict[str, int]]) -> dict[str, int]:
    left = dict(v.taken)
    for cards in alloc.values():
        for r, n in cards.items():
            left[r] = left.get(r, 0) - n
    return {r: n for r, n in left.items() if n > 0}


def split_controls(ctx: PanelContext, v: MagmorView, controls: discord.ui.View, embed: discord.Embed) -> str:
    lang = ctx.language
    alloc = _allocation(ctx)
    left = _remaining(v, alloc)
    to = int((ctx.draft or {}).get("to", ctx.seat))
    to_name = plain_name(ctx.table, to)  # button labels: plain text
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
    options = [
        discord.SelectOption(
            label=(plain_name(ctx.table, s) + (f" ({ui('you', lang)})" if s == ctx.seat else ""))[:100],
            value=str(s),
            description=ui("split_option", lang, count=v.hand_sizes[s], honour=f"{v.honour[s]:+d}")[:100],
            default=s == to,
        )
        for s in range(v.players)
    ]
    controls.add_item(
        ActSelect.make(ctx.channel_id, ctx.version, "sp.to", ui("split_to", lang), options, row=0)
    )
    for r in RESOURCES:
        if left.get(r):
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    f"sp.add.{r}",
                    ui("split_add", lang, cards=count_of(r, 1, lang), seat=to_name),
                    emoji=EMOJI[r],
                    row=1,
                )
            )
    controls.add_item(
        ActButton.make(
            ctx.channel_id,
            ctx.version,
            "sp.rest",
            ui("split_rest", lang, seat=to_name) if left else ui("split_rest_none", lang),
            disabled=not left,
            row=2,
        )
    )
    controls.add_item(
        ActButton.make(ctx.channel_id, ctx.version, "sp.reset", ui("split_reset", lang), emoji="↩️", row=2)
    )
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
    remaining = sum(left.values())
    controls.add_item(
        ActButton.make(
            ctx.channel_id,
            ctx.version,
            "sp.ok",
            ui("split_confirm_left", lang, count=remaining) if remaining else ui("split_confirm", lang),
            style=GREEN if not remaining else GREY,
            emoji="✅",
            row=3,
        )
    )
    return ui("you_split", lang)


def split_click(ctx: PanelContext, v: MagmorView, op: str, values: list[str]) -> Click:
    alloc = _allocation(ctx)
    to = int((ctx.draft or {}).get("to", ctx.seat))
    if op == "to":
        to = int(values[0]) if values else ctx.seat
        if not 0 <= to < v.players:
            raise TableError("error.bad_action")
    elif op.startswith("add."):
        r = op.removeprefix("add.")
        if _remaining(v, alloc).get(r, 0) < 1:
            raise TableError("magmor.ui.split_none_left", resource=resource(GAME, r, ctx.language))
        alloc.setdefault(to, {})[r] = alloc.get(to, {}).get(r, 0) + 1
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
    return Click(draft={"to": to, "alloc": {str(s): c for s, c in alloc.items()}})
