"""A long AI stretch never fails a member's move (issue "Every game ends"): the
member's move is committed as soon as it is applied, the AI seats play on in
bounded slices, each committed, continued by the scheduler; a kill between
slices loses and repeats nothing; an AI that fails costs nobody their move."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.ai_moves import (
    AI_DETAIL_MOVES,
    AI_MOVES_EVENT,
    AI_SUMMARY_MOVES,
    AI_TAIL_MOVES,
    AiStalled,
    told,
)
from bot.export import export_game
from bot.model import Applied
from bot.table import TableService
from games.core import Event
from games.core.events import public
from games.core.verify import verify
from games.narnia import NarniaAI
from games.registry import GAMES
from tests.factory import make_settings, open_store
from tests.narnia.test_round_cap import LONE_SEED, SURVIVOR, lone_seat

CHANNEL = 7
HOST, MEMBER = 700, 800
NARNIA = GAMES["narnia"]


async def service_on(database: str, **settings: Any) -> TableService:
    store = await open_store(database)
    return TableService(store, make_settings(database, **settings), clock=lambda: 1000.0)


@pytest_asyncio.fixture
async def small_slices(database: str) -> AsyncIterator[TableService]:
    service = await service_on(database, ai_slice_moves=3)
    yield service
    await service.store.close()


async def ai_table(service: TableService, game_id: str, ais: int, *, member: bool = False) -> None:
    await service.open_lobby(CHANNEL, 1, HOST, "host", game_id, seats=None, speed="live", language="en")
    if member:
        await service.join(CHANNEL, MEMBER, "member")
    for _ in range(ais):
        await service.add_ai(CHANNEL, HOST, may_manage=False)
    await service.start(CHANNEL, HOST, may_manage=False)


async def play_on(service: TableService, applied: Applied) -> list[Applied]:
    """What the scheduler does with a stretch left pending: run_due, slice after slice."""
    slices = []
    while applied.ai_pending:
        more = await service.run_due(CHANNEL)
        assert more is not None and more.ai_resumed
        slices.append(more)
        applied = more
    return slices


async def host_move(service: TableService) -> Applied:
    """The host makes their own move (the default one), by the button's path."""
    row = await service.store.active(CHANNEL)
    assert row is not None
    state = NARNIA.load_state(row.state or "")
    action = NARNIA.default_action(state, 0)
    return await service.act(CHANNEL, HOST, action.model_dump(), version=row.version)


async def test_a_members_move_lands_before_a_stretch_longer_than_a_slice(small_slices: TableService) -> None:
    """Slices of 3 AI moves: the host's move is committed with the first slice, the
    rest is played by run_due in committed slices, and the host must act again."""
    service = small_slices
    await ai_table(service, "narnia", 3)
    for _ in range(200):  # until a move of the host's hands over a stretch of more than 3
        applied = await host_move(service)
        if applied.ai_pending:
            break
    else:
        raise AssertionError("no stretch longer than a slice")
    assert applied.ai_moves == 3
    log = await service.store.actions(applied.row.id)
    player_rows = [a for a in log if a.source == "player"]
    assert player_rows[-1].version == applied.row.version - 3  # the host's move is in, first
    slices = await play_on(service, applied)
    assert slices and all(1 <= s.ai_moves <= 3 for s in slices)
    last = slices[-1]
    decision = last.decision
    assert decision is not None and decision.actors == [0]  # the host's turn again
    settings = service.settings
    assert last.row.deadline_at in (1000.0 + settings.live_long_seconds, 1000.0 + settings.live_short_seconds)
    assert not last.ai_pending


async def test_the_lone_seat_table_ends_by_the_cap_through_the_service(database: str) -> None:
    """The table seen stuck: two members out, the AI seat against the Witch. From the
    scheduler, slice after slice (200 moves each), it ends at the end of round 100
    with the AI seat the winner; nothing is refused, nothing raises."""
    service = await service_on(database)
    try:
        await ai_table(service, "narnia", 1, member=True)
        row = await service.store.active(CHANNEL)
        assert row is not None
        row.state = lone_seat(LONE_SEED).model_dump_json()
        row.deadline_at = 0.0  # the AI seat is to act: as after a slice
        await service.store.save(row, now=1000.0)
        first = await service.run_due(CHANNEL)
        assert first is not None
        slices = [first, *await play_on(service, first)]
        assert len(slices) > 2 and all(s.ai_moves <= service.settings.ai_slice_moves for s in slices)
        final = slices[-1]
        assert final.finished
        outcome = final.outcome
        assert outcome is not None and outcome.reason == "round_cap" and outcome.winners == [SURVIVOR]
        assert final.state is not None and final.state.round == 100  # type: ignore[attr-defined]
    finally:
        await service.store.close()


