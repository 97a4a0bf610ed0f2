"""The final screen: each score in words that can be checked, a headline with the winning
total and, when a tie-break decided a place, why (TT-13)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from bot.model import TableInfo
from bot.render import seat_name
from cogs.kit.presenter import winners_headline
from cogs.talismani.words import card, suit, talismans, tally, ui
from games.core import Outcome, Standing
from games.talismani.face import FIRST_TALISMAN


def score_amount(score: int, language: str) -> str:
    """A score is kept in halves (TT-13.1): "6½ talismans"."""
    return talismans(score, language)


def score_text(table: TableInfo, standing: Standing, language: str) -> str:
    """ "2 whole + 9 halves = 6½ talismans": every point can be checked (TT-13.1)."""
    whole = int(standing.details.get("whole", 0))
    halves = int(standing.details.get("halves", 0))
    return tally(whole, halves, language, full=True)


def final_headline(table: TableInfo, outcome: Outcome, language: str) -> str:
    return winners_headline(
        "talismani", table, outcome, language, lambda s: talismans(s.score or 0, language)
    )


def tie_lines(table: TableInfo, outcome: Outcome, language: str) -> list[str]:
    """Why equal totals are ranked as they are, in words (TT-13.2 to TT-13.4)."""
    row = [str(x) for x in outcome.params.get("row", [])]
    lines = []
    standings = outcome.standings
    for first, second in pairwise(standings):
        if first.score != second.score:
            continue
        params: dict[str, Any] = {
            "first": seat_name(table, first.seat),
            "second": seat_name(table, second.seat),
            "total": talismans(first.score or 0, language),
        }
        whole_a, whole_b = int(first.details.get("whole", 0)), int(second.details.get("whole", 0))
        orders_a = [int(x) for x in first.details.get("orders", [])]
        orders_b = [int(x) for x in second.details.get("orders", [])]
        if first.rank == second.rank:
            lines.append(ui("tie_shared", language, **params))
        elif whole_a != whole_b:
            lines.append(ui("tie_whole", language, first_whole=whole_a, second_whole=whole_b, **params))
        else:
            a, b = next((a, b) for a, b in zip(orders_a, orders_b, strict=True) if a != b)
            lines.append(
                ui(
                    "tie_order",
                    language,
                    whole=ui("count_whole", language, count=whole_a),
                    first_talisman=_ordered(a, row, language),
                    second_talisman=_ordered(b, row, language),
                    **params,
                )
            )
    return lines


def _ordered(order: int, row: list[str], language: str) -> str:
    """A whole talisman by its order: 0 the First Talisman, else its suit's place (R32)."""
    if order == 0:
        return ui("order_first", language, card=card(FIRST_TALISMAN, language))
    name = suit(row[order - 1], language) if 0 < order <= len(row) else "?"
    return ui("order_suit", language, suit=name, place=order)
