"""Akelarre's public board, drawn from the spectator view: the meeting places, piles,
deck, players, teams, whose turn and which step (favourites never reach it before the end),
and the picture's hooks, drawn by :mod:`cogs.akelarre.picture`."""

from __future__ import annotations

import discord

from bot.i18n import join
from bot.model import TableInfo
from bot.render import seat_name
from cogs.akelarre.picture import draw_table, key
from cogs.akelarre.places import place_line, place_name
from cogs.akelarre.words import TEAMS, card_name, cards_text, suit, ui
from cogs.kit.controls import FIELD_LIMIT, chunks
from games.akelarre.face import AkelarreView, is_joker, value_of
from games.core import Decision, Outcome


def board_embed(table: TableInfo, v: AkelarreView, decision: Decision | None, language: str) -> discord.Embed:
    over = v.step == "over"
    embed = discord.Embed(
        title=ui("board_title", language, turn=v.turn),
        description="" if over or decision is None else status(table, v, language, turn=False),
        colour=discord.Colour.gold() if over else discord.Colour.dark_green(),
    )
    # No rules footer: sets, runs and jokers are in 📖 How to play.
    table_fields(embed, table, v, language)
    return embed


def table_fields(
    embed: discord.Embed, table: TableInfo, v: AkelarreView, language: str, *, me: int | None = None
) -> None:
    """The table, shared by the board and the panels: places, piles, deck, players."""
    if v.teams:
        embed.add_field(name=ui("teams", language), value=teams_text(table, v, language), inline=False)
    places = [place_line(table, p, language, me=me, over=v.step == "over") for p in v.places]
    for index, value in enumerate(chunks(places, FIELD_LIMIT)):
        embed.add_field(
            name=ui("places" if index == 0 else "places_more", language), value=value, inline=False
        )
    for index, value in enumerate(chunks(player_lines(table, v, language), FIELD_LIMIT)):
        embed.add_field(
            name=ui("players" if index == 0 else "players_more", language), value=value, inline=False
        )
    piles = []
    for pile in v.piles:
        if pile.top is None:
            piles.append(ui("pile_empty", language, suit=suit(pile.family, language)))
        else:
            top = ui("joker", language) if is_joker(pile.top) else str(value_of(pile.top))
            piles.append(
                ui("pile_line", language, suit=suit(pile.family, language), count=pile.size, top=top)
            )
    embed.add_field(name=ui("piles", language), value="\n".join(piles), inline=True)
    deck = ui("deck_count", language, count=v.deck_count)
    if v.stall_blocked:
        deck += "\n" + ui("stall_blocked", language)
    embed.add_field(name=ui("deck", language), value=deck, inline=True)


def teams_text(table: TableInfo, v: AkelarreView, language: str) -> str:
    lines = []
    for index, members in enumerate(v.teams or []):
        names = join([seat_name(table, s) for s in members], language)
        lines.append(ui("team_line", language, team=TEAMS[index], names=names))
    return "\n".join(lines)


def player_lines(table: TableInfo, v: AkelarreView, language: str) -> list[str]:
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
        team = ui("team_tag", language, team=TEAMS[s.team]) if s.team is not None else ""
        line = ui(
            "player_line",
            language,
            mark=mark,
            seat=seat_name(table, s.seat),
            team=team,
            hand=ui("in_hand", language, count=s.hand_size),
            places=ui("place_count", language, count=s.places),
            captured=ui("captured", language, count=s.point_count),
        )
        if s.shown:  # AK-8.6: taken face up from a discard pile, so public
            line += " · " + ui("known_in_hand", language, cards=cards_text(s.shown, language))
        if over and v.favourites is not None:
            line += " · " + ui("favourite_was", language, suit=suit(v.favourites[s.seat], language))
        lines.append(line)
    return lines


def status(table: TableInfo, v: AkelarreView, language: str, *, turn: bool = True) -> str:
    """Whose turn, which step, and the final round: a waiting panel's words. The board
    (``turn=False``) leaves whose turn to the line above it (cogs.channel.turn_lines.turn_line)
    and keeps what that line does not say: the final round, a held card, a payment."""
    seat = seat_name(table, v.active)
    lines = []
    if v.final_round:
        queue = [seat_name(table, s) for s in v.final_queue]
        lines.append(
            ui(
                "final_round",
                language,
                seats=join(queue, language),
                last_seat=seat_name(table, v.last_drawer) if v.last_drawer is not None else "-",
            )
        )
    elif v.last_drawer is not None:
        lines.append(ui("deck_out", language, seat=seat_name(table, v.last_drawer)))
    if v.step == "payment" and v.payment is not None:
        p = v.payment
        lines.append(
            ui(
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
            ui("status_held", language, seat=seat, card=card_name(v.held.card, language), place=where)
        )
    elif not turn:
        pass
    elif v.step == "play":
        key = "status_final_turn" if v.final_round else ("status_played" if v.played else "status_play")
        lines.append(ui(key, language, seat=seat, turn=v.turn))
    elif v.step == "pay" and not v.purchase:
        lines.append(ui("status_pay_none", language, seat=seat, turn=v.turn))
    elif v.step == "pay":
        lines.append(
            ui(
                "status_pay",
                language,
                seat=seat,
                turn=v.turn,
                count=len(v.purchase),
                cards=cards_text(v.purchase, language),
            )
        )
    else:
        lines.append(ui(f"status_{v.step}", language, seat=seat, turn=v.turn))
    return "\n".join(lines)


# -- the picture (cogs/akelarre/picture.py) -------------------------------------
def board_image(
    v: AkelarreView, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes | None:
    """The table (meeting places, piles, deck, players, teams) as a PNG, the result above
    it once the game is over."""
    return draw_table(v, language, names=names, outcome=outcome)


def board_image_key(v: AkelarreView) -> str:
    """What the picture depends on: it is redrawn only when this changes."""
    return key(v)
