"""The controls of a Tir Nan Og Wars decision, built from the engine's legal actions: the turn's
actions A, B and C, the fountain dispute's declaration, and the discards."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.render import seat_name
from cogs.kit import legal
from cogs.kit.acts import ActSelect
from cogs.kit.controls import GREEN, GREY, OPTION_TEXT, fit_text
from cogs.kit.presenter import PanelContext
from cogs.tirnanog.words import LIMIT, creatures, species, symbols, terrain, territory, ui, vp
from games.tirnanog.face import (
    META,
    SPECIES,
    SeatView,
    TirNanOgView,
    counts_of,
    is_fountain,
    power_of,
    species_symbols,
    territory_refusal,
    value_of,
    vp_of,
)

# -- the turn: actions A, B and C ------------------------------------------


def turn_controls(ctx: PanelContext, v: TirNanOgView, controls: discord.ui.View) -> str:
    lang = ctx.language
    me = v.seats[ctx.seat]
    lines = [ui("your_turn", lang)]
    # A: one option per distinct pair in the display.
    takes = [
        (i, " + ".join(species(s, lang) for s in a["species"])) for i, a in legal.legal(ctx, "take_creatures")
    ]
    pick = legal.select(ctx, ui("pick_take", lang), takes, payload="LA", row=0)
    if pick is not None:
        controls.add_item(pick)
        lines.append(ui("act_take", lang, limit=META.hand_limit))
    else:
        lines.append(ui("act_take_off", lang))
    # B: the piles that may be taken; the others say why not.
    tops = {p.terrain: p.top for p in v.piles}
    piles = []
    for i, a in legal.legal(ctx, "take_territory"):
        top = tops[a["terrain"]]
        assert top is not None
        after = me.reserve_value + value_of(top)
        label = ui("pile_option", lang, territory=territory(top, lang), after=after, limit=LIMIT)
        piles.append((i, label))
    pick = legal.select(ctx, ui("pick_pile", lang), piles, payload="LB", row=1)
    reasons = _pile_refusals(v, me, lang)
    if pick is not None:
        controls.add_item(pick)
        lines.append(ui("act_pile", lang))
    else:
        lines.append(ui("act_pile_off", lang))
    if me.reserve_value >= LIMIT:
        lines.append(ui("piles_full", lang, value=me.reserve_value, limit=LIMIT))
    elif reasons:
        lines.append(ui("piles_not", lang, reasons="; ".join(reasons)))
    # C: a territory the hand can pay, then one of its legal payments.
    lines.extend(_consolidate_controls(ctx, me, controls))
    return "\n".join(lines)


def _pile_refusals(v: TirNanOgView, me: SeatView, lang: str) -> list[str]:
    out = []
    visible = set(me.visible_types)
    for pile in v.piles:
        name = terrain(pile.terrain, lang)
        error = territory_refusal(pile.terrain, pile.top, me.reserve, visible)
        if error is None:
            continue
        reason = error.key.rsplit(".", 1)[-1]
        if reason == "reserve_limit":
            out.append(ui("why_reserve", lang, terrain=name, value=error.params["value"], limit=LIMIT))
        elif reason == "type_visible":
            out.append(ui("why_visible", lang, terrain=name))
        else:
            out.append(ui("why_empty", lang, terrain=name))
    return out


def _consolidate_controls(ctx: PanelContext, me: SeatView, controls: discord.ui.View) -> list[str]:
    """Action C: the territory (row 2), then how to pay it (row 3)."""
    lang = ctx.language
    options = legal.legal(ctx, "consolidate")
    payable = list(dict.fromkeys(a["territory"] for _, a in options))
    if not payable:
        key = "act_consolidate_none" if me.reserve else "act_consolidate_empty"
        return [ui(key, lang)]
    lines = [ui("act_consolidate", lang)]
    if me.discount:
        lines.append(ui("discount_now", lang))
    chosen = (ctx.draft or {}).get("c")
    if chosen not in payable:
        chosen = payable[0] if len(payable) == 1 else None
    controls.add_item(_territory_row(ctx, payable, chosen))
    if chosen is not None:
        _payment_row(ctx, options, chosen, controls)
    return lines


def _territory_row(ctx: PanelContext, payable: list[str], chosen: str | None) -> ActSelect:
    """Row 2: the reserve territories the hand can pay, each with its power and points."""
    lang = ctx.language
    options = [
        discord.SelectOption(
            label=fit_text(OPTION_TEXT, territory(card, lang)),
            value=card,
            description=fit_text(
                OPTION_TEXT,
                ui(
                    "territory_option",
                    lang,
                    power=t(f"tirnanog.power.{power_of(card)}", lang),
                    vp=vp(vp_of(card), lang),
                ),
            ),
            default=card == chosen,
        )
        for card in payable
    ]
    return ActSelect.make(ctx.channel_id, ctx.version, "c", ui("pick_territory", lang), options, row=2)


def _payment_row(
    ctx: PanelContext, options: list[tuple[int, dict[str, Any]]], chosen: str, controls: discord.ui.View
) -> None:
    """Row 3: the legal payments of the chosen territory."""
    lang = ctx.language
    payments = [
        (i, ui("pay_option", lang, cards=creatures(counts_of(a["payment"]), lang, sep=" + ")))
        for i, a in options
        if a["territory"] == chosen
    ]
    pick = legal.select(
        ctx, ui("pick_payment", lang, territory=territory(chosen, lang)), payments, payload="LC", row=3
    )
    if pick is not None:
        controls.add_item(pick)


# -- the dispute -----------------------------------------------------------


def dispute_counts(v: TirNanOgView, seat: int, hand: dict[str, int]) -> dict[str, int]:
    """TNO-4.5.4: hand cards plus the species symbols of a face-up top card."""
    counts = {s: hand.get(s, 0) for s in SPECIES}
    me = v.seats[seat]
    if me.top is not None and me.top_face_up and not is_fountain(me.top):
        for s, n in species_symbols(me.top).items():
            counts[s] += n
    return counts


def declare_controls(
    ctx: PanelContext, v: TirNanOgView, hand: dict[str, int], controls: discord.ui.View
) -> str:
    lang = ctx.language
    d = v.dispute
    assert d is not None
    counts = dispute_counts(v, ctx.seat, hand)
    best = max(counts.values(), default=0)
    said = [
        ui("declared_yes" if d.declarations[s] else "declared_no", lang, seat=seat_name(ctx.table, s))
        for s in d.order
        if s in d.declarations
    ]
    text = [
        ui(
            "you_declare",
            lang,
            seat=seat_name(ctx.table, d.revealer),
            terrain=terrain(d.terrain, lang),
        ),
        ui("your_count", lang, counts=symbols(counts) or ui("no_creatures", lang), best=best),
    ]
    if said:
        text.append(ui("so_far", lang, said=" · ".join(said)))
    text.append(ui("declare_stakes", lang))
    for index, action in legal.legal(ctx, "declare"):
        yes = bool(action.get("take_part"))
        controls.add_item(
            legal.button(
                ctx,
                index,
                ui("button_take_part" if yes else "button_stay_out", lang),
                style=GREEN if yes else GREY,
                emoji="⛲" if yes else "✋",
                row=0,
            )
        )
    return "\n".join(text)


# -- discards: the hand limit and the dispute winner's -----------------------


def discard_controls(
    ctx: PanelContext, v: TirNanOgView, hand: dict[str, int], controls: discord.ui.View
) -> str:
    lang = ctx.language
    if v.phase == "hand_limit":
        count = v.hand_limit_discard
        text = ui("you_hand_limit", lang, count=count, size=sum(hand.values()), limit=META.hand_limit)
    else:
        assert v.dispute is not None
        count = v.dispute.to_discard
        text = ui("you_dispute_discard", lang, count=count)
    options = []
    for s in SPECIES:
        # Cards of a species are alike: offer only as many as could be discarded.
        n = min(hand.get(s, 0), count)
        for i in range(n):
            label = species(s, lang) if n == 1 else ui("card_of", lang, name=species(s, lang), n=i + 1)
            options.append(discord.SelectOption(label=label, value=f"{s}.{i}"))
    if options and count:
        controls.add_item(
            ActSelect.make(
                ctx.channel_id,
                ctx.version,
                "d",
                ui("pick_discard", lang, count=count),
                options,
                min_values=count,
                max_values=count,
                row=0,
            )
        )
    return text
