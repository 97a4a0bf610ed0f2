"""What Akelarre's Discord face (``cogs/akelarre/``) may use of its engine: the views it
draws, the actions it builds and the helpers it reads them with. The face imports these
names from here and nothing else of ``games.akelarre`` (tests/platform/test_house.py); a face
that needs more names it here first, where the engine can see what it promised."""

from games.akelarre.actions import (
    ACTION_ADAPTER,
    Add,
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
from games.akelarre.data import (
    COMPLETE,
    FAMILIES,
    HAND_SIZE,
    PLACE_COST,
    family_of,
    is_joker,
    kind_of,
    label,
    sort_cards,
    value_of,
)
from games.akelarre.drawing import DECK, open_sources
from games.akelarre.groups import resolve
from games.akelarre.moves import distinct
from games.akelarre.scoring import card_points
from games.akelarre.state import Held, Placed, Step
from games.akelarre.turn import may_buy
from games.akelarre.views import AkelarreView, PaymentView, PileView, PlaceView, SeatView

__all__ = [
    "ACTION_ADAPTER",
    "COMPLETE",
    "DECK",
    "FAMILIES",
    "HAND_SIZE",
    "PLACE_COST",
    "Add",
    "AkelarreAI",
    "AkelarreView",
    "Buy",
    "CancelPurchase",
    "CancelTake",
    "ChoosePayment",
    "Discard",
    "Done",
    "Draw",
    "EndTurn",
    "Held",
    "Open",
    "Pay",
    "PaymentView",
    "PileView",
    "PlaceView",
    "Placed",
    "SeatView",
    "Step",
    "Take",
    "card_points",
    "distinct",
    "family_of",
    "is_joker",
    "kind_of",
    "label",
    "may_buy",
    "open_sources",
    "resolve",
    "sort_cards",
    "value_of",
]
