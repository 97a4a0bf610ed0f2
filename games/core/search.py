"""The ``hard`` player: a search from the seat's own information only.

Determinized Monte Carlo at the root (as in OpenSpiel's ISMCTS with one level,
also called PIMC): for every iteration the game samples one hidden world
consistent with the seat's view (``Game.sample_world``: other hands, deck order,
secret objectives, future dice), plays one candidate move in it with the game's
own ``play``, then plays the game out with every seat's ``normal`` player and
scores the end for the seat (a win shared by k seats is worth 1/k). Candidates
are picked by UCB1 over their mean score, so promising moves get more worlds.
The move with the best mean wins; ties go to the ``normal`` player's choice.

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
    """What an ended world is worth to ``seat``: 1/k for a win shared by k seats,
    else 0; a world that did not end (the safety net) is worth a fair share."""
    outcome = game.outcome(state)
    if outcome is None:
        return 1 / state.players
    winners = outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


def play_out(game: Game[Any, Any], state: GameState, players: list[Any]) -> GameState:
    """Every seat plays its normal move until the game ends."""
    for _ in range(MAX_ROLLOUT_MOVES):
        decision = game.decision(state)
        if decision is None:
            break
        actor = decision.actors[0]
        action = players[actor].act(game.view(state, actor), decision)
        state, _ = game.play(state, actor, action)
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

    def act(self, view: Any, decision: Decision) -> BaseModel:
        game, seat = self.game, self.seat
        rng = decision_rng(self.seed, view, decision)
        world = game.sample_world(view, rng)
        if world is None:
            return self.normal.act(view, decision)
        moves = self.candidates(world, view, decision, rng)
        if len(moves) == 1:
            return moves[0]
        players = [game.ai(s) for s in range(world.players)]
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        for iteration in range(self.budget.iterations):
            index = self._pick(totals, counts, iteration)
            if iteration:
                world = game.sample_world(view, rng)
                assert world is not None
            try:
                after, _ = game.play(world, seat, moves[index])
            except RuleError:
                # Not legal in this world: the view did not pin it down. Never chosen.
                totals[index], counts[index] = -math.inf, max(counts[index], 1)
                continue
            totals[index] += reward(game, play_out(game, after, players), seat)
            counts[index] += 1
        means = [t / c if c else -math.inf for t, c in zip(totals, counts, strict=True)]
        best = max(range(len(moves)), key=lambda i: (means[i], i == 0))
        return moves[best]

    def _pick(self, totals: list[float], counts: list[int], iteration: int) -> int:
        """UCB1: every candidate once, then the best mean plus an exploration bonus."""
        for index, count in enumerate(counts):
            if count == 0:
                return index
        log_n = math.log(iteration + 1)
        c = self.budget.exploration
        return max(
            range(len(counts)),
            key=lambda i: totals[i] / counts[i] + c * math.sqrt(log_n / counts[i]),
        )
