"""The public board: the weather row, the stake, every seat's hand size and talisman tally with
the combinations waiting to be forged, the last reveal, the phase text and the legend; and the
picture's hooks, drawn by :mod:`cogs.talismani.picture`."""

from __future__ import annotations

import discord
from pydantic import BaseModel

from bot.i18n import join, t
from bot.model import TableInfo
from bot.render import seat_name
from cogs.kit.controls import FIELD_LIMIT
from cogs.talismani.picture import draw_view, table_key
from cogs.talismani.words import as_view, card, cards, fit, played, suit, tally, ui, weather_row
from games.core import Decision, Outcome
from games.talismani.face import FIRST_TALISMAN, RevealedPlay, SeatView, TalismaniView


def board_embed(table: TableInfo, view: BaseModel, decision: Decision | None, language: str) -> discord.Embed:
    v = as_view(view)
    over = v.phase == "over"
    embed = discord.Embed(
        title=ui("board_title", language, turn=v.turn),
        # Whose turn is the line above the board (cogs.channel.turn_lines.turn_line), and who has
        # chosen is each name's ✅ or ⏳: the phase is not said a third time here.
        colour=discord.Colour.green() if over else discord.Colour.purple(),
    )
    embed.add_field(
        name=ui("final_row" if over else "row", language),
        value=weather_row(v.row, language),
        inline=False,
    )
    if v.stake is not None:
        worth = ui("whole" if v.stake == FIRST_TALISMAN else "half", language)
        embed.add_field(name=ui("stake", language), value=f"{card(v.stake, language)} ({worth})")
    if v.pool:
        name = {"share": "pool_share", "stake": "pool_stake"}.get(v.phase, "pool")
        embed.add_field(name=ui(name, language), value=cards(v.pool, language)[:FIELD_LIMIT], inline=False)
    if v.phase == "share" and v.sharing_order:
        order = " → ".join(seat_name(table, s) for s in v.sharing_order)
        embed.add_field(name=ui("sharing_order", language), value=order, inline=False)
    if over:
        lines = [_final_seat_line(table, v, s, language) for s in v.seats]
        embed.add_field(name=ui("final_players", language), value=fit(lines), inline=False)
    else:
        lines = [_seat_line(table, v, s, decision, language) for s in v.seats]
        embed.add_field(name=ui("players", language), value=fit(lines), inline=False)
    if v.plays and v.reveal_turn is not None:
        embed.add_field(
            name=ui("reveal", language, turn=v.reveal_turn),
            value=fit(_plays(table, v, language)),
            inline=False,
        )
    if not over:
        legend = marks_legend(embed, language)
        if legend:
            embed.set_footer(text=legend)
    return embed


def marks_legend(embed: discord.Embed, language: str) -> str:
    """What the marks the board shows mean, only those shown (each part of the
    legend starts with its mark)."""
    shown = "\n".join(str(f.value) for f in embed.fields)
    parts = ui("legend", language).split(" · ")
    return " · ".join(part for part in parts if part.split(" ", 1)[0] in shown)


def _seat_line(
    table: TableInfo, v: TalismaniView, s: SeatView, decision: Decision | None, language: str
) -> str:
    mark = ""
    if decision is not None and v.phase == "play":
        mark = "✅ " if s.seat in v.chosen else "⏳ "
    elif decision is not None and v.phase == "set_aside" and s.seat in v.aside_seats:
        mark = "✅ " if s.seat in v.aside_done else "⏳ "
    line = ui(
        "seat_line",
        language,
        mark=mark,
        seat=seat_name(table, s.seat),
        hand=ui("count_cards", language, count=s.hand_size),
        talismans=tally(s.whole, s.halves, language),
    )
    for p in s.pending:
        key = "pending_ready" if v.row and p.suit == v.row[0] else "pending_line"
        line += "\n" + ui(key, language, suit=suit(p.suit, language), cards=played(p.cards, language))
    return line


def whole_talismans(s: SeatView, row: list[str], language: str) -> list[str]:
    """A seat's whole talismans, best first by the order of tie-break 2 (TT-13.3)."""
    firsts = [card(FIRST_TALISMAN, language)] * s.won.count(FIRST_TALISMAN)
    forged = sorted((f.suit for f in s.forged), key=lambda x: row.index(x) if x in row else len(row))
    return firsts + [suit(x, language) for x in forged]


def _final_seat_line(table: TableInfo, v: TalismaniView, s: SeatView, language: str) -> str:
    wholes = whole_talismans(s, v.row, language)
    return ui(
        "final_seat_line",
        language,
        seat=seat_name(table, s.seat),
        wholes=ui("wholes", language, count=len(wholes), list=", ".join(wholes))
        if wholes
        else ui("no_wholes", language),
        halves=ui("count_halves", language, count=s.halves),
    )


def _plays(table: TableInfo, v: TalismaniView, language: str) -> list[str]:
    out = [_play_line(table, v, p, language) for p in sorted(v.plays, key=lambda p: p.rank)]
    if v.void:
        out.append(ui("void", language))
    return out


def _play_line(table: TableInfo, v: TalismaniView, p: RevealedPlay, language: str) -> str:
    if p.kind == "forge":
        what = ui("forge_play", language)
    elif p.total is None:
        what = ui("no_value", language, cards=played(p.cards, language))
    elif len(p.cards) == 2:
        what = ui("valued", language, cards=played(p.cards, language), total=p.total)
    else:
        what = played(p.cards, language)
    # A winning combination is not forged (TT-9.4): the hammer marks only the others.
    won = p.seat == v.winner and not v.void
    marks = " 🏆" if won else (" 🔨" if p.combination else "")
    return f"{p.rank}. {seat_name(table, p.seat)}: {what}{marks}"


def phase_text(table: TableInfo, v: TalismaniView, decision: Decision | None, language: str) -> str:
    if v.phase == "over" or decision is None:
        return ""  # the final record goes on top (cogs.kit.record.with_final_record)
    if v.phase == "play":
        return ui("phase_play", language, done=len(v.chosen), total=v.players)
    if v.phase == "set_aside":
        names = join([seat_name(table, s) for s in v.aside_seats], language)
        return ui("phase_set_aside", language, seats=names, done=len(v.aside_done), count=len(v.aside_seats))
    actor = seat_name(table, decision.actors[0]) if decision.actors else "-"
    return t(f"talismani.decision.{decision.kind.split('.')[-1]}", language, seat=actor)


# -- the picture ---------------------------------------------------------------


def board_image(
    view: BaseModel, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes | None:
    """The table as a PNG: weather row, stake, every seat and the latest reveal; the result
    above it once the game is over."""
    return draw_view(as_view(view), language, names=names, outcome=outcome)


def board_image_key(view: BaseModel) -> str:
    """What the picture depends on (the data it draws): it is redrawn only when this changes."""
    return table_key(as_view(view))
