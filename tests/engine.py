"""Engine-test checks every game shares (each game's helpers bind them to its GAME)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel

from games.core import Event, Game, RuleError


def keys(game: str, events: list[Event]) -> list[str]:
    """The events' names without the ``<game>.event.`` prefix."""
    return [event.key.removeprefix(f"{game}.event.") for event in events]


def find(game: str, events: list[Event], name: str) -> list[Event]:
    return [event for event in events if event.key == f"{game}.event.{name}"]


def assert_refused(
    game: Game[Any, Any],
    apply: Callable[[Any, int, Any], object],
    state: BaseModel,
    seat: int,
    action: BaseModel,
    key: str,
    rule: str | None,
) -> RuleError:
    """The action raises RuleError(key, rule) and leaves the state untouched, both
    through ``game.play`` and when applied straight to a working copy with the
    game's own ``apply`` (validation must run before any change)."""
    before = state.model_dump()
    with pytest.raises(RuleError) as caught:
        game.play(state, seat, action)
    assert (caught.value.key, caught.value.rule) == (key, rule), caught.value
    assert state.model_dump() == before
    decision = game.decision(state)
    if decision is not None and seat in decision.actors:
        work = state.model_copy(deep=True)
        with pytest.raises(RuleError):
            apply(work, seat, action)
        assert work.model_dump() == before, "validation must run before any change"
    return caught.value


def same_in_every_world(
    game: Game[Any, Any],
    state: Any,
    seat: int,
    action: BaseModel,
    after: Any,
    events: list[Event],
    rng: random.Random,
    worlds: int,
) -> bool:
    """Whether ``action`` shows its seat the same events, view and next decision in
    ``worlds`` worlds it cannot tell from this one (``Game.sample_world`` from its
    view: what it cannot see drawn anew): then it learned nothing hidden, and
    neither did anyone from the public events (a take-back's condition (c))."""
    view = game.view(state, seat)
    seen = [e for e in events if e.visible_to(seat)]
    for _ in range(worlds):
        world = game.sample_world(view, rng)
        assert game.view(world, seat) == view
        world_after, world_events = game.play(world, seat, action)
        if (
            [e for e in world_events if e.visible_to(seat)] != seen
            or [e for e in world_events if e.public] != [e for e in events if e.public]
            or game.view(world_after, seat) != game.view(after, seat)
            or game.decision(world_after) != game.decision(after)
        ):
            return False
    return True
