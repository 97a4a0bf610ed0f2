"""A select value or a payload names a position in ASCII digits only (issue 39).

``str.isdigit`` and ``int`` read digits of every script: "٣" (Arabic-Indic) and
"３" (fullwidth) were read as 3, so a forged value played the fourth legal action,
and "¹" passed ``isdigit`` only to break ``int``. No control of ours draws such a
value: each is refused like any value the panel never offered."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.model import TableError
from cogs.akelarre.whole import source_of
from cogs.kit import legal
from cogs.kit.controls import index_field
from cogs.kit.presenter import PanelContext
from cogs.narnia.clicks import _tokens
from cogs.tirnanog.panel import _discards
from games.akelarre.data import FAMILIES
from games.narnia.data import TERRITORIES
from games.tirnanog.views import TirNanOgView
from tools.preview import table_for

FOREIGN = ["٣", "３", "¹", "3\u0663", " 3", "3 ", "+3", "-0", "3.0", ""]


@pytest.mark.parametrize("text", FOREIGN)
def test_index_field_takes_ascii_digits_only(text: str) -> None:
    assert index_field(text, 10) is None


def test_index_field_reads_ascii_positions_within_the_size() -> None:
    assert [index_field(str(i), 5) for i in range(6)] == [0, 1, 2, 3, 4, None]
    assert index_field("03", 5) == 3


def _ctx(actions: list[dict[str, Any]]) -> PanelContext:
    return PanelContext(
        channel_id=1,
        version=1,
        table=table_for(3, "en"),
        seat=0,
        view=SimpleNamespace(),  # type: ignore[arg-type]
        decision=None,
        draft=None,
        language="en",
        legal=actions,
    )


@pytest.mark.parametrize("value", ["٣", "３", "¹"])
def test_a_legal_action_select_refuses_digits_of_another_script(value: str) -> None:
    ctx = _ctx([{"kind": "pick", "n": i} for i in range(5)])
    assert legal.click(ctx, "L", ["3"]) is not None
    with pytest.raises(TableError) as refused:
        legal.click(ctx, "L", [value])
    assert refused.value.key == "error.bad_action"


@pytest.mark.parametrize("value", ["٣", "３", "¹"])
def test_akelarre_s_piles_are_named_in_ascii_digits(value: str) -> None:
    assert source_of("3") == FAMILIES[3]
    assert source_of(value) is None


class _Stack:
    def __init__(self, values: list[int]) -> None:
        self.stack = [SimpleNamespace(value=v) for v in values]


@pytest.mark.parametrize("value", ["٣", "３", "¹"])
def test_narnia_s_tokens_are_picked_in_ascii_digits(value: str) -> None:
    view = SimpleNamespace(territory=lambda _name: _Stack([1, 2, 3, 1, 2]))
    assert _tokens(view, TERRITORIES[0], ["0", "3"]) == [1, 1]  # type: ignore[arg-type]
    with pytest.raises(TableError) as refused:
        _tokens(view, TERRITORIES[0], ["0", value])  # type: ignore[arg-type]
    assert refused.value.key == "error.bad_action"


@pytest.mark.parametrize("value", ["٣", "３", "¹"])
def test_tir_nan_og_s_discards_are_picked_in_ascii_digits(value: str) -> None:
    ctx = _ctx([])
    ctx.view = TirNanOgView.model_construct(hand={"dragon": 5})
    assert _discards(ctx, ["dragon.3"]) is not None
    with pytest.raises(TableError) as refused:
        _discards(ctx, [f"dragon.{value}"])
    assert refused.value.key == "tirnanog.ui.not_in_hand"
