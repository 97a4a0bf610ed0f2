"""The secret play in a seat's panel: one select of its cards (by suit when the hand is too big), the
pick kept as a draft with what it is worth, its confirmation, the Forge button, and their clicks."""

from __future__ import annotations

import discord

from bot.model import TableError
from cogs.kit import legal
from cogs.kit.acts import ActButton, ActSelect
from cogs.kit.controls import BUTTON_LABEL, GREEN, OPTION_TEXT, fit_text
from cogs.kit.presenter import Click, PanelContext
from cogs.talismani.words import card, played, sort_key, suit, ui
from games.talismani.face import JOKERS, Choice, TalismaniView, reveal_play


def _group(card_id: str) -> str:
    """A card's suit, or "specials" for the special cards and Jokers."""
    head, _, tail = card_id.partition("-")
    return head if tail.isdigit() else "specials"


def play_controls(
    ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
) -> None:
    """The secret play, one control row at a time: the suit (row 3, for a big hand), the cards
    (row 0), Confirm and Clear (row 1), Forge (row 2)."""
    hand = sorted(v.hand or [], key=lambda c: sort_key(v, c))
    picked = [c for c in (ctx.draft or {}).get("cards", []) if c in hand]
    forge = legal.legal(ctx, "forge")
    ok = bool(picked) and _is_legal(ctx, picked)
    if picked:
        embed.add_field(
            name=ui("your_pick", ctx.language), value=_pick_text(v, picked, ok, ctx.language), inline=False
        )
    embed.description = "\n\n".join(_text(ctx, v, bool(forge)))
    visible = _suit_row(ctx, v, hand, controls)
    _cards_row(ctx, visible, picked, controls)
    _confirm_row(ctx, picked, ok, controls)
    for index, _action in forge:
        controls.add_item(
            legal.button(ctx, index, ui("forge_button", ctx.language), style=GREEN, emoji="🔨", row=2)
        )


def _text(ctx: PanelContext, v: TalismaniView, forge: bool) -> list[str]:
    text = [ui("you_play", ctx.language)]
    if forge:
        ready = [p for p in v.seats[ctx.seat].pending if p.suit == v.row[0]]
        cards = "; ".join(played(p.cards, ctx.language) for p in ready)
        text.append(
            ui(
                "you_can_forge",
                ctx.language,
                suit=suit(v.row[0], ctx.language),
                cards=cards,
                count=len(ready),
            )
        )
    return text


def _suit_row(ctx: PanelContext, v: TalismaniView, hand: list[str], controls: discord.ui.View) -> list[str]:
    """Row 3, for more cards than a select holds (won cards refill hands): the suit first. A
    play is one suit, or a Joker with a fairy, so the suit's cards plus the Jokers hold every
    legal play. The cards the cards' row offers."""
    if len(hand) <= legal.SELECT_LIMIT:
        return hand
    groups = list(dict.fromkeys(_group(c) for c in hand))
    group = (ctx.draft or {}).get("suit")
    group = group if group in groups else groups[0]
    options = [
        discord.SelectOption(
            label=suit(g, ctx.language) if g in v.row else ui("specials", ctx.language),
            value=g,
            default=g == group,
        )
        for g in groups
    ]
    controls.add_item(
        ActSelect.make(ctx.channel_id, ctx.version, "G.suit", ui("pick_suit", ctx.language), options, row=3)
    )
    return [c for c in hand if _group(c) == group or c in JOKERS]


def _cards_row(ctx: PanelContext, visible: list[str], picked: list[str], controls: discord.ui.View) -> None:
    """Row 0: one or two cards. The two Jokers are identical in play and never played
    together (R7): one option is enough, and the labels stay distinct."""
    joker = next((c for c in picked if c in JOKERS), None) or next((c for c in visible if c in JOKERS), None)
    visible = [c for c in visible if c not in JOKERS or c == joker]
    options = [
        discord.SelectOption(label=fit_text(OPTION_TEXT, card(c, ctx.language)), value=c, default=c in picked)
        for c in visible
    ][: legal.SELECT_LIMIT]
    if options:
        controls.add_item(
            ActSelect.make(
                ctx.channel_id,
                ctx.version,
                "pick",
                ui("pick_cards", ctx.language),
                options,
                min_values=1,
                max_values=min(2, len(options)),
                row=0,
            )
        )


def _confirm_row(ctx: PanelContext, picked: list[str], ok: bool, controls: discord.ui.View) -> None:
    """Row 1: Confirm, saying what it plays (or why not), and Clear once something is picked."""
    lang = ctx.language
    if not picked:
        label = ui("confirm_none", lang)
    elif ok:
        label = ui("confirm", lang, cards=played(picked, lang))
    else:
        label = ui("confirm_illegal", lang)
    confirm = ActButton.make(
        ctx.channel_id,
        ctx.version,
        "confirm",
        fit_text(BUTTON_LABEL, label),
        style=GREEN,
        emoji="✅",
        disabled=not ok,
        row=1,
    )
    controls.add_item(confirm)
    if picked:
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "clear", ui("clear", lang), emoji="↩️", row=1)
        )


def _is_legal(ctx: PanelContext, picked: list[str]) -> bool:
    """The pick is one of the seat's legal plays (the engine checks it again)."""
    if ctx.legal is None:
        return True
    return any(a.get("kind") == "play" and sorted(a.get("cards", [])) == sorted(picked) for a in ctx.legal)


def _pick_text(v: TalismaniView, picked: list[str], ok: bool, lang: str) -> str:
    """What the pick is worth and whether it could forge: so the player knows before playing."""
    if not ok:
        return ui("pick_illegal", lang, cards=played(picked, lang))
    play = reveal_play(v.seat or 0, Choice(cards=picked))
    if play.total is None:
        return ui("pick_special", lang, cards=played(picked, lang))
    assert play.suit is not None
    text = ui(
        "pick_value",
        lang,
        cards=played(play.cards, lang),
        total=play.total,
        suit=suit(play.suit, lang),
        place=v.row.index(play.suit) + 1,
    )
    if play.combination:
        text += "\n" + ui("pick_combination", lang)
    return text


def pick_click(ctx: PanelContext, v: TalismaniView, payload: str, values: list[str]) -> Click:
    """A click on the pick's select or buttons: the draft changes until ``confirm`` plays it."""
    hand = set(v.hand or [])
    if payload == "pick":
        if not values or not set(values) <= hand:
            raise TableError("talismani.ui.not_in_hand")
        # Keep the suit being browsed (hands over 25 cards): only the pick changes.
        return Click(draft={**(ctx.draft or {}), "cards": values[:2]})
    if payload == "clear":
        return Click(draft={**(ctx.draft or {}), "cards": []})
    if payload == "confirm":
        picked = [c for c in (ctx.draft or {}).get("cards", []) if c in hand]
        if not picked:
            raise TableError("talismani.ui.pick_first")
        return Click(action={"kind": "play", "cards": picked})
    raise TableError("error.bad_action")
