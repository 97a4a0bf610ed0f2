"""AI seats at their levels (issue "AI seats at the table"): the host picks each
AI seat's level, every AI move logged is the one that level chooses from the
seat's own view, a seat the AI takes over plays normal, hard thinks in a worker
process and a decision over its time cap is played as normal, and a slice of
AI moves is bounded in time as well as in moves."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.model import Seat, TableInfo
from bot.table import TableService
from bot.thinking import Thinker, seat_seed
from games.core.levels import make_player
from games.registry import GAMES
from tests.factory import make_settings, open_store

CHANNEL = 9
HOST = 900


async def service_on(database: str, **settings: Any) -> TableService:
    store = await open_store(database)
    return TableService(store, make_settings(database, **settings), clock=lambda: 1000.0)


async def test_every_ai_move_is_its_level_s_choice_from_its_own_view(database: str) -> None:
    """Mag Mor, host and an easy, a normal and a hard seat: replayed from the log,
    each AI move equals what a player of the seat's level chooses from the
    seat's view with the seat's seed (so a worker or a restart choose alike)."""
    service = await service_on(database, ai_workers=0)
    try:
        await service.open_lobby(CHANNEL, 1, HOST, "host", "magmor", seats=4, speed="live", language="en")
        for level in ("easy", "normal", "hard"):
            await service.add_ai(CHANNEL, HOST, False, level)  # type: ignore[arg-type]
        applied = await service.start(CHANNEL, HOST, False)
        table = applied.table
        assert [(s.name, s.ai, s.level) for s in table.seats] == [
            ("host", False, "normal"),
            ("AI 1 · easy", True, "easy"),
            ("AI 2 · normal", True, "normal"),
            ("AI 3 · hard", True, "hard"),
        ]
        game = GAMES["magmor"]
        # Play the host's part by defaults until every AI level has moved a few times.
        moved: dict[int, int] = {}
        while applied.outcome is None and min(moved.get(s, 0) for s in (1, 2, 3)) < 2:
            decision = applied.decision
            assert decision is not None
            if 0 in decision.actors:
                action = game.default_action(applied.state, 0)
                applied = await service.act(CHANNEL, HOST, action.model_dump())
            else:
                due = await service.run_due(CHANNEL)
                assert due is not None
                applied = due
            moved = {}
            for entry in await service.store.actions(applied.row.id):
                if entry.source == "ai" and entry.seat is not None:
                    moved[entry.seat] = moved.get(entry.seat, 0) + 1
        log = await service.store.actions(applied.row.id)
        state = game.new_game(4, table.seed, table.options)
        checked = 0
        for entry in log:
            if entry.source not in ("player", "ai", "timeout"):
                continue
            assert entry.seat is not None
            if entry.source == "ai":
                seat = entry.seat
                decision = game.decision(state)
                assert decision is not None
                player = make_player(game, seat, table.seats[seat].level, seed=seat_seed(table, seat))
                chosen = player.act(game.view(state, seat), decision)
                assert chosen == game.parse_action(entry.action), f"seat {seat} ({table.seats[seat].level})"
                checked += 1
            state, _ = game.play(state, entry.seat, game.parse_action(entry.action))
        assert checked >= 6
    finally:
        await service.store.close()


def test_a_seat_the_ai_takes_over_plays_normal() -> None:
    assert Seat(name="bob", user_id=5).level == "normal"
    # A table saved before levels existed loads with normal AI seats.
    old = TableInfo.model_validate(
        {
            "host_id": 1,
            "language": "en",
            "speed": "live",
            "max_seats": 3,
            "seats": [{"name": "AI 1", "ai": True}],
        }
    )
    assert old.seats[0].level == "normal"


def hard_table(game_id: str) -> tuple[Any, TableInfo, int]:
    game = GAMES[game_id]
    state = game.new_game(3, 4, {})
    decision = game.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    seats = [Seat(name=f"AI {i + 1}", ai=True, level="hard") for i in range(3)]
    table = TableInfo(host_id=1, language="en", speed="live", max_seats=3, seats=seats, seed=4)
    return state, table, seat


def test_hard_thinks_in_a_worker_process_and_chooses_as_in_the_thread() -> None:
    game = GAMES["tirnanog"]
    state, table, seat = hard_table("tirnanog")
    decision = game.decision(state)
    assert decision is not None
    view = game.view(state, seat)
    here = Thinker(workers=0, cap_seconds=60).act(game, table, seat, decision, view)
    pooled = Thinker(workers=1, cap_seconds=60)
    try:
        there = pooled.act(game, table, seat, decision, view)
        assert pooled._pool is not None  # the search went to the worker process
    finally:
        pooled.close()
    assert there == here


def test_a_hard_decision_over_its_time_cap_is_played_as_normal(caplog: pytest.LogCaptureFixture) -> None:
    game = GAMES["tirnanog"]
    state, table, seat = hard_table("tirnanog")
    decision = game.decision(state)
    assert decision is not None
    view = game.view(state, seat)
    thinker = Thinker(workers=1, cap_seconds=0.001)  # a spawned worker is not even up by then
    try:
        with caplog.at_level(logging.WARNING, logger="gamemaster.ai"):
            chosen = thinker.act(game, table, seat, decision, view)
    finally:
        thinker.close()
    assert chosen == game.ai(seat).act(view, decision)
    assert "over its time cap" in caplog.text


async def test_a_slice_of_ai_moves_is_bounded_in_time(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A member and three AI seats, each move seeming to take a second against a
    slice of 1.5 s: the member's move lands with the first AI moves thought within
    the slice's time (at least one), the rest follow in the scheduler's slices."""
    ticks = iter(range(10**6))
    monkeypatch.setattr("bot.ai_moves.monotonic", lambda: float(next(ticks)))
    service = await service_on(database, ai_workers=0, ai_slice_seconds=1.5)
    try:
        await service.open_lobby(CHANNEL, 1, HOST, "host", "tirnanog", seats=4, speed="live", language="en")
        for _ in range(3):
            await service.add_ai(CHANNEL, HOST, False)
        applied = await service.start(CHANNEL, HOST, False)
        slices = [applied.ai_moves]
        while applied.outcome is None and len(slices) < 12:
            decision = applied.decision
            assert decision is not None
            if 0 in decision.actors:
                action = GAMES["tirnanog"].default_action(applied.state, 0)
                applied = await service.act(CHANNEL, HOST, action.model_dump())
            else:
                due = await service.run_due(CHANNEL)
                assert due is not None and due.ai_resumed
                applied = due
            slices.append(applied.ai_moves)
        # The clock reads once at the start of a slice and once before each move
        # after the first: two AI moves per slice (1 s, then 2 s > 1.5 s).
        assert max(slices) == 2 and slices.count(2) >= 3
    finally:
        await service.store.close()


