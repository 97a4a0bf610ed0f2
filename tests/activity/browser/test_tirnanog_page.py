"""Tir Nan Og Wars in the Activity's page, in a real browser beside the real bot: a whole game
is played by clicking in the members' pages (ALICE in English, BOB in Italian, an AI seat)
while a spectator watches; every message each page received holds that seat's own view and
no other hand (a spectator's none); a page move shows on the channel's board and a panel move
in every page.

With TIRNANOG_SHOTS=<folder>, the tests save screenshots there: every decision at phone,
picture-in-picture and desktop size, in English and Italian, with its pick made, the
spectator's page, the fountain's reveal and the final result."""

from __future__ import annotations

import asyncio
import json
import os
from collections import Counter
from typing import Any

import pytest
import simcord

from bot.model import TableInfo, table_of
from cogs.activity.server import ActivityServer
from cogs.tirnanog.page_state import page_state
from games.tirnanog.face import TirNanOgView
from games.tirnanog.state import TirNanOgState
from tests.activity.browser.akelarre_clicks import Recording
from tests.activity.browser.pages import PHONE, PIP, TablePage, open_page, seated_pages, shoot
from tests.activity.browser.tirnanog_clicks import TN, chosen, perform
from tests.activity.conftest import ALICE, BOB, CHANNEL, DAVE, Rig, published
from tests.activity.fake_discord import FakeDiscord
from tests.e2e.helpers import make_table, start_game
from tests.e2e.test_tirnanog_game import act_in_panel, wanted_action
from tests.factory import start_with_an_ai

SHOTS = os.environ.get("TIRNANOG_SHOTS")


async def shot(page: TablePage, name: str) -> None:
    """With TIRNANOG_SHOTS set, the page at every size (then at the phone's again)."""
    await shoot(page, SHOTS, name)


async def current(rig: Rig) -> tuple[TirNanOgState, TableInfo, int]:
    row = await rig.bot.store.latest(CHANNEL)  # in play, or just finished
    assert row is not None
    state = rig.bot.service.state_of(row)
    assert isinstance(state, TirNanOgState)
    return state, table_of(row), row.version


async def member(rig: Rig, browser: Any, user: int) -> TablePage:
    """ALICE's page (English), BOB's (Italian: his Discord locale is ``it``) or DAVE's, who
    has no seat and watches."""
    rig.discord.codes.setdefault("code-dave", "tok-dave")
    code = {ALICE: "code-alice", BOB: "code-bob", DAVE: "code-dave"}[user]
    return await open_page(browser, rig.base, user=user, code=code, instance="i-table", channel=CHANNEL)


async def mirrors(rig: Rig, browser: Any) -> dict[int, TablePage]:
    """With TIRNANOG_SHOTS, a second page of each member's in the other language (the same
    seat, signed in with another Discord locale), to photograph every decision in both."""
    if not SHOTS:
        return {}
    out = {}
    for user, name, language in ((ALICE, "alice", "it"), (BOB, "bob", "en-US")):
        rig.discord.codes[f"code-{name}-mirror"] = f"tok-{name}-mirror"
        rig.discord.users[f"tok-{name}-mirror"] = {"id": str(user), "username": name, "locale": language}
        out[user] = await open_page(
            browser, rig.base, user=user, code=f"code-{name}-mirror", instance="i-table", channel=CHANNEL
        )
    return out


def tables(recording: Recording) -> list[dict[str, Any]]:
    return [json.loads(frame)["table"] for frame in recording.frames if '"table"' in frame]


def check_received(rig: Rig, recording: Recording, seat: int | None) -> int:
    """Every table the page received is its seat's page made from that seat's own view at
    that version: no other hand ever reached it (a spectator's page holds no hand at all)."""
    received = [table for table in tables(recording) if table["view"] is not None]
    assert received
    for table in received:
        assert table["seat"] == seat
        recorded = rig.channel.views[table["version"]][seat]  # the seat's own engine view then
        own = TirNanOgView.model_validate(recorded) if "hand_limit_discard" in recorded else None
        assert table["view"] == (json.loads(page_state(own, seat).model_dump_json()) if own else recorded)
        if seat is None:
            assert table["view"]["hand"] is None
    return len(received)


# English the Italian page once showed (the game's own words are Italian: "Creature
# scoperte", "Fase", and Clear is not the shell's Undo, "Annulla").
ENGLISH = ("Round", "Display", "DISPLAY", "Clear", "Take part", "Stay out", "You", "won")


