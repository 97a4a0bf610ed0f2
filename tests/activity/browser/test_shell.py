"""The table page in a real browser: it signs in through the real Embedded App
SDK (the fake client of ``harness/`` answering its handshake), and shows the
table of the channel its instance is in."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any
from unittest.mock import patch

from bot.i18n import t
from cogs.activity.shown import words
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


SEED = 1


async def practice(rig: Rig, game: str, seed: int | None = None) -> int:
    """A practice table (alice against two AIs: hints on), dealt from ``seed`` if
    given; returns its version once the AIs have played up to alice's first decision."""
    service = rig.bot.service
    await service.open_lobby(CHANNEL, 1, ALICE, "alice", game, seats=None, speed="live", language="en")
    for _ in range(2):
        await service.add_ai(CHANNEL, ALICE, False)
    with patch("bot.lobby.secrets.randbits", return_value=seed) if seed is not None else nullcontext():
        started = await service.start(CHANNEL, ALICE, False)
    await rig.bot.changes.after(started)
    await rig.bot.changes.settled()
    found = await service.active(CHANNEL)
    assert found is not None
    return found[0].version


async def test_hint_then_play_it_then_undo_from_the_page(web_rig: Rig, browser: Any) -> None:
    """The shell's own controls, whatever the game: 💡 Hint answers this page alone,
    ▶ Play it plays that move, ↩️ Undo takes it back; each through the table service."""
    # A deal whose hint opens a group: a move that may be taken back (a discard would
    # be followed by the draw, which may not: undo.refused.draw).
    at = await practice(web_rig, "akelarre", seed=SEED)
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    await page.ready(at)
    frame = page.frame
    found = await web_rig.bot.service.active(CHANNEL)
    assert found is not None
    before = web_rig.bot.service.state_of(found[0])
    assert before is not None
    assert await frame.is_visible("#hint") and await frame.is_hidden("#undo")  # nothing to take back yet
    hint = t("activity.page.hint", "en").replace("💡", "").strip()
    assert await frame.get_attribute("#hint", "aria-label") == hint and await frame.is_visible("#hint .label")
    await page.page.set_viewport_size({"width": 400, "height": 225})  # picture-in-picture: the icon alone
    assert await frame.is_hidden("#hint .label") and await frame.is_visible("#hint img.pic")
    await page.page.set_viewport_size({"width": 1280, "height": 800})
    await frame.click("#hint")
    await frame.wait_for_selector("#hintbox:not([hidden])", timeout=15_000)
    assert (await frame.inner_text("#hinttext")).strip()
    await frame.click("#playhint")
    await page.ready(at + 1)
    played = await web_rig.bot.service.active(CHANNEL)
    assert played is not None and played[0].version > at
    last = (await web_rig.bot.store.actions(played[0].id, limit=1))[0]
    assert (last.user_id, last.action["kind"]) == (ALICE, "open")  # the deal's premise
    moved_to = await page.version()
    await frame.wait_for_selector("#undo:not([hidden])")  # the move may be taken back: Undo shows
    await frame.click("#undo")
    await frame.wait_for_function(
        "v => Number(document.getElementById('app').dataset.version) > v", arg=moved_to, timeout=10_000
    )
    assert await frame.is_hidden("#hintbox")  # a hint belongs to the version it was found at
    undone = await web_rig.bot.service.active(CHANNEL)
    assert undone is not None
    state = web_rig.bot.service.state_of(undone[0])
    assert state is not None and state.model_dump(exclude={"rng"}) == before.model_dump(exclude={"rng"})
    assert page.errors == []


async def test_a_counted_word_takes_the_plural_form_its_number_needs(web_rig: Rig, browser: Any) -> None:
    """The page is sent a counted word's CLDR forms (as bot.i18n keeps them) and picks
    one with the browser's Intl.PluralRules, as the channel's words do with Babel's."""
    sent = words("akelarre", "it")["akelarre.page.hand_count"]
    assert isinstance(sent, dict) and set(sent) >= {"one", "other"}
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    module = f"/static/{web_rig.server.build}/app/dom.mjs"
    shown = await page.frame.evaluate(
        """async ([module, sent]) => {
            const { format } = await import(module);
            return [1, 2, 1000000].map((count) => format({ k: sent }, "k", { count }, "it"));
        }""",
        [module, sent],
    )
    assert shown == [t("akelarre.page.hand_count", "it", count=n) for n in (1, 2, 1000000)]
    assert shown[0] != shown[1]


async def test_a_page_whose_token_discord_forgot_signs_in_again(web_rig: Rig, browser: Any) -> None:
    """A reconnect whose token Discord no longer knows (expired, revoked) signs in
    again through the SDK, as at the start, rather than retrying a dead token."""
    at = await practice(web_rig, "akelarre")
    fake = web_rig.discord
    fake.codes["code-alice-2"] = "tok-alice-2"
    fake.users["tok-alice-2"] = dict(fake.users["tok-alice"])
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice,code-alice-2", instance="i-table", channel=CHANNEL
    )
    await page.ready(at)
    del fake.users["tok-alice"]
    web_rig.server.discord._users.clear()  # as after a restart: the server asks Discord again
    await web_rig.server.viewers.close()  # the connection drops
    await page.page.wait_for_function(
        "() => window.commands.filter((c) => c === 'AUTHORIZE').length === 2", timeout=10_000
    )
    await page.frame.wait_for_selector("#app[data-state=ready]", timeout=10_000)
    assert await page.version() == at
    assert web_rig.server.viewers.of(CHANNEL)[0].user_id == ALICE
    assert page.errors == []


async def test_a_game_ended_early_says_so_on_the_page(web_rig: Rig, browser: Any) -> None:
    """/end before the last move: no decision is left and no final record was made;
    the page says the game was ended, in the member's language, and offers no move."""
    at = await practice(web_rig, "narnia")
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    await page.ready(at)
    ended = await web_rig.bot.service.end(CHANNEL, ALICE, True)
    await web_rig.bot.changes.after(ended)
    await page.ready(ended.row.version)
    assert (await page.frame.inner_text("#prompt")).strip() == t("activity.page.ended", "en")
    assert await page.frame.is_hidden("#undo") and await page.frame.is_hidden("#hint")
