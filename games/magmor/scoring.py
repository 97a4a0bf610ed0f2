"""Honour, victory points, the end-of-game ranking (MM-4.8, MM-5)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.core import Outcome, Standing
from games.magmor.data import GAME_RULES, HONOUR_MAX, HONOUR_MIN, HONOUR_VP, OBJECTIVES
from games.magmor.state import MagmorState

MAGMOR_CELL = GAME_RULES.magmor_cell


def clamp_honour(value: int) -> int:
    return max(HONOUR_MIN, min(HONOUR_MAX, value))


def change_honour(state: MagmorState, seat: int, delta: int) -> int:
    """Apply one honour change, clamped on its own (MM-4.8.2, R2); return the new value."""
    state.honour[seat] = clamp_honour(state.honour[seat] + delta)
    return state.honour[seat]


def honour_vp(honour: int) -> int:
    """MM-4.8.3 (R1)."""
    return HONOUR_VP[clamp_honour(honour)]


def resource_vp(hand: Mapping[str, int], values: Mapping[str, int]) -> int:
    return sum(count * values[res] for res, count in hand.items())


def score(state: MagmorState, seat: int) -> int:
    """MM-5.2: VP(honour) plus the hand valued by the seat's own objective."""
    return honour_vp(state.honour[seat]) + resource_vp(state.hands[seat], OBJECTIVES[state.objectives[seat]])


def _ranked(seats: list[int], key: Callable[[int], tuple[int, ...]]) -> list[tuple[int, int]]:
    """(seat, rank) best first; players equal on every key share a rank (MM-5.4)."""
    ordered = sorted(seats, key=key)
    out: list[tuple[int, int]] = []
    for position, seat in enumerate(ordered):
        if position and key(seat) == key(ordered[position - 1]):
            out.append((seat, out[-1][1]))
        else:
            out.append((seat, position + 1))
    return out


def outcome(state: MagmorState) -> Outcome | None:
    if state.phase != "over":
        return None
    seats = list(range(state.players))
    success = bool(state.success)
    if success:
        # MM-5.2: most points, then most honour (R25: a shared victory after that).
        ranking = _ranked(seats, lambda s: (-score(state, s), -state.honour[s]))
    else:
        # MM-5.3: most honour, then fewest cards (R26); objectives are not used.
        ranking = _ranked(seats, lambda s: (-state.honour[s], state.hand_size(s)))
    standings = []
    for seat, rank in ranking:
        hand = dict(state.hands[seat])
        details = {
            "honour": state.honour[seat],
            "honour_vp": honour_vp(state.honour[seat]) if success else None,
            "resource_vp": resource_vp(hand, OBJECTIVES[state.objectives[seat]]) if success else None,
            "cards": sum(hand.values()),  # the count, MM-5.3's second key
            "hand": hand,
            "objective": state.objectives[seat],
            # What each card type was worth to this seat (MM-5.2), so the final
            # record can show every point of the breakdown.
            "values": dict(OBJECTIVES[state.objectives[seat]]),
        }
        standings.append(
            Standing(
                seat=seat,
                rank=rank,
                winner=rank == 1,
                score=score(state, seat) if success else None,
                details=details,
            )
        )
    reason = "magmor.outcome.success" if success else "magmor.outcome.failure"
    # ``reached``: the party stood on Mag Mor (a failure then means too many days, R3).
    params = {"day": state.day, "reached": MAGMOR_CELL in state.path}
    return Outcome(reason=reason, standings=standings, params=params)
