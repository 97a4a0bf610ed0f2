"""A Tir Nan Og Wars player's private panel: hand, reserve, stack and VP, the controls of
their decision (built in :mod:`cogs.tirnanog.actions`), and the clicks on them."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.model import TableError
from bot.render import seat_name
from cogs.kit import legal
from cogs.kit.acts import REFRESH, refresh_button
from cogs.kit.controls import index_field, static_view
from cogs.kit.presenter import Click, PanelContext
from cogs.tirnanog.actions import declare_controls, discard_controls, turn_controls
from cogs.tirnanog.words import LIMIT, as_view, fit, species, symbols, territory, ui, vp, vp_sources
from games.core import Decision
from games.tirnanog.face import (
    SPECIES,
    SeatView,
    TirNanOgView,
    as_list,
    counts_of,
    power_of,
    price,
    requirement,
    vp_of,
)


def panel(ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    """A player's panel (ephemeral) shows their hand by species, what each reserve
    territory still lacks, and the controls of their decision, built from the
    engine's legal actions: action A (a select of the distinct pairs in the
    display), B (a select of the piles that may be taken; the others say why
    not), C (a select of the territories the hand can pay, then a select of the
    legal payments), the discard picker (exactly as many cards as must go), and
    the two dispute buttons."""
    v = as_view(ctx.view)
    hand = dict(v.hand or {})
    embed = discord.Embed(
        title=ui("panel_title", ctx.language, count=sum(hand.values())), colour=discord.Colour.blurple()
    )
    _own_fields(ctx, v, hand, embed)
    controls = static_view()
    embed.description = _decision_controls(ctx, v, hand, controls)
    controls.add_item(refresh_button(ctx, ui("refresh", ctx.language)))
    return embed, controls


def _own_fields(ctx: PanelContext, v: TirNanOgView, hand: dict[str, int], embed: discord.Embed) -> None:
    """The seat's hand, its reserve (what each territory still lacks), its stack, its points."""
    lang, me = ctx.language, v.seats[ctx.seat]
    # At the end every hand is revealed (and counts for nothing): no longer "secret".
    label = "your_hand_left" if v.phase == "over" else "your_hand"
    embed.add_field(name=ui(label, lang), value=_hand_text(hand, lang), inline=False)
    embed.add_field(
        name=ui("your_reserve", lang, value=me.reserve_value, limit=LIMIT),
        value=fit(_reserve_lines(me, hand, lang)),
        inline=False,
    )
    embed.add_field(name=ui("your_stack", lang), value=_stack_text(me, lang), inline=False)
    sources = vp_sources(me.vp_by_source, lang)
    embed.add_field(
        name=ui("your_vp", lang, total=vp(me.vp, lang)), value=sources or ui("no_vp_yet", lang), inline=False
    )


def _decision_controls(
    ctx: PanelContext, v: TirNanOgView, hand: dict[str, int], controls: discord.ui.View
) -> str:
    """The controls of the seat's decision (each phase's builder), and the words above them."""
    decision = ctx.decision
    if decision is None or v.phase == "over":
        return ""  # the final record goes on top (cogs.panel.render_panel)
    if ctx.seat not in decision.actors:
        return _waiting(ctx, v, decision)
    if v.phase == "turn":
        return turn_controls(ctx, v, controls)
    if v.phase == "declare":
        return declare_controls(ctx, v, hand, controls)
    return discard_controls(ctx, v, hand, controls)


def _hand_text(hand: dict[str, int], lang: str) -> str:
    lines = [f"{species(s, lang)}: **{n}**" for s in SPECIES if (n := hand.get(s, 0))]
    return "\n".join(lines) or ui("hand_empty", lang)


