"""Mag Mor (Carlo A. Rossi, Cogito Studio), 3 to 5 players: rules per /rules/magmor.md."""

from games.magmor.actions import Choose, Explore, MagmorAction, Pass, Pay, PayMagMor, Split
from games.magmor.ai import MagmorAI
from games.magmor.game import GAME, MagmorGame
from games.magmor.rules import keep_all, random_split, validate_split
from games.magmor.state import MagmorState
from games.magmor.views import Category, CellView, Exploration, Face, FaceRow, MagmorView

__all__ = [
    "GAME",
    "Category",
    "CellView",
    "Choose",
    "Exploration",
    "Explore",
    "Face",
    "FaceRow",
    "MagmorAI",
    "MagmorAction",
    "MagmorGame",
    "MagmorState",
    "MagmorView",
    "Pass",
    "Pay",
    "PayMagMor",
    "Split",
    "keep_all",
    "random_split",
    "validate_split",
]
