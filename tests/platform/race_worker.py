"""One of two bot processes racing on one channel (``test_two_processes.py``).

``python -m tests.platform.race_worker URL CHANNEL ROUNDS WORKER`` opens its
own table service on the shared PostgreSQL database and, round after round,
makes the move of whoever must act, as that player, at the version it read.
Before writing, it waits at a barrier until the other process has also read
and played that version (the moment two processes' in-memory locks cannot see
each other), so both writes hit the database together. It prints one JSON
line per round: ``{"round", "version", "outcome"}`` where the outcome is
``"applied"`` or the refusal's key.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Sequence
from typing import Any

import asyncpg

from bot.model import TableError, table_of
from bot.store.postgres import PostgresStore
from bot.table import TableService
from games.registry import GAMES
from tests.factory import make_settings

BARRIER_SECONDS = 20.0


async def barrier(url: str, round_: int, worker: int) -> None:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("INSERT INTO race_barrier (round, worker) VALUES ($1, $2)", round_, worker)
        for _ in range(int(BARRIER_SECONDS / 0.002)):
            if await connection.fetchval("SELECT COUNT(*) FROM race_barrier WHERE round = $1", round_) == 2:
                return
            await asyncio.sleep(0.002)
        raise TimeoutError(f"round {round_}: the other process never came")
    finally:
        await connection.close()


async def main(url: str, channel: int, rounds: int, worker: int) -> None:
    store = PostgresStore(url, pool_size=2)
    await store.open()
    service = TableService(store, make_settings(url), clock=lambda: 1_000.0)
    current = {"round": 0}
    real_write = store._write_change

    async def write_after_the_barrier(
        update: Sequence[Any], logged: Sequence[Sequence[Any]], published: Sequence[Sequence[Any]]
    ) -> bool:
        await barrier(url, current["round"], worker)
        return await real_write(update, logged, published)

    store._write_change = write_after_the_barrier  # type: ignore[method-assign]
    try:
        for round_ in range(1, rounds + 1):
            current["round"] = round_
            row = await store.active(channel)
            assert row is not None and row.state is not None
            game = GAMES[row.game]
            state = game.load_state(row.state)
            decision = game.decision(state)
            assert decision is not None
            seat = decision.actors[0]
            user = table_of(row).seats[seat].user_id
            assert user is not None
            action = game.default_action(state, seat).model_dump()
            try:
                await service.act(channel, user, action, version=row.version)
                outcome = "applied"
            except TableError as refused:
                outcome = refused.key
            print(json.dumps({"round": round_, "version": row.version, "outcome": outcome}), flush=True)
            # The loser reads the winner's change before the next round: wait
            # until both have written (or given up) this round.
            await asyncio.sleep(0)
    finally:
        await store.close()


if __name__ == "__main__":
    url, channel, rounds, worker = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    asyncio.run(main(url, channel, rounds, worker))