def lacking(card: str, hand: dict[str, int], discount: bool) -> tuple[dict[str, int], int]:
    """What the hand still lacks to pay ``card`` (TNO-4.4.1/4.4.2): species symbols it
    cannot pay, and "?" its spare cards cannot cover. The plain's discount waives one
    symbol: a missing species one if there is any (the largest shortfall), else a "?"."""
    req, anys = requirement(card)
    missing = {s: max(0, req[s] - hand.get(s, 0)) for s in SPECIES}
    spare = sum(max(0, hand.get(s, 0) - req[s]) for s in SPECIES)
    if discount:
        if any(missing.values()):
            worst = max(SPECIES, key=lambda s: missing[s])
            missing[worst] -= 1
        elif anys:
            anys -= 1
    return missing, max(0, anys - spare)


def _reserve_lines(me: SeatView, hand: dict[str, int], lang: str) -> list[str]:
    lines = []
    for card in me.reserve:
        req, anys = requirement(card)
        missing, any_lack = lacking(card, hand, me.discount)
        if sum(missing.values()) or any_lack:
            status = ui(
                "you_lack", lang, lack=symbols(missing, any_lack), count=sum(missing.values()) + any_lack
            )
        else:
            status = ui("you_can_pay", lang)
        lines.append(
            ui(
                "reserve_card",
                lang,
                territory=territory(card, lang),
                need=symbols(req, anys),
                cost=ui(
                    "cost_discount" if me.discount else "cost",
                    lang,
                    count=price(card, me.discount),
                ),
                status=status,
            )
        )
    if me.discount and me.reserve:
        lines.append(ui("discount_note", lang))
    return lines or [ui("reserve_none", lang)]


def _stack_text(me: SeatView, lang: str) -> str:
    if me.top is None:
        return ui("your_stack_empty", lang)
    if not me.top_face_up:
        return ui("your_stack_down", lang, count=me.stack_size)
    power = power_of(me.top)
    if power == "none":
        return ui(
            "your_stack_plain",
            lang,
            count=me.stack_size,
            territory=territory(me.top, lang),
            vp=vp(vp_of(me.top), lang),
        )
    return ui(
        "your_stack_up",
        lang,
        count=me.stack_size,
        territory=territory(me.top, lang),
        power=t(f"tirnanog.power.{power}", lang),
        text=t(f"tirnanog.power_text.{power}", lang),
    )


def _waiting(ctx: PanelContext, v: TirNanOgView, decision: Decision) -> str:
    lang = ctx.language
    kind = decision.kind.split(".")[-1]
    text = t(f"tirnanog.decision.{kind}", lang, seat=seat_name(ctx.table, decision.actors[0]))
    if v.phase == "declare" and v.dispute is not None and ctx.seat in v.dispute.declarations:
        key = "you_declared_yes" if v.dispute.declarations[ctx.seat] else "you_declared_no"
        return f"{ui(key, lang)}\n{ui('waiting', lang, text=text)}"
    return ui("waiting", lang, text=text)


# -- clicks --------------------------------------------------------------


def click(ctx: PanelContext, payload: str, values: list[str]) -> Click:
    if payload == REFRESH:
        return Click()
    if payload in ("LA", "LB", "LC"):
        payload = "L"  # three selects of legal actions: Discord wants distinct custom_ids
    chosen = legal.click(ctx, payload, values)
    if chosen is not None:
        return chosen
    if payload == "c":
        v = as_view(ctx.view)
        mine = v.seats[ctx.seat].reserve
        if not values or values[0] not in mine:
            raise TableError("tirnanog.ui.not_in_reserve")
        return Click(draft={**(ctx.draft or {}), "c": values[0]})
    if payload == "d":
        return Click(action={"kind": "discard", "species": _discards(ctx, values)})
    raise TableError("error.bad_action")


def _discards(ctx: PanelContext, values: list[str]) -> list[str]:
    """Picked cards ("dragon.1") as the species to discard; the engine checks the count."""
    hand = as_view(ctx.view).hand or {}
    picked: list[str] = []
    for value in dict.fromkeys(values):
        name, _, index = value.partition(".")
        if name not in SPECIES or index_field(index, hand.get(name, 0)) is None:
            raise TableError("tirnanog.ui.not_in_hand")
        picked.append(name)
    return as_list(counts_of(picked))
