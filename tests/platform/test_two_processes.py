"""Two bot processes on one PostgreSQL database racing on one channel.

Each process has its own table service, so its per-channel lock cannot see the
other's: only the store's ``WHERE version = ?`` orders them. Two real
processes (``race_worker.py``) make the same move at the same version, round
after round, and write at the same moment (a barrier in front of the write).
Every move must be applied exactly once, the other process must get the stale
answer, and the stored game must be what replaying its log gives.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import asyncpg

from bot.model import table_of
from bot.table import TableService
from games.registry import GAMES
from tests.factory import make_settings, open_store
from tests.postgres_server import PostgresServer

ROUNDS = 12
CHANNEL, GUILD = 7, 1
ROOT = Path(__file__).resolve().parents[2]


async def _start_game(url: str) -> None:
    store = await open_store(url)
    try:
        service = TableService(store, make_settings(url), clock=lambda: 1_000.0)
        await service.open_lobby(CHANNEL, GUILD, 100, "ann", "magmor", seats=3, speed="live", language="en")
        await service.join(CHANNEL, 101, "bob")
        await service.join(CHANNEL, 102, "cid")
        await service.start(CHANNEL, 100, may_manage=False)
    finally:
        await store.close()
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(
            "CREATE TABLE race_barrier (round INTEGER, worker INTEGER, PRIMARY KEY (round, worker))"
        )
    finally:
        await connection.close()


async def _worker(url: str, worker: int) -> list[dict[str, object]]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.platform.race_worker",
        url,
        str(CHANNEL),
        str(ROUNDS),
        str(worker),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=120)
    assert process.returncode == 0, err.decode()
    return [json.loads(line) for line in out.decode().splitlines() if line.startswith("{")]


async def test_two_processes_racing_on_one_channel_apply_each_move_once(
    postgres_server: PostgresServer,
) -> None:
    url = await postgres_server.new_database()
    await _start_game(url)
    first, second = await asyncio.gather(_worker(url, 1), _worker(url, 2))

    assert len(first) == len(second) == ROUNDS
    for mine, theirs in zip(first, second, strict=True):
        # Both read the same version, and exactly one of the two writes won.
        assert mine["version"] == theirs["version"], (mine, theirs)
        assert sorted([mine["outcome"], theirs["outcome"]]) == ["applied", "error.stale"], (mine, theirs)
    assert {r["outcome"] for r in first} == {"applied", "error.stale"}, "each process won some rounds"

    store = await open_store(url)
    try:
        row = await store.active(CHANNEL)
        assert row is not None and row.state is not None
        log = await store.actions(row.id)
        moves = [a for a in log if a.source == "player"]
        assert len(moves) == ROUNDS  # once each, never twice
        assert log[0].source == "start"  # lobby changes bump the version without a log row
        assert [a.version for a in log] == list(range(log[0].version, log[0].version + len(log)))
        assert log[-1].version == row.version  # no gap, no duplicate, nothing after the log
        # The stored game is the replay of its log: nothing applied that the log lacks.
        game = GAMES[row.game]
        info = table_of(row)
        assert info.seed is not None
        state = game.new_game(len(info.seats), info.seed, info.options)
        for entry in log:
            if entry.source in ("player", "ai", "timeout"):
                assert entry.seat is not None
                state, _ = game.play(state, entry.seat, game.parse_action(entry.action))
        assert state.model_dump_json() == row.state
    finally:
        await store.close()
