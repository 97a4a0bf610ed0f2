"""The engine core shared by every game (DESIGN §3)."""

from games.core.errors import RuleError
from games.core.events import Event
from games.core.protocol import AiPlayer, Decision, Game, GameState, Outcome, Standing
from games.core.rng import Rng

__all__ = [
    "AiPlayer",
    "Decision",
    "Event",
    "Game",
    "GameState",
    "Outcome",
    "Rng",
    "RuleError",
    "Standing",
]
