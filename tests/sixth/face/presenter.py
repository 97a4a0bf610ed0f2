"""How a Corsa table looks in Discord: the board, the panel with a button per
run, the clicks; the platform's final record with the game's score words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import t
from bot.model import TableError, TableInfo
from bot.render import seat_name
from cogs.kit import legal
from cogs.kit.acts import REFRESH, refresh_button
from cogs.kit.controls import static_view
from cogs.kit.presenter import Click, PanelContext, Presenter
from games.core import Decision
from tests.sixth.game import CorsaState


def _state(view: BaseModel) -> CorsaState:
    assert isinstance(view, CorsaState)
    return view


class Lane(BaseModel):
    """One runner: their seat and how far they are."""

    seat: int
    position: int


class CorsaPage(BaseModel):
    """What Corsa's page is sent: the goal and every runner's lane."""

    goal: int
    lanes: list[Lane]


class CorsaPresenter(Presenter):
    game_id = "corsa"
    page_words = ("corsa.ui.",)  # the page's runs are worded as the panel's buttons

    def page_state(self, view: BaseModel, seat: int | None) -> CorsaPage:
        v = _state(view)
        return CorsaPage(goal=v.goal, lanes=[Lane(seat=s, position=p) for s, p in enumerate(v.positions)])

    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        v = _state(view)
        lines = [
            t("corsa.ui.lane", language, seat=seat_name(table, s), position=p, goal=v.goal)
            for s, p in enumerate(v.positions)
        ]
        title = t("corsa.ui.board_title", language, goal=v.goal)
        return discord.Embed(title=title, description="\n".join(lines), colour=discord.Colour.green())

    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        v, language = _state(ctx.view), ctx.language
        embed = discord.Embed(
            title=t("corsa.ui.panel_title", language),
            description=t("corsa.ui.you_are_at", language, position=v.positions[ctx.seat], goal=v.goal),
        )
        controls = static_view()
        if ctx.decision is not None and ctx.seat in ctx.decision.actors:
            for index, action in legal.legal(ctx, "run"):
                label = t("corsa.ui.run", language, count=action["steps"])
                controls.add_item(legal.button(ctx, index, label, style=discord.ButtonStyle.primary))
        controls.add_item(refresh_button(ctx, t("corsa.ui.refresh", language)))
        return embed, controls

    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        if payload == REFRESH:
            return Click()
        chosen = legal.click(ctx, payload, values)
        if chosen is None:
            raise TableError("error.bad_action")
        return chosen

    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        return t("corsa.ui.run", language, count=action["steps"])
