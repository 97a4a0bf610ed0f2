"""The attacker of ``bench.activity_viewers`` (``bench.activity_attack``) at a toy size:
its figures are docs/speed.md's, not the suite's (a loaded machine fails any
timing); here it runs, floods, and its report adds up and cannot flatter."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from bench.activity_attack import (
    Attack,
    add_arguments,
    budget_of,
    hint_games,
    options_of,
    path_kind,
    report_lines,
    seats,
)
from bench.activity_flood import AttackOptions
from bot.extensions import presented_games
from bot.settings import Settings
from games.registry import GAMES
from tests.factory import make_settings

ROOT = Path(__file__).parents[2]
BOTH = AttackOptions(frozenset({"signin", "hint"}))


def test_the_attacker_floods_beside_the_pages_and_every_figure_is_printed() -> None:
    command = [
        sys.executable,
        "-m",
        "bench.activity_viewers",
        *("--tables", "2", "--pages", "2", "--moves", "8", "--parallel", "2", "--pace", "0.3"),
        *("--attack", "signin,hint", "--signin-rate", "60", "--code-rate", "10", "--sockets", "3"),
        *("--hint-tables", "1", "--hint-sockets", "2", "--hint-every", "2", "--budget", "100000"),
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    sent = json.loads(re.search(r"the attacker sent: (\{.*\})", out).group(1))  # type: ignore[union-attr]
    # Both floods ran: made-up hellos and codes went out, and the seated member's hints were asked.
    assert sent["signin.hellos_sent"] > 0 and sent["code.sent"] > 0 and sent["hint.asked"] > 0, sent
    calls = re.search(r"calls reaching Discord during the floods: (\d+) \(\d+/s\): (.*)", out)
    assert calls is not None, out
    by_path = [int(n) for n in re.findall(r" (\d+) \(\d+/s\)", calls.group(2))]
    assert sum(by_path) == int(calls.group(1)), out  # the paths add up to the fake's own count
    for judged in (
        r"Discord calls \d+ <= budget 100000 \(--budget 100000 a minute\): (PASS|FAIL)",
        r"honest pages during the floods: \d+ moves .* p99 [\d.]+ ms \(target <= 250: (PASS|FAIL)\)",
        r"longest loop stall during the floods [\d.]+ ms \(target <= 50: (PASS|FAIL)\)",
    ):
        assert re.search(judged, out), (judged, out)
    assert "an honest member's hint at another table: alone" in out, out
    assert "tables x 2 pages" in out, out  # the honest pages' own line, as without the attacker


def test_a_move_that_never_reached_every_page_counts_as_endless() -> None:
    """A flood that keeps a move from some page must fail the p99 target, not drop the move."""
    commits = [((1000, v), 0.0) for v in range(1, 51)]
    arrivals = {key: [0.010, 0.020] for key, _ in commits}
    settings = make_settings(Path("unused.db"))
    good = report_lines(settings, BOTH, 10.0, [], {}, commits, arrivals, 2, [0.001], [0.001], Attack(BOTH))
    assert any("p99 20.0 ms (target <= 250: PASS)" in line for line in good), good
    arrivals[(1000, 7)] = [0.010]  # one of the two pages never got version 7
    bad = report_lines(settings, BOTH, 10.0, [], {}, commits, arrivals, 2, [0.001], [0.001], Attack(BOTH))
    endless = [line for line in bad if "(1 never reached every page)" in line]
    assert endless and "p99 inf ms (target <= 250: FAIL)" in endless[0], bad


def test_the_calls_are_judged_against_the_budget_and_grouped_without_made_up_ids() -> None:
    settings = make_settings(Path("unused.db"))
    options = AttackOptions(frozenset({"signin"}), budget=60)
    asked = ["/users/@me"] * 50 + ["/oauth2/token"] * 10 + ["/applications/4242/activity-instances/i77"] * 2
    lines = report_lines(settings, options, 30.0, asked, {}, [], {}, 2, [0.001], [0.001], Attack(options))
    assert any("Discord calls 62 <= budget 60 (--budget 60 a minute): FAIL" in line for line in lines), lines
    assert any("/applications/{app}/activity-instances/{id} 2" in line for line in lines), lines
    within = report_lines(
        settings, options, 30.0, asked[:60], {}, [], {}, 2, [0.001], [0.001], Attack(options)
    )
    assert any("Discord calls 60 <= budget 60" in line and "PASS" in line for line in within), within
    grouped = path_kind("/applications/4242/activity-instances/x-1")
    assert grouped == "/applications/{app}/activity-instances/{id}"


def test_the_attack_flag_names_the_floods() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert options_of(parser.parse_args([])) is None  # no attacker: the bench as before
    options = options_of(parser.parse_args(["--attack", "hint"]))
    assert options is not None and options.kinds == {"hint"}


def test_the_hint_flood_s_games_are_found_not_named() -> None:
    """The practice tables take every game the bot presents by turns, found from the registry,
    each at a number of seats it takes; ``--hint-game`` names one of them, and only those."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    options = options_of(parser.parse_args(["--attack", "hint"]))
    assert options is not None and options.hint_game is None
    assert hint_games(options.hint_game) == presented_games()
    for game_id in presented_games():
        game = GAMES[game_id]
        assert game.min_players <= seats(game_id) <= game.max_players
        named = options_of(parser.parse_args(["--attack", "hint", "--hint-game", game_id]))
        assert named is not None and hint_games(named.hint_game) == [game_id]
    with pytest.raises(SystemExit):
        parser.parse_args(["--attack", "hint", "--hint-game", "no-such-game"])


def test_the_budget_is_read_from_the_settings_where_the_build_has_them() -> None:
    """The budget of calls to Discord (a burst, then a rate) from the settings; --budget, said on the
    command line, wins over them; neither: raw counts."""
    held = cast(Settings, SimpleNamespace(activity_discord_burst=60, activity_discord_per_second=1.0))
    plain = AttackOptions(frozenset({"signin"}))
    assert budget_of(held, plain, 30.0) == (90.0, "settings: a burst of 60, then 1 a second")
    said = AttackOptions(frozenset({"signin"}), budget=5)
    assert budget_of(held, said, 30.0) == (5.0, "--budget 5 a minute")
    assert budget_of(cast(Settings, SimpleNamespace()), said, 30.0) == (5.0, "--budget 5 a minute")
    assert budget_of(cast(Settings, SimpleNamespace()), plain, 30.0) is None
