"""What I Talismani del Tempo's Discord face (``cogs/talismani/``) may use of its engine: the views it
draws, the actions it builds and the helpers it reads them with. The face imports these
names from here and nothing else of ``games.talismani`` (tests/platform/test_house.py); a face
that needs more names it here first, where the engine can see what it promised."""

from games.talismani.actions import (
    ACTION_ADAPTER,
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    Weather,
)
from games.talismani.data import (
    FIRST_TALISMAN,
    JOKERS,
    is_fairy,
    is_joker,
    kind_of,
    number_of,
    suit_of,
    value_of,
)
from games.talismani.game import talismans_text
from games.talismani.plays import card_plays, is_fairy_play, reveal_play
from games.talismani.state import Choice, RevealedPlay
from games.talismani.views import SeatView, TalismaniView

__all__ = [
    "ACTION_ADAPTER",
    "FIRST_TALISMAN",
    "JOKERS",
    "ChangeOrder",
    "ChangeWeather",
    "Choice",
    "ChooseStake",
    "Forge",
    "Pick",
    "PlayCards",
    "RevealedPlay",
    "SeatView",
    "SetAside",
    "TalismaniView",
    "Weather",
    "card_plays",
    "is_fairy",
    "is_fairy_play",
    "is_joker",
    "kind_of",
    "number_of",
    "reveal_play",
    "suit_of",
    "talismans_text",
    "value_of",
]
