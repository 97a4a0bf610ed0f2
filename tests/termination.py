"""Every game ends: a driver for whole games between mixed seats (issue "Every game ends").

Each seat follows a policy:

* ``ai``: the game's own AI, given only its view;
* ``random``: a random legal action (each game supplies its chooser, since some
  decisions, Mag Mor's split, are too large to list);
* ``default``: always the default action, as a player who never answers and
  whose deadline always passes.

A seat may *leave* after a number of the game's actions: from then on the AI
holds it, as the table service does when a player leaves (R36 and its peers in
every game). Elimination is the game's own business (Narnia, NA-4.8.6): the
driver just keeps asking whoever the game says must decide.

Each game's test derives a bound on the number of actions from its rules and
asserts the game ends within it; the driver raises as soon as the bound is
passed, so a game that would not end fails fast instead of running forever.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from games.core import Game, GameState

Policy = Literal["ai", "random", "default"]
POLICIES: tuple[Policy, ...] = ("ai", "random", "default")
RandomAction = Callable[[Any, int, random.Random], BaseModel]


@dataclass
class MixedGame:
    """The end of one mixed game: its final state and how long it took."""

    state: GameState
    actions: int
    policies: list[Policy]
    leaves: dict[int, int] = field(default_factory=dict)  # seat -> actions before it left
    by_seat: list[int] = field(default_factory=list)  # actions taken by each seat


def seats_plan(
    players: int, chooser: random.Random, *, leave_chance: float = 0.5, horizon: int = 200
) -> tuple[list[Policy], dict[int, int]]:
    """A random policy per seat, and for some seats the action count after which they leave."""
    policies = [chooser.choice(POLICIES) for _ in range(players)]
    leaves = {seat: chooser.randrange(horizon) for seat in range(players) if chooser.random() < leave_chance}
    return policies, leaves


def play_mixed(
    game: Game[Any, Any],
    players: int,
    seed: int,
    policies: Sequence[Policy],
    random_action: RandomAction,
    bound: int,
    *,
    leaves: Mapping[int, int] | None = None,
    choices: int = 0,
    options: Mapping[str, Any] | None = None,
) -> MixedGame:
    """Play one game until it ends, each seat by its policy; fail once ``bound``
    actions were played without an end."""
    chooser = random.Random(choices)
    leaves = dict(leaves or {})
    state = game.new_game(players, seed, options)
    bots = [game.ai(seat) for seat in range(players)]
    by_seat = [0] * players
    actions = 0
    while (decision := game.decision(state)) is not None:
        if actions >= bound:
            raise AssertionError(
                f"{game.id} with {players} players did not end within {bound} actions"
                f" (seed {seed}, policies {list(policies)}, leaves {leaves})"
            )
        seat = decision.actors[0]
        policy: Policy = "ai" if leaves.get(seat, bound) <= actions else policies[seat]
        if policy == "ai":
            action = bots[seat].act(game.view(state, seat), decision)
        elif policy == "default":
            action = game.default_action(state, seat)
        else:
            action = random_action(state, seat, chooser)
        state, _events = game.play(state, seat, action)
        by_seat[seat] += 1
        actions += 1
    return MixedGame(state, actions, list(policies), leaves, by_seat)
