"""Akelarre's turn in fewer clicks: whole moves, and Done with the draw.

* **Whole moves.** The opens and adds the normal AI would make now
  (``AkelarreAI.ranked``: captures, then opens and adds on the player's own places),
  in its order, one option each of a select, "Open 🌳 run 2·3·4 on your place 1";
  the builder (cards, then where they go) stays for every other move.
* **Done, the draw and Phase C in one click.** After a card was played, each ✅ button
  ends Phase A and draws from one source (AK-2.3, AK-8.1); the draw step's buttons
  draw. Where a meeting place may be bought after the draw (AK-9.1), the same click
  answers Phase C too: the turn ends, or, with the 🏕️ switch on, the purchase starts.
  Several decisions of the rules, as many actions of the engine, played one after
  the other in one change (``Click.then``). Where the deck is the only source the
  engine draws by itself (so a discard's click may answer Phase C as well).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.model import TableError
from cogs.akelarre.places import card_short, group_short
from cogs.akelarre.words import cards_text, plain_name, suit, ui
from cogs.kit import legal
from cogs.kit.acts import ActButton, ActSelect
from cogs.kit.controls import BLUE, GREEN, GREY, fit_text, index_field
from cogs.kit.presenter import Click, PanelContext
from games.akelarre.face import (
    COMPLETE,
    DECK,
    FAMILIES,
    HAND_SIZE,
    PLACE_COST,
    AkelarreAI,
    AkelarreView,
    Buy,
    Draw,
    EndTurn,
    Placed,
    card_points,
    family_of,
    is_joker,
    kind_of,
    may_buy,
    open_sources,
    resolve,
)
from games.core import RuleError

WHOLE = "wm"  # the whole-move select: its values are legal-action indices
DONE = "dn."  # Done and a draw: dn.d (the deck), dn.0 … dn.4 (a family's pile)
DRAW = "dr."  # the draw step's buttons, the same way
BUY = "buy"  # the 🏕️ switch: buy a place after the draw (a draft), or end the turn with it
LABEL, DESCRIPTION = 100, 100  # Discord's characters per option label and description


def same_move(a: dict[str, Any]) -> tuple[Any, ...]:
    """An open or add whichever copy of identical cards it names (the generator lists one)."""
    return (a["kind"], a["place"], tuple(sorted(kind_of(c) for c in a["cards"])), a.get("joker_value"))


def made(v: AkelarreView, a: dict[str, Any]) -> list[Placed]:
    """The group an open or add makes (jokers with their values), [] if it makes none."""
    place = next(p for p in v.places if p.id == a["place"])
    existing = [] if a["kind"] == "open" else [Placed(card=c.card, value=c.value) for c in place.cards]
    new = [*a["cards"], *([v.held.card] if v.held is not None else [])]
    try:
        return resolve(existing, new, a.get("joker_value"))
    except RuleError:
        return []


def whole_moves(ctx: PanelContext, v: AkelarreView) -> list[tuple[int, dict[str, Any]]]:
    """The legal opens and adds the normal AI ranks, in its order, as many as a select holds.
    An open of the same cards on another of the player's own free places is the same move
    (the places are alike): only the first is listed."""
    index = {same_move(a): i for i, a in legal.legal(ctx, "open", "add")}
    if not index or v.hand is None or v.favourite is None:
        return []
    free = {p.id for p in v.places if p.free and p.owner == ctx.seat}
    out: list[tuple[int, dict[str, Any]]] = []
    opened: set[tuple[Any, ...]] = set()
    for move in AkelarreAI(ctx.seat).ranked(v):
        key = same_move(move.model_dump(mode="json"))
        if key not in index:
            continue
        if key[0] == "open" and key[1] in free:
            if key[2:] in opened:
                continue
            opened.add(key[2:])
        i = index[key]
        out.append((i, (ctx.legal or [])[i]))
        if len(out) == legal.SELECT_LIMIT:
            break
    return out


def whole_option(ctx: PanelContext, v: AkelarreView, index: int, a: dict[str, Any]) -> discord.SelectOption:
    """ "Open 🌳 run 2·3·4 on your place 1" / "Add 🍄 5 to ann's place 2", described by
    the group it makes, or by the capture."""
    lang = ctx.language
    place = next(p for p in v.places if p.id == a["place"])
    group = made(v, a)
    cards = [(p.card, p.value) for p in group]
    mine = place.owner == ctx.seat
    where = (
        {"number": place.number}
        if mine
        else {"number": place.number, "seat": plain_name(ctx.table, place.owner)}
    )
    verb = ("whole_open" if a["kind"] == "open" else "whole_add") + ("_yours" if mine else "_other")
    new = {*a["cards"], *([v.held.card] if v.held is not None else [])}
    held = v.held.card if v.held is not None else None
    added = " + ".join(
        ("✋" if c == held else "") + card_short(c, value, lang) for c, value in cards if c in new
    )
    shown = group_short(cards, lang, opened=True) if a["kind"] == "open" else added
    label = fit_text(
        LABEL, ui(verb, lang, group=shown, cards=shown, **where), ui(f"{verb}_short", lang, **where)
    )
    if len(group) == COMPLETE and mine:
        _fc, fav, _oc, other, _j = card_points([c for c, _ in cards], v.favourite or "")
        description = ui("whole_capture_own", lang, count=fav + other)
    elif len(group) == COMPLETE:
        description = ui("whole_capture_other", lang, seat=plain_name(ctx.table, place.owner))
    elif a["kind"] == "open":
        description = ui("whole_new", lang, count=COMPLETE - len(group))
    else:
        left = COMPLETE - len(group)
        description = fit_text(
            DESCRIPTION,
            ui("whole_makes", lang, group=group_short(cards, lang), count=left),
            ui("whole_left", lang, count=left),
        )
    if any(family_of(c) == v.favourite and not is_joker(c) for c in new):
        description = "⭐ " + description
    return discord.SelectOption(label=label, value=str(index), description=fit_text(DESCRIPTION, description))


def whole_select(ctx: PanelContext, v: AkelarreView, row: int) -> ActSelect | None:
    moves = whole_moves(ctx, v)
    if not moves:
        return None
    options = [whole_option(ctx, v, i, a) for i, a in moves]
    return ActSelect.make(
        ctx.channel_id, ctx.version, WHOLE, ui("whole_pick", ctx.language), options, row=row
    )


# -- Done, the draw and Phase C ----------------------------------------------------
def sources(v: AkelarreView, discarded: str | None = None) -> list[str]:
    """Where the draw may come from once Phase A ends now (AK-8.1, R9, R26); with
    ``discarded``, once that family's card is discarded."""
    piles = {p.family: p.size + (p.family == discarded) for p in v.piles}
    return open_sources(v.deck_count, piles, discarded or v.discarded, v.stall_blocked)


