"""How an Akelarre table looks in Discord.

The board (public, drawn from the spectator view) is text: every meeting
place with its owner and group (cards in order, joker values, what it still
needs, what may be taken), the five discard piles, the deck, every player's
hand size, places and captured cards, whose turn and which step, the final
round and the teams. Favourites never reach it before the end.

A player's panel (ephemeral) shows their secret favourite family, their hand
grouped by family, their captured cards with the points so far, the table,
and the controls of their decision, all built from the engine's legal
actions by index (``cogs.legal``): a turn is a series of moves, each picked
as cards from the hand (a draft), then a destination among the legal places
(a joker's value where two fit), then **Done** or a discard; takes from
4-card groups, the draw source, buying a place and paying for it, and the
owner's choice of 2 cards after a capture on their place.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from cogs.publisher import chunks
from games.akelarre import AkelarreView, PlaceView
from games.akelarre.data import (
    FAMILIES,
    HAND_SIZE,
    PLACE_COST,
    family_of,
    is_joker,
    kind_of,
    sort_cards,
    value_of,
)
from games.akelarre.groups import resolve
from games.akelarre.moves import distinct
from games.akelarre.scoring import card_points
from games.akelarre.state import Placed
from games.core import Decision, Outcome, RuleError, Standing

GAME = "akelarre"
GREEN, GREY, BLUE, RED = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
)
FIELD_LIMIT = 1024  # Discord's characters per embed field value
TEAMS = "AB"
MOVES = ("open", "add")


def _ui(key: str, language: str, **params: Any) -> str:
    return t(f"akelarre.ui.{key}", language, **params)


def card_name(label: str, language: str) -> str:
    """A card (or a joker with its value, ``GJ@5``) by its catalog name."""
    return t(f"akelarre.card.{label}", language)


def cards_text(labels: Sequence[str], language: str) -> str:
    return join([card_name(c, language) for c in labels], language) or t("common.nothing", language)


def suit(family: str, language: str) -> str:
    return t(f"akelarre.suit.{family}", language)


def _as_view(view: BaseModel) -> AkelarreView:
    assert isinstance(view, AkelarreView)
    return view


def plain_name(table: TableInfo, seat: int) -> str:
    """A player's name without markdown (select options do not render it)."""
    return table.seats[seat].name if 0 <= seat < len(table.seats) else f"P{seat + 1}"


def place_name(
    table: TableInfo, owner: int, number: int, language: str, *, me: int | None = None, plain: bool = False
) -> str:
    """ "**Anna**'s place 1" (or "your place 1" in that player's own panel)."""
    if owner == me:
        return _ui("your_place", language, number=number)
    name = plain_name(table, owner) if plain else seat_name(table, owner)
    return _ui("place_of", language, seat=name, number=number)


def capitalised(text: str) -> str:
    """ "your place 1" → "Your place 1", "luogo 1 di …" → "Luogo 1 di …" (names stay as they are)."""
    return text[:1].upper() + text[1:] if text[:1].isalpha() else text


def group_text(cards: Sequence[tuple[str, int]], language: str) -> str:
    """A group as read on the table: "🧚 Fairies run (2 · 3 (joker) · 4)" or
    "set of 5s (🧚 Fairies · 🍄 Goblins (joker) · 🌳 Druids)"."""
    families = [family_of(c) for c, _ in cards]
    if len(cards) > 1 and len(set(families)) == 1:
        values = " · ".join(
            _ui("joker_value", language, value=v) if is_joker(c) else str(v) for c, v in cards
        )
        return _ui("run", language, suit=suit(families[0], language), values=values)
    members = " · ".join(
        _ui("joker_family", language, suit=suit(family_of(c), language))
        if is_joker(c)
        else suit(family_of(c), language)
        for c, _ in cards
    )
    # Italian names a set by its size as players do (tris, poker); English by its value.
    size = min(max(len(cards), 3), 5)
    word = _ui(f"value_word.{cards[0][1] if cards else 2}", language)
    return _ui(f"set_{size}", language, word=word, families=members)


