"""Mag Mor in the Activity's page, in a real browser beside the real bot: a whole game played
by clicking in two members' pages (ALICE in English, BOB in Italian) with an AI seat and a
spectator's page (DAVE) open throughout; no page ever receives another seat's hand,
objective or explored face; a move made in a page shows on the channel's board, and a move
made with the channel's buttons shows in every page.

With MAGMOR_SHOTS=<folder>, the tests save screenshots there: every decision of the game at
phone, picture-in-picture and desktop size, in English and Italian, for the member who
takes it and for those who watch."""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections import Counter
from typing import Any

import pytest
import simcord

from bot.i18n import catalog
from bot.model import TableInfo, table_of
from cogs.activity.server import ActivityServer
from games.magmor import MagmorState
from games.magmor.data import OBJECTIVES, RESOURCES
from tests.activity.browser.akelarre_clicks import Recording
from tests.activity.browser.magmor_clicks import MM, perform, wanted
from tests.activity.browser.pages import DESKTOP, PHONE, PIP, TablePage, open_page, seated_pages
from tests.activity.conftest import ALICE, BOB, CHANNEL, DAVE, Rig, published
from tests.activity.fake_discord import FakeDiscord
from tests.activity.pages import said_text
from tests.e2e.helpers import make_table, start_game, step
from tests.factory import start_with_an_ai

SHOTS = os.environ.get("MAGMOR_SHOTS")
VIEWPORTS = {"phone": PHONE, "pip": PIP, "desktop": DESKTOP}
LANGUAGE = {ALICE: "en", BOB: "it", DAVE: "spectator"}
# A catalog key shown as is: a word the page asked for and was not sent.
UNWORDED = re.compile(r"magmor\.(page|ui|resource|resource_count|terrain)\.")


async def shot(page: TablePage, name: str) -> None:
    """With MAGMOR_SHOTS set, the page at every size (then at the phone's again)."""
    if not SHOTS:
        return
    for size, viewport in VIEWPORTS.items():
        await page.page.set_viewport_size(viewport)  # type: ignore[arg-type]
        await page.frame.evaluate("window.scrollTo(0, 0)")
        await page.page.screenshot(path=f"{SHOTS}/{name}-{size}.png")
        # Then the decision, scrolled into view as a member would (the page scrolls in its frame).
        if size != "desktop":
            await page.frame.evaluate("document.querySelector('.mm-decide')?.scrollIntoView({block: 'end'})")
            await page.page.screenshot(path=f"{SHOTS}/{name}-{size}-decision.png")
    await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


async def decision_in_sight(page: TablePage, moment: str) -> None:
    """At picture-in-picture size (400×225) every button of the member's decision lies in
    the frame as it opens, without scrolling; then the phone's size again."""
    await page.page.set_viewport_size(PIP)  # type: ignore[arg-type]
    await page.frame.evaluate("window.scrollTo(0, 0)")
    buttons = page.frame.locator(".mm-decide button[data-act], .mm-decide .mm-preset")
    count = await buttons.count()
    assert count, moment
    for index in range(count):
        box = await buttons.nth(index).bounding_box()
        assert box is not None, (moment, index)
        inside = (
            box["y"] >= 0
            and box["y"] + box["height"] <= PIP["height"]
            and box["x"] + box["width"] <= PIP["width"]
        )
        assert inside, (moment, await buttons.nth(index).inner_text(), box)
    await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


async def started(rig: Rig) -> tuple[MagmorState, TableInfo, int]:
    """ALICE, BOB and an AI seat at a Mag Mor table, in that order."""
    applied = await start_with_an_ai(rig.bot.service, CHANNEL, "magmor")
    await rig.bot.changes.after(applied)
    await rig.bot.changes.settled()
    return await current(rig)


async def current(rig: Rig) -> tuple[MagmorState, TableInfo, int]:
    row = await rig.bot.store.latest(CHANNEL)
    assert row is not None
    state = rig.bot.service.state_of(row)
    assert isinstance(state, MagmorState)
    return state, table_of(row), row.version


async def member(rig: Rig, browser: Any, user: int) -> TablePage:
    """ALICE's page (English), BOB's (Italian) or DAVE's (a spectator: no seat)."""
    rig.discord.codes["code-dave"] = "tok-dave"
    code = {ALICE: "code-alice", BOB: "code-bob", DAVE: "code-dave"}[user]
    return await open_page(browser, rig.base, user=user, code=code, instance="i-table", channel=CHANNEL)


def tables(recording: Recording) -> list[dict[str, Any]]:
    """Every table a page was sent."""
    out = []
    for frame in recording.frames:
        message = json.loads(frame)
        if message.get("type") == "state" and message.get("table"):
            out.append(message["table"])
    return out


