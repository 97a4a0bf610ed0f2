"""What Mag Mor's Discord face (``cogs/magmor/``) may use of its engine: the views it
draws, the actions it builds and the helpers it reads them with. The face imports these
names from here and nothing else of ``games.magmor`` (tests/platform/test_house.py); a face
that needs more names it here first, where the engine can see what it promised."""

from games.magmor.actions import ACTION_ADAPTER, Choose, Explore, Pay, PayMagMor, Split
from games.magmor.presets import Allocation, Preset, normal, split_presets
from games.magmor.scoring import honour_vp
from games.magmor.views import CellView, Face, MagmorView

__all__ = [
    "ACTION_ADAPTER",
    "Allocation",
    "CellView",
    "Choose",
    "Explore",
    "Face",
    "MagmorView",
    "Pay",
    "PayMagMor",
    "Preset",
    "Split",
    "honour_vp",
    "normal",
    "split_presets",
]
