"""The hard player's search (games.core.search): every candidate is compared in the
same worlds, a playout stops at the budget's horizon and is then scored by the
game's standing, and the arena's oracle searches the true state. Strength is the
arena's business (docs/ai.md); these check the mechanics."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.akelarre import AkelarreState
from games.arena import OraclePlayer, SeerPlayer
from games.core import Game, GameState
from games.core.budget import Budget
from games.core.search import MARGIN_WEIGHT, SearchPlayer, clearly_better, play_out, reward, value
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


@pytest.mark.parametrize(
    "game_id", [g for g, game in GAMES.items() if type(game).standing_now is not Game.standing_now]
)
def test_a_stopped_playout_is_scored_by_the_standing(game_id: str) -> None:
    """The long games (Narnia, Akelarre) score a world stopped at the horizon by
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


def with_choices(game: Game[Any, Any], choices: int) -> GameState:
    """The first position from the 9th move on where the seat to act has at
    least ``choices`` legal moves."""
    for moves in range(9, 200):
        state = midgame(game, moves)
        decision = game.decision(state)
        assert decision is not None
        if len(game.legal_actions(state, decision.actors[0]) or []) >= choices:
            return state
    raise AssertionError("no such position")


def record_playouts(
    monkeypatch: pytest.MonkeyPatch, player: SearchPlayer, seat: int
) -> tuple[list[GameState], list[tuple[int, str]]]:
    """Spy on a search: the worlds it samples, and per candidate played by ``seat``
    the world's number (1, 2, ...) and the move."""
    game = player.game
    sampled: list[GameState] = []
    played: list[tuple[int, str]] = []
    real_sample, real_play = player.sample, game.play

    def sample(view: Any, rng: random.Random) -> GameState | None:
        world = real_sample(view, rng)
        assert world is not None
        sampled.append(world)
        return world

    def play(world: Any, actor: int, action: Any) -> Any:
        if actor == seat and any(world is w for w in sampled):
            played.append((len(sampled), action.model_dump_json()))
        return real_play(world, actor, action)

    monkeypatch.setattr(player, "sample", sample)
    monkeypatch.setattr(game, "play", play)
    return sampled, played


def test_candidates_are_compared_in_the_same_worlds_then_halved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Common random numbers and successive halving: round one plays every
    candidate in each of the first half of the worlds; round two plays only the
    normal move and one challenger, both in each fresh world; the playouts add up
    to at most worlds x candidates."""
    game = GAMES["tirnanog"]
    state = with_choices(game, 3)
    decision = game.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    player = SearchPlayer(game, seat, seed=3, budget=Budget(worlds=4, candidates=3))
    sampled, played = record_playouts(monkeypatch, player, seat)
    player.act(game.view(state, seat), decision)
    first_round = [p for p in played if p[0] <= 2]
    second_round = [p for p in played if p[0] > 2]
    candidates = {move for _, move in first_round}
    assert len(candidates) == 3
    assert sorted(first_round) == sorted((w, m) for w in (1, 2) for m in candidates)
    finalists = {move for _, move in second_round}
    assert len(finalists) == 2 and finalists < candidates
    assert sorted(second_round) == sorted((w, m) for w in (3, 4, 5) for m in finalists)
    assert len(sampled) == 5 and len(played) <= 4 * 3


def test_the_move_cap_stops_sampling_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Budget.moves: once the playouts have simulated the cap, no world is added
    (round one stops at half of it), so an opening decision is as quick as a late one."""
    game = GAMES["tirnanog"]
    state = with_choices(game, 3)
    decision = game.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    free = SearchPlayer(game, seat, seed=3, budget=Budget(worlds=8, candidates=3))
    capped = SearchPlayer(game, seat, seed=3, budget=Budget(worlds=8, candidates=3, moves=100))
    sampled_free, _ = record_playouts(monkeypatch, free, seat)
    free.act(game.view(state, seat), decision)
    sampled_capped, _ = record_playouts(monkeypatch, capped, seat)
    chosen = capped.act(game.view(state, seat), decision)
    assert len(sampled_free) == 4 + 6  # 4 worlds of 3, then 6 pairs
    # A playout from move 9 is far longer than 100 moves: one world, and from one
    # world alone the search does not leave the normal move.
    assert len(sampled_capped) == 1
    assert capped.spent[0] >= 100
    assert chosen == game.ai(seat).act(game.view(state, seat), decision)


