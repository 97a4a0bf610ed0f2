"""How soon do the Activity's pages see a change? ``python -m bench.activity_viewers``.

The Activity's web server (``cogs.activity``) with a real table service on
SQLite and a fake Discord on the loopback address (``tests.activity.fake_discord``),
``--tables`` live Akelarre tables with ``--pages`` connected pages each (two
players and spectators), and members' moves made one after another through the
service and the change step, as a click makes them. Measured: from a move's
commit (``TableService.act`` returned) to every page of its table holding the new
version (p50 / p99), and the event loop's longest stall seen by a 5 ms ticker
(target ≤ 50 ms, as for the AI seats). Pages and server share one process and
loop here, so the figures include the pages' own reading.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestClient, TestServer
from pydantic import SecretStr

from cogs.activity.server import ActivityServer
from games.registry import GAMES
from tests.activity.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from tests.factory import make_bot, start_with_an_ai

USERS = (11, 12, 13, 14, 15, 16)  # 11 and 12 play (tests.factory), the rest watch
FIRST_CHANNEL = 1000
STALL_TARGET_MS = 50.0


async def run(tables: int, pages: int, moves: int) -> None:
    watchers = USERS[:pages]
    fake = FakeDiscord(
        users={f"tok-{u}": {"id": str(u), "username": f"u{u}", "locale": "en-US"} for u in USERS}
    )
    for c in range(tables):
        channel = {"channel_id": str(FIRST_CHANNEL + c)}
        fake.instances[f"i{c}"] = {"location": channel, "users": [str(u) for u in USERS]}
    discord = TestServer(fake.app(), host="127.0.0.1")
    await discord.start_server()
    folder = tempfile.TemporaryDirectory()
    bot = make_bot(
        Path(folder.name) / "gamemaster.db",
        discord_client_id=CLIENT_ID,
        discord_client_secret=SecretStr(CLIENT_SECRET),
        activity_port=1,  # not bound: the test server serves the app
        discord_api_base=str(discord.make_url("")).rstrip("/"),
    )
    await bot.store.open()
    server = ActivityServer(bot.service, bot.changes, bot.settings)
    bot.changes.publishers.insert(0, server.viewers)
    # aiohttp's client allows 100 connections by default: these pages are more.
    client = TestClient(TestServer(server.app(), host="127.0.0.1"), connector=aiohttp.TCPConnector(limit=0))
    await client.start_server()
    for c in range(tables):
        await start_with_an_ai(bot.service, FIRST_CHANNEL + c, "akelarre")

    arrivals: dict[tuple[int, int], list[float]] = {}

    async def read(ws: aiohttp.ClientWebSocketResponse, channel: int) -> None:
        async for frame in ws:
            message = frame.json()
            if message["type"] == "state" and message["table"]:
                key = (channel, message["table"]["version"])
                arrivals.setdefault(key, []).append(time.perf_counter())

    readers = []
    for c in range(tables):
        for user in watchers:
            ws = await client.ws_connect("/ws")
            await ws.send_json(
                {"v": 1, "type": "hello", "access_token": f"tok-{user}", "instance_id": f"i{c}"}
            )
            readers.append(asyncio.create_task(read(ws, FIRST_CHANNEL + c)))
    while sum(len(v) for v in arrivals.values()) < tables * pages:
        await asyncio.sleep(0.01)

    stalls: list[float] = []

    async def tick() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            stalls.append(now - last - 0.005)
            last = now

    ticker = asyncio.create_task(tick())
    latencies: list[float] = []
    game = GAMES["akelarre"]
    for i in range(moves):
        channel = FIRST_CHANNEL + i % tables
        found = await bot.service.active(channel)
        if found is None or found[0].status != "playing":
            continue
        row, info = found
        state = bot.service.state_of(row)
        decision = game.decision(state)
        if decision is None:
            continue
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        assert user is not None
        action = game.default_action(state, seat).model_dump(mode="json")
        applied = await bot.service.act(channel, user, action, version=row.version)
        committed = time.perf_counter()
        await bot.changes.after(applied)
        key = (channel, applied.row.version)
        for _ in range(1000):
            if len(arrivals.get(key, [])) >= pages:
                break
            await asyncio.sleep(0.001)
        got = arrivals.get(key, [])
        if len(got) >= pages:
            latencies.append(max(got) - committed)
    ticker.cancel()
    quantiles = statistics.quantiles(latencies, n=100)
    stall = max(stalls) * 1000
    print(
        f"{tables} tables x {pages} pages ({tables * pages} viewers), {len(latencies)} moves: "
        f"commit -> every page of the table p50 {quantiles[49] * 1000:.1f} ms, "
        f"p99 {quantiles[98] * 1000:.1f} ms; "
        f"longest loop stall {stall:.1f} ms (target <= {STALL_TARGET_MS:.0f}: "
        f"{'PASS' if stall <= STALL_TARGET_MS else 'FAIL'})"
    )
    for reader in readers:
        reader.cancel()
    await client.close()
    await server.stop()
    await discord.close()
    await bot.store.close()
    folder.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pages", type=int, default=4, choices=range(1, len(USERS) + 1))
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    asyncio.run(run(args.tables, args.pages, args.moves))


if __name__ == "__main__":
    main()
