"""How a Talismani table looks in Discord.

The board (public) shows the weather row, the stake, everyone's hand size,
talismans and waiting combinations, and during a turn only *who* has chosen.
A player's panel (ephemeral) shows their hand grouped by suit in weather
order and, during the secret play, one select of their cards (a hand holds
at most 20, within Discord's 25 options) with a confirmation step: the pick is
a draft kept for that seat only until it is confirmed. Every later choice
(set aside, stake, Change order, Change weather, sharing picks) is a select or
buttons of the engine's legal actions, asked of the right player in turn.
"""

from __future__ import annotations

from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import t
from bot.presenter import Click, PanelContext, Presenter
from bot.render import seat_name
from bot.table import TableError, TableInfo
from cogs import legal
from cogs.controls import ActButton, ActSelect, static_view
from games.core import Decision
from games.talismani import TalismaniView
from games.talismani.data import FIRST_TALISMAN, JOKERS

GAME = "talismani"
GREEN, GREY, RED = discord.ButtonStyle.success, discord.ButtonStyle.secondary, discord.ButtonStyle.danger


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"talismani.ui.{key}", language, **params)


def card(card_id: str, language: str) -> str:
    return t(f"talismani.card.{card_id}", language)


def cards(ids: list[str], language: str) -> str:
    return ", ".join(card(c, language) for c in ids) or t("common.nothing", language)


def suit(suit_id: str, language: str) -> str:
    return t(f"talismani.suit.{suit_id}", language)


def _as_view(view: BaseModel) -> TalismaniView:
    assert isinstance(view, TalismaniView)
    return view


def _sort_key(v: TalismaniView, card_id: str) -> tuple[int, int, str]:
    """Hand order: fairies by weather position then value, then specials."""
    head, _, tail = card_id.partition("-")
    if tail.isdigit() and head in v.row:
        return (v.row.index(head), int(tail), card_id)
    return (len(v.row), 0, card_id)


def _group(card_id: str) -> str:
    """A card's suit, or "specials" for the special cards and Jokers."""
    head, _, tail = card_id.partition("-")
    return head if tail.isdigit() else "specials"


def hand_lines(v: TalismaniView, hand: list[str], language: str) -> list[str]:
    """The hand grouped by suit in weather order (dominant first), specials last."""
    by_suit: dict[str, list[str]] = {}
    others: list[str] = []
    for c in sorted(hand, key=lambda c: _sort_key(v, c)):
        head, _, tail = c.partition("-")
        if tail.isdigit() and head in v.row:
            by_suit.setdefault(head, []).append(tail)
        else:
            others.append(c)
    lines = [f"{suit(s, language)}: **{' · '.join(by_suit[s])}**" for s in v.row if s in by_suit]
    if others:
        lines.append(cards(others, language))
    return lines or [t("common.nothing", language)]


