"""The browser tests share one Playwright driver and one chromium per pytest worker; each
test gets that browser (the ``browser`` fixture) and opens its pages in contexts of its own,
which share no cookies, storage or pages, and are closed when the test ends.

Playwright's objects belong to the event loop that started them, so these tests, and every
async fixture they use, run on pytest-asyncio's session loop (every other test keeps a
loop of its own): the fixtures below are the shared ones of ``tests/activity/conftest.py``,
``tests/conftest.py`` and SimCord's plugin, made again on that loop. A new browser test asks
for ``browser`` (and ``web_rig`` or ``activity``); a new async fixture for these tests takes
``loop_scope="session"``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import simcord
import simcord.pytest_plugin
from playwright.async_api import Browser

from cogs.activity.server import ActivityServer
from tests.activity.browser.chromium import Chromium, launched
from tests.activity.browser.pages import need_chromium
from tests.activity.conftest import Rig, activity_beside, faked_discord, rigged
from tests.activity.fake_discord import FakeDiscord
from tests.factory import BOTS

HERE = Path(__file__).parent
SHARED = "session"  # the loop these tests and their fixtures run on


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    shared = pytest.mark.asyncio(loop_scope=SHARED)
    for item in items:
        if HERE in item.path.parents and pytest_asyncio.is_async_test(item):
            item.add_marker(shared, append=False)


@pytest_asyncio.fixture(scope="session", loop_scope=SHARED)
async def _chromium() -> AsyncIterator[Chromium]:
    """Started by the worker's first browser test (skipped where chromium is missing,
    but under REQUIRE_BROWSER=1), stopped when the worker ends."""
    async with launched(need_chromium()) as chromium:
        yield chromium


@pytest_asyncio.fixture(loop_scope=SHARED)
async def browser(_chromium: Chromium) -> AsyncIterator[Browser]:
    """Debian's chromium under Playwright, with no context open; the contexts the test
    opens are closed after it."""
    shared = await _chromium.ready()
    try:
        yield shared
    finally:
        await _chromium.tidy()


@pytest_asyncio.fixture(autouse=True, loop_scope=SHARED)
async def _own_tasks(_chromium: Chromium) -> AsyncIterator[None]:
    """What a loop of the test's own would do at its end: cancel the tasks the test left
    running (a server's handler, a relay's pump), so none runs on into the next test. The
    browser's driver started before and keeps its tasks."""
    before = asyncio.all_tasks()
    yield
    left = [task for task in asyncio.all_tasks() - before if task is not asyncio.current_task()]
    for task in left:
        task.cancel()
    await asyncio.gather(*left, return_exceptions=True)


@pytest_asyncio.fixture(autouse=True, loop_scope=SHARED)
async def _close_stores() -> AsyncIterator[None]:
    """tests/conftest.py's, on this loop: every bot's database closed, even when a test fails."""
    yield
    while BOTS:
        await BOTS.pop().store.close()


@pytest_asyncio.fixture(loop_scope=SHARED)
async def fake_discord() -> AsyncIterator[tuple[FakeDiscord, str]]:
    async with faked_discord() as made:
        yield made


@pytest_asyncio.fixture(loop_scope=SHARED)
async def web_rig(tmp_path: Path, fake_discord: tuple[FakeDiscord, str]) -> AsyncIterator[Rig]:
    """The Activity's server serving the fake Discord client's pages too."""
    async with rigged(tmp_path, fake_discord, harness=True) as made:
        yield made


@pytest_asyncio.fixture(loop_scope=SHARED)
async def simcord_env(simcord_bot: Any, request: pytest.FixtureRequest) -> AsyncIterator[simcord.Env]:
    """SimCord's own fixture (its plugin's function), on this loop."""
    async for env in simcord.pytest_plugin.simcord_env.__wrapped__(simcord_bot, request):
        yield env


@pytest_asyncio.fixture(loop_scope=SHARED)
async def activity(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], unused_tcp_port: int
) -> AsyncIterator[ActivityServer]:
    async with activity_beside(simcord_env, fake_discord, unused_tcp_port) as server:
        yield server
