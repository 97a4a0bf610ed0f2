"""Akelarre in the Activity's page, in a real browser beside the real bot: each member sees
their own hand and favourite and nobody else's; a move made by clicking shows in the other
pages and in the channel, and a button move in the channel shows in the pages; a whole game
is played by clicking to its final result; an Italian member reads the page in Italian.

With AKELARRE_SHOTS=<folder>, the tests save screenshots there (every decision of the whole
game at phone, picture-in-picture and desktop size, in English and Italian) to look at."""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections import Counter
from typing import Any

import pytest
import simcord

from bot.i18n import catalog, t
from bot.model import TableInfo, table_of
from cogs.activity.server import ActivityServer
from cogs.akelarre import PRESENTER
from games.akelarre.state import AkelarreState
from tests.activity.browser.akelarre_clicks import AK, Recording, chosen, perform, pick_hand
from tests.activity.browser.pages import (
    WITH_PICTURES,
    TablePage,
    open_page,
    seated_pages,
    seen_record,
    shoot,
)
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig, published
from tests.activity.fake_discord import FakeDiscord
from tests.e2e.helpers import make_table, start_game
from tests.e2e.test_akelarre_game import act_in_panel
from tests.factory import start_with_an_ai

SHOTS = os.environ.get("AKELARRE_SHOTS")


async def shot(page: TablePage, name: str) -> None:
    """With AKELARRE_SHOTS set, the page at every size (then at the phone's again), scrolled
    as the member left it."""
    await shoot(page, SHOTS, name)


async def started(rig: Rig) -> tuple[AkelarreState, TableInfo, int]:
    """ALICE, BOB and an AI seat at an Akelarre table, in that order; the AI's turns are
    played by the table service, so a member's decision comes next."""
    applied = await start_with_an_ai(rig.bot.service, CHANNEL, "akelarre")
    await rig.bot.changes.after(applied)
    await rig.bot.changes.settled()
    return await current(rig)


async def current(rig: Rig) -> tuple[AkelarreState, TableInfo, int]:
    row = await rig.bot.store.latest(CHANNEL)  # in play, or just finished
    assert row is not None
    state = rig.bot.service.state_of(row)
    assert isinstance(state, AkelarreState)
    return state, table_of(row), row.version


async def member(rig: Rig, browser: Any, user: int, *, still: bool = False) -> TablePage:
    """ALICE's page (English) or BOB's (Italian: his Discord locale is ``it``); ``still``: with
    the member's system asking for reduced motion, so no card glides (motion.mjs)."""
    code = {ALICE: "code-alice", BOB: "code-bob"}[user]
    motion = "reduce" if still else None
    return await open_page(
        browser, rig.base, user=user, code=code, instance="i-table", channel=CHANNEL, reduced_motion=motion
    )


async def at_version(page: TablePage, version: int) -> None:
    """Wait until the page shows the table at ``version`` or later."""
    await page.at_version(version)


