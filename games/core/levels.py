"""AI levels: ``easy``, ``normal`` and ``hard`` players, each given only its seat's view.

* ``normal`` is the game's own heuristic player (``Game.ai``).
* ``easy`` plays like ``normal`` but makes visible mistakes: now and then a legal
  move picked at random instead (a beginner's opponent, not a random one).
* ``hard`` searches (``games.core.search``): it samples hidden worlds consistent
  with its view (``Game.sample_world``) and plays each candidate move out.

A player's choice is a pure function of its view, its seed and the decision:
the random source of every decision is derived from those (``decision_rng``),
so a restart, a replay or a state whose hidden parts were reshuffled
consistently with the view (the "cannot peek" tests) gets the same move.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from games.core.protocol import AiPlayer, Decision, Game
from games.core.search import SearchPlayer, decision_rng

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")
EASY_MISTAKES = 0.3  # share of an easy player's decisions that are a random legal move


class EasyPlayer:
    """``normal``, except that a share of its decisions is a random legal move
    (found in a world sampled from its view: a seat's legal moves depend only on
    what it may see)."""

    def __init__(self, game: Game[Any, Any], seat: int, seed: int, mistakes: float = EASY_MISTAKES) -> None:
        self.game, self.seat, self.seed, self.mistakes = game, seat, seed, mistakes
        self.normal = game.ai(seat)

    def act(self, view: Any, decision: Decision) -> BaseModel:
        rng = decision_rng(self.seed, view, decision)
        if rng.random() < self.mistakes:
            world = self.game.sample_world(view, rng)
            if world is not None:
                mistake: BaseModel = self.game.random_action(world, self.seat, rng)
                return mistake
        return self.normal.act(view, decision)


def make_player(game: Game[Any, Any], seat: int, level: Level, seed: int = 0) -> AiPlayer:
    """The AI for ``seat`` at ``level``."""
    if level == "normal":
        return game.ai(seat)
    if level == "easy":
        return EasyPlayer(game, seat, seed)
    if level == "hard":
        return SearchPlayer(game, seat, seed)
    raise ValueError(f"unknown AI level {level!r}")
