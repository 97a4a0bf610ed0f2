"""The end of a Mag Mor game in words: the headline naming the winners and each
seat's score with its breakdown (victory points, or honour for a failed expedition)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import join
from bot.model import TableInfo
from bot.render import seat_name
from cogs.magmor.board import LAST_DAY
from cogs.magmor.words import RESOURCES, count_of, ui
from games.core import Outcome, Standing
from games.magmor.face import honour_vp


def score_breakdown(
    honour: int,
    hand: Mapping[str, int],
    values: Mapping[str, int],
    language: str,
    *,
    total: int | None = None,
) -> str:
    """ "23 victory points: 18 from cards (5 food × 2, …) and 5 from honour +4" —
    every point a player can check against the objective and the honour table."""
    hvp = honour_vp(honour)
    items = [f"{count_of(r, hand[r], language)} × {values[r]}" for r in RESOURCES if hand.get(r)]
    cards_vp = sum(hand[r] * values[r] for r in RESOURCES if hand.get(r))
    score = hvp + cards_vp if total is None else total
    key = "score_success" if items else "score_success_no_cards"
    return ui(
        key,
        language,
        count=score,
        cards_vp=cards_vp,
        items=join(items, language),
        honour_vp=hvp,
        honour=f"{honour:+d}",
    )


def final_headline(table: TableInfo, outcome: Outcome, language: str) -> str | None:
    """The winners and how they won; ``None`` when nobody won (the platform's line says so)."""
    winners = [s for s in outcome.standings if s.winner]
    if not winners:
        return None
    names = join([seat_name(table, s.seat) for s in winners], language)
    first = winners[0]
    if first.score is not None:
        return ui(
            "headline_success",
            language,
            count=len(winners),
            names=names,
            day=outcome.params.get("day", LAST_DAY),
            points=first.score,
        )
    key = "headline_late" if outcome.params.get("reached") else "headline_failure"
    return ui(key, language, count=len(winners), names=names, honour=f"{first.details['honour']:+d}")


def score_text(table: TableInfo, standing: Standing, language: str) -> str:
    d = standing.details
    if standing.score is None:
        # MM-5.3: a failed expedition ranks by honour, then the fewest cards.
        return ui("score_failure", language, count=d["cards"], honour=f"{d['honour']:+d}")
    return score_breakdown(d["honour"], d["hand"], d["values"], language, total=standing.score)
