"""The Activity's pages over several bot processes on one PostgreSQL:
``python -m bench.activity_viewers --processes 2`` (or ``--processes 1`` for the
same run in one process, to compare).

A throwaway PostgreSQL server (its default durability: commits wait for the
disk); ``--tables`` tables, Akelarre and Narnia in turn, their guilds spread over
two shards; ``--processes`` bot processes (``tests.activity.shard_process``: the
bot's table service, change step and Activity server, listening for the
others' changes), each running its share of the shards; ``--pages`` pages per
table in a process of their own, a table's pages spread over the processes by
turns (so with two, half of each table's pages hear of a move through the other
process, by PostgreSQL's NOTIFY). Members' moves are button clicks in the
process that runs the table's guild, ``--parallel`` tables at once.

Measured: from a move's commit (in the process that made it) to every page of the
table holding the new version, p50 / p99; target: two processes no slower per
page than one."""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from bench.activity_viewers import collect_arrivals, played_games, read_pages
from tests.activity.fake_discord import FakeDiscord
from tests.activity.processes import Process
from tests.factory import make_bot, start_with_an_ai
from tests.postgres_server import PostgresServer, find_bindir

USERS = (11, 12, 13, 14, 15, 16)  # 11 and 12 play (tests.factory), the rest watch
FIRST_CHANNEL = 1000
GUILDS = (1, 1 << 22)  # shard 0's and shard 1's, of two


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def run_processes(processes: int, tables: int, pages: int, moves: int, parallel: int) -> None:
    bindir = find_bindir()
    if bindir is None or PostgresServer.available():
        sys.exit(f"--processes needs PostgreSQL: {PostgresServer.available()}")
    server = PostgresServer(bindir, options="-c max_connections=300").start()
    running: list[Process] = []
    try:
        await _run(server, running, processes, tables, pages, moves, parallel)
    finally:
        for process in running:
            if process.child is not None and process.child.returncode is None:
                await process.kill()
        server.stop()


async def _run(
    server: PostgresServer,
    running: list[Process],
    processes: int,
    tables: int,
    pages: int,
    moves: int,
    parallel: int,
) -> None:
    url = await server.new_database()
    fake = FakeDiscord(
        users={f"tok-{u}": {"id": str(u), "username": f"u{u}", "locale": "en-US"} for u in USERS}
    )
    channels = [FIRST_CHANNEL + c for c in range(tables)]
    for c, channel in enumerate(channels):
        location = {"channel_id": str(channel), "guild_id": str(GUILDS[c % 2])}
        fake.instances[f"i{c}"] = {"location": location, "users": [str(u) for u in USERS]}
    discord = TestServer(fake.app(), host="127.0.0.1")
    await discord.start_server()
    bot = make_bot(url)
    await bot.store.open()
    played = played_games()  # every game the bot presents, by turns
    for c, channel in enumerate(channels):
        await start_with_an_ai(bot.service, channel, played[c % len(played)], guild=GUILDS[c % 2])
    shards = ["0,1"] if processes == 1 else ["0", "1"]
    running += [Process(ids, free_port()) for ids in shards]
    api = str(discord.make_url("")).rstrip("/")
    await asyncio.gather(*(p.start(url, api) for p in running))
    owner = {channel: running[0 if processes == 1 else c % 2] for c, channel in enumerate(channels)}

    arrivals: dict[tuple[int, int], list[float]] = {}
    bases = [f"http://127.0.0.1:{p.port}" for p in running]
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.activity_processes",
        json.dumps({"bases": bases, "tables": tables, "pages": pages}),
        stdout=asyncio.subprocess.PIPE,
    )

    collector = asyncio.create_task(collect_arrivals(child, arrivals))
    while len({key[0] for key in arrivals}) < tables or sum(map(len, arrivals.values())) < tables * pages:
        await asyncio.sleep(0.05)
    latencies: list[float] = []
    made = 0
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:

        async def one_move(channel: int) -> bool:
            async with http.post(
                f"http://127.0.0.1:{owner[channel].port}/test/button", json={"channel": channel}
            ) as answer:
                done: dict[str, Any] = await answer.json()
            if done["version"] is None:
                return False  # the AI seat's turn: its process plays it on
            key = (channel, int(done["version"]))
            for _ in range(5000):
                if len(arrivals.get(key, [])) >= pages:
                    latencies.append(max(arrivals[key]) - float(done["committed"]))
                    break
                await asyncio.sleep(0.001)
            return True

        async def lane(n: int) -> None:
            nonlocal made
            mine = channels[n::parallel]
            turn = idle = 0
            while made < moves and idle <= moves:
                if await one_move(mine[turn % len(mine)]):
                    made += 1
                else:
                    idle += 1
                    await asyncio.sleep(0.05)
                turn += 1

        started = time.perf_counter()
        await asyncio.gather(*(lane(n) for n in range(min(parallel, tables))))
        elapsed = time.perf_counter() - started
    q = statistics.quantiles(latencies, n=100)
    print(
        f"{processes} process(es), {tables} tables x {pages} pages ({tables * pages} pages), "
        f"{len(latencies)} moves, {min(parallel, tables)} at once, {len(latencies) / elapsed:.0f} moves/s: "
        f"commit -> every page of the table p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms"
    )
    child.terminate()
    await child.wait()
    collector.cancel()
    await discord.close()
    await bot.store.close()


if __name__ == "__main__":
    given = json.loads(sys.argv[1])
    asyncio.run(read_pages(given["bases"], given["tables"], given["pages"]))
