"""The hard player's search (games.core.search): every candidate is compared in the
same worlds, a playout stops at the budget's horizon and is then scored by the
game's standing, and the arena's oracle searches the true state. Strength is the
arena's business (README); these check the mechanics."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.arena import OraclePlayer
from games.core import Game, GameState
from games.core.budget import Budget
from games.core.search import SearchPlayer, play_out, reward
from games.registry import GAMES


def midgame(game: Game[Any, Any], moves: int, seed: int = 4) -> GameState:
    """A 3-player game after ``moves`` normal moves."""
    state = game.new_game(3, seed, {})
    players = [game.ai(seat) for seat in range(3)]
    for _ in range(moves):
        decision = game.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        state, _ = game.play(state, seat, players[seat].act(game.view(state, seat), decision))
    return state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_playout_stops_at_the_horizon(game_id: str) -> None:
    game = GAMES[game_id]
    state = midgame(game, 12)
    players = [game.ai(seat) for seat in range(3)]
    played = play_out(game, state.model_copy(deep=True), players, horizon=5)
    assert game.outcome(played) is None  # none of these games ends within 17 moves
    # Five moves further: the same five a normal game plays from here.
    expected = state
    for _ in range(5):
        decision = game.decision(expected)
        assert decision is not None
        seat = decision.actors[0]
        expected, _ = game.play(expected, seat, players[seat].act(game.view(expected, seat), decision))
    assert played == expected
    ended = play_out(game, state.model_copy(deep=True), players)
    assert game.outcome(ended) is not None  # without a horizon, to the end


@pytest.mark.parametrize("game_id", ["narnia", "akelarre"])
def test_a_stopped_playout_is_scored_by_the_standing(game_id: str) -> None:
    """Narnia and Akelarre, long games, score a world stopped at the horizon by
    their own ranking as it stands (NA-5.2-5.4 by territories; AK-12 by points)."""
    game = GAMES[game_id]
    state = midgame(game, 60)
    standing = game.standing_now(state)
    assert standing is not None and game.outcome(state) is None
    values = [reward(game, state, seat) for seat in range(3)]
    assert sum(values) == pytest.approx(1.0)
    for seat in range(3):
        winners = standing.winners
        assert values[seat] == (1 / len(winners) if seat in winners else 0.0)


def test_narnia_standing_ranks_by_territories() -> None:
    game = GAMES["narnia"]
    state: Any = midgame(game, 60)
    counts = [len(state.owned(seat)) for seat in range(3)]
    standing = game.standing_now(state)
    assert standing is not None
    best = max(counts)
    assert all(counts[seat] == best for seat in standing.winners)
    assert {s.seat: s.score for s in standing.standings} == dict(enumerate(counts))


def test_the_games_without_a_standing_count_a_fair_share() -> None:
    game = GAMES["magmor"]
    state = midgame(game, 6)
    assert game.standing_now(state) is None
    assert reward(game, state, 0) == pytest.approx(1 / 3)


def test_every_candidate_is_played_in_the_same_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Common random numbers: the worlds sampled per decision are the budget's count,
    not one per candidate, and each candidate is played once in each."""
    game = GAMES["tirnanog"]
    state = midgame(game, 9)
    decision = game.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    player = SearchPlayer(game, seat, seed=3, budget=Budget(worlds=3, candidates=3))
    sampled: list[GameState] = []
    played: list[int] = []
    real_sample, real_play = player.sample, game.play

    def sample(view: Any, rng: random.Random) -> GameState | None:
        world = real_sample(view, rng)
        assert world is not None
        sampled.append(world)
        return world

    def play(world: Any, actor: int, action: Any) -> Any:
        if actor == seat and any(world is w for w in sampled):
            played.append(len(sampled))
        return real_play(world, actor, action)

    monkeypatch.setattr(player, "sample", sample)
    monkeypatch.setattr(game, "play", play)
    player.act(game.view(state, seat), decision)
    assert len(sampled) == 3
    moves = len(played) // 3
    assert moves >= 2 and played == [w for w in (1, 2, 3) for _ in range(moves)]


def test_the_oracle_searches_the_true_state_with_fresh_dice() -> None:
    game = GAMES["magmor"]
    state = midgame(game, 6)
    oracle = OraclePlayer(game, 0, seed=1)
    oracle.truth = state
    world = oracle.sample(game.view(state, 0), random.Random(2))
    assert world is not None
    assert world.model_copy(update={"rng": state.rng}) == state
    assert world.rng != state.rng
