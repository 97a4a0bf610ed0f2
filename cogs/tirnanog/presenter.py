"""How a Tir Nan Og Wars table looks in Discord.

The board (public, one message edited in place) says what is being decided,
the display of creatures, every territory pile (top card, value, size and
whether a magic fountain is still hidden in it), and one field per player:
victory points (VP) by source, hand size, reserve (with its value against the
limit of 7) and consolidated stack (top card face up or down). The picture
draws the middle of the table (display and piles) for a phone; the players
stay in text, where names read best.

A player's panel (ephemeral) shows their hand by species, what each reserve
territory still lacks, and the controls of their decision, built from the
engine's legal actions: action A (a select of the distinct pairs in the
display), B (a select of the piles that may be taken; the others say why
not), C (a select of the territories the hand can pay, then a select of the
legal payments), the discard picker (exactly as many cards as must go), and
the two dispute buttons.

A fountain dispute is asked of each player in turn (the board shows who takes
part, who stayed out and who is still to declare, never a hand); the engine's
reveal events make one public message: every participant's hand, the result
and the cards turned face down.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import join, t
from bot.model import TableError, TableInfo
from bot.presenter import MEDALS, Click, PanelContext, Presenter
from bot.render import seat_name
from cogs import legal
from cogs.controls import static_view
from cogs.panel import ActButton, ActSelect
from cogs.tirnanog.picture import draw_table
from games.core import Decision, Outcome, Standing
from games.tirnanog.data import (
    META,
    SPECIES,
    is_fountain,
    power_of,
    requirement,
    species_symbols,
    value_of,
    vp_of,
)
from games.tirnanog.options import territory_refusal
from games.tirnanog.payment import as_list, counts_of, price
from games.tirnanog.state import VP_SOURCES
from games.tirnanog.views import SeatView, TirNanOgView

GAME = "tirnanog"
EMOJI = {"dragon": "🐉", "elf": "🧝", "fairy": "🧚", "griffin": "🦅", "centaur": "🐎", "any": "❓"}
GREEN, GREY = discord.ButtonStyle.success, discord.ButtonStyle.secondary
FIELD_LIMIT = 1024  # Discord's characters per embed field value
LIMIT = META.reserve_value_limit


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"tirnanog.ui.{key}", language, **params)


def _as_view(view: BaseModel) -> TirNanOgView:
    assert isinstance(view, TirNanOgView)
    return view


# -- words for the game's things ------------------------------------------------


def species(name: str, language: str) -> str:
    """ "🐉 Dragon"."""
    return t(f"tirnanog.resource.{name}", language)


def counted(name: str, count: int, language: str) -> str:
    """ "2 🐉 dragons" (CLDR plural)."""
    return t(f"tirnanog.resource_count.{name}", language, count=count)


def creatures(counts: dict[str, int], language: str, *, sep: str | None = None) -> str:
    """A bundle of creatures in words: "2 🐉 dragons and 1 🧚 fairy" (or joined by ``sep``)."""
    parts = [counted(s, n, language) for s in SPECIES if (n := counts.get(s, 0))]
    if not parts:
        return _ui("no_creatures", language)
    return sep.join(parts) if sep else join(parts, language)


def territory(card: str, language: str) -> str:
    return t(f"tirnanog.territory.{card}", language)


def terrain(kind: str, language: str) -> str:
    return t(f"tirnanog.terrain.{kind}", language)


def vp(count: int, language: str) -> str:
    return t("tirnanog.count.vp", language, count=count)


def cards(count: int, language: str) -> str:
    return t("tirnanog.count.cards", language, count=count)


def symbols(counts: dict[str, int], anys: int = 0) -> str:
    """Short creature counts with the species' emojis: "2 🐉 + 1 ❓"."""
    parts = [f"{n} {EMOJI[s]}" for s in SPECIES if (n := counts.get(s, 0))]
    if anys:
        parts.append(f"{anys} {EMOJI['any']}")
    return " + ".join(parts)


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


def dispute_counts(v: TirNanOgView, seat: int, hand: dict[str, int]) -> dict[str, int]:
    """TNO-4.5.4: hand cards plus the species symbols of a face-up top card."""
    counts = {s: hand.get(s, 0) for s in SPECIES}
    me = v.seats[seat]
    if me.top is not None and me.top_face_up and not is_fountain(me.top):
        for s, n in species_symbols(me.top).items():
            counts[s] += n
    return counts


