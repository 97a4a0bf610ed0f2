"""How a Talismani table looks in Discord.

The board (public) shows the weather row, the stake, everyone's hand size and
running talisman total (whole + halves = total), the combinations waiting to
be forged, the last reveal with each play's value, and during a turn only
*who* has chosen. A player's panel (ephemeral) shows their hand grouped by
suit in weather order, their talismans and, during the secret play, one select
of their cards with a confirmation step: the pick is a draft kept for that seat
only until it is confirmed. Every later choice (set aside, stake, Change
order, Change weather, sharing picks) is a select or buttons of the engine's
legal actions, each saying what it will do.

At the end the platform puts the final record on top of the board and of
every panel; this presenter gives each score in words (``score_text``), a
headline with the winning total and, when a tie-break decided a place, why.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import join, t
from bot.model import TableError, TableInfo
from bot.presenter import Click, PanelContext, Presenter
from bot.render import seat_name
from cogs import legal
from cogs.controls import static_view
from cogs.panel import ActButton, ActSelect
from games.core import Decision, Outcome, Standing
from games.talismani import TalismaniView
from games.talismani.data import FIRST_TALISMAN, JOKERS
from games.talismani.game import talismans_text
from games.talismani.plays import reveal_play
from games.talismani.state import Choice, RevealedPlay
from games.talismani.views import SeatView

GAME = "talismani"
GREEN, GREY = discord.ButtonStyle.success, discord.ButtonStyle.secondary
FIELD_LIMIT = 1024  # Discord's characters per embed field value


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"talismani.ui.{key}", language, **params)


def card(card_id: str, language: str) -> str:
    return t(f"talismani.card.{card_id}", language)


def cards(ids: list[str], language: str) -> str:
    return ", ".join(card(c, language) for c in ids) or t("common.nothing", language)


def played(ids: list[str], language: str) -> str:
    """The cards of one play, as it is laid down: "🃏 Joker + 🌫️ Fog 2"."""
    return " + ".join(card(c, language) for c in ids)


def suit(suit_id: str, language: str) -> str:
    return t(f"talismani.suit.{suit_id}", language)


def talismans(halves: int, language: str) -> str:
    """A number of halves as talismans in words: "6½ talismans", "half a talisman"."""
    whole, half = divmod(halves, 2)
    if not half:
        return _ui("talismans", language, count=whole)
    if not whole:
        return _ui("half_talisman", language)
    return _ui("talismans_and_half", language, amount=talismans_text(halves))


def tally(whole: int, halves: int, language: str, *, full: bool = False) -> str:
    """A running total a player can check: "3 whole + 2 halves = 4 talismans" (TT-13.1).
    On the board a zero part is left out ("2 halves = 1 talisman", "no talismans yet");
    ``full`` keeps both parts, for the final record."""
    total = talismans(2 * whole + halves, language)
    parts = [
        _ui("count_whole", language, count=whole) if whole or full else "",
        _ui("count_halves", language, count=halves) if halves or full else "",
    ]
    if not any(parts):
        return _ui("no_talismans", language)
    return _ui("tally", language, parts=" + ".join(p for p in parts if p), total=total)


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


def weather_row(row: list[str], language: str, *, numbered: bool = False) -> str:
    """The row, dominant first and in bold; numbered where a place is to be chosen."""
    names = [suit(s, language) for s in row]
    if numbered:
        names = [f"{i}. {name}" for i, name in enumerate(names, start=1)]
    names[0] = f"**{names[0]}**"
    return " › ".join(names)


def whole_talismans(s: SeatView, row: list[str], language: str) -> list[str]:
    """A seat's whole talismans, best first by the order of tie-break 2 (TT-13.3)."""
    firsts = [card(FIRST_TALISMAN, language)] * s.won.count(FIRST_TALISMAN)
    forged = sorted((f.suit for f in s.forged), key=lambda x: row.index(x) if x in row else len(row))
    return firsts + [suit(x, language) for x in forged]


