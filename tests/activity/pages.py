"""The games the Activity's page draws: those whose face has a page folder
(``Presenter.page_folder``), found through the registry, never listed."""

from __future__ import annotations

import importlib

from bot.extensions import face, presented_games
from cogs.kit.presenter import Presenter


def page_presenters() -> list[Presenter]:
    """The presenters of the games with a page, in catalogue order."""
    found: list[Presenter] = []
    for game_id in presented_games():
        presenter = getattr(importlib.import_module(face(game_id) or ""), "PRESENTER", None)
        if isinstance(presenter, Presenter) and presenter.page_folder() is not None:
            found.append(presenter)
    return found
