"""``Game.play_owned`` (the table service's act: the state changed in place, no
copy) is ``Game.play`` to the letter: the same state, the same events and the
same refusals, with a game's own early refusals (Tir Nan Og's declarations,
TNO-4.5.2) before the core's turn check. Whole AI games of every game."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import RuleError
from games.core.rng import Rng
from games.registry import GAMES

SEEDS = (1, 2)


def _refusal(play: Any, state: Any, seat: int, action: Any) -> tuple[str, str | None] | None:
    try:
        play(state, seat, action)
    except RuleError as error:
        return error.key, error.rule
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
def test_play_owned_is_play_without_the_copy(game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    players = min(max(3, game.min_players), game.max_players)
    state = game.new_game(players, seed, {})
    chooser = Rng(seed=seed)
    refusals = 0
    for _ in range(5_000):
        decision = game.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        action = game.ai(seat).act(game.view(state, seat), decision)
        expected, events = game.play(state, seat, action)
        before = state.model_dump_json()
        owned, owned_events = game.play_owned(type(state).model_validate_json(before), seat, action)
        assert owned.model_dump_json() == expected.model_dump_json()
        assert owned_events == events
        # Someone else making the same move: the same refusal, and play() changed nothing.
        others = [s for s in range(players) if s not in decision.actors]
        if others:
            other = others[chooser.randint(0, len(others) - 1)]
            refused = _refusal(game.play, state, other, action)
            assert refused is not None
            copy = type(state).model_validate_json(before)
            assert _refusal(game.play_owned, copy, other, action) == refused
            assert state.model_dump_json() == before
            refusals += 1
        state = expected
    assert game.decision(state) is None, "the game ends"
    assert refusals > 0
