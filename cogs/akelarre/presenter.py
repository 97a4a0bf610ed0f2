"""How an Akelarre table looks in Discord: the game's ``Presenter``, handing each part to
its file (``board`` with its ``picture``, ``panel`` with ``picker``, ``final``, ``hints``;
texts in ``places`` and ``words``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.model import TableInfo
from cogs.akelarre import board, final, hints, panel
from cogs.akelarre.hand_picture import hand_image
from cogs.akelarre.words import as_view
from cogs.kit.presenter import Click, PanelContext, Presenter
from games.core import Decision, Outcome, Standing

GAME = "akelarre"


class AkelarrePresenter(Presenter):
    game_id = GAME
    # What the Activity's page names (its own words are akelarre.page.*): cards, families, their emoji.
    page_words = ("akelarre.card.", "akelarre.family.", "akelarre.suit.", "akelarre.ui.emoji.")

    # -- the public board --------------------------------------------------
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        return board.board_embed(table, as_view(view), decision, language)

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

    # -- the end -------------------------------------------------------------
    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        return final.score_text(table, standing, language)

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        if not final.team_game(outcome):
            return super().ranking_lines(table, outcome, language)
        return final.team_ranking_lines(table, outcome, language)

    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        return final.final_headline(table, outcome, language)

    # -- the private panel -------------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        return panel.panel(ctx, as_view(ctx.view))

    def panel_image(self, ctx: PanelContext) -> bytes | None:
        return hand_image(as_view(ctx.view), ctx.legal, ctx.draft, ctx.language)

    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        return panel.click(ctx, as_view(ctx.view), payload, values)

    # -- the hint: one of the seat's own legal actions in words ---------------
    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        return hints.describe(as_view(view), action, language, names)

    def hint_reason(self, view: BaseModel, action: dict[str, Any], language: str) -> str | None:
        return hints.reason(as_view(view), action, language)
