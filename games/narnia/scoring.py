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


def tie_break(state: NarniaState, seat: int) -> str | None:
    """How NA-5.4 placed ``seat`` among the players with as many territories:
    "won" (attacked the Witch more recently than all of them), "lost" (someone
    tied attacked more recently), "shared" (tied with a player who never attacked
    either, R33), or None when nobody has as many territories."""
    mine = rank_key(state, seat)
    tied = [s for s in range(state.players) if s != seat and territories(state, s) == -mine[0]]
    if not tied:
        return None
    if any(rank_key(state, s) < mine for s in tied):
        return "lost"
    if any(rank_key(state, s) == mine for s in tied):
        return "shared"
    return "won"


def outcome(state: NarniaState) -> Outcome | None:
    if state.phase != "over" or state.end_reason is None:
        return None
    return ranking(state, state.end_reason)


def standing_now(state: NarniaState) -> Outcome:
    """The ranking if the round cap stopped the game now (NA-4.8.9), or the Witch's
    win if everyone is already out (NA-4.8.8): a search's horizon scores this."""
    return ranking(state, "all_eliminated" if all(state.eliminated) else "round_cap")


def ranking(state: NarniaState, end_reason: str) -> Outcome:
    seats = sorted(range(state.players), key=lambda s: (rank_key(state, s), s))
    # NA-5.3-5.4 rank the players whether the Witch was cleared or the round cap ended
    # the game (NA-4.8.9); only NA-4.8.8 (everyone eliminated) leaves no winner.
    defeated = end_reason in ("witch_defeated", "round_cap")
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
                    # What the final record needs to tell the breakdown in words:
                    "last_attack_round": state.attack_round(seat),
                    "tie_break": tie_break(state, seat) if defeated else None,
                    "final_conquest": end_reason == "witch_defeated" and state.last_attacker == seat,
                    "eliminated": state.eliminated[seat],
                },
            )
        )
    return Outcome(
        reason=end_reason,
        standings=standings,
        params={"round": state.round, "round_cap": state.round_cap},
    )


def summary(state: NarniaState) -> list[Event]:
    """One public line: who won and with how many territories, or the Witch's victory."""
    result = outcome(state)
    if result is None:
        return []
    if not result.winners:
        return [public("narnia.event.final_witch_wins", round=state.round)]
    first = result.winners[0]
    if len(result.winners) == 1:
        score = territories(state, first)
        return [public("narnia.event.final_winner", seat=first, territories=score, count=score)]
    return [
        public(
            "narnia.event.final_shared",
            seat=first,
            other_seat=result.winners[1],
            count=len(result.winners),
            territories=territories(state, first),
        )
    ]
