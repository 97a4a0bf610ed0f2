"""What Tir Nan Og Wars's Discord face (``cogs/tirnanog/``) may use of its engine: the views it
draws, the actions it builds and the helpers it reads them with. The face imports these
names from here and nothing else of ``games.tirnanog`` (tests/platform/test_house.py); a face
that needs more names it here first, where the engine can see what it promised."""

from games.tirnanog.actions import ACTION_ADAPTER, Consolidate, Declare, Discard, TakeCreatures, TakeTerritory
from games.tirnanog.data import (
    META,
    SPECIES,
    is_fountain,
    power_of,
    requirement,
    species_symbols,
    type_of,
    value_of,
    vp_of,
)
from games.tirnanog.defaults import fills, hand_of, me, needed
from games.tirnanog.options import territory_refusal
from games.tirnanog.payment import affordable, as_list, counts_of, price
from games.tirnanog.state import VP_SOURCES
from games.tirnanog.views import PileView, SeatView, TirNanOgView

__all__ = [
    "ACTION_ADAPTER",
    "META",
    "SPECIES",
    "VP_SOURCES",
    "Consolidate",
    "Declare",
    "Discard",
    "PileView",
    "SeatView",
    "TakeCreatures",
    "TakeTerritory",
    "TirNanOgView",
    "affordable",
    "as_list",
    "counts_of",
    "fills",
    "hand_of",
    "is_fountain",
    "me",
    "needed",
    "power_of",
    "price",
    "requirement",
    "species_symbols",
    "territory_refusal",
    "type_of",
    "value_of",
    "vp_of",
]
