"""The Activity's web server under aiohttp's test client, with a real table
service on SQLite and a fake Discord on the loopback address."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import simcord
from aiohttp.test_utils import TestClient, TestServer
from pydantic import SecretStr

from bot.client import GameMasterBot
from bot.model import Applied, LogRow
from cogs.activity.server import ActivityServer
from cogs.kit.presenter import register
from games.registry import GAMES
from tests.activity.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from tests.activity.pages import page_presenters, page_view
from tests.e2e.helpers import Table
from tests.factory import make_bot

CHANNEL, OTHER_CHANNEL = 100, 200
# The tests' pages play whole games at machine speed, far past a member's clicks: the
# shipped rate is for people (tests/activity/test_fairness.py sets it back to test it).
RIG_MESSAGES_PER_SECOND = 10_000.0
RIG_MESSAGES_BURST = 100_000  # a flood test's 500 sign-ins sent at once meet their own limits
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14

# The games with a page, as their cogs register them in the bot: a page's words, data
# and final record come from their presenters.
for presenter in page_presenters():
    register(presenter)


@dataclass
class Channel:
    """Stands for the channel's Discord publisher: it records each flush; and
    every committed version's page views, seat by seat (what each page may see)."""

    bot: GameMasterBot
    flushed: list[int] = field(default_factory=list)
    views: dict[int, dict[int | None, Any]] = field(default_factory=dict)  # version -> seat -> view
    # The engine's own views (Game.view) at each version: what a page's state is made from.
    engine_views: dict[int, dict[int | None, Any]] = field(default_factory=dict)

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        self.flushed.append(channel_id)

    def watch(self) -> None:
        """Record each seat's view at every version the table service commits."""
        core = self.bot.service._core
        commit = core.commit

        async def recorded(applied: Applied, log_rows: list[LogRow], **options: Any) -> None:
            await commit(applied, log_rows, **options)
            assert applied.state is not None
            seats: list[int | None] = [*range(len(applied.table.seats)), None]
            views = {s: page_view(applied.row.game, applied.state, s) for s in seats}
            self.views[applied.row.version] = views
            game = GAMES[applied.row.game]
            self.engine_views[applied.row.version] = {
                s: game.view(applied.state, s).model_dump(mode="json") for s in seats
            }

        core.commit = recorded  # type: ignore[method-assign]

    async def announce(self, channel_id: int, text: str) -> bool:
        return True


@dataclass
class Rig:
    bot: GameMasterBot
    discord: FakeDiscord
    server: ActivityServer
    client: TestClient[Any, Any]
    channel: Channel

    @property
    def base(self) -> str:
        """The server's address, as a page's origin."""
        return str(self.client.make_url("")).rstrip("/")


@asynccontextmanager
async def faked_discord() -> AsyncIterator[tuple[FakeDiscord, str]]:
    """The fake Discord on a loopback port, and its address."""
    fake = FakeDiscord(
        codes={"code-alice": "tok-alice", "code-bob": "tok-bob"},
        users={
            "tok-alice": {"id": str(ALICE), "username": "alice", "locale": "en-US"},
            "tok-bob": {"id": str(BOB), "username": "bob", "locale": "it"},
            "tok-carol": {"id": str(CAROL), "username": "carol", "locale": "en-GB"},
            "tok-dave": {"id": str(DAVE), "username": "dave", "locale": "en-US"},  # watches
        },
        instances={
            "i-table": {
                "location": {"channel_id": str(CHANNEL), "guild_id": "1"},
                "users": [str(ALICE), str(BOB), str(DAVE)],
            },
            "i-other": {
                "location": {"channel_id": str(OTHER_CHANNEL), "guild_id": "1"},
                "users": [str(ALICE)],
            },
        },
    )
    server = TestServer(fake.app(), host="127.0.0.1")
    await server.start_server()
    try:
        yield fake, str(server.make_url("")).rstrip("/")
    finally:
        await server.close()


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[tuple[FakeDiscord, str]]:
    async with faked_discord() as made:
        yield made


