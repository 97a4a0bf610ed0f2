"""The end of the game: territories, the tie-break by the latest attack on the Witch (NA-5)."""

from __future__ import annotations

from games.core import Event, Outcome, Standing
from games.core.events import public
from games.narnia.state import NarniaState


def territories(state: NarniaState, seat: int) -> int:
    """NA-5.2: the score is the number of territories owned; tokens do not count."""
    return len(state.owned(seat))


def rank_key(state: NarniaState, seat: int) -> tuple[int, int]:
    """Most territories first; among equals, the most recent attack on the Witch (NA-5.4,
    R32-R33). Battle ids start at 1, so 0 means "never attacked": such players share."""
    return (-territories(state, seat), -(state.last_attack[seat] or 0))


def outcome(state: NarniaState) -> Outcome | None:
    if state.phase != "over" or state.end_reason is None:
        return None
    seats = sorted(range(state.players), key=lambda s: (rank_key(state, s), s))
    defeated = state.end_reason == "witch_defeated"
    standings: list[Standing] = []
    for position, seat in enumerate(seats):
        if position and rank_key(state, seat) == rank_key(state, seats[position - 1]):
            rank = standings[-1].rank
        else:
            rank = position + 1
        standings.append(
            Standing(
                seat=seat,
                rank=rank,
                winner=defeated and rank == 1,  # NA-5.5 / R30: nobody wins if the Witch does
                score=territories(state, seat),
                details={
                    "territories": territories(state, seat),
                    "last_attack": state.last_attack[seat],
                    "eliminated": state.eliminated[seat],
                },
            )
        )
    return Outcome(reason=state.end_reason, standings=standings, params={"round": state.round})


def summary(state: NarniaState) -> list[Event]:
    """One public line: who won and with how many territories, or the Witch's victory."""
    result = outcome(state)
    if result is None:
        return []
    if not result.winners:
        return [public("narnia.event.final_witch_wins", round=state.round)]
    first = result.winners[0]
    if len(result.winners) == 1:
        return [public("narnia.event.final_winner", seat=first, territories=territories(state, first))]
    return [
        public(
            "narnia.event.final_shared",
            seat=first,
            other_seat=result.winners[1],
            count=len(result.winners),
            territories=territories(state, first),
        )
    ]
