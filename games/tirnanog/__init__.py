"""Tir Nan Og Wars (Cogito Studio), 2 to 4 players: rules per /rules/tirnanog.md."""

from games.tirnanog.actions import (
    ACTION_ADAPTER,
    Consolidate,
    Declare,
    Discard,
    TakeCreatures,
    TakeTerritory,
    TirNanOgAction,
)
from games.tirnanog.ai import TirNanOgAI
from games.tirnanog.game import GAME, TirNanOgGame
from games.tirnanog.state import Dispute, StackCard, TirNanOgState
from games.tirnanog.views import DisputeView, PileView, SeatView, StackCardView, TirNanOgView

__all__ = [
    "ACTION_ADAPTER",
    "GAME",
    "Consolidate",
    "Declare",
    "Discard",
    "Dispute",
    "DisputeView",
    "PileView",
    "SeatView",
    "StackCard",
    "StackCardView",
    "TakeCreatures",
    "TakeTerritory",
    "TirNanOgAI",
    "TirNanOgAction",
    "TirNanOgGame",
    "TirNanOgState",
    "TirNanOgView",
]
