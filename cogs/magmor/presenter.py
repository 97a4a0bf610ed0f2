"""How a Mag Mor table looks in Discord (views in, embeds and controls out)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations_with_replacement
from typing import Any

import discord
from babel.lists import format_list
from pydantic import BaseModel

from bot.i18n import join, t
from bot.model import TableError, TableInfo
from bot.presenter import Click, PanelContext, Presenter
from bot.render import bundle, counted, resource, seat_name
from cogs.controls import static_view
from cogs.magmor.picture import draw_board
from cogs.panel import ActButton, ActSelect
from games.core import Decision, Outcome, Standing
from games.magmor import MagmorView
from games.magmor.scoring import honour_vp

GAME = "magmor"
RESOURCES = ("water", "food", "axe", "pickaxe", "medicine")
EMOJI = {"water": "💧", "food": "🍞", "axe": "🪓", "pickaxe": "⛏️", "medicine": "💊"}
LAST_DAY = 17  # MM-4.5.3: the day track's last space
GRID = 6
GREEN, GREY, BLUE, RED = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
)


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"magmor.ui.{key}", language, **params)


def _count(res: str, n: int, language: str) -> str:
    """ "3 axes" / "3 accette": the catalog's plural forms."""
    return counted(GAME, res, n, language)


def _cards(cards: Mapping[str, int], language: str) -> str:
    """A hand or a found pile with emoji, in the catalog's order of resources."""
    parts = [f"{EMOJI[r]} {_count(r, cards[r], language)}" for r in RESOURCES if cards.get(r)]
    return join(parts, language) if parts else t("common.nothing", language)


def _rows(rows: Any) -> dict[str, int]:
    return {row.res: row.qty for row in rows}


def _face_text(face: Any, language: str) -> str:
    return _ui(
        "face",
        language,
        found=bundle(GAME, _rows(face.found), language),
        pay=bundle(GAME, _rows(face.pay), language),
    )


def _either(items: list[str], language: str) -> str:
    """ "B1 or A2" / "B1 o A2": a choice between items (CLDR's "or" lists)."""
    return format_list(items, style="or", locale=language) if items else ""


def _as_view(view: BaseModel) -> MagmorView:
    assert isinstance(view, MagmorView)
    return view


def _distance(cell: str) -> int:
    """Steps from ``cell`` to Mag Mor (F6): every step goes right or down (MM-4.2.1)."""
    return (GRID - 1 - (ord(cell[0]) - ord("A"))) + (GRID - int(cell[1:]))


def crossings_left(v: MagmorView) -> int:
    """Crossings still to make, Mag Mor and the terrain being crossed included."""
    if not v.path:
        return 0
    here = v.path[-1]
    return _distance(here) + (1 if v.phase in ("split", "pay", "magmor") else 0)


def score_breakdown(
    honour: int,
    hand: Mapping[str, int],
    values: Mapping[str, int],
    language: str,
    *,
    total: int | None = None,
) -> str:
    """ "23 victory points: 18 from cards (5 food × 2, …) and 5 from honour +4" —
    every point a player can check against the objective and the honour table."""
    hvp = honour_vp(honour)
    items = [f"{_count(r, hand[r], language)} × {values[r]}" for r in RESOURCES if hand.get(r)]
    cards_vp = sum(hand[r] * values[r] for r in RESOURCES if hand.get(r))
    score = hvp + cards_vp if total is None else total
    key = "score_success" if items else "score_success_no_cards"
    return _ui(
        key,
        language,
        count=score,
        cards_vp=cards_vp,
        items=join(items, language),
        honour_vp=hvp,
        honour=f"{honour:+d}",
    )


