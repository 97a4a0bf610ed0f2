"""The games the Activity's page draws: those whose face has a page folder
(``Presenter.page_folder``), found through the registry, never listed."""

from __future__ import annotations

import importlib
from typing import Any

from bot.extensions import face, presented_games
from cogs.kit.presenter import PRESENTERS, Presenter
from games.core import GameState
from games.registry import GAMES


def page_presenters() -> list[Presenter]:
    """The presenters of the games with a page, in catalogue order."""
    found: list[Presenter] = []
    for game_id in presented_games():
        presenter = getattr(importlib.import_module(face(game_id) or ""), "PRESENTER", None)
        if isinstance(presenter, Presenter) and presenter.page_folder() is not None:
            found.append(presenter)
    return found


def page_view(game: str, state: GameState, seat: int | None) -> dict[str, Any]:
    """What ``seat``'s page is sent as ``table.view``: its presenter's page state of the
    seat's own view, with the slow work it reads done first (the server does it before it
    sends: cogs/activity/viewers.py), as JSON."""
    view = GAMES[game].view(state, seat)
    presenter = PRESENTERS.get(game)
    if presenter is None:
        return view.model_dump(mode="json")
    work = presenter.page_work(view, seat)
    if work is not None:
        work()
    return presenter.page_state(view, seat).model_dump(mode="json")


def said_text(line: list[Any], seats: list[dict[str, Any]]) -> str:
    """A page's text (cogs/activity/marked.py: plain pieces and ``{"seat": n}``) as the page
    shows it: each name its seat's."""
    return "".join(part if isinstance(part, str) else seats[part["seat"]]["name"] for part in line)
