"""Akelarre (Lorenzo Tarabini, Mylena Agurto), 2 to 4 players, free-for-all or
two teams of two: rules per /rules/akelarre.md."""

from games.akelarre.actions import (
    ACTION_ADAPTER,
    Add,
    AkelarreAction,
    Buy,
    CancelPurchase,
    CancelTake,
    ChoosePayment,
    Discard,
    Done,
    Draw,
    EndTurn,
    Open,
    Pay,
    Take,
)
from games.akelarre.ai import AkelarreAI
from games.akelarre.game import GAME, AkelarreGame
from games.akelarre.scoring import Score
from games.akelarre.state import AkelarreState, Held, Payment, Place, Placed
from games.akelarre.views import AkelarreView, GroupCard, PaymentView, PileView, PlaceView, SeatView

__all__ = [
    "ACTION_ADAPTER",
    "GAME",
    "Add",
    "AkelarreAI",
    "AkelarreAction",
    "AkelarreGame",
    "AkelarreState",
    "AkelarreView",
    "Buy",
    "CancelPurchase",
    "CancelTake",
    "ChoosePayment",
    "Discard",
    "Done",
    "Draw",
    "EndTurn",
    "GroupCard",
    "Held",
    "Open",
    "Pay",
    "Payment",
    "PaymentView",
    "PileView",
    "Place",
    "PlaceView",
    "Placed",
    "Score",
    "SeatView",
    "Take",
]