class MagmorPresenter(Presenter):
    game_id = GAME

    # -- the end of the game -------------------------------------------------
    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        winners = [s for s in outcome.standings if s.winner]
        if not winners:
            return super().final_headline(table, outcome, language)
        names = join([seat_name(table, s.seat) for s in winners], language)
        first = winners[0]
        if first.score is not None:
            return _ui(
                "headline_success",
                language,
                count=len(winners),
                names=names,
                day=outcome.params.get("day", LAST_DAY),
                points=first.score,
            )
        key = "headline_late" if outcome.params.get("reached") else "headline_failure"
        return _ui(key, language, count=len(winners), names=names, honour=f"{first.details['honour']:+d}")

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        d = standing.details
        if standing.score is None:
            # MM-5.3: a failed expedition ranks by honour, then the fewest cards.
            return _ui("score_failure", language, count=d["cards"], honour=f"{d['honour']:+d}")
        return score_breakdown(d["honour"], d["hand"], d["values"], language, total=standing.score)

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _as_view(view)
        over = v.phase == "over"
        title = _ui("board_title_over" if over else "board_title", language, turn=v.turn, day=v.day)
        embed = discord.Embed(
            title=title,
            description=self._phase_text(table, v, decision, language),
            colour=discord.Colour.dark_gold() if not over else discord.Colour.green(),
        )
        if not over:
            # At the end the final record above ranks everyone with the same numbers.
            embed.add_field(
                name=_ui("players", language),
                value="\n".join(self._player_lines(table, v, language)),
                inline=False,
            )
            embed.add_field(
                name=_ui("piles", language),
                value=" · ".join(f"{EMOJI[r]} {v.piles.get(r, 0)}" for r in RESOURCES),
                inline=False,
            )
        footer = [self._legend(table, v, language)]
        if v.last_crossing and not over:
            footer.append(_ui(f"last_{v.last_crossing}", language))
        embed.set_footer(text="\n".join(x for x in footer if x))
        return embed

    def _player_lines(self, table: TableInfo, v: MagmorView, language: str) -> list[str]:
        over = v.phase == "over"
        lines = []
        for seat in range(v.players):
            marks = ("👑 " if seat == v.leader and not over else "") + ("🤖 " if table.seats[seat].ai else "")
            barred = " ⛔" if seat == v.barred and not over else ""
            lines.append(
                _ui(
                    "player_line",
                    language,
                    marks=marks,
                    seat=seat_name(table, seat),
                    honour=f"{v.honour[seat]:+d}",
                    count=v.hand_sizes[seat],
                )
                + barred
            )
        return lines

    def _legend(self, table: TableInfo, v: MagmorView, language: str) -> str:
        """What the marks beside the names mean (only the marks shown)."""
        over = v.phase == "over"
        parts = []
        if v.leader is not None and not over:
            parts.append(_ui("legend_leader", language))
        if v.barred is not None and not over:
            parts.append(_ui("legend_barred", language))
        if any(s.ai for s in table.seats):
            parts.append(_ui("legend_ai", language))
        return " · ".join(parts)

    def _days_line(self, v: MagmorView, language: str) -> str:
        """The running total of days: how many difficult crossings the party can still afford."""
        left = crossings_left(v)
        spare = LAST_DAY - v.day - left  # each difficult crossing uses one more day
        if spare < 0:
            return _ui("days_late", language, day=v.day, count=left)
        return _ui("days", language, day=v.day, count=left, spare=spare)

    def _phase_text(self, table: TableInfo, v: MagmorView, decision: Decision | None, language: str) -> str:
        leader = seat_name(table, v.leader) if v.leader is not None else "-"
        if v.phase == "over":
            if v.success:
                return _ui("over_success", language, day=v.day)
            return _ui("over_failure", language)
        lines = [self._days_line(v, language)]
        if v.phase == "choose":
            lines.append(_ui("phase_choose", language, seat=leader, cells=_either(v.candidates, language)))
            for cell in v.candidates:
                back = next(c for c in v.grid if c.cell == cell)
                lines.append(
                    _ui(
                        "candidate",
                        language,
                        cell=cell,
                        terrain=t(f"magmor.terrain.{back.terrain}", language),
                        cost=resource(GAME, back.explore_cost or "", language),
                        hint=resource(GAME, back.hint or "", language),
                    )
                )
            for ex in v.explorations:
                lines.append(
                    _ui(
                        "explored",
                        language,
                        seat=seat_name(table, ex.seat),
                        cell=ex.cell,
                        resource=resource(GAME, ex.resource, language),
                    )
                )
            return "\n".join(lines)
        here = next((c for c in v.grid if c.cell == v.current), None)
        if here is not None and here.magmor:
            lines.append(_ui("crossing_magmor", language))
        elif here is not None and here.face is not None:
            terrain = t(f"magmor.terrain.{here.terrain}", language)
            lines.append(_ui("crossing", language, cell=here.cell, terrain=terrain))
            lines.append(_face_text(here.face, language))
        if v.phase == "split":
            lines.append(_ui("phase_split", language, seat=leader, cards=_cards(v.taken, language)))
            if any(v.shortfall.values()):
                lines.append(_ui("shortfall", language, cards=bundle(GAME, v.shortfall, language)))
        elif v.phase == "pay":
            lines.append(_ui("phase_pay", language))
            for cat in v.categories:
                what = f"{EMOJI[cat.res]} {_count(cat.res, cat.qty, language)}"
                if cat.paid_by is not None:
                    lines.append(
                        _ui("category_paid", language, cards=what, seat=seat_name(table, cat.paid_by))
                    )
                else:
                    lines.append(_ui("category_unpaid", language, cards=what))
            payers = {c.paid_by for c in v.categories}
            lines.extend(self._passed_line(table, [s for s in v.acted if s not in payers], language))
            lines.append(_ui("pay_rule", language))
        else:
            lines.append(_ui("phase_magmor", language, count=2 * v.players))
            for s, cards in v.magmor_paid.items():
                lines.append(
                    _ui("magmor_paid", language, seat=seat_name(table, int(s)), cards=_cards(cards, language))
                )
            lines.extend(self._passed_line(table, [s for s in v.acted if s not in v.magmor_paid], language))
        if decision is not None:
            order = " → ".join(seat_name(table, s) for s in decision.seats if s not in decision.done)
            lines.append(_ui("waiting", language, order=order))
        return "\n".join(lines)

    @staticmethod
    def _passed_line(table: TableInfo, seats: list[int], language: str) -> list[str]:
        if not seats:
            return []
        return [_ui("passed", language, seats=join([seat_name(table, s) for s in seats], language))]

    def board_image(self, view: BaseModel, language: str) -> bytes | None:
        return draw_board(_as_view(view), language)

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v = _as_view(ctx.view)
        lang = ctx.language
        hand = v.hand or {}
        embed = discord.Embed(title=_ui("panel_title", lang), colour=discord.Colour.blurple())
        embed.add_field(
            name=_ui("your_hand", lang, count=sum(hand.values())), value=_cards(hand, lang), inline=False
        )
        if v.objective:
            values = " · ".join(
                f"{EMOJI[r]} {resource(GAME, r, lang)} {v.objective[r]}"
                for r in RESOURCES
                if r in v.objective
            )
            embed.add_field(name=_ui("your_objective", lang), value=values, inline=False)
            if v.phase != "over":
                # The running total a player would otherwise add up by hand.
                embed.add_field(
                    name=_ui("your_score", lang),
                    value=score_breakdown(v.honour[ctx.seat], hand, v.objective, lang),
                    inline=False,
                )
        for cell, face in v.explored.items():
            embed.add_field(
                name=_ui("explored_face", lang, cell=cell), value=_face_text(face, lang), inline=False
            )
        if v.phase != "over":
            embed.add_field(
                name=_ui("players", lang),
                value="\n".join(self._player_lines(ctx.table, v, lang)),
                inline=False,
            )
            embed.add_field(name=_ui("day", lang), value=self._days_line(v, lang), inline=False)
            legend = self._legend(ctx.table, v, lang)
            if legend:
                embed.set_footer(text=legend)
        controls = static_view()
        decision = ctx.decision
        mine = decision is not None and ctx.seat in decision.actors
        if decision is None:
            # The platform puts the final record on top; under it, what decided it.
            embed.description = "" if v.success else _ui("over_failure", lang)
        elif not mine:
            embed.description = self._waiting_text(ctx, v, decision)
        elif v.phase == "choose":
            embed.description = self._choose_controls(ctx, v, controls)
        elif v.phase == "split":
            embed.description = self._split_controls(ctx, v, controls, embed)
        elif v.phase == "pay":
            embed.description = self._pay_controls(ctx, v, controls)
        elif v.phase == "magmor":
            embed.description = self._magmor_controls(ctx, v, controls)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=4)
        )
        return embed, controls

    def _waiting_text(self, ctx: PanelContext, v: MagmorView, decision: Decision) -> str:
        lang = ctx.language
        text = t(
            f"magmor.decision.{decision.kind.split('.')[-1]}",
            lang,
            seat=seat_name(ctx.table, decision.actors[0]),
        )
        if ctx.seat in decision.seats and ctx.seat not in decision.done and decision.mode == "ordered":
            # The payment round goes in order: say whose turn comes before this seat's.
            queue = [s for s in decision.seats if s not in decision.done]
            ahead = queue[: queue.index(ctx.seat)]
            text += "\n" + _ui(
                "your_turn_after", lang, seats=join([seat_name(ctx.table, s) for s in ahead], lang)
            )
        return text

    def _choose_controls(self, ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> str:
        lang = ctx.language
        hand = v.hand or {}
        explored = {e.cell for e in v.explorations}
        options = []
        for row, cell in enumerate(v.candidates):
            back = next(c for c in v.grid if c.cell == cell)
            cost = back.explore_cost or ""
            terrain = t(f"magmor.terrain.{back.terrain}", lang)
            options.append(_ui("choose_option", lang, cell=cell, terrain=terrain))
            name = resource(GAME, cost, lang)
            if cell in explored:
                label, disabled = _ui("explore_done", lang, cell=cell), True
            elif hand.get(cost, 0) < 1:
                label, disabled = _ui("explore_cannot", lang, cell=cell, resource=name), True
            else:
                label, disabled = _ui("explore_button", lang, cell=cell, resource=name), False
            controls.add_item(
                ActButton.make(
                    ctx.channel_id, ctx.version, f"ex.{cell}", label, emoji="🔍", disabled=disabled, row=row
                )
            )
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    f"go.{cell}",
                    _ui("go_button", lang, cell=cell, terrain=terrain),
                    style=GREEN,
                    emoji="➡️",
                    row=row,
                )
            )
        return _ui("you_choose", lang, options=_either(options, lang))

    @staticmethod
    def _allocation(ctx: PanelContext) -> dict[int, dict[str, int]]:
        raw = (ctx.draft or {}).get("alloc", {})
        return {int(s): {r: int(n) for r, n in cards.items() if n} for s, cards in raw.items()}

    @staticmethod
    def _remaining(v: MagmorView, alloc: dict[int, dict[str, int]]) -> dict[str, int]:
        left = dict(v.taken)
        for cards in alloc.values():
            for r, n in cards.items():
                left[r] = left.get(r, 0) - n
        return {r: n for r, n in left.items() if n > 0}

    def _split_controls(
        self, ctx: PanelContext, v: MagmorView, controls: discord.ui.View, embed: discord.Embed
    ) -> str:
        lang = ctx.language
        alloc = self._allocation(ctx)
        left = self._remaining(v, alloc)
        to = int((ctx.draft or {}).get("to", ctx.seat))
        to_name = ctx.table.seats[to].name
        cell = next((c for c in v.grid if c.cell == v.current), None)
        if cell is not None and cell.face is not None:
            embed.add_field(
                name=_ui("toll", lang, cell=cell.cell), value=_face_text(cell.face, lang), inline=False
            )
        lines = [
            _ui(
                "split_line",
                lang,
                seat=seat_name(ctx.table, s),
                cards=_cards(alloc.get(s, {}), lang),
                count=v.hand_sizes[s] + sum(alloc.get(s, {}).values()),
            )
            for s in range(v.players)
        ]
        embed.add_field(name=_ui("split_draft", lang), value="\n".join(lines), inline=False)
        embed.add_field(name=_ui("split_left", lang), value=_cards(left, lang), inline=False)
        options = [
            discord.SelectOption(
                label=(ctx.table.seats[s].name + (f" ({_ui('you', lang)})" if s == ctx.seat else ""))[:100],
                value=str(s),
                description=_ui("split_option", lang, count=v.hand_sizes[s], honour=f"{v.honour[s]:+d}")[
                    :100
                ],
                default=s == to,
            )
            for s in range(v.players)
        ]
        controls.add_item(
            ActSelect.make(ctx.channel_id, ctx.version, "sp.to", _ui("split_to", lang), options, row=0)
        )
        for r in RESOURCES:
            if left.get(r):
                controls.add_item(
                    ActButton.make(
                        ctx.channel_id,
                        ctx.version,
                        f"sp.add.{r}",
                        _ui("split_add", lang, cards=_count(r, 1, lang), seat=to_name),
                        emoji=EMOJI[r],
                        row=1,
                    )
                )
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                "sp.rest",
                _ui("split_rest", lang, seat=to_name) if left else _ui("split_rest_none", lang),
                disabled=not left,
                row=2,
            )
        )
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "sp.reset", _ui("split_reset", lang), emoji="↩️", row=2
            )
        )
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                "sp.keep",
                _ui("split_keep", lang, count=sum(v.taken.values())),
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
                _ui("split_confirm_left", lang, count=remaining) if remaining else _ui("split_confirm", lang),
                style=GREEN if not remaining else GREY,
                emoji="✅",
                row=3,
            )
        )
        return _ui("you_split", lang)

    def _pay_controls(self, ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> str:
        lang = ctx.language
        hand = v.hand or {}
        for cat in v.categories:
            if cat.paid_by is not None:
                continue
            cards = _count(cat.res, cat.qty, lang)
            held = hand.get(cat.res, 0)
            affordable = held >= cat.qty
            label = (
                _ui("pay_button", lang, cards=cards)
                if affordable
                else _ui("pay_cannot", lang, cards=cards, count=held)
            )
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    f"pay.{cat.res}",
                    label,
                    style=GREEN,
                    emoji=EMOJI[cat.res],
                    disabled=not affordable,
                    row=0,
                )
            )
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "pass", _ui("pass_button", lang), style=RED, row=1)
        )
        return _ui("you_pay", lang, cell=v.current or "")

    def _magmor_controls(self, ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> str:
        lang = ctx.language
        hand = v.hand or {}
        values = v.objective or {}
        held = [r for r in RESOURCES if hand.get(r)]
        pairs = [(a, b) for a, b in combinations_with_replacement(held, 2) if a != b or hand.get(a, 0) >= 2]
        if pairs:
            options = []
            for a, b in pairs:
                label = _count(a, 2, lang) if a == b else f"{_count(a, 1, lang)} + {_count(b, 1, lang)}"
                worth = values.get(a, 0) + values.get(b, 0)
                options.append(
                    discord.SelectOption(
                        label=label[:100],
                        value=f"{a}+{b}",
                        emoji=EMOJI[a],
                        description=_ui("magmor_option", lang, count=worth)[:100],
                    )
                )
            controls.add_item(
                ActSelect.make(ctx.channel_id, ctx.version, "mm", _ui("magmor_pick", lang), options, row=0)
            )
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "pass", _ui("pass_button", lang), style=RED, row=1)
        )
        return _ui("you_magmor", lang, count=2 * v.players)

    # -- clicks --------------------------------------------------------------
    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        v = _as_view(ctx.view)
        head, _, arg = payload.partition(".")
        if payload == "refresh":
            return Click()
        if head == "ex":
            return Click(action={"kind": "explore", "cell": arg})
        if head == "go":
            return Click(action={"kind": "choose", "cell": arg})
        if head == "pay":
            return Click(action={"kind": "pay", "resource": arg})
        if payload == "pass":
            return Click(action={"kind": "pass"})
        if payload == "mm":
            first, _, second = (values[0] if values else "").partition("+")
            cards: dict[str, int] = {}
            for r in (first, second):
                cards[r] = cards.get(r, 0) + 1
            return Click(action={"kind": "pay_magmor", "cards": cards})
        if head == "sp":
            return self._split_click(ctx, v, arg, values)
        raise TableError("error.bad_action")

    def _split_click(self, ctx: PanelContext, v: MagmorView, op: str, values: list[str]) -> Click:
        alloc = self._allocation(ctx)
        to = int((ctx.draft or {}).get("to", ctx.seat))
        if op == "to":
            to = int(values[0]) if values else ctx.seat
            if not 0 <= to < v.players:
                raise TableError("error.bad_action")
        elif op.startswith("add."):
            r = op.removeprefix("add.")
            if self._remaining(v, alloc).get(r, 0) < 1:
                raise TableError("magmor.ui.split_none_left", resource=resource(GAME, r, ctx.language))
            alloc.setdefault(to, {})[r] = alloc.get(to, {}).get(r, 0) + 1
        elif op == "rest":
            for r, n in self._remaining(v, alloc).items():
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
