"""The final screen: the headline (Narnia free, the round cap, or the Witch's
win), each seat's score in words and the ranking when nobody won."""

from __future__ import annotations

from bot.i18n import t
from bot.model import TableInfo
from bot.render import seat_name
from cogs.kit.presenter import winners_line
from cogs.narnia.words import WITCH_EMOJI
from games.core import Outcome, Standing


def final_headline(table: TableInfo, outcome: Outcome, language: str) -> str:
    """The platform's headline naming the winners, after how the game ended."""
    winners = winners_line(table, outcome, language)
    if not outcome.winners:
        witch = t("narnia.final.witch_wins", language, round=outcome.params.get("round", 0))
        return f"{witch} {t('table.final.nobody', language)}"
    if outcome.reason == "round_cap":  # NA-4.8.9: scored, but Narnia is not free
        cap = t("narnia.final.round_cap", language, round=outcome.params.get("round", 0))
        return f"{cap} {winners}"
    return f"{t('narnia.final.free', language)} {winners}"


def score_text(table: TableInfo, standing: Standing, language: str) -> str:
    """Territories (NA-5.2), then in words how the tie-break (NA-5.4) placed the seat."""
    d = standing.details
    parts = [t("narnia.final.score", language, count=standing.score or 0)]
    if d.get("final_conquest"):
        parts.append(t("narnia.final.final_conquest", language))
    tie, when = d.get("tie_break"), d.get("last_attack_round")
    if tie == "won":
        key = "tie_won" if when else "tie_won_plain"
        parts.append(t(f"narnia.final.{key}", language, round=when))
    elif tie == "lost":
        key = "tie_lost" if when else "tie_lost_never"
        if not when and d.get("last_attack"):  # a game saved before rounds were kept
            key = "tie_won_plain"
        parts.append(t(f"narnia.final.{key}", language, round=when))
    elif tie == "shared":
        parts.append(t("narnia.final.tie_shared", language))
    if d.get("eliminated"):
        parts.append(t("narnia.final.eliminated", language))
    return " · ".join(parts)


def ranking_lines(table: TableInfo, outcome: Outcome, language: str) -> list[str] | None:
    """The ranking when the Witch won (no winners): the platform's lines, without medals;
    ``None`` when somebody won (the platform's ranking)."""
    if outcome.winners:
        return None
    # The Witch won: nobody earned a medal.
    return [
        t(
            "table.final.standing",
            language,
            medal=WITCH_EMOJI,
            seat=seat_name(table, s.seat),
            score=f" — {score_text(table, s, language)}",
            winner="",
        )
        for s in outcome.standings
    ]
