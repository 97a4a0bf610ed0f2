"""A decision reached again after a take-back keeps the clock it had (bot.replays).

Seen once: a take-back gave back the deadline the move found, but the same move
played again gave the next decision a fresh deadline, so undo and the move
again within one scheduler tick (5 s) kept a table from ever timing out. The
walking game of ``test_undo`` (seat 0 steps, takes back, steps again) with a
fake clock: its table still times out at the deadline the decision first had,
also across a restart (the clocks are kept in the store)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.table import TableService
from games.registry import GAMES
from tests.factory import make_settings, open_store
from tests.platform.test_undo import (
    CH,
    WalkGame,
    clock_of,
    seat_user,
    set_clock,
    started,
)


@pytest.fixture
async def service(database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    """A table of ``test_undo``'s walking game."""
    monkeypatch.setitem(GAMES, "walk", WalkGame())
    store = await open_store(database)
    yield TableService(store, make_settings(database), clock=lambda: 1000.0)
    await store.close()


TICK = 5.0  # the scheduler's interval: the probe undid and replayed within one


async def test_undo_and_the_same_move_again_still_meet_the_deadline(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    set_clock(service, 1010.0)
    await service.act(CH, first, {"kind": "step", "n": 3})
    deadline, _ = await clock_of(service)  # the deadline of the decision the step opens
    assert deadline is not None and deadline > 1010.0
    now, timed_out = 1010.0, None
    while now < deadline + 150 * 60 and timed_out is None:
        now += 60
        set_clock(service, now)
        await service.undo(CH, first)
        set_clock(service, now + 1)  # within the scheduler's tick
        await service.act(CH, first, {"kind": "step", "n": 3})
        assert (await clock_of(service))[0] == deadline, "the decision played again keeps its deadline"
        set_clock(service, now + TICK)
        applied = await service.run_due(CH)
        if applied is not None and applied.auto_seats:
            timed_out = now + TICK
    assert timed_out is not None, "the deadline never came"
    assert timed_out <= deadline + 60 + TICK


async def test_another_move_to_the_same_decision_keeps_its_deadline_too(service: TableService) -> None:
    """Stepping 3, taking it back and stepping 2 instead reaches the same decision
    (seat 0 still on its turn): no fresh clock for it either."""
    await started(service)
    first = await seat_user(service, 0)
    set_clock(service, 1010.0)
    await service.act(CH, first, {"kind": "step", "n": 3})
    deadline, reminder = await clock_of(service)
    assert reminder is not None
    for n, now in enumerate((1030.0, 1060.0, 1090.0, 1120.0)):
        set_clock(service, now)
        await service.undo(CH, first)
        await service.act(CH, first, {"kind": "step", "n": 2 if n % 2 == 0 else 3})
        # Its reminder too, while still to come (one whose time went by is not sent late).
        assert await clock_of(service) == (deadline, reminder if reminder > now else None)


async def test_the_kept_clock_survives_a_restart(service: TableService, database: str) -> None:
    await started(service)
    first = await seat_user(service, 0)
    set_clock(service, 1010.0)
    await service.act(CH, first, {"kind": "step", "n": 3})
    deadline, _ = await clock_of(service)
    set_clock(service, 1100.0)
    await service.undo(CH, first)
    store = await open_store(database)  # another process, on the same database
    try:
        again = TableService(store, make_settings(database), clock=lambda: 1101.0)
        await again.act(CH, first, {"kind": "step", "n": 3})
        found = await again.active(CH)
        assert found is not None and found[0].deadline_at == deadline
    finally:
        await store.close()


async def test_a_second_step_of_the_turn_gets_its_own_deadline(service: TableService) -> None:
    """The kept clock is used once: the seat's next step, further on in its turn,
    opens a decision of its own, with a fresh deadline."""
    await started(service)
    first = await seat_user(service, 0)
    set_clock(service, 1010.0)
    await service.act(CH, first, {"kind": "step", "n": 3})
    deadline, _ = await clock_of(service)
    set_clock(service, 1020.0)
    await service.undo(CH, first)
    await service.act(CH, first, {"kind": "step", "n": 3})
    assert (await clock_of(service))[0] == deadline
    set_clock(service, 1030.0)
    await service.act(CH, first, {"kind": "step", "n": 1})
    assert (await clock_of(service))[0] == pytest.approx(1030.0 + service._core.settings.live_short_seconds)


async def test_once_another_seat_moves_a_like_decision_is_new(service: TableService) -> None:
    """What a take-back kept lasts while only its seat moves: after the others
    moved, seat 0's next turn (a decision like the one it left) has a fresh clock."""
    await started(service)
    users = [await seat_user(service, s) for s in range(3)]
    set_clock(service, 1010.0)
    await service.act(CH, users[0], {"kind": "step", "n": 1})
    set_clock(service, 1020.0)
    await service.undo(CH, users[0])
    await service.act(CH, users[0], {"kind": "end"})  # the secret round
    for user in users:
        await service.act(CH, user, {"kind": "pick", "n": 1})
    found = await service.active(CH)
    assert found is not None and found[1].replays == []
    for user in users[1:]:
        await service.act(CH, user, {"kind": "end"})
    set_clock(service, 5000.0)
    await service.act(CH, users[0], {"kind": "step", "n": 1})
    assert (await clock_of(service))[0] == pytest.approx(5000.0 + service._core.settings.live_short_seconds)
