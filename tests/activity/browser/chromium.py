"""One Playwright driver and one chromium for many tests (an xdist worker's browser tests,
or the preview's screenshots): starting them costs 2–3 s of CPU, a browser context (the
incognito profile each page opens in: its own cookies, storage and pages) some
milliseconds."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from playwright.async_api import Browser, Playwright, async_playwright

from tests.activity.browser.pages import FLAGS


class Chromium:
    """The shared browser. :meth:`ready` hands it out, launched again if it died (a crash
    fails the test it happened in, not every later one); :meth:`tidy` closes every context a
    test left open, with its pages, so nothing of one test reaches the next."""

    def __init__(self, playwright: Playwright, path: str) -> None:
        self.playwright = playwright
        self.path = path
        self.browser: Browser | None = None
        self.launches = 0

    async def ready(self) -> Browser:
        if self.browser is None or not self.browser.is_connected():
            # A dead driver fails here, with Playwright's own message, for each test.
            self.browser = await self.playwright.chromium.launch(executable_path=self.path, args=FLAGS)
            self.launches += 1
        await self.tidy()
        return self.browser

    async def tidy(self) -> None:
        if self.browser is not None and self.browser.is_connected():
            for context in list(self.browser.contexts):
                await context.close()

    async def close(self) -> None:
        if self.browser is not None and self.browser.is_connected():
            await self.browser.close()


@asynccontextmanager
async def launched(path: str) -> AsyncIterator[Chromium]:
    """Playwright's driver, and chromium at ``path`` under it."""
    async with async_playwright() as playwright:
        chromium = Chromium(playwright, path)
        try:
            await chromium.ready()
            yield chromium
        finally:
            await chromium.close()
