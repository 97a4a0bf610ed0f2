"""How a Narnia table looks in Discord: the ``Presenter`` the bot registers,
handing each hook to the part that draws it."""

# Nothing in Narnia is hidden (spec §9), so the board says everything: the map
# picture, the round card with its effect and the order of play, the round's
# effects, every army's territories (the score) and the bags. Each battle is one
# public *live message*, edited throw by throw (both sides' dice sorted, each
# comparison marked from the player's side, who won the throw and why, both
# stacks after it, then the result). A player's panel says what the decision is
# about and holds its controls, built from the engine's legal actions: attacks,
# moves and Witch-attack choices are selects of legal choices, each option
# naming where (and, for a battle, the chance to conquer).
#
# Public text names the players; only the panel (one player's own) says "you".
# Every player has a colour *and* a shape (🔺 🔷 🟢 🟨, the same on the map), so
# nothing rests on telling red from green.

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.model import TableInfo
from cogs.kit.presenter import Click, PanelContext, Presenter
from cogs.narnia import battles, board, clicks, final, hints, odds_ahead, page_map, panel, panel_map
from cogs.narnia.words import as_view
from games.core import Decision, Outcome, Standing
from games.narnia.odds import known_only
from games.narnia.state import Battle, Throw
from games.narnia.views import NarniaView

GAME = "narnia"


class NarniaPresenter(Presenter):
    game_id = GAME
    page_words = (
        "narnia.territory.",
        "narnia.card.",
        "narnia.card_text.",
        "narnia.colour.",
        "narnia.phase.",
        "narnia.territory_the.",
        "narnia.territory_in.",
        "narnia.territory_from.",
        "narnia.ui.",
        "narnia.decision.",
    )  # what the Activity's page names, and the channel's words it says things with

    # -- the Activity's page: page_map.py -------------------------------------
    def page_data(self, language: str) -> dict[str, Any]:
        return page_map.page_map(language)

    # -- the public board: board.py -------------------------------------------
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

    # -- the end of the game: final.py ----------------------------------------
    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        return final.final_headline(outcome, language, super().final_headline(table, outcome, language))

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        return final.score_text(standing, language)

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        if outcome.winners:
            return super().ranking_lines(table, outcome, language)
        return final.witch_ranking(table, outcome, language)

    # -- the live battle message: battles.py ----------------------------------
    def live_message(self, table: TableInfo, view: BaseModel, key: str, language: str) -> str | None:
        return battles.live_message(table, view, key, language)

    def battle_text(self, table: TableInfo, v: NarniaView, battle: Battle, language: str) -> str:
        return battles.battle_text(table, v, battle, language)

    def throw_text(self, table: TableInfo, battle: Battle, number: int, throw: Throw, language: str) -> str:
        return battles.throw_text(table, battle, number, throw, language)

    # -- the private panel: panel.py, its controls (controls.py), its map
    # -- (panel_map.py), clicks.py --------------------------------------------
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        # On the event loop: only the chances known, the others worked out first by
        # panel_work on the work thread (issue 39).
        with known_only():
            return panel.panel(ctx)

    def panel_work(self, ctx: PanelContext) -> Callable[[], None] | None:
        return odds_ahead.panel_work(ctx)

    def panel_image(self, ctx: PanelContext) -> bytes | None:
        return panel_map.panel_image(ctx)

    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        return clicks.click(ctx, payload, values)

    # -- the panel's hint: hints.py -------------------------------------------
    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        with known_only():  # the hint's search (on its thread) has worked out what it chose
            return hints.describe(as_view(view), action, language)

    def hint_reason(self, view: BaseModel, action: dict[str, Any], language: str) -> str | None:
        with known_only():  # a Witch pair's chance: "…" if not worked out, never on the loop
            return hints.reason(as_view(view), action, language)