def test_the_normal_move_is_left_only_for_a_clearly_better_one() -> None:
    assert not clearly_better([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])  # no better: normal
    assert not clearly_better([0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 0.0])  # noise
    assert not clearly_better([1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.2, 0.0])  # one lucky world
    assert not clearly_better([1.0], [0.0])  # one world: no spread to judge by
    assert clearly_better([1.0, 1.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0])  # won where normal lost
    assert clearly_better([0.6, 0.5, 0.7], [0.5, 0.4, 0.6])  # better in every world


def test_a_world_is_worth_its_win_and_a_little_of_its_margin() -> None:
    """value: the reward plus MARGIN_WEIGHT times the score against the others' mean."""
    game = GAMES["narnia"]
    state = midgame(game, 60)
    standing = game.standing_now(state)
    assert standing is not None
    scores = {s.seat: s.score for s in standing.standings}
    for seat in range(3):
        mine = scores[seat]
        assert mine is not None
        others = [v for k, v in scores.items() if k != seat and v is not None]
        rivals = sum(others) / len(others)
        margin = (mine - rivals) / (abs(mine) + abs(rivals) + 1)
        assert value(game, state, seat) == pytest.approx(reward(game, state, seat) + MARGIN_WEIGHT * margin)
    best = max(range(3), key=lambda seat: value(game, state, seat))
    assert best in standing.winners


def test_the_oracle_searches_the_true_state_with_fresh_dice() -> None:
    game = GAMES["magmor"]
    state = midgame(game, 6)
    oracle = OraclePlayer(game, 0, seed=1)
    oracle.truth = state
    world = oracle.sample(game.view(state, 0), random.Random(2))
    assert world is not None
    assert world.model_copy(update={"rng": state.rng}) == state
    assert world.rng != state.rng


def test_the_seer_knows_every_akelarre_hand_and_favourite_but_not_the_deck_order() -> None:
    """The arena's seer (``Game.dealt_world``): what was dealt, not what a draw will bring."""
    game = GAMES["akelarre"]
    state = midgame(game, 20)
    assert isinstance(state, AkelarreState)
    seer = SeerPlayer(game, 0, seed=1)
    seer.truth = state
    world = seer.sample(game.view(state, 0), random.Random(2))
    assert isinstance(world, AkelarreState)
    assert world.model_copy(update={"rng": state.rng, "deck": state.deck}) == state
    assert sorted(world.deck) == sorted(state.deck) and world.deck != state.deck
    assert world.rng != state.rng


def test_elsewhere_the_seer_is_the_oracle() -> None:
    game = GAMES["magmor"]
    state = midgame(game, 6)
    oracle, seer = OraclePlayer(game, 0, seed=1), SeerPlayer(game, 0, seed=1)
    oracle.truth = seer.truth = state
    view = game.view(state, 0)
    assert seer.sample(view, random.Random(3)) == oracle.sample(view, random.Random(3))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_decision_without_worlds_is_the_normal_move_and_samples_nothing(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Game.search_budget_for`` may give a decision no worlds (Narnia before its
    endgame): hard then plays the normal move without sampling one."""
    game = GAMES[game_id]
    state = midgame(game, 10)
    decision = game.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    view = game.view(state, seat)

    def no_world(view: Any, rng: random.Random) -> GameState:
        raise AssertionError("sampled a world")

    monkeypatch.setattr(game, "search_budget_for", lambda view: Budget(worlds=0))
    monkeypatch.setattr(game, "sample_world", no_world)
    advice = SearchPlayer(game, seat, 3).advise(view, decision)
    assert advice.move == advice.normal == game.ai(seat).act(view, decision)
    assert advice.worlds == 0