async def italian_only(page: TablePage) -> None:
    """The Italian page's board says none of the English it once did, and its Clear is
    not the shell's Undo word (two buttons doing different things must read differently)."""
    text = str(await page.frame.text_content(".tn"))
    assert not [w for w in ENGLISH if w in text], text
    clear = page.frame.locator('.tn-controls [data-act="clear"]')
    if await clear.count():
        undo = str(await page.frame.text_content("#undo")).replace("↩️", "").strip()
        assert (await clear.inner_text()).strip() not in ("", undo)


async def buttons_in_pip(page: TablePage) -> None:
    """At picture-in-picture size (400x225), the decision's buttons are all in the frame,
    from the top of the page: no scrolling to find them; so is the member's own reserve
    when a territory of it may be tapped (to consolidate)."""
    await page.page.set_viewport_size(PIP)  # type: ignore[arg-type]
    await page.frame.evaluate("scrollTo(0, 0)")
    buttons = page.frame.locator(".tn-controls [data-act]")
    assert await buttons.count()
    reserve = page.frame.locator(".tn-player.me [data-reserve]:is(.legal, .picked)")
    targets = [buttons.nth(index) for index in range(await buttons.count())]
    if await reserve.count():
        targets.append(reserve.first)
    for target in targets:
        box = await target.bounding_box()
        assert box is not None, target
        assert box["x"] >= 0 and box["x"] + box["width"] <= PIP["width"], box
        assert box["y"] >= 0 and box["y"] + box["height"] <= PIP["height"], box
    await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


ANIMATION = "el => getComputedStyle(el).animationName"


async def arrived(page: TablePage, watcher: TablePage) -> bool:
    """What the last change brought is shown arriving (a card, a new stack top); not in the
    spectator's page, which asks for reduced motion. False when a page shows nothing new
    just now (a later version of the same cards), to look again after another move."""
    new = ".tn-new"
    if not await page.frame.locator(new).count() or not await watcher.frame.locator(new).count():
        return False
    assert await page.frame.locator(new).first.evaluate(ANIMATION) == "tn-arrive"
    assert await watcher.frame.locator(new).first.evaluate(ANIMATION) == "none"
    return True


async def play_by_clicks(
    rig: Rig, pages: dict[int, TablePage], watcher: TablePage, mirrored: dict[int, TablePage]
) -> Counter[str]:
    """Every member decision to the end of the game, made by clicking in the member's page (the
    AI seat plays through the table service); a consolidation's payment alternately by its
    ready-made button and card by card. Returns the moves clicked by kind and phase."""
    kinds: Counter[str] = Counter()
    seen: set[str] = set()
    shown: set[tuple[str, int]] = set()
    for _ in range(3000):
        state, info, version = await current(rig)
        if (
            state.shown is not None
            and state.shown.hands
            and (state.shown.fountain, state.shown.turn) not in shown
        ):
            # A fountain dispute's reveal: every participant's hand, together, in every page.
            shown.add((state.shown.fountain, state.shown.turn))
            for other in (*pages.values(), watcher):
                await other.at_version(version)
                assert await other.frame.locator(".tn-reveal .tn-hands li").count() == len(state.shown.hands)
            await shot(pages[BOB], "tn-it-reveal")
            await shot(pages[ALICE], "tn-en-reveal")
            await shot(watcher, "tn-watch-reveal")
            kinds["reveal"] += 1
        decision = TN.decision(state)
        if decision is None:
            return kinds
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        page = pages.get(user) if user is not None and not info.seats[seat].ai else None
        if page is None:  # the AI seat's turn
            await asyncio.sleep(0.02)
            continue
        await page.at_version(version)
        action = chosen(state, seat)
        kind = action["kind"] if action["kind"] != "discard" else state.phase
        moment = f"tn-{'it' if user == BOB else 'en'}-{kind}"
        new = moment not in seen  # each kind's first time: its buttons checked at pip size
        first = SHOTS is not None and new
        seen.add(moment)
        if first:
            await shot(page, moment)
            if user in mirrored:
                await mirrored[user].at_version(version)
                await shot(mirrored[user], f"tn-{'en' if user == BOB else 'it'}-{kind}")
            await watcher.at_version(version)
            await shot(watcher, f"tn-watch-{kind}")

        async def picked(
            page: TablePage = page,
            name: str = moment,
            first: bool = first,
            new: bool = new,
            user: int | None = user,
        ) -> None:
            if first:
                await shot(page, f"{name}-picked")
            if new:
                await buttons_in_pip(page)
                if user == BOB:
                    await italian_only(page)

        if new and action["kind"] == "declare":  # its buttons come with no pick
            await buttons_in_pip(page)
            if user == BOB:
                await italian_only(page)

        await perform(page, action, picked, ready_made=kinds["consolidate"] % 2 == 0)
        await page.at_version(version + 1)
        kinds[kind] += 1
        if not kinds["arrived"] and await arrived(page, watcher):
            kinds["arrived"] += 1
    raise AssertionError("the game did not end")


