"""How a Narnia table looks in Discord.

Nothing in Narnia is hidden (spec §9), so the board says everything: the map
picture, the round card with its effect and the order of play, the round's
effects, every army's territories (the score) and the bags. Each battle is one
public *live message*, edited throw by throw (both sides' dice sorted, each
comparison marked from the player's side, who won the throw and why, both
stacks after it, then the result). A player's panel says what the decision is
about and holds its controls, built from the engine's legal actions: attacks,
moves and Witch-attack choices are selects of legal choices, each option
naming where (and, for a battle, the chance to conquer).

Public text names the players; only the panel (one player's own) says "you".
Every player has a colour *and* a shape (🔺 🔷 🟢 🟨, the same on the map), so
nothing rests on telling red from green.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import has, t
from bot.model import TableError, TableInfo
from bot.presenter import Click, PanelContext, Presenter
from bot.render import seat_name
from cogs import legal
from cogs.controls import static_view
from cogs.narnia.picture import Legend, Territory, draw_map
from cogs.panel import ActButton, ActSelect
from games.core import Decision, Outcome, Standing
from games.narnia.ai import Board
from games.narnia.data import CARD_TYPE, TERRITORIES
from games.narnia.state import Battle, Throw
from games.narnia.views import NarniaView

GAME = "narnia"
# Colour and shape together (colour-blind players): the map draws the same shapes.
COLOUR_EMOJI = {"red": "🔺", "blue": "🔷", "green": "🟢", "yellow": "🟨"}
WITCH_EMOJI = "❄️"
GREEN, GREY, RED, BLUE = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.danger,
    discord.ButtonStyle.primary,
)
PAIR_MARKS = {True: "✅", False: "❌", None: "🟰"}  # a pair won by the player / by the Witch / tied


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"narnia.ui.{key}", language, **params)


def _as_view(view: BaseModel) -> NarniaView:
    assert isinstance(view, NarniaView)
    return view


def territory(tid: str, language: str) -> str:
    return t(f"narnia.territory.{tid}", language)


def form(tid: str, which: str, language: str) -> str:
    """The name with its article or preposition ("nell'Accampamento di Aslan")."""
    return t(f"narnia.territory_{which}.{tid}", language)


def card_name(card_id: str, language: str) -> str:
    key = f"narnia.card.{card_id}"
    return t(key, language) if has(key) else t(f"narnia.card.{CARD_TYPE.get(card_id, card_id)}", language)


def values(tokens: Iterable[int]) -> str:
    return " ".join(str(v) for v in tokens)


def stack_words(tokens: Iterable[int], language: str) -> str:
    """A stack top first ("3 2 1"), or "flag only"."""
    return values(tokens) or _ui("flag_only", language)


def who(table: TableInfo, seat: int | None, language: str) -> str:
    return _ui("witch", language) if seat is None else seat_name(table, seat)


def stack_text(v: NarniaView, tid: str, language: str) -> str:
    return stack_words((token.value for token in v.territory(tid).stack), language)


def percent(chance: float) -> int:
    return round(chance * 100)


class NarniaPresenter(Presenter):
    game_id = GAME

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _as_view(view)
        over = v.phase == "over"
        if not v.round:
            title = _ui("setup_title", language)
        elif v.round_cap is None:
            title = _ui("board_title", language, round=v.round)
        else:  # NA-4.8.9: the cap is on the board from round 1
            title = _ui("board_title_capped", language, round=v.round, cap=v.round_cap)
        embed = discord.Embed(
            title=title, colour=discord.Colour.green() if over else discord.Colour.dark_teal()
        )
        if decision is not None and decision.actors:
            embed.description = t(
                f"narnia.decision.{decision.kind.split('.')[-1]}",
                language,
                seat=seat_name(table, decision.actors[0]),
            )
        elif over:
            embed.description = self._ended(table, v, language)
        if not over:
            self._round_fields(table, v, embed, language)
        embed.add_field(name=_ui("players", language), value=self._armies(table, v, language), inline=False)
        if not over and v.round:
            embed.add_field(name=_ui("bags", language), value=self._bags(v, language), inline=False)
        return embed

    def _ended(self, table: TableInfo, v: NarniaView, language: str) -> str:
        """How the game ended (the final record above names the winners and scores)."""
        if v.end_reason == "round_cap":
            witch = sum(1 for t_ in v.territories if t_.owner is None and not t_.free)
            return _ui("ended_round_cap", language, round=v.round, count=witch)
        if v.end_reason == "all_eliminated" or not v.battles:
            return _ui("ended_all_eliminated", language, round=v.round)
        last = v.battles[-1]
        return _ui(
            "ended_witch_defeated",
            language,
            round=v.round,
            seat=who(table, last.attacker, language),
            territory_the=form(last.target, "the", language),
        )

    def _round_fields(self, table: TableInfo, v: NarniaView, embed: discord.Embed, language: str) -> None:
        card = v.round_card
        courage = v.phase == "courage" and v.courage_cards
        if courage:
            card = v.courage_cards[-1]
        if card is not None and v.drawer is not None:
            lines = []
            if not courage and v.sequence:
                order = []
                for index, seat in enumerate(v.sequence):
                    mark = "▶️ " if index == v.turn_index else ""
                    order.append(f"{mark}{COLOUR_EMOJI[v.seats[seat].colour]} {seat_name(table, seat)}")
                lines.append(_ui("order", language, order=" → ".join(order)))
            # The card's effect in words, naming the drawer: a newcomer need not know the deck.
            lines.append(f"> {t(f'narnia.card_text.{card}', language, seat=seat_name(table, v.drawer))}")
            key = "courage_card" if courage else "round_card"
            embed.add_field(
                name=_ui(key, language, card=card_name(card, language)), value="\n".join(lines), inline=False
            )
        effects = self._effects(table, v, language)
        if effects:
            embed.add_field(name=_ui("effects", language), value=effects, inline=False)

    def _armies(self, table: TableInfo, v: NarniaView, language: str) -> str:
        lines = []
        for s in v.seats:
            lines.append(
                _ui(
                    "eliminated_line" if s.eliminated else "player_line",
                    language,
                    mark=COLOUR_EMOJI[s.colour],
                    seat=seat_name(table, s.seat),
                    territories=_ui("territories", language, count=s.territories),
                    tokens=_ui("tokens", language, count=s.tokens),
                )
            )
        witch = [t_ for t_ in v.territories if t_.owner is None and not t_.free]
        lines.append(
            _ui(
                "witch_line",
                language,
                mark=WITCH_EMOJI,
                territories=_ui("territories", language, count=len(witch)),
                tokens=_ui("tokens", language, count=sum(len(t_.stack) for t_ in witch)),
            )
        )
        if v.round and v.phase != "over":
            lines.append(f"-# {_ui('goal', language)}")
        return "\n".join(lines)

    def _bags(self, v: NarniaView, language: str) -> str:
        def bag(counts: dict[int, int]) -> str:
            total = _ui("tokens", language, count=sum(counts.values()))
            detail = _ui(
                "bag_values", language, ones=counts.get(1, 0), twos=counts.get(2, 0), threes=counts.get(3, 0)
            )
            return f"{total} ({detail})"

        return "\n".join(
            [
                _ui("bag_peter", language, tokens=bag(v.peter_bag)),
                _ui("bag_witch", language, tokens=bag(v.witch_bag)),
                _ui("deck", language, count=v.deck_count),
            ]
        )

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
            out.append(
                _ui("drawn", language, count=len(v.drawn), tokens=values(tok.value for tok in v.drawn))
            )
        return "\n".join(out)

    def board_image(self, view: BaseModel, language: str) -> bytes | None:
        v = _as_view(view)
        colours = [s.colour for s in v.seats]
        territories = [
            Territory(
                id=tv.id,
                colour=None if tv.owner is None else colours[tv.owner],
                tokens=tuple(tok.value for tok in tv.stack),
                free=tv.free,
            )
            for tv in v.territories
        ]
        battle = v.battle
        highlight = (battle.source, battle.target) if battle is not None else ()
        legend = Legend(
            owners=(
                *((colour, t(f"narnia.colour.{colour}", language)) for colour in colours),
                (None, _ui("legend_witch", language)),
            ),
            tokens=_ui("legend_tokens", language),
            more=_ui("legend_more", language),
            flag=_ui("legend_flag", language),
            ridge=_ui("legend_ridge", language),
            battle=_ui("legend_battle", language),
            free=_ui("legend_free", language),
        )
        return draw_map(
            territories, {tid: territory(tid, language) for tid in TERRITORIES}, legend, highlight
        )

    def board_image_key(self, view: BaseModel) -> str:
        v = _as_view(view)
        battle = v.battle
        parts = [f"{tv.id}:{tv.owner}:{tv.free}:{[x.value for x in tv.stack]}" for tv in v.territories]
        parts.append(f"{battle.source}>{battle.target}" if battle is not None else "")
        parts.append(",".join(s.colour for s in v.seats))
        return "|".join(parts)

    # -- the end of the game ---------------------------------------------------
    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        if not outcome.winners:
            witch = t("narnia.final.witch_wins", language, round=outcome.params.get("round", 0))
            return f"{witch} {t('table.final.nobody', language)}"
        if outcome.reason == "round_cap":  # NA-4.8.9: scored, but Narnia is not free
            cap = t("narnia.final.round_cap", language, round=outcome.params.get("round", 0))
            return f"{cap} {super().final_headline(table, outcome, language)}"
        return f"{t('narnia.final.free', language)} {super().final_headline(table, outcome, language)}"

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        """Territories (NA-5.2), then in words how the tie-break (NA-5.4) placed the seat."""
        d = standing.details
        parts = [t("narnia.final.score", language, count=standing.score or 0)]
        if d.get("final_conquest"):
            parts.append(t("narnia.final.final_conquest", language))
        tie, when = d.get("tie_break"), d.get("last_attack_round")
        if tie == "won":
            key = "tie_won" if when else "tie_won_plain"
            parts.append(t(f"narnia.final.{key}", language, round=when))
        elif tie == "lost":
            key = "tie_lost" if when else "tie_lost_never"
            if not when and d.get("last_attack"):  # a game saved before rounds were kept
                key = "tie_won_plain"
            parts.append(t(f"narnia.final.{key}", language, round=when))
        elif tie == "shared":
            parts.append(t("narnia.final.tie_shared", language))
        if d.get("eliminated"):
            parts.append(t("narnia.final.eliminated", language))
        return " · ".join(parts)

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        lines = super().ranking_lines(table, outcome, language)
        if outcome.winners:
            return lines
        # The Witch won: nobody earned a medal.
        return [
            t(
                "table.final.standing",
                language,
                medal=WITCH_EMOJI,
                seat=seat_name(table, s.seat),
                score=f" — {self.score_text(table, s, language)}",
                winner="",
            )
            for s in outcome.standings
        ]

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
            target_the=form(battle.target, "the", language),
            target_in=form(battle.target, "in", language),
            source_from=form(battle.source, "from", language),
        )
        player = battle.attacker if battle.attacker is not None else battle.defender
        rule = "-# " + _ui("battle_rule", language, player=who(table, player, language))
        throws = [
            self.throw_text(table, battle, n, throw, language) for n, throw in enumerate(battle.throws, 1)
        ]
        if len(throws) > 10:  # keep the message well under Discord's 2,000 characters
            throws = [*throws[:2], "…", *throws[-7:]]
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
                    "conquered" if battle.attacker is not None else "witch_conquered",
                    language,
                    attacker=who(table, battle.attacker, language),
                    defender=who(table, battle.defender, language),
                    target_the=form(battle.target, "the", language),
                )
            )
            # Tokens moved in, once the conqueror has chosen (the Witch always moves one in).
            choosing = v.phase == "invade" and v.battle is not None and v.battle.id == battle.id
            if battle.invasion:
                tail.append(
                    _ui("invaded", language, count=len(battle.invasion), tokens=values(battle.invasion))
                )
            elif battle.attacker is not None and not choosing:
                tail.append(_ui("invaded_none", language))
        elif battle.result == "repelled":
            tail.append(
                _ui(
                    "repelled",
                    language,
                    defender=who(table, battle.defender, language),
                    target_in=form(battle.target, "in", language),
                )
            )
        return "\n".join([head, rule, *throws, *tail])

    def throw_text(self, table: TableInfo, battle: Battle, number: int, throw: Throw, language: str) -> str:
        def side(seat: int | None) -> str:
            return _ui("witch_short", language) if seat is None else seat_name(table, seat)

        # ✅ / ❌ from the player's side: a pair the Witch wins is ❌ whether she attacks or defends.
        player_attacks = battle.attacker is not None
        marks = []
        for a, d, pair in zip(throw.attacker_dice, throw.defender_dice, throw.pairs, strict=False):
            sign = ">" if pair == "attacker" else "<" if pair == "defender" else "="
            won = None if pair == "tie" else (pair == "attacker") == player_attacks
            marks.append(f"{a}{sign}{d} {PAIR_MARKS[won]}")
        won_pairs = sum(r == "attacker" for r in throw.pairs)
        lost_pairs = sum(r == "defender" for r in throw.pairs)
        winner = side(battle.attacker if throw.winner == "attacker" else battle.defender)
        # The winner's pairs first: "wins 2–0", whoever attacked.
        high, low = (won_pairs, lost_pairs) if throw.winner == "attacker" else (lost_pairs, won_pairs)
        score = f"{high}–{low}"
        tied = throw.winner == "defender" and won_pairs == lost_pairs
        result = _ui("throw_tie" if tied else "throw_win", language, winner=winner, score=score)
        line = _ui(
            "throw",
            language,
            number=number,
            attacker=side(battle.attacker),
            defender=side(battle.defender),
            attacker_dice=values(throw.attacker_dice),
            defender_dice=values(throw.defender_dice)
            + (f" {_ui('flag_die', language)}" if throw.flag else ""),
            pairs=", ".join(marks) or "-",
            result=result,
            attacker_stack=stack_words(throw.attacker_stack, language),
            defender_stack=stack_words(throw.defender_stack, language),
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
            title=_ui("panel_title", lang, mark=COLOUR_EMOJI[me.colour]), colour=discord.Colour.blurple()
        )
        mine = [tv for tv in v.territories if tv.owner == ctx.seat and not tv.free]
        if mine:
            embed.add_field(
                name=_ui("your_territories", lang, count=len(mine)),
                value="\n".join(f"{territory(tv.id, lang)}: **{stack_text(v, tv.id, lang)}**" for tv in mine)[
                    :1024
                ],
                inline=False,
            )
        controls = static_view()
        decision = ctx.decision
        if decision is None:
            pass  # the game is over: the final record goes on top, the territories stay below
        elif ctx.seat not in decision.actors:
            embed.description = t(
                f"narnia.decision.{decision.kind.split('.')[-1]}",
                lang,
                seat=seat_name(ctx.table, decision.actors[0]),
            )
        else:
            embed.description = self._task(ctx, v)
            self._controls(ctx, v, controls)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=0)
        )
        return embed, controls

    def _task(self, ctx: PanelContext, v: NarniaView) -> str:
        """What the decision is about, in the second person (this panel is the player's own)."""
        lang = ctx.language
        if v.phase in ("turn", "courage"):
            return self._turn_text(ctx, v)
        if v.phase == "invade":
            battle = v.battle
            assert battle is not None
            return _ui(
                "you_invade",
                lang,
                target_the=form(battle.target, "the", lang),
                source_from=form(battle.source, "from", lang),
            )
        text = _ui(f"you_{v.phase}", lang, value=v.required_value or "")
        if v.drawn and v.phase in ("place_witch", "deploy", "place_reinforcement"):
            text += "\n" + _ui("drawn", lang, count=len(v.drawn), tokens=values(tok.value for tok in v.drawn))
        return text

    def _turn_text(self, ctx: PanelContext, v: NarniaView) -> str:
        lang = ctx.language
        kinds = {a["kind"] for _, a in legal.legal(ctx)}
        lines = [_ui(f"you_{v.phase}", lang)]
        bag = sum(v.peter_bag.values())
        lines.append(
            _ui("act_reinforce", lang, count=bag) if "reinforce" in kinds else _ui("act_reinforce_off", lang)
        )
        lines.append(_ui("act_attack" if "attack" in kinds else "act_attack_off", lang))
        lines.append(_ui("act_move" if "move" in kinds else "act_move_off", lang))
        lines.append(_ui("act_pass", lang))
        mode = self._mode(ctx)
        if mode is not None:
            lines.append(f"-# {_ui(f'showing_{mode}', lang)}")
        return "\n".join(lines)

    def _label(self, ctx: PanelContext, v: NarniaView, tid: str) -> str:
        return f"{territory(tid, ctx.language)} ({stack_text(v, tid, ctx.language)})"

    def _controls(self, ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
        lang = ctx.language
        if v.phase in ("turn", "courage"):
            self._turn_controls(ctx, v, controls)
            return
        for button in self._buttons(ctx, v):
            controls.add_item(button)
        if v.phase == "invade":
            self._invade_controls(ctx, v, controls)
            return
        board = Board(v)
        entries: list[tuple[int, str, str, str]] = []
        seen: set[tuple[str, int, str]] = set()
        for index, action in legal.legal(ctx):
            kind = action["kind"]
            if kind in ("place_witch", "deploy", "place_reinforcement", "stone", "spell_loss"):
                entries.append((index, "", "", self._label(ctx, v, action["territory"])))
            elif kind == "witch_pair":
                source, target = action["source"], action["target"]
                chance = board.witch_chance(source, target, reinforced=v.phase == "witch_pair")
                label = _ui(
                    "pair_label",
                    lang,
                    source=territory(source, lang),
                    source_stack=stack_text(v, source, lang),
                    target=territory(target, lang),
                    target_stack=stack_text(v, target, lang),
                    chance=percent(chance),
                )
                entries.append((index, target, self._label(ctx, v, target), label))
            elif kind == "treachery":
                source, target = action["source"], action["target"]
                value = v.territory(source).stack[0].value
                label = _ui(
                    "treachery_label",
                    lang,
                    value=value,
                    source_from=form(source, "from", lang),
                    target=territory(target, lang),
                    target_stack=stack_text(v, target, lang),
                )
                entries.append((index, source, self._label(ctx, v, source), label))
            elif kind == "surprise":
                tid = action["territory"]
                token = v.territory(tid).stack[action["index"]]
                # Equal tokens of one stack are interchangeable: offer each kind once.
                if (tid, token.value, token.origin) in seen:
                    continue
                seen.add((tid, token.value, token.origin))
                label = _ui(
                    "surprise_label",
                    lang,
                    territory=territory(tid, lang),
                    stack=stack_text(v, tid, lang),
                    value=token.value,
                    origin=_ui("origin_peter", lang) if token.origin == "peter" else "",
                )
                entries.append((index, tid, self._label(ctx, v, tid), label))
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

    def _buttons(self, ctx: PanelContext, v: NarniaView) -> list[ActButton]:
        """One button per action that needs no further choice."""
        styles = {"draw": GREEN, "reinforce": GREEN, "reroll": GREEN, "keep": GREY, "pass": GREY}
        emoji = {"draw": "🃏", "reinforce": "➕", "reroll": "🦁", "keep": "✋", "pass": "⏭️"}
        out = []
        for index, a in legal.legal(ctx, *styles):
            kind = a["kind"]
            label = "button_decline" if kind == "pass" and v.phase == "surprise" else f"button_{kind}"
            out.append(
                legal.button(
                    ctx, index, _ui(label, ctx.language), style=styles[kind], emoji=emoji[kind], row=0
                )
            )
        return out

    def _mode(self, ctx: PanelContext) -> str | None:
        """Which battle-or-move choices the turn panel lists: the player's pick, else attacks."""
        attacks = legal.legal(ctx, "attack")
        moves = legal.legal(ctx, "move")
        wanted = (ctx.draft or {}).get("mode")
        if (wanted == "move" and moves) or (wanted == "attack" and attacks):
            return str(wanted)
        return "attack" if attacks else "move" if moves else None

    def _turn_controls(self, ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
        """Row 0: the actions done at once (reinforce, pass). Row 1: which menus to show
        (attacks or moves), styled as a switch. Then from (row 2), to (row 3) and, for a
        move, which tokens (row 4). Each select holds legal choices only."""
        lang = ctx.language
        draft = ctx.draft or {}
        reinforce = legal.legal(ctx, "reinforce")
        if reinforce:
            controls.add_item(
                legal.button(
                    ctx, reinforce[0][0], _ui("button_reinforce", lang), style=GREEN, emoji="➕", row=0
                )
            )
        else:  # the reason is in the panel text
            controls.add_item(
                ActButton.make(
                    ctx.channel_id,
                    ctx.version,
                    "off.reinforce",
                    _ui("button_reinforce", lang),
                    emoji="➕",
                    disabled=True,
                    row=0,
                )
            )
        for index, _ in legal.legal(ctx, "pass"):
            controls.add_item(
                legal.button(ctx, index, _ui("button_pass", lang), style=GREY, emoji="⏭️", row=0)
            )
        attacks = legal.legal(ctx, "attack")
        moves = legal.legal(ctx, "move")
        mode = self._mode(ctx)
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
                    row=1,
                )
            )
        if mode is None:
            return
        actions = attacks if mode == "attack" else moves
        sources = list(dict.fromkeys(a["source"] for _, a in actions))
        source = draft.get("from") if draft.get("from") in sources else None
        if source is None and len(sources) == 1:
            source = sources[0]
        controls.add_item(
            self._territory_select(ctx, v, "from", sources, source, _ui(f"{mode}_from", lang), 2)
        )
        if source is None:
            return
        if mode == "attack":
            board = Board(v)
            pick = legal.select(
                ctx,
                _ui("attack_to", lang, source=territory(source, lang)),
                [
                    (
                        i,
                        _ui(
                            "attack_option",
                            lang,
                            target=territory(a["target"], lang),
                            stack=stack_text(v, a["target"], lang),
                            chance=percent(board.attack_chance(source, a["target"])),
                        ),
                    )
                    for i, a in attacks
                    if a["source"] == source
                ],
                row=3,
            )
            if pick is not None:
                controls.add_item(pick)
            return
        targets = list(dict.fromkeys(a["target"] for _, a in moves if a["source"] == source))
        target = draft.get("to") if draft.get("to") in targets else None
        if target is None and len(targets) == 1:
            target = targets[0]
        controls.add_item(self._territory_select(ctx, v, "to", targets, target, _ui("move_to", lang), 3))
        if target is not None:
            select = self._token_select(
                ctx, v, "mt", source, _ui("pick_tokens", lang, source=territory(source, lang)), 4
            )
            if select is not None:
                controls.add_item(select)

    def _invade_controls(self, ctx: PanelContext, v: NarniaView, controls: discord.ui.View) -> None:
        """Common answers first (none, all), then any subset (D17)."""
        lang = ctx.language
        source = self._invasion_source(v)
        controls.add_item(
            ActButton.make(
                ctx.channel_id, ctx.version, "inv.all", _ui("invade_all", lang), style=GREEN, emoji="➡️", row=0
            )
        )
        controls.add_item(
            ActButton.make(
                ctx.channel_id,
                ctx.version,
                "inv.none",
                _ui("invade_none", lang, source_in=form(source, "in", lang))[:80],
                row=0,
            )
        )
        select = self._token_select(ctx, v, "inv", source, _ui("pick_invaders", lang), 1)
        if select is not None:
            controls.add_item(select)

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
        self, ctx: PanelContext, v: NarniaView, payload: str, source: str, placeholder: str, row: int
    ) -> ActSelect | None:
        """A multi-select of the source's tokens (by position); values become the action's list."""
        lang = ctx.language
        stack = v.territory(source).stack
        options = [
            discord.SelectOption(
                label=_ui("token_top", lang, value=tok.value)
                if i == 0
                else _ui("token_label", lang, value=tok.value, position=i + 1),
                value=str(i),
            )
            for i, tok in enumerate(stack)
        ][: legal.SELECT_LIMIT]
        if not options:
            return None
        return ActSelect.make(
            ctx.channel_id,
            ctx.version,
            payload,
            placeholder,
            options,
            min_values=1,
            max_values=len(options),
            row=row,
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
