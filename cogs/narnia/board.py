"""The public board: the embed (round card, effects, armies, bags) and the map
picture, drawn by ``picture.py``."""

from __future__ import annotations

import discord
from PIL import Image
from pydantic import BaseModel

from bot.i18n import t
from bot.model import TableInfo
from bot.render import seat_name
from cogs.kit.pictures import bare, picture_cache, player_names, png
from cogs.kit.result_picture import Mark, Palette, Result, result_of, winners_line, with_result
from cogs.narnia.picture import BACKGROUND, INK, LIGHT, Legend, Territory, map_layer, mark
from cogs.narnia.words import COLOUR_EMOJI, WITCH_EMOJI, as_view, card_name, form, territory, ui, values, who
from games.core import Decision, Outcome, Standing
from games.narnia.face import TERRITORIES, NarniaView


def board_embed(table: TableInfo, view: BaseModel, decision: Decision | None, language: str) -> discord.Embed:
    v = as_view(view)
    over = v.phase == "over"
    if not v.round:
        title = ui("setup_title", language)
    elif v.round_cap is None:
        title = ui("board_title", language, round=v.round)
    else:  # NA-4.8.9: the cap is on the board from round 1
        title = ui("board_title_capped", language, round=v.round, cap=v.round_cap)
    embed = discord.Embed(title=title, colour=discord.Colour.green() if over else discord.Colour.dark_teal())
    # Whose turn is the line above the board (cogs.channel.turn_lines.turn_line), not said again here.
    if over:
        embed.description = _ended(table, v, language)
    if not over:
        _round_fields(table, v, embed, language)
    embed.add_field(name=ui("players", language), value=_armies(table, v, language), inline=False)
    if not over and v.round:
        embed.add_field(name=ui("bags", language), value=_bags(v, language), inline=False)
    return embed


def _ended(table: TableInfo, v: NarniaView, language: str) -> str:
    """How the game ended (the final record above names the winners and scores)."""
    if v.end_reason == "round_cap":
        witch = sum(1 for t_ in v.territories if t_.owner is None and not t_.free)
        return ui("ended_round_cap", language, round=v.round, count=witch)
    if v.end_reason == "all_eliminated" or not v.battles:
        return ui("ended_all_eliminated", language, round=v.round)
    last = v.battles[-1]
    return ui(
        "ended_witch_defeated",
        language,
        round=v.round,
        seat=who(table, last.attacker, language),
        territory_the=form(last.target, "the", language),
    )


def _round_fields(table: TableInfo, v: NarniaView, embed: discord.Embed, language: str) -> None:
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
            lines.append(ui("order", language, order=" → ".join(order)))
        # The card's effect in words, naming the drawer: a newcomer need not know the deck.
        lines.append(f"> {t(f'narnia.card_text.{card}', language, seat=seat_name(table, v.drawer))}")
        key = "courage_card" if courage else "round_card"
        embed.add_field(
            name=ui(key, language, card=card_name(card, language)), value="\n".join(lines), inline=False
        )
    effects = _effects(table, v, language)
    if effects:
        embed.add_field(name=ui("effects", language), value=effects, inline=False)


def _armies(table: TableInfo, v: NarniaView, language: str) -> str:
    lines = []
    for s in v.seats:
        lines.append(
            ui(
                "eliminated_line" if s.eliminated else "player_line",
                language,
                mark=COLOUR_EMOJI[s.colour],
                seat=seat_name(table, s.seat),
                territories=ui("territories", language, count=s.territories),
                tokens=ui("tokens", language, count=s.tokens),
            )
        )
    witch = [t_ for t_ in v.territories if t_.owner is None and not t_.free]
    lines.append(
        ui(
            "witch_line",
            language,
            mark=WITCH_EMOJI,
            territories=ui("territories", language, count=len(witch)),
            tokens=ui("tokens", language, count=sum(len(t_.stack) for t_ in witch)),
        )
    )
    return "\n".join(lines)  # the goal is in 📖 How to play, not on every board


def _bags(v: NarniaView, language: str) -> str:
    def bag(counts: dict[int, int]) -> str:
        total = ui("tokens", language, count=sum(counts.values()))
        detail = ui(
            "bag_values", language, ones=counts.get(1, 0), twos=counts.get(2, 0), threes=counts.get(3, 0)
        )
        return f"{total} ({detail})"

    return "\n".join(
        [
            ui("bag_peter", language, tokens=bag(v.peter_bag)),
            ui("bag_witch", language, tokens=bag(v.witch_bag)),
            ui("deck", language, count=v.deck_count),
        ]
    )


