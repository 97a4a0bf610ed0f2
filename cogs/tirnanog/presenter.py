"""How a Tir Nan Og Wars table looks in Discord: the game's :class:`Presenter`, each hook
answered by the module part of its name (board, final, panel, picture, hints)."""

from __future__ import annotations

from cogs.kit.bound import BoundPresenter
from cogs.tirnanog import board, final, hints, page_state, panel, picture
from games.tirnanog.face import TirNanOgView

GAME = "tirnanog"


class TirNanOgPresenter(BoundPresenter):
    game_id = GAME
    view_type = TirNanOgView
    parts = (board, final, panel, picture, hints, page_state)
    page_words = ("tirnanog.power.",)  # the card's power, named on the page's cards
