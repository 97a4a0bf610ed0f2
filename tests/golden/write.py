"""Write the golden playthroughs again: ``python -m tests.golden.write [game ...]``.

Run it after a change that is meant to change what a seat sees or may do (the
rules, a view, the Activity's wire), then read ``git diff tests/golden/records``
as the change's review: every differing line is a step that now plays or shows
otherwise. With no game named, every game the registry finds is written.

A record keeps its seed (its header's): the same game is played again, and the
diff shows only what changed. A game without a record, or any named with
``--reseed``, gets the seed of the shortest of a few random games."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from games.core import Game
from games.registry import discover
from tests.golden.changes import canonical
from tests.golden.playthrough import playthrough, record_path, shortest_seed


def lines(game: Game[Any, Any], seed: int) -> list[str]:
    """The record of ``game`` dealt with ``seed`` as it plays now, line by line."""
    return [canonical(line) for line in playthrough(game, seed)]


def recorded(game_id: str) -> list[str] | None:
    """The committed record's lines, or None where there is none."""
    path = record_path(game_id)
    return path.read_text(encoding="utf-8").splitlines() if path.is_file() else None


def recorded_seed(game_id: str) -> int | None:
    found = recorded(game_id)
    return int(json.loads(found[0])["seed"]) if found else None


def write(game: Game[Any, Any], *, reseed: bool = False) -> int:
    path = record_path(game.id)
    seed = None if reseed else recorded_seed(game.id)
    if seed is None:
        seed = shortest_seed(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f"{line}\n" for line in lines(game, seed))
    path.write_text(text, encoding="utf-8")
    return len(text.encode())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.write", description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--reseed", action="store_true", help="pick the seed anew (the shortest game)")
    args = parser.parse_args(argv)
    found = discover()
    unknown = [g for g in args.games if g not in found]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}; known: {', '.join(found)}")
    for game_id in args.games or found:
        size = write(found[game_id], reseed=args.reseed)
        print(f"{record_path(game_id).relative_to(record_path(game_id).parents[3])}: {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
