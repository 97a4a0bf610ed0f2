"""Helpers that build precise Mag Mor states for the test vectors and rule tests.

A uniquely named module (not conftest) so that other test folders can have their
own helpers without a module-name clash."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.core import Event, Rng, RuleError
from games.magmor import GAME, MagmorAction, MagmorState, rules, turn
from games.magmor.data import CARDS, OBJECTIVES, PILE_SIZE, RESOURCES
from games.magmor.grid import CELLS, MAGMOR
from tests import engine


def hand(**counts: int) -> dict[str, int]:
    """A full bundle: every resource type, zeros included."""
    unknown = set(counts) - set(RESOURCES)
    assert not unknown, unknown
    return {res: counts.get(res, 0) for res in RESOURCES}


def make_state(
    players: int = 4,
    *,
    leader: int = 0,
    cards: Mapping[str, str] | None = None,
    path: Iterable[str] = ("A1",),
    hands: list[dict[str, int]] | None = None,
    piles: Mapping[str, int] | None = None,
    honour: list[int] | None = None,
    day: int = 0,
    objectives: list[str] | None = None,
    turn_number: int | None = None,
    phase: str = "choose",
    success: bool | None = None,
) -> MagmorState:
    """A raw state: ``cards`` pins card ids to cells, other cells get the remaining
    cards in id order. Piles default to 10 minus what the hands hold, per type
    (``piles`` overrides single types). No turn is started (see ``start``)."""
    placed = dict(cards or {})
    assert MAGMOR not in placed
    rest = [card for card in sorted(CARDS) if card not in placed.values()]
    layout = {cell: placed[cell] if cell in placed else rest.pop(0) for cell in CELLS if cell != MAGMOR}
    full_hands = [hand(**h) for h in hands] if hands is not None else [hand() for _ in range(players)]
    assert len(full_hands) == players
    pile_counts = {res: PILE_SIZE[res] - sum(h[res] for h in full_hands) for res in RESOURCES}
    pile_counts.update(piles or {})
    dealt = objectives if objectives is not None else sorted(OBJECTIVES)[:players]
    crossed = list(path)
    return MagmorState(
        players=players,
        rng=Rng(seed=12345),
        grid=layout,
        hands=full_hands,
        piles=pile_counts,
        objectives=dealt,
        set_aside=[o for o in sorted(OBJECTIVES) if o not in dealt],
        honour=list(honour) if honour is not None else [0] * players,
        day=day,
        turn=turn_number if turn_number is not None else len(crossed),
        leader=leader,
        phase=phase,  # type: ignore[arg-type]
        path=crossed,
        success=success,
    )


def start(state: MagmorState) -> tuple[MagmorState, list[Event]]:
    """Begin the next turn from the last crossed cell, as the engine does after a
    crossing (forced moves and Mag Mor included)."""
    events: list[Event] = []
    turn.start_turn(state, events)
    return state, events


def play(state: MagmorState, seat: int, action: MagmorAction) -> tuple[MagmorState, list[Event]]:
    return GAME.play(state, seat, action)


def keys(events: list[Event]) -> list[str]:
    return engine.keys("magmor", events)


def find(events: list[Event], name: str) -> list[Event]:
    return engine.find("magmor", events, name)


PASS_KEYS = ("passed", "passed_unable", "passed_few_cards")


def passes(events: list[Event]) -> list[Event]:
    """Every pass, chosen or forced (a forced pass has its own key saying why)."""
    return [event for event in events if event.key.removeprefix("magmor.event.") in PASS_KEYS]


def assert_refused(
    state: MagmorState, seat: int, action: MagmorAction, key: str, rule: str | None
) -> RuleError:
    """The action raises RuleError(key, rule) and changes nothing (tests.engine)."""
    return engine.assert_refused(GAME, rules.apply, state, seat, action, key, rule)


def in_transit(state: MagmorState) -> dict[str, int]:
    """Cards taken from the piles but not yet split: they enter the hands only with
    the split (MM-4.3.3, MM-4.3.4, R13)."""
    return dict(state.taken) if state.phase == "split" else {}


def conserved(state: MagmorState) -> bool:
    """MM-4.9.3: hands + piles (+ cards awaiting the split) = 10 of each type, 50 in all."""
    transit = in_transit(state)
    return all(
        state.piles[res] + sum(h[res] for h in state.hands) + transit.get(res, 0) == PILE_SIZE[res]
        for res in RESOURCES
    )
