"""How a Tir Nan Og Wars table looks in Discord: the game's :class:`Presenter`, which hands
each part to its own module (board, panel, hints, final)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.model import TableInfo
from cogs.kit.presenter import Click, PanelContext, Presenter
from cogs.tirnanog import board, final, hints, panel, picture
from cogs.tirnanog.words import as_view
from games.core import Decision, Outcome, Standing

GAME = "tirnanog"


class TirNanOgPresenter(Presenter):
    game_id = GAME

    # -- the public board (cogs.tirnanog.board) -----------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        return board.embed(table, as_view(view), decision, language)

    def board_image(
        self,
        view: BaseModel,
        language: str,
        *,
        names: tuple[str, ...] = (),
        outcome: Outcome | None = None,
    ) -> bytes | None:
        return board.image(as_view(view), language, names=names, outcome=outcome)

    def board_image_key(self, view: BaseModel) -> str:
        return board.image_key(as_view(view))

    # -- the end (cogs.tirnanog.final) -------------------------------------------
    def score_amount(self, score: int, language: str) -> str:
        return final.score_amount(score, language)

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        return final.score_text(table, standing, language)

    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        return final.headline(table, outcome, language)

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        return final.ranking_lines(table, outcome, language)

    def final_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        return [*super().final_lines(table, outcome, language), *final.tie_lines(table, outcome, language)]

    # -- the private panel (cogs.tirnanog.panel) ----------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        return panel.draw(ctx)

    def panel_image(self, ctx: PanelContext) -> bytes | None:
        return picture.draw_panel(ctx)

    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        return panel.click(ctx, payload, values)

    # -- the hint (cogs.tirnanog.hints) -------------------------------------------
    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        return hints.describe(as_view(view), action, language)

    def hint_reason(self, view: BaseModel, action: dict[str, Any], language: str) -> str | None:
        return hints.reason(as_view(view), action, language)
