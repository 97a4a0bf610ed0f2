"""How an Akelarre table looks in Discord: the game's ``Presenter``, each hook answered by
the part of its name (``board`` with its ``picture``, ``panel`` with ``picker``, ``final``,
``hints``; texts in ``places`` and ``words``)."""

from __future__ import annotations

from cogs.akelarre import board, final, hand_picture, hints, panel
from cogs.kit.bound import BoundPresenter
from games.akelarre.face import AkelarreView

GAME = "akelarre"


class AkelarrePresenter(BoundPresenter):
    game_id = GAME
    view_type = AkelarreView
    # What the Activity's page names (its own words are akelarre.page.*): cards, families, their emoji.
    page_words = ("akelarre.card.", "akelarre.family.", "akelarre.suit.", "akelarre.ui.emoji.")
    parts = (board, final, panel, hand_picture, hints)
