"""The browser the tests share (tests/activity/browser/chromium.py): a test gets it with no
context open; what a test leaves open is closed before the next one gets it; contexts share
no cookies; a browser that crashed is launched again."""

from __future__ import annotations

import asyncio
import contextlib

from playwright.async_api import Browser
from playwright.async_api import Error as PlaywrightError

from tests.activity.browser.chromium import Chromium


async def test_a_test_gets_the_browser_with_no_context_open(browser: Browser) -> None:
    assert browser.is_connected() and browser.contexts == []
    one, other = await browser.new_context(), await browser.new_context()
    await one.add_cookies([{"name": "seat", "value": "1", "url": "http://127.0.0.1/"}])
    assert [c["name"] for c in await one.cookies()] == ["seat"]
    assert await other.cookies() == []


async def test_what_a_test_leaves_open_is_closed_and_a_crashed_browser_comes_back(
    _chromium: Chromium,
) -> None:
    # A chromium of this test's own, under the worker's driver: the shared one is left alone.
    own = Chromium(_chromium.playwright, _chromium.path)
    try:
        browser = await own.ready()
        context = await browser.new_context()
        page = await context.new_page()
        await page.set_content("<p>left open</p>")
        assert await own.ready() is browser  # the next test's turn
        assert browser.contexts == [] and page.is_closed()

        gone = asyncio.Event()
        browser.on("disconnected", lambda _: gone.set())
        session = await browser.new_browser_cdp_session()
        with contextlib.suppress(PlaywrightError):  # its answer may never come: the process is gone
            await session.send("Browser.crash")
        await asyncio.wait_for(gone.wait(), timeout=10)
        assert not browser.is_connected()
        again = await own.ready()
        assert again is not browser and again.is_connected() and own.launches == 2
        page = await (await again.new_context()).new_page()
        await page.set_content("<p id=back>back</p>")
        assert await page.inner_text("#back") == "back"
    finally:
        await own.close()
