"""Whole games between AI players (spec §10) for every player count, through ``play``."""

from __future__ import annotations

import pytest

from games.core import Decision
from games.core.simulate import simulate
from games.talismani import GAME, TalismaniAI, TalismaniView
from tests.talismani.talismani_helpers import conserved
from tests.talismani.test_properties import view_json, without_choices


def check_simulate(players: int, games: int) -> None:
    report = simulate(GAME, players, games=games, seed=players)
    assert report.errors == 0, report.error_samples
    assert report.finished == games


@pytest.mark.parametrize("players", range(2, 11))
def test_simulate_without_errors(players: int) -> None:
    """3 AI games for each player count (27 in all); the 6-a-count soak is ``pytest -m slow``."""
    check_simulate(players, 3)


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_simulate_without_errors_soak(players: int) -> None:
    """The soak: 6 AI games for each player count."""
    check_simulate(players, 6)


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


class Spy(TalismaniAI):
    """Records every view it is given."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.views: list[TalismaniView] = []

    def act(self, view: TalismaniView, decision: Decision):  # type: ignore[no-untyped-def]
        self.views.append(view)
        return super().act(view, decision)


@pytest.mark.parametrize("players", [2, 6, 10])
def test_ai_games_conserve_cards_and_the_ai_sees_no_secret(players: int) -> None:
    state = GAME.new_game(players, 11)
    bots = [Spy(seat) for seat in range(players)]
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        # Others' secret plays are absent from the view the AI gets.
        assert view_json(state, seat) == view_json(without_choices(state, keep=seat), seat)
        action = bots[seat].act(view, decision)
        assert action in (GAME.legal_actions(state, seat) or [])
        state, _ = GAME.play(state, seat, action)
        assert conserved(state)
    assert all(v.seat == bot.seat for bot in bots for v in bot.views)
    assert GAME.outcome(state) is not None


def test_ai_forges_and_sets_aside() -> None:
    """§10.1 and §10.2."""
    from games.talismani import Forge, SetAside, Talisman
    from tests.talismani.talismani_helpers import make_state, play_turn

    state = make_state(3, [["fog-1"], ["sun-9"], ["rain-2", "rain-3"]])
    state.pending[0] = [Talisman(suit="sun", cards=["sun-4", "sun-5"])]
    decision = GAME.decision(state)
    assert decision is not None
    assert GAME.ai(0).act(GAME.view(state, 0), decision) == Forge()
    state, _ = play_turn(state, {0: "forge", 1: ["sun-9"], 2: ["rain-2", "rain-3"]})
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "talismani.set_aside"
    assert GAME.ai(2).act(GAME.view(state, 2), decision) == SetAside(yes=True)
