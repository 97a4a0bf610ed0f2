"""Seat takeover through the table service: three timeouts in a row hand a
seat to the AI (an own action resets the count), /leave does too, a member who
is not seated asks for an AI-held seat and the host confirms; every refusal
changes nothing; the log records who held each seat when, and its entries are
not game actions (a replay of the game actions alone gives the stored state)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, Field, TypeAdapter

from bot.export import export_game
from bot.model import TableError, table_of
from bot.seats import SEAT_SOURCE, TIMEOUTS_TO_AI
from bot.table import TableService
from bot.takeover import answer_request, request_seat
from games.core import Decision, Event, Game, GameState, Outcome, Standing
from games.core.events import public
from games.core.rng import Rng
from games.core.verify import verify
from games.registry import GAMES
from tests.factory import make_settings, open_store

ROUNDS = 12
ANN, BOB, CID, DAN, EVE = 10, 11, 12, 13, 14
GAME_ACTIONS = ("player", "ai", "timeout")  # what a replay feeds to Game.play


class RoundsState(GameState):
    round: int = 1
    picks: dict[int, int] = Field(default_factory=dict)
    totals: list[int] = Field(default_factory=list)


class Pick(BaseModel):
    kind: Literal["pick"] = "pick"
    number: int


class PickOne:
    def act(self, view: Any, decision: Decision) -> Pick:
        return Pick(number=2)


class RoundsGame(Game[RoundsState, Pick]):
    """Twelve rounds; every seat picks a number at once; a random bonus (from
    the state's RNG, so a replay must reproduce it) goes to a random seat."""

    id: ClassVar[str] = "rounds"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type[GameState]] = RoundsState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Pick)

    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> RoundsState:
        return RoundsState(game="rounds", players=players, rng=Rng(seed=seed), totals=[0] * players)

    def _apply(self, state: RoundsState, seat: int, action: Pick) -> list[Event]:
        state.picks[seat] = action.number
        if len(state.picks) == state.players:
            for s, n in state.picks.items():
                state.totals[s] += n
            state.totals[state.rng.randint(0, state.players - 1)] += state.rng.randint(1, 6)
            state.picks = {}
            state.round += 1
        return [public("table.event.ended")]

    def decision(self, state: RoundsState) -> Decision | None:
        if state.round > ROUNDS:
            return None
        return Decision(
            kind="rounds.pick",
            seats=list(range(state.players)),
            mode="simultaneous",
            done=sorted(state.picks),
        )

    def view(self, state: RoundsState, seat: int | None) -> BaseModel:
        return state

    def _default(self, state: RoundsState, seat: int) -> Pick:
        return Pick(number=1)

    def outcome(self, state: RoundsState) -> Outcome | None:
        if state.round <= ROUNDS:
            return None
        return Outcome(
            reason="done", standings=[Standing(seat=s, rank=1, winner=True) for s in range(state.players)]
        )

    def ai(self, seat: int) -> Any:
        return PickOne()


NOW = [1000.0]


