"""I Talismani del Tempo in the Activity's page, in a real browser beside the real bot: a whole
game played by clicking in two members' pages (ALICE in English, BOB in Italian) beside an AI
seat and a spectator's page, every decision the game has; every message each page received holds
no card of another seat's hand and no secret play before the reveal; a page move shows on the
channel's board, and a move made with the channel's panel shows in every page.

With TALISMANI_SHOTS=<folder>, the tests save screenshots there (every decision of the whole
game at phone, picture-in-picture and desktop size, in English and Italian) to look at."""

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
from cogs.talismani import PRESENTER
from games.talismani import TalismaniState
from tests.activity.browser.akelarre_clicks import Recording
from tests.activity.browser.pages import TablePage, open_page, seated_pages, seen_record, shoot, texts
from tests.activity.browser.talismani_clicks import TT, chosen, decision_in_pip, moment, perform, reveal_shown
from tests.activity.conftest import ALICE, BOB, CHANNEL, DAVE, Rig, published
from tests.activity.fake_discord import FakeDiscord
from tests.e2e.helpers import make_table, start_game
from tests.e2e.test_talismani_game import secret_play
from tests.factory import start_with_an_ai

SHOTS = os.environ.get("TALISMANI_SHOTS")
# A table of ALICE, BOB and an AI seat whose §10 players meet every decision of the game in
# 54 member moves, Change order included (3 players: the smallest deck that has it, TT-2.4).
SEED = 70
EVERY_DECISION = {
    "play",
    "play-pair",
    "forge",
    "set_aside-yes",
    "stake",
    "pick",
    "change_order",
    "change_weather-rotate",
    "weather-keep",
    "weather-rotate",
}


async def shot(page: TablePage, name: str) -> None:
    """With TALISMANI_SHOTS set, the page at every size (then at the phone's again)."""
    await shoot(page, SHOTS, name)


async def current(rig: Rig) -> tuple[TalismaniState, TableInfo, int]:
    row = await rig.bot.store.latest(CHANNEL)  # in play, or just finished
    assert row is not None
    state = rig.bot.service.state_of(row)
    assert isinstance(state, TalismaniState)
    return state, table_of(row), row.version


async def started(rig: Rig) -> tuple[TalismaniState, TableInfo, int]:
    """ALICE, BOB and an AI seat, in that order; the AI's moves are the table service's."""
    applied = await start_with_an_ai(rig.bot.service, CHANNEL, "talismani")
    await rig.bot.changes.after(applied)
    await rig.bot.changes.settled()
    return await current(rig)


async def opened(rig: Rig, browser: Any, user: int) -> TablePage:
    """ALICE's page (English), BOB's (Italian: his Discord locale is ``it``) or DAVE's (no seat)."""
    rig.discord.codes["code-dave"] = "tok-dave"
    code = {ALICE: "code-alice", BOB: "code-bob", DAVE: "code-dave"}[user]
    return await open_page(browser, rig.base, user=user, code=code, instance="i-table", channel=CHANNEL)


def strings(value: Any) -> set[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in (str(k), *strings(v))}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    return {value} if isinstance(value, str) else set()


def check_frames(rig: Rig, frames: list[str], seat: int | None) -> int:
    """Every table a page was sent: its own seat's, with no card of another hand that is not
    public at that version (a secret play's cards are in its hand until the reveal), and no
    other seat's secret choice (forge or set-aside answer). Returns how many were checked."""
    checked = 0
    for frame in frames:
        message = json.loads(frame)
        table = message.get("table") if message.get("type") == "state" else None
        if not table or not table.get("view") or table["status"] != "playing":
            continue  # at the end every hand is revealed (``reveal_events``)
        views = rig.channel.engine_views[table["version"]]
        public = strings(views[None])
        others = {c for s, v in views.items() if s is not None and s != seat for c in v["hand"] or []}
        assert table["seat"] == seat and table["view"]["seat"] == seat
        leaked = strings(table) & (others - public)
        assert not leaked, (table["version"], seat, leaked)
        mine = views[seat] if seat is not None else None
        if mine is None or mine["my_choice"] is None:
            assert table["view"]["mine"] is None and not table["view"]["mine_forge"]
        if mine is None or mine["my_set_aside"] is None:
            assert table["view"]["my_set_aside"] is None
        if mine is not None:
            assert sorted(c["id"] for c in table["view"]["hand"]) == sorted(mine["hand"])
        checked += 1
    return checked


async def play_by_clicks(rig: Rig, pages: dict[int, TablePage], watcher: TablePage) -> Counter[str]:
    """Every member decision to the end of the game, made by clicking in the member's page; the
    AI seat plays through the table service. With TALISMANI_SHOTS, the first moment of each kind
    in each language is photographed (the spectator's page too, at the first reveal)."""
    kinds: Counter[str] = Counter()
    seen: set[str] = set()
    for _ in range(500):
        state, info, version = await current(rig)
        decision = TT.decision(state)
        if decision is None:
            return kinds
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        page = pages.get(user) if user is not None and not info.seats[seat].ai else None
        if page is None:  # the AI seat's move, made by the table service
            await asyncio.sleep(0.02)
            continue
        await page.at_version(version)
        action = chosen(state, seat)
        kind = moment(state, action)
        name = f"tm-{'it' if user == BOB else 'en'}-{kind}"
        if name not in seen:  # each kind of decision once per language: made in view at pip size
            await decision_in_pip(page)
        first = SHOTS is not None and name not in seen
        seen.add(name)
        if first:
            await shot(page, name)
            if state.reveal_turn is not None and "tm-watch" not in seen:
                seen.add("tm-watch")
                await watcher.at_version(version)
                await shot(watcher, "tm-watch")

        async def picked(page: TablePage = page, name: str = name, first: bool = first) -> None:
            if first:
                await shot(page, f"{name}-picked")
            if name.endswith(("-play", "-play-pair", "-change_order")) and f"{name}-picked" not in seen:
                seen.add(f"{name}-picked")  # what was picked, and Play or the places, in view too
                await decision_in_pip(page)

        await perform(page, state, action, picked)
        await page.at_version(version + 1)
        if first and kind.startswith("play"):
            await shot(page, f"{name}-chosen")
        kinds[kind] += 1
    raise AssertionError("the game did not end")


