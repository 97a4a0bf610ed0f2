"""A control's custom id is declared once (cogs/kit/ids.py): the id it is drawn with
and the template that reads it back come from one ``ControlId``. The ids on the wire
are the ones the hand-written pairs made before, so buttons already in channels keep
working after a restart: each template below is the old hand-written one, verbatim."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cogs.guide import GUIDE_ID, HELP_ID, PRACTICE_ID
from cogs.hints import HINT_ID, PLAY_HINT_ID
from cogs.kit.acts import ACT_ID, SELECT_ID
from cogs.kit.ids import ControlId
from cogs.launch import OPEN_TABLE_ID
from cogs.lobby import LOBBY_ID
from cogs.panel import HAND_ID
from cogs.rematch import REMATCH_ID
from cogs.takeover import TAKE_ANSWER_ID, TAKE_PICK_ID, TAKE_SEAT_ID
from cogs.undo import UNDO_ID

ROOT = Path(__file__).resolve().parents[2]
PAYLOAD = r"[A-Za-z0-9_.=,-]{1,60}"

# (the control's id, the template it was hand-written with, field values, the id on the wire)
WIRE: list[tuple[ControlId, str, dict[str, object], str]] = [
    (HAND_ID, r"gm:(?P<ch>\d+):hand", {"ch": 7}, "gm:7:hand"),
    (
        ACT_ID,
        rf"gm:(?P<ch>\d+):(?P<ver>\d+):a:(?P<p>{PAYLOAD})",
        {"ch": 7, "ver": 3, "p": "b.2"},
        "gm:7:3:a:b.2",
    ),
    (
        SELECT_ID,
        rf"gm:(?P<ch>\d+):(?P<ver>\d+):s:(?P<p>{PAYLOAD})",
        {"ch": 7, "ver": 3, "p": "LW"},
        "gm:7:3:s:LW",
    ),
    (UNDO_ID, r"gm:(?P<ch>\d+):(?:(?P<ver>\d+):)?undo", {"ch": 7, "ver": 3}, "gm:7:3:undo"),
    (UNDO_ID, r"gm:(?P<ch>\d+):(?:(?P<ver>\d+):)?undo", {"ch": 7, "ver": None}, "gm:7:undo"),
    (TAKE_PICK_ID, r"gm:(?P<ch>\d+):take:pick", {"ch": 7}, "gm:7:take:pick"),
    (
        TAKE_ANSWER_ID,
        r"gm:(?P<ch>\d+):take:(?P<seat>\d+):(?P<user>\d+):(?P<op>ok|no)",
        {"ch": 7, "seat": 1, "user": 42, "op": "ok"},
        "gm:7:take:1:42:ok",
    ),
    (TAKE_SEAT_ID, r"gm:(?P<ch>\d+):take", {"ch": 7}, "gm:7:take"),
    (OPEN_TABLE_ID, r"gm:(?P<ch>\d+):activity", {"ch": 7}, "gm:7:activity"),
    (GUIDE_ID, r"gm:(?P<ch>\d+):guide:(?P<game>[^:]+)", {"ch": 7, "game": "narnia"}, "gm:7:guide:narnia"),
    (
        PRACTICE_ID,
        r"gm:(?P<ch>\d+):practice:(?P<game>[^:]+)",
        {"ch": 7, "game": "magmor"},
        "gm:7:practice:magmor",
    ),
    (HELP_ID, r"gm:(?P<ch>\d+):help:(?P<op>guide|practice)", {"ch": 7, "op": "guide"}, "gm:7:help:guide"),
    (REMATCH_ID, r"gm:(?P<ch>\d+):rematch:(?P<game>\d+)", {"ch": 7, "game": 12}, "gm:7:rematch:12"),
    (
        LOBBY_ID,
        r"gm:(?P<ch>\d+):lobby:(?P<op>join|leave|ai|ai-easy|ai-hard|start|cancel)",
        {"ch": 7, "op": "ai-easy"},
        "gm:7:lobby:ai-easy",
    ),
    (HINT_ID, r"gm:(?P<ch>\d+):hint", {"ch": 7}, "gm:7:hint"),
    (
        PLAY_HINT_ID,
        r"gm:(?P<ch>\d+):(?P<ver>\d+):hint:(?:(?P<seat>\d+)\.)?(?P<n>\d+)",
        {"ch": 7, "ver": 3, "seat": 2, "n": 0},
        "gm:7:3:hint:2.0",
    ),
    (
        PLAY_HINT_ID,
        r"gm:(?P<ch>\d+):(?P<ver>\d+):hint:(?:(?P<seat>\d+)\.)?(?P<n>\d+)",
        {"ch": 7, "ver": 3, "seat": None, "n": 1},
        "gm:7:3:hint:1",
    ),
]


@pytest.mark.parametrize(("control", "template", "values", "wire"), WIRE, ids=lambda x: str(x)[:40])
def test_a_control_draws_and_reads_its_id_as_before(
    control: ControlId, template: str, values: dict[str, object], wire: str
) -> None:
    assert control.template == template
    assert control.id(**values) == wire
    match = re.fullmatch(control.template, wire)
    assert match is not None
    assert {k: v for k, v in match.groupdict().items() if v is not None} == {
        k: str(v) for k, v in values.items() if v is not None
    }


def test_a_pattern_names_a_field_of_the_shape() -> None:
    with pytest.raises(ValueError, match="op"):
        ControlId("gm:{ch}:hand", op="a|b")


def template_keywords() -> list[str]:
    """Every ``DynamicItem`` class's ``template=`` in cogs/ that is not a ``ControlId``'s."""
    found: list[str] = []
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for keyword in node.keywords:
                    value = keyword.value
                    declared = isinstance(value, ast.Attribute) and value.attr == "template"
                    if keyword.arg == "template" and not declared:
                        found.append(f"{path.relative_to(ROOT)}: {node.name}")
    return found


def test_every_control_declares_its_id_once() -> None:
    """No hand-written template beside a hand-written id: a ``DynamicItem`` takes
    its template from the ``ControlId`` that also draws its id."""
    assert template_keywords() == []
