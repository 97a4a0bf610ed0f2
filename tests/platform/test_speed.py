"""Speed: the benchmark keeps working, and AI turns run off the event
loop with the very same moves. No timing thresholds: they would flake on a
shared machine; the benchmark itself reports the figures."""

from __future__ import annotations

import asyncio
import io
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bench import table_speed
from bot import ai_moves
from bot.model import Applied
from bot.store import SqliteStore as Store
from bot.table import TableService
from games.registry import GAMES
from tests.factory import make_settings
from tests.postgres_server import PostgresServer

SEED = 424242


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = Store(tmp_path / "speed.db")
    await store.open()
    try:
        yield TableService(store, make_settings(tmp_path / "speed.db"), time.time)
    finally:
        await store.close()


async def ai_table(service: TableService, game_id: str, players: int) -> int:
    """A started table of one human host (channel * 100) and AI seats; the channel."""
    channel = 7
    await service.open_lobby(
        channel, 1, channel * 100, "Host", game_id, seats=players, speed="live", language="en"
    )
    for _ in range(players - 1):
        await service.add_ai(channel, channel * 100, True)
    await service.start(channel, channel * 100, True)
    return channel


async def play_on(service: TableService, channel: int, applied: Applied) -> Applied:
    """An AI stretch longer than a slice goes on from the scheduler, slice after
    slice, as the bot's scheduler plays it (each slice is due at once)."""
    while applied.ai_pending:
        more = await service.run_due(channel)
        assert more is not None
        applied = more
    return applied


def assert_every_section(text: str, raw_section: str, *, hard: bool = False) -> None:
    for section in (
        raw_section,
        "== Table service acts",
        "== Event-loop stall during AI turns",
        "== Memory per loaded table",
        "== Result",
    ):
        assert section in text, section
    for game_id in GAMES:
        assert text.count(f"\n{game_id} ") >= 4, game_id  # raw, two table counts, memory
    assert "talismani, 10 seats" in text and "narnia, 4 seats" in text
    # acts, stalls, memory; on SQLite the hard seats' row too
    assert text.count("PASS") + text.count("FAIL") == len(GAMES) * 2 + 2 + len(GAMES) + hard
    if hard:
        assert "== Hard AI seats at many tables" in text and "1 member + 2 hard, 3 tables" in text


def test_quick_bench_prints_every_section() -> None:
    out = io.StringIO()
    assert table_speed.main(["--quick"], out=out) == 0  # --quick never fails on figures
    assert_every_section(out.getvalue(), "== Raw aiosqlite commits", hard=True)


async def test_quick_postgres_bench_prints_every_section(postgres_server: PostgresServer) -> None:
    """On the suite's own server (no second one), in a fresh database: the
    server's settings, with the word that fsync=off flatters the figures, and
    every section; the bench drops the schemas it made."""
    url = await postgres_server.new_database()
    out = io.StringIO()
    argv = ["--quick", "--backend", "postgresql", "--database-url", url]
    # main() runs its own event loop: in a thread, beside this test's loop.
    assert await asyncio.to_thread(table_speed.main, argv, out) == 0
    text = out.getvalue()
    assert_every_section(text, "== Raw asyncpg commits")
    assert "== PostgreSQL server" in text
    assert "fsync=off" in text and "flatters the raw and the service figures alike" in text
    connection = await asyncpg.connect(url)
    try:
        left = await connection.fetch("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'gm_bench_%'")
    finally:
        await connection.close()
    assert left == []


