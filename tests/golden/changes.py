"""A view as what changed since the seat's previous view, and two records told apart.

A golden record keeps each seat's first view whole and then only its changes
(a whole game's views are megabytes; their changes are a few hundred kilobytes),
as a list of operations on JSON paths (``/board/regions/3/owner``, RFC 6901):

* ``["=", path, value]``: the value at ``path`` is now ``value``;
* ``["-", path]``: the key at ``path`` is gone;
* ``["<<", path, dropped, added]``: the list at ``path`` lost its first
  ``dropped`` items and gained ``added`` at its end (a log that scrolls).

The same two views always give the same operations, so two records are equal
exactly when every step's views are."""

from __future__ import annotations

import json
from typing import Any

Json = Any
Change = list[Json]
SHOWN = 200  # characters of a value a failure message shows


def canonical(value: Json) -> str:
    """One line of JSON, keys sorted: the same value always reads the same."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _step(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def changes(before: Json, after: Json, path: str = "") -> list[Change]:
    """What turns ``before`` into ``after``: none when they are equal."""
    if before == after and type(before) is type(after):
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[Change] = []
        for key in sorted(before.keys() | after.keys(), key=str):
            if key not in after:
                out.append(["-", _step(path, key)])
            elif key not in before:
                out.append(["=", _step(path, key), after[key]])
            else:
                out += changes(before[key], after[key], _step(path, key))
        return out
    if isinstance(before, list) and isinstance(after, list):
        return _list_changes(before, after, path)
    return [["=", path, after]]


def _list_changes(before: list[Json], after: list[Json], path: str) -> list[Change]:
    """The shortest of: item by item (same length), a scroll, the whole list."""
    candidates: list[list[Change]] = [[["=", path, after]]]
    if len(before) == len(after):
        pairs = enumerate(zip(before, after, strict=True))
        candidates.append([c for i, (b, a) in pairs for c in changes(b, a, _step(path, i))])
    for dropped in range(len(before)):
        kept = len(before) - dropped
        if kept <= len(after) and before[dropped:] == after[:kept]:
            candidates.append([["<<", path, dropped, after[kept:]]])
            break
    return min(candidates, key=lambda c: len(canonical(c)))


def differences(recorded: Json, now: Json, path: str = "") -> list[str]:
    """Where ``now`` differs from ``recorded``, one line per leaf, for a reader."""
    if recorded == now and type(recorded) is type(now):
        return []
    if isinstance(recorded, dict) and isinstance(now, dict):
        return [
            line
            for key in sorted(recorded.keys() | now.keys(), key=str)
            for line in differences(recorded.get(key, ABSENT), now.get(key, ABSENT), _step(path, key))
        ]
    if isinstance(recorded, list) and isinstance(now, list) and len(recorded) == len(now):
        pairs = enumerate(zip(recorded, now, strict=True))
        return [line for i, (r, n) in pairs for line in differences(r, n, _step(path, i))]
    return [f"  {path or '/'}\n    recorded: {_short(recorded)}\n    now:      {_short(now)}"]


class Absent:
    def __repr__(self) -> str:
        return "(absent)"


ABSENT = Absent()  # a key or line that is not there


def _short(value: Json) -> str:
    text = repr(value) if isinstance(value, Absent) else canonical(value)
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}… ({len(text)} characters)"
