"""Akelarre's final screen: the headline (a player, a team or a draw), every score in
words with the favourite revealed, and the team game's ranking."""

from __future__ import annotations

from bot.i18n import join, t
from bot.model import TableInfo
from bot.render import seat_name
from cogs.akelarre.words import TEAMS, suit, ui
from cogs.kit.presenter import MEDALS
from games.core import Outcome, Standing


def score_text(table: TableInfo, standing: Standing, language: str) -> str:
    """Every point in words, the favourite revealed: "34 points: favourite 🧚 Fairies,
    4 favourite cards = 15, 11 other cards = 11, 1 joker = 0, +8 for the most cards (16 cards)"."""
    d = standing.details
    parts = [
        ui(
            "score_fav",
            language,
            count=int(d.get("favourite_cards", 0)),
            points=d.get("favourite_points", 0),
        ),
        ui("score_other", language, count=int(d.get("other_cards", 0)), points=d.get("other_points", 0)),
    ]
    if int(d.get("jokers", 0)):
        parts.append(ui("score_jokers", language, count=int(d["jokers"])))
    if int(d.get("bonus", 0)):
        parts.append(ui("score_bonus", language, bonus=d["bonus"]))
    text = ui(
        "score",
        language,
        count=int(d.get("total", 0)),
        suit=suit(str(d.get("favourite", "")), language),
        parts=", ".join(parts),
        cards=ui("cards", language, count=int(d.get("cards", 0))),
    )
    if d.get("team") is not None:
        text = ui(
            "score_team",
            language,
            team=TEAMS[int(d["team"])],
            count=int(d.get("team_total") or 0),
            own=text,
        )
    return text


def team_game(outcome: Outcome) -> bool:
    """Whether the seats played in teams (otherwise the platform's ranking fits as it is)."""
    return not all(s.details.get("team") is None for s in outcome.standings)


def ranking_lines(table: TableInfo, outcome: Outcome, language: str) -> list[str] | None:
    """In the team game the medal is the team's place (both partners share it):
    the second team is second, not third. ``None`` outside the team game (the platform's)."""
    if not team_game(outcome):
        return None
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
                score=f" — {score_text(table, standing, language)}",
                winner=" 🏆" if standing.winner else "",
            )
        )
    return lines


def final_headline(table: TableInfo, outcome: Outcome, language: str) -> str:
    winners = [s for s in outcome.standings if s.winner]
    if not winners:
        return t("table.final.nobody", language)
    names = join([seat_name(table, s.seat) for s in winners], language)
    best = winners[0].score or 0
    teams = {int(team) for s in winners if (team := s.details.get("team")) is not None}
    if teams:
        if len(teams) > 1:
            return ui("headline_team_draw", language, names=names, count=best)
        return ui("headline_team", language, team=TEAMS[teams.pop()], names=names, count=best)
    if len(winners) > 1:
        return ui("headline_draw", language, names=names, count=best)
    return ui("headline", language, names=names, count=best)
