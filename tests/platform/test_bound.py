"""A face bound by name (cogs/kit/bound.py): each hook answered by the part function of its
name, checked when the presenter's class is defined; the platform's default where none is."""

from __future__ import annotations

import sys
from types import FunctionType, ModuleType
from typing import Any

import discord
import pytest
from pydantic import BaseModel

from bot.model import TableInfo
from cogs.kit.bound import BoundPresenter, Hooks
from cogs.kit.presenter import PRESENTERS, Click, PanelContext
from games.core import Decision, Outcome, Standing
from tools.preview import table_for


class DiceView(BaseModel):
    pips: int = 3


def part(name: str, **functions: Any) -> ModuleType:
    """A module of a face's parts, its functions defined in it (as ``def`` would)."""
    module = ModuleType(f"tests.platform.dice_{name}")
    for key, function in functions.items():
        own = FunctionType(function.__code__, function.__globals__, key, function.__defaults__)
        own.__module__ = module.__name__
        setattr(module, key, own)
    sys.modules[module.__name__] = module
    return module


def board_embed(table: TableInfo, view: DiceView, decision: Decision | None, language: str) -> discord.Embed:
    return discord.Embed(title=f"{view.pips} pips")


def panel(ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
    return discord.Embed(), discord.ui.View()


def click(ctx: PanelContext, payload: str, values: list[str]) -> Click:
    return Click()


def describe_action(view: DiceView, action: dict[str, Any], language: str, names: Any = ()) -> str:
    return f"roll {view.pips}"


def score_text(table: TableInfo, standing: Standing, language: str) -> str:
    return f"{standing.score} pips"


REQUIRED = {"board_embed": board_embed, "panel": panel, "click": click, "describe_action": describe_action}
REST = {k: v for k, v in REQUIRED.items() if k != "board_embed"}
TABLE = table_for(2, "en")


@pytest.mark.pictures  # reads the real pictures
def test_each_hook_is_answered_by_the_part_of_its_name() -> None:
    class Dice(BoundPresenter):
        game_id = "dice"
        view_type = DiceView
        parts = (
            part("board", board_embed=board_embed),
            part("rest", **REST, score_text=score_text),
        )

    dice = Dice()
    assert dice.hooks.board_embed.__module__.endswith("board")
    assert dice.board_embed(TABLE, DiceView(), None, "en").title == "3 pips"
    standing = Standing(seat=0, rank=1, score=4, winner=True)
    assert dice.score_text(TABLE, standing, "en") == "4 pips"
    # No part answers score_amount, hint_reason, board_image: the platform's defaults.
    assert dice.hooks.score_amount is None and dice.score_amount(4, "en") == "4"
    assert dice.hint_reason(DiceView(), {}, "en") is None and dice.board_image(DiceView(), "en") is None
    assert "dice" not in PRESENTERS  # defining a presenter registers nothing


def test_a_misshapen_part_fails_when_the_class_is_defined() -> None:
    def score_text(standing: Standing, language: str) -> str:  # the table is missing
        return ""

    with pytest.raises(TypeError, match="score_text"):
        Hooks.named_in([part("bad", **REQUIRED, score_text=score_text)])


def test_a_hook_answered_twice_fails() -> None:
    with pytest.raises(TypeError, match="answered twice"):
        Hooks.named_in([part("one", **REQUIRED), part("two", click=click)])


def test_a_name_a_part_imports_is_not_its_answer() -> None:
    borrowed = part("borrowed", **REQUIRED)
    borrowed.__dict__["score_text"] = score_text  # imported from elsewhere: defined in this test module
    assert Hooks.named_in([borrowed]).score_text is None


def test_a_view_of_another_game_is_refused() -> None:
    class Dice(BoundPresenter):
        game_id = "dice"
        view_type = DiceView
        parts = (part("all", **REQUIRED),)

    class Other(BaseModel):
        pass

    with pytest.raises(TypeError, match="DiceView"):
        Dice().describe_action(Other(), {}, "en")


def test_the_headline_and_ranking_may_keep_the_platforms_for_one_outcome() -> None:
    def final_headline(table: TableInfo, outcome: Outcome, language: str) -> str | None:
        return "Nobody rolled" if not outcome.winners else None

    class Dice(BoundPresenter):
        game_id = "dice"
        view_type = DiceView
        parts = (part("end", **REQUIRED, final_headline=final_headline),)

    table = TABLE
    nobody = Outcome(reason="over", standings=[Standing(seat=0, rank=1, score=0, winner=False)])
    assert Dice().final_headline(table, nobody, "en") == "Nobody rolled"
    won = Outcome(reason="over", standings=[Standing(seat=0, rank=1, score=4, winner=True)])
    assert Dice().final_headline(table, won, "en") != "Nobody rolled"