def _fit(lines: list[str]) -> str:
    """Lines joined within a field's limit: whole lines only."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > FIELD_LIMIT - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out) or "-"


class TirNanOgPresenter(Presenter):
    game_id = GAME

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _as_view(view)
        over = v.phase == "over"
        key = "board_title_final" if v.final_cycle else "board_title"
        embed = discord.Embed(
            title=_ui("board_title_over" if over else key, language, turn=v.turn, round=v.round),
            description=self._status(table, v, decision, language),
            colour=discord.Colour.green() if over else discord.Colour.dark_green(),
        )
        if not over:
            embed.add_field(
                name=_ui("display_title", language), value=self._display(v, language), inline=False
            )
            embed.add_field(name=_ui("piles_title", language), value=self._piles(v, language), inline=False)
        if v.dispute is not None:
            embed.add_field(
                name=_ui("dispute_title", language), value=self._dispute(table, v, language), inline=False
            )
        for s in v.seats:
            embed.add_field(
                name=self._seat_title(table, v, s, language),
                value=_fit(self._seat_lines(v, s, language)),
                inline=False,
            )
        embed.set_footer(text=_ui("legend", language))
        return embed

    def _status(self, table: TableInfo, v: TirNanOgView, decision: Decision | None, language: str) -> str:
        if v.phase == "over" or decision is None or not decision.actors:
            return ""  # the final record goes on top (cogs.publisher.with_final_record)
        kind = decision.kind.split(".")[-1]
        lines = ["▶️ " + t(f"tirnanog.decision.{kind}", language, seat=seat_name(table, decision.actors[0]))]
        if v.final_cycle:
            lines.append(_ui("final_cycle_note", language, seat=seat_name(table, v.last_seat)))
        return "\n".join(lines)

    def _display(self, v: TirNanOgView, language: str) -> str:
        shown = " · ".join(species(s, language) for s in v.display)
        if not shown:
            shown = _ui("display_empty", language)
        discards = symbols(v.discard)
        lines = [
            shown,
            _ui(
                "deck_line",
                language,
                deck=cards(v.deck_size, language),
                discards=cards(v.discard_size, language),
            )
            + (f" ({discards})" if discards else ""),
        ]
        if v.final_cycle:
            lines.append(_ui("no_refill", language))
        return "\n".join(lines)

    def _piles(self, v: TirNanOgView, language: str) -> str:
        lines = []
        for pile in v.piles:
            fountain = _ui("fountain_inside", language) if pile.fountain_inside else ""
            if pile.top is None:
                lines.append(_ui("pile_empty", language, terrain=terrain(pile.terrain, language)))
                continue
            if is_fountain(pile.top):  # revealed and being disputed (TNO-4.5.1)
                lines.append(
                    _ui(
                        "pile_disputed",
                        language,
                        terrain=terrain(pile.terrain, language),
                        size=cards(pile.size, language),
                    )
                )
                continue
            lines.append(
                _ui(
                    "pile_line",
                    language,
                    territory=territory(pile.top, language),
                    value=value_of(pile.top),
                    size=cards(pile.size, language),
                    fountain=fountain,
                )
            )
        if v.out_of_game:
            lines.append(_ui("fountains_out", language, count=len(v.out_of_game)))
        return "\n".join(lines)

    def _dispute(self, table: TableInfo, v: TirNanOgView, language: str) -> str:
        d = v.dispute
        assert d is not None
        lines = [
            _ui(
                "dispute_head",
                language,
                seat=seat_name(table, d.revealer),
                terrain=terrain(d.terrain, language),
            )
        ]
        if v.phase == "declare":
            for seat in d.order:
                name = seat_name(table, seat)
                if seat in d.declarations:
                    key = "declared_yes" if d.declarations[seat] else "declared_no"
                elif seat == d.next_seat:
                    key = "declaring_now"
                else:
                    key = "declaring_later"
                lines.append(_ui(key, language, seat=name))
            lines.append(_ui("dispute_rule", language))
        elif d.winner is not None:
            lines.append(
                _ui(
                    "dispute_result",
                    language,
                    seat=seat_name(table, d.winner),
                    seats=join([seat_name(table, s) for s in d.participants], language),
                    count=d.to_discard,
                )
            )
        return "\n".join(lines)

    def _seat_title(self, table: TableInfo, v: TirNanOgView, s: SeatView, language: str) -> str:
        seat = table.seats[s.seat].name if s.seat < len(table.seats) else f"P{s.seat + 1}"
        turn = v.phase in ("turn", "hand_limit") and s.seat == v.active
        return _ui("seat_title", language, mark="▶️ " if turn else "", seat=seat, vp=vp(s.vp, language))

    def _seat_lines(self, v: TirNanOgView, s: SeatView, language: str) -> list[str]:
        lines = [_ui("hand_size", language, count=s.hand_size)]
        if s.top is None:
            lines.append(_ui("stack_empty", language))
        elif s.top_face_up:
            lines.append(
                _ui(
                    "stack_up",
                    language,
                    count=s.stack_size,
                    territory=territory(s.top, language),
                    power=t(f"tirnanog.power.{power_of(s.top)}", language),
                    vp=vp(vp_of(s.top), language),
                )
            )
        else:
            lines.append(_ui("stack_down", language, count=s.stack_size))
        if s.discount:
            lines[-1] += _ui("discount_ready", language)
        if s.reserve:
            names = ", ".join(territory(c, language) for c in s.reserve)
            lines.append(_ui("reserve_line", language, value=s.reserve_value, limit=LIMIT, cards=names))
        else:
            lines.append(_ui("reserve_empty", language, limit=LIMIT))
        sources = self._sources(s.vp_by_source, language)
        if sources:
            lines.append(_ui("vp_line", language, sources=sources))
        return lines

    @staticmethod
    def _sources(by_source: dict[str, Any], language: str) -> str:
        """ "intermediate scoring 4 + fairy festival 3": every non-zero source."""
        return " + ".join(
            f"{t(f'tirnanog.source.{source}', language)} {int(by_source[source])}"
            for source in VP_SOURCES
            if by_source.get(source)
        )

    def board_image(self, view: BaseModel, language: str) -> bytes | None:
        return draw_table(_as_view(view), language)

    def board_image_key(self, view: BaseModel) -> str:
        v = _as_view(view)
        piles = [f"{p.terrain}:{p.top}:{p.size}:{p.fountain_inside}" for p in v.piles]
        return "|".join([",".join(v.display), *piles, str(v.deck_size), str(v.discard_size), str(v.round)])

    # -- the end ---------------------------------------------------------------
    def score_amount(self, score: int, language: str) -> str:
        return vp(score, language)

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        """ "23 VP (intermediate scoring 6 + final scoring 8 + fairy festival 3 …)": every point."""
        total = vp(standing.score or 0, language)
        sources = self._sources(standing.details, language)
        return _ui("score", language, total=total, sources=sources) if sources else total

    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        winners = [s for s in outcome.standings if s.winner]
        if not winners:
            return t("table.final.nobody", language)
        return _ui(
            "headline",
            language,
            count=len(winners),
            names=join([seat_name(table, s.seat) for s in winners], language),
            total=winners[0].score or 0,
        )

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """The base ranking, with the territory value where it decided (or shared) a place."""
        scores = [s.score for s in outcome.standings]
        lines = []
        for standing in outcome.standings:
            score = self.score_text(table, standing, language)
            if scores.count(standing.score) > 1:
                value = int(standing.details.get("territory_value", 0))
                score += _ui("tie_value", language, value=value)
            lines.append(
                t(
                    "table.final.standing",
                    language,
                    medal=MEDALS.get(standing.rank, f"{standing.rank}."),
                    seat=seat_name(table, standing.seat),
                    score=f" — {score}",
                    winner=" 🏆" if standing.winner else "",
                )
            )
        return lines

    def final_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        lines = super().final_lines(table, outcome, language)
        standings = outcome.standings
        for first, second in pairwise(standings):
            if first.score != second.score:
                continue
            params = {
                "first": seat_name(table, first.seat),
                "second": seat_name(table, second.seat),
                "total": vp(first.score or 0, language),
                "first_value": int(first.details.get("territory_value", 0)),
                "second_value": int(second.details.get("territory_value", 0)),
            }
            key = "tie_shared" if first.rank == second.rank else "tie_broken"
            lines.append(_ui(key, language, **params))
        return lines

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v = _as_view(ctx.view)
        lang = ctx.language
        hand = dict(v.hand or {})
        me = v.seats[ctx.seat]
        size = sum(hand.values())
        embed = discord.Embed(title=_ui("panel_title", lang, count=size), colour=discord.Colour.blurple())
        # At the end every hand is revealed (and counts for nothing): no longer "secret".
        label = "your_hand_left" if v.phase == "over" else "your_hand"
        embed.add_field(name=_ui(label, lang), value=self._hand_text(hand, lang), inline=False)
        embed.add_field(
            name=_ui("your_reserve", lang, value=me.reserve_value, limit=LIMIT),
            value=_fit(self._reserve_lines(me, hand, lang)),
            inline=False,
        )
        embed.add_field(name=_ui("your_stack", lang), value=self._stack_text(me, lang), inline=False)
        sources = self._sources(me.vp_by_source, lang)
        embed.add_field(
            name=_ui("your_vp", lang, total=vp(me.vp, lang)),
            value=sources or _ui("no_vp_yet", lang),
            inline=False,
        )
        controls = static_view()
        decision = ctx.decision
        if decision is None or v.phase == "over":
            embed.description = ""  # the final record goes on top (cogs.panel.render_panel)
        elif ctx.seat not in decision.actors:
            embed.description = self._waiting(ctx, v, decision)
        elif v.phase == "turn":
            embed.description = self._turn_controls(ctx, v, hand, controls)
        elif v.phase == "declare":
            embed.description = self._declare_controls(ctx, v, hand, controls)
        else:
            embed.description = self._discard_controls(ctx, v, hand, controls)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=4)
        )
        return embed, controls

    def _hand_text(self, hand: dict[str, int], lang: str) -> str:
        lines = [f"{species(s, lang)}: **{n}**" for s in SPECIES if (n := hand.get(s, 0))]
        return "\n".join(lines) or _ui("hand_empty", lang)

    def _reserve_lines(self, me: SeatView, hand: dict[str, int], lang: str) -> list[str]:
        lines = []
        for card in me.reserve:
            req, anys = requirement(card)
            missing, any_lack = lacking(card, hand, me.discount)
            if sum(missing.values()) or any_lack:
                status = _ui(
                    "you_lack", lang, lack=symbols(missing, any_lack), count=sum(missing.values()) + any_lack
                )
            else:
                status = _ui("you_can_pay", lang)
            lines.append(
                _ui(
                    "reserve_card",
                    lang,
                    territory=territory(card, lang),
                    need=symbols(req, anys),
                    cost=_ui(
                        "cost_discount" if me.discount else "cost",
                        lang,
                        count=price(card, me.discount),
                    ),
                    status=status,
                )
            )
        if me.discount and me.reserve:
            lines.append(_ui("discount_note", lang))
        return lines or [_ui("reserve_none", lang)]

    def _stack_text(self, me: SeatView, lang: str) -> str:
        if me.top is None:
            return _ui("your_stack_empty", lang)
        if not me.top_face_up:
            return _ui("your_stack_down", lang, count=me.stack_size)
        power = power_of(me.top)
        if power == "none":
            return _ui(
                "your_stack_plain",
                lang,
                count=me.stack_size,
                territory=territory(me.top, lang),
                vp=vp(vp_of(me.top), lang),
            )
        return _ui(
            "your_stack_up",
            lang,
            count=me.stack_size,
            territory=territory(me.top, lang),
            power=t(f"tirnanog.power.{power}", lang),
            text=t(f"tirnanog.power_text.{power}", lang),
        )

    def _waiting(self, ctx: PanelContext, v: TirNanOgView, decision: Decision) -> str:
        lang = ctx.language
        kind = decision.kind.split(".")[-1]
        text = t(f"tirnanog.decision.{kind}", lang, seat=seat_name(ctx.table, decision.actors[0]))
        if v.phase == "declare" and v.dispute is not None and ctx.seat in v.dispute.declarations:
            key = "you_declared_yes" if v.dispute.declarations[ctx.seat] else "you_declared_no"
            return f"{_ui(key, lang)}\n{_ui('waiting', lang, text=text)}"
        return _ui("waiting", lang, text=text)

    # -- the turn: actions A, B and C ------------------------------------------
    def _turn_controls(
        self, ctx: PanelContext, v: TirNanOgView, hand: dict[str, int], controls: discord.ui.View
    ) -> str:
        lang = ctx.language
        me = v.seats[ctx.seat]
        lines = [_ui("your_turn", lang)]
        # A: one option per distinct pair in the display.
        takes = [
            (i, " + ".join(species(s, lang) for s in a["species"]))
            for i, a in legal.legal(ctx, "take_creatures")
        ]
        pick = legal.select(ctx, _ui("pick_take", lang), takes, payload="LA", row=0)
        if pick is not None:
            controls.add_item(pick)
            lines.append(_ui("act_take", lang, limit=META.hand_limit))
        else:
            lines.append(_ui("act_take_off", lang))
        # B: the piles that may be taken; the others say why not.
        tops = {p.terrain: p.top for p in v.piles}
        piles = []
        for i, a in legal.legal(ctx, "take_territory"):
            top = tops[a["terrain"]]
            assert top is not None
            after = me.reserve_value + value_of(top)
            label = _ui("pile_option", lang, territory=territory(top, lang), after=after, limit=LIMIT)
            piles.append((i, label))
        pick = legal.select(ctx, _ui("pick_pile", lang), piles, payload="LB", row=1)
        reasons = self._pile_refusals(v, me, lang)
        if pick is not None:
            controls.add_item(pick)
            lines.append(_ui("act_pile", lang))
        else:
            lines.append(_ui("act_pile_off", lang))
        if me.reserve_value >= LIMIT:
            lines.append(_ui("piles_full", lang, value=me.reserve_value, limit=LIMIT))
        elif reasons:
            lines.append(_ui("piles_not", lang, reasons="; ".join(reasons)))
        # C: a territory the hand can pay, then one of its legal payments.
        lines.extend(self._consolidate_controls(ctx, v, me, controls))
        return "\n".join(lines)

    def _pile_refusals(self, v: TirNanOgView, me: SeatView, lang: str) -> list[str]:
        out = []
        visible = set(me.visible_types)
        for pile in v.piles:
            name = terrain(pile.terrain, lang)
            error = territory_refusal(pile.terrain, pile.top, me.reserve, visible)
            if error is None:
                continue
            reason = error.key.rsplit(".", 1)[-1]
            if reason == "reserve_limit":
                out.append(_ui("why_reserve", lang, terrain=name, value=error.params["value"], limit=LIMIT))
            elif reason == "type_visible":
                out.append(_ui("why_visible", lang, terrain=name))
            else:
                out.append(_ui("why_empty", lang, terrain=name))
        return out

    def _consolidate_controls(
        self, ctx: PanelContext, v: TirNanOgView, me: SeatView, controls: discord.ui.View
    ) -> list[str]:
        lang = ctx.language
        options = legal.legal(ctx, "consolidate")
        payable = list(dict.fromkeys(a["territory"] for _, a in options))
        if not payable:
            key = "act_consolidate_none" if me.reserve else "act_consolidate_empty"
            return [_ui(key, lang)]
        lines = [_ui("act_consolidate", lang)]
        if me.discount:
            lines.append(_ui("discount_now", lang))
        chosen = (ctx.draft or {}).get("c")
        if chosen not in payable:
            chosen = payable[0] if len(payable) == 1 else None
        controls.add_item(
            ActSelect.make(
                ctx.channel_id,
                ctx.version,
                "c",
                _ui("pick_territory", lang),
                [
                    discord.SelectOption(
                        label=territory(card, lang)[:100],
                        value=card,
                        description=_ui(
                            "territory_option",
                            lang,
                            power=t(f"tirnanog.power.{power_of(card)}", lang),
                            vp=vp(vp_of(card), lang),
                        )[:100],
                        default=card == chosen,
                    )
                    for card in payable
                ],
                row=2,
            )
        )
        if chosen is None:
            return lines
        payments = [
            (i, _ui("pay_option", lang, cards=creatures(counts_of(a["payment"]), lang, sep=" + ")))
            for i, a in options
            if a["territory"] == chosen
        ]
        pick = legal.select(
            ctx, _ui("pick_payment", lang, territory=territory(chosen, lang)), payments, payload="LC", row=3
        )
        if pick is not None:
            controls.add_item(pick)
        return lines

    # -- the dispute -----------------------------------------------------------
    def _declare_controls(
        self, ctx: PanelContext, v: TirNanOgView, hand: dict[str, int], controls: discord.ui.View
    ) -> str:
        lang = ctx.language
        d = v.dispute
        assert d is not None
        counts = dispute_counts(v, ctx.seat, hand)
        best = max(counts.values(), default=0)
        said = [
            _ui("declared_yes" if d.declarations[s] else "declared_no", lang, seat=seat_name(ctx.table, s))
            for s in d.order
            if s in d.declarations
        ]
        text = [
            _ui(
                "you_declare",
                lang,
                seat=seat_name(ctx.table, d.revealer),
                terrain=terrain(d.terrain, lang),
            ),
            _ui("your_count", lang, counts=symbols(counts) or _ui("no_creatures", lang), best=best),
        ]
        if said:
            text.append(_ui("so_far", lang, said=" · ".join(said)))
        text.append(_ui("declare_stakes", lang))
        for index, action in legal.legal(ctx, "declare"):
            yes = bool(action.get("take_part"))
            controls.add_item(
                legal.button(
                    ctx,
                    index,
                    _ui("button_take_part" if yes else "button_stay_out", lang),
                    style=GREEN if yes else GREY,
                    emoji="⛲" if yes else "✋",
                    row=0,
                )
            )
        return "\n".join(text)

    # -- discards: the hand limit and the dispute winner's -----------------------
    def _discard_controls(
        self, ctx: PanelContext, v: TirNanOgView, hand: dict[str, int], controls: discord.ui.View
    ) -> str:
        lang = ctx.language
        if v.phase == "hand_limit":
            count = v.hand_limit_discard
            text = _ui("you_hand_limit", lang, count=count, size=sum(hand.values()), limit=META.hand_limit)
        else:
            assert v.dispute is not None
            count = v.dispute.to_discard
            text = _ui("you_dispute_discard", lang, count=count)
        options = []
        for s in SPECIES:
            # Cards of a species are alike: offer only as many as could be discarded.
            n = min(hand.get(s, 0), count)
            for i in range(n):
                label = species(s, lang) if n == 1 else _ui("card_of", lang, name=species(s, lang), n=i + 1)
                options.append(discord.SelectOption(label=label, value=f"{s}.{i}"))
        if options and count:
            controls.add_item(
                ActSelect.make(
                    ctx.channel_id,
                    ctx.version,
                    "d",
                    _ui("pick_discard", lang, count=count),
                    options,
                    min_values=count,
                    max_values=count,
                    row=0,
                )
            )
        return text

    # -- clicks --------------------------------------------------------------
    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        if payload == "refresh":
            return Click()
        if payload in ("LA", "LB", "LC"):
            payload = "L"  # three selects of legal actions: Discord wants distinct custom_ids
        chosen = legal.click(ctx, payload, values)
        if chosen is not None:
            return chosen
        if payload == "c":
            v = _as_view(ctx.view)
            mine = v.seats[ctx.seat].reserve
            if not values or values[0] not in mine:
                raise TableError("tirnanog.ui.not_in_reserve")
            return Click(draft={**(ctx.draft or {}), "c": values[0]})
        if payload == "d":
            return Click(action={"kind": "discard", "species": self._discards(ctx, values)})
        raise TableError("error.bad_action")

    @staticmethod
    def _discards(ctx: PanelContext, values: list[str]) -> list[str]:
        """Picked cards ("dragon.1") as the species to discard; the engine checks the count."""
        hand = _as_view(ctx.view).hand or {}
        picked: list[str] = []
        for value in dict.fromkeys(values):
            name, _, index = value.partition(".")
            if name not in SPECIES or not index.isdigit() or int(index) >= hand.get(name, 0):
                raise TableError("tirnanog.ui.not_in_hand")
            picked.append(name)
        return as_list(counts_of(picked))
