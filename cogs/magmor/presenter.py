"""How a Mag Mor table looks in Discord: the presenter the platform registers, each hook
answered by the part of its name (board, panel, hand_picture, hints, final, page_state, page_draft)."""

from __future__ import annotations

from cogs.kit.bound import BoundPresenter
from cogs.magmor import board, final, hand_picture, hints, page_draft, page_state, panel
from cogs.magmor.words import GAME
from games.magmor.face import MagmorView


class MagmorPresenter(BoundPresenter):
    game_id = GAME
    view_type = MagmorView
    parts = (board, panel, hand_picture, hints, final, page_state, page_draft)
    # The Activity's page (cogs/magmor/page/) names resources and terrains, and words the
    # ready-made splits as the panel does.
    page_words = ("magmor.resource.", "magmor.resource_count.", "magmor.terrain.", "magmor.ui.preset_")
