"""Scoring (AK-12), the team game's sums (AK-13) and the final ranking."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from games.akelarre.data import BONUS, JOKER_POINTS, OTHER_POINTS, family_of, value_of
from games.akelarre.state import AkelarreState
from games.core import Outcome, Standing


class Score(BaseModel):
    """One player's breakdown (AK-12.6)."""

    seat: int
    favourite: str
    cards: int  # point-pile size (jokers count, AK-12.3)
    favourite_cards: int
    favourite_points: int  # face values of favourite naturals (AK-12.2)
    other_cards: int
    other_points: int  # 1 per natural of another family
    jokers: int  # 0 points each, the favourite's own joker too
    card_points: int
    bonus: int  # +8 to every player tied for the most cards, never with 0 cards (R20)
    total: int
    team: int | None = None
    team_total: int | None = None


def card_points(pile: Sequence[str], favourite: str) -> tuple[int, int, int, int, int]:
    """(favourite cards, favourite points, other cards, other points, jokers) of a pile."""
    fav_cards = fav_points = other_cards = other_points = jokers = 0
    for card in pile:
        value = value_of(card)
        if value is None:
            jokers += 1
        elif family_of(card) == favourite:
            fav_cards += 1
            fav_points += value
        else:
            other_cards += 1
            other_points += OTHER_POINTS
    return fav_cards, fav_points, other_cards, other_points, jokers


def scores_of(points: Sequence[Sequence[str]], favourites: Sequence[str], teams: bool) -> list[Score]:
    most = max(len(pile) for pile in points)
    out: list[Score] = []
    for seat, (pile, favourite) in enumerate(zip(points, favourites, strict=True)):
        fav_cards, fav_points, other_cards, other_points, jokers = card_points(pile, favourite)
        bonus = BONUS if pile and len(pile) == most else 0
        subtotal = fav_points + other_points + jokers * JOKER_POINTS
        out.append(
            Score(
                seat=seat,
                favourite=favourite,
                cards=len(pile),
                favourite_cards=fav_cards,
                favourite_points=fav_points,
                other_cards=other_cards,
                other_points=other_points,
                jokers=jokers,
                card_points=subtotal,
                bonus=bonus,
                total=subtotal + bonus,
            )
        )
    if teams:
        # AK-13.3 / R21: individual totals (bonus included) summed per team (P1+P3, P2+P4).
        for score in out:
            score.team = score.seat % 2
            score.team_total = sum(s.total for s in out if s.seat % 2 == score.team)
    return out


def scores(state: AkelarreState) -> list[Score]:
    return scores_of(state.points, state.favourites, state.teams)


def outcome(state: AkelarreState) -> Outcome | None:
    if state.step != "over":
        return None
    return rank(scores(state), state.teams)


def standing_now(state: AkelarreState) -> Outcome:
    """The ranking if the game ended now, on the point piles as they stand (AK-12)."""
    return rank(scores(state), state.teams)


def rank(all_scores: list[Score], teams: bool) -> Outcome:
    """AK-12.5 / R22: the highest total wins; players tied at the top share a draw.
    AK-13.4: in the team game the team total decides, and both partners share it."""

    def key(score: Score) -> int:
        return score.team_total if teams and score.team_total is not None else score.total

    ordered = sorted(all_scores, key=lambda s: (-key(s), s.seat))
    best = key(ordered[0])
    standings: list[Standing] = []
    for position, score in enumerate(ordered):
        tied = position > 0 and key(score) == key(ordered[position - 1])
        place = standings[-1].rank if tied else position + 1
        details = score.model_dump()
        standings.append(
            Standing(
                seat=score.seat, rank=place, winner=key(score) == best, score=key(score), details=details
            )
        )
    winners = [s.seat for s in standings if s.winner]
    shared = len({s.team for s in all_scores if s.seat in winners}) if teams else len(winners)
    reason = "akelarre.outcome.teams" if teams else "akelarre.outcome.end"
    return Outcome(reason=reason, standings=standings, params={"best": best, "draw": shared > 1})
