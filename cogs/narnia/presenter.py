"""How a Narnia table looks in Discord.

Nothing in Narnia is hidden (spec §9), so the board says everything: the map
picture, the round card and its sequence, whose turn it is, the round's
effects and the bags. Each battle is one public *live message*, edited throw
by throw (both sides' dice sorted, each comparison, the throw's winner, both
stacks after it, then the result). A player's panel only holds the controls
of their decision, built from the engine's legal actions: attacks, moves and
Witch-attack choices are selects of legal choices, narrowed in two steps
(from, then to) when they are more than a select holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import has, t
from bot.presenter import Click, PanelContext, Presenter
from bot.render import seat_name
from bot.table import TableError, TableInfo
from cogs import legal
from cogs.controls import ActButton, ActSelect, static_view
from cogs.narnia.picture import Territory, draw_map
from games.core import Decision
from games.narnia.data import CARD_TYPE, TERRITORIES
from games.narnia.state import Battle, Throw
from games.narnia.views import NarniaView

GAME = "narnia"
COLOUR_EMOJI = {"red": "🟥", "blue": "🟦", "green": "🟩", "yellow": "🟨"}
WITCH_EMOJI = "⬜"
GREEN, GREY, RED, BLUE = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.danger,
    discord.ButtonStyle.primary,
)


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"narnia.ui.{key}", language, **params)


def _as_view(view: BaseModel) -> NarniaView:
    assert isinstance(view, NarniaView)
    return view


def territory(tid: str, language: str) -> str:
    return t(f"narnia.territory.{tid}", language)


def card_name(card_id: str, language: str) -> str:
    key = f"narnia.card.{card_id}"
    return t(key, language) if has(key) else t(f"narnia.card.{CARD_TYPE.get(card_id, card_id)}", language)


def values(tokens: Iterable[int]) -> str:
    return " ".join(str(v) for v in tokens) or "🏳️"


def who(table: TableInfo, seat: int | None, language: str) -> str:
    return _ui("witch", language) if seat is None else seat_name(table, seat)


def stack_text(v: NarniaView, tid: str) -> str:
    return values(token.value for token in v.territory(tid).stack)


class NarniaPresenter(Presenter):
    game_id = GAME

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _as_view(view)
        over = v.phase == "over"
        title = _ui("board_title", language, round=v.round) if v.round else _ui("setup_title", language)
        embed = discord.Embed(
            title=title, colour=discord.Colour.green() if over else discord.Colour.dark_teal()
        )
        lines = []
        if decision is not None and decision.actors:
            lines.append(
                t(
                    f"narnia.decision.{decision.kind.split('.')[-1]}",
                    language,
                    seat=seat_name(table, decision.actors[0]),
                )
            )
        elif over:
            lines.append(_ui(f"over_{v.end_reason or 'witch_defeated'}", language))
        embed.description = "\n".join(lines)
        if v.round_card is not None:
            order = []
            for index, seat in enumerate(v.sequence):
                mark = "▶️ " if index == v.turn_index and not over else ""
                order.append(f"{mark}{COLOUR_EMOJI[v.seats[seat].colour]} {seat_name(table, seat)}")
            embed.add_field(
                name=_ui("round_card", language, card=card_name(v.round_card, language)),
                value=" → ".join(order) or "-",
                inline=False,
            )
        effects = self._effects(table, v, language)
        if effects:
            embed.add_field(name=_ui("effects", language), value=effects, inline=False)
        players = []
        for s in v.seats:
            players.append(
                _ui(
                    "eliminated_line" if s.eliminated else "player_line",
                    language,
                    colour=COLOUR_EMOJI[s.colour],
                    seat=seat_name(table, s.seat),
                    territories=s.territories,
                    tokens=s.tokens,
                )
            )
        witch = [t_ for t_ in v.territories if t_.owner is None and not t_.free]
        players.append(
            _ui(
                "witch_line",
                language,
                colour=WITCH_EMOJI,
                territories=len(witch),
                tokens=sum(len(t_.stack) for t_ in witch),
            )
        )
        embed.add_field(name=_ui("players", language), value="\n".join(players), inline=False)
        embed.add_field(
            name=_ui("bags", language),
            value=_ui(
                "bags_line",
                language,
                peter=" · ".join(f"{v.peter_bag.get(k, 0)}×{k}" for k in (1, 2, 3)),
                witch=" · ".join(f"{v.witch_bag.get(k, 0)}×{k}" for k in (1, 2, 3)),
                deck=v.deck_count,
            ),
            inline=False,
        )
        return embed

    def _effects(self, table: TableInfo, v: NarniaView, language: str) -> str:
        e = v.effects
        out = []
        if e.blizzard is not None:
            out.append(_ui("effect_blizzard", language, seat=seat_name(table, e.blizzard)))
        if e.aslan is not None:
            key = "effect_aslan_used" if e.aslan_used else "effect_aslan"
            out.append(_ui(key, language, seat=seat_name(table, e.aslan)))
        if e.invincible is not None:
            out.append(_ui("effect_invincible", language, seat=seat_name(table, e.invincible)))
        if v.drawn:
            out.append(_ui("drawn", language, tokens=values(tok.value for tok in v.drawn)))
        return "\n".join(out)

    def board_image(self, view: BaseModel, language: str) -> bytes | None:
        v = _as_view(view)
        colours = [s.colour for s in v.seats]
        territories = [
            Territory(
                id=tv.id,
                colour=None if tv.owner is None else colours[tv.owner],
                tokens=tuple(tok.value for tok in tv.stack),
                betrayed=sum(1 for tok in tv.stack if tv.owner is None and tok.origin == "peter"),
            )
            for tv in v.territories
            if not tv.free
        ]
        battle = v.battle
        highlight = (battle.source, battle.target) if battle is not None else ()
        return draw_map(territories, {tid: territory(tid, language) for tid in TERRITORIES}, highlight)

    def board_image_key(self, view: BaseModel) -> str:
        v = _as_view(view)
        battle = v.battle
        parts = [
            f"{tv.id}:{tv.owner}:{tv.free}:{[(x.value, x.origin) for x in tv.stack]}" for tv in v.territories
        ]
        parts.append(f"{battle.source}>{battle.target}" if battle is not None else "")
        return "|".join(parts)

    # -- the live battle message ---------------------------------------------
    def live_message(self, table: TableInfo, view: BaseModel, key: str, language: str) -> str | None:
        v = _as_view(view)
        battle = next((b for b in v.battles if f"battle-{b.id}" == key), None)
        return None if battle is None else self.battle_text(table, v, battle, language)

    def battle_text(self, table: TableInfo, v: NarniaView, battle: Battle, language: str) -> str:
        head = _ui(
            f"battle_{battle.cause}",
            language,
            attacker=who(table, battle.attacker, language),
            defender=who(table, battle.defender, language),
            source=territory(battle.source, language),
            target=territory(battle.target, language),
        )
        throws = [
            self.throw_text(table, battle, n, throw, language) for n, throw in enumerate(battle.throws, 1)
        ]
        if len(throws) > 12:  # keep the message well under Discord's 2,000 characters
            throws = [*throws[:2], "…", *throws[-9:]]
        tail = []
        if battle.paused is not None:
            p = battle.paused
            tail.append(
                _ui(
                    "aslan_wait",
                    language,
                    attacker_dice=values(p.attacker_dice),
                    defender_dice=values(p.defender_dice),
                    seat=who(table, v.effects.aslan, language),
                )
            )
        if battle.result == "conquered":
            tail.append(
                _ui(
                    "conquered",
                    language,
                    attacker=who(table, battle.attacker, language),
                    target=territory(battle.target, language),
                )
            )
            if battle.invasion:
                tail.append(_ui("invaded", language, tokens=values(battle.invasion)))
        elif battle.result == "repelled":
            tail.append(
                _ui(
                    "repelled",
                    language,
                    defender=who(table, battle.defender, language),
                    target=territory(battle.target, language),
                )
            )
        return "\n".join([head, *throws, *tail])

    def throw_text(self, table: TableInfo, battle: Battle, number: int, throw: Throw, language: str) -> str:
        marks = {"attacker": "✅", "defender": "❌", "tie": "🟰"}
        pairs = " ".join(
            f"{a}{'>' if r == 'attacker' else '<' if r == 'defender' else '='}{d}{marks[r]}"
            for a, d, r in zip(throw.attacker_dice, throw.defender_dice, throw.pairs, strict=False)
        )
        winner = who(table, battle.attacker if throw.winner == "attacker" else battle.defender, language)
        line = _ui(
            "throw",
            language,
            number=number,
            attacker_dice=values(throw.attacker_dice),
            defender_dice=values(throw.defender_dice) + (" 🏳️" if throw.flag else ""),
            pairs=pairs or "-",
            winner=winner,
            attacker_stack=values(throw.attacker_stack),
            defender_stack=values(throw.defender_stack),
        )
        if throw.rerolled is not None and throw.original_dice is not None:
            line += " " + _ui("rerolled", language, dice=values(throw.original_dice))
        return line

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v = _as_view(ctx.view)
        lang = ctx.language
        me = v.seats[ctx.seat]
        embed = discord.Embed(
            title=_ui("panel_title", lang, colour=COLOUR_EMOJI[me.colour]), colour=discord.Colour.blurple()
        )
        mine = [tv for tv in v.territories if tv.owner == ctx.seat and not tv.free]
        if mine:
            embed.add_field(
                name=_ui("your_territories", lang, count=len(mine)),
                value="\n".join(f"{territory(tv.id, lang)}: **{stack_text(v, tv.id)}**" for tv in mine)[
                    :1024
                ],
                inline=False,
            )
        controls = static_view()
        decision = ctx.decision
        if decision is None:
            embed.description = _ui("over_panel", lang)
        elif ctx.seat not in decision.actors:
            embed.description = t(
                f"narnia.decision.{decision.kind.split('.')[-1]}",
                lang,
                seat=seat_name(ctx.table, decision.actors[0]),
            )
        else:
            embed.description = _ui(f"you_{v.phase}", lang, value=v.required_value or "")
            if v.drawn and v.phase in ("place_witch", "deploy", "place_reinforcement"):
                embed.description += "\n" + _ui("drawn", lang, tokens=values(tok.value for tok in v.drawn))
            self._controls(ctx, v, controls)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=4)
        )
        return embed, controls

    def _label(self, ctx: PanelContext, v: NarniaView, tid: str) -> str:
        return f"{territory(tid, ctx.language)} ({stack_text(v, tid)})"

    def _controls(self, ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
        lang = ctx.language
        for button in self._buttons(ctx):
            controls.add_item(button)
        if v.phase in ("turn", "courage"):
            self._turn_controls(ctx, v, controls)
            return
        if v.phase == "invade":
            self._token_select(ctx, v, controls, "inv", self._invasion_source(v))
            return
        entries = []
        for index, action in legal.legal(ctx):
            kind = action["kind"]
            if kind in ("place_witch", "deploy", "place_reinforcement", "stone", "spell_loss"):
                entries.append((index, "", "", self._label(ctx, v, action["territory"])))
            elif kind == "witch_pair":
                entries.append(
                    (
                        index,
                        action["target"],
                        self._label(ctx, v, action["target"]),
                        _ui(
                            "pair_label",
                            lang,
                            source=self._label(ctx, v, action["source"]),
                            target=self._label(ctx, v, action["target"]),
                        ),
                    )
                )
            elif kind == "treachery":
                entries.append(
                    (
                        index,
                        action["source"],
                        self._label(ctx, v, action["source"]),
                        _ui("treachery_label", lang, target=self._label(ctx, v, action["target"])),
                    )
                )
            elif kind == "surprise":
                token = v.territory(action["territory"]).stack[action["index"]]
                entries.append(
                    (
                        index,
                        action["territory"],
                        self._label(ctx, v, action["territory"]),
                        _ui(
                            "surprise_label",
                            lang,
                            value=token.value,
                            position=action["index"] + 1,
                            origin=_ui(f"origin_{token.origin}", lang),
                        ),
                    )
                )
        if not entries:
            return
        for item in legal.narrowed(
            ctx,
            entries,
            draft_key="group",
            group_placeholder=_ui(f"group_{v.phase}", lang),
            placeholder=_ui(f"pick_{v.phase}", lang),
            row=1,
        ):
            controls.add_item(item)

    def _buttons(self, ctx: PanelContext) -> list[ActButton]:
        """One button per action that needs no further choice."""
        styles = {"draw": GREEN, "reinforce": GREEN, "reroll": GREEN, "keep": GREY, "pass": RED}
        emoji = {"draw": "🃏", "reinforce": "➕", "reroll": "🦁", "keep": "✋", "pass": "⏭️"}
        return [
            legal.button(
                ctx,
                index,
                _ui(f"button_{a['kind']}", ctx.language),
                style=styles[a["kind"]],
                emoji=emoji[a["kind"]],
                row=0,
            )
            for index, a in legal.legal(ctx, *styles)
        ]

    def _turn_controls(self, ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
        """Row 0: reinforce, attack, move, pass; then from (row 1), to (row 2)
        and, for a move, which tokens (row 3). Each select holds legal choices only."""
        lang = ctx.language
        draft = ctx.draft or {}
        attacks = legal.legal(ctx, "attack")
        moves = legal.legal(ctx, "move")
        mode = draft.get("mode") or ("attack" if attacks else "move")
        for name, actions, emoji in (("attack", attacks, "⚔️"), ("move", moves, "🚶")):
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    f"mode.{name}",
                    _ui(f"button_{name}", lang),
                    style=BLUE if mode == name else GREY,
                    emoji=emoji,
                    disabled=not actions,
                    row=0,
                )
            )
        actions = attacks if mode == "attack" else moves
        if not actions:
            return
        sources = list(dict.fromkeys(a["source"] for _, a in actions))
        source = draft.get("from") if draft.get("from") in sources else None
        if source is None and len(sources) == 1:
            source = sources[0]
        controls.add_item(
            self._territory_select(ctx, v, "from", sources, source, _ui(f"{mode}_from", lang), 1)
        )
        if source is None:
            return
        if mode == "attack":
            pick = legal.select(
                ctx,
                _ui("attack_to", lang, source=territory(source, lang)),
                [(i, "⚔️ " + self._label(ctx, v, a["target"])) for i, a in attacks if a["source"] == source],
                row=2,
            )
            if pick is not None:
                controls.add_item(pick)
            return
        targets = list(dict.fromkeys(a["target"] for _, a in moves if a["source"] == source))
        target = draft.get("to") if draft.get("to") in targets else None
        if target is None and len(targets) == 1:
            target = targets[0]
        controls.add_item(self._territory_select(ctx, v, "to", targets, target, _ui("move_to", lang), 2))
        if target is not None:
            self._token_select(ctx, v, controls, "mt", source, row=3)

    def _territory_select(
        self,
        ctx: PanelContext,
        v: NarniaView,
        payload: str,
        choices: list[str],
        chosen: str | None,
        placeholder: str,
        row: int,
    ) -> ActSelect:
        options = [
            discord.SelectOption(label=self._label(ctx, v, tid)[:100], value=tid, default=tid == chosen)
            for tid in choices
        ][: legal.SELECT_LIMIT]  # at most 24 territories: always fits
        return ActSelect.make(ctx.channel_id, ctx.version, payload, placeholder, options, row=row)

    def _invasion_source(self, v: NarniaView) -> str:
        battle = v.battle
        assert battle is not None
        return battle.source

    def _token_select(
        self,
        ctx: PanelContext,
        v: NarniaView,
        controls: discord.ui.View,
        payload: str,
        source: str,
        row: int = 1,
    ) -> None:
        """A multi-select of the source's tokens (by position); values become the action's list."""
        lang = ctx.language
        stack = v.territory(source).stack
        options = [
            discord.SelectOption(
                label=_ui("token_label", lang, value=tok.value, position=i + 1), value=str(i)
            )
            for i, tok in enumerate(stack)
        ][: legal.SELECT_LIMIT]
        if payload == "inv":
            # Common answers first: nothing, everything, or alternate (D17).
            controls.add_item(
                ActButton.make(ctx.channel_id, ctx.version, "inv.none", _ui("invade_none", lang), row=2)
            )
            controls.add_item(
                ActButton.make(
                    ctx.channel_id, ctx.version, "inv.all", _ui("invade_all", lang), style=GREEN, row=2
                )
            )
        if options:
            controls.add_item(
                ActSelect.make(
                    ctx.channel_id,
                    ctx.version,
                    payload,
                    _ui("pick_tokens", lang, source=territory(source, lang)),
                    options,
                    min_values=1,
                    max_values=len(options),
                    row=row,
                )
            )

    # -- clicks --------------------------------------------------------------
    def click(self, ctx: PanelContext, payload: str, values_: list[str]) -> Click:
        v = _as_view(ctx.view)
        if payload == "refresh":
            return Click()
        for decode in (legal.click, legal.group_click):
            chosen = decode(ctx, payload, values_)
            if chosen is not None:
                return chosen
        draft = dict(ctx.draft or {})
        if payload.startswith("mode."):
            return Click(draft={"mode": payload.removeprefix("mode.")})
        if payload == "from":
            return Click(draft={"mode": draft.get("mode"), "from": values_[0] if values_ else None})
        if payload == "to":
            return Click(draft={**draft, "to": values_[0] if values_ else None})
        if payload == "mt":
            source, target = str(draft.get("from", "")), str(draft.get("to", ""))
            moved = self._tokens(v, source, values_)
            return Click(action={"kind": "move", "source": source, "target": target, "tokens": moved})
        if payload in ("inv", "inv.none", "inv.all"):
            source = self._invasion_source(v)
            stack = v.territory(source).stack
            if payload == "inv.none":
                tokens: list[int] = []
            elif payload == "inv.all":
                tokens = [tok.value for tok in stack]
            else:
                tokens = self._tokens(v, source, values_)
            return Click(action={"kind": "invade", "tokens": tokens})
        raise TableError("error.bad_action")

    @staticmethod
    def _tokens(v: NarniaView, source: str, picked: list[str]) -> list[int]:
        if source not in TERRITORIES:
            raise TableError("error.bad_action")
        stack = v.territory(source).stack
        positions = sorted({int(p) for p in picked if p.isdigit() and int(p) < len(stack)})
        return sorted((stack[p].value for p in positions), reverse=True)
