"""Akelarre's private panel: the secret favourite, the hand by family, the points so far,
the controls of every step but the move picker (``picker.py``), and the panel's clicks."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t
from bot.model import TableError
from bot.render import seat_name
from cogs.akelarre.board import status
from cogs.akelarre.picker import play_controls
from cogs.akelarre.places import card_short, place_line
from cogs.akelarre.whole import DESCRIPTION, DRAW, LABEL, WHOLE, buy_switch, draw_click, source_button
from cogs.akelarre.words import as_view, card_name, cards_text, plain_name, suit, ui
from cogs.kit import legal
from cogs.kit.acts import REFRESH, ActButton, ActSelect, refresh_button
from cogs.kit.controls import BLUE, FIELD_LIMIT, GREEN, GREY, RED, chunks, fit_text, static_view
from cogs.kit.presenter import Click, PanelContext
from games.akelarre.face import (
    FAMILIES,
    HAND_SIZE,
    PLACE_COST,
    AkelarreView,
    card_points,
    family_of,
    is_joker,
    sort_cards,
    value_of,
)


def hand_lines(hand: Sequence[str], favourite: str | None, language: str) -> list[str]:
    """The hand by family in canonical order: "⭐ 🧚 Fairies: 2 · 3 · joker"."""
    lines = []
    for family in FAMILIES:
        mine = sort_cards([c for c in hand if family_of(c) == family])
        if not mine:
            continue
        values = " · ".join(ui("joker", language) if is_joker(c) else str(value_of(c)) for c in mine)
        star = "⭐ " if family == favourite else ""
        lines.append(f"{star}{suit(family, language)}: **{values}**")
    return lines or [t("common.nothing", language)]


def worth(cards: Sequence[str], favourite: str | None) -> int:
    """What cards are worth to a player (AK-12.2): favourite naturals their value, others 1, jokers 0."""
    if favourite is None:
        return 0
    _fc, fav_points, _oc, other_points, _j = card_points(list(cards), favourite)
    return fav_points + other_points


def panel(ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    """A seat's panel: its favourite, hand, points so far, the places, and its step's controls."""
    v = as_view(ctx.view)
    embed = discord.Embed(title=ui("panel_title", ctx.language), colour=discord.Colour.blurple())
    _fields(ctx, v, embed)
    return embed, _step_controls(ctx, v, embed)


def _fields(ctx: PanelContext, v: AkelarreView, embed: discord.Embed) -> None:
    lang, hand = ctx.language, v.hand or []
    over = v.step == "over" or ctx.decision is None
    if v.favourite is not None:
        embed.add_field(
            name=ui("your_favourite", lang),
            value=ui("favourite_text", lang, suit=suit(v.favourite, lang)),
            inline=False,
        )
    embed.add_field(
        name=ui("your_hand" if not over else "hand_left", lang, count=len(hand)),
        value="\n".join(hand_lines(hand, v.favourite, lang)),
        inline=False,
    )
    if ctx.seat < len(v.seats) and not over:  # at the end the record gives every score
        embed.add_field(name=ui("your_points", lang), value=points_text(v, ctx.seat, lang), inline=False)
    places = [place_line(ctx.table, p, lang, me=ctx.seat, over=over) for p in v.places]
    for index, value in enumerate(chunks(places, FIELD_LIMIT)):
        embed.add_field(name=ui("places" if index == 0 else "places_more", lang), value=value, inline=False)


def _step_controls(ctx: PanelContext, v: AkelarreView, embed: discord.Embed) -> discord.ui.View:
    """The controls of the seat's step (each step's builder) and the 🔄; the words above them."""
    controls = static_view()
    steps = {
        "payment": payment_controls,
        "play": play_controls,
        "draw": draw_controls,
        "buy": buy_controls,
        "pay": pay_controls,
    }
    if ctx.decision is None:
        embed.description = ""  # the final record goes on top (cogs.panel.render_panel)
    elif ctx.seat not in ctx.decision.actors:
        embed.description = ui("waiting", ctx.language, status=status(ctx.table, v, ctx.language))
    elif v.step in steps:
        steps[v.step](ctx, v, controls, embed)
    controls.add_item(refresh_button(ctx, ui("refresh", ctx.language)))
    return controls


def points_text(v: AkelarreView, seat: int, lang: str) -> str:
    pile = v.seats[seat].point_pile
    if not pile:
        return ui("no_points", lang)
    if v.favourite is None:
        return ui("cards", lang, count=len(pile))
    fav_cards, fav_points, other_cards, other_points, jokers = card_points(pile, v.favourite)
    parts = [
        ui("score_fav", lang, count=fav_cards, points=fav_points),
        ui("score_other", lang, count=other_cards, points=other_points),
    ]
    if jokers:
        parts.append(ui("score_jokers", lang, count=jokers))
    most = max(s.point_count for s in v.seats)
    bonus = ui("bonus_now" if len(pile) == most else "bonus_not_yet", lang, count=most)
    return ui(
        "points_so_far",
        lang,
        cards=ui("cards", lang, count=len(pile)),
        parts=", ".join(parts),
        count=fav_points + other_points,
        bonus=bonus,
    )


# -- the owner's choice of 2 cards (AK-6.3) -----------------------------
def payment_controls(
    ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    lang = ctx.language
    assert v.payment is not None
    p = v.payment
    lines = []
    for c in p.cards:
        value = worth([c], v.favourite)
        star = "⭐ " if family_of(c) == v.favourite and not is_joker(c) else ""
        lines.append(f"{star}{card_name(c, lang)} — {ui('worth', lang, count=value)}")
    embed.description = ui(
        "you_choose_payment",
        lang,
        payer_seat=seat_name(ctx.table, p.payer),
        number=int(p.place.rsplit("-", 1)[1]),
        cards="\n".join(lines),
    )
    pairs = sorted(legal.legal(ctx, "choose_payment"), key=lambda e: -worth(e[1]["cards"], v.favourite))
    options = []
    for i, a in pairs:
        rest = [c for c in p.cards if c not in a["cards"]]
        hint = {"count": worth(a["cards"], v.favourite), "seat": plain_name(ctx.table, p.payer)}
        label = ui("keep_pair", lang, a=card_name(a["cards"][0], lang), b=card_name(a["cards"][1], lang))
        description = fit_text(
            DESCRIPTION,
            ui("keep_hint", lang, cards=cards_text(rest, lang), **hint),
            ui("keep_hint", lang, cards=", ".join(card_short(c, value_of(c), lang) for c in rest), **hint),
        )
        options.append(
            discord.SelectOption(label=fit_text(LABEL, label), value=str(i), description=description)
        )
    if options:
        controls.add_item(
            ActSelect.make(ctx.channel_id, ctx.version, "L", ui("keep_pick", lang), options, row=0)
        )


# -- Phase B: the draw --------------------------------------------------
def draw_controls(
    ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    lang = ctx.language
    wanted = HAND_SIZE - len(v.hand or [])
    embed.description = ui("you_draw", lang, count=wanted)
    for _i, a in legal.legal(ctx, "draw"):
        if a["source"] == "deck":
            label = ui("draw_deck", lang, count=min(wanted, v.deck_count))
            controls.add_item(source_button(ctx, DRAW, a["source"], label, BLUE, row=0))
            continue
        pile = next(x for x in v.piles if x.family == a["source"])
        got = pile.cards[::-1][:wanted]
        label = ui("draw_pile", lang, suit=suit(pile.family, lang), count=len(got))
        controls.add_item(source_button(ctx, DRAW, a["source"], label, GREY, row=1))
        embed.description += "\n" + ui(
            "pile_gives", lang, suit=suit(pile.family, lang), cards=cards_text(got, lang)
        )
    switch = buy_switch(ctx, v, controls, row=3)  # Phase C answered with the draw
    if switch:
        embed.description += "\n\n" + "\n".join(switch)
    # Piles that may not be drawn from now, and why (R9, R26).
    offered = {a["source"] for _i, a in legal.legal(ctx, "draw")}
    for pile in v.piles:
        if pile.size and pile.family not in offered:
            why = "pile_own_discard" if pile.family == v.discarded else "pile_stall"
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    f"off.{FAMILIES.index(pile.family)}",
                    ui(why, lang, suit=suit(pile.family, lang)),
                    disabled=True,
                    row=2,
                )
            )


# -- Phase C: buying a meeting place -----------------------------------
def buy_controls(ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed) -> None:
    lang = ctx.language
    me = v.seats[ctx.seat]
    embed.description = ui("you_may_buy", lang, count=me.point_count, places=me.places)
    for i, a in legal.legal(ctx, "buy", "end_turn"):
        if a["kind"] == "buy":
            controls.add_item(
                legal.button(ctx, i, ui("buy", lang, count=PLACE_COST), style=BLUE, emoji="🏕️", row=0)
            )
        else:
            controls.add_item(legal.button(ctx, i, ui("end_turn", lang), style=GREEN, emoji="✅", row=0))


def pay_controls(ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed) -> None:
    lang = ctx.language
    embed.description = (
        ui(
            "you_pay",
            lang,
            count=len(v.purchase),
            left=PLACE_COST - len(v.purchase),
            cards=cards_text(v.purchase, lang),
        )
        if v.purchase
        else ui("you_pay_none", lang)
    )
    entries = []
    for i, a in legal.legal(ctx, "pay"):
        family = family_of(a["card"])
        label = card_name(a["card"], lang)
        if family == v.favourite and not is_joker(a["card"]):
            label = "⭐ " + label
        entries.append((i, family, suit(family, lang), label))
    for item in legal.narrowed(
        ctx,
        entries,
        draft_key="family",
        group_placeholder=ui("pay_family", lang),
        placeholder=ui("pay_pick", lang),
        row=0,
    ):
        controls.add_item(item)
    for i, _a in legal.legal(ctx, "cancel_purchase"):
        controls.add_item(legal.button(ctx, i, ui("cancel_purchase", lang), style=RED, emoji="↩️", row=4))


# -- clicks --------------------------------------------------------------
def click(ctx: PanelContext, payload: str, values: list[str]) -> Click:
    v = as_view(ctx.view)
    if payload == REFRESH:
        return Click()
    ending = draw_click(ctx, v, payload, values)  # ✅, the draw, a discard, 🏕️
    if ending is not None:
        return ending
    if payload in ("tk", WHOLE):
        # Further selects of legal-action indices (a message needs unique custom_ids).
        chosen = legal.click(ctx, "L", values)
        assert chosen is not None
        return chosen
    for decode in (legal.click, legal.group_click):
        found = decode(ctx, payload, values)
        if found is not None:
            return found
    if payload == "pick":
        hand = set(v.hand or [])
        if not values or not set(values) <= hand:
            raise TableError("akelarre.ui.not_in_hand")
        return Click(draft={**(ctx.draft or {}), "cards": values})
    if payload == "clear":
        return Click(draft={**(ctx.draft or {}), "cards": []})
    raise TableError("error.bad_action")