def _effects(table: TableInfo, v: NarniaView, language: str) -> str:
    e = v.effects
    out = []
    if e.blizzard is not None:
        out.append(ui("effect_blizzard", language, seat=seat_name(table, e.blizzard)))
    if e.aslan is not None:
        key = "effect_aslan_used" if e.aslan_used else "effect_aslan"
        out.append(ui(key, language, seat=seat_name(table, e.aslan)))
    if e.invincible is not None:
        out.append(ui("effect_invincible", language, seat=seat_name(table, e.invincible)))
    if v.drawn:
        out.append(ui("drawn", language, count=len(v.drawn), tokens=values(tok.value for tok in v.drawn)))
    return "\n".join(out)


def board_image(
    view: BaseModel, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes | None:
    """The map; framed in gold once the game is over (the embed's record gives the result)."""
    v = as_view(view)
    image = map_image(map_territories(v), map_highlight(v), map_legend(v, language, names), language)
    if outcome is not None:
        image = with_result(image, _result(v, outcome, names, language), PALETTE)
    return png(image)


PALETTE = Palette(background=BACKGROUND, panel=(54, 72, 96), text=LIGHT, dim=(186, 196, 210), ink=INK)


def _result(v: NarniaView, outcome: Outcome, names: tuple[str, ...], language: str) -> Result:
    """Territories held, the ranking's tie-breaks aside (the board's text gives them); the
    headline says first how the game ended (NA-5)."""
    shown = player_names(names, v.players, language)
    colours = [s.colour for s in v.seats]
    winners = winners_line(outcome, shown, language)
    if not outcome.winners:
        headline = bare(t("narnia.final.witch_wins", language, round=outcome.params.get("round", 0)))
    elif outcome.reason == "round_cap":
        ended = bare(t("narnia.final.round_cap", language, round=outcome.params.get("round", 0)))
        headline = f"{ended} {winners}"
    else:
        headline = f"{bare(t('narnia.final.free', language))} {winners}"

    def score(s: Standing) -> str:
        return t("narnia.final.score", language, count=s.score or 0)

    def owner(seat: int) -> Mark:
        return lambda draw, x, y, size: mark(draw, colours[seat], x, y, size)

    return result_of(outcome, shown, language, score, headline=headline, mark=owner)


@picture_cache(8)
def map_image(
    territories: tuple[Territory, ...], highlight: tuple[str, ...], legend: Legend, language: str
) -> Image.Image:
    """The board's map, drawn once a change: the board and every panel redrawn after
    it (cogs.narnia.panel_map) start from the same picture (about 40 ms to draw)."""
    return map_layer(territories, map_names(language), legend, highlight)


def map_territories(v: NarniaView) -> tuple[Territory, ...]:
    """What the map shows of each territory: owner's colour, stack, free or not."""
    colours = [s.colour for s in v.seats]
    return tuple(
        Territory(
            id=tv.id,
            colour=None if tv.owner is None else colours[tv.owner],
            tokens=tuple(tok.value for tok in tv.stack),
            free=tv.free,
        )
        for tv in v.territories
    )


def map_highlight(v: NarniaView) -> tuple[str, ...]:
    """The battle under way, outlined on the map."""
    battle = v.battle
    return (battle.source, battle.target) if battle is not None else ()


def map_names(language: str) -> dict[str, str]:
    return {tid: territory(tid, language) for tid in TERRITORIES}


def map_legend(v: NarniaView, language: str, names: tuple[str, ...] = ()) -> Legend:
    """The legend's words: whose mark is whose by the players' names (the seats' colours
    where no names are known), then what the map's signs mean."""
    colours = [s.colour for s in v.seats]
    shown = player_names(names, v.players, language) if names else None
    return Legend(
        owners=(
            *(
                (colour, shown[seat] if shown else t(f"narnia.colour.{colour}", language))
                for seat, colour in enumerate(colours)
            ),
            (None, ui("legend_witch", language)),
        ),
        tokens=ui("legend_tokens", language),
        more=ui("legend_more", language),
        flag=ui("legend_flag", language),
        ridge=ui("legend_ridge", language),
        battle=ui("legend_battle", language),
        free=ui("legend_free", language),
    )


def board_image_key(view: BaseModel) -> str:
    v = as_view(view)
    battle = v.battle
    parts = [f"{tv.id}:{tv.owner}:{tv.free}:{[x.value for x in tv.stack]}" for tv in v.territories]
    parts.append(f"{battle.source}>{battle.target}" if battle is not None else "")
    parts.append(",".join(s.colour for s in v.seats))
    return "|".join(parts)