async def test_a_whole_game_is_played_by_clicking_with_a_spectator_watching(
    web_rig: Rig, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 5)
    applied = await start_with_an_ai(web_rig.bot.service, CHANNEL, "tirnanog")
    await web_rig.bot.changes.after(applied)
    await web_rig.bot.changes.settled()
    state, info, version = await current(web_rig)
    recorders = {user: Recording(browser) for user in (ALICE, BOB, DAVE)}
    pages = {user: await member(web_rig, recorders[user], user) for user in (ALICE, BOB)}
    watcher = await member(web_rig, recorders[DAVE], DAVE)
    await watcher.page.emulate_media(reduced_motion="reduce")
    for page in (*pages.values(), watcher):
        await page.at_version(version)
    # Each member's hand is theirs; the spectator is told they watch, and holds none.
    for user, page in pages.items():
        seat = info.seat_of(user)
        assert seat is not None
        shown = [
            str(await c.get_attribute("data-species"))
            for c in await page.frame.locator(".tn-hand [data-species]").all()
        ]
        assert sorted(shown) == sorted(c.rsplit("_", 1)[0] for c in state.hands[seat])
    assert await watcher.frame.locator(".tn-hand").count() == 0
    assert await watcher.frame.locator(".tn-watching").count() == 1
    # The Italian member reads Italian; no catalog key shows anywhere.
    assert await pages[BOB].frame.evaluate("document.documentElement.lang") == "it"
    assert await pages[BOB].frame.text_content(".tn-piles h3") == "Territori"
    assert (
        await pages[BOB].frame.locator('.tn-piles [data-pile="castle"] .tn-terr').first.get_attribute("title")
        is not None
    )
    await shot(watcher, "tn-watch-start")

    kinds = await play_by_clicks(web_rig, pages, watcher, await mirrors(web_rig, browser))
    expected = {
        "take_creatures",
        "take_territory",
        "consolidate",
        "declare",
        "hand_limit",
        "dispute_discard",
        "reveal",
    }
    assert expected <= set(kinds), kinds

    state, info, version = await current(web_rig)
    assert TN.outcome(state) is not None
    for user, page in {**pages, DAVE: watcher}.items():
        await page.at_version(version)
        assert await page.frame.locator("#final").is_visible()
        assert "tirnanog." not in await page.frame.inner_html("#board")
        await shot(page, f"tn-{'it' if user == BOB else 'watch' if user == DAVE else 'en'}-final")
        assert not page.errors, page.errors
    for user, recording in recorders.items():
        assert check_received(web_rig, recording, info.seat_of(user)) > 10


# -- the page beside the channel (SimCord) ---------------------------------------------
async def test_the_pages_and_the_channel_show_each_other_s_moves(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer, browser: Any
) -> None:
    table = make_table(simcord_env, ["ann", "ben", "cid"], channel="tirnanog")
    await start_game(table, "tirnanog")
    pages = await seated_pages(table, fake_discord[0], activity, browser)
    row = await table.row()

    # A move made with the channel's panel shows in every page.
    state = await table.state()
    decision = TN.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    await act_in_panel(table, seat, wanted_action(state, seat))
    now = (await table.row()).version
    assert now > row.version
    state = await table.state()
    for page in pages.values():
        await page.at_version(now)
        stats = await page.frame.locator(f'.tn-player[data-seat="{seat}"] .tn-s-hand').inner_text()
        assert stats.strip() == str(len(state.hands[seat]))

    # The next move, made by clicking in a page, shows on the channel's board and in its lines.
    await published(table)
    board_before = str(table.board().embeds[0].to_dict())
    public_before = table.public_text()
    decision = TN.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    await perform(pages[seat], chosen(state, seat))
    await pages[seat].at_version(now + 1)
    await published(table)
    assert str(table.board().embeds[0].to_dict()) != board_before
    assert table.public_text() != public_before
    for page in pages.values():
        assert not page.errors, page.errors
