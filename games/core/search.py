"""The ``hard`` player: a search from the seat's own information only.

Determinized Monte Carlo at the root (as in OpenSpiel's ISMCTS with one level,
also called PIMC): for every iteration the game samples one hidden world
consistent with the seat's view (``Game.sample_world``: other hands, deck order,
secret objectives, future dice), plays one candidate move in it with the game's
own ``play``, then plays the game out with every seat's ``normal`` player and
scores the end for the seat (a win shared by k seats is worth 1/k). Every
candidate is played in every world, with the same dice and draws to come, so
the comparison is between moves and not between worlds' luck. The budget is spent in
two rounds (successive halving): every candidate in the first half of the
worlds, then only the ``normal`` move and the best other one in the rest, so
the one comparison that decides is made over the most worlds. A world's value
is the seat's share of the win plus a small term for its score against the
others' (``value``): a win or a loss alone says little over a dozen worlds.
The search leaves the ``normal`` move only for one that beats it clearly, by
more than ``EVIDENCE`` standard errors of their paired differences: a noisy
search that follows its noise plays worse than the heuristic it started from.

The budget is a number of iterations per decision (``Budget``: worlds,
candidates, and a cap on the moves simulated), each game setting its own
(``Game.search_budget``), so a seed gives the same move whatever the machine;
the player never sees the state, only its view.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from games.core.budget import Budget
from games.core.errors import RuleError
from games.core.protocol import Decision, Game, GameState

MAX_ROLLOUT_MOVES = 5_000  # a safety net: every game ends well before (docs/decisions.md)
MARGIN_WEIGHT = 0.2  # a world's score margin, in (-1, 1), is worth this much beside a win (1)
EVIDENCE = 1.0  # standard errors by which a move must beat the normal one to be played instead


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


def value(game: Game[Any, Any], state: GameState, seat: int) -> float:
    """A played-out world's worth to ``seat`` for the search: its ``reward`` plus
    ``MARGIN_WEIGHT`` times its score against the others' mean, scaled into
    (-1, 1); the others' mean keeps a partner's score on the seat's side (teams
    share a total). Worlds without scores (Mag Mor's failed crossings) count the
    reward alone."""
    base = reward(game, state, seat)
    outcome = game.outcome(state) or game.standing_now(state)
    if outcome is None:
        return base
    scores = {s.seat: s.score for s in outcome.standings}
    mine = scores.get(seat)
    others = [score for other, score in scores.items() if other != seat and score is not None]
    if mine is None or not others:
        return base
    rivals = sum(others) / len(others)
    return base + MARGIN_WEIGHT * (mine - rivals) / (abs(mine) + abs(rivals) + 1)


def play_out(
    game: Game[Any, Any],
    state: GameState,
    players: list[Any],
    horizon: int | None = None,
    counter: list[int] | None = None,
) -> GameState:
    """Every seat plays its normal move until the game ends, or for ``horizon``
    moves. ``state`` is the
    caller's to give up: it is played on in place (``Game.play_owned``), as a copy
    per move would double a playout's cost. ``counter[0]``, where given, grows by
    the moves played."""
    for _ in range(min(horizon or MAX_ROLLOUT_MOVES, MAX_ROLLOUT_MOVES)):
        decision = game.decision(state)
        if decision is None:
            break
        actor = decision.actors[0]
        action = players[actor].act(game.view(state, actor), decision)
        state, _ = game.play_owned(state, actor, action)
        if counter is not None:
            counter[0] += 1
    return state


@dataclass(frozen=True)
class Advice:
    """What the search chose and why, for a hint: the move, the normal player's
    move, the worlds the deciding comparison was made in, and the share of them
    each won (a win shared by k seats counts 1/k). ``worlds`` is 0 where there
    was nothing to compare (one legal move) or no search (``searched`` False: the
    decision's budget has no worlds, or the game no sampler). ``capped``: the
    search ran out of time and ``move`` is the normal move (bot.thinking)."""

    move: BaseModel
    normal: BaseModel
    worlds: int = 0
    share: float = 0.0
    normal_share: float = 0.0
    searched: bool = True
    capped: bool = False


class SearchPlayer:
    def __init__(self, game: Game[Any, Any], seat: int, seed: int, budget: Budget | None = None) -> None:
        self.game, self.seat, self.seed = game, seat, seed
        self.fixed = budget  # a test's budget, for every decision; else the game's for each
        self.budget = budget or game.search_budget
        self.normal = game.ai(seat)
        self.spent = [0]  # moves simulated for the decision at hand (Budget.moves)

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

    def worth(self, world: GameState, move: BaseModel) -> tuple[float, float] | None:
        """``move`` played in ``world`` and the game played out: its value and its
        reward, or None where the move is not legal there (the view did not pin it
        down)."""
        game = self.game
        try:
            after, _ = game.play(world, self.seat, move)
        except RuleError:
            return None
        players = [game.ai(s) for s in range(world.players)]
        end = play_out(game, after, players, self.budget.horizon, self.spent)
        return value(game, end, self.seat), reward(game, end, self.seat)

    def within(self, share: float) -> bool:
        """Whether the playouts so far cost less than ``share`` of ``Budget.moves``."""
        cap = self.budget.moves
        return cap is None or self.spent[0] < share * cap

    def act(self, view: Any, decision: Decision) -> BaseModel:
        return self.advise(view, decision).move

    def advise(self, view: Any, decision: Decision) -> Advice:
        """The search's move, with what it rests on."""
        rng = decision_rng(self.seed, view, decision)
        self.budget = self.fixed or self.game.search_budget_for(view)
        world = self.sample(view, rng) if self.budget.worlds else None
        if world is None:
            move = self.normal.act(view, decision)
            return Advice(move, move, searched=False)
        moves = self.candidates(world, view, decision, rng)
        if len(moves) == 1:
            return Advice(moves[0], moves[0])
        worlds = [world]
        self.spent = [0]
        # Round one: every candidate in the first half of the worlds. Every candidate
        # is played in the same worlds, their dice and draws included (common random
        # numbers): the differences between them are the moves', not luck's.
        screen = max(1, self.budget.worlds // 2)
        values: list[list[float]] = [[] for _ in moves]
        wins: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        for iteration in range(screen):
            if iteration and not self.within(0.5):
                break
            if iteration:
                worlds.append(self._resample(view, rng))
            for index in list(alive):
                worth = self.worth(worlds[-1], moves[index])
                if worth is None:
                    alive.remove(index)
                else:
                    values[index].append(worth[0])
                    wins[index].append(worth[1])
        if 0 not in alive:  # the normal move is always legal from the view; a safety net
            return Advice(moves[alive[0]] if alive else moves[0], moves[0])
        rivals = [i for i in alive if i]
        if not rivals:
            return Advice(moves[0], moves[0], len(wins[0]), mean(wins[0]), mean(wins[0]))
        challenger = max(rivals, key=lambda i: sum(values[i]))
        # Round two: the playouts the others would have had go to the normal move and
        # its challenger, in fresh worlds.
        extra = (self.budget.worlds - screen) * len(moves) // 2
        for _ in range(extra):
            if not self.within(1.0):
                break
            world = self._resample(view, rng)
            first, second = self.worth(world, moves[0]), self.worth(world, moves[challenger])
            if first is None or second is None:
                continue
            for index, worth in ((0, first), (challenger, second)):
                values[index].append(worth[0])
                wins[index].append(worth[1])
        chosen = challenger if clearly_better(values[challenger], values[0]) else 0
        return Advice(moves[chosen], moves[0], len(wins[0]), mean(wins[chosen]), mean(wins[0]))

    def _resample(self, view: Any, rng: random.Random) -> GameState:
        world = self.sample(view, rng)
        assert world is not None  # the first sample was not None: the game has a sampler
        return world


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def clearly_better(challenger: list[float], normal: list[float]) -> bool:
    """Whether the challenger beat the normal move by more than ``EVIDENCE``
    standard errors of their paired differences (world by world)."""
    diffs = [c - n for c, n in zip(challenger, normal, strict=True)]
    count = len(diffs)
    if count < 2:
        return False  # one world tells nothing of the spread: too little to leave the normal move
    mean = sum(diffs) / count
    if mean <= 0:
        return False
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1))
    return mean > EVIDENCE * spread / math.sqrt(count)