def strings(value: Any) -> list[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


async def shown_hand(page: TablePage) -> list[str]:
    return [
        str(await c.get_attribute("data-card"))
        for c in await page.frame.locator(".ak-hand [data-card]").all()
    ]


async def hand_size_shown(page: TablePage, seat: int) -> str:
    """The hand's size as the seat's line shows it, after the picture of a card's back."""
    stats = page.frame.locator(f'.ak-player[data-seat="{seat}"] .ak-pstats')
    assert await stats.locator('img[data-icon="back"]').count() == 1
    return await stats.locator("span").first.inner_text()


async def test_each_member_sees_only_their_own_hand_and_a_click_shows_in_the_other_page(
    web_rig: Rig, browser: Any
) -> None:
    state, info, version = await started(web_rig)
    recorders = {ALICE: Recording(browser), BOB: Recording(browser)}
    pages = {user: await member(web_rig, recorders[user], user) for user in (ALICE, BOB)}
    seats = {ALICE: info.seat_of(ALICE), BOB: info.seat_of(BOB)}
    for user, page in pages.items():
        await at_version(page, version)
        seat, other = seats[user], seats[BOB if user == ALICE else ALICE]
        assert seat is not None and other is not None
        # The page shows this member's hand and favourite, and nothing of the other's.
        assert sorted(await shown_hand(page)) == sorted(state.hands[seat])
        favourite = page.frame.locator("[data-favourite]")
        assert await favourite.count() == 1
        assert await favourite.get_attribute("data-favourite") == state.favourites[seat]
        html = await page.frame.content()
        assert not any(f'data-card="{card}"' in html for card in state.hands[other])
        assert "akelarre." not in await page.frame.inner_html("#board")  # every word in the catalog
        # What reached the page: its own view, with no card of the other hand, no other favourite.
        tables = [json.loads(frame)["table"] for frame in recorders[user].frames if '"table"' in frame]
        assert tables and all(table["seat"] == seat for table in tables)
        for table in tables:
            assert table["view"]["favourite"] == state.favourites[seat]
            assert table["view"]["favourites"] is None
            assert not set(strings(table)) & set(state.hands[other])
        assert not page.errors

    # A move made by clicking in one page shows in the other, at the version it made.
    decision = AK.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    mover = ALICE if seats[ALICE] == seat else BOB
    watcher = pages[BOB if mover == ALICE else ALICE]
    action = chosen(state, seat)
    # A turn's first move plays hand cards: onto a place (a new group, or a group an AI seat
    # opened before, whose place depends on the table's drawn seed) or onto a pile.
    assert action["kind"] in ("open", "add", "discard"), action
    await perform(pages[mover], action)
    await at_version(pages[mover], version + 1)
    after, _info, now = await current(web_rig)
    await at_version(watcher, now)
    assert await watcher.version() == now
    assert f" {len(after.hands[seat])}" in await hand_size_shown(watcher, seat)
    board = await watcher.frame.inner_html("#board")
    for card in action.get("cards") or [action["card"]]:  # on a place or a pile now: public
        assert f'data-card="{card}"' in board, card


async def test_an_italian_member_reads_the_page_in_italian(web_rig: Rig, browser: Any) -> None:
    state, info, version = await started(web_rig)
    page = await member(web_rig, browser, BOB)
    await at_version(page, version)
    seat = info.seat_of(BOB)
    assert seat is not None
    frame = page.frame
    assert await frame.evaluate("document.documentElement.lang") == "it"
    assert await frame.text_content(".ak-places h3") == "Luoghi d'incontro"
    favourite = t(f"akelarre.suit.{state.favourites[seat]}", "it")
    # The emoji are drawn as the page's pictures (no emoji font needed), the words as sent.
    emoji = t(f"akelarre.ui.emoji.{state.favourites[seat]}", "it")
    said = t("akelarre.page.favourite", "it", suit=favourite).replace("⭐", "").replace(emoji, "")
    assert " ".join(said.split()) in " ".join((await frame.inner_text(".ak-favourite")).split())
    assert await frame.locator(f'.ak-favourite img[data-icon="{state.favourites[seat]}"]').count() == 1
    # In their own page a member is "Tu", their whole name on hover.
    assert await frame.text_content(".ak-player.me .name") == "Tu"
    assert await frame.get_attribute(".ak-player.me .name", "title") == info.seats[seat].name
    card = sorted(state.hands[seat])[0]
    title = await frame.get_attribute(f'.ak-hand [data-card="{card}"]', "title")
    assert title == t(f"akelarre.card.{card}", "it")  # "🧚 2 di Fate"
    assert "akelarre." not in await frame.inner_html("#board")
    assert not page.errors


async def put_back_and_undo(page: TablePage, version: int) -> None:
    """The taken card is put back (↩️), and that is undone with the page's Undo: held again."""
    frame = page.frame
    assert await frame.locator(".ak-banner.held").count() == 1
    await frame.locator('[data-act="cancel_take"]').click()
    await at_version(page, version + 1)
    assert await frame.locator(".ak-banner.held").count() == 0
    await frame.locator("#undo").click()
    await at_version(page, version + 2)
    assert await frame.locator(".ak-banner.held").count() == 1


# Where a prompt names a button: "press Done", "premi Fatto" (the words after it must be a button's).
PRESS = re.compile(r"\b(?:press|premi)\s+", re.IGNORECASE)
# The texts that tell the member what to do (the shell's prompt, the step's tip, the banners),
# the label of every button shown, and each button a prompt names by its own words (``named``).
PROMPTS = """() => ({
  said: [...document.querySelectorAll("#prompt, .ak-tip, .ak-banners")].map((n) => n.innerText),
  buttons: [...document.querySelectorAll("button")]
    .filter((b) => b.offsetParent !== null)
    .map((b) => b.innerText),
  named: [...document.querySelectorAll(".ak-named")].map((n) => [n.dataset.names, n.innerText]),
})"""


def plain(text: str) -> str:
    """A text as read: one space between words, no emoji or sign before the first word."""
    return re.sub(r"^\W+", "", " ".join(text.split()))


async def named_buttons_shown(page: TablePage) -> None:
    """Every button the page's prompts tell the member to press is on the page, reading as named."""
    found = await page.frame.evaluate(PROMPTS)
    labels = [plain(label) for label in found["buttons"]]
    for text in map(plain, found["said"]):
        for press in PRESS.finditer(text):
            after = text[press.end() :]
            assert any(label and after.startswith(label) for label in labels), (after, labels)
    for act, label in found["named"]:
        button = page.frame.locator(f'button[data-act="{act}"]')
        assert await button.count() == 1, act
        assert plain(await button.inner_text()) == plain(label), (act, label)


async def runs_list_what_they_lack(page: TablePage) -> None:
    """A run's "N to go" lists N values, each 2-6 and once: all it still lacks (a complete run is
    2-3-4-5-6, AK-3.4), not only its next ones ("2 to go: 5" for 2-3-4 read as one card missing)."""
    texts = await page.frame.evaluate(
        """() => [...document.querySelectorAll(".ak-place .ak-needs")]
          .filter((n) => !n.querySelector(".ak-fams")).map((n) => n.textContent)"""
    )
    for text in texts:
        count, *values = [int(n) for n in re.findall(r"\d+", text)]
        assert len(values) == count and len(set(values)) == count and set(values) <= set(range(2, 7)), text


async def play_by_clicks(
    rig: Rig, pages: dict[int, TablePage], prompted: set[str] | None = None
) -> Counter[str]:
    """Every member decision to the end of the game, made by clicking in the member's page;
    the AI seat plays through the table service. On the way, a first pick is cleared and made
    again, a first taken card is put back and that undone, and every other discard is made
    on its pile. Returns the kinds of moves clicked, with ``clear``, ``cancel_take`` and
    ``joker_value`` (the page asked which value a joker takes). With AKELARRE_SHOTS, the
    first moment of each kind in each page is photographed. ``prompted``: the kinds of
    decision whose prompts were checked to name only buttons on the page (named_buttons_shown),
    at the decision and once a move's cards are picked."""
    kinds: Counter[str] = Counter()
    seen: set[str] = set()  # the moments photographed
    for _ in range(2000):
        state, info, version = await current(rig)
        decision = AK.decision(state)
        if decision is None:
            return kinds
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        page = pages.get(user) if user is not None and not info.seats[seat].ai else None
        if page is None:  # the AI seat's turn, played by the table service
            await asyncio.sleep(0.02)
            continue
        await at_version(page, version)
        if prompted is not None:
            await named_buttons_shown(page)
            await runs_list_what_they_lack(page)
            prompted.add(decision.kind.split(".")[-1])
        action = chosen(state, seat)
        moment = "-".join(
            ["ak", "it" if user == BOB else "en", action["kind"]]
            + ["held"] * (state.held is not None)
            + ["last-round"] * state.final
        )
        first = SHOTS is not None and moment not in seen
        seen.add(moment)
        if first and action["kind"] not in ("open", "add"):
            await shot(page, moment)

        async def picked(page: TablePage = page, name: str = moment, first: bool = first) -> None:
            if prompted is not None:
                await named_buttons_shown(page)
            if first:
                await shot(page, f"{name}-picked")

        if action["kind"] == "open" and not kinds["clear"]:  # a pick is cleared, then made again
            await pick_hand(page, action["cards"][0])
            await page.frame.locator('[data-act="clear"]').click()
            assert await page.frame.locator(".ak-hand .chosen").count() == 0
            kinds["clear"] += 1
        if state.held is not None and not kinds["cancel_take"]:
            await put_back_and_undo(page, version)
            kinds["cancel_take"] += 1
            version += 2
        if await perform(page, action, picked, by_pile=kinds["discard"] % 2 == 1):
            kinds["joker_value"] += 1
        await at_version(page, version + 1)
        kinds[action["kind"]] += 1
    raise AssertionError("the game did not end")


async def test_a_whole_game_is_played_by_clicking_to_its_final_result(
    web_rig: Rig, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A repeatable game with every kind of decision a member makes: a take, a joker's value
    # asked, the owner's choice, a purchase paid card by card (found with the §10 player).
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 29)
    await started(web_rig)
    # Still pages: a whole game is a few hundred clicks, and each would wait for the cards to
    # stop gliding (akelarre_clicks.click); the motion itself is tests/activity/browser/test_motion.py's.
    pages = {user: await member(web_rig, browser, user, still=True) for user in (ALICE, BOB)}
    prompted: set[str] = set()
    kinds = await play_by_clicks(web_rig, pages, prompted)
    # Every kind of decision the game has was shown, its prompts naming only buttons on the page.
    assert prompted == {
        k.removeprefix("akelarre.decision.") for k in catalog("en") if k.startswith("akelarre.decision.")
    }
    expected = {
        "open",
        "clear",
        "add",
        "take",
        "cancel_take",
        "joker_value",
        "discard",
        "done",
        "draw",
        "end_turn",
    }
    assert expected | {"choose_payment", "buy", "pay"} <= set(kinds), kinds
    state, info, version = await current(web_rig)
    outcome = AK.outcome(state)
    assert outcome is not None
    own = info.seat_of(ALICE)
    assert own is not None
    record = seen_record(PRESENTER, info, outcome, own, "en")  # her own name is "You" in the ranking
    for user, page in pages.items():
        await at_version(page, version)
        await shot(page, f"ak-{'it' if user == BOB else 'en'}-final")
        assert await page.frame.locator("#final").is_visible()
        if user == ALICE:  # the record as the channel writes it, its emoji drawn as pictures
            assert await page.frame.evaluate(WITH_PICTURES, "#final p") == [
                r.replace("\ufe0f", "") for r in record
            ]
        favourites = await page.frame.locator(".ak-fav-was").count()  # revealed at the end (R25)
        assert favourites == len(info.seats)
        assert not page.errors


# -- the page beside the channel (SimCord) ---------------------------------------------
async def test_the_pages_and_the_channel_show_each_other_s_moves(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer, browser: Any
) -> None:
    table = make_table(simcord_env, ["ann", "ben", "cid"], channel="akelarre")
    await start_game(table, "akelarre")
    pages = await seated_pages(table, fake_discord[0], activity, browser)
    row = await table.row()

    # The first player starts picking a move's cards in the page, then makes the move with the
    # channel's buttons: every page shows it, and the pick (its cards left the hand) is gone.
    state = await table.state()
    decision = AK.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    action = chosen(state, seat)
    cards = action.get("cards") or [action["card"]]  # a turn's first move plays hand cards
    for card in cards:
        await pick_hand(pages[seat], card)
    assert await pages[seat].frame.locator(".ak-hand .chosen").count() == len(cards)
    await act_in_panel(table, seat, Counter())
    now = (await table.row()).version
    assert now > row.version
    state = await table.state()
    for page in pages.values():
        await at_version(page, now)
        assert f" {len(state.hands[seat])}" in await hand_size_shown(page, seat)
    assert await pages[seat].frame.locator(".ak-hand .chosen").count() == 0
    assert sorted(await shown_hand(pages[seat])) == sorted(state.hands[seat])

    # The next decision, made by clicking in a page, shows in the channel's board and lines.
    await published(table)
    board_before = str(table.board().embeds[0].to_dict())
    public_before = table.public_text()
    decision = AK.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    await perform(pages[seat], chosen(state, seat))
    await at_version(pages[seat], now + 1)
    await published(table)
    assert str(table.board().embeds[0].to_dict()) != board_before
    assert table.public_text() != public_before
    for page in pages.values():
        assert not page.errors
