"""The cogs the bot loads: the platform's, and one per registered game that has
a Discord face (``cogs/<id>/``), found rather than listed."""

from __future__ import annotations

import importlib.util

from games.registry import GAMES

# The platform's cogs, around the games': /play and the lobby, /end and the rest, the panel
# and Rematch (each registers its own controls), then /stats, Take seat, and the panel's Hint and Undo.
PLATFORM_FIRST = ("cogs.lobby", "cogs.table", "cogs.panel", "cogs.rematch")
PLATFORM_LAST = ("cogs.stats", "cogs.takeover", "cogs.hints", "cogs.undo")


def presented_games() -> list[str]:
    """The registered games that have a Discord cog (``cogs.<id>``): only these
    are offered by ``/play`` (a rules engine alone is not a playable table)."""
    return [g for g in GAMES if importlib.util.find_spec(f"cogs.{g}") is not None]


def extensions() -> list[str]:
    return [*PLATFORM_FIRST, *(f"cogs.{game_id}" for game_id in presented_games()), *PLATFORM_LAST]
