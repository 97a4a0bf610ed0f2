"""``python -m games simulate --game magmor --players 4 --games 200 --seed 1``
``python -m games verify export.json`` (a finished game exported by ``/log``)

Game options are repeatable ``--option key=value`` pairs, e.g.
``python -m games simulate --game akelarre --players 4 --option teams=true``;
``true``/``false`` become booleans and whole numbers integers.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from games import arena
from games.core.simulate import simulate
from games.core.verify import verify
from games.registry import GAMES


def option(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line, with ``true``/``false`` and integers typed."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected key=value, not {text!r}")
    value: Any = raw.strip()
    if value.lower() in ("true", "false"):
        value = value.lower() == "true"
    elif value.lstrip("-").isdigit():
        value = int(value)
    return key.strip(), value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play whole games between AI players")
    sim.add_argument("--game", required=True, choices=sorted(GAMES))
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--option",
        type=option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable)",
    )
    match = commands.add_parser("arena", help="measure AI levels against each other (one JSON object)")
    match.add_argument("--game", required=True, choices=sorted(GAMES))
    match.add_argument("--players", type=int, required=True)
    match.add_argument("--games", type=int, default=100)
    match.add_argument(
        "--seats", required=True, help=f"one policy per seat, comma-separated: {', '.join(arena.POLICIES)}"
    )
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--jobs", type=int, default=1, help="worker processes (the figures do not change)")
    match.add_argument("--teams", action="store_true", help="the team variant (Akelarre, 4 players)")
    match.add_argument(
        "--progress",
        type=Path,
        help="append each finished game to this file (JSON lines); a rerun plays only the games missing",
    )
    match.add_argument(
        "--baseline",
        action="store_true",
        help="also play every game with every seat normal: each seat's lift over normal on the same deals",
    )
    check = commands.add_parser(
        "verify", help="replay a finished game's export from its seed and check every shuffle and die"
    )
    check.add_argument("export", help="the JSON file /log attaches for a finished game")
    args = parser.parse_args(argv)
    if args.command == "verify":
        return verify_command(args.export)
    if args.command == "arena":
        return arena_command(parser, args)
    game = GAMES[args.game]
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{args.game} takes {game.min_players} to {game.max_players} players")
    # The CLI times the run; the rules themselves never read a clock.
    started = time.perf_counter()
    report = simulate(game, args.players, args.games, args.seed, dict(args.option))
    report.seconds = time.perf_counter() - started
    for sample in report.error_samples:
        print(sample, file=sys.stderr)
    print(json.dumps(report.as_dict()))
    return 0 if report.errors == 0 else 1


def arena_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    game = GAMES[args.game]
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{args.game} takes {game.min_players} to {game.max_players} players")
    policies = [p.strip() for p in args.seats.split(",")]
    try:
        report = arena.run(
            args.game,
            args.players,
            args.games,
            policies,
            args.seed,
            jobs=args.jobs,
            options={"teams": True} if args.teams else None,
            progress=args.progress,
            baseline=args.baseline,
        )
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(report))
    return 0


def verify_command(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as file:
            export = json.load(file)
    except (OSError, ValueError) as error:
        print(f"FAILED: cannot read {path}: {error}")
        return 1
    verdict = verify(export if isinstance(export, dict) else {}, GAMES)
    name = f"{export.get('game')} game #{export.get('game_id')}" if isinstance(export, dict) else path
    if not verdict.ok:
        print(f"FAILED: {name}")
        for problem in verdict.problems:
            print(f"  {problem}")
        return 1
    print(
        f"OK: {name} is honest. The seed matches the commitment published at the start, and"
        f" replaying it reproduces all {verdict.actions} actions, {verdict.events} events,"
        f" {verdict.draws} random draws (shuffles, deals, dice)"
        + (f", {verdict.undos} take-backs" if verdict.undos else "")
        + " and the final state."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
