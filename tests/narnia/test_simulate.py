"""Whole AI games through the core simulator and the ``python -m games`` CLI."""

from __future__ import annotations

import json

import pytest

from games.__main__ import main
from games.core.simulate import play_one, simulate
from games.narnia import GAME


def check_simulate(players: int, games: int) -> None:
    report = simulate(GAME, players, games, 21)
    assert report.errors == 0, report.error_samples
    assert report.finished == report.games == games
    assert report.actions > games * 24  # at least the 24 setup placements per game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_20_games(players: int) -> None:
    """Spec §10 AI players finish every game with no illegal action, for 2 to 4 players
    (20 games; the all-AI tables of test_termination play more; the 50-game soak is
    ``pytest -m slow``)."""
    check_simulate(players, 20)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_50_games(players: int) -> None:
    """The soak: 50 games for each player count."""
    check_simulate(players, 50)


def test_a_four_player_game_plays_to_its_end() -> None:
    """A 4-player game between AIs ends (its speed: ``python -m games simulate``
    prints the seconds, a benchmark, not a timed test)."""
    state, actions = play_one(GAME, 4, 12345)
    assert GAME.outcome(state) is not None and actions > 24


def test_cli_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "narnia", "--players", "3", "--games", "10", "--seed", "1"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and len(lines) == 1
    report = json.loads(lines[0])
    assert (report["game"], report["players"], report["finished"], report["errors"]) == ("narnia", 3, 10, 0)