def needs_text(place: PlaceView, language: str, *, over: bool = False) -> str:
    """What a group still needs to be complete, and what may be taken from it."""
    if place.kind == "set":
        families = join([suit(f, language) for f in place.needs_families], language)
        text = _ui("needs_set", language, count=place.to_complete, families=families)
    else:
        values = [str(v) for v in place.needs_values]
        shown = values[0] if len(values) == 1 else _ui("either", language, a=values[0], b=values[-1])
        text = _ui("needs_run", language, count=place.to_complete, values=shown)
    if place.takeable and not over:
        if place.kind == "set":
            text += " " + _ui("take_any", language)
        else:
            ends = sorted(c.value for c in place.cards if c.card in place.takeable)
            text += " " + _ui("take_ends", language, a=ends[0], b=ends[-1])
    return text


def place_line(
    table: TableInfo,
    place: PlaceView,
    language: str,
    *,
    me: int | None = None,
    plain: bool = False,
    over: bool = False,
) -> str:
    name = capitalised(place_name(table, place.owner, place.number, language, me=me, plain=plain))
    if place.free:
        return _ui("place_free", language, place=name)
    group = group_text([(c.card, c.value) for c in place.cards], language)
    return _ui("place_line", language, place=name, group=group, needs=needs_text(place, language, over=over))


def hand_lines(hand: Sequence[str], favourite: str | None, language: str) -> list[str]:
    """The hand by family in canonical order: "⭐ 🧚 Fairies: 2 · 3 · joker"."""
    lines = []
    for family in FAMILIES:
        mine = sort_cards([c for c in hand if family_of(c) == family])
        if not mine:
            continue
        values = " · ".join(_ui("joker", language) if is_joker(c) else str(value_of(c)) for c in mine)
        star = "⭐ " if family == favourite else ""
        lines.append(f"{star}{suit(family, language)}: **{values}**")
    return lines or [t("common.nothing", language)]


def worth(cards: Sequence[str], favourite: str | None) -> int:
    """What cards are worth to a player (AK-12.2): favourite naturals their value, others 1, jokers 0."""
    if favourite is None:
        return 0
    _fc, fav_points, _oc, other_points, _j = card_points(list(cards), favourite)
    return fav_points + other_points


