"""The public Mag Mor board: its embed (day count, phase, players, piles, legend)
and its picture, drawn by :mod:`cogs.magmor.picture`."""

from __future__ import annotations

import discord
from pydantic import BaseModel

from bot.i18n import join, t
from bot.model import TableInfo
from bot.render import bundle, resource, seat_name
from cogs.magmor.picture import draw_board
from cogs.magmor.words import EMOJI, GAME, RESOURCES, as_view, cards_text, count_of, face_text, ui
from games.core import Decision, Outcome
from games.magmor.face import MagmorView

LAST_DAY = 17  # MM-4.5.3: the day track's last space
GRID = 6


def _distance(cell: str) -> int:
    """Steps from ``cell`` to Mag Mor (F6): every step goes right or down (MM-4.2.1)."""
    return (GRID - 1 - (ord(cell[0]) - ord("A"))) + (GRID - int(cell[1:]))


def crossings_left(v: MagmorView) -> int:
    """Crossings still to make, Mag Mor and the terrain being crossed included."""
    if not v.path:
        return 0
    here = v.path[-1]
    return _distance(here) + (1 if v.phase in ("split", "pay", "magmor") else 0)


def board_embed(table: TableInfo, view: BaseModel, decision: Decision | None, language: str) -> discord.Embed:
    v = as_view(view)
    over = v.phase == "over"
    title = ui("board_title_over" if over else "board_title", language, turn=v.turn, day=v.day)
    embed = discord.Embed(
        title=title,
        description=_phase_text(table, v, decision, language),
        colour=discord.Colour.dark_gold() if not over else discord.Colour.green(),
    )
    if not over:
        # At the end the final record above ranks everyone with the same numbers.
        embed.add_field(
            name=ui("players", language),
            value="\n".join(player_lines(table, v, language)),
            inline=False,
        )
        embed.add_field(
            name=ui("piles", language),
            value=" · ".join(f"{EMOJI[r]} {v.piles.get(r, 0)}" for r in RESOURCES),
            inline=False,
        )
    footer = [legend(table, v, language)]
    if v.last_crossing and not over:
        footer.append(ui(f"last_{v.last_crossing}", language))
    embed.set_footer(text="\n".join(x for x in footer if x))
    return embed


def board_image(
    view: BaseModel, language: str, *, names: tuple[str, ...] = (), outcome: Outcome | None = None
) -> bytes | None:
    return draw_board(as_view(view), language, names=names, outcome=outcome)


def player_lines(table: TableInfo, v: MagmorView, language: str) -> list[str]:
    over = v.phase == "over"
    lines = []
    for seat in range(v.players):
        marks = ("👑 " if seat == v.leader and not over else "") + ("🤖 " if table.seats[seat].ai else "")
        barred = " ⛔" if seat == v.barred and not over else ""
        lines.append(
            ui(
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


def legend(table: TableInfo, v: MagmorView, language: str) -> str:
    """What the marks beside the names mean (only the marks shown)."""
    over = v.phase == "over"
    parts = []
    if v.leader is not None and not over:
        parts.append(ui("legend_leader", language))
    if v.barred is not None and not over:
        parts.append(ui("legend_barred", language))
    if any(s.ai for s in table.seats):
        parts.append(ui("legend_ai", language))
    return " · ".join(parts)


def days_line(v: MagmorView, language: str) -> str:
    """The running total of days: how many difficult crossings the party can still afford."""
    left = crossings_left(v)
    spare = LAST_DAY - v.day - left  # each difficult crossing uses one more day
    if spare < 0:
        return ui("days_late", language, day=v.day, count=left)
    return ui("days", language, day=v.day, count=left, spare=spare)


def _phase_text(table: TableInfo, v: MagmorView, decision: Decision | None, language: str) -> str:
    if v.phase == "over":
        if v.success:
            return ui("over_success", language, day=v.day)
        return ui("over_failure", language)
    # Whose turn and what they decide is the line above the board (cogs.channel.turn_lines.turn_line):
    # the leader's choice and split are not said again here, nor the toll's constant rule.
    lines = [days_line(v, language)]
    if v.phase == "choose":
        for cell in v.candidates:
            back = next(c for c in v.grid if c.cell == cell)
            lines.append(
                ui(
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
                ui(
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
        lines.append(ui("crossing_magmor", language))
    elif here is not None and here.face is not None:
        terrain = t(f"magmor.terrain.{here.terrain}", language)
        lines.append(ui("crossing", language, cell=here.cell, terrain=terrain))
        lines.append(face_text(here.face, language))
    if v.phase == "split":
        if any(v.shortfall.values()):
            lines.append(ui("shortfall", language, cards=bundle(GAME, v.shortfall, language)))
    elif v.phase == "pay":
        lines.append(ui("phase_pay", language))
        for cat in v.categories:
            what = f"{EMOJI[cat.res]} {count_of(cat.res, cat.qty, language)}"
            if cat.paid_by is not None:
                lines.append(ui("category_paid", language, cards=what, seat=seat_name(table, cat.paid_by)))
            else:
                lines.append(ui("category_unpaid", language, cards=what))
        payers = {c.paid_by for c in v.categories}
        lines.extend(_passed_line(table, [s for s in v.acted if s not in payers], language))
    else:
        lines.append(ui("phase_magmor", language, count=2 * v.players))
        for s, cards in v.magmor_paid.items():
            lines.append(
                ui("magmor_paid", language, seat=seat_name(table, int(s)), cards=cards_text(cards, language))
            )
        lines.extend(_passed_line(table, [s for s in v.acted if s not in v.magmor_paid], language))
    if decision is not None and v.phase != "split":  # the split is the leader's alone
        order = " → ".join(seat_name(table, s) for s in decision.seats if s not in decision.done)
        lines.append(ui("waiting", language, order=order))
    return "\n".join(lines)


def _passed_line(table: TableInfo, seats: list[int], language: str) -> list[str]:
    if not seats:
        return []
    return [ui("passed", language, seats=join([seat_name(table, s) for s in seats], language))]
