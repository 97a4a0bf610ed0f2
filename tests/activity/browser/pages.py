"""The Activity's pages in a real browser: Playwright for Python driving Debian's
chromium (``playwright install`` cannot download browsers here), each page inside
the fake Discord client of ``harness/`` (same origin, as Discord's proxy makes it),
which answers the real Embedded App SDK's handshake and commands."""

from __future__ import annotations

import asyncio
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlencode

import pytest
from aiohttp import web
from playwright.async_api import Browser, Frame, Page

from bot.i18n import t
from bot.model import TableInfo, table_of
from bot.render import seat_name
from cogs.activity.server import ActivityServer
from cogs.kit.presenter import Presenter
from games.core import Outcome
from tests.activity.fake_discord import FakeDiscord
from tests.e2e.helpers import Table

HARNESS = Path(__file__).parent / "harness"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PIP = {"width": 400, "height": 225}  # Discord's picture-in-picture frame on a desktop
# As the machine's own checks start it: no background traffic (this machine's
# network is closed, and Chromium would otherwise keep knocking).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    found = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return found if Path(found).exists() else None


def need_chromium() -> str:
    """The browser's path; where none is installed the browser tests are skipped,
    or fail under REQUIRE_BROWSER=1 (CI, whose .ci/run installs Debian's chromium)."""
    path = chromium_path()
    if path is None:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("REQUIRE_BROWSER is set but chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return path


def with_harness(app: web.Application) -> web.Application:
    """The Activity server's app with the fake Discord client beside the page."""
    app.router.add_static("/harness/", HARNESS)
    app.on_response_prepare.append(_harness_policy)
    return app


async def _harness_policy(request: web.Request, response: web.StreamResponse) -> None:
    """The fake client stands for Discord's, whose pages are not the Activity's: not under
    the page's policy (which frames nothing and has no inline style), but Discord's own."""
    if request.path.startswith("/harness/"):
        response.headers.popall("Content-Security-Policy", [])


AT_VERSION = """v => new Promise((done) => {
  const app = document.getElementById("app");
  const reached = () => Number(app.dataset.version) >= v;
  if (reached()) return done();
  new MutationObserver((_, seen) => reached() && (seen.disconnect(), done()))
    .observe(app, { attributes: true, attributeFilter: ["data-version"] });
})"""


@dataclass
class TablePage:
    """One member's Activity: the harness page and the table page in its frame."""

    page: Page
    frame: Frame
    errors: list[str]  # the page's uncaught errors and console errors (a test fails on any)

    async def ready(self, version: int | None = None, timeout: float = 10_000) -> None:
        """Wait until the page shows the table (at ``version`` or later)."""
        try:
            await self.frame.wait_for_selector("#app[data-state=ready]", timeout=timeout)
        except Exception as failure:
            state = await self.frame.get_attribute("#app", "data-state", timeout=timeout)
            raise AssertionError(
                f"the page is not ready (it is {state!r}); its errors: {self.errors}"
            ) from failure
        if version is not None:
            await self.at_version(version, timeout)

    async def at_version(self, version: int, timeout: float = 10_000) -> None:
        """Wait until the page shows the table at ``version`` or later: told by the page's
        own change of ``data-version``, where Playwright's ``wait_for_function`` would ask at
        every animation frame (a tenth of a core for each waiting page)."""
        await asyncio.wait_for(self.frame.evaluate(AT_VERSION, version), timeout / 1000)

    async def version(self) -> int:
        return int(await self.frame.get_attribute("#app", "data-version") or -1)

    async def notice(self) -> str:
        return (await self.frame.inner_text("#notice")).strip()


async def open_page(
    browser: Browser,
    base: str,
    *,
    user: int,
    code: str,
    instance: str,
    channel: int,
    viewport: dict[str, int] = PHONE,
    locale: str = "en-US",
    wait: bool = True,
    clock: bool = False,
    reduced_motion: Literal["reduce", "no-preference"] | None = None,
) -> TablePage:
    """A member opens the Activity: the harness frames the page, which signs in. With
    ``clock``, the page's timers are Playwright's (``page.context.clock``): they run as
    the real ones until the test runs them on, past a wait the page would make."""
    context = await browser.new_context(  # type: ignore[arg-type]
        viewport=viewport, locale=locale, reduced_motion=reduced_motion
    )
    if clock:
        await context.clock.install()
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    query = urlencode({"user": user, "code": code, "instance": instance, "channel": channel})
    await page.goto(f"{base}/harness/harness.html?{query}")
    frame = page.frame_locator("iframe")
    await frame.locator("#app").wait_for(state="attached")
    inner = next(f for f in page.frames if f is not page.main_frame)
    table_page = TablePage(page, inner, errors)
    if wait:
        await table_page.ready()
    return table_page


# The text of each node ``selector`` names, a picture read as the emoji it stands for (its alt).
WITH_PICTURES = """(selector) => [...document.querySelectorAll(selector)].map((node) => {
  const copy = node.cloneNode(true);
  copy.querySelectorAll("img").forEach((img) => img.replaceWith(img.alt));
  return copy.textContent.trim();
})"""


async def texts(page: TablePage, selector: str) -> list[str]:
    """What the nodes ``selector`` names say, each picture read as its emoji."""
    found: list[str] = await page.frame.evaluate(WITH_PICTURES, selector)
    return found


async def seated_pages(
    table: Table, fake: FakeDiscord, activity: ActivityServer, browser: Browser
) -> dict[int, TablePage]:
    """Every player of a SimCord ``table`` opens the Activity (a page per seat, in English),
    the fake Discord knowing them and the instance in the table's channel; each page at the
    table's version."""
    instance = f"i-{table.channel.id}"
    fake.instances[instance] = {
        "location": {"channel_id": str(table.channel.id), "guild_id": str(table.guild.id)},
        "users": [str(p.id) for p in table.players],
    }
    base = f"http://127.0.0.1:{activity.settings.activity_port}"
    row = await table.row()
    info = table_of(row)
    pages: dict[int, TablePage] = {}
    for player in table.players:
        fake.codes[f"code-{player.id}"] = f"tok-{player.id}"
        fake.users[f"tok-{player.id}"] = {"id": str(player.id), "username": player.name, "locale": "en-US"}
        seat = info.seat_of(player.id)
        assert seat is not None
        pages[seat] = await open_page(
            browser,
            base,
            user=player.id,
            code=f"code-{player.id}",
            instance=instance,
            channel=table.channel.id,
        )
        await pages[seat].at_version(row.version)
    return pages


SIZES = {"phone": PHONE, "pip": PIP, "desktop": DESKTOP}


async def shoot(page: TablePage, folder: str | None, name: str) -> None:
    """With a ``folder`` (a test's ``<GAME>_SHOTS``), the page at every size, saved as
    ``<folder>/<name>-<size>.png``, then at the phone's again; nothing without one."""
    if not folder:
        return
    for size, viewport in SIZES.items():
        await page.page.set_viewport_size(viewport)  # type: ignore[arg-type]
        await page.page.screenshot(path=f"{folder}/{name}-{size}.png")
    await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


def seen_record(
    presenter: Presenter, info: TableInfo, outcome: Outcome, seat: int, language: str
) -> list[str]:
    """The channel's final record as ``seat``'s page shows it: without its markdown, and
    the seat's own name "You" in the ranking's lines (main.mjs, ``table.ranked``)."""
    ranking = set(presenter.ranking_lines(info, outcome, language))
    own, you = seat_name(info, seat), t("activity.page.you_name", language)
    record = presenter.final_lines(info, outcome, language)
    return [(line.replace(own, you, 1) if line in ranking else line).replace("**", "") for line in record]
