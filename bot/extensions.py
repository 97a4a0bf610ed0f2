"""The cogs the bot loads: the platform's, and one per registered game that has
a Discord face (``cogs/<id>/``), found rather than listed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from games.registry import GAMES

# The platform's cogs, around the games': /play and the lobby, /end and the rest, the panel
# and Rematch (each registers its own controls), then /stats, Take seat, the panel's Hint and Undo,
# /help with How to play and Practice, the board's Open the table and the table as a Discord
# Activity (both off unless configured).
PLATFORM_FIRST = ("cogs.lobby", "cogs.table", "cogs.panel", "cogs.rematch")
PLATFORM_LAST = (
    "cogs.stats",
    "cogs.takeover",
    "cogs.hints",
    "cogs.undo",
    "cogs.guide",
    "cogs.launch",
    "cogs.activity",
)

# A game's face is the extension ``cogs.<id>``, unless named here: a game that
# lives outside games/ and cogs/ (games.registry.register: the test suite's sixth
# game) names the extension that registers its presenter.
FACES: dict[str, str] = {}


def face(game_id: str) -> str | None:
    """The extension that is ``game_id``'s Discord face, if it has one."""
    name = FACES.get(game_id, f"cogs.{game_id}")
    return name if importlib.util.find_spec(name) is not None else None


def face_folder(game_id: str) -> Path | None:
    """The folder of ``game_id``'s face (``cogs/<id>/``): its words are beside it."""
    name = face(game_id)
    spec = importlib.util.find_spec(name) if name is not None else None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(spec.origin).parent if spec.origin else None


def presented_games() -> list[str]:
    """The registered games that have a Discord face (``cogs.<id>``): only these
    are offered by ``/play`` (a rules engine alone is not a playable table)."""
    return [g for g in GAMES if face(g) is not None]


def extensions() -> list[str]:
    faces = [name for name in map(face, GAMES) if name is not None]
    return [*PLATFORM_FIRST, *faces, *PLATFORM_LAST]
