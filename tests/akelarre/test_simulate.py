"""Whole games between AI players (spec §10) for every player count and the team game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.__main__ import main, option
from games.akelarre import GAME, AkelarreAI, AkelarreView
from games.core import Decision
from games.core.simulate import simulate
from tests.akelarre.akelarre_helpers import conserved, view_json
from tests.akelarre.test_properties import twin_of

SETUPS: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {}), (4, {}), (4, {"teams": True})]


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=["2p", "3p", "4p", "teams"])
def test_simulate_without_errors(players: int, options: dict[str, Any]) -> None:
    report = simulate(GAME, players, games=4, seed=players, options=options)
    assert report.errors == 0, report.error_samples
    assert report.finished == 4 and report.options == options


def test_cli_takes_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["simulate", "--game", "akelarre", "--players", "4", "--games", "2", "--option", "teams=true"]
    )
    report = json.loads(capsys.readouterr().out.strip())
    assert code == 0 and report["options"] == {"teams": True} and report["errors"] == 0
    assert option("teams=false") == ("teams", False) and option("rounds=3") == ("rounds", 3)
    assert option("name=x=y") == ("name", "x=y")
    with pytest.raises(Exception):  # noqa: B017 - argparse's ArgumentTypeError
        option("teams")


def test_ai_reads_only_its_own_view() -> None:
    """The AI gets a view, never the state; given another seat's view it refuses."""
    state = GAME.new_game(4, 3)
    decision = GAME.decision(state)
    assert decision is not None
    ai = GAME.ai(1)
    with pytest.raises(ValueError):
        ai.act(GAME.view(state, 2), decision)
    with pytest.raises(ValueError):
        ai.act(GAME.view(state, None), decision)


class Spy(AkelarreAI):
    """Records every view it is given."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.views: list[AkelarreView] = []

    def act(self, view: AkelarreView, decision: Decision):  # type: ignore[no-untyped-def]
        self.views.append(view)
        return super().act(view, decision)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"teams": True})], ids=["2p", "teams"])
def test_ai_plays_legally_and_never_sees_other_favourites(players: int, options: dict[str, Any]) -> None:
    """§10: the AI's choice is the same whatever the other favourites are, and legal."""
    state = GAME.new_game(players, 11, options)
    bots = [Spy(seat) for seat in range(players)]
    twins = [Spy(seat) for seat in range(players)]
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        assert view.favourites is None
        action = bots[seat].act(view, decision)
        twin = twin_of(state)
        twin.favourites[seat] = state.favourites[seat]  # only the others' change
        assert view_json(twin, seat) == view_json(state, seat)
        assert twins[seat].act(GAME.view(twin, seat), decision) == action
        assert action in (GAME.legal_actions(state, seat) or [])
        state, _ = GAME.play(state, seat, action)
        assert conserved(state)
    assert all(v.seat == bot.seat for bot in bots for v in bot.views)
    assert GAME.outcome(state) is not None
