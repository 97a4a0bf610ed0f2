"""Each game plays its committed golden record again, step by step (tests/golden/records).

A change to the rules, a view or the Activity's wire changes what some seat sees
or may do at some step: this test then fails at the first step that differs,
and writing the records again (``python -m tests.golden.write``) turns the change
into a diff to review with the change itself."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.registry import discover
from tests.golden.changes import ABSENT, differences
from tests.golden.playthrough import COMMAND, RECORDS, record_path
from tests.golden.write import lines, recorded

GAMES = discover()
SHOWN_DIFFERENCES = 20


def test_every_game_has_a_record() -> None:
    missing = [game for game in GAMES if not record_path(game).is_file()]
    assert missing == [], f"no golden record for {missing}: write it with `{COMMAND} {' '.join(missing)}`"


def test_every_record_is_a_game() -> None:
    stale = sorted(path.stem for path in RECORDS.glob("*.jsonl") if path.stem not in GAMES)
    assert stale == [], f"golden records of no game: {stale} (delete them)"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_game_plays_as_recorded(game_id: str) -> None:
    before = recorded(game_id)
    if before is None:
        pytest.skip("no record (test_every_game_has_a_record says so)")
    now = lines(GAMES[game_id], int(json.loads(before[0])["seed"]))
    if now != before:
        pytest.fail(first_difference(game_id, before, now), pytrace=False)


def _steps(record: list[str]) -> list[tuple[Any, dict[str, Any]]]:
    """The record's lines by step, in order; in a step, each line by what it holds
    (``view 0``, ``page spectator``, ``events``...)."""
    out: list[tuple[Any, dict[str, Any]]] = []
    for text in record:
        line = json.loads(text)
        step = line.pop("step", "header")
        what = next((f"{part} {line[part]}" for part in ("view", "page") if part in line), None)
        what = what or " ".join(sorted(line))
        if not out or out[-1][0] != step:
            out.append((step, {}))
        out[-1][1][what] = line
    return out


def _by_path(what: str, line: dict[str, Any] | None) -> dict[str, Any]:
    """A line's values by where they lie: a view's or a page's changes by the path
    they change (``view 0 /hand``), so a difference names the field, not the place
    of an operation in a list."""
    if line is None:
        return {}
    out = {
        "" if key == what else f" {key}": value
        for key, value in line.items()
        if key not in ("changes", "view", "page")
    }
    for change in line.get("changes", ()):
        kind, path = change[0], change[1]
        if kind == "<<":
            out[f" {path}"] = {"dropped": change[2], "added": change[3]}
        else:
            out[f" {path}"] = change[2] if kind == "=" else "(removed)"
    return out


def first_difference(game_id: str, before: list[str], now: list[str]) -> str:
    """Where the replay first parts from the record, for the reader of a failed run."""
    old, new = _steps(before), _steps(now)
    changed = sum(1 for a, b in zip(before, now, strict=False) if a != b) + abs(len(before) - len(now))
    where = record_path(game_id).relative_to(RECORDS.parents[2])
    head = f"{game_id}: the game no longer plays as {where} records it"
    footer = (
        f"{changed} of {max(len(before), len(now))} lines differ. If the change is meant, write the record "
        f"again with `{COMMAND} {game_id}` and review `git diff tests/golden/records` with it."
    )
    for (step, was), (_, is_) in zip(old, new, strict=False):
        if was == is_:
            continue
        found: list[str] = []
        for what in sorted(was.keys() | is_.keys()):
            a, b = _by_path(what, was.get(what)), _by_path(what, is_.get(what))
            for key in sorted(a.keys() | b.keys()):
                found += differences(a.get(key, ABSENT), b.get(key, ABSENT), f"{what}{key}")
        shown = "\n".join(found[:SHOWN_DIFFERENCES])
        more = f"\n  … and {len(found) - SHOWN_DIFFERENCES} more" if len(found) > SHOWN_DIFFERENCES else ""
        return f"{head}; first at step {step}:\n{shown}{more}\n{footer}"
    return f"{head}: it now has {len(new)} steps where it had {len(old)}.\n{footer}"
