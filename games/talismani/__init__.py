"""I Talismani del Tempo (Dentis Bros), 2 to 10 players: rules per /rules/talismani.md."""

from games.talismani.actions import (
    ACTION_ADAPTER,
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    TalismaniAction,
    Weather,
)
from games.talismani.ai import TalismaniAI
from games.talismani.game import GAME, TalismaniGame
from games.talismani.state import Choice, RevealedPlay, SpecialStep, Talisman, TalismaniState
from games.talismani.views import ChoiceView, SeatView, TalismaniView

__all__ = [
    "ACTION_ADAPTER",
    "GAME",
    "ChangeOrder",
    "ChangeWeather",
    "Choice",
    "ChoiceView",
    "ChooseStake",
    "Forge",
    "Pick",
    "PlayCards",
    "RevealedPlay",
    "SeatView",
    "SetAside",
    "SpecialStep",
    "Talisman",
    "TalismaniAI",
    "TalismaniAction",
    "TalismaniGame",
    "TalismaniState",
    "TalismaniView",
    "Weather",
]
