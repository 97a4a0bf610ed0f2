"""How a Mag Mor table looks in Discord (views in, embeds and controls out)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import t
from bot.presenter import Click, PanelContext, Presenter
from bot.render import bundle, resource, seat_name
from bot.table import TableError, TableInfo
from cogs.controls import ActButton, ActSelect, static_view
from cogs.magmor.picture import draw_board
from games.core import Decision
from games.magmor import MagmorView

GAME = "magmor"
RESOURCES = ("water", "food", "axe", "pickaxe", "medicine")
EMOJI = {"water": "💧", "food": "🍞", "axe": "🪓", "pickaxe": "⛏️", "medicine": "💊"}
GREEN, GREY, BLUE, RED = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
)


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"magmor.ui.{key}", language, **params)


def _cards(cards: dict[str, int], language: str) -> str:
    parts = [f"{EMOJI[r]} {n} {resource(GAME, r, language)}" for r, n in cards.items() if n]
    return ", ".join(parts) if parts else t("common.nothing", language)


def _face_text(face: Any, language: str) -> str:
    found = ", ".join(f"{row.qty} {resource(GAME, row.res, language)}" for row in face.found)
    pay = ", ".join(f"{row.qty} {resource(GAME, row.res, language)}" for row in face.pay)
    return _ui("face", language, found=found or "-", pay=pay or "-")


def _as_view(view: BaseModel) -> MagmorView:
    assert isinstance(view, MagmorView)
    return view


class MagmorPresenter(Presenter):
    game_id = GAME

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _as_view(view)
        over = v.phase == "over"
        embed = discord.Embed(
            title=_ui("board_title", language, turn=v.turn, day=v.day),
            description=self._phase_text(table, v, decision, language),
            colour=discord.Colour.dark_gold() if not over else discord.Colour.green(),
        )
        players = []
        for seat in range(v.players):
            marks = ("👑 " if seat == v.leader and not over else "") + ("🤖 " if table.seats[seat].ai else "")
            barred = " ⛔" if seat == v.barred and not over else ""
            players.append(
                _ui(
                    "player_line",
                    language,
                    marks=marks,
                    seat=seat_name(table, seat),
                    honour=f"{v.honour[seat]:+d}",
                    cards=v.hand_sizes[seat],
                )
                + barred
            )
        embed.add_field(name=_ui("players", language), value="\n".join(players), inline=False)
        embed.add_field(
            name=_ui("piles", language),
            value=" · ".join(f"{EMOJI[r]} {v.piles.get(r, 0)}" for r in RESOURCES),
            inline=False,
        )
        if v.last_crossing:
            embed.set_footer(text=_ui(f"last_{v.last_crossing}", language))
        return embed

    def _phase_text(self, table: TableInfo, v: MagmorView, decision: Decision | None, language: str) -> str:
        leader = seat_name(table, v.leader) if v.leader is not None else "-"
        if v.phase == "over":
            return _ui("over_success" if v.success else "over_failure", language)
        if v.phase == "choose":
            lines = [_ui("phase_choose", language, seat=leader, cells=" / ".join(v.candidates))]
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
        cell = next((c for c in v.grid if c.cell == v.current), None)
        header = ""
        if cell is not None and cell.magmor:
            header = _ui("crossing_magmor", language)
        elif cell is not None and cell.face is not None:
            header = _ui(
                "crossing", language, cell=cell.cell, terrain=t(f"magmor.terrain.{cell.terrain}", language)
            )
            header += "\n" + _face_text(cell.face, language)
        if v.phase == "split":
            body = _ui("phase_split", language, seat=leader, cards=_cards(v.taken, language))
            if any(v.shortfall.values()):
                body += "\n" + _ui("shortfall", language, cards=_cards(v.shortfall, language))
        elif v.phase == "pay":
            rows = []
            for cat in v.categories:
                who = seat_name(table, cat.paid_by) if cat.paid_by is not None else ""
                mark = f"✅ {who}" if cat.paid_by is not None else "⬜"
                rows.append(f"{mark} {EMOJI[cat.res]} {cat.qty} {resource(GAME, cat.res, language)}")
            body = _ui("phase_pay", language) + "\n" + "\n".join(rows)
        else:
            paid = [
                f"✅ {seat_name(table, int(s))}: {bundle(GAME, cards, language)}"
                for s, cards in v.magmor_paid.items()
            ]
            body = "\n".join([_ui("phase_magmor", language, count=2 * v.players), *paid])
        if decision is not None:
            order = " → ".join(seat_name(table, s) for s in decision.seats)
            body += "\n" + _ui("waiting", language, order=order)
        return f"{header}\n{body}".strip()

    def board_image(self, view: BaseModel, language: str) -> bytes | None:
        return draw_board(_as_view(view))

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v = _as_view(ctx.view)
        lang = ctx.language
        embed = discord.Embed(title=_ui("panel_title", lang), colour=discord.Colour.blurple())
        embed.add_field(
            name=_ui("your_hand", lang, count=sum((v.hand or {}).values())),
            value=_cards(v.hand or {}, lang),
            inline=False,
        )
        if v.objective:
            values = " · ".join(f"{EMOJI[r]} {v.objective[r]}" for r in RESOURCES if r in v.objective)
            embed.add_field(name=_ui("your_objective", lang), value=values, inline=False)
        for cell, face in v.explored.items():
            embed.add_field(
                name=_ui("explored_face", lang, cell=cell), value=_face_text(face, lang), inline=False
            )
        embed.add_field(name=_ui("honour", lang), value=f"{v.honour[ctx.seat]:+d}", inline=True)
        embed.add_field(name=_ui("day", lang), value=f"{v.day}/17", inline=True)
        controls = static_view()
        decision = ctx.decision
        mine = decision is not None and ctx.seat in decision.actors
        if decision is None:
            embed.description = _ui("over_panel", lang)
        elif not mine:
            embed.description = t(
                f"magmor.decision.{decision.kind.split('.')[-1]}",
                lang,
                seat=seat_name(ctx.table, decision.actors[0]),
            )
        elif v.phase == "choose":
            embed.description = _ui("you_choose", lang)
            self._choose_controls(ctx, v, controls)
        elif v.phase == "split":
            embed.description = _ui("you_split", lang)
            self._split_controls(ctx, v, controls, embed)
        elif v.phase == "pay":
            embed.description = _ui("you_pay", lang)
            self._pay_controls(ctx, v, controls)
        elif v.phase == "magmor":
            embed.description = _ui("you_magmor", lang)
            self._magmor_controls(ctx, v, controls)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=4)
        )
        return embed, controls

    def _choose_controls(self, ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> None:
        hand = v.hand or {}
        explored = {e.cell for e in v.explorations}
        for row, cell in enumerate(v.candidates):
            back = next(c for c in v.grid if c.cell == cell)
            cost = back.explore_cost or ""
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    f"ex.{cell}",
                    _ui(
                        "explore_button", ctx.language, cell=cell, resource=resource(GAME, cost, ctx.language)
                    ),
                    emoji="🔍",
                    disabled=cell in explored or hand.get(cost, 0) < 1 or len(v.candidates) < 2,
                    row=row,
                )
            )
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    f"go.{cell}",
                    _ui("go_button", ctx.language, cell=cell),
                    style=GREEN,
                    emoji="➡️",
                    row=row,
                )
            )

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
    ) -> None:
        lang = ctx.language
        alloc = self._allocation(ctx)
        left = self._remaining(v, alloc)
        to = int((ctx.draft or {}).get("to", ctx.seat))
        lines = [f"{seat_name(ctx.table, s)} ← {_cards(alloc.get(s, {}), lang)}" for s in range(v.players)]
        embed.add_field(name=_ui("split_draft", lang), value="\n".join(lines), inline=False)
        embed.add_field(name=_ui("split_left", lang), value=_cards(left, lang), inline=False)
        options = [
            discord.SelectOption(
                label=(ctx.table.seats[s].name + (f" ({_ui('you', lang)})" if s == ctx.seat else ""))[:100],
                value=str(s),
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
                        _ui("split_add", lang, resource=resource(GAME, r, lang)),
                        emoji=EMOJI[r],
                        row=1,
                    )
                )
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "sp.rest", _ui("split_rest", lang), disabled=not left, row=2
            )
        )
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "sp.reset", _ui("split_reset", lang), emoji="↩️", row=2
            )
        )
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "sp.keep", _ui("split_keep", lang), row=3)
        )
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                "sp.ok",
                _ui("split_confirm", lang),
                style=GREEN,
                emoji="✅",
                row=3,
            )
        )

    def _pay_controls(self, ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> None:
        hand = v.hand or {}
        for cat in v.categories:
            if cat.paid_by is None:
                controls.add_item(
                    ActButton.make(
                        ctx.channel_id,
                        ctx.version,
                        f"pay.{cat.res}",
                        _ui(
                            "pay_button",
                            ctx.language,
                            qty=cat.qty,
                            resource=resource(GAME, cat.res, ctx.language),
                        ),
                        style=GREEN,
                        emoji=EMOJI[cat.res],
                        disabled=hand.get(cat.res, 0) < cat.qty,
                        row=0,
                    )
                )
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "pass", _ui("pass_button", ctx.language), style=RED, row=1
            )
        )

    def _magmor_controls(self, ctx: PanelContext, v: MagmorView, controls: discord.ui.View) -> None:
        hand = v.hand or {}
        held = [r for r in RESOURCES if hand.get(r)]
        pairs = [(a, b) for a, b in combinations_with_replacement(held, 2) if a != b or hand.get(a, 0) >= 2]
        if pairs:
            options = [
                discord.SelectOption(
                    label=f"{resource(GAME, a, ctx.language)} + {resource(GAME, b, ctx.language)}",
                    value=f"{a}+{b}",
                    emoji=EMOJI[a],
                )
                for a, b in pairs
            ]
            controls.add_item(
                ActSelect.make(
                    ctx.channel_id, ctx.version, "mm", _ui("magmor_pick", ctx.language), options, row=0
                )
            )
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "pass", _ui("pass_button", ctx.language), style=RED, row=1
            )
        )

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