@asynccontextmanager
async def rigged(
    tmp_path: Path,
    fake_discord: tuple[FakeDiscord, str],
    *,
    harness: bool = False,
    database: str | None = None,
    **settings: object,
) -> AsyncIterator[Rig]:
    """The server on a loopback port, with the fake Discord client's pages beside
    it for the browser tests (``harness``); on SQLite, or on ``database`` (a
    PostgreSQL URL: several rigs on one are several processes', ``settings`` their shards)."""
    fake, base = fake_discord
    bot = make_bot(
        database or tmp_path / "gamemaster.db",
        discord_client_id=CLIENT_ID,
        discord_client_secret=SecretStr(CLIENT_SECRET),
        activity_port=8099,  # never bound here: the test client serves the app
        discord_api_base=base,
        activity_messages_per_second=RIG_MESSAGES_PER_SECOND,
        activity_messages_burst=RIG_MESSAGES_BURST,
        **settings,
    )
    await bot.store.open()
    server = ActivityServer(bot.service, bot.changes, bot.settings)
    channel = Channel(bot)
    channel.watch()
    # The channel's first here (the extension puts the pages first): a page that
    # hears of a change then knows the channel was published already.
    bot.changes.publishers += [channel, server.viewers]
    app = server.app()
    if harness:
        from tests.activity.browser.pages import with_harness

        app = with_harness(app)
    client = TestClient(TestServer(app, host="127.0.0.1"))
    await client.start_server()
    try:
        yield Rig(bot, fake, server, client, channel)
    finally:
        await client.close()
        await server.stop()
        await bot.changes.settled()


@pytest_asyncio.fixture
async def rig(tmp_path: Path, fake_discord: tuple[FakeDiscord, str]) -> AsyncIterator[Rig]:
    async with rigged(tmp_path, fake_discord) as made:
        yield made


@pytest_asyncio.fixture
async def web_rig(tmp_path: Path, fake_discord: tuple[FakeDiscord, str]) -> AsyncIterator[Rig]:
    """:func:`rig` serving the browser tests' fake Discord client too."""
    async with rigged(tmp_path, fake_discord, harness=True) as made:
        yield made


# -- the Activity beside the real bot in SimCord -------------------------------------


@pytest.fixture
def simcord_bot(tmp_path: Path) -> GameMasterBot:
    return make_bot(tmp_path / "gamemaster.db")


@pytest_asyncio.fixture
async def activity(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], unused_tcp_port: int
) -> AsyncIterator[ActivityServer]:
    async with activity_beside(simcord_env, fake_discord, unused_tcp_port) as server:
        yield server


@asynccontextmanager
async def activity_beside(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], port: int
) -> AsyncIterator[ActivityServer]:
    """The Activity's server beside the SimCord bot, as its extension adds it, serving
    the browser tests' fake Discord client too; started from the test: SimCord waits for
    every task the bot starts to settle, and a server's connections never do."""
    from tests.activity.browser.pages import with_harness

    bot = simcord_env.bot
    assert isinstance(bot, GameMasterBot)
    settings = bot.settings.model_copy(
        update={
            "discord_client_id": CLIENT_ID,
            "discord_client_secret": SecretStr(CLIENT_SECRET),
            "activity_port": port,
            "discord_api_base": fake_discord[1],
            "activity_messages_per_second": RIG_MESSAGES_PER_SECOND,
            "activity_messages_burst": RIG_MESSAGES_BURST,
        }
    )
    server = ActivityServer(bot.service, bot.changes, settings)
    bot.changes.publishers.insert(0, server.viewers)
    await server.start(with_harness(server.app()))
    try:
        yield server
    finally:
        await server.stop()


async def published(table: Table) -> None:
    """Wait (a few seconds at most) until the channel's publisher sent every notice."""
    for _ in range(200):
        if not await table.bot.store.pending_notices(table.channel.id):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the change was not published to the channel")
