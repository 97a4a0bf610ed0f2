"""What a game's cog gives the platform: how its table looks in Discord.

The platform (lobby, table service, publisher, controls) is game-agnostic;
each game registers one :class:`Presenter` that turns views into embeds,
pictures and controls, and turns clicks back into actions.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import discord
from pydantic import BaseModel

from bot.table import TableInfo
from games.core import Decision, Outcome


@dataclass
class Click:
    """What a click on a game control means: an action, or a new draft."""

    action: dict[str, Any] | None = None
    draft: dict[str, Any] | None = None


@dataclass
class PanelContext:
    """Everything a private panel is drawn from: the seat's own view only."""

    channel_id: int
    version: int
    table: TableInfo
    seat: int
    view: BaseModel
    decision: Decision | None
    draft: dict[str, Any] | None
    language: str
    # The seat's legal actions as JSON dicts, when it must act and the game lists them.
    legal: list[dict[str, Any]] | None = None


class Presenter(ABC):
    game_id: str

    @abstractmethod
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        """The public board, drawn from the spectator view."""

    def board_image(self, view: BaseModel, language: str) -> bytes | None:
        """A PNG of the board (run off the event loop), or ``None``."""
        return None

    def board_image_key(self, view: BaseModel) -> str:
        """What the picture depends on: it is redrawn only when this changes."""
        return view.model_dump_json()

    @abstractmethod
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        """A seat's private panel: hand, secrets and the controls for its decision."""

    @abstractmethod
    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        """Decode a click on one of this game's controls. Raise ``TableError``
        or ``RuleError`` for a click that cannot be honoured."""

    def live_message(self, table: TableInfo, view: BaseModel, key: str, language: str) -> str | None:
        """The text of the live message ``key`` (events with a ``live`` param,
        e.g. a battle fought throw by throw), drawn from the public view."""
        return None

    def outcome_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """Extra words under the final ranking (the engine's final events come first)."""
        return []


PRESENTERS: dict[str, Presenter] = {}


def register(presenter: Presenter) -> None:
    PRESENTERS[presenter.game_id] = presenter
