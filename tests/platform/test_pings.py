"""One ping per turn change (bot/outbox.py: newly_asked): a change pings the
members it asks to act who were not acting already; never the member whose
click made it, never a seat still deciding after its own step. Whole games of
every game, every seat a member, through the table service."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.model import Applied
from bot.table import TableService
from games.core import Decision
from games.registry import GAMES
from tests.factory import make_settings, open_store

CH = 5
FIRST_USER = 100
MOVES = 400  # enough to cross many turn changes in every game; the property holds at each


@pytest_asyncio.fixture
async def service(tmp_path: object) -> AsyncIterator[TableService]:
    database = f"{tmp_path}/pings.db"
    store = await open_store(database)
    yield TableService(store, make_settings(database), clock=lambda: 1000.0)
    await store.close()


async def pings_of(service: TableService) -> list[int]:
    """The seats the channel's latest notice pings."""
    notices = await service.store.pending_notices(CH)
    return [int(s) for s in notices[-1].payload["ping"]]


async def play_one(service: TableService, game_id: str) -> tuple[int, Decision, Applied] | None:
    """Whoever must act plays the normal AI's move through the service: the seat,
    the decision it answered, and the change; None once the game is over."""
    game = GAMES[game_id]
    found = await service.active(CH)
    if found is None or found[0].status != "playing":
        return None
    row, table = found
    state = service.state_of(row)
    assert state is not None
    before = game.decision(state)
    assert before is not None
    seat = before.actors[0]
    user = table.seats[seat].user_id
    assert user is not None
    action = game.ai(seat).act(game.view(state, seat), before)
    return seat, before, await service.act(CH, user, action.model_dump())


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_change_pings_the_newly_asked_only(service: TableService, game_id: str) -> None:
    game = GAMES[game_id]
    players = max(3, game.min_players) if game.max_players >= 3 else game.max_players
    users = [FIRST_USER + n for n in range(players)]
    await service.open_lobby(CH, 1, users[0], "u0", game_id, seats=players, speed="live", language="en")
    for n, user in enumerate(users[1:], start=1):
        await service.join(CH, user, f"u{n}")
    started = await service.start(CH, users[0], may_manage=False)
    assert started.decision is not None
    assert sorted(await pings_of(service)) == sorted(started.decision.asked), "the first to act are told"

    changes = 0
    for _ in range(MOVES):
        played = await play_one(service, game_id)
        if played is None:
            break
        seat, before, applied = played
        after = applied.decision
        pinged = await pings_of(service)
        if after is None:
            assert pinged == []
            continue
        acting = {seat, *before.actors}
        assert not acting & set(pinged), (before, after, pinged)
        if after.goes_on(before):
            assert pinged == [], "a quiet round asks its seats once, when it opens"
        elif not applied.continued:
            assert set(pinged) == set(after.asked) - acting, (before, after, pinged)
        changes += bool(pinged)
    assert changes > 0


async def test_a_take_back_does_not_ping_who_took_it_back(service: TableService) -> None:
    """The turn comes back to the member who clicked Undo: they are looking at it."""
    users = [FIRST_USER, FIRST_USER + 1, FIRST_USER + 2]
    await service.open_lobby(CH, 1, users[0], "u0", "magmor", seats=3, speed="live", language="en")
    for n, user in enumerate(users[1:], start=1):
        await service.join(CH, user, f"u{n}")
    await service.start(CH, users[0], may_manage=False)
    for _ in range(60):
        played = await play_one(service, "magmor")
        assert played is not None
        seat, before, applied = played
        if applied.table.undo.why_not(seat) is None and seat not in (applied.decision or before).actors:
            mover = applied.table.seats[seat].user_id
            assert mover is not None
            undone = await service.undo(CH, mover)
            assert undone.decision is not None and seat in undone.decision.actors
            assert seat not in await pings_of(service)
            return
    pytest.fail("no move in 60 could be taken back once the turn had passed")


@pytest.mark.parametrize("speed", ["live", "async"])
async def test_a_quiet_round_asks_once_at_a_live_table_and_each_placer_at_an_async_one(
    service: TableService, speed: str
) -> None:
    """Narnia's set-up (NA-3.4, NA-3.5) goes round one token at a time. At a live table
    its round opening pings everyone once and the placements after it nobody; at an async
    one, where a day may pass between two placements, each placer is pinged in turn."""
    users = [FIRST_USER + n for n in range(3)]
    await service.open_lobby(CH, 1, users[0], "u0", "narnia", seats=3, speed=speed, language="en")
    for n, user in enumerate(users[1:], start=1):
        await service.join(CH, user, f"u{n}")
    started = await service.start(CH, users[0], may_manage=False)
    assert started.decision is not None and started.decision.quiet_round
    opening = sorted(started.decision.asked) if speed == "live" else started.decision.actors
    assert sorted(await pings_of(service)) == opening
    pinged: list[list[int]] = []
    for _ in range(6):  # placements within the Witch's round
        played = await play_one(service, "narnia")
        assert played is not None
        _seat, _before, applied = played
        assert applied.decision is not None and applied.decision.kind == "narnia.place_witch"
        pinged.append(await pings_of(service))
        if speed == "async":
            assert pinged[-1] == applied.decision.actors, "the next placer is told"
    if speed == "live":
        assert pinged == [[]] * 6, "the round goes on without a ping"
