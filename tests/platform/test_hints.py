"""Hints (issue "AI seats at the table"): what hard would do from a member's own
view; on by default at a practice table only, on or off by the host's choice at
/play; refused off turn; counted on the seat without invalidating open panels."""

from __future__ import annotations

import asyncio
import importlib
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.hints import Hint, hint, hints_on
from bot.i18n import t
from bot.model import Seat, TableError, TableInfo, table_of
from bot.table import TableService
from bot.thinking import Thinker, seat_seed
from cogs import tirnanog
from cogs.hints import hint_text
from cogs.kit.presenter import PRESENTERS
from games.core.search import Advice, SearchPlayer
from games.registry import GAMES
from tests.factory import make_settings, open_store

CHANNEL = 5
HOST, GUEST = 500, 600


@pytest_asyncio.fixture
async def service(database: str) -> AsyncIterator[TableService]:
    store = await open_store(database)
    yield TableService(store, make_settings(database, ai_workers=0), clock=lambda: 1000.0)
    await store.close()


async def first_turn_of(service: TableService, user: int) -> None:
    """Play defaults for the other members and let the AI seats move (the deal is
    random: anyone may start) until ``user`` must decide."""
    while True:
        found = await service.active(CHANNEL)
        assert found is not None
        row, info = found
        game = GAMES[row.game]
        state = service.state_of(row)
        assert state is not None
        decision = game.decision(state)
        assert decision is not None
        seat = info.seat_of(user)
        if seat in decision.actors:
            return
        members = [s for s in decision.actors if not info.seats[s].ai]
        if not members:  # AI seats to act (a hard one waits for the scheduler): play them
            assert await service.run_due(CHANNEL) is not None
            continue
        owner = info.seats[members[0]].user_id
        assert owner is not None
        await service.act(CHANNEL, owner, game.default_action(state, members[0]).model_dump())


def test_hints_are_on_at_practice_tables_unless_the_host_says() -> None:
    practice = TableInfo(
        host_id=HOST,
        language="en",
        speed="live",
        max_seats=3,
        seats=[Seat(name="h", user_id=HOST), Seat(name="AI 1", ai=True), Seat(name="AI 2", ai=True)],
    )
    assert hints_on(practice, 0)
    mixed = practice.model_copy(update={"seats": [*practice.seats[:2], Seat(name="g", user_id=GUEST)]})
    assert not hints_on(mixed, 0) and not hints_on(mixed, 2)
    assert hints_on(mixed.model_copy(update={"hints": True}), 2)
    assert not hints_on(practice.model_copy(update={"hints": False}), 0)


async def test_a_hint_at_a_practice_table_is_hard_s_move_from_the_member_s_view(
    service: TableService,
) -> None:
    await service.open_lobby(CHANNEL, 1, HOST, "host", "tirnanog", seats=3, speed="live", language="en")
    await service.add_ai(CHANNEL, HOST, False, "hard")
    await service.add_ai(CHANNEL, HOST, False, "easy")
    await service.start(CHANNEL, HOST, False)
    await first_turn_of(service, HOST)
    before = await service.store.active(CHANNEL)
    assert before is not None
    found = await hint(service.core, CHANNEL, HOST)
    after = await service.store.active(CHANNEL)
    assert after is not None
    info = await service.active(CHANNEL)
    assert info is not None
    seat = info[1].seat_of(HOST)
    assert seat is not None and found.seat == seat
    game = GAMES["tirnanog"]
    state = service.state_of(after)
    assert state is not None
    decision = game.decision(state)
    assert decision is not None
    # Exactly the hard search on the member's own view, with the member seat's seed.
    expected = SearchPlayer(game, seat, seat_seed(info[1], seat)).advise(game.view(state, seat), decision)
    assert found.advice == expected
    assert found.view == game.view(state, seat)
    game.play(state, seat, found.advice.move)  # legal
    # Counted on the seat, without a new version: open panels stay valid.
    assert after.version == before.version
    assert [s.hints for s in info[1].seats] == [1, 0, 0]
    await hint(service.core, CHANNEL, HOST)
    again = await service.active(CHANNEL)
    assert again is not None and again[1].seats[seat].hints == 2


