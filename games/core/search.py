"""The ``hard`` player: a search from the seat's own information only.

Determinized Monte Carlo at the root (as in OpenSpiel's ISMCTS with one level,
also called PIMC): for every iteration the game samples one hidden world
consistent with the seat's view (``Game.sample_world``: other hands, deck order,
secret objectives, future dice), plays one candidate move in it with the game's
own ``play``, then plays the game out with every seat's ``normal`` player and
scores the end for the seat (a win shared by k seats is worth 1/k). Every
candidate is played in every world, with the same dice and draws to come, so
the comparison is between moves and not between worlds' luck. The move with the
best total wins; ties go to the ``normal`` player's choice.

The budget is a number of iterations per decision (``Budget``), each game
setting its own (``Game.search_budget``), so a seed gives the same move
whatever the machine; the player never sees the state, only its view.
"""

from __future__ import annotations

import hashlib
import math
import random
from typing import Any

from pydantic import BaseModel

from games.core.budget import Budget
from games.core.errors import RuleError
from games.core.protocol import Decision, Game, GameState

MAX_ROLLOUT_MOVES = 5_000  # a safety net: every game ends well before (docs/decisions.md)


def decision_rng(seed: int, view: BaseModel, decision: Decision) -> random.Random:
    """The random source of one decision: from the seed, the view and the decision only."""
    text = f"{seed}|{decision.model_dump_json()}|{view.model_dump_json()}"
    return random.Random(int(hashlib.sha256(text.encode()).hexdigest()[:16], 16))


def reward(game: Game[Any, Any], state: GameState, seat: int) -> float:
    """What a played-out world is worth to ``seat``: 1/k for a win shared by k
    seats, else 0, by the game's result or, where the playout stopped short (the
    horizon), by its standing then; a fair share where it has none."""
    outcome = game.outcome(state) or game.standing_now(state)
    if outcome is None:
        return 1 / state.players
    winners = outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


def play_out(
    game: Game[Any, Any], state: GameState, players: list[Any], horizon: int | None = None
) -> GameState:
    """Every seat plays its normal move until the game ends, or for ``horizon``
    moves. ``state`` is the
    caller's to give up: it is played on in place (``Game.play_owned``), as a copy
    per move would double a playout's cost."""
    for _ in range(min(horizon or MAX_ROLLOUT_MOVES, MAX_ROLLOUT_MOVES)):
        decision = game.decision(state)
        if decision is None:
            break
        actor = decision.actors[0]
        action = players[actor].act(game.view(state, actor), decision)
        state, _ = game.play_owned(state, actor, action)
    return state


class SearchPlayer:
    def __init__(self, game: Game[Any, Any], seat: int, seed: int, budget: Budget | None = None) -> None:
        self.game, self.seat, self.seed = game, seat, seed
        self.budget = budget or game.search_budget
        self.normal = game.ai(seat)

    def candidates(
        self, world: GameState, view: Any, decision: Decision, rng: random.Random
    ) -> list[BaseModel]:
        """The normal player's move first, then others the game offers (its legal
        moves, or its own short list where they are too many to list)."""
        first = self.normal.act(view, decision)
        others = [a for a in self.game.search_candidates(world, self.seat, rng) if a != first]
        room = self.budget.candidates - 1
        if len(others) > room:
            others = rng.sample(others, room)
        return [first, *others]

    def sample(self, view: Any, rng: random.Random) -> GameState | None:
        """One hidden world consistent with ``view``."""
        world: GameState | None = self.game.sample_world(view, rng)
        return world

    def act(self, view: Any, decision: Decision) -> BaseModel:
        game, seat = self.game, self.seat
        rng = decision_rng(self.seed, view, decision)
        world = self.sample(view, rng)
        if world is None:
            return self.normal.act(view, decision)
        moves = self.candidates(world, view, decision, rng)
        if len(moves) == 1:
            return moves[0]
        players = [game.ai(s) for s in range(world.players)]
        totals = [0.0] * len(moves)
        for iteration in range(self.budget.worlds):
            if iteration:
                world = self.sample(view, rng)
                assert world is not None
            # Every candidate in the same world, its dice and draws included (common
            # random numbers): the differences between them are the moves', not luck's.
            for index, move in enumerate(moves):
                if totals[index] == -math.inf:
                    continue
                try:
                    after, _ = game.play(world, seat, move)
                except RuleError:
                    # Not legal in this world: the view did not pin it down. Never chosen.
                    totals[index] = -math.inf
                    continue
                totals[index] += reward(game, play_out(game, after, players, self.budget.horizon), seat)
        best = max(range(len(moves)), key=lambda i: (totals[i], i == 0))
        return moves[best]
