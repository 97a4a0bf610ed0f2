"""Mag Mor's leader's split as it is built, in real browsers (issue 42: "the leader's draft
visible to everyone while it is built"): the leader taps a found card onto a player, and the
other member's page and the spectator's show that draft before any split is sent; the draft
goes once the split is confirmed.

With MAGMOR_SHOTS=<folder>, the pages are photographed there at every size."""

from __future__ import annotations

import os
from typing import Any

from tests.activity.browser.magmor_clicks import click
from tests.activity.browser.pages import DESKTOP, PHONE, PIP, TablePage
from tests.activity.browser.test_magmor_page import member
from tests.activity.conftest import BOB, CHANNEL, DAVE, Rig
from tests.activity.test_drafts import seats, split_by_a_member

SHOTS = os.environ.get("MAGMOR_SHOTS")


async def shot(page: TablePage, name: str) -> None:
    if not SHOTS:
        return
    for size, viewport in {"phone": PHONE, "pip": PIP, "desktop": DESKTOP}.items():
        await page.page.set_viewport_size(viewport)  # type: ignore[arg-type]
        await page.frame.evaluate(
            "document.querySelector('.mm-draft, .mm-decide')?.scrollIntoView({block: 'center'})"
        )
        await page.page.screenshot(path=f"{SHOTS}/{name}-{size}.png")
    await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


async def test_the_leader_s_draft_shows_in_the_others_pages_before_it_is_sent(
    web_rig: Rig, browser: Any
) -> None:
    state, version, leader, other = await split_by_a_member(web_rig)
    seat = await seats(web_rig)
    res = next(r for r, n in state.taken.items() if n)
    pages = {user: await member(web_rig, browser, user) for user in (leader, other, DAVE)}
    for page in pages.values():
        await page.at_version(version)
        assert await page.frame.locator(".mm-draft").count() == 0  # nothing tapped yet

    # The leader is told the table sees its split as it is built, then taps a card and a player.
    assert await pages[leader].frame.locator(".mm-decide [data-shown]").count() == 1
    await click(pages[leader], f'.mm-pool [data-token="{res}"]')
    await click(pages[leader], f'[data-zone="{seat[other]}"] .mm-zone-head')
    for user in (other, DAVE):
        shown = pages[user].frame.locator(
            f'.mm-draft[data-draft="{seat[leader]}"] [data-seat="{seat[other]}"]'
        )
        await shown.wait_for(timeout=10_000)
        assert await shown.locator(f'[data-res="{res}"]').count() == 1
    names = {user: await pages[user].frame.inner_text(".mm-draft") for user in (other, DAVE)}
    leader_name = "alice" if leader != BOB else "bob"
    assert leader_name in names[DAVE] and "draft" in names[DAVE]  # the spectator's page, in English
    other_words = "bozza" if other == BOB else "draft"
    assert other_words in names[other].lower()
    assert await pages[leader].frame.locator(".mm-draft").count() == 0  # the leader's own page builds it
    assert await pages[leader].version() == version  # nothing was sent but the draft
    found = await web_rig.bot.service.active(CHANNEL)
    assert found is not None and found[0].version == version
    await shot(pages[other], "mm-draft-member")
    await shot(pages[DAVE], "mm-draft-spectator")

    # Confirmed (the leader keeps everything instead, as it may): the draft goes with the version.
    await click(pages[leader], '[data-act="keep"]')
    for page in pages.values():
        await page.at_version(version + 1)
        assert await page.frame.locator(".mm-draft").count() == 0
        assert not page.errors, page.errors
