"""What a board or panel says in words about the game's course: whose turn it is and
what they decide (:func:`decision_line`), and, once it is over, the final record on
top of the message (:func:`with_final_record`), so the message stays as the game's record."""

from __future__ import annotations

import discord

from bot.i18n import join, t
from bot.model import TableInfo
from bot.render import seat_name
from cogs.kit.presenter import Presenter
from games.core import Decision, Outcome

EMBED_DESCRIPTION_LIMIT = 4096
FINAL_COLOUR = discord.Colour.gold()


def with_final_record(
    embed: discord.Embed, presenter: Presenter, table: TableInfo, outcome: Outcome, language: str
) -> discord.Embed:
    """The end of a game on top of a board or panel: who won, the ranking and
    every score with its breakdown, so the message stays as the game's record."""
    record = "\n".join(presenter.final_lines(table, outcome, language))
    rest = embed.description or ""
    embed.description = (f"{record}\n\n{rest}" if rest else record)[:EMBED_DESCRIPTION_LIMIT]
    embed.colour = FINAL_COLOUR
    return embed


def decision_line(game: str, table: TableInfo, decision: Decision, language: str) -> str:
    # {seat} names the first actor; a simultaneous decision of some players
    # (not everyone) names them all with {seats}, its plural form picked by
    # {count}, the number of players still to answer.
    return t(
        f"{game}.decision.{decision.kind.split('.')[-1]}",
        language,
        seat=seat_name(table, decision.actors[0]),
        seats=join([seat_name(table, s) for s in decision.actors], language),
        count=len(decision.actors),
    )
