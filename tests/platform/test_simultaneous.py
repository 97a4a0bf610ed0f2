"""The table service with a decision taken by several seats at once (DESIGN §3):
one deadline for the whole decision, the late seats' defaults at it, no second
choice, and nobody's choice in public before the reveal."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, Field, TypeAdapter

from bot.model import TableError
from bot.table import TableService
from games.core import Decision, Event, Game, GameState, Outcome, RuleError, Standing
from games.core.events import private, public
from games.core.rng import Rng
from games.registry import GAMES
from tests.factory import make_settings, open_store


class GuessState(GameState):
    round: int = 1
    choices: dict[int, int] = Field(default_factory=dict)
    scores: list[int] = Field(default_factory=list)


class Guess(BaseModel):
    kind: Literal["guess"] = "guess"
    number: int


class GuessGame(Game[GuessState, Guess]):
    """Two rounds: everyone secretly picks 1-3 at once; the highest pick scores."""

    id: ClassVar[str] = "guess"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type[GameState]] = GuessState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Guess)

    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> GuessState:
        return GuessState(game="guess", players=players, rng=Rng(seed=seed), scores=[0] * players)

    def _apply(self, state: GuessState, seat: int, action: Guess) -> list[Event]:
        if not 1 <= action.number <= 3:
            raise RuleError("error.bad_action", "G-1")
        state.choices[seat] = action.number
        events = [private(seat, "table.event.left", seat=seat), public("table.event.left", seat=seat)]
        if len(state.choices) == state.players:
            best = max(state.choices.values())
            for s, n in state.choices.items():
                state.scores[s] += n == best
            state.choices = {}
            state.round += 1
        return events

    def decision(self, state: GuessState) -> Decision | None:
        if state.round > 2:
            return None
        return Decision(
            kind="guess.pick",
            seats=list(range(state.players)),
            mode="simultaneous",
            done=sorted(state.choices),
            rule="G-2",
        )

    def view(self, state: GuessState, seat: int | None) -> BaseModel:
        return state

    def _default(self, state: GuessState, seat: int) -> Guess:
        return Guess(number=1)

    def outcome(self, state: GuessState) -> Outcome | None:
        if state.round <= 2:
            return None
        return Outcome(
            reason="done",
            standings=[Standing(seat=s, rank=1, winner=True) for s in range(state.players)],
        )

    def ai(self, seat: int) -> Any:
        raise NotImplementedError


NOW = [1000.0]


@pytest.fixture
async def service(database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    monkeypatch.setitem(GAMES, "guess", GuessGame())
    store = await open_store(database)
    NOW[0] = 1000.0
    yield TableService(store, make_settings(database), clock=lambda: NOW[0])
    await store.close()


async def _started(service: TableService) -> None:
    await service.open_lobby(1, 2, 10, "ann", "guess", seats=3, speed="live", language="en")
    await service.join(1, 11, "bob")
    await service.join(1, 12, "cid")
    await service.start(1, 10, True)


async def test_one_deadline_for_the_whole_decision(service: TableService) -> None:
    await _started(service)
    row = await service.store.active(1)
    assert row is not None and row.deadline_at is not None
    deadline = row.deadline_at
    NOW[0] += 10
    applied = await service.act(1, 11, {"kind": "guess", "number": 3})
    assert applied.continued, "bob's pick leaves the same decision open"
    assert applied.decision is not None and applied.decision.done == [1]
    assert applied.decision.actors == [0, 2]
    assert applied.row.deadline_at == deadline, "a pick must not push the deadline back"


async def test_second_choice_is_refused_with_the_rule(service: TableService) -> None:
    await _started(service)
    await service.act(1, 11, {"kind": "guess", "number": 3})
    before = await service.store.active(1)
    with pytest.raises(RuleError) as refused:
        await service.act(1, 11, {"kind": "guess", "number": 2})
    assert refused.value.key == "error.already_decided" and refused.value.rule == "G-2"
    after = await service.store.active(1)
    assert after is not None and before is not None and after.version == before.version


async def test_deadline_applies_every_late_seats_default(service: TableService) -> None:
    await _started(service)
    await service.act(1, 11, {"kind": "guess", "number": 3})
    row = await service.store.active(1)
    assert row is not None and row.deadline_at is not None
    NOW[0] = row.deadline_at + 1
    applied = await service.run_due(1)
    assert applied is not None
    assert applied.auto_seats == [0, 2], "both late seats get their default, not just the first"
    assert not applied.continued
    state = applied.state
    assert isinstance(state, GuessState) and state.round == 2 and state.scores == [0, 1, 0]
    deadline = applied.row.deadline_at
    assert deadline is not None and deadline > NOW[0], "a new round, a new deadline"


async def test_the_last_pick_closes_the_decision(service: TableService) -> None:
    await _started(service)
    for user in (10, 11):
        await service.act(1, user, {"kind": "guess", "number": 2})
    applied = await service.act(1, 12, {"kind": "guess", "number": 1})
    assert not applied.continued
    assert applied.decision is not None and applied.decision.done == []


async def test_panels_stay_valid_while_others_choose(service: TableService) -> None:
    """Others' hidden choices change nothing a late seat may see, so its panel
    (drawn at an older version) still acts; a panel from before the decision
    opened does not."""
    await _started(service)
    opened = await service.store.active(1)
    assert opened is not None
    await service.act(1, 11, {"kind": "guess", "number": 3}, version=opened.version)
    await service.save_draft(1, 2, opened.version, {"n": 2})
    assert await service.draft(1, 2) == {"n": 2}
    applied = await service.act(1, 12, {"kind": "guess", "number": 2}, version=opened.version)
    assert applied.continued
    await service.act(1, 10, {"kind": "guess", "number": 1}, version=opened.version)
    assert await service.draft(1, 2) is None, "the next decision starts clean"
    with pytest.raises(TableError) as stale:
        await service.act(1, 11, {"kind": "guess", "number": 3}, version=opened.version)
    assert stale.value.key == "error.stale"
