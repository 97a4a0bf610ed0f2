"""The table page in a real browser: it signs in through the real Embedded App
SDK (the fake client of ``harness/`` answering its handshake), and shows the
table of the channel its instance is in."""

from __future__ import annotations

from typing import Any

from tests.activity.browser.pages import open_page
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig
from tests.factory import start_with_an_ai


async def test_a_member_signs_in_and_sees_the_table(web_rig: Rig, browser: Any) -> None:
    applied = await start_with_an_ai(web_rig.bot.service, CHANNEL, "akelarre")
    await web_rig.bot.changes.after(applied)
    await web_rig.bot.changes.settled()
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    found = await web_rig.bot.service.active(CHANNEL)
    assert found is not None
    assert await page.version() == found[0].version
    commands = await page.page.evaluate("window.commands")
    assert commands[:2] == ["AUTHORIZE", "AUTHENTICATE"]
    assert (await page.frame.inner_text("#prompt")).strip()


async def test_a_forged_code_is_refused_on_the_page(web_rig: Rig, browser: Any) -> None:
    page = await open_page(
        browser, web_rig.base, user=BOB, code="forged", instance="i-table", channel=CHANNEL, wait=False
    )
    await page.frame.wait_for_selector("#app[data-state=error]")
    assert "Discord" in await page.notice()
