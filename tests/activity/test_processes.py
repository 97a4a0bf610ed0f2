"""Every shard's tables from their pages: two bot processes
(``tests.activity.shard_process``), each running one of two shards, on one
PostgreSQL, announcing their changes to each other with LISTEN/NOTIFY; pages on
either process, for tables of either shard. A page's move reaches the channel's
board through the process that runs its guild, a button's move reaches the
pages the other process holds, and a process killed under open pages loses
nothing: its pages reconnect through the one public port to the other process,
and what it left unpublished is published when it is back."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest_asyncio
from aiohttp.test_utils import TestServer

from bot.client import GameMasterBot, now
from bot.store.listen import Heard
from games.registry import GAMES
from tests.activity.fake_discord import FakeDiscord
from tests.activity.processes import Page, Process, Proxy, sessions
from tests.factory import make_bot, start_with_an_ai
from tests.postgres_server import PostgresServer

# Guild 1 is shard 0's, guild 1 << 22 shard 1's (Discord's formula, two shards).
TABLES = {100: 1, 200: 1 << 22}  # channel -> guild
INSTANCES = {100: "i-0", 200: "i-1"}
TOKENS = {11: "tok-alice", 12: "tok-bob", 14: "tok-dave"}  # alice and bob play, dave watches


@dataclass
class Rig:
    url: str
    discord_api: str
    bot: GameMasterBot  # the test's own view of the database
    a: Process  # shard 0: channel 100's guild
    b: Process  # shard 1: channel 200's guild
    proxy: Proxy
    http: aiohttp.ClientSession

    async def page(self, user: int, channel: int, process: Process | None = None) -> Page:
        """A page on ``process``, or through the one public port."""
        port = process.port if process is not None else self.proxy.port
        page = Page(self.http, f"http://127.0.0.1:{port}/ws", TOKENS[user], INSTANCES[channel])
        return await page.open()

    def served_by(self, page: Page) -> int:
        return self.proxy.served[page.local_port]

    async def version(self, channel: int) -> int:
        found = await self.bot.service.active(channel)
        assert found is not None
        return found[0].version

    async def human_turn(self, channel: int) -> tuple[int, int, dict[str, Any]]:
        """Once the AI seat has played (its guild's process plays it on): the member
        to move, the version, and their move."""
        for _ in range(1000):
            found = await self.bot.service.active(channel)
            assert found is not None
            row, info = found
            state = self.bot.service.state_of(row)
            decision = GAMES[row.game].decision(state)
            assert decision is not None
            seat = decision.actors[0]
            if not info.seats[seat].ai and row.deadline_at is not None and row.deadline_at > row.updated_at:
                user = info.seats[seat].user_id
                assert user is not None
                return user, row.version, GAMES[row.game].default_action(state, seat).model_dump(mode="json")
            await asyncio.sleep(0.02)
        raise AssertionError("the AI seat never played")

    async def all_published(self) -> None:
        """Every notice of both tables published, each exactly once, by its guild's process."""
        for _ in range(1000):
            if not [c for c in TABLES if await self.bot.store.pending_notices(c)]:
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("notices left unpublished")
        for channel in TABLES:
            ids = [
                int(r["id"])
                for r in await self.bot.store.fetch("SELECT id FROM outbox WHERE channel_id = ?", (channel,))
            ]
            published = self.a.published(channel) + self.b.published(channel)
            assert sorted(published) == sorted(ids), channel  # each once, none missing
            other = self.b if TABLES[channel] == 1 else self.a
            assert other.published(channel) == [], channel  # never the other shard's process


@pytest_asyncio.fixture
async def rig(
    postgres_server: PostgresServer, unused_tcp_port_factory: Callable[[], int]
) -> AsyncIterator[Rig]:
    url = await postgres_server.new_database()
    fake = FakeDiscord(
        users={
            token: {"id": str(user), "username": token[4:], "locale": "en-US"}
            for user, token in TOKENS.items()
        },
        instances={
            INSTANCES[channel]: {
                "location": {"channel_id": str(channel), "guild_id": str(guild)},
                "users": [str(u) for u in TOKENS],
            }
            for channel, guild in TABLES.items()
        },
    )
    discord = TestServer(fake.app(), host="127.0.0.1")
    await discord.start_server()
    discord_api = str(discord.make_url("")).rstrip("/")
    bot = make_bot(url)
    await bot.store.open()
    for channel, guild in TABLES.items():
        await start_with_an_ai(bot.service, channel, "akelarre", guild=guild)
    a, b = Process("0", unused_tcp_port_factory()), Process("1", unused_tcp_port_factory())
    await asyncio.gather(a.start(url, discord_api), b.start(url, discord_api))
    proxy = Proxy([a.port, b.port])
    await proxy.start()
    async with sessions() as http:
        made = Rig(url, discord_api, bot, a, b, proxy, http)
        try:
            yield made
        finally:
            for process in (a, b):
                if process.child is not None and process.child.returncode is None:
                    await process.kill()
            await proxy.stop()
            await discord.close()
            await bot.store.close()
            await postgres_server.drop_database(url)


async def test_moves_reach_the_other_process_both_ways(rig: Rig) -> None:
    for process in (rig.a, rig.b):  # the proxy's health check (Caddyfile's health_uri)
        async with rig.http.get(f"http://127.0.0.1:{process.port}/favicon.ico") as answer:
            assert answer.status == 204
    pages: dict[int, list[Page]] = {
        channel: [await rig.page(user, channel, process) for user in TOKENS for process in (rig.a, rig.b)]
        for channel in TABLES
    }
    for channel, (owner, other) in {200: (rig.b, rig.a), 100: (rig.a, rig.b)}.items():
        # A move made in a page the other process serves, on a table of the owner's shard.
        user, at, move = await rig.human_turn(channel)
        page = pages[channel][list(TOKENS).index(user) * 2 + (0 if other is rig.a else 1)]
        await page.send({"v": 1, "type": "act", "version": at, "action": move})
        for each in pages[channel]:
            await each.until(at + 1)
        await rig.all_published()  # by the owner, which heard of it

        # A button's move in the owner reaches the pages the other process holds.
        await rig.human_turn(channel)
        clicked = await owner.button(rig.http, channel)
        for each in pages[channel]:
            await each.until(clicked)
        await rig.all_published()
    for each in [p for ps in pages.values() for p in ps]:
        assert each.connections == 1 and each.refused == []
        await each.close()


async def test_a_killed_process_loses_nothing_and_its_pages_reconnect(rig: Rig) -> None:
    await rig.all_published()
    pages = {channel: [await rig.page(user, channel) for user in TOKENS] for channel in TABLES}
    every = [p for ps in pages.values() for p in ps]
    on = {rig.served_by(p) for p in every}
    assert on == {rig.a.port, rig.b.port}  # the public port spreads them over both processes

    for dead, alive in ((rig.b, rig.a), (rig.a, rig.b)):
        for channel in TABLES:  # a member's turn: the dead process's AI seat would wait for it
            await rig.human_turn(channel)
        was = {id(p): p.connections for p in every}
        moved = [p for p in every if rig.served_by(p) == dead.port]
        assert moved, "pages on the process about to die"
        await dead.kill()
        for page in moved:  # each page found the other process by itself, and holds the table as it is
            for _ in range(500):
                if page.connections > was[id(page)] and rig.served_by(page) == alive.port:
                    break
                await asyncio.sleep(0.02)
            assert rig.served_by(page) == alive.port and page.connections == was[id(page)] + 1
        for channel in TABLES:
            for page in pages[channel]:
                await page.until(await rig.version(channel))

        # Moves in pages on both tables while one process is down: every page sees them.
        for channel in TABLES:
            user, at, move = await rig.human_turn(channel)
            page = pages[channel][list(TOKENS).index(user)]
            await page.send({"v": 1, "type": "act", "version": at, "action": move})
            for each in pages[channel]:
                await each.until(at + 1)
        # The dead process's guild waits for it: nothing published for it meanwhile,
        assert await rig.bot.store.pending_notices(dead_table(rig, dead))
        await dead.start(rig.url, rig.discord_api)  # back: its scheduler publishes what was left
        await rig.all_published()
    for page in every:
        assert page.refused == []
        await page.close()


def dead_table(rig: Rig, dead: Process) -> int:
    return 100 if dead is rig.a else 200


async def test_a_lost_listening_connection_is_opened_again_and_pages_catch_up(
    postgres_server: PostgresServer,
) -> None:
    url = await postgres_server.new_database()
    try:
        here, there = make_bot(url), make_bot(url)
        for bot in (here, there):
            await bot.store.open()
        heard: list[Heard] = []
        flushed: list[int] = []

        class Pages:
            def channels(self) -> list[int]:
                return [100]

            async def flush(self, channel_id: int, *, wait: bool = True) -> None:
                flushed.append(channel_id)

            async def announce(self, channel_id: int, text: str) -> bool:
                return True

        here.changes.publishers.append(Pages())
        listened = here.changes.heard

        def heard_too(change: Heard) -> None:
            heard.append(change)
            listened(change)

        here.changes.heard = heard_too  # type: ignore[method-assign]
        await here.changes.listen()
        listener = here.store.listener  # type: ignore[attr-defined]
        assert listener.listening
        applied = await start_with_an_ai(there.service, 100, "akelarre")
        await until(lambda: bool(heard) and heard[-1].version == applied.row.version)
        assert {(h.channel_id, h.guild_id) for h in heard} == {(100, 1)}
        await until(lambda: 100 in flushed)
        await here.changes.settled()
        before, said = len(flushed), len(heard)

        # The server drops the listening connection (a restart, a cut): listened to again at
        # the next tick, and the pages held here read their tables afresh, for what was said meanwhile.
        await there.store.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'"
        )
        await until(lambda: not listener.listening)
        await here.changes.tick(now())  # the scheduler's next tick listens again
        assert listener.listening
        await until(lambda: len(flushed) > before)
        assert len(heard) == said  # a catch-up, not a change heard
        ended = await there.service.end(100, 11, may_manage=False)
        await until(lambda: heard[-1].version == ended.row.version)  # heard again
        await here.store.close()
        await there.store.close()
    finally:
        await postgres_server.drop_database(url)


async def until(check: Callable[[], bool], seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never came")
