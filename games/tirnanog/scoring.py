"""VP by source, the scorings (TNO-5.1), territory values and the final ranking (TNO-5.4-5.6)."""

from __future__ import annotations

from typing import Any

from games.core import Event, Outcome, Standing
from games.core.events import public
from games.tirnanog.data import value_of, vp_of
from games.tirnanog.state import VP_SOURCES, TirNanOgState

# One event key per VP source, written out so the catalog test finds every key.
VP_EVENT: dict[str, str] = {
    "scoring1": "tirnanog.event.vp_scoring1",
    "scoring2": "tirnanog.event.vp_scoring2",
    "festival": "tirnanog.event.vp_festival",
    "temple": "tirnanog.event.vp_temple",
    "castle": "tirnanog.event.vp_castle",
    "volcano": "tirnanog.event.vp_volcano",
}
assert set(VP_EVENT) == set(VP_SOURCES)


def gain(state: TirNanOgState, seat: int, source: str, vp: int, events: list[Event], **params: Any) -> None:
    """TNO-5.2: VP only ever go up; every gain is announced with its source (spec §9 notes)."""
    assert vp >= 0
    state.vp[seat][source] += vp
    events.append(
        public(VP_EVENT[source], seat=seat, vp=vp, total=state.total_vp(seat), source=source, **params)
    )


def seats_from(state: TirNanOgState, start: int) -> list[int]:
    return [(start + i) % state.players for i in range(state.players)]


def stack_vp(state: TirNanOgState, seat: int) -> tuple[int, int]:
    """TNO-5.1 / R39: (VP, face-up cards) of the whole stack; face-down cards score 0."""
    cards = [c.card for c in state.stacks[seat] if c.face_up]
    return sum(vp_of(c) for c in cards), len(cards)


def score(state: TirNanOgState, source: str, events: list[Event]) -> None:
    """An intermediate (``scoring1``) or final (``scoring2``) scoring, seat by seat from the first player."""
    for seat in seats_from(state, state.first_player):
        vp, count = stack_vp(state, seat)
        gain(state, seat, source, vp, events, count=count)


def territory_value(state: TirNanOgState, seat: int) -> int:
    """TNO-5.5 / R40: the values of the face-up consolidated cards (reserve, face-down, fountains 0)."""
    return sum(value_of(c.card) for c in state.stacks[seat] if c.face_up)


def strength(state: TirNanOgState, seat: int) -> int:
    """TNO-4.6.5 / R33: the values of the top 3 cards (face-down and fountains count 0)."""
    return sum(value_of(c.card) for c in state.stacks[seat][-3:] if c.face_up)


def rank_key(state: TirNanOgState, seat: int) -> tuple[int, int]:
    """Lower is better: most VP, then most territory value (TNO-5.4, TNO-5.5)."""
    return (-state.total_vp(seat), -territory_value(state, seat))


def details(state: TirNanOgState, seat: int) -> dict[str, Any]:
    """Every point of the score sheet by source, plus the tie-break value (for the final screen)."""
    out: dict[str, Any] = {source: state.vp[seat][source] for source in VP_SOURCES}
    out["vp"] = state.total_vp(seat)
    out["territory_value"] = territory_value(state, seat)
    out["stack"] = [{"territory": c.card, "face_up": c.face_up} for c in state.stacks[seat]]
    out["reserve"] = list(state.reserves[seat])
    return out


def outcome(state: TirNanOgState) -> Outcome | None:
    if state.phase != "over":
        return None
    ordered = sorted(range(state.players), key=lambda s: (rank_key(state, s), s))
    standings: list[Standing] = []
    for position, seat in enumerate(ordered):
        if position and rank_key(state, seat) == rank_key(state, ordered[position - 1]):
            rank = standings[-1].rank  # TNO-5.6 / R40: still tied, a shared place
        else:
            rank = position + 1
        standings.append(
            Standing(
                seat=seat,
                rank=rank,
                winner=rank == 1,
                score=state.total_vp(seat),
                details=details(state, seat),
            )
        )
    return Outcome(reason="tirnanog.outcome.end", standings=standings, params={"turn": state.turn})
