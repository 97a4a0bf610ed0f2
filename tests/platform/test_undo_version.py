"""↩️ Undo acts only at the version its panel was drawn at.

A choice's controls in a simultaneous decision stay valid while the others
choose in secret (``TableInfo.fresh``); the Undo button did too, so an Undo
drawn at the version a seat's choice found (a forged click: no panel draws it
then) raced against that choice took the choice back as soon as it was made,
both applied every time. An Undo names the move its panel showed: after any
change it is refused as out of date, and nothing changes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.model import TableError
from bot.table import TableService
from games.registry import GAMES
from tests.factory import make_settings, open_store
from tests.platform.test_undo import (
    CH,
    WalkGame,
    seat_user,
    started,
    state_of,
    version,
)


@pytest.fixture
async def service(database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableService]:
    """A table of ``test_undo``'s walking game."""
    monkeypatch.setitem(GAMES, "walk", WalkGame())
    store = await open_store(database)
    yield TableService(store, make_settings(database), clock=lambda: 1000.0)
    await store.close()


async def stale(service: TableService, user: int, drawn: int) -> None:
    before, state = await version(service), await state_of(service)
    with pytest.raises(TableError) as caught:
        await service.undo(CH, user, version=drawn)
    assert caught.value.key == "error.stale"
    assert await version(service) == before and await state_of(service) == state, "nothing changes"


async def test_an_undo_drawn_before_another_seats_choice_is_out_of_date(service: TableService) -> None:
    await started(service)
    users = [await seat_user(service, s) for s in range(3)]
    await service.act(CH, users[0], {"kind": "end"})  # the secret round opens
    opened = await version(service)
    await service.act(CH, users[0], {"kind": "pick", "n": 1}, version=opened)
    drawn = await version(service)  # seat 0's panel now, with ↩️ Undo
    await service.act(CH, users[1], {"kind": "pick", "n": 3}, version=opened)  # still valid: secret
    await stale(service, users[0], drawn)
    applied = await service.undo(CH, users[0], version=await version(service))  # the redrawn panel's
    state = applied.state
    assert state is not None and getattr(state, "picks", None) == {1: 3}


async def test_an_undo_drawn_before_the_seats_own_move_takes_nothing_back(service: TableService) -> None:
    await started(service)
    first = await seat_user(service, 0)
    await service.act(CH, first, {"kind": "step", "n": 1})
    drawn = await version(service)
    await service.act(CH, first, {"kind": "step", "n": 2})
    await stale(service, first, drawn)


@pytest.mark.parametrize("undo_first", [False, True])
async def test_a_choice_raced_against_an_undo_of_its_version_applies_once(
    service: TableService, undo_first: bool
) -> None:
    """Nine times, seat 0's pick and an Undo at the same version, at once: the
    pick stands each time and the Undo takes nothing back."""
    await started(service)
    first, second = await seat_user(service, 0), await seat_user(service, 1)
    await service.act(CH, first, {"kind": "end"})  # the secret round opens
    await service.act(CH, second, {"kind": "pick", "n": 1})  # seat 0's end is out of reach now
    for _ in range(9):
        at = await version(service)
        pick = service.act(CH, first, {"kind": "pick", "n": 2}, version=at)
        undo = service.undo(CH, first, version=at)
        races = [undo, pick] if undo_first else [pick, undo]
        results = await asyncio.gather(*races, return_exceptions=True)
        taken, played = (results[0], results[1]) if undo_first else (results[1], results[0])
        assert not isinstance(played, BaseException), played
        assert isinstance(taken, TableError), "the Undo took nothing back"
        assert taken.key in ("error.stale", "undo.refused.none", "undo.refused.since")
        state = await state_of(service)
        assert state.picks == {0: 2, 1: 1}, "the pick stands, once"
        assert await version(service) == at + 1, "one change"
        await service.undo(CH, first, version=at + 1)  # taken back from the current panel, for the next race
