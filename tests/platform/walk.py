"""Walk, the take-back tests' toy game: each seat steps or rolls a die on its turn, and after
seat 0's turn everyone picks a number in secret; the steps and picks may be taken back, a
roll may not (tests/platform/test_undo.py and the tests beside it)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter

from games.core import Decision, Event, Game, GameState, Outcome, RuleError, Standing
from games.core.events import public
from games.core.protocol import UNDO_DICE
from games.core.rng import Rng

GOAL = 12


class WalkState(GameState):
    turn: int = 0  # whose turn (seat)
    steps_left: int = 2  # steps the seat at turn may still take
    position: list[int] = Field(default_factory=list)
    picks: dict[int, int] = Field(default_factory=dict)  # the secret round's choices so far
    secret_round: bool = False


class Walk(BaseModel):
    kind: Literal["step", "roll", "end", "pick"]
    n: int = 1


class WalkGame(Game[WalkState, Walk]):
    """On your turn: step 1-3 (twice at most), or roll a die and move; then end
    your turn. After seat 0's turn, everyone picks a number in secret (the
    picks move everyone on once all are in). First to GOAL wins."""

    id: ClassVar[str] = "walk"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type[GameState]] = WalkState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Walk)

    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> WalkState:
        return WalkState(game="walk", players=players, rng=Rng(seed=seed), position=[0] * players)

    def _apply(self, state: WalkState, seat: int, action: Walk) -> list[Event]:
        if state.secret_round:
            if action.kind != "pick" or seat in state.picks:
                raise RuleError("error.bad_action", "W-2")
            state.picks[seat] = action.n
            if len(state.picks) < state.players:
                return [public("table.event.left", seat=seat)]
            for s, n in state.picks.items():
                state.position[s] += n
            state.picks, state.secret_round = {}, False
            return [public("walk.revealed", picks=len(state.position))]
        if seat != state.turn or action.kind == "pick":
            raise RuleError("error.bad_action", "W-1")
        if action.kind == "end":
            state.secret_round = state.turn == 0
            state.turn, state.steps_left = (state.turn + 1) % state.players, 2
            return [public("walk.end", seat=seat)]
        if state.steps_left == 0:
            raise RuleError("error.bad_action", "W-3")
        state.steps_left -= 1
        moved = state.rng.randint(1, 6) if action.kind == "roll" else action.n
        state.position[seat] += moved
        return [public("walk.moved", seat=seat, n=moved)]

    def decision(self, state: WalkState) -> Decision | None:
        if max(state.position) >= GOAL:
            return None
        if state.secret_round:
            seats = list(range(state.players))
            return Decision(kind="walk.pick", seats=seats, mode="simultaneous", done=sorted(state.picks))
        return Decision(kind="walk.turn", seats=[state.turn])

    def view(self, state: WalkState, seat: int | None) -> BaseModel:
        return state

    def _default(self, state: WalkState, seat: int) -> Walk:
        return Walk(kind="pick") if state.secret_round else Walk(kind="end")

    def outcome(self, state: WalkState) -> Outcome | None:
        if max(state.position) < GOAL:
            return None
        best = max(state.position)
        return Outcome(
            reason="goal",
            standings=[
                Standing(seat=s, rank=1 if p == best else 2, winner=p == best, score=p)
                for s, p in enumerate(state.position)
            ],
        )

    def undo_refusal(self, action: Walk, events: list[Event]) -> str | None:
        return UNDO_DICE if action.kind == "roll" else None

    def ai(self, seat: int) -> Any:
        raise NotImplementedError