@pytest.mark.parametrize(("game_id", "players"), [("talismani", 10), ("narnia", 4)])
async def test_ai_turns_leave_the_event_loop_free(
    service: TableService, monkeypatch: pytest.MonkeyPatch, game_id: str, players: int
) -> None:
    """The host leaves a table of AI seats, which then play the whole game: the AI
    runs in a worker thread, and a ticker on the loop keeps ticking meanwhile. On
    the loop, the ticker could not run at all while the AI moved (0 ticks)."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    ticks = 0
    stop = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks
        while not stop.is_set():
            await asyncio.sleep(0.001)
            ticks += 1

    runs: list[tuple[int, int, int]] = []  # (thread, ticks before, ticks after) of each AI run
    run_ai = ai_moves.play_ai

    def watched(applied: Applied, log_rows: list[Any], limit: int, *thinking: Any) -> None:
        before = ticks
        run_ai(applied, log_rows, limit, *thinking)
        runs.append((threading.get_ident(), before, ticks))

    monkeypatch.setattr(ai_moves, "play_ai", watched)
    channel = await ai_table(service, game_id, players)
    task = asyncio.create_task(ticker())
    try:
        applied = await play_on(service, channel, await service.leave_game(channel, channel * 100))
    finally:
        stop.set()
        await task
    assert applied.finished
    assert runs, "the AI never ran"
    main = threading.get_ident()
    assert all(thread != main for thread, _, _ in runs)
    # The longest run is a whole slice (Settings.ai_slice_moves, hundreds of AI moves).
    assert len(runs) > 1, "a whole game is more than one slice"
    assert max(after - before for _, before, after in runs) >= 3, runs


async def play_out(service: TableService, game_id: str, players: int) -> tuple[str | None, list[Any]]:
    channel = await ai_table(service, game_id, players)
    await play_on(service, channel, await service.leave_game(channel, channel * 100))
    row = await service.store.latest(channel)
    assert row is not None and row.status == "finished"
    # The shuffle commitment's salt is fresh each game (verifiable shuffles): left out.
    actions = [
        (a.version, a.seat, a.source, a.action, [e for e in a.events if not e["key"].startswith("verify.")])
        for a in await service.store.actions(row.id)
    ]
    return row.state, actions


@pytest.mark.parametrize(("game_id", "players"), [("talismani", 10), ("narnia", 4)])
async def test_ai_moves_off_the_loop_are_the_moves_on_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str, players: int
) -> None:
    """Same seed, same table: the AI in a worker thread plays exactly the game the
    AI on the event loop played (the final state and every logged move)."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    results = []
    for off_loop in (True, False):
        if not off_loop:

            async def on_loop(function: Any, *args: Any) -> Any:
                assert threading.current_thread() is threading.main_thread()
                return function(*args)

            monkeypatch.setattr("bot.ai_moves.asyncio.to_thread", on_loop)
        store = Store(tmp_path / f"{off_loop}.db")
        await store.open()
        try:
            service = TableService(store, make_settings(tmp_path / "x.db"), lambda: 1000.0)
            results.append(await play_out(service, game_id, players))
        finally:
            await store.close()
    (state_off, log_off), (state_on, log_on) = results
    assert state_off == state_on
    assert log_off == log_on
    assert sum(1 for entry in log_on if entry[2] == "ai") > 50


async def test_one_trip_save_is_still_one_transaction(tmp_path: Path) -> None:
    """Store.save writes the row, its actions and its outbox in one trip to the
    database thread: a failing insert leaves none of them, and the connection is
    usable at once (no transaction left open)."""
    store = Store(tmp_path / "save.db")
    await store.open()
    try:
        row = await store.create(10, 1, "magmor", {}, now=1.0)
        await store.save(row, actions=[(0, 7, "player", {"kind": "a"}, [])], outbox=[{"n": 1}], now=2.0)
        stale = await store.get(row.id)
        assert stale is not None
        async with store.transaction() as db:  # a clash on the next action's version
            await db.execute(
                "INSERT INTO actions VALUES (?, ?, NULL, NULL, 'x', '{}', '[]', 0)",
                (row.id, stale.version + 1),
            )
        with pytest.raises(Exception):  # noqa: B017 - sqlite's IntegrityError
            await store.save(stale, actions=[(0, 7, "player", {"kind": "b"}, [])], outbox=[{"n": 2}], now=3.0)
        outbox = await store.fetch("SELECT payload_json FROM outbox WHERE game_id = ?", (row.id,))
        assert [r["payload_json"] for r in outbox] == ['{"n": 1}']
        fresh = await store.get(row.id)
        assert fresh is not None and fresh.version == stale.version
        await store.save(fresh, now=4.0)  # the next change goes through
    finally:
        await store.close()
