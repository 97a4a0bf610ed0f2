"""Exports written by earlier bots still verify (games/core/verify.py), each under the
Aslan rule its game was played with: the printed one before the ruling R-A1, R-A1 (asked
once per battle) while it was in force. Both files are real exports of a two-player game
(seed 13, round cap 3, the host's seat playing the normal AI's moves), made by the code
of commit ef79b8f~1 (before R-A1) and of a13264d (R-A1 in force, before its withdrawal):
a state that has a field added since, or a battle that writes one, would change their
final hashes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.core.verify import verify
from games.registry import GAMES

HERE = Path(__file__).parent / "exports"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / name).read_text())
    return data


def questions(export: dict[str, Any]) -> int:
    return sum(
        1
        for action in export["actions"]
        for event in action.get("events", [])
        if event.get("key") == "narnia.event.aslan_offered"
    )


@pytest.mark.parametrize(
    ("name", "named", "asked"),
    [("before_r_a1_seed13_cap3.json", None, 2), ("r_a1_seed13_cap3.json", True, 1)],
)
def test_an_older_export_verifies_under_its_own_rule(name: str, named: bool | None, asked: int) -> None:
    export = load(name)
    assert export["options"].get("aslan_once") is named
    assert questions(export) == asked  # one battle: asked twice before R-A1, once under it
    verdict = verify(export, GAMES)
    assert verdict.ok, verdict.problems
    # Replayed under the other rule, the same log does not verify: the rule is read right.
    other = {**export, "options": {**export["options"], "aslan_once": named is None}}
    wrong = verify(other, GAMES)
    assert not wrong.ok and "narnia.event.aslan_offered" in wrong.problems[0]