def check_secrets(recording: Recording, seat: int | None, state: MagmorState) -> int:
    """Nothing of another seat's hidden parts in what reached this page: its own hand and
    objective or none, explored faces only its own (the explorer leads), ready-made splits
    only while it splits. Returns how many explored faces it was shown."""
    seen = tables(recording)
    assert seen
    peeks = 0
    own = (
        [{"res": r, "n": OBJECTIVES[state.objectives[seat]][r]} for r in RESOURCES]
        if seat is not None
        else None
    )
    for table in seen:
        assert table["seat"] == seat
        view = table["view"]
        if view is None:
            continue
        assert view["objective"] == own
        assert (view["hand"] is None) == (seat is None)
        assert (view["score"] is None) == (seat is None)
        for cell in view["cells"]:
            if cell["peek"] is not None:
                peeks += 1
                assert seat is not None and view["leader"] == seat  # this turn's explorer
                assert cell["explored_with"] is not None
        if view["presets"]:
            assert view["phase"] == "split" and view["leader"] == seat
    return peeks


def peeked_lines(recording: Recording, language: str) -> list[str]:
    """The log's "you peeked at" lines a page was sent (the explorer's own event)."""
    return lines_of(recording, language, "magmor.event.explored_face")


def lines_of(recording: Recording, language: str, key: str) -> list[str]:
    """The log's lines of one catalog key a page was sent (told by the words before {cell})."""
    head = str(catalog(language)[key]).split("{cell}")[0]
    said = {said_text(line, table["seats"]) for table in tables(recording) for line in table["lines"]}
    return sorted(line for line in said if line.startswith(head))


async def play_by_clicks(rig: Rig, pages: dict[int, TablePage]) -> Counter[str]:
    """Every member decision to the end, by clicking in the member's page; the AI seat plays
    through the table service. A member who leads explores a candidate whenever it can (once
    a turn), then plays what the §10 player would. Splits are made by tapping every card, by a
    ready-made split, by dragging every card and by Keep everything, in turn. With MAGMOR_SHOTS,
    each member's first moment of each kind is photographed, and the others' pages then."""
    kinds: Counter[str] = Counter()
    seen: set[str] = set()
    ways = ["tap", "preset", "drag", "keep"]
    for _ in range(400):
        state, info, version = await current(rig)
        decision = MM.decision(state)
        if decision is None:
            return kinds
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        page = pages.get(user) if user is not None and not info.seats[seat].ai else None
        if page is None or user is None:
            await asyncio.sleep(0.02)
            continue
        await page.at_version(version)
        action = wanted(state, seat)
        legal = [a.model_dump(mode="json") for a in MM.legal_actions(state, seat) or []]
        explores = [a for a in legal if a["kind"] == "explore"]
        if explores and not state.explorations:
            action = explores[-1]
        moment = f"{decision.kind.split('.')[1]}{'-explored' if state.explorations else ''}"
        if f"{user}-{moment}-sight" not in seen:  # each member's first of each kind, at pip
            seen.add(f"{user}-{moment}-sight")
            await decision_in_sight(page, moment)
        if SHOTS and f"{user}-{moment}" not in seen:  # each member's first of each kind
            seen.add(f"{user}-{moment}")
            await shot(page, f"mm-{LANGUAGE[user]}-{moment}")
        if SHOTS and moment not in seen:  # and the first of each kind as the others watch it
            seen.add(moment)
            for other, watcher in pages.items():
                if watcher is not page:
                    await watcher.at_version(version)
                    await shot(watcher, f"mm-{LANGUAGE[other]}-{moment}-watching")
        how = ways[kinds["split"] % len(ways)]

        async def draft(page: TablePage = page, user: int = user) -> None:
            if SHOTS and "draft" not in seen:
                seen.add("draft")
                await shot(page, f"mm-{LANGUAGE[user]}-split-draft")

        made = await perform(page, action, how, draft)
        try:
            await page.at_version(version + 1)
        except TimeoutError as failure:
            raise AssertionError(f"{action} made {made}: {await page.notice()!r} {page.errors}") from failure
        kinds[action["kind"]] += 1
        kinds[f"{action['kind']}-by-{user}"] += 1
        kinds[f"split-{made}"] += action["kind"] == "split"
    raise AssertionError("the game did not end")