class TalismaniPresenter(Presenter):
    game_id = GAME

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _as_view(view)
        over = v.phase == "over"
        embed = discord.Embed(
            title=_ui("board_title", language, turn=v.turn),
            description=self._phase_text(table, v, decision, language),
            colour=discord.Colour.green() if over else discord.Colour.purple(),
        )
        embed.add_field(
            name=_ui("row", language),
            value=" › ".join(suit(s, language) for s in v.row),
            inline=False,
        )
        if v.stake is not None:
            worth = _ui("whole" if v.stake == FIRST_TALISMAN else "half", language)
            embed.add_field(name=_ui("stake", language), value=f"{card(v.stake, language)} ({worth})")
        if v.pool:
            embed.add_field(name=_ui("pool", language), value=cards(v.pool, language)[:1024], inline=False)
        lines = []
        for s in v.seats:
            mark = ""
            if v.phase == "play" and decision is not None:
                mark = "✅ " if s.seat in v.chosen else "⏳ "
            line = _ui(
                "seat_line",
                language,
                mark=mark,
                seat=seat_name(table, s.seat),
                hand=s.hand_size,
                whole=s.whole,
                halves=s.halves,
            )
            if s.pending:
                waiting = "; ".join(cards(p.cards, language) for p in s.pending)
                line += "\n" + _ui("pending_line", language, cards=waiting)
            lines.append(line)
        embed.add_field(name=_ui("players", language), value="\n".join(lines)[:1024], inline=False)
        if v.plays and v.phase != "play":
            embed.add_field(
                name=_ui("reveal", language, turn=v.reveal_turn or v.turn),
                value=self._plays(table, v, language)[:1024],
                inline=False,
            )
        return embed

    def _plays(self, table: TableInfo, v: TalismaniView, language: str) -> str:
        if v.void:
            return _ui("void", language)
        out = []
        for p in sorted(v.plays, key=lambda p: p.rank):
            what = cards(p.cards, language) if p.cards else _ui("forge_play", language)
            out.append(f"{p.rank}. {seat_name(table, p.seat)}: {what}")
        return "\n".join(out)

    def _phase_text(
        self, table: TableInfo, v: TalismaniView, decision: Decision | None, language: str
    ) -> str:
        if v.phase == "over" or decision is None:
            return _ui("over", language)
        if v.phase == "play":
            return _ui("phase_play", language, done=len(v.chosen), total=v.players)
        actor = seat_name(table, decision.actors[0]) if decision.actors else "-"
        if v.phase == "set_aside":
            return _ui("phase_set_aside", language, done=len(v.aside_done), total=len(v.aside_seats))
        return t(f"talismani.decision.{decision.kind.split('.')[-1]}", language, seat=actor)

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v = _as_view(ctx.view)
        lang = ctx.language
        hand = v.hand or []
        embed = discord.Embed(
            title=_ui("panel_title", lang, count=len(hand)), colour=discord.Colour.blurple()
        )
        embed.add_field(
            name=_ui("your_hand", lang), value="\n".join(hand_lines(v, hand, lang))[:1024], inline=False
        )
        embed.add_field(name=_ui("row", lang), value=" › ".join(suit(s, lang) for s in v.row), inline=False)
        me = v.seats[ctx.seat]
        if me.pending:
            embed.add_field(
                name=_ui("your_pending", lang),
                value="\n".join(cards(p.cards, lang) for p in me.pending)[:1024],
                inline=False,
            )
        controls = static_view()
        decision = ctx.decision
        if decision is None:
            embed.description = _ui("over", lang)
        elif ctx.seat not in decision.actors:
            if v.phase == "play" and v.my_choice is not None:
                what = cards(v.my_choice.cards, lang) if v.my_choice.cards else _ui("forge_play", lang)
                embed.description = _ui("you_chose", lang, cards=what)
            elif ctx.seat in decision.done:
                embed.description = _ui("you_answered", lang)
            else:
                embed.description = self._phase_text(ctx.table, v, decision, lang)
        elif v.phase == "play":
            self._play_controls(ctx, v, controls, embed)
        else:
            self._choice_controls(ctx, v, controls, embed)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=4)
        )
        return embed, controls

    def _play_controls(
        self, ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        hand = sorted(v.hand or [], key=lambda c: _sort_key(v, c))
        picked = [c for c in (ctx.draft or {}).get("cards", []) if c in hand]
        embed.description = _ui("you_play", lang)
        if picked:
            embed.add_field(name=_ui("your_pick", lang), value=cards(picked, lang), inline=False)
        visible = hand
        if len(hand) > legal.SELECT_LIMIT:
            # More cards than a select holds (won cards refill hands): pick the
            # suit first. A play is one suit, or a Joker with a fairy, so the
            # suit's cards plus the Jokers hold every legal play.
            groups = list(dict.fromkeys(_group(c) for c in hand))
            group = (ctx.draft or {}).get("suit")
            group = group if group in groups else groups[0]
            controls.add_item(
                ActSelect.make(
                    ctx.channel_id,
                    ctx.version,
                    "G.suit",
                    _ui("pick_suit", lang),
                    [
                        discord.SelectOption(
                            label=suit(g, lang) if g in v.row else _ui("specials", lang),
                            value=g,
                            default=g == group,
                        )
                        for g in groups
                    ],
                    row=3,
                )
            )
            visible = [c for c in hand if _group(c) == group or c in JOKERS]
        options = [
            discord.SelectOption(label=card(c, lang)[:100], value=c, default=c in picked) for c in visible
        ][: legal.SELECT_LIMIT]
        if options:
            controls.add_item(
                ActSelect.make(
                    ctx.channel_id,
                    ctx.version,
                    "pick",
                    _ui("pick_cards", lang),
                    options,
                    min_values=1,
                    max_values=2,
                    row=0,
                )
            )
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                "confirm",
                _ui("confirm", lang),
                style=GREEN,
                emoji="✅",
                disabled=not picked,
                row=1,
            )
        )
        if picked:
            controls.add_item(
                ActButton.make(ctx.channel_id, ctx.version, "clear", _ui("clear", lang), emoji="↩️", row=1)
            )
        for index, _action in legal.legal(ctx, "forge"):
            controls.add_item(
                legal.button(ctx, index, _ui("forge_button", lang), style=GREEN, emoji="🔨", row=2)
            )

    def _choice_controls(
        self, ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        embed.description = _ui(f"you_{v.phase}", lang)
        entries = legal.legal(ctx)
        if v.phase in ("stake", "share"):
            pick = legal.select(
                ctx,
                _ui(f"{v.phase}_pick", lang),
                [(i, card(a["card"], lang)) for i, a in entries if "card" in a],
                row=0,
            )
            if pick is not None:
                controls.add_item(pick)
            return
        if v.phase == "change_order":
            keep = [(i, a) for i, a in entries if v.row.index(a["suit"]) + 1 == a["position"]]
            moves = [
                (i, _ui("move_suit", lang, suit=suit(a["suit"], lang), position=a["position"]))
                for i, a in entries
                if (i, a) not in keep
            ]
            pick = legal.select(ctx, _ui("change_order_pick", lang), moves, row=0)
            if pick is not None:
                controls.add_item(pick)
            if keep:
                controls.add_item(legal.button(ctx, keep[0][0], _ui("keep_order", lang), row=1))
            return
        for index, action in entries:  # set aside, change weather, weather: yes/no buttons
            yes = bool(action.get("yes", action.get("rotate")))
            label = _ui(f"{v.phase}_{'yes' if yes else 'no'}", lang)
            controls.add_item(legal.button(ctx, index, label, style=GREEN if yes else GREY, row=0))

    # -- clicks --------------------------------------------------------------
    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        v = _as_view(ctx.view)
        if payload == "refresh":
            return Click()
        for decode in (legal.click, legal.group_click):
            chosen = decode(ctx, payload, values)
            if chosen is not None:
                return chosen
        hand = set(v.hand or [])
        if payload == "pick":
            if not values or not set(values) <= hand:
                raise TableError("talismani.ui.not_in_hand")
            return Click(draft={"cards": values[:2]})
        if payload == "clear":
            return Click(draft={"cards": []})
        if payload == "confirm":
            picked = [c for c in (ctx.draft or {}).get("cards", []) if c in hand]
            if not picked:
                raise TableError("talismani.ui.pick_first")
            return Click(action={"kind": "play", "cards": picked})
        raise TableError("error.bad_action")
