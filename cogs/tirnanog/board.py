"""Tir Nan Og Wars' public board: the embed (status, display, piles, dispute, one field per
player, legend) and the picture's hooks, drawn by :mod:`cogs.tirnanog.picture`."""

from __future__ import annotations

import discord

from bot.i18n import join, t
from bot.model import TableInfo
from bot.render import seat_name
from cogs.tirnanog.picture import TURN_PHASES, draw_table
from cogs.tirnanog.words import LIMIT, cards, fit, species, symbols, terrain, territory, ui, vp, vp_sources
from games.core import Decision, Outcome
from games.tirnanog.face import SeatView, TirNanOgView, is_fountain, power_of, value_of, vp_of


def board_embed(table: TableInfo, v: TirNanOgView, decision: Decision | None, language: str) -> discord.Embed:
    """The board (public, one message edited in place) says what is being decided,
    the display of creatures, every territory pile (top card, value, size and
    whether a magic fountain is still hidden in it), and one field per player:
    victory points (VP) by source, hand size, reserve (with its value against the
    limit of 7) and consolidated stack (top card face up or down). The picture
    draws the middle of the table (display and piles) for a phone; the players
    stay in text, where names read best."""
    over = v.phase == "over"
    key = "board_title_final" if v.final_cycle else "board_title"
    board = discord.Embed(
        title=ui("board_title_over" if over else key, language, turn=v.turn, round=v.round),
        description=_status(table, v, decision, language),
        colour=discord.Colour.green() if over else discord.Colour.dark_green(),
    )
    if not over:
        board.add_field(name=ui("display_title", language), value=_display(v, language), inline=False)
        board.add_field(name=ui("piles_title", language), value=_piles(v, language), inline=False)
    if v.dispute is not None:
        board.add_field(name=ui("dispute_title", language), value=_dispute(table, v, language), inline=False)
    for s in v.seats:
        board.add_field(
            name=_seat_title(table, v, s, language),
            value=fit(_seat_lines(v, s, language)),
            inline=False,
        )
    # No legend footer: VP, territory value and ⛲ are in 📖 How to play.
    return board


def _status(table: TableInfo, v: TirNanOgView, decision: Decision | None, language: str) -> str:
    """What the line above the board (cogs.channel.turn_lines.turn_line: whose turn, what they
    decide) does not say: that the last cycle is on."""
    if v.phase == "over" or decision is None or not decision.actors or not v.final_cycle:
        return ""  # the final record goes on top (cogs.kit.record.with_final_record)
    return ui("final_cycle_note", language, seat=seat_name(table, v.last_seat))


def _display(v: TirNanOgView, language: str) -> str:
    shown = " · ".join(species(s, language) for s in v.display)
    if not shown:
        shown = ui("display_empty", language)
    discards = symbols(v.discard)
    lines = [
        shown,
        ui(
            "deck_line",
            language,
            deck=cards(v.deck_size, language),
            discards=cards(v.discard_size, language),
        )
        + (f" ({discards})" if discards else ""),
    ]
    if v.final_cycle:
        lines.append(ui("no_refill", language))
    return "\n".join(lines)


def _piles(v: TirNanOgView, language: str) -> str:
    lines = []
    for pile in v.piles:
        fountain = ui("fountain_inside", language) if pile.fountain_inside else ""
        if pile.top is None:
            lines.append(ui("pile_empty", language, terrain=terrain(pile.terrain, language)))
            continue
        if is_fountain(pile.top):  # revealed and being disputed (TNO-4.5.1)
            lines.append(
                ui(
                    "pile_disputed",
                    language,
                    terrain=terrain(pile.terrain, language),
                    size=cards(pile.size, language),
                )
            )
            continue
        lines.append(
            ui(
                "pile_line",
                language,
                territory=territory(pile.top, language),
                value=value_of(pile.top),
                size=cards(pile.size, language),
                fountain=fountain,
            )
        )
    if v.out_of_game:
        lines.append(ui("fountains_out", language, count=len(v.out_of_game)))
    return "\n".join(lines)


def _dispute(table: TableInfo, v: TirNanOgView, language: str) -> str:
    """A fountain dispute is asked of each player in turn: the board shows who takes
    part, who stayed out and who is still to declare, never a hand; the engine's
    reveal events make one public message (every participant's hand, the result
    and the cards turned face down)."""
    d = v.dispute
    assert d is not None
    lines = [
        ui(
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
            lines.append(ui(key, language, seat=name))
        lines.append(ui("dispute_rule", language))
    elif d.winner is not None:
        lines.append(
            ui(
                "dispute_result",
                language,
                seat=seat_name(table, d.winner),
                seats=join([seat_name(table, s) for s in d.participants], language),
                count=d.to_discard,
            )
        )
    return "\n".join(lines)


def _seat_title(table: TableInfo, v: TirNanOgView, s: SeatView, language: str) -> str:
    seat = table.seats[s.seat].name if s.seat < len(table.seats) else f"P{s.seat + 1}"
    turn = v.phase in TURN_PHASES and s.seat == v.active
    return ui("seat_title", language, mark="▶️ " if turn else "", seat=seat, vp=vp(s.vp, language))


def _seat_lines(v: TirNanOgView, s: SeatView, language: str) -> list[str]:
    lines = [ui("hand_size", language, count=s.hand_size)]
    if s.top is None:
        lines.append(ui("stack_empty", language))
    elif s.top_face_up:
        lines.append(
            ui(
                "stack_up",
                language,
                count=s.stack_size,
                territory=territory(s.top, language),
                power=t(f"tirnanog.power.{power_of(s.top)}", language),
                vp=vp(vp_of(s.top), language),
            )
        )
    else:
        lines.append(ui("stack_down", language, count=s.stack_size))
    if s.discount:
        lines[-1] += ui("discount_ready", language)
    if s.reserve:
        names = ", ".join(territory(c, language) for c in s.reserve)
        lines.append(ui("reserve_line", language, value=s.reserve_value, limit=LIMIT, cards=names))
    else:
        lines.append(ui("reserve_empty", language, limit=LIMIT))
    sources = vp_sources(s.vp_by_source, language)
    if sources:
        lines.append(ui("vp_line", language, sources=sources))
    return lines


# -- the picture ---------------------------------------------------------------


def board_image(
    v: TirNanOgView, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes | None:
    """The table (display, piles and players) as a PNG, the result above it once the game is over."""
    return draw_table(v, language, names=names, outcome=outcome)


def board_image_key(v: TirNanOgView) -> str:
    """What the picture depends on: the display, the piles, the deck, the discards, the
    round, every seat's points, hand size, reserve and stack top, and whose turn it is."""
    piles = [f"{p.terrain}:{p.top}:{p.size}:{p.fountain_inside}" for p in v.piles]
    seats = [
        f"{s.vp}:{s.hand_size}:{','.join(s.reserve)}:{s.top}:{s.top_face_up}:{s.stack_size}" for s in v.seats
    ]
    turn = str(v.active) if v.phase in TURN_PHASES else "-"
    return "|".join(
        [",".join(v.display), *piles, str(v.deck_size), str(v.discard_size), str(v.round), *seats, turn]
    )
