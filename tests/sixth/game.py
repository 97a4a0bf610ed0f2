"""Corsa's rules: a pure engine on games.core, as a game under games/ would be.

CO-1: the goal is 3 to 30 steps (10 unless the host says otherwise).
CO-2: the seats move in turn, 1 or 2 steps each.
CO-3: the first to reach the goal wins; the others rank by how far they got.
Every move advances someone by at least one step, so a game ends within
``players * goal`` moves.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, TypeAdapter

from games.core import Decision, Event, Game, GameState, Outcome, RuleError, Standing
from games.core.events import public
from games.core.options import Option, Setting
from games.core.rng import Rng

GOAL, MIN_GOAL, MAX_GOAL = 10, 3, 30


class CorsaState(GameState):
    goal: int
    positions: list[int]
    turn: int = 0
    winner: int | None = None


class Run(BaseModel):
    kind: Literal["run"] = "run"
    steps: Literal[1, 2]


class Sprinter:
    """The AI: always the longer run."""

    def act(self, view: Any, decision: Decision) -> Run:
        return Run(steps=2)


class CorsaGame(Game[CorsaState, Run]):
    id: ClassVar[str] = "corsa"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    catalog_order: ClassVar[int] = 6
    state_type: ClassVar[type[GameState]] = CorsaState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Run)
    options: ClassVar[tuple[Option, ...]] = (
        Setting(name="goal", words="corsa.option.goal", default=GOAL, minimum=MIN_GOAL, maximum=MAX_GOAL),
    )

    def check_setting(self, name: str, value: Any) -> None:
        if not isinstance(value, int) or not MIN_GOAL <= value <= MAX_GOAL:
            raise RuleError("corsa.error.goal", "CO-1", min=MIN_GOAL, max=MAX_GOAL)

    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> CorsaState:
        goal = options.get("goal", GOAL)
        self.check_setting("goal", goal)
        positions = [0] * players
        return CorsaState(game=self.id, players=players, rng=Rng(seed=seed), goal=goal, positions=positions)

    def decision(self, state: CorsaState) -> Decision | None:
        if state.winner is not None:
            return None
        return Decision(kind="corsa.run", seats=[state.turn], rule="CO-2")

    def legal_actions(self, state: CorsaState, seat: int) -> list[Run] | None:
        return [Run(steps=1), Run(steps=2)]

    def _apply(self, state: CorsaState, seat: int, action: Run) -> list[Event]:
        state.positions[seat] = min(state.goal, state.positions[seat] + action.steps)
        events = [public("corsa.event.ran", seat=seat, count=action.steps, position=state.positions[seat])]
        if state.positions[seat] >= state.goal:
            state.winner = seat
            events.append(public("corsa.event.arrived", seat=seat))
        else:
            state.turn = (seat + 1) % state.players
        return events

    def _default(self, state: CorsaState, seat: int) -> Run:
        return Run(steps=1)

    def view(self, state: CorsaState, seat: int | None) -> BaseModel:
        return state.model_copy(deep=True)  # nothing is hidden in a race

    def outcome(self, state: CorsaState) -> Outcome | None:
        if state.winner is None:
            return None
        order = sorted(range(state.players), key=lambda s: (s != state.winner, -state.positions[s]))
        standings, rank = [], 0
        for index, seat in enumerate(order):
            if index == 0 or state.positions[seat] != state.positions[order[index - 1]]:
                rank = index + 1
            standings.append(
                Standing(seat=seat, rank=rank, winner=seat == state.winner, score=state.positions[seat])
            )
        return Outcome(reason="arrived", standings=standings)

    def ai(self, seat: int) -> Sprinter:
        return Sprinter()


GAME = CorsaGame()
