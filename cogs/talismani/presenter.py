"""How a Talismani table looks in Discord: the Presenter the platform calls, each hook
answered by the part of its name (``board``, ``final``, ``panel``, ``hand_picture``, ``hints``, and
``page_state``: what the Activity's page is sent)."""

from __future__ import annotations

from cogs.kit.bound import BoundPresenter
from cogs.talismani import board, final, hand_picture, hints, page_state, panel
from games.talismani.face import TalismaniView

GAME = "talismani"


class TalismaniPresenter(BoundPresenter):
    game_id = GAME
    view_type = TalismaniView
    parts = (board, final, panel, hand_picture, hints, page_state)
