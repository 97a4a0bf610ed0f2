"""The arena: AI levels measured against each other over many games.

``python -m games arena --game magmor --players 3 --games 200 --seats normal,random,random --seed 1``

Pure: no Discord, no database. Game ``g`` of a run is dealt from seed
``seed * 1_000_003 + g`` and its seats rotate by ``g`` (the policy listed at
position ``j`` sits at seat ``(j + g) % players``), so no policy keeps the first
seat; with teams (partners in alternate seats), positions ``j`` and ``j + 2``
stay partners. Each game's result depends only on its index, so the figures are
the same whatever ``--jobs`` is; only the timings vary.

A policy is ``random`` (a legal move picked uniformly, from the state: a
baseline, not a player we ship), an AI level (``easy``, ``normal``, ``hard``:
``games.core.levels``), which sees only its seat's view, or ``oracle``: ``hard``'s
search on the true state (every hand, the deck's order; only the dice to come are
unknown), never shipped, a bound on what searching from a seat can reach; or
``seer``: the same search given everything dealt but not what is still to be
drawn (``Game.dealt_world``: Akelarre reshuffles its deck in every world; elsewhere
it is the oracle), the bound for a seat that knew every hand and secret.

``share`` counts a win shared by k seats as 1/k; ``ci95`` is its Wilson 95 %
interval.

With ``baseline``, every game is also played with every seat ``normal``, from the
same deal and seating: a seat's ``baseline`` is what normal won in its place, and
``lift`` the mean game-by-game difference with its 95 % interval. The deals of a
seed favour some places (Narnia, seed 1: the first place's normal won 0.29 of 100
games, another's 0.40), and a policy that plays like normal for most of a game
keeps the same luck, so the paired lift tells a change from normal with far fewer
games than two shares do.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from games.core.levels import LEVELS, make_player
from games.core.protocol import AiPlayer, Game, GameState, with_fresh_rng
from games.core.search import SearchPlayer
from games.registry import GAMES

Policy = Literal["random", "easy", "normal", "hard", "oracle", "seer"]
POLICIES: tuple[Policy, ...] = ("random", *LEVELS, "oracle", "seer")
NORMAL: Policy = "normal"
MAX_ACTIONS = 20_000  # far above every game's bound (docs/decisions.md): a safety net


@dataclass
class GameResult:
    index: int
    finished: bool
    shares: list[float]  # per policy position
    winners: list[bool]  # per policy position
    shared: list[bool]
    think: dict[str, list[float]] = field(default_factory=dict)  # policy -> ms per decision


class OraclePlayer(SearchPlayer):
    """The arena's bound, never a seat at a table: ``hard`` given the true state."""

    truth: GameState | None = None

    def sample(self, view: Any, rng: random.Random) -> GameState | None:
        assert self.truth is not None
        return with_fresh_rng(self.truth, rng)


class SeerPlayer(OraclePlayer):
    """The arena's bound for what a seat could know: ``hard`` given everything dealt
    (``Game.dealt_world``), not what is still to be drawn."""

    def sample(self, view: Any, rng: random.Random) -> GameState | None:
        assert self.truth is not None
        world: GameState = self.game.dealt_world(self.truth, rng)
        return world


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_game(
    game_id: str, players: int, policies: Sequence[Policy], seed: int, index: int, options: Mapping[str, Any]
) -> GameResult:
    game: Game[Any, Any] = GAMES[game_id]
    deal = game_seed(seed, index)
    state = game.new_game(players, deal, options)
    at_seat = {(position + index) % players: position for position in range(players)}
    actors: dict[int, AiPlayer] = {}
    oracles: dict[int, OraclePlayer] = {}
    for seat in range(players):
        policy, player_seed = policies[at_seat[seat]], deal * 31 + seat
        if policy == "oracle":
            actors[seat] = oracles[seat] = OraclePlayer(game, seat, player_seed)
        elif policy == "seer":
            actors[seat] = oracles[seat] = SeerPlayer(game, seat, player_seed)
        elif policy != "random":
            actors[seat] = make_player(game, seat, policy, seed=player_seed)
    chooser = random.Random(deal)
    think: dict[str, list[float]] = {}
    for _ in range(MAX_ACTIONS):
        decision = game.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        policy = policies[at_seat[seat]]
        started = time.perf_counter()
        if policy == "random":
            action = game.random_action(state, seat, chooser)
        else:
            if seat in oracles:
                oracles[seat].truth = state
            action = actors[seat].act(game.view(state, seat), decision)
        think.setdefault(policy, []).append((time.perf_counter() - started) * 1000)
        state, _ = game.play(state, seat, action)
    outcome = game.outcome(state)
    shares = [0.0] * players
    winners = [False] * players
    shared = [False] * players
    if outcome is not None:
        for seat in outcome.winners:
            position = at_seat[seat]
            shares[position] = 1 / len(outcome.winners)
            winners[position] = True
            shared[position] = len(outcome.winners) > 1
    return GameResult(index, outcome is not None, shares, winners, shared, think)


