"""Tir Nan Og Wars' final screen: the headline, every seat's VP by source, and why equal
totals are ranked as they are (the territory value)."""

from __future__ import annotations

from itertools import pairwise

from bot.i18n import t
from bot.model import TableInfo
from bot.render import seat_name
from cogs.kit.presenter import MEDALS, winners_headline
from cogs.tirnanog.words import ui, vp, vp_sources
from games.core import Outcome, Standing


def score_amount(score: int, language: str) -> str:
    return vp(score, language)


def score_text(table: TableInfo, standing: Standing, language: str) -> str:
    """ "23 VP (intermediate scoring 6 + final scoring 8 + fairy festival 3 …)": every point."""
    total = vp(standing.score or 0, language)
    sources = vp_sources(standing.details, language)
    return ui("score", language, total=total, sources=sources) if sources else total


def final_headline(table: TableInfo, outcome: Outcome, language: str) -> str:
    return winners_headline("tirnanog", table, outcome, language, lambda s: s.score or 0)


def ranking_lines(table: TableInfo, outcome: Outcome, language: str) -> list[str]:
    """The base ranking, with the territory value where it decided (or shared) a place."""
    scores = [s.score for s in outcome.standings]
    lines = []
    for standing in outcome.standings:
        score = score_text(table, standing, language)
        if scores.count(standing.score) > 1:
            value = int(standing.details.get("territory_value", 0))
            score += ui("tie_value", language, value=value)
        lines.append(
            t(
                "table.final.standing",
                language,
                medal=MEDALS.get(standing.rank, f"{standing.rank}."),
                seat=seat_name(table, standing.seat),
                score=f" — {score}",
                winner=" 🏆" if standing.winner else "",
            )
        )
    return lines


def tie_lines(table: TableInfo, outcome: Outcome, language: str) -> list[str]:
    """Under the ranking, one line per pair of equal totals: shared, or broken by the territory value."""
    lines = []
    standings = outcome.standings
    for first, second in pairwise(standings):
        if first.score != second.score:
            continue
        params = {
            "first": seat_name(table, first.seat),
            "second": seat_name(table, second.seat),
            "total": vp(first.score or 0, language),
            "first_value": int(first.details.get("territory_value", 0)),
            "second_value": int(second.details.get("territory_value", 0)),
        }
        key = "tie_shared" if first.rank == second.rank else "tie_broken"
        lines.append(ui(key, language, **params))
    return lines