async def test_a_whole_game_is_played_by_clicking_and_no_page_sees_another_seat_s_secrets(
    web_rig: Rig, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 42)
    await started(web_rig)
    recorders = {user: Recording(browser) for user in (ALICE, BOB, DAVE)}
    pages = {user: await member(web_rig, recorders[user], user) for user in (ALICE, BOB, DAVE)}
    kinds = await play_by_clicks(web_rig, pages)
    assert {"explore", "choose", "split", "pay", "pass"} <= set(kinds), kinds
    assert kinds["pay_magmor"] + kinds["pass"] > 0, kinds
    assert kinds["split-tap"] and kinds["split-preset"] and kinds["split-drag"], kinds
    state, info, version = await current(web_rig)
    assert MM.outcome(state) is not None
    for user, page in pages.items():
        await page.at_version(version)
        await shot(page, f"mm-{LANGUAGE[user]}-final")
        assert await page.frame.locator("#final").is_visible()
        assert not UNWORDED.search(await page.frame.inner_html("#board"))
        assert not page.errors
    shown = {user: check_secrets(recorders[user], info.seat_of(user), state) for user in (ALICE, BOB, DAVE)}
    assert shown[ALICE] + shown[BOB] > 0, "an explored face was shown to its explorer"
    assert shown[DAVE] == 0
    assert not peeked_lines(recorders[DAVE], "en")
    # The explorer's own line ("you peeked at …"), once for each of its explorations, and no one else's.
    assert len(peeked_lines(recorders[ALICE], "en")) == kinds[f"explore-by-{ALICE}"]
    assert len(peeked_lines(recorders[BOB], "it")) == kinds[f"explore-by-{BOB}"]
    # A member's own choice is said to them in the second person ("You choose to cross …");
    # the spectator reads every choice in the third.
    for user, language in ((ALICE, "en"), (BOB, "it")):
        assert bool(lines_of(recorders[user], language, "magmor.event_you.chosen")) == bool(
            kinds[f"choose-by-{user}"]
        )
    assert not lines_of(recorders[DAVE], "en", "magmor.event_you.chosen")


async def test_the_italian_page_and_the_spectator_s(web_rig: Rig, browser: Any) -> None:
    state, info, version = await started(web_rig)
    bob = await member(web_rig, browser, BOB)
    dave = await member(web_rig, browser, DAVE)
    for page in (bob, dave):
        await page.at_version(version)
        assert await page.frame.locator(".mm-grid .mm-cell").count() == 36
        assert not UNWORDED.search(await page.frame.inner_html("#board"))
    assert await bob.frame.evaluate("document.documentElement.lang") == "it"
    # Day 0 is the track's Start space (MM-3.6): the days are counted from 1.
    days = await bob.frame.inner_text(".mm-days")
    assert ("Partenza" in days) if state.day == 0 else (f"Giornata {state.day} di 17" in days)
    # Every pile shows its count, a pile of 1 or 0 too.
    for res in RESOURCES:
        pile = await bob.frame.inner_text(f'.mm-piles .mm-count[data-res="{res}"]')
        assert pile.strip() == f"×{state.piles[res]}"
    # BOB's own hand and objective; the spectator has neither.
    assert await bob.frame.locator(".mm-mine .mm-own").count() == len(RESOURCES)
    assert await dave.frame.locator(".mm-mine").count() == 0
    seat = info.seat_of(BOB)
    assert seat is not None
    for res in RESOURCES:
        held = await bob.frame.inner_text(f'.mm-own[data-res="{res}"] .mm-own-n')
        assert int(held) == state.hands[seat][res]
    assert not bob.errors and not dave.errors


# -- the page beside the channel (SimCord) ---------------------------------------------
async def test_the_pages_and_the_channel_show_each_other_s_moves(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer, browser: Any
) -> None:
    table = make_table(simcord_env, ["ann", "ben", "cid"])
    await start_game(table, "magmor")
    pages = await seated_pages(table, fake_discord[0], activity, browser)
    row = await table.row()

    # A move made with the channel's buttons (the leader's split of A1) shows in every page.
    await step(table)
    now = (await table.row()).version
    assert now > row.version
    state = await table.state()
    for seat, page in pages.items():
        await page.at_version(now)
        shown = await page.frame.inner_text(f'.mm-player[data-seat="{seat}"] .mm-hand')
        assert shown.strip() == str(sum(state.hands[seat].values()))

    # The next decision, made by clicking in a page, shows on the channel's board.
    await published(table)
    board_before = str(table.board().embeds[0].to_dict())
    public_before = table.public_text()
    decision = MM.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    await perform(pages[seat], wanted(state, seat))
    await pages[seat].at_version(now + 1)
    await published(table)
    assert str(table.board().embeds[0].to_dict()) != board_before
    assert table.public_text() != public_before
    for page in pages.values():
        assert not page.errors