def _fit(lines: list[str]) -> str:
    """Lines joined within a field's limit: whole lines only, never a cut word."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > FIELD_LIMIT:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


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
            name=_ui("final_row" if over else "row", language),
            value=weather_row(v.row, language),
            inline=False,
        )
        if v.stake is not None:
            worth = _ui("whole" if v.stake == FIRST_TALISMAN else "half", language)
            embed.add_field(name=_ui("stake", language), value=f"{card(v.stake, language)} ({worth})")
        if v.pool:
            name = {"share": "pool_share", "stake": "pool_stake"}.get(v.phase, "pool")
            embed.add_field(
                name=_ui(name, language), value=cards(v.pool, language)[:FIELD_LIMIT], inline=False
            )
        if v.phase == "share" and v.sharing_order:
            order = " → ".join(seat_name(table, s) for s in v.sharing_order)
            embed.add_field(name=_ui("sharing_order", language), value=order, inline=False)
        if over:
            lines = [self._final_seat_line(table, v, s, language) for s in v.seats]
            embed.add_field(name=_ui("final_players", language), value=_fit(lines), inline=False)
        else:
            lines = [self._seat_line(table, v, s, decision, language) for s in v.seats]
            embed.add_field(name=_ui("players", language), value=_fit(lines), inline=False)
        if v.plays and v.reveal_turn is not None:
            embed.add_field(
                name=_ui("reveal", language, turn=v.reveal_turn),
                value=_fit(self._plays(table, v, language)),
                inline=False,
            )
        if not over:
            embed.set_footer(text=_ui("legend", language))
        return embed

    def _seat_line(
        self, table: TableInfo, v: TalismaniView, s: SeatView, decision: Decision | None, language: str
    ) -> str:
        mark = ""
        if decision is not None and v.phase == "play":
            mark = "✅ " if s.seat in v.chosen else "⏳ "
        elif decision is not None and v.phase == "set_aside" and s.seat in v.aside_seats:
            mark = "✅ " if s.seat in v.aside_done else "⏳ "
        line = _ui(
            "seat_line",
            language,
            mark=mark,
            seat=seat_name(table, s.seat),
            hand=_ui("count_cards", language, count=s.hand_size),
            talismans=tally(s.whole, s.halves, language),
        )
        for p in s.pending:
            key = "pending_ready" if v.row and p.suit == v.row[0] else "pending_line"
            line += "\n" + _ui(key, language, suit=suit(p.suit, language), cards=played(p.cards, language))
        return line

    def _final_seat_line(self, table: TableInfo, v: TalismaniView, s: SeatView, language: str) -> str:
        wholes = whole_talismans(s, v.row, language)
        return _ui(
            "final_seat_line",
            language,
            seat=seat_name(table, s.seat),
            wholes=_ui("wholes", language, count=len(wholes), list=", ".join(wholes))
            if wholes
            else _ui("no_wholes", language),
            halves=_ui("count_halves", language, count=s.halves),
        )

    def _plays(self, table: TableInfo, v: TalismaniView, language: str) -> list[str]:
        out = [self._play_line(table, v, p, language) for p in sorted(v.plays, key=lambda p: p.rank)]
        if v.void:
            out.append(_ui("void", language))
        return out

    def _play_line(self, table: TableInfo, v: TalismaniView, p: RevealedPlay, language: str) -> str:
        if p.kind == "forge":
            what = _ui("forge_play", language)
        elif p.total is None:
            what = _ui("no_value", language, cards=played(p.cards, language))
        elif len(p.cards) == 2:
            what = _ui("valued", language, cards=played(p.cards, language), total=p.total)
        else:
            what = played(p.cards, language)
        # A winning combination is not forged (TT-9.4): the hammer marks only the others.
        won = p.seat == v.winner and not v.void
        marks = " 🏆" if won else (" 🔨" if p.combination else "")
        return f"{p.rank}. {seat_name(table, p.seat)}: {what}{marks}"

    def _phase_text(
        self, table: TableInfo, v: TalismaniView, decision: Decision | None, language: str
    ) -> str:
        if v.phase == "over" or decision is None:
            return ""  # the final record goes on top (cogs.publisher.with_final_record)
        if v.phase == "play":
            return _ui("phase_play", language, done=len(v.chosen), total=v.players)
        if v.phase == "set_aside":
            names = join([seat_name(table, s) for s in v.aside_seats], language)
            return _ui(
                "phase_set_aside", language, seats=names, done=len(v.aside_done), count=len(v.aside_seats)
            )
        actor = seat_name(table, decision.actors[0]) if decision.actors else "-"
        return t(f"talismani.decision.{decision.kind.split('.')[-1]}", language, seat=actor)

    # -- the end -------------------------------------------------------------
    def score_amount(self, score: int, language: str) -> str:
        """A score is kept in halves (TT-13.1): "6½ talismans"."""
        return talismans(score, language)

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        """ "2 whole + 9 halves = 6½ talismans": every point can be checked (TT-13.1)."""
        whole = int(standing.details.get("whole", 0))
        halves = int(standing.details.get("halves", 0))
        return tally(whole, halves, language, full=True)

    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        winners = [s for s in outcome.standings if s.winner]
        if not winners:
            return t("table.final.nobody", language)
        return _ui(
            "headline",
            language,
            count=len(winners),
            names=join([seat_name(table, s.seat) for s in winners], language),
            total=talismans(winners[0].score or 0, language),
        )

    def final_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        return [*super().final_lines(table, outcome, language), *self.tie_lines(table, outcome, language)]

    def tie_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """Why equal totals are ranked as they are, in words (TT-13.2 to TT-13.4)."""
        row = [str(x) for x in outcome.params.get("row", [])]
        lines = []
        standings = outcome.standings
        for first, second in pairwise(standings):
            if first.score != second.score:
                continue
            params: dict[str, Any] = {
                "first": seat_name(table, first.seat),
                "second": seat_name(table, second.seat),
                "total": talismans(first.score or 0, language),
            }
            whole_a, whole_b = int(first.details.get("whole", 0)), int(second.details.get("whole", 0))
            orders_a = [int(x) for x in first.details.get("orders", [])]
            orders_b = [int(x) for x in second.details.get("orders", [])]
            if first.rank == second.rank:
                lines.append(_ui("tie_shared", language, **params))
            elif whole_a != whole_b:
                lines.append(_ui("tie_whole", language, first_whole=whole_a, second_whole=whole_b, **params))
            else:
                a, b = next((a, b) for a, b in zip(orders_a, orders_b, strict=True) if a != b)
                lines.append(
                    _ui(
                        "tie_order",
                        language,
                        whole=_ui("count_whole", language, count=whole_a),
                        first_talisman=self._ordered(a, row, language),
                        second_talisman=self._ordered(b, row, language),
                        **params,
                    )
                )
        return lines

    def _ordered(self, order: int, row: list[str], language: str) -> str:
        """A whole talisman by its order: 0 the First Talisman, else its suit's place (R32)."""
        if order == 0:
            return _ui("order_first", language, card=card(FIRST_TALISMAN, language))
        name = suit(row[order - 1], language) if 0 < order <= len(row) else "?"
        return _ui("order_suit", language, suit=name, place=order)

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v = _as_view(ctx.view)
        lang = ctx.language
        hand = v.hand or []
        over = v.phase == "over" or ctx.decision is None
        embed = discord.Embed(
            title=_ui("panel_title", lang, count=len(hand)), colour=discord.Colour.blurple()
        )
        embed.add_field(
            name=_ui("hand_left" if over else "your_hand", lang),
            value="\n".join(hand_lines(v, hand, lang))[:FIELD_LIMIT],
            inline=False,
        )
        numbered = v.phase == "change_order" and ctx.decision is not None and ctx.seat in ctx.decision.actors
        embed.add_field(
            name=_ui("row", lang), value=weather_row(v.row, lang, numbered=numbered), inline=False
        )
        if v.stake is not None and not over:
            worth = _ui("whole" if v.stake == FIRST_TALISMAN else "half", lang)
            embed.add_field(name=_ui("stake", lang), value=f"{card(v.stake, lang)} ({worth})")
        me = v.seats[ctx.seat]
        mine = [tally(me.whole, me.halves, lang)]
        mine += [
            _ui(
                "pending_ready" if p.suit == v.row[0] else "pending_line",
                lang,
                suit=suit(p.suit, lang),
                cards=played(p.cards, lang),
            )
            for p in me.pending
        ]
        embed.add_field(name=_ui("your_talismans", lang), value=_fit(mine), inline=False)
        controls = static_view()
        decision = ctx.decision
        if decision is None:
            embed.description = ""  # the final record goes on top (cogs.panel.render_panel)
        elif ctx.seat not in decision.actors:
            embed.description = self._waiting_text(ctx, v)
        elif v.phase == "play":
            self._play_controls(ctx, v, controls, embed)
        elif v.phase == "set_aside":
            self._set_aside_controls(ctx, v, controls, embed)
        else:
            self._choice_controls(ctx, v, controls, embed)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=4)
        )
        return embed, controls

    def _waiting_text(self, ctx: PanelContext, v: TalismaniView) -> str:
        lang = ctx.language
        assert ctx.decision is not None
        if v.phase == "play" and v.my_choice is not None:
            if not v.my_choice.cards:
                return _ui("you_chose_forge", lang)
            return _ui("you_chose", lang, cards=played(v.my_choice.cards, lang))
        if v.phase == "set_aside" and v.my_set_aside is not None:
            return _ui("you_set_aside_yes" if v.my_set_aside else "you_set_aside_no", lang)
        if ctx.seat in ctx.decision.done:
            return _ui("you_answered", lang)
        return self._phase_text(ctx.table, v, ctx.decision, lang)

    def _play_controls(
        self, ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        hand = sorted(v.hand or [], key=lambda c: _sort_key(v, c))
        picked = [c for c in (ctx.draft or {}).get("cards", []) if c in hand]
        forge = legal.legal(ctx, "forge")
        text = [_ui("you_play", lang)]
        if forge:
            ready = [p for p in v.seats[ctx.seat].pending if p.suit == v.row[0]]
            text.append(
                _ui(
                    "you_can_forge",
                    lang,
                    suit=suit(v.row[0], lang),
                    cards="; ".join(played(p.cards, lang) for p in ready),
                    count=len(ready),
                )
            )
        ok = bool(picked) and self._is_legal(ctx, picked)
        if picked:
            embed.add_field(
                name=_ui("your_pick", lang), value=self._pick_text(v, picked, ok, lang), inline=False
            )
        embed.description = "\n\n".join(text)
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
        # The two Jokers are identical in play and never played together (R7):
        # one option is enough, and the labels stay distinct.
        joker = next((c for c in picked if c in JOKERS), None) or next(
            (c for c in visible if c in JOKERS), None
        )
        visible = [c for c in visible if c not in JOKERS or c == joker]
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
                    max_values=min(2, len(options)),
                    row=0,
                )
            )
        if not picked:
            label = _ui("confirm_none", lang)
        elif ok:
            label = _ui("confirm", lang, cards=played(picked, lang))
        else:
            label = _ui("confirm_illegal", lang)
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                "confirm",
                label[:80],
                style=GREEN,
                emoji="✅",
                disabled=not ok,
                row=1,
            )
        )
        if picked:
            controls.add_item(
                ActButton.make(ctx.channel_id, ctx.version, "clear", _ui("clear", lang), emoji="↩️", row=1)
            )
        for index, _action in forge:
            controls.add_item(
                legal.button(ctx, index, _ui("forge_button", lang), style=GREEN, emoji="🔨", row=2)
            )

    @staticmethod
    def _is_legal(ctx: PanelContext, picked: list[str]) -> bool:
        """The pick is one of the seat's legal plays (the engine checks it again)."""
        if ctx.legal is None:
            return True
        return any(
            a.get("kind") == "play" and sorted(a.get("cards", [])) == sorted(picked) for a in ctx.legal
        )

    def _pick_text(self, v: TalismaniView, picked: list[str], ok: bool, lang: str) -> str:
        """What the pick is worth and whether it could forge: so the player knows before playing."""
        if not ok:
            return _ui("pick_illegal", lang, cards=played(picked, lang))
        play = reveal_play(v.seat or 0, Choice(cards=picked))
        if play.total is None:
            return _ui("pick_special", lang, cards=played(picked, lang))
        assert play.suit is not None
        text = _ui(
            "pick_value",
            lang,
            cards=played(play.cards, lang),
            total=play.total,
            suit=suit(play.suit, lang),
            place=v.row.index(play.suit) + 1,
        )
        if play.combination:
            text += "\n" + _ui("pick_combination", lang)
        return text

    def _set_aside_controls(
        self, ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        mine = next((p for p in v.plays if p.seat == ctx.seat), None)
        combo_suit = mine.suit if mine is not None and mine.suit is not None else v.row[0]
        effect = "aside_forged_now" if combo_suit == v.row[0] else "aside_waits"
        embed.description = _ui(
            "you_set_aside",
            lang,
            cards=played(mine.cards, lang) if mine is not None else "-",
            suit=suit(combo_suit, lang),
            effect=_ui(effect, lang, suit=suit(combo_suit, lang)),
        )
        for index, action in legal.legal(ctx):
            yes = bool(action.get("yes"))
            label = _ui("set_aside_yes" if yes else "set_aside_no", lang)
            controls.add_item(
                legal.button(
                    ctx, index, label, style=GREEN if yes else GREY, emoji="🔨" if yes else None, row=0
                )
            )

    def _choice_controls(
        self, ctx: PanelContext, v: TalismaniView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        entries = legal.legal(ctx)
        if v.phase in ("stake", "share"):
            order = " → ".join(seat_name(ctx.table, s) for s in v.sharing_order) or "-"
            embed.description = _ui(f"you_{v.phase}", lang, order=order)
            # Identical cards (the two Jokers) are one option: taking either is the same.
            seen: set[str] = set()
            options = []
            for i, a in entries:
                label = card(a["card"], lang) if "card" in a else ""
                if label and label not in seen:
                    seen.add(label)
                    options.append((i, label))
            pick = legal.select(ctx, _ui(f"{v.phase}_pick", lang), options, row=0)
            if pick is not None:
                controls.add_item(pick)
            return
        special = card(v.special, lang) if v.special else ""
        if v.phase == "change_order":
            embed.description = _ui("you_change_order", lang, card=special, suit=suit(v.row[0], lang))
            keep = [(i, a) for i, a in entries if v.row.index(a["suit"]) + 1 == a["position"]]
            moves = [
                (
                    i,
                    _ui(
                        "move_suit",
                        lang,
                        suit=suit(a["suit"], lang),
                        origin=v.row.index(a["suit"]) + 1,
                        position=a["position"],
                    ),
                )
                for i, a in entries
                if (i, a) not in keep
            ]
            pick = legal.select(ctx, _ui("change_order_pick", lang), moves, row=0)
            if pick is not None:
                controls.add_item(pick)
            if keep:
                controls.add_item(legal.button(ctx, keep[0][0], _ui("keep_order", lang), row=1))
            return
        # Change weather (card or phase): keep the row, or rotate it.
        dominant, following = suit(v.row[0], lang), suit(v.row[1], lang)
        embed.description = _ui(f"you_{v.phase}", lang, card=special, suit=dominant, next=following)
        for index, action in entries:
            rotate = bool(action.get("rotate"))
            label = _ui("rotate" if rotate else "keep", lang, suit=dominant, next=following)
            controls.add_item(legal.button(ctx, index, label[:80], style=GREEN if rotate else GREY, row=0))

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