async def test_a_whole_game_is_played_by_clicking_and_no_page_sees_a_secret(
    web_rig: Rig, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    _state, info, version = await started(web_rig)
    assert [info.seat_of(ALICE), info.seat_of(BOB)] == [0, 1]
    recorders = {user: Recording(browser) for user in (ALICE, BOB, DAVE)}
    pages = {user: await opened(web_rig, recorders[user], user) for user in (ALICE, BOB)}
    watcher = await opened(web_rig, recorders[DAVE], DAVE)
    for page in (*pages.values(), watcher):
        await page.at_version(version)
        assert "talismani." not in await page.frame.inner_html("#board")  # every word in the catalog
    assert await pages[BOB].frame.evaluate("document.documentElement.lang") == "it"
    heading = await pages[BOB].frame.locator(".tm-weather h3").text_content()
    assert heading == "Fila del Tempo: prima la dominante"
    assert await watcher.frame.locator(".tm-hand").count() == 0  # a spectator has no hand
    assert await watcher.frame.locator(".tm-controls").count() == 0  # nor any decision

    kinds = await play_by_clicks(web_rig, pages, watcher)
    assert set(kinds) >= EVERY_DECISION, kinds

    state, info, version = await current(web_rig)
    outcome = TT.outcome(state)
    assert outcome is not None
    own = info.seat_of(ALICE)
    assert own is not None
    record = seen_record(PRESENTER, info, outcome, own, "en")  # her own name is "You" in the ranking
    for user, page in (*pages.items(), (DAVE, watcher)):
        await page.at_version(version)
        assert await page.frame.locator("#final").is_visible()
        if user == ALICE:
            assert await texts(page, "#final p") == record
            await shot(page, "tm-en-final")
        if user == BOB:
            await shot(page, "tm-it-final")
        assert not page.errors
    for user, seat in ((ALICE, 0), (BOB, 1), (DAVE, None)):
        assert check_frames(web_rig, recorders[user].frames, seat) > 20


# -- the page beside the channel (SimCord) ---------------------------------------------
async def test_the_pages_and_the_channel_show_each_other_s_moves(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer, browser: Any
) -> None:
    table = make_table(simcord_env, ["ann", "ben"], channel="talismani")
    await start_game(table, "talismani")
    pages = await seated_pages(table, fake_discord[0], activity, browser)

    # Seat 1 starts picking in its page, with the keyboard (Enter on a focused card).
    state = await table.state()
    assert isinstance(state, TalismaniState)
    action = chosen(state, 1)
    first = f'.tm-hand button[data-card="{action["cards"][0]}"]'
    await pages[1].frame.focus(first)
    await pages[1].page.keyboard.press("Enter")
    assert await pages[1].frame.get_attribute(first, "aria-pressed") == "true"

    # Seat 0 plays in secret with the channel's panel: every page shows that it has chosen
    # (never what), and its own page says what it chose.
    cards = await secret_play(table, 0)
    now = (await table.row()).version
    for page in pages.values():
        await page.at_version(now)
        assert await page.frame.get_attribute('.tm-player[data-seat="0"]', "data-status") == "chosen"
    said = await pages[0].frame.locator(".tm-controls").inner_text()
    assert "Your secret play" in said
    # Its own page's log says it to it (talismani.event_you.chosen); the other's names it.
    assert "You have chosen a play." in await texts(pages[0], "#lines li")
    assert "You have chosen a play." not in await texts(pages[1], "#lines li")
    other = await pages[1].frame.inner_html("#board")
    assert all(f'data-card="{c}"' not in other for c in cards)

    # Seat 1 plays by clicking in its page: the channel's board shows the reveal.
    await published(table)
    board_before = str(table.board().embeds[0].to_dict())
    # Seat 1's pick outlived that new version, and so did its keyboard's focus; Enter puts
    # the card back, and the seat plays by clicking.
    assert await pages[1].frame.get_attribute(first, "aria-pressed") == "true"
    assert await pages[1].frame.evaluate("document.activeElement.dataset.card") == action["cards"][0]
    await pages[1].page.keyboard.press("Enter")
    assert await pages[1].frame.get_attribute(first, "aria-pressed") is None
    state = await table.state()
    assert isinstance(state, TalismaniState)
    await perform(pages[1], state, action)
    await pages[1].at_version(now + 1)
    await published(table)
    board = str(table.board().embeds[0].to_dict())
    assert board != board_before and "Plays revealed in turn 1" in board
    revealed = await table.state()
    assert isinstance(revealed, TalismaniState)
    for page in pages.values():
        await page.at_version(now + 1)
        # Shown at once while it plays by play: every row whole, the winner's (first) too.
        rows = await reveal_shown(page)
        assert [row["winner"] for row in rows] == [revealed.winner is not None, False]
        assert not page.errors
