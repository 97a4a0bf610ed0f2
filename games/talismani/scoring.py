"""Talisman counts, scores in halves and the end-of-game ranking (TT-13)."""

from __future__ import annotations

from games.core import Outcome, Standing
from games.talismani.data import FIRST_TALISMAN
from games.talismani.state import TalismaniState


def whole(state: TalismaniState, seat: int) -> int:
    """TT-13.2: whole talismans, the First Talisman plus forged ones (R33: halves never pair up)."""
    return state.won[seat].count(FIRST_TALISMAN) + len(state.forged[seat])


def halves(state: TalismaniState, seat: int) -> int:
    """TT-8.2 / R21: every captured stake other than the First Talisman is half a talisman."""
    return sum(1 for card in state.won[seat] if card != FIRST_TALISMAN)


def score_halves(state: TalismaniState, seat: int) -> int:
    """TT-13.1: 2 x whole + halves."""
    return 2 * whole(state, seat) + halves(state, seat)


def orders(state: TalismaniState, seat: int) -> list[int]:
    """TT-13.3 / R32: the order of each whole talisman, best first: 0 for the First
    Talisman, else the 1-based weather position of its suit in the final row."""
    out = [0] * state.won[seat].count(FIRST_TALISMAN)
    out += [state.row.index(t.suit) + 1 for t in state.forged[seat]]
    return sorted(out)


def rank_key(state: TalismaniState, seat: int) -> tuple[int, int, tuple[int, ...]]:
    """Lower is better: most halves, most wholes, then the best orders element by element.
    Tied players reach the third key only with equally many wholes, so the lists align."""
    return (-score_halves(state, seat), -whole(state, seat), tuple(orders(state, seat)))


def outcome(state: TalismaniState) -> Outcome | None:
    if state.phase != "over":
        return None
    ordered = sorted(range(state.players), key=lambda s: (rank_key(state, s), s))
    standings: list[Standing] = []
    for position, seat in enumerate(ordered):
        if position and rank_key(state, seat) == rank_key(state, ordered[position - 1]):
            rank = standings[-1].rank  # TT-13.4: a shared place
        else:
            rank = position + 1
        standings.append(
            Standing(
                seat=seat,
                rank=rank,
                winner=rank == 1,
                score=score_halves(state, seat),
                details={
                    "whole": whole(state, seat),
                    "halves": halves(state, seat),
                    "orders": orders(state, seat),
                    "won": list(state.won[seat]),
                    "forged": [t.suit for t in state.forged[seat]],
                    "hand": list(state.hands[seat]),
                },
            )
        )
    # The final row names the talismans' orders in words when tie-break 2 decides (TT-13.3).
    return Outcome(
        reason="talismani.outcome.end",
        standings=standings,
        params={"turn": state.turn, "row": list(state.row)},
    )