class AkelarrePresenter(Presenter):
    game_id = GAME

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _as_view(view)
        over = v.step == "over"
        embed = discord.Embed(
            title=_ui("board_title", language, turn=v.turn),
            description="" if over or decision is None else self.status(table, v, language),
            colour=discord.Colour.gold() if over else discord.Colour.dark_green(),
        )
        self.table_fields(embed, table, v, language)
        if not over:
            embed.set_footer(text=_ui("legend", language))
        return embed

    def table_fields(
        self, embed: discord.Embed, table: TableInfo, v: AkelarreView, language: str, *, me: int | None = None
    ) -> None:
        """The table, shared by the board and the panels: places, piles, deck, players."""
        if v.teams:
            embed.add_field(
                name=_ui("teams", language), value=self.teams_text(table, v, language), inline=False
            )
        places = [place_line(table, p, language, me=me, over=v.step == "over") for p in v.places]
        for index, value in enumerate(chunks(places, FIELD_LIMIT)):
            embed.add_field(
                name=_ui("places" if index == 0 else "places_more", language), value=value, inline=False
            )
        embed.add_field(
            name=_ui("players", language), value=self.players_text(table, v, language), inline=False
        )
        piles = []
        for pile in v.piles:
            if pile.top is None:
                piles.append(_ui("pile_empty", language, suit=suit(pile.family, language)))
            else:
                top = _ui("joker", language) if is_joker(pile.top) else str(value_of(pile.top))
                piles.append(
                    _ui("pile_line", language, suit=suit(pile.family, language), count=pile.size, top=top)
                )
        embed.add_field(name=_ui("piles", language), value="\n".join(piles), inline=True)
        deck = _ui("deck_count", language, count=v.deck_count)
        if v.stall_blocked:
            deck += "\n" + _ui("stall_blocked", language)
        embed.add_field(name=_ui("deck", language), value=deck, inline=True)

    def teams_text(self, table: TableInfo, v: AkelarreView, language: str) -> str:
        lines = []
        for index, members in enumerate(v.teams or []):
            names = join([seat_name(table, s) for s in members], language)
            lines.append(_ui("team_line", language, team=TEAMS[index], names=names))
        return "\n".join(lines)

    def players_text(self, table: TableInfo, v: AkelarreView, language: str) -> str:
        over = v.step == "over"
        lines = []
        for s in v.seats:
            if over:
                mark = ""
            elif v.final_round and s.seat not in v.final_queue:
                mark = "✅ "
            elif s.seat == v.active:
                mark = "▶️ "
            elif v.final_round:
                mark = "⏳ "
            else:
                mark = ""
            team = _ui("team_tag", language, team=TEAMS[s.team]) if s.team is not None else ""
            line = _ui(
                "player_line",
                language,
                mark=mark,
                seat=seat_name(table, s.seat),
                team=team,
                hand=_ui("in_hand", language, count=s.hand_size),
                places=_ui("place_count", language, count=s.places),
                captured=_ui("captured", language, count=s.point_count),
            )
            if over and v.favourites is not None:
                line += " · " + _ui("favourite_was", language, suit=suit(v.favourites[s.seat], language))
            lines.append(line)
        return "\n".join(lines)

    def status(self, table: TableInfo, v: AkelarreView, language: str) -> str:
        """Whose turn, which step, and the final round: the board's description."""
        seat = seat_name(table, v.active)
        lines = []
        if v.final_round:
            queue = [seat_name(table, s) for s in v.final_queue]
            lines.append(
                _ui(
                    "final_round",
                    language,
                    seats=join(queue, language),
                    last_seat=seat_name(table, v.last_drawer) if v.last_drawer is not None else "-",
                )
            )
        elif v.last_drawer is not None:
            lines.append(_ui("deck_out", language, seat=seat_name(table, v.last_drawer)))
        if v.step == "payment" and v.payment is not None:
            p = v.payment
            lines.append(
                _ui(
                    "status_payment",
                    language,
                    seat=seat_name(table, p.owner),
                    payer_seat=seat_name(table, p.payer),
                    number=int(p.place.rsplit("-", 1)[1]),
                    cards=cards_text(p.cards, language),
                )
            )
        elif v.held is not None:
            place = next((x for x in v.places if x.id == v.held.place), None)
            where = place_name(table, place.owner, place.number, language) if place else "-"
            lines.append(
                _ui("status_held", language, seat=seat, card=card_name(v.held.card, language), place=where)
            )
        elif v.step == "play":
            key = "status_final_turn" if v.final_round else ("status_played" if v.played else "status_play")
            lines.append(_ui(key, language, seat=seat, turn=v.turn))
        elif v.step == "pay" and not v.purchase:
            lines.append(_ui("status_pay_none", language, seat=seat, turn=v.turn))
        elif v.step == "pay":
            lines.append(
                _ui(
                    "status_pay",
                    language,
                    seat=seat,
                    turn=v.turn,
                    count=len(v.purchase),
                    cards=cards_text(v.purchase, language),
                )
            )
        else:
            lines.append(_ui(f"status_{v.step}", language, seat=seat, turn=v.turn))
        return "\n".join(lines)

    # -- the end -------------------------------------------------------------
    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        """Every point in words, the favourite revealed: "34 points: favourite 🧚 Fairies,
        4 favourite cards = 15, 11 other cards = 11, 1 joker = 0, +8 for the most cards (16 cards)"."""
        d = standing.details
        parts = [
            _ui(
                "score_fav",
                language,
                count=int(d.get("favourite_cards", 0)),
                points=d.get("favourite_points", 0),
            ),
            _ui("score_other", language, count=int(d.get("other_cards", 0)), points=d.get("other_points", 0)),
        ]
        if int(d.get("jokers", 0)):
            parts.append(_ui("score_jokers", language, count=int(d["jokers"])))
        if int(d.get("bonus", 0)):
            parts.append(_ui("score_bonus", language, bonus=d["bonus"]))
        text = _ui(
            "score",
            language,
            count=int(d.get("total", 0)),
            suit=suit(str(d.get("favourite", "")), language),
            parts=", ".join(parts),
            cards=_ui("cards", language, count=int(d.get("cards", 0))),
        )
        if d.get("team") is not None:
            text = _ui(
                "score_team",
                language,
                team=TEAMS[int(d["team"])],
                count=int(d.get("team_total") or 0),
                own=text,
            )
        return text

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """In the team game the medal is the team's place (both partners share it):
        the second team is second, not third."""
        if all(s.details.get("team") is None for s in outcome.standings):
            return super().ranking_lines(table, outcome, language)
        totals = sorted({s.score for s in outcome.standings}, key=lambda x: -(x or 0))
        lines = []
        for standing in outcome.standings:
            place = totals.index(standing.score) + 1
            lines.append(
                t(
                    "table.final.standing",
                    language,
                    medal=MEDALS.get(place, f"{place}."),
                    seat=seat_name(table, standing.seat),
                    score=f" — {self.score_text(table, standing, language)}",
                    winner=" 🏆" if standing.winner else "",
                )
            )
        return lines

    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        winners = [s for s in outcome.standings if s.winner]
        if not winners:
            return t("table.final.nobody", language)
        names = join([seat_name(table, s.seat) for s in winners], language)
        best = winners[0].score or 0
        teams = {int(team) for s in winners if (team := s.details.get("team")) is not None}
        if teams:
            if len(teams) > 1:
                return _ui("headline_team_draw", language, names=names, count=best)
            return _ui("headline_team", language, team=TEAMS[teams.pop()], names=names, count=best)
        if len(winners) > 1:
            return _ui("headline_draw", language, names=names, count=best)
        return _ui("headline", language, names=names, count=best)

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v = _as_view(ctx.view)
        lang = ctx.language
        hand = v.hand or []
        over = v.step == "over" or ctx.decision is None
        embed = discord.Embed(title=_ui("panel_title", lang), colour=discord.Colour.blurple())
        if v.favourite is not None:
            embed.add_field(
                name=_ui("your_favourite", lang),
                value=_ui("favourite_text", lang, suit=suit(v.favourite, lang)),
                inline=False,
            )
        embed.add_field(
            name=_ui("your_hand" if not over else "hand_left", lang, count=len(hand)),
            value="\n".join(hand_lines(hand, v.favourite, lang)),
            inline=False,
        )
        if ctx.seat < len(v.seats) and not over:  # at the end the record gives every score
            embed.add_field(
                name=_ui("your_points", lang), value=self._points_text(v, ctx.seat, lang), inline=False
            )
        places = [place_line(ctx.table, p, lang, me=ctx.seat, over=over) for p in v.places]
        for index, value in enumerate(chunks(places, FIELD_LIMIT)):
            embed.add_field(
                name=_ui("places" if index == 0 else "places_more", lang), value=value, inline=False
            )
        controls = static_view()
        decision = ctx.decision
        if decision is None:
            embed.description = ""  # the final record goes on top (cogs.panel.render_panel)
        elif ctx.seat not in decision.actors:
            embed.description = _ui("waiting", lang, status=self.status(ctx.table, v, lang))
        elif v.step == "payment":
            self._payment_controls(ctx, v, controls, embed)
        elif v.step == "play":
            self._play_controls(ctx, v, controls, embed)
        elif v.step == "draw":
            self._draw_controls(ctx, v, controls, embed)
        elif v.step == "buy":
            self._buy_controls(ctx, v, controls, embed)
        elif v.step == "pay":
            self._pay_controls(ctx, v, controls, embed)
        controls.add_item(
            ActButton.make(ctx.channel_id, ctx.version, "refresh", _ui("refresh", lang), emoji="🔄", row=4)
        )
        return embed, controls

    def _points_text(self, v: AkelarreView, seat: int, lang: str) -> str:
        pile = v.seats[seat].point_pile
        if not pile:
            return _ui("no_points", lang)
        if v.favourite is None:
            return _ui("cards", lang, count=len(pile))
        fav_cards, fav_points, other_cards, other_points, jokers = card_points(pile, v.favourite)
        parts = [
            _ui("score_fav", lang, count=fav_cards, points=fav_points),
            _ui("score_other", lang, count=other_cards, points=other_points),
        ]
        if jokers:
            parts.append(_ui("score_jokers", lang, count=jokers))
        most = max(s.point_count for s in v.seats)
        bonus = _ui("bonus_now" if len(pile) == most else "bonus_not_yet", lang, count=most)
        return _ui(
            "points_so_far",
            lang,
            cards=_ui("cards", lang, count=len(pile)),
            parts=", ".join(parts),
            count=fav_points + other_points,
            bonus=bonus,
        )

    # -- Phase A: moves, takes, Done or a discard ---------------------------
    def _play_controls(
        self, ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        hand = v.hand or []
        kinds = {kind_of(c): c for c in distinct(hand)}
        picked = [kinds[kind_of(c)] for c in (ctx.draft or {}).get("cards", []) if kind_of(c) in kinds]
        moves = legal.legal(ctx, *MOVES)
        text: list[str] = []
        if v.held is not None:
            text.append(_ui("you_hold", lang, card=card_name(v.held.card, lang)))
        elif v.final_round:
            text.append(_ui("you_final_turn", lang))
        elif v.played:
            text.append(_ui("you_played", lang))
        else:
            text.append(_ui("you_play", lang))
        # Which cards of the hand take part in some legal move (the picker's hints).
        uses: dict[str, int] = {}
        for _i, a in moves:
            for k in {kind_of(c) for c in a["cards"]}:
                uses[k] = uses.get(k, 0) + 1
        if hand:
            options = []
            for c in distinct(hand):
                n = uses.get(kind_of(c), 0)
                hint = _ui("in_moves", lang, count=n) if n else _ui("in_no_move", lang)
                if family_of(c) == v.favourite:
                    hint = "⭐ " + hint
                options.append(
                    discord.SelectOption(
                        label=card_name(c, lang)[:100],
                        value=c,
                        description=hint[:100],
                        default=c in picked,
                    )
                )
            controls.add_item(
                ActSelect.make(
                    ctx.channel_id,
                    ctx.version,
                    "pick",
                    _ui("pick_cards_held" if v.held is not None else "pick_cards", lang),
                    options,
                    min_values=1,
                    max_values=len(options),
                    row=0,
                )
            )
        # The destinations of exactly the picked cards (with the held card, if any).
        wanted = sorted(kind_of(c) for c in picked)
        matching = [(i, a) for i, a in moves if sorted(kind_of(c) for c in a["cards"]) == wanted]
        if picked or v.held is not None:
            shown = cards_text([*picked, *([v.held.card] if v.held is not None else [])], lang)
            if matching:
                text.append(_ui("pick_fits", lang, cards=shown, count=len(matching)))
            elif any(set(wanted) <= {kind_of(c) for c in a["cards"]} for _i, a in moves):
                text.append(_ui("pick_needs_more", lang, cards=shown))
            elif picked:
                text.append(
                    _ui("pick_fits_nowhere", lang, cards=shown, reason=self._why_not(v, picked, lang))
                )
        if matching:
            options = [self._move_option(ctx, v, i, a) for i, a in matching][: legal.SELECT_LIMIT]
            controls.add_item(
                ActSelect.make(ctx.channel_id, ctx.version, "L", _ui("pick_place", lang), options, row=1)
            )
        elif moves and not picked and v.held is None:
            text.append(_ui("moves_available", lang, count=len(moves)))
        elif not moves and v.held is None:
            text.append(_ui("no_moves", lang))
        takes = legal.legal(ctx, "take")
        if takes:
            options = []
            for i, a in takes:
                place = next(p for p in v.places if p.id == a["place"])
                value = next(c.value for c in place.cards if c.card == a["card"])
                label = _ui(
                    "take_option",
                    lang,
                    card=card_name(self._label(a["card"], value), lang),
                    place=capitalised(
                        place_name(ctx.table, place.owner, place.number, lang, me=ctx.seat, plain=True)
                    ),
                )
                options.append(
                    discord.SelectOption(
                        label=label[:100], value=str(i), description=_ui("take_hint", lang)[:100]
                    )
                )
            controls.add_item(
                ActSelect.make(ctx.channel_id, ctx.version, "tk", _ui("take_pick", lang), options[:25], row=2)
            )
        discards = legal.legal(ctx, "discard")
        if discards:
            text.append(_ui("must_discard", lang))
            options = []
            for i, a in discards:
                hint = _ui("discard_hint", lang, suit=suit(family_of(a["card"]), lang))
                if family_of(a["card"]) == v.favourite:
                    hint = "⭐ " + hint
                options.append(
                    discord.SelectOption(
                        label=card_name(a["card"], lang)[:100], value=str(i), description=hint[:100]
                    )
                )
            controls.add_item(
                ActSelect.make(ctx.channel_id, ctx.version, "dc", _ui("discard_pick", lang), options, row=3)
            )
        done = legal.legal(ctx, "done")
        if done:
            controls.add_item(
                legal.button(ctx, done[0][0], _ui("done", lang), style=GREEN, emoji="✅", row=4)
            )
        else:
            why = "done_held" if v.held is not None else "done_discard"
            controls.add_item(
                ActButton.make(
                    ctx.channel_id, ctx.version, "off.done", _ui(why, lang), emoji="✅", disabled=True, row=4
                )
            )
        cancel = legal.legal(ctx, "cancel_take")
        if cancel:
            controls.add_item(
                legal.button(ctx, cancel[0][0], _ui("cancel_take", lang), style=RED, emoji="↩️", row=4)
            )
        if picked:
            controls.add_item(
                ActButton.make(ctx.channel_id, ctx.version, "clear", _ui("clear", lang), emoji="🧹", row=4)
            )
        embed.description = "\n\n".join(text)

    @staticmethod
    def _label(card: str, value: int) -> str:
        return f"{card}@{value}" if is_joker(card) else card

    def _why_not(self, v: AkelarreView, picked: list[str], lang: str) -> str:
        """Why the picked cards make no move: the rule an opening would break, or no free place."""
        cards = [*picked, *([v.held.card] if v.held is not None else [])]
        try:
            resolve([], cards, None)
        except RuleError as error:
            if error.key == "akelarre.error.joker_value_needed":
                return _ui("why_no_place", lang)
            params = dict(error.params)
            if "cards_list" in params:
                params["cards_list"] = cards_text(params["cards_list"], lang)
            return t(error.key, lang, **params)
        return _ui("why_no_place", lang)

    def _move_option(
        self, ctx: PanelContext, v: AkelarreView, index: int, a: dict[str, Any]
    ) -> discord.SelectOption:
        """ "Open on Anna's place 1" / "Add to your place 2 — 🍄 Goblins joker as 5",
        described by the group it makes (and whether it captures)."""
        lang = ctx.language
        place = next(p for p in v.places if p.id == a["place"])
        where = place_name(ctx.table, place.owner, place.number, lang, me=ctx.seat, plain=True)
        label = _ui("open_on" if a["kind"] == "open" else "add_to", lang, place=capitalised(where))
        existing = [] if a["kind"] == "open" else [Placed(card=c.card, value=c.value) for c in place.cards]
        new = [*a["cards"], *([v.held.card] if v.held is not None else [])]
        try:
            group = resolve(existing, new, a.get("joker_value"))
        except RuleError:
            group = []
        if a.get("joker_value") is not None:
            joker = next((p for p in group if is_joker(p.card) and p.card in new), None)
            if joker is not None:
                label = _ui(
                    "with_joker",
                    lang,
                    move=label,
                    joker=card_name(self._label(joker.card, joker.value), lang),
                )
        description = group_text([(p.card, p.value) for p in group], lang) if group else ""
        if len(group) == 5:
            key = "captures_own" if place.owner == ctx.seat else "captures_other"
            description = _ui(key, lang, seat=plain_name(ctx.table, place.owner), group=description)
        return discord.SelectOption(
            label=label[:100], value=str(index), description=description[:100] or None
        )

    # -- the owner's choice of 2 cards (AK-6.3) -----------------------------
    def _payment_controls(
        self, ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        assert v.payment is not None
        p = v.payment
        lines = []
        for c in p.cards:
            value = worth([c], v.favourite)
            star = "⭐ " if family_of(c) == v.favourite and not is_joker(c) else ""
            lines.append(f"{star}{card_name(c, lang)} — {_ui('worth', lang, count=value)}")
        embed.description = _ui(
            "you_choose_payment",
            lang,
            payer_seat=seat_name(ctx.table, p.payer),
            number=int(p.place.rsplit("-", 1)[1]),
            cards="\n".join(lines),
        )
        pairs = sorted(legal.legal(ctx, "choose_payment"), key=lambda e: -worth(e[1]["cards"], v.favourite))
        options = [
            discord.SelectOption(
                label=_ui(
                    "keep_pair", lang, a=card_name(a["cards"][0], lang), b=card_name(a["cards"][1], lang)
                )[:100],
                value=str(i),
                description=_ui(
                    "keep_hint",
                    lang,
                    count=worth(a["cards"], v.favourite),
                    seat=plain_name(ctx.table, p.payer),
                    cards=cards_text([c for c in p.cards if c not in a["cards"]], lang),
                )[:100],
            )
            for i, a in pairs
        ]
        if options:
            controls.add_item(
                ActSelect.make(ctx.channel_id, ctx.version, "L", _ui("keep_pick", lang), options, row=0)
            )

    # -- Phase B: the draw --------------------------------------------------
    def _draw_controls(
        self, ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        wanted = HAND_SIZE - len(v.hand or [])
        embed.description = _ui("you_draw", lang, count=wanted)
        for i, a in legal.legal(ctx, "draw"):
            if a["source"] == "deck":
                label = _ui("draw_deck", lang, count=min(wanted, v.deck_count))
                controls.add_item(legal.button(ctx, i, label, style=BLUE, emoji="🂠", row=0))
                continue
            pile = next(x for x in v.piles if x.family == a["source"])
            got = pile.cards[::-1][:wanted]
            label = _ui("draw_pile", lang, suit=suit(pile.family, lang), count=len(got))
            controls.add_item(legal.button(ctx, i, label, style=GREY, row=1))
            embed.description += "\n" + _ui(
                "pile_gives", lang, suit=suit(pile.family, lang), cards=cards_text(got, lang)
            )
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
                        _ui(why, lang, suit=suit(pile.family, lang)),
                        disabled=True,
                        row=2,
                    )
                )

    # -- Phase C: buying a meeting place -----------------------------------
    def _buy_controls(
        self, ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        me = v.seats[ctx.seat]
        embed.description = _ui("you_may_buy", lang, count=me.point_count, places=me.places)
        for i, a in legal.legal(ctx, "buy", "end_turn"):
            if a["kind"] == "buy":
                controls.add_item(
                    legal.button(ctx, i, _ui("buy", lang, count=PLACE_COST), style=BLUE, emoji="🏕️", row=0)
                )
            else:
                controls.add_item(legal.button(ctx, i, _ui("end_turn", lang), style=GREEN, emoji="✅", row=0))

    def _pay_controls(
        self, ctx: PanelContext, v: AkelarreView, controls: discord.ui.View, embed: discord.Embed
    ) -> None:
        lang = ctx.language
        embed.description = (
            _ui(
                "you_pay",
                lang,
                count=len(v.purchase),
                left=PLACE_COST - len(v.purchase),
                cards=cards_text(v.purchase, lang),
            )
            if v.purchase
            else _ui("you_pay_none", lang)
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
            group_placeholder=_ui("pay_family", lang),
            placeholder=_ui("pay_pick", lang),
            row=0,
        ):
            controls.add_item(item)
        for i, _a in legal.legal(ctx, "cancel_purchase"):
            controls.add_item(legal.button(ctx, i, _ui("cancel_purchase", lang), style=RED, emoji="↩️", row=4))

    # -- clicks --------------------------------------------------------------
    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        v = _as_view(ctx.view)
        if payload == "refresh":
            return Click()
        if payload in ("tk", "dc"):
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
