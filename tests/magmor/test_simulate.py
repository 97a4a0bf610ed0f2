"""Whole AI games through the core simulator and the ``python -m games`` CLI."""

from __future__ import annotations

import json

import pytest

from games.__main__ import main
from games.core.simulate import simulate
from games.magmor import GAME


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_200_games(players: int) -> None:
    """Spec §10 AI players finish every game with no illegal action, for 3 to 5 players."""
    report = simulate(GAME, players, 200, 11)
    assert report.errors == 0, report.error_samples
    assert report.finished == report.games == 200
    assert report.actions > 200 * 20  # at least the 10 terrains + Mag Mor payments per game


def run_cli(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code = main(["simulate", "--game", "magmor", "--players", "4", "--games", "200", "--seed", "1"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert len(lines) == 1
    report: dict[str, object] = json.loads(lines[0])
    return report


def test_cli_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m games simulate --game magmor --players 4 --games 200 --seed 1`: one JSON
    line; the same seed plays the same actions."""
    first = run_cli(capsys)
    assert {"game", "players", "games", "finished", "errors", "actions", "seconds"} <= set(first)
    assert (first["game"], first["players"], first["games"]) == ("magmor", 4, 200)
    assert (first["finished"], first["errors"]) == (200, 0)
    second = run_cli(capsys)
    assert second["actions"] == first["actions"]
