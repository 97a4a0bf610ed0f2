"""Whole games between AI players, through the same ``play`` path as the bot."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.errors import RuleError
from games.core.events import Event
from games.core.protocol import Game, GameState

MAX_ACTIONS_PER_GAME = 10_000


@dataclass
class SimulationReport:
    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    finished: int = 0
    errors: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins_by_seat: list[float] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            **({"options": self.options} if self.options else {}),
            "finished": self.finished,
            "errors": self.errors,
            "actions": self.actions,
            "wins_by_seat": [round(w, 3) for w in self.wins_by_seat],
            "seconds": round(self.seconds, 3),
        }


def ai_game(
    game: Game[Any, Any], players: int, seed: int, options: Mapping[str, Any] | None = None
) -> tuple[GameState, list[Event], int]:
    """Play one game between AI players (with the game ``options``, e.g. Akelarre's
    ``teams``); return the final state, every event (the opening and final ones
    included) and the number of actions."""
    state = game.new_game(players, seed, options)
    events = list(game.opening_events(state))
    bots = [game.ai(seat) for seat in range(players)]
    actions = 0
    while (decision := game.decision(state)) is not None:
        if actions >= MAX_ACTIONS_PER_GAME:
            raise RuntimeError(f"game did not end after {actions} actions")
        seat = decision.actors[0]
        action = bots[seat].act(game.view(state, seat), decision)
        state, more = game.play(state, seat, action)
        events += more
        actions += 1
    events += game.final_events(state)
    return state, events, actions


def play_one(
    game: Game[Any, Any], players: int, seed: int, options: Mapping[str, Any] | None = None
) -> tuple[GameState, int]:
    """Play one game between AI players; return the final state and action count."""
    state, _events, actions = ai_game(game, players, seed, options)
    return state, actions


def simulate(
    game: Game[Any, Any], players: int, games: int, seed: int, options: Mapping[str, Any] | None = None
) -> SimulationReport:
    chosen = dict(options or {})
    report = SimulationReport(game.id, players, games, seed, options=chosen, wins_by_seat=[0.0] * players)
    for index in range(games):
        try:
            state, actions = play_one(game, players, seed * 1_000_003 + index, chosen)
        except (RuleError, RuntimeError, ValueError) as error:
            report.errors += 1
            if len(report.error_samples) < 5:
                report.error_samples.append(f"game {index}: {error!r}")
            continue
        report.actions += actions
        outcome = game.outcome(state)
        if outcome is not None:
            report.finished += 1
            for seat in outcome.winners:
                report.wins_by_seat[seat] += 1 / len(outcome.winners)
    return report
