"""A silent network (the attack "the connection held open but passing
nothing for 70 s"): the pages reach the server through a relay that stops passing bytes
both ways while keeping the connections open. Each page notices within ~15 s, says
"reconnecting…" in its member's language with its controls dimmed; a move sent just as
the network died is settled within seconds, not left waiting; a click while the
connection is dead is refused on the page, not queued; and when the network comes back
the pages catch up by themselves with a move made meanwhile with buttons. The pages' clocks
are Playwright's: the test runs them on through the silence instead of waiting it out, and
measures in the pages' own seconds, which are all a page judges a silence by.

With HEARTBEAT_SHOTS=<folder>, the test saves the reconnecting pages' screenshots there."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio
from playwright.async_api import Browser, BrowserContext

from bot.i18n import t
from games.akelarre.state import AkelarreState
from games.registry import GAMES
from tests.activity.browser.akelarre_clicks import chosen, perform
from tests.activity.browser.pages import TablePage, open_page
from tests.activity.browser.relay import Relay
from tests.activity.browser.test_restart import move, page_faults
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig
from tests.factory import start_with_an_ai

SHOTS = os.environ.get("HEARTBEAT_SHOTS")
NOTICED_S = 15.0  # a silent socket is given up within this (the page's SILENT_MS is 12 s)
ANSWERED_S = 8.0  # a move left unanswered is settled within this (ANSWER_MS is 5 s)


class Sending:
    """A browser whose pages record what they send on their WebSockets, with the time; their
    clocks are Playwright's, which flow as the real one does until a test runs them on."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.sent: list[tuple[float, str]] = []

    async def new_context(self, **options: Any) -> BrowserContext:
        context = await self.browser.new_context(**options)
        await context.clock.install()
        context.on("page", lambda page: page.on("websocket", self._watch))
        return context

    def _watch(self, socket: Any) -> None:
        socket.on("framesent", lambda payload: self.sent.append((time.monotonic(), str(payload))))

    def moves_since(self, when: float) -> list[str]:
        return [text for at, text in self.sent if at >= when and ('"act"' in text or '"undo"' in text)]


@pytest_asyncio.fixture(loop_scope="session")
async def relay(web_rig: Rig) -> AsyncIterator[Relay]:
    made = Relay(web_rig.client.port or 0)
    try:
        yield made
    finally:
        made.resume()
        await made.close()


async def page_ms(page: TablePage) -> float:
    return float(await page.frame.evaluate("performance.now()"))


async def given_up(page: TablePage, since_ms: float, bound_s: float) -> float:
    """Run the page's clock on, a second at a time (the page watches its socket once a
    second), until the page gives its connection up or ``bound_s`` of its time has passed;
    the page's seconds since ``since_ms``. The page's timers are all it judges a silence
    by, so its time, run on, stands for the seconds a member would wait."""
    while True:
        state = await page.frame.get_attribute("#app", "data-state")
        elapsed = (await page_ms(page) - since_ms) / 1000
        if state == "reconnecting" or elapsed > bound_s:
            return elapsed
        await page.page.context.clock.run_for(1000)


async def opacity(page: TablePage, selector: str) -> float:
    return float(await page.frame.eval_on_selector(selector, "e => getComputedStyle(e).opacity"))


async def test_a_silent_network_is_noticed_said_refused_and_caught_up(
    web_rig: Rig, browser: Any, relay: Relay
) -> None:
    service = web_rig.bot.service
    await web_rig.bot.changes.after(await start_with_an_ai(service, CHANNEL, "akelarre"))
    await web_rig.bot.changes.settled()
    base = await relay.start()
    sending = Sending(browser)
    as_browser: Any = sending  # it makes contexts as a browser does
    # Still pages (reduced motion): the move's click waits for no card to stop gliding
    # (akelarre_clicks.click), which would count in the seconds measured below.
    pages = {
        user: await open_page(
            as_browser,
            base,
            user=user,
            code=code,
            instance="i-table",
            channel=CHANNEL,
            locale=locale,
            reduced_motion="reduce",
        )
        for user, code, locale in ((ALICE, "code-alice", "en-US"), (BOB, "code-bob", "it"))
    }
    languages = {ALICE: "en", BOB: "it"}
    found = await service.active(CHANNEL)
    assert found is not None
    first = found[0].version
    state = service.state_of(found[0])
    assert isinstance(state, AkelarreState)
    decision = GAMES["akelarre"].decision(state)
    assert decision is not None
    seat = decision.actors[0]
    mover = found[1].seats[seat].user_id  # the first turn is a member's: the AI sits last
    assert mover in pages
    idle = BOB if mover == ALICE else ALICE

    # The network goes silent; the member whose turn it is moves just then: the move
    # leaves the page, and nothing comes back. The page settles it within seconds.
    relay.silence()
    began = time.monotonic()
    since = {user: await page_ms(page) for user, page in pages.items()}
    await perform(pages[mover], chosen(state, seat))
    await pages[mover].frame.wait_for_timeout(200)  # the browser's report of the frame comes apart
    assert len(sending.moves_since(began)) == 1  # it was sent (the page could not know yet)
    unanswered = await given_up(pages[mover], since[mover], ANSWERED_S)
    # The other member does nothing: that page hears no pong, and gives the socket up.
    noticed = await given_up(pages[idle], since[idle], NOTICED_S)
    print(f"in the pages' time: a move unanswered for {unanswered:.1f} s, a silence of {noticed:.1f} s")
    assert unanswered <= ANSWERED_S and noticed <= NOTICED_S

    for user, page in pages.items():
        assert await page.notice() == t("activity.page.reconnecting", languages[user])
        assert await page.version() == first  # the table it had stays in view, dimmed
        assert await opacity(page, "#board") < 1 and await opacity(page, ".actions") < 1
        if SHOTS:
            await page.page.screenshot(path=f"{SHOTS}/silent-reconnecting-{languages[user]}.png")

    # A click on the dead connection (the keyboard reaches a dimmed button) is refused
    # on the page: nothing is sent, and the notice stays.
    dead = time.monotonic()
    for user, page in pages.items():
        await page.frame.focus("#undo")
        await page.frame.press("#undo", "Enter")
        await page.frame.wait_for_timeout(300)
        assert await page.notice() == t("activity.page.reconnecting", languages[user])
    assert sending.moves_since(dead) == []

    # The table moves on with buttons meanwhile; then the network passes bytes again
    # (the move held since is stale by now, and refused): both pages catch up by themselves.
    now = await move(web_rig.bot)
    assert now > first
    relay.resume()
    for page in pages.values():
        await page.ready(now, timeout=20_000)
        assert await page.version() == now
        assert await page.notice() == ""
        assert await opacity(page, ".actions") == 1
    latest = await service.active(CHANNEL)
    assert latest is not None and latest[0].version == now

    # And they are live again: the next move reaches both.
    later = await move(web_rig.bot)
    for page in pages.values():
        await page.ready(later)
        assert page_faults(page) == []