def buying(ctx: PanelContext, v: AkelarreView) -> bool | None:
    """Whether Phase C will ask after the draw (AK-9.1): None if not, else whether the
    member has chosen to buy (the 🏕️ switch, a draft of this panel; off at first)."""
    me = v.seats[ctx.seat]
    if not may_buy(v.final_round, me.point_count, me.places):
        return None
    return bool((ctx.draft or {}).get("buy"))


def after_draw(ctx: PanelContext, v: AkelarreView) -> list[dict[str, Any]]:
    """What the draw's click plays next: Phase C's answer, as the 🏕️ switch says."""
    choice = buying(ctx, v)
    if choice is None:
        return []
    return [(Buy() if choice else EndTurn()).model_dump(mode="json")]


def buy_switch(ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, *, row: int) -> list[str]:
    """🏕️: buy a meeting place after the draw, or (off) end the turn with the draw."""
    choice = buying(ctx, v)
    if choice is None:
        return []
    lang = ctx.language
    label = ui("buy_on" if choice else "buy_off", lang, count=PLACE_COST)
    controls.add_item(
        ActButton.make(
            ctx.channel_id, ctx.version, BUY, label, style=BLUE if choice else GREY, emoji="🏕️", row=row
        )
    )
    return [ui("buying" if choice else "may_buy", lang, count=v.seats[ctx.seat].point_count)]


