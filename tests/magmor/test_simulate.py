"""Whole AI games through the core simulator and the ``python -m games`` CLI."""

from __future__ import annotations

import json

import pytest

from games.__main__ import main
from games.core.simulate import simulate
from games.magmor import GAME


def check_simulate(players: int, games: int) -> None:
    report = simulate(GAME, players, games, 11)
    assert report.errors == 0, report.error_samples
    assert report.finished == report.games == games
    assert report.actions > games * 20  # at least the 10 terrains + Mag Mor payments per game


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_50_games(players: int) -> None:
    """Spec §10 AI players finish every game with no illegal action, for 3 to 5 players
    (50 games, as Narnia's; the 200-game soak is ``pytest -m slow``)."""
    check_simulate(players, 50)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_200_games(players: int) -> None:
    """The soak: 200 games for each player count (~9 s each)."""
    check_simulate(players, 200)


def run_cli(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    # 20 games: the command's output and its determinism, not a soak (that is the simulate
    # tests'); docs/ai.md's --games 200 took 15 s for the two runs.
    code = main(["simulate", "--game", "magmor", "--players", "4", "--games", "20", "--seed", "1"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert len(lines) == 1
    report: dict[str, object] = json.loads(lines[0])
    return report


def test_cli_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m games simulate --game magmor --players 4 --games 20 --seed 1`: one JSON
    line; the same seed plays the same actions."""
    first = run_cli(capsys)
    assert {"game", "players", "games", "finished", "errors", "actions", "seconds"} <= set(first)
    assert (first["game"], first["players"], first["games"]) == ("magmor", 4, 20)
    assert (first["finished"], first["errors"]) == (20, 0)
    second = run_cli(capsys)
    assert second["actions"] == first["actions"]
