"""What the shell shows around any game's board (cogs/activity/static/app/main.mjs):
the decision's clock, Undo only while it would act, a banner for a member who
watches, names that are never cut for good and never read as markdown, and "you"
to the one who decides."""

from __future__ import annotations

import time
from typing import Any

from bot.i18n import t
from bot.replies import text_name
from games.registry import GAMES
from tests.activity.browser.pages import TablePage, open_page
from tests.activity.conftest import ALICE, BOB, CHANNEL, DAVE, Rig

TRICKY = "**Al*ice`_"  # markdown inside a name: shown as typed
LONG = "Bartholomew Featherstonehaugh-Q"  # as long as Discord lets a name be, nearly


async def table(rig: Rig, game: str, alice: str = "alice", *, bob: str | None = "bob") -> int:
    """``game`` with alice and bob (named so), or alice and an AI; its version."""
    service = rig.bot.service
    await service.open_lobby(
        CHANNEL, 1, ALICE, text_name(alice), game, seats=None, speed="live", language="en"
    )
    if bob:
        await service.join(CHANNEL, BOB, text_name(bob))
    else:
        await service.add_ai(CHANNEL, ALICE, False)
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await rig.bot.changes.settled()
    found = await service.active(CHANNEL)
    assert found is not None
    return found[0].version


async def member(rig: Rig, browser: Any, user: int = ALICE, **options: Any) -> TablePage:
    code = {ALICE: "code-alice", BOB: "code-bob", DAVE: "code-dave"}[user]
    rig.discord.codes.setdefault("code-dave", "tok-dave")
    return await open_page(
        browser, rig.base, user=user, code=code, instance="i-table", channel=CHANNEL, **options
    )


async def test_the_decision_s_deadline_counts_down(web_rig: Rig, browser: Any) -> None:
    at = await table(web_rig, "narnia")
    page = await member(web_rig, browser)
    await page.ready(at)
    found = await web_rig.bot.service.active(CHANNEL)
    assert found is not None and found[0].deadline_at is not None
    clock = page.frame.locator("#clock")
    assert await clock.is_visible()
    first = int(await clock.get_attribute("data-left") or 0)
    assert abs(first - (found[0].deadline_at - time.time())) <= 3  # the table's own deadline
    assert ":" in await clock.inner_text()
    await page.frame.wait_for_function(
        "v => Number(document.getElementById('clock').dataset.left) < v", arg=first, timeout=5_000
    )
    ended = await web_rig.bot.service.end(CHANNEL, ALICE, True)
    await web_rig.bot.changes.after(ended)
    await page.ready(ended.row.version)
    assert await clock.is_hidden()  # nothing is being decided: no clock
    assert page.errors == []


async def test_a_member_without_a_seat_is_told_they_watch(web_rig: Rig, browser: Any) -> None:
    at = await table(web_rig, "akelarre")
    watcher, player = await member(web_rig, browser, DAVE), await member(web_rig, browser, ALICE)
    for page in (watcher, player):
        await page.ready(at)
    assert (await watcher.frame.inner_text("#watching")).strip() == t("activity.page.watching", "en")
    assert await watcher.frame.is_hidden("#undo") and await watcher.frame.is_hidden("#hint")
    assert await player.frame.is_hidden("#watching")
    assert watcher.errors == [] and player.errors == []


async def test_a_tricky_name_shows_as_typed_in_the_log_and_the_prompt(web_rig: Rig, browser: Any) -> None:
    at = await table(web_rig, "narnia", alice=TRICKY, bob=TRICKY)
    # A watcher's page: a member's own events are said to them as "you" (<game>.event_you), no name.
    watcher = await member(web_rig, browser, DAVE)
    await watcher.ready(at)
    await watcher.frame.click("#logtitle")  # the log opens
    names = await watcher.frame.locator("#lines .name").all_inner_texts()
    assert TRICKY in names, names
    log = await watcher.frame.inner_text("#lines")
    assert "`" not in log.replace(TRICKY, "") and "**" not in log.replace(TRICKY, "")  # no markdown shown
    prompt_names = await watcher.frame.locator("#prompt .name").all_inner_texts()
    found = await web_rig.bot.service.active(CHANNEL)
    assert found is not None
    if prompt_names:  # someone decides: their name is in the watcher's prompt, as typed
        assert prompt_names == [TRICKY]
    assert watcher.errors == []


async def test_the_one_who_decides_is_told_as_you(web_rig: Rig, browser: Any) -> None:
    at = await table(web_rig, "narnia", alice="alice", bob=None)
    alice = await member(web_rig, browser, ALICE)
    await alice.ready(at)
    found = await web_rig.bot.service.active(CHANNEL)
    assert found is not None
    decision = GAMES["narnia"].decision(web_rig.bot.service.state_of(found[0]))
    assert decision is not None and decision.actors == [0]
    kind = decision.kind.split(".")[-1]
    prompt = (await alice.frame.inner_text("#prompt")).strip()
    assert prompt == t(f"narnia.decision_you.{kind}", "en")
    assert "alice" not in prompt


async def test_a_long_name_is_whole_on_hover_and_on_a_tap(web_rig: Rig, browser: Any) -> None:
    at = await table(web_rig, "narnia", alice=LONG, bob=LONG)
    # A watcher's page, where every line names its actor (a member's own say "you").
    watcher = await member(web_rig, browser, DAVE, viewport={"width": 320, "height": 640})
    await watcher.ready(at)
    await watcher.frame.click("#logtitle")
    tag = watcher.frame.locator("#lines .name").first
    assert await tag.get_attribute("title") == LONG  # the whole name on hover
    narrow = "() => document.getElementById('lines').style.setProperty('--name-max', '4em')"
    await watcher.frame.evaluate(narrow)
    cut = await tag.evaluate("n => n.scrollWidth > n.clientWidth")
    assert cut  # cut to fit …
    await tag.click()  # … and whole on a tap
    assert await tag.evaluate("n => n.classList.contains('whole') && n.scrollWidth <= n.clientWidth")
    assert watcher.errors == []
