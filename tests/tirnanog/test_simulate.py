"""Whole games between AI players (spec §10) for 2, 3 and 4 players, through ``play``;
the AI reads only its own view."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.core import Decision
from games.core.simulate import simulate
from games.tirnanog import GAME, TirNanOgAI, TirNanOgView
from tests.tirnanog.test_properties import scrambled
from tests.tirnanog.tirnanog_helpers import conserved

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_without_errors(players: int) -> None:
    report = simulate(GAME, players, games=12, seed=players)
    assert report.errors == 0, report.error_samples
    assert report.finished == 12
    # §8.2's play-test: about 60 (2p) to 94 (4p) turns; an action is a turn or a short answer.
    assert 20 * players <= report.actions / 12 <= 100 * players


def test_ai_reads_only_its_own_view() -> None:
    """The AI gets a view, never the state; given another seat's (or the public) view it refuses."""
    state = GAME.new_game(4, 3)
    decision = GAME.decision(state)
    assert decision is not None
    ai = GAME.ai(decision.actors[0])
    with pytest.raises(ValueError):
        ai.act(GAME.view(state, (decision.actors[0] + 1) % 4), decision)
    with pytest.raises(ValueError):
        ai.act(GAME.view(state, None), decision)


def test_the_ai_module_never_touches_the_state() -> None:
    """ai.py and defaults.py import no state, rules or flow module: they can only read a view."""
    for name in ("ai.py", "defaults.py"):
        source = (ROOT / "games" / "tirnanog" / name).read_text()
        imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
        forbidden = {
            "games.tirnanog.state",
            "games.tirnanog.rules",
            "games.tirnanog.turn",
            "games.tirnanog.dispute",
            "games.tirnanog.powers",
        }
        assert not forbidden & imported, name
        assert "TirNanOgState" not in source


class Spy(TirNanOgAI):
    """Records every view it is given."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.views: list[TirNanOgView] = []

    def act(self, view: TirNanOgView, decision: Decision):  # type: ignore[no-untyped-def]
        self.views.append(view)
        return super().act(view, decision)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ai_games_conserve_cards_and_the_ai_sees_no_secret(players: int) -> None:
    """Hidden information changed (others' hands, deck order, RNG): the AI does the same."""
    state = GAME.new_game(players, 11)
    bots = [Spy(seat) for seat in range(players)]
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        action = bots[seat].act(GAME.view(state, seat), decision)
        assert action == TirNanOgAI(seat).act(GAME.view(scrambled(state, seat), seat), decision)
        assert action in (GAME.legal_actions(state, seat) or [])
        state, _ = GAME.play(state, seat, action)
        assert conserved(state)
    assert all(v.seat == bot.seat and v.hand is not None for bot in bots for v in bot.views)
    assert GAME.outcome(state) is not None


def test_ai_follows_the_strategy() -> None:
    """§10.1 consolidate when possible (river first); §10.5 join a dispute with 3 of a kind."""
    from games.tirnanog import Consolidate, Declare, TakeTerritory
    from tests.tirnanog.tirnanog_helpers import make_state, play, species

    state = make_state(2, hands=["DEEGFF", "DEF"], reserves={0: ["plain_01", "river_01"]})
    decision = GAME.decision(state)
    assert decision is not None
    action = GAME.ai(0).act(GAME.view(state, 0), decision)
    assert isinstance(action, Consolidate) and action.territory == "river_01"
    state = make_state(
        2,
        hands=["DDD", "E"],
        stacks={1: ["castle_02"]},
        piles={"river": ["river_01", "fountain_1", "river_02"]},
    )
    state, _ = play(state, 0, TakeTerritory(terrain="river"))
    decision = GAME.decision(state)
    assert decision is not None
    assert GAME.ai(0).act(GAME.view(state, 0), decision) == Declare(take_part=True)
    state, _ = play(state, 0, Declare(take_part=True))
    decision = GAME.decision(state)
    assert decision is not None
    # A castle on top and a largest count of 1: stay out (§10.5).
    assert GAME.ai(1).act(GAME.view(state, 1), decision) == Declare(take_part=False)
    assert species("D") == ["dragon"]