async def test_a_hint_with_another_member_seated_needs_the_host_s_yes(service: TableService) -> None:
    await service.open_lobby(CHANNEL, 1, HOST, "host", "magmor", seats=3, speed="live", language="it")
    await service.join(CHANNEL, GUEST, "guest")
    await service.add_ai(CHANNEL, HOST, False)
    await service.start(CHANNEL, HOST, False)
    await first_turn_of(service, HOST)
    with pytest.raises(TableError) as refused:
        await hint(service.core, CHANNEL, HOST)
    assert refused.value.key == "hint.error.off"
    row = await service.store.active(CHANNEL)
    assert row is not None and all(s["hints"] == 0 for s in row.table["seats"])  # nothing changed


async def test_the_host_may_turn_hints_on_for_everyone_and_a_hint_waits_for_your_turn(
    service: TableService,
) -> None:
    await service.open_lobby(
        CHANNEL, 1, HOST, "host", "magmor", seats=3, speed="live", language="en", hints=True
    )
    await service.join(CHANNEL, GUEST, "guest")
    await service.add_ai(CHANNEL, HOST, False)
    await service.start(CHANNEL, HOST, False)
    await first_turn_of(service, HOST)
    assert (await hint(service.core, CHANNEL, HOST)).advice.move is not None
    found = await service.active(CHANNEL)
    assert found is not None
    row, info = found
    game = GAMES["magmor"]
    state = service.state_of(row)
    assert state is not None
    decision = game.decision(state)
    assert decision is not None
    waiting = GUEST if info.seat_of(GUEST) not in decision.actors else None
    if waiting is not None:
        with pytest.raises(TableError) as refused:
            await hint(service.core, CHANNEL, waiting)
        assert refused.value.key == "hint.error.not_your_turn"
    with pytest.raises(TableError) as stranger:
        await hint(service.core, CHANNEL, 999)
    assert stranger.value.key == "error.not_a_player"


