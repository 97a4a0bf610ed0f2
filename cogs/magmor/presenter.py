"""How a Mag Mor table looks in Discord: the presenter the platform registers,
handing each hook to its part (board, panel, final, hints)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.model import TableInfo
from cogs.kit.presenter import Click, PanelContext, Presenter
from cogs.magmor import board, final, hand_picture, hints, panel
from cogs.magmor.words import GAME, as_view
from games.core import Decision, Outcome, Standing


class MagmorPresenter(Presenter):
    game_id = GAME

    # -- the end of the game -------------------------------------------------
    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        headline = final.final_headline(table, outcome, language)
        return headline if headline is not None else super().final_headline(table, outcome, language)

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        return final.score_text(standing, language)

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

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        return panel.panel(ctx)

    def panel_image(self, ctx: PanelContext) -> bytes | None:
        return hand_picture.draw_panel(ctx)

    # -- clicks --------------------------------------------------------------
    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        return panel.click(ctx, payload, values)

    # -- the hint --------------------------------------------------------------
    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        return hints.describe(as_view(view), action, language, names)

    def hint_reason(self, view: BaseModel, action: dict[str, Any], language: str) -> str | None:
        return hints.reason(as_view(view), action, language)
