"""The arena (python -m games arena) at tiny sizes: it runs, its JSON has the shape
docs/ai.md documents, the shares add up to the games played, and the figures do
not depend on --jobs. The strength figures are docs/ai.md's, not the suite's."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games import arena
from games.__main__ import main
from games.core import Game
from games.core.budget import Budget
from games.registry import GAMES

SHAPE = {"game", "players", "games", "finished", "wall_s", "seats", "think_ms"}


def one_world(game: Game[Any, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """hard, oracle and seer with one world and two candidates per decision, each
    played out at most 30 moves (test_levels' horizon): the mechanics, not the
    strength. The game still says which decisions it searches at all
    (``Game.search_budget_for``): Narnia searches only its endgame, with a budget of
    its own that patching ``search_budget`` alone left at 40 worlds (85 s for this
    test's two Narnia games); Talismani's worlds played to the end took 15 s."""
    cls = type(game)
    budget_for = cls.search_budget_for

    def small(budget: Budget) -> Budget:
        return replace(
            budget, worlds=min(budget.worlds, 1), candidates=2, horizon=min(budget.horizon or 30, 30)
        )

    monkeypatch.setattr(cls, "search_budget", small(cls.search_budget))
    monkeypatch.setattr(cls, "search_budget_for", lambda self, view: small(budget_for(self, view)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_runs_in_the_arena_with_every_policy(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = GAMES[game_id]
    one_world(game, monkeypatch)
    players = min(5, game.max_players)  # every policy where five may sit, else all but normal
    policies = ["hard", "oracle", "random", "easy", "normal"][:players]
    report = arena.run(game_id, players, 2, policies, seed=5)  # type: ignore[arg-type]
    assert set(report) == SHAPE
    assert report["finished"] == 2
    assert [s["policy"] for s in report["seats"]] == policies
    assert sum(s["share"] for s in report["seats"]) == pytest.approx(1.0)  # every game has a winner here
    for seat in report["seats"]:
        assert set(seat) == {"policy", "wins", "shared", "share", "ci95"}
        lo, hi = seat["ci95"]
        assert 0 <= lo <= seat["share"] <= hi <= 1
    assert set(report["think_ms"]) == set(policies)
    for times in report["think_ms"].values():
        assert times["p50"] <= times["p99"] <= times["max"]


def test_the_seer_plays_in_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    one_world(GAMES["akelarre"], monkeypatch)
    report = arena.run("akelarre", 3, 1, ["seer", "normal", "normal"], seed=5)  # type: ignore[arg-type]
    assert report["finished"] == 1
    assert [s["policy"] for s in report["seats"]] == ["seer", "normal", "normal"]
    assert "seer" in report["think_ms"]


def test_seats_rotate_and_jobs_do_not_change_the_figures() -> None:
    one = arena.run("talismani", 3, 6, ["normal", "random", "random"], seed=2)
    two = arena.run("talismani", 3, 6, ["normal", "random", "random"], seed=2, jobs=2)
    assert one["seats"] == two["seats"] and one["finished"] == two["finished"] == 6
    # The policy at position j sits at seat (j + g) % players in game g.
    results = [arena.play_game("talismani", 3, ("normal", "random", "random"), 2, g, {}) for g in range(6)]
    assert sum(r.shares[0] for r in results) / 6 == pytest.approx(one["seats"][0]["share"], abs=1e-4)


def test_the_team_game_keeps_partners_together() -> None:
    report = arena.run(
        "akelarre", 4, 2, ["normal", "random", "normal", "random"], seed=3, options={"teams": True}
    )
    assert report["options"] == {"teams": True}
    first, _, partner, _ = report["seats"]
    assert first["share"] == partner["share"]  # partners win together


def test_the_command_prints_one_json_object() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(
            ["arena", "--game", "magmor", "--players", "3", "--games", "2", "--seats", "normal,random,easy"]
        )
    assert code == 0
    report = json.loads(out.getvalue())
    assert report["game"] == "magmor" and report["games"] == 2


def test_a_wrong_seat_list_is_refused_with_a_reason() -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--game", "magmor", "--players", "3", "--seats", "normal,random"])
    with pytest.raises(ValueError, match="unknown policies"):
        arena.run("magmor", 3, 1, ["normal", "genius", "random"], seed=1)  # type: ignore[list-item]


def test_a_run_with_a_progress_file_can_be_followed_and_resumed(tmp_path: Path) -> None:
    """--progress: a JSON line per finished game; a rerun plays only the games missing
    and reports the same figures as one whole run (think times aside)."""
    whole = arena.run("magmor", 3, 6, ["normal", "random", "random"], seed=3)
    progress = tmp_path / "run.jsonl"
    first = arena.run("magmor", 3, 4, ["normal", "random", "random"], seed=3, progress=progress)
    assert len(progress.read_text().splitlines()) == 4 and first["games"] == 4
    played: list[int] = []
    real = arena._play

    def counted(task: Any) -> arena.GameResult:
        played.append(task[4])
        return real(task)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(arena, "_play", counted)
        resumed = arena.run("magmor", 3, 6, ["normal", "random", "random"], seed=3, progress=progress)
    assert played == [4, 5]  # the four games on file are not played again
    assert resumed["seats"] == whole["seats"] and resumed["finished"] == whole["finished"]
    assert len(progress.read_text().splitlines()) == 6


def test_the_baseline_replays_the_same_deals_with_every_seat_normal() -> None:
    """--baseline: all-normal seats on the same deals and seating. A normal seat
    whose table is all normal is its own baseline (lift 0, nothing changed); a random
    seat's lift is its share minus normal's on those deals, game by game."""
    same = arena.run("narnia", 3, 6, ["normal", "normal", "normal"], seed=4, baseline=True)
    for seat in same["seats"]:
        assert seat["baseline"] == {"share": seat["share"], "lift": 0.0, "ci95": [0.0, 0.0], "changed": 0}
    mixed = arena.run("narnia", 3, 6, ["random", "normal", "normal"], seed=4, baseline=True)
    first = mixed["seats"][0]
    normal_there = [arena.play_game("narnia", 3, ("normal",) * 3, 4, g, {}).shares[0] for g in range(6)]
    assert first["baseline"]["share"] == pytest.approx(sum(normal_there) / 6, abs=1e-4)
    assert first["baseline"]["lift"] == pytest.approx(first["share"] - sum(normal_there) / 6, abs=1e-3)
    lo, hi = first["baseline"]["ci95"]
    assert lo <= first["baseline"]["lift"] <= hi
    out = io.StringIO()
    with redirect_stdout(out):
        main(
            ["arena", "--game", "narnia", "--players", "3", "--games", "2", "--seats", "random,normal,normal"]
        )
    assert "baseline" not in json.loads(out.getvalue())["seats"][0]  # only when asked