@pytest.fixture
async def service(database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    monkeypatch.setitem(GAMES, "rounds", RoundsGame())
    store = await open_store(database)
    NOW[0] = 1000.0
    yield TableService(store, make_settings(database), clock=lambda: NOW[0])
    await store.close()


async def _started(service: TableService, players: int = 3) -> None:
    await service.open_lobby(1, 2, ANN, "ann", "rounds", seats=players, speed="live", language="en")
    for user, name in [(BOB, "bob"), (CID, "cid")][: players - 1]:
        await service.join(1, user, name)
    await service.start(1, ANN, False)


async def _deadline(service: TableService) -> Any:
    """Let the current deadline pass: the late seats get their default."""
    row = await service.store.active(1)
    assert row is not None and row.deadline_at is not None
    NOW[0] = row.deadline_at + 1
    applied = await service.run_due(1)
    assert applied is not None and applied.auto_seats
    return applied


async def _round_without(service: TableService, *late: int) -> Any:
    """Everyone but ``late`` picks; then the deadline passes."""
    row = await service.store.active(1)
    assert row is not None and row.state is not None
    decision = GAMES["rounds"].decision(GAMES["rounds"].load_state(row.state))
    assert decision is not None
    for seat in decision.actors:
        if seat not in late:
            user = table_of(row).seats[seat].user_id
            await service.act(1, user or 0, {"kind": "pick", "number": 3})
    return await _deadline(service)


async def _seat_log(service: TableService) -> list[dict[str, Any]]:
    row = await service.store.latest(1)
    assert row is not None
    return [a.action for a in await service.store.actions(row.id) if a.source == SEAT_SOURCE]


async def test_three_timeouts_in_a_row_hand_the_seat_to_the_ai(service: TableService) -> None:
    await _started(service)
    for count in range(1, TIMEOUTS_TO_AI):
        applied = await _round_without(service, 2)
        assert applied.auto_seats == [2] and applied.table.seats[2].timeouts == count
        assert not applied.table.seats[2].ai
    applied = await _round_without(service, 2)
    cid = applied.table.seats[2]
    assert cid.ai and cid.user_id == CID and cid.name == "cid" and cid.timeouts == 0
    said = [e for e in applied.events if e.key == "takeover.event.timeouts"]
    assert said == [public("takeover.event.timeouts", name="cid", number=3)], "a public line says so"
    assert await _seat_log(service) == [
        {"kind": "seat", "seat": 2, "user_id": CID, "name": "cid", "ai": True, "reason": "timeouts"}
    ]
    # From now on the AI picks for seat 3 as soon as its turn comes: only the members are waited for.
    await service.act(1, ANN, {"kind": "pick", "number": 3})
    applied = await service.act(1, BOB, {"kind": "pick", "number": 3})
    assert isinstance(applied.state, RoundsState) and applied.state.round == TIMEOUTS_TO_AI + 2
    assert applied.decision is not None and applied.decision.done == [2], "the AI picked at once"


async def test_an_own_action_resets_the_count(service: TableService) -> None:
    await _started(service)
    for _ in range(TIMEOUTS_TO_AI - 1):
        await _round_without(service, 2)
    for user in (ANN, BOB, CID):  # cid picks this round: the run is broken
        await service.act(1, user, {"kind": "pick", "number": 3})
    row = await service.store.active(1)
    assert row is not None and table_of(row).seats[2].timeouts == 0
    for _ in range(TIMEOUTS_TO_AI - 1):
        applied = await _round_without(service, 2)
    assert not applied.table.seats[2].ai and applied.table.seats[2].timeouts == TIMEOUTS_TO_AI - 1
    assert await _seat_log(service) == []


async def test_the_last_member_keeps_the_seat(service: TableService) -> None:
    """Everyone times out: all seats but one go to the AI; an all-AI table
    would play itself to the end in one go."""
    await _started(service)
    for _ in range(TIMEOUTS_TO_AI):
        applied = await _deadline(service)
    assert [s.ai for s in applied.table.seats] == [True, True, False]
    for _ in range(TIMEOUTS_TO_AI):
        applied = await _deadline(service)
    assert [s.ai for s in applied.table.seats] == [True, True, False]
    assert applied.outcome is None


async def test_leave_hands_the_seat_to_the_ai_and_logs_it(service: TableService) -> None:
    await _started(service)
    await service.act(1, ANN, {"kind": "pick", "number": 3})
    applied = await service.leave_game(1, BOB)
    assert applied.table.seats[1].ai and applied.table.seats[1].user_id == BOB
    assert applied.events[0] == public("takeover.event.left", name="bob", number=2)
    assert applied.decision is not None and applied.decision.done == [0, 1], "the AI picked for bob"
    assert await _seat_log(service) == [
        {"kind": "seat", "seat": 1, "user_id": BOB, "name": "bob", "ai": True, "reason": "left"}
    ]
    with pytest.raises(TableError) as refused:
        await service.act(1, BOB, {"kind": "pick", "number": 3})
    assert refused.value.key == "error.not_a_player"


async def test_take_seat_requested_and_confirmed_by_the_host(service: TableService) -> None:
    await _started(service)
    await service.leave_game(1, BOB)
    opened = await service.store.active(1)
    assert opened is not None
    _row, table, request = await request_seat(service._core, 1, DAN, "dan", None)
    assert request.seat == 1 and table.requests == [request] and table.seats[1].ai
    # Asking is not a change of the game: the version stands, ann's panel (drawn before) still acts.
    asked = await service.store.active(1)
    assert asked is not None and asked.version == opened.version and table_of(asked).requests == [request]
    await service.act(1, ANN, {"kind": "pick", "number": 3}, version=opened.version)
    before = await service.store.active(1)
    assert before is not None
    answer = await answer_request(service._core, 1, ANN, False, 1, DAN, confirm=True)
    assert answer.outcome == "confirmed" and answer.applied is not None
    dan = answer.table.seats[1]
    assert dan.user_id == DAN and dan.name == "dan" and not dan.ai and answer.table.requests == []
    assert answer.applied.events == [public("takeover.event.taken", name="dan", number=2, was="bob")]
    after = await service.store.active(1)
    assert after is not None
    assert after.deadline_at == before.deadline_at, "the decision's deadline stands"
    assert table_of(after).decision_since == table_of(before).decision_since, "and so do open panels"
    # dan now plays seat 2 (the AI had already picked this round); bob does not.
    await service.act(1, CID, {"kind": "pick", "number": 3})
    applied = await service.act(1, DAN, {"kind": "pick", "number": 3})
    assert applied.table.seat_of(DAN) == 1
    with pytest.raises(TableError):
        await service.act(1, BOB, {"kind": "pick", "number": 3})
    assert await _seat_log(service) == [
        {"kind": "seat", "seat": 1, "user_id": BOB, "name": "bob", "ai": True, "reason": "left"},
        {"kind": "seat", "seat": 1, "user_id": DAN, "name": "dan", "ai": False, "reason": "taken"},
    ]


async def test_the_player_who_left_takes_the_seat_back(service: TableService) -> None:
    await _started(service)
    await service.leave_game(1, BOB)
    await request_seat(service._core, 1, BOB, "bob", 1)
    answer = await answer_request(service._core, 1, CID, True, 1, BOB, confirm=True)  # a moderator confirms
    assert answer.applied is not None
    assert answer.applied.events == [public("takeover.event.back", name="bob", number=2, was="bob")]
    assert answer.table.seat_of(BOB) == 1


async def test_a_lobby_ai_seat_may_be_taken(service: TableService) -> None:
    await service.open_lobby(1, 2, ANN, "ann", "rounds", seats=3, speed="live", language="en")
    await service.join(1, BOB, "bob")
    await service.add_ai(1, ANN, False)
    await service.start(1, ANN, False)
    await request_seat(service._core, 1, DAN, "dan", None)
    answer = await answer_request(service._core, 1, ANN, False, 2, DAN, confirm=True)
    assert answer.applied is not None
    assert answer.applied.events == [
        public("takeover.event.taken", name="dan", number=3, was="AI 1 · normal")
    ]


async def _refused(service: TableService, key: str, call: Any) -> None:
    """``call`` (an awaitable of the service) is refused with ``key`` and changes nothing."""
    before = await service.store.latest(1)
    with pytest.raises(TableError) as refused:
        await call
    assert refused.value.key == key
    after = await service.store.latest(1)
    assert after is not None and before is not None
    assert (after.version, after.table) == (before.version, before.table), "a refusal changes nothing"


async def test_refusals_change_nothing(service: TableService) -> None:
    await service.open_lobby(1, 2, ANN, "ann", "rounds", seats=4, speed="live", language="en")
    await service.join(1, BOB, "bob")
    await service.join(1, CID, "cid")
    await _refused(service, "error.not_started", request_seat(service._core, 1, DAN, "dan", None))
    await service.start(1, ANN, False)
    await _refused(service, "takeover.error.no_ai_seat", request_seat(service._core, 1, DAN, "dan", None))
    await service.leave_game(1, BOB)
    await service.leave_game(1, CID)
    await _refused(service, "takeover.error.seated", request_seat(service._core, 1, ANN, "ann", 1))
    await _refused(service, "takeover.error.not_ai", request_seat(service._core, 1, DAN, "dan", 0))
    await _refused(service, "takeover.error.which", request_seat(service._core, 1, DAN, "dan", None))
    await request_seat(service._core, 1, DAN, "dan", 1)
    await _refused(
        service, "error.host_only", answer_request(service._core, 1, EVE, False, 1, DAN, confirm=True)
    )
    await _refused(
        service, "error.host_only", answer_request(service._core, 1, EVE, False, 1, DAN, confirm=False)
    )
    await _refused(
        service, "takeover.error.stale", answer_request(service._core, 1, ANN, False, 2, DAN, confirm=True)
    )
    refused = await answer_request(service._core, 1, ANN, False, 1, DAN, confirm=False)
    assert refused.outcome == "refused" and refused.table.requests == [] and refused.table.seats[1].ai
    await _refused(
        service, "takeover.error.stale", answer_request(service._core, 1, ANN, False, 1, DAN, confirm=True)
    )
    await request_seat(service._core, 1, DAN, "dan", 1)
    await request_seat(service._core, 1, DAN, "dan", 2)  # asking again replaces the first request
    await _refused(
        service, "takeover.error.stale", answer_request(service._core, 1, ANN, False, 1, DAN, confirm=True)
    )
    withdrawn = await answer_request(service._core, 1, DAN, False, 2, DAN, confirm=False)
    assert withdrawn.outcome == "withdrawn" and withdrawn.table.requests == []
    await request_seat(service._core, 1, DAN, "dan", 1)
    await request_seat(service._core, 1, EVE, "eve", 1)
    await answer_request(service._core, 1, ANN, False, 1, DAN, confirm=True)
    # eve's request for the same seat is answered by dan's confirmation
    await _refused(
        service, "takeover.error.stale", answer_request(service._core, 1, ANN, False, 1, EVE, confirm=True)
    )
    await service.end(1, ANN, False)
    await _refused(service, "error.no_table", request_seat(service._core, 1, EVE, "eve", 2))


async def test_seat_entries_are_not_game_actions(service: TableService) -> None:
    """A replay from the seed of the player/ai/timeout entries alone rebuilds
    the stored state, with seat changes (leave, timeouts, takeover) in between."""
    await _started(service)
    await service.leave_game(1, BOB)
    await request_seat(service._core, 1, DAN, "dan", 1)
    await answer_request(service._core, 1, ANN, False, 1, DAN, confirm=True)
    for _ in range(TIMEOUTS_TO_AI):
        await _round_without(service, 2)
    while (row := await service.store.active(1)) is not None:
        await service.act(1, ANN, {"kind": "pick", "number": 1})
        if (row := await service.store.active(1)) is not None:
            await service.act(1, DAN, {"kind": "pick", "number": 2})
    row = await service.store.latest(1)
    assert row is not None and row.status == "finished" and row.state is not None
    log = await service.store.actions(row.id)
    assert {a.source for a in log} == {"start", "player", "ai", "timeout", SEAT_SOURCE}
    game = GAMES["rounds"]
    state = game.new_game(3, log[0].action["seed"], {})
    for entry in log:
        if entry.source in GAME_ACTIONS:
            assert entry.seat is not None
            state, _ = game.play(state, entry.seat, game.parse_action(entry.action))
    assert state.model_dump_json() == row.state
    verdict = verify(await export_game(service.store, row), GAMES)  # python -m games verify
    assert verdict.ok and verdict.actions == sum(a.source in GAME_ACTIONS for a in log), verdict.problems
    assert [(a.action["reason"], a.action["name"]) for a in log if a.source == SEAT_SOURCE] == [
        ("left", "bob"),
        ("taken", "dan"),
        ("timeouts", "cid"),
    ]
