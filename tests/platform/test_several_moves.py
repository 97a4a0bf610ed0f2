"""One click, several moves (``TableService.act``'s ``then``, ``Click.then``): a control that
ends a step and answers the next (Akelarre's ✅ Done with the draw) plays its actions one
after the other in one change: each checked by the rules, each in the log and taken back
one at a time; if one is refused, none is played."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.table import TableService
from games.core import RuleError
from games.registry import GAMES
from tests.factory import make_settings, open_store
from tests.platform.test_undo import CH, WalkGame, seat_user, started, state_of, version


@pytest.fixture
async def service(database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    monkeypatch.setitem(GAMES, "walk", WalkGame())
    store = await open_store(database)
    yield TableService(store, make_settings(database), clock=lambda: 1000.0)
    await store.close()


async def test_a_click_plays_its_moves_in_one_change(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    start, before = await state_of(service), await version(service)
    applied = await service.act(
        CH, first, {"kind": "step", "n": 2}, then=[{"kind": "step", "n": 1}, {"kind": "end"}]
    )
    assert applied.before is not None and applied.before.kind == "walk.turn"
    assert [e.key for e in applied.events] == ["walk.moved", "walk.moved", "walk.end"]
    state = await state_of(service)
    assert state.position[0] == 3 and state.turn == 1
    log = await service.store.actions(applied.row.id)
    assert [a.source for a in log[-3:]] == ["player"] * 3, "each move in the log"
    assert [a.action["kind"] for a in log[-3:]] == ["step", "step", "end"]
    assert log[-1].version == before + 3
    for _ in range(3):  # taken back one at a time, to the state before the click
        await service.undo(CH, first)
    assert await state_of(service) == start


async def test_if_one_move_is_refused_none_is_played(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    start, before = await state_of(service), await version(service)
    with pytest.raises(RuleError) as refused:
        # Two steps a turn (W-3): the third is refused, and the two before it with it.
        await service.act(
            CH, first, {"kind": "step", "n": 1}, then=[{"kind": "step", "n": 1}, {"kind": "step", "n": 1}]
        )
    assert refused.value.rule == "W-3"
    assert await version(service) == before and await state_of(service) == start