def done_buttons(ctx: PanelContext, v: AkelarreView, controls: discord.ui.View) -> list[str]:
    """A ✅ button per draw source (the deck on the last row, the piles above it), and
    what each pile would give; nothing where Done alone must be offered (a final turn)."""
    done = legal.legal(ctx, "done")
    if not done or v.final_round or not sources(v):
        return []
    lang = ctx.language
    wanted = HAND_SIZE - len(v.hand or [])
    lines = [ui("done_then_draw" if len(sources(v)) > 1 else "done_then_deck", lang, count=wanted)]
    for source in sources(v):
        if source == DECK:
            label = ui("done_deck", lang, count=min(wanted, v.deck_count))
            controls.add_item(source_button(ctx, DONE, source, label, GREEN, row=4))
            continue
        pile = next(p for p in v.piles if p.family == source)
        got = pile.cards[::-1][:wanted]
        label = ui("done_pile", lang, suit=suit(source, lang), count=len(got))
        controls.add_item(source_button(ctx, DONE, source, label, GREY, row=3))
        lines.append(ui("pile_gives", lang, suit=suit(source, lang), cards=cards_text(got, lang)))
    return lines + buy_switch(ctx, v, controls, row=4)


def source_button(
    ctx: PanelContext, prefix: str, source: str, label: str, style: discord.ButtonStyle, *, row: int
) -> ActButton:
    """``dn.<source>`` (Done, then that draw) or ``dr.<source>`` (the draw): ``d`` for
    the deck, a family's index (never its name, in a custom_id) for its pile."""
    key = "d" if source == DECK else str(FAMILIES.index(source))
    emoji = "✅" if prefix == DONE else ("🂠" if source == DECK else None)
    return ActButton.make(ctx.channel_id, ctx.version, prefix + key, label, style=style, emoji=emoji, row=row)


def source_of(key: str) -> str | None:
    if key == "d":
        return DECK
    index = index_field(key, len(FAMILIES))
    return None if index is None else FAMILIES[index]


def draw_click(ctx: PanelContext, v: AkelarreView, payload: str, values: list[str]) -> Click | None:
    """The clicks of the end of a turn; None if ``payload`` is not one of them:

    * ``dn.<source>``: Done, then the draw from that source (the engine's own draw where
      the deck is the only source), then Phase C's answer;
    * ``dr.<source>``: the draw, then Phase C's answer;
    * ``dc`` (a discard): when the draw that follows is the engine's own, Phase C's answer too;
    * ``buy``: the 🏕️ switch.
    """
    if payload == BUY:
        if buying(ctx, v) is None:
            raise TableError("error.bad_action")
        return Click(draft={**(ctx.draft or {}), "buy": not buying(ctx, v)})
    if payload == "dc":
        click = legal.click(ctx, "L", values)
        if click is None or click.action is None or click.action.get("kind") != "discard":
            raise TableError("error.bad_action")
        if len(sources(v, family_of(click.action["card"]))) == 1:
            click.then = after_draw(ctx, v)
        return click
    if payload.startswith(DRAW):
        source = source_of(payload[len(DRAW) :])
        drawn = [(i, a) for i, a in legal.legal(ctx, "draw") if a["source"] == source]
        if not drawn:
            raise TableError("error.bad_action")
        return Click(action=dict(drawn[0][1]), then=after_draw(ctx, v))
    if not payload.startswith(DONE):
        return None
    source = source_of(payload[len(DONE) :])
    done = legal.legal(ctx, "done")
    open_now = sources(v)
    if not done or v.final_round or source not in open_now:
        raise TableError("error.bad_action")
    then = [Draw(source=source).model_dump(mode="json")] if len(open_now) > 1 else []
    return Click(action=dict(done[0][1]), then=then + after_draw(ctx, v))