async def test_a_kill_between_slices_loses_and_repeats_nothing(database: str) -> None:
    """The host leaves a table of AI seats: the AI plays the whole game in slices of
    25. The process dies after two slices; a new one on the same database plays the
    rest from the scheduler. The export then verifies: every version once, no gap,
    every move replayed from the seed to the very final state."""
    first = await service_on(database, ai_slice_moves=25)
    await ai_table(first, "narnia", 3)
    applied = await first.leave_game(CHANNEL, HOST)
    assert applied.ai_pending
    more = await first.run_due(CHANNEL)
    assert more is not None and more.ai_pending
    killed_at = more.row.version
    await first.store.close()  # the process dies here: nothing else of it runs

    second = await service_on(database, ai_slice_moves=25)
    try:
        row = await second.store.active(CHANNEL)
        assert row is not None and row.version == killed_at and row.deadline_at is not None
        assert row.deadline_at <= 1000.0  # due: the scheduler's next tick plays on
        rest = await second.run_due(CHANNEL)
        assert rest is not None
        slices = [rest, *await play_on(second, rest)]
        assert slices[-1].finished
        finished = await second.store.latest_finished(CHANNEL)
        assert finished is not None
        export = json.loads(json.dumps(await export_game(second.store, finished)))
        versions = [a["version"] for a in export["actions"]]
        assert versions == list(range(versions[0], versions[0] + len(versions)))
        verdict = verify(export, GAMES)
        assert verdict.ok, verdict.problems
        assert verdict.actions == sum(1 for a in export["actions"] if a["source"] in ("ai", "player"))
    finally:
        await second.store.close()


async def test_an_ai_that_fails_never_costs_a_member_their_move(
    small_slices: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = small_slices
    await ai_table(service, "narnia", 2)
    for _ in range(200):  # a position where the host's move hands over to an AI seat
        row = await service.store.active(CHANNEL)
        assert row is not None
        state = NARNIA.load_state(row.state or "")
        after, _ = NARNIA.play(state, 0, NARNIA.default_action(state, 0))
        decision = NARNIA.decision(after)
        if decision is not None and decision.actors[0] != 0:
            break
        await host_move(service)
    else:
        raise AssertionError("the host never handed over")

    def broken(self: NarniaAI, view: Any, decision: Any) -> Any:
        raise RuntimeError("the AI is broken")

    monkeypatch.setattr(NarniaAI, "act", broken)
    applied = await host_move(service)
    assert applied.row.version == row.version + 1  # the host's move, committed
    assert applied.ai_pending and applied.ai_moves == 0
    log = await service.store.actions(applied.row.id)
    assert log[-1].source == "player"
    with pytest.raises(AiStalled):
        await service.run_due(CHANNEL)
    again = await service.store.active(CHANNEL)
    assert again is not None and again.version == applied.row.version  # nothing changed
    monkeypatch.undo()
    resumed = await service.run_due(CHANNEL)  # fixed: the next tick plays on
    assert resumed is not None and resumed.ai_moves > 0


def move(seat: int, n: int) -> tuple[int, list[Event]]:
    return seat, [public("narnia.event.turn", seat=seat, n=n), Event(key="secret", seats=[seat])]


def test_a_short_stretch_is_told_move_by_move() -> None:
    moves = [move(1 + n % 2, n) for n in range(AI_DETAIL_MOVES)]
    assert told(moves, continuing=False) == [e for _, events in moves for e in events]


def test_a_long_stretch_is_told_in_summary_lines_and_its_last_moves() -> None:
    moves = [move(1 + n % 2, n) for n in range(AI_DETAIL_MOVES + AI_SUMMARY_MOVES + 5)]
    said = told(moves, continuing=False)
    summaries = [e for e in said if e.key == AI_MOVES_EVENT]
    assert [e.params for e in summaries] == [
        {"count": AI_SUMMARY_MOVES, "seats_list": [1, 2]},
        {"count": AI_DETAIL_MOVES - AI_TAIL_MOVES + 5, "seats_list": [1, 2]},
    ]
    assert said[2:] == [e for _, events in moves[-AI_TAIL_MOVES:] for e in events]


def test_a_slice_the_stretch_goes_on_from_is_only_summarised() -> None:
    moves = [move(3, n) for n in range(2 * AI_SUMMARY_MOVES)]
    said = told(moves, continuing=True)
    assert said == [Event(key=AI_MOVES_EVENT, params={"count": AI_SUMMARY_MOVES, "seats_list": [3]})] * 2