class HeldSearch:
    """The thinker's ``advise``, held until the test lets it go: a hint whose
    search is under way, for as long as the test needs."""

    def __init__(self, service: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered, self.go = threading.Event(), threading.Event()
        real = service.core.thinker.advise

        def held(*args: Any) -> Advice:
            self.entered.set()
            assert self.go.wait(10), "the test never let the search go"
            return real(*args)

        monkeypatch.setattr(service.core.thinker, "advise", held)

    async def started(self) -> None:
        assert await asyncio.to_thread(self.entered.wait, 30), "the hint's search never started"

    def __enter__(self) -> HeldSearch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.go.set()  # whatever happened, the search ends (a failing test must not hang)


async def start_talismani(service: TableService) -> None:
    """Host and guest at Talismani, hints on for everyone: the first decision is a
    secret play everyone makes at once (TT-5.4), so both have a move to make."""
    await service.open_lobby(
        CHANNEL, 1, HOST, "host", "talismani", seats=3, speed="live", language="en", hints=True
    )
    await service.join(CHANNEL, GUEST, "guest")
    await service.join(CHANNEL, 700, "third")
    await service.start(CHANNEL, HOST, False)


async def default_of(service: TableService, user: int) -> dict[str, Any]:
    found = await service.active(CHANNEL)
    assert found is not None
    row, info = found
    seat = info.seat_of(user)
    state = service.state_of(row)
    assert seat is not None and state is not None
    return GAMES[row.game].default_action(state, seat).model_dump()


async def test_another_member_moves_while_a_hint_searches(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search runs outside the channel's lock: the guest's move lands while the
    host's hint is still thinking, and the hint, still good for the host's open
    decision (the guest's choice is hidden from it), is counted afterwards."""
    await start_talismani(service)
    with HeldSearch(service, monkeypatch) as search:
        asked = asyncio.create_task(hint(service.core, CHANNEL, HOST))
        await search.started()
        assert not service.core.lock(CHANNEL).locked()
        await service.act(CHANNEL, GUEST, await default_of(service, GUEST))  # not waiting for the hint
        assert not asked.done()
    found = await asked
    row = await service.store.active(CHANNEL)
    assert row is not None
    info = table_of(row)
    assert found.version == row.version - 1 and info.seats[0].hints == 1
    assert [(h.seat, h.version, h.number) for h in info.hinted] == [(0, found.version, 1)]


async def test_one_search_per_seat_at_a_time_on_the_thinker_s_lane(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A member who clicks 💡 again while their hint is thinking is told so: no
    second search, nothing counted twice. The search runs on the thinker's own
    lane, never the default thread pool every picture is drawn on."""
    await start_talismani(service)
    threads: list[str] = []
    with HeldSearch(service, monkeypatch) as search:
        held = service.core.thinker.advise

        def named(*args: Any) -> Advice:
            threads.append(threading.current_thread().name)
            return held(*args)

        monkeypatch.setattr(service.core.thinker, "advise", named)
        asked = asyncio.create_task(hint(service.core, CHANNEL, HOST))
        await search.started()
        with pytest.raises(TableError) as again:
            await hint(service.core, CHANNEL, HOST)
        assert again.value.key == "hint.error.searching"
        other = asyncio.create_task(hint(service.core, CHANNEL, GUEST))  # another seat may ask meanwhile
        search.go.set()
    found, theirs = await asked, await other
    assert found.number == 1 and theirs.number == 1
    assert len(threads) == 2 and all(name.startswith("ai-hard") for name in threads), threads
    row = await service.store.active(CHANNEL)
    assert row is not None
    assert [seat.hints for seat in table_of(row).seats] == [1, 1, 0]
    found = await hint(service.core, CHANNEL, HOST)  # once answered, the seat may ask again
    assert found.number == 2


async def test_a_hint_whose_table_moved_on_is_dropped(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host plays from the panel while the hint thinks: the answer came too late
    and is not given, nor counted."""
    await start_talismani(service)
    with HeldSearch(service, monkeypatch) as search:
        asked = asyncio.create_task(hint(service.core, CHANNEL, HOST))
        await search.started()
        await service.act(CHANNEL, HOST, await default_of(service, HOST))
    with pytest.raises(TableError) as dropped:
        await asked
    assert dropped.value.key == "hint.error.moved_on"
    row = await service.store.active(CHANNEL)
    assert row is not None
    info = table_of(row)
    assert info.seats[0].hints == 0 and info.hinted == []


async def test_a_hint_never_undoes_another_process_s_change(
    service: TableService, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two bot processes on one channel (a rolling deploy): the other one saves the
    guest's leave between this hint's read and its write. The hint's count is
    saved only if the version it read still holds: the leave stands, and the
    hint, whose table moved on, is dropped (on SQLite and on PostgreSQL)."""
    await service.open_lobby(
        CHANNEL, 1, HOST, "host", "magmor", seats=3, speed="live", language="en", hints=True
    )
    await service.join(CHANNEL, GUEST, "guest")
    await service.add_ai(CHANNEL, HOST, False)
    await service.start(CHANNEL, HOST, False)
    await first_turn_of(service, HOST)
    other_store = await open_store(database)
    other = TableService(other_store, make_settings(database, ai_workers=0), clock=lambda: 1000.0)
    write = service.store.patch_table_keys

    async def after_the_other_process(game_id: int, values: Any, *, version: int | None = None) -> bool:
        await other.leave_game(CHANNEL, GUEST)
        return await write(game_id, values, version=version)

    monkeypatch.setattr(service.store, "patch_table_keys", after_the_other_process)
    try:
        with pytest.raises(TableError) as dropped:
            await hint(service.core, CHANNEL, HOST)
    finally:
        await other_store.close()
    assert dropped.value.key == "hint.error.moved_on"
    row = await service.store.active(CHANNEL)
    assert row is not None
    info = table_of(row)
    guest = next(s for s in info.seats if s.user_id == GUEST)
    assert guest.ai  # the leave stands
    assert [s.hints for s in info.seats] == [0, 0, 0] and info.hinted == []


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_hint_over_its_time_cap_says_it_is_the_usual_move(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search still running at the cap gives the normal move, and the hint says
    so, rather than claiming there was nothing else to weigh."""
    monkeypatch.setitem(PRESENTERS, "tirnanog", tirnanog.PRESENTER)
    game = GAMES["tirnanog"]
    state = game.new_game(3, 4, {})
    decision = game.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    table = TableInfo(host_id=HOST, language=language, speed="live", max_seats=3, seats=[], seed=4)
    view = game.view(state, seat)
    thinker = Thinker(workers=1, cap_seconds=0.001)  # a spawned worker is not even up by then
    try:
        advice = thinker.advise(game, table, seat, decision, view)
    finally:
        thinker.close()
    assert advice.capped and advice.move == game.ai(seat).act(view, decision)
    text = hint_text(Hint("tirnanog", seat, view, advice, version=1, number=1), language)
    assert text.splitlines()[1] == t("hint.capped", language)


# The reason line: one game-level "why" per hint, from the move and the seat's own view (issue 39).
REASON_GAMES = ["akelarre", "magmor", "narnia", "talismani", "tirnanog"]


def _reasons(game_id: str, steps: int = 250) -> list[tuple[str, dict[str, str]]]:
    """A seeded game between normal AIs: at each decision, the acting seat's move (what a
    hint names) and its reason in each language, where the game gives one."""
    presenter = importlib.import_module(f"cogs.{game_id}").PRESENTER
    game = GAMES[game_id]
    state = game.new_game(3, 5, None)
    bots = [game.ai(seat) for seat in range(3)]
    found = []
    for _ in range(steps):
        decision = game.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        view = game.view(state, seat)
        move = bots[seat].act(view, decision)
        action = move.model_dump(mode="json")
        said = {lang: presenter.hint_reason(view, action, lang) for lang in ("en", "it")}
        if said["en"] is not None or said["it"] is not None:
            found.append((action["kind"], said))
        state, _ = game.play(state, seat, move)
    return found


@pytest.mark.parametrize("game_id", REASON_GAMES)
def test_each_game_s_hint_carries_a_reason_in_both_languages(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hints said what, not why: each game gives a reason for its common moves, in both
    languages, and drawn from the move and the state (not one sentence for all)."""
    found = _reasons(game_id)
    assert found, game_id
    for kind, said in found:
        assert said["en"] and said["it"] and said["en"] != said["it"], (kind, said)
        assert not any(mark in text for text in said.values() for mark in "{}"), said
    assert len({said["en"] for _, said in found}) >= 3, found  # the state shows through
    kinds = {kind for kind, _ in found}
    assert len(kinds) >= 2, kinds
    # And the hint's message carries it, under the move, as "Why: …".
    monkeypatch.setitem(PRESENTERS, game_id, importlib.import_module(f"cogs.{game_id}").PRESENTER)
    game = GAMES[game_id]
    state = game.new_game(3, 5, None)
    while (decision := game.decision(state)) is not None:
        seat = decision.actors[0]
        view = game.view(state, seat)
        move = game.ai(seat).act(view, decision)
        reason = PRESENTERS[game_id].hint_reason(view, move.model_dump(mode="json"), "it")
        if reason:
            advice = Advice(move=move, normal=move, searched=False)
            text = hint_text(Hint(game_id, seat, view, advice, version=1, number=1), "it")
            assert t("hint.because", "it", reason=reason) in text.splitlines()
            return
        state, _ = game.play(state, seat, move)
    raise AssertionError("no hint with a reason")
