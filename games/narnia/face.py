"""What Narnia's Discord face (``cogs/narnia/``) may use of its engine: the views it
draws, the actions it builds and the helpers it reads them with. The face imports these
names from here and nothing else of ``games.narnia`` (tests/platform/test_house.py); a face
that needs more names it here first, where the engine can see what it promised."""

from games.narnia.actions import (
    ACTION_ADAPTER,
    Attack,
    Deploy,
    Draw,
    Invade,
    Keep,
    KeepQuiet,
    Move,
    NarniaAction,
    Pass,
    PlaceReinforcement,
    PlaceWitch,
    Reinforce,
    Reroll,
    SpellLoss,
    Stone,
    Surprise,
    Treachery,
    WitchPairChoice,
)
from games.narnia.ai import Board, peter_neighbours, ranked_attacks
from games.narnia.data import CARD_TYPE, DATA, NEIGHBOURS, START, TERRITORIES
from games.narnia.odds import Pair, Pending, conquest, known_only
from games.narnia.state import Battle, Phase, RoundEffects, Throw, Token
from games.narnia.views import NarniaView, SeatView, TerritoryView

__all__ = [
    "ACTION_ADAPTER",
    "CARD_TYPE",
    "DATA",
    "NEIGHBOURS",
    "START",
    "TERRITORIES",
    "Attack",
    "Battle",
    "Board",
    "Deploy",
    "Draw",
    "Invade",
    "Keep",
    "KeepQuiet",
    "Move",
    "NarniaAction",
    "NarniaView",
    "Pair",
    "Pass",
    "Pending",
    "Phase",
    "PlaceReinforcement",
    "PlaceWitch",
    "Reinforce",
    "Reroll",
    "RoundEffects",
    "SeatView",
    "SpellLoss",
    "Stone",
    "Surprise",
    "TerritoryView",
    "Throw",
    "Token",
    "Treachery",
    "WitchPairChoice",
    "conquest",
    "known_only",
    "peter_neighbours",
    "ranked_attacks",
]