async def test_a_member_never_waits_for_a_hard_seat_s_search(database: str) -> None:
    """Discord wants an answer to a click within 3 s: a member's move (and Start)
    is committed before any hard seat thinks; the hard moves are played by the
    scheduler's slices (continue_ai), a normal seat before the hard one inline."""
    service = await service_on(database, ai_workers=0)
    try:
        await service.open_lobby(CHANNEL, 1, HOST, "host", "magmor", seats=3, speed="live", language="en")
        await service.add_ai(CHANNEL, HOST, False, "hard")
        await service.add_ai(CHANNEL, HOST, False, "normal")
        applied = await service.start(CHANNEL, HOST, False)
        game = GAMES["magmor"]
        hard_moves = 0
        for _ in range(30):
            decision = applied.decision
            if decision is None:
                break
            if 0 in decision.actors:
                applied = await service.act(CHANNEL, HOST, game.default_action(applied.state, 0).model_dump())
                interactive = True
            else:
                due = await service.run_due(CHANNEL)
                assert due is not None and due.ai_resumed
                applied, interactive = due, False
            log = await service.store.actions(applied.row.id)
            played = [a for a in log if a.source == "ai" and a.seat == 1]
            if interactive:
                assert len(played) == hard_moves, "the hard seat moved while a member waited"
                if applied.decision is not None and 1 in applied.decision.actors:
                    assert applied.ai_pending  # handed to the scheduler at once
            hard_moves = len(played)
        assert hard_moves >= 3
    finally:
        await service.store.close()


async def test_the_host_may_choose_the_level_of_the_ai_that_takes_over(database: str) -> None:
    service = await service_on(database, ai_workers=0)
    try:
        await service.open_lobby(
            CHANNEL, 1, HOST, "host", "magmor", seats=3, speed="live", language="en", takeover_level="hard"
        )
        await service.join(CHANNEL, 901, "bob")
        await service.join(CHANNEL, 902, "cid")
        await service.start(CHANNEL, HOST, False)
        applied = await service.leave_game(CHANNEL, 901)
        bob = applied.table.seats[1]
        assert (bob.name, bob.ai, bob.level) == ("bob", True, "hard")
        assert applied.table.seats[2].level == "normal" and not applied.table.seats[2].ai
    finally:
        await service.store.close()


async def test_tables_wait_for_a_thinking_slot_with_nothing_loaded(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only as many tables rehearse an AI stretch at once as the thinker has
    slots; one waiting for its slot has looked at its table once and holds
    nothing (at 1,000 tables, queued states made the collector stall the loop);
    a table with no AI stretch due never waits for a slot."""
    import asyncio

    service = await service_on(database, ai_workers=0)
    loads: list[int] = []
    active = service.store.active

    async def counted(channel_id: int) -> Any:
        loads.append(channel_id)
        return await active(channel_id)

    monkeypatch.setattr(service.store, "active", counted)
    try:
        # The deal decides who starts: tables until one starts with the host's
        # own move (no AI due) and one with an AI's.
        by_start: dict[bool, int] = {}
        for channel in range(CHANNEL, CHANNEL + 20):
            await service.open_lobby(channel, 1, HOST, "host", "magmor", seats=3, speed="live", language="en")
            await service.add_ai(channel, HOST, False, "hard")
            await service.add_ai(channel, HOST, False, "hard")
            by_start.setdefault((await service.start(channel, HOST, False)).ai_pending, channel)
            if len(by_start) == 2:
                break
        human, ai = by_start[False], by_start[True]
        service.thinker.slots = asyncio.Semaphore(1)
        await service.thinker.slots.acquire()  # every slot is taken
        loads.clear()
        waiting = asyncio.create_task(service.rehearse(ai))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not waiting.done() and loads == [ai]  # looked once, now waits
        assert await asyncio.wait_for(service.rehearse(human), 10) is None  # nothing due: no wait
        service.thinker.slots.release()
        rehearsal = await asyncio.wait_for(waiting, 60)
        assert rehearsal is not None and rehearsal.moves
        assert loads.count(ai) == 2  # loaded again once its slot came
    finally:
        await service.store.close()
