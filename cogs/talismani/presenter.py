"""How a Talismani table looks in Discord: the Presenter the platform calls, handing each hook
to its part (``board``, ``panel``, ``final``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.model import TableInfo
from cogs.kit.presenter import Click, PanelContext, Presenter
from cogs.talismani import board, final, hand_picture, hints, panel
from cogs.talismani.words import as_view
from games.core import Decision, Outcome, Standing

GAME = "talismani"


class TalismaniPresenter(Presenter):
    game_id = GAME

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        return board.board_embed(table, view, decision, language)

    def board_image(
        self,
        view: BaseModel,
        language: str,
        *,
        names: tuple[str, ...] = (),
        outcome: Outcome | None = None,
    ) -> bytes | None:
        return board.board_image(view, language, names=names, outcome=outcome)

    def board_image_key(self, view: BaseModel) -> str:
        return board.board_image_key(view)

    # -- the end -------------------------------------------------------------
    def score_amount(self, score: int, language: str) -> str:
        """A score is kept in halves (TT-13.1): "6½ talismans"."""
        return final.score_amount(score, language)

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        """ "2 whole + 9 halves = 6½ talismans": every point can be checked (TT-13.1)."""
        return final.score_text(standing, language)

    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        return final.final_headline(table, outcome, language)

    def final_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        return [*super().final_lines(table, outcome, language), *self.tie_lines(table, outcome, language)]

    def tie_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """Why equal totals are ranked as they are, in words (TT-13.2 to TT-13.4)."""
        return final.tie_lines(table, outcome, language)

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        return panel.panel(ctx)

    def panel_image(self, ctx: PanelContext) -> bytes | None:
        return hand_picture.draw_panel(ctx)

    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        return panel.click(ctx, payload, values)

    # -- the hint ------------------------------------------------------------
    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        """The hint: one of the seat's own legal actions in words, from its own view."""
        return hints.describe(as_view(view), action, language)

    def hint_reason(self, view: BaseModel, action: dict[str, Any], language: str) -> str | None:
        return hints.reason(as_view(view), action, language)
