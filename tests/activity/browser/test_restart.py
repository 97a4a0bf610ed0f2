"""A restart of the bot while pages are open: the pages say they are
reconnecting, come back by themselves to the new process on the same port with
the same database, and show the table as it is now; the next move reaches them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from bot.client import GameMasterBot
from bot.i18n import t
from bot.settings import Settings
from cogs.activity.server import ActivityServer
from games.registry import GAMES
from tests.activity.browser.pages import TablePage, open_page, with_harness
from tests.activity.conftest import ALICE, BOB, CHANNEL
from tests.activity.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from tests.factory import make_bot, start_with_an_ai


@asynccontextmanager
async def running(settings: Settings | Path, **overrides: Any) -> AsyncIterator[GameMasterBot]:
    """A bot and its Activity server on ``settings``' own port (not a test server's
    random one: the pages come back to the address they had), stopped as a
    process stops: the server, then the change step, then the store."""
    bot = make_bot(settings, **overrides)
    await bot.store.open()
    server = ActivityServer(bot.service, bot.changes, bot.settings)
    bot.changes.publishers.insert(0, server.viewers)
    await server.start(with_harness(server.app()))
    try:
        yield bot
    finally:
        await server.stop()
        await bot.changes.settled()
        bot.changes.close()
        await bot.store.close()


async def move(bot: GameMasterBot) -> int:
    """The member whose turn it is plays the default move; the version it made."""
    found = await bot.service.active(CHANNEL)
    assert found is not None
    row, info = found
    state = bot.service.state_of(row)
    decision = GAMES["akelarre"].decision(state)
    assert state is not None and decision is not None
    seat = decision.actors[0]
    action = GAMES["akelarre"].default_action(state, seat).model_dump(mode="json")
    applied = await bot.service.act(CHANNEL, info.seats[seat].user_id or 0, action, version=row.version)
    await bot.changes.after(applied)
    await bot.changes.settled()
    latest = await bot.service.active(CHANNEL)
    assert latest is not None
    return latest[0].version


def page_faults(page: TablePage) -> list[str]:
    """The page's errors but the browser's own word for a refused connection
    (the server is down while it retries)."""
    return [e for e in page.errors if "WebSocket connection to" not in e]


async def test_pages_open_through_a_restart_reconnect_and_show_the_table_as_it_is(
    tmp_path: Path, fake_discord: tuple[FakeDiscord, str], browser: Any, unused_tcp_port: int
) -> None:
    base = f"http://127.0.0.1:{unused_tcp_port}"
    async with running(
        tmp_path / "gamemaster.db",
        discord_client_id=CLIENT_ID,
        discord_client_secret=SecretStr(CLIENT_SECRET),
        activity_port=unused_tcp_port,
        discord_api_base=fake_discord[1],
    ) as bot:
        settings = bot.settings
        applied = await start_with_an_ai(bot.service, CHANNEL, "akelarre")
        await bot.changes.after(applied)
        await bot.changes.settled()
        found = await bot.service.active(CHANNEL)
        assert found is not None
        first = found[0].version
        alice = await open_page(
            browser, base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL, clock=True
        )
        bob = await open_page(
            browser,
            base,
            user=BOB,
            code="code-bob",
            instance="i-table",
            channel=CHANNEL,
            locale="it",
            clock=True,
        )
        assert (await alice.version(), await bob.version()) == (first, first)

    # The process is gone: each page says so in its member's language, and keeps trying.
    for page, language in ((alice, "en"), (bob, "it")):
        await page.frame.wait_for_selector("#app[data-state=reconnecting]", timeout=5_000)
        assert await page.notice() == t("activity.page.reconnecting", language)
        assert await page.version() == first  # the table it had stays in view meanwhile

    # The table moves on while no page is connected (a deadline run as the bot comes
    # back): no page hears of it but by asking again.
    offline = make_bot(settings)
    await offline.store.open()
    now = await move(offline)
    await offline.store.close()
    assert now > first

    async with running(settings) as bot:  # a new process: the same database, the same port
        for page in (alice, bob):
            # The page's next try is at most its longest wait between tries away (RETRY_MS, 8 s):
            # its clock is run on past it rather than waited out.
            await page.page.context.clock.run_for(8_000)
            await page.ready(now, timeout=15_000)
            assert await page.version() == now
            assert await page.notice() == ""
        # And the next move reaches both pages, from the new process.
        later = await move(bot)
        for page in (alice, bob):
            await page.ready(later)
        assert page_faults(alice) == page_faults(bob) == []
