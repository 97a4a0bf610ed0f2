"""Every AI level finishes whole games at every allowed player count (and Akelarre's
team game) without an illegal action: a refused move would raise RuleError out of
``Game.play``. The hard player runs with a small budget here; its strength is the
arena's business (docs/ai.md)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Game
from games.core.budget import Budget
from games.core.levels import EasyPlayer, Level
from games.core.search import SearchPlayer
from games.registry import GAMES

# Two short worlds per decision: legality, not strength. Ten moves a playout still run the
# whole search (two worlds, both candidates, scored by standing_now); thirty took 28.6 s of
# CPU for the 16 games, ten 11.2 s.
SMALL = Budget(worlds=2, candidates=2, horizon=10)


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    out: list[tuple[str, int, dict[str, Any]]] = []
    for game_id, game in sorted(GAMES.items()):
        counts = range(game.min_players, game.max_players + 1)
        if len(counts) > 5:  # a wide range (2 to 10): its ends and middle, 2, 6 and 10, in three games
            counts = range(game.min_players, game.max_players + 1, (game.max_players - game.min_players) // 2)
        out += [(game_id, players, {}) for players in counts]
        out += [
            (game_id, players, {name: True}) for name, allowed in game.variants.items() for players in allowed
        ]
    return out


def player(game: Game[Any, Any], seat: int, level: Level) -> Any:
    if level == "hard":
        return SearchPlayer(game, seat, seed=11 + seat, budget=SMALL)
    if level == "easy":
        return EasyPlayer(game, seat, seed=11 + seat)
    return game.ai(seat)


@pytest.mark.parametrize(("game_id", "players", "options"), cases())
def test_every_level_plays_a_whole_game(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = GAMES[game_id]
    # One hard and one easy seat, the rest normal (two players: hard and easy; normal's
    # whole games at every count are the simulate tests').
    levels: list[Level] = ["hard", "easy", *(["normal"] * (players - 2))]
    state = game.new_game(players, 29 + players, options)
    seats = [player(game, seat, levels[seat]) for seat in range(players)]
    moves = 0
    while (decision := game.decision(state)) is not None:
        assert moves < 20_000, "the game did not end"
        seat = decision.actors[0]
        state, _ = game.play(state, seat, seats[seat].act(game.view(state, seat), decision))
        moves += 1
    outcome = game.outcome(state)
    assert outcome is not None and sorted(s.seat for s in outcome.standings) == list(range(players))