def _play(args: tuple[str, int, tuple[Policy, ...], int, int, dict[str, Any]]) -> GameResult:
    return play_game(*args)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1)]


def interval(values: list[float]) -> tuple[float, float]:
    """The Wilson score 95 % interval of the mean per-game share (a proportion of
    games won, a shared win counting 1/k), within [0, 1] even at 0 or 1."""
    n = len(values)
    if n == 0:
        return (0.0, 1.0)
    p, z = sum(values) / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(
    game_id: str,
    players: int,
    games: int,
    policies: Sequence[Policy],
    seed: int,
    *,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Path | None = None,
    baseline: bool = False,
) -> dict[str, Any]:
    if len(policies) != players:
        raise ValueError(f"{players} players need {players} policies, not {len(policies)}")
    unknown = [p for p in policies if p not in POLICIES]
    if unknown:
        raise ValueError(f"unknown policies {unknown}: choose among {', '.join(POLICIES)}")
    chosen = dict(options or {})
    done = read_progress(progress) if progress is not None else {}
    tasks = [(game_id, players, tuple(policies), seed, i, chosen) for i in range(games) if i not in done]
    started = time.perf_counter()
    fresh = play_all(tasks, jobs, progress)
    results = sorted([*(done[i] for i in range(games) if i in done), *fresh], key=lambda r: r.index)
    out = report(game_id, players, games, policies, chosen, results, time.perf_counter() - started)
    if baseline:
        normal = tuple(NORMAL for _ in range(players))
        base = play_all([(game_id, players, normal, seed, r.index, chosen) for r in results], jobs, None)
        for position, row in enumerate(out["seats"]):
            row["baseline"] = lift(results, base, position)
    return out


def play_all(
    tasks: list[tuple[str, int, tuple[Policy, ...], int, int, dict[str, Any]]],
    jobs: int,
    progress: Path | None,
) -> list[GameResult]:
    if jobs <= 1:
        return [note(progress, _play(task)) for task in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        chunk = 1 if progress else max(1, len(tasks) // (jobs * 4))
        return [note(progress, result) for result in pool.map(_play, tasks, chunksize=chunk)]


def lift(results: list[GameResult], base: list[GameResult], position: int) -> dict[str, Any]:
    """What normal won in ``position``'s place on the same deals, and the mean
    game-by-game difference of the position's share from it, with its 95 %
    interval (normal approximation)."""
    normal = {r.index: r.shares[position] for r in base}
    diffs = [r.shares[position] - normal[r.index] for r in results]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 1.0
    half = 1.96 * spread / math.sqrt(n) if n else 1.0
    return {
        "share": round(sum(normal.values()) / n, 4) if n else 0.0,
        "lift": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "changed": sum(1 for d in diffs if d),
    }


def note(progress: Path | None, result: GameResult) -> GameResult:
    """Append a finished game to the progress file, a JSON line each (a long run can be
    followed, and resumed: the games already there are not played again)."""
    if progress is not None:
        with progress.open("a", encoding="utf-8") as file:
            file.write(json.dumps(asdict(result)) + "\n")
    return result


def read_progress(progress: Path) -> dict[int, GameResult]:
    if not progress.exists():
        return {}
    lines = progress.read_text(encoding="utf-8").splitlines()
    results = [GameResult(**json.loads(line)) for line in lines if line.strip()]
    return {r.index: r for r in results}


def report(
    game_id: str,
    players: int,
    games: int,
    policies: Sequence[Policy],
    chosen: Mapping[str, Any],
    results: list[GameResult],
    wall: float,
) -> dict[str, Any]:
    """The arena's JSON object for ``results`` (the games played so far, where a run
    was cut short: ``games`` says how many it was asked for, ``finished`` how many ended)."""
    seats = []
    for position, policy in enumerate(policies):
        values = [r.shares[position] for r in results]
        lo, hi = interval(values)
        seats.append(
            {
                "policy": policy,
                "wins": sum(1 for r in results if r.winners[position] and not r.shared[position]),
                "shared": sum(1 for r in results if r.shared[position]),
                "share": round(sum(values) / len(values), 4) if values else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
            }
        )
    think: dict[str, dict[str, float]] = {}
    for policy in dict.fromkeys(policies):
        times = [ms for r in results for ms in r.think.get(policy, [])]
        think[policy] = {
            "p50": round(percentile(times, 0.5), 3),
            "p99": round(percentile(times, 0.99), 3),
            "max": round(max(times, default=0.0), 3),
        }
    return {
        "game": game_id,
        "players": players,
        **({"options": chosen} if chosen else {}),
        "games": games,
        **({"played": len(results)} if len(results) != games else {}),
        "finished": sum(1 for r in results if r.finished),
        "wall_s": round(wall, 2),
        "seats": seats,
        "think_ms": think,
    }
