"""Narnia in the Activity's page, in a real browser: the map, its territories
tapped to place, attack, move and choose where the Witch strikes, the battles'
dice as the engine rolled them, two members' pages at one table, the page and
the channel's buttons on the same table, a whole game played by clicks, and the
page in Italian."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
import simcord

from bot.i18n import catalog, t
from bot.model import TableInfo, table_of
from cogs.activity.server import ActivityServer
from games.narnia.state import NarniaState
from tests.activity.browser.narnia_clicks import (
    NARNIA,
    Shots,
    act_in_page,
    battles_shown,
    cell,
    clickable,
    decision_in_view,
    lines_starting_with_a_dash,
    marked,
)
from tests.activity.browser.pages import DESKTOP, PHONE, PIP, TablePage, open_page
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig, published
from tests.activity.fake_discord import FakeDiscord
from tests.e2e.helpers import make_table, start_game
from tests.e2e.test_narnia_game import act_in_panel
from tests.factory import start_with_an_ai

# A game whose three rounds hold battles, conquests, the Witch's attacks, Treachery and Aslan's re-roll.
SEED = 13


async def table_now(rig: Rig) -> tuple[int, TableInfo, NarniaState]:
    row = await rig.bot.store.latest(CHANNEL)
    assert row is not None and row.state is not None
    state = NARNIA.load_state(row.state)
    assert isinstance(state, NarniaState)
    return row.version, table_of(row), state


async def two_pages(rig: Rig, browser: Any) -> dict[int, TablePage]:
    """ALICE (English) and BOB (Italian) open the Activity; by their seats."""
    _, info, _ = await table_now(rig)
    pages = {}
    for user, code in ((ALICE, "code-alice"), (BOB, "code-bob")):
        page = await open_page(browser, rig.base, user=user, code=code, instance="i-table", channel=CHANNEL)
        seat = info.seat_of(user)
        assert seat is not None
        pages[seat] = page
    return pages


async def test_two_members_play_one_narnia_table_in_two_pages(web_rig: Rig, browser: Any) -> None:
    applied = await start_with_an_ai(web_rig.bot.service, CHANNEL, "narnia")
    await web_rig.bot.changes.after(applied)
    await web_rig.bot.changes.settled()
    pages = await two_pages(web_rig, browser)
    _, info, _ = await table_now(web_rig)
    for seat, page in pages.items():  # each page knows whose it is: "You" by its own seat only
        names = await page.frame.eval_on_selector_all(
            ".nb-player[data-seat] .nb-pname .name",
            "tags => tags.map(t => [t.closest('li').dataset.seat, t.textContent])",
        )
        you = t("activity.page.you_name", "en" if seat == info.seat_of(ALICE) else "it")
        assert [s for s, name in names if name == you] == [str(seat)], names
    moved = 0
    while moved < 3:  # three members' placements, each seen in the other page
        version, _, state = await table_now(web_rig)
        decision = NARNIA.decision(state)
        assert decision is not None and state.phase in ("place_witch", "deploy")
        seat = decision.actors[0]
        mover, watcher = pages[seat], next(p for s, p in pages.items() if s != seat)
        await mover.ready(version)
        await watcher.ready(version)
        assert await clickable(watcher) == set()  # not their decision: nothing to tap
        assert await watcher.frame.locator(".nb-decide").count() == 0
        wanted = NARNIA.ai(seat).act(NARNIA.view(state, seat), decision).model_dump(mode="json")
        if moved == 0:
            await fits(mover)
        await act_in_page(mover, state, seat, _no_shots)
        after, _, now = await table_now(web_rig)
        await watcher.ready(after)
        owner = now.territories[wanted["territory"]].owner
        shown = await cell(watcher, wanted["territory"]).get_attribute("data-owner")
        assert shown == ("witch" if owner is None else str(owner))
        chips = watcher.frame.locator(f'[data-label="{wanted["territory"]}"] .nb-chip')
        assert await chips.count() == len(now.territories[wanted["territory"]].stack)
        moved += 1
    for page in pages.values():
        assert page.errors == []


async def _no_shots(moment: str) -> None:
    return None


async def fits(page: TablePage) -> None:
    """No horizontal scroll at any size; on the phone a territory to tap is at least
    36 px; in picture-in-picture the whole map and the decision's first controls are
    in view without scrolling."""
    for size in (PHONE, PIP, DESKTOP):
        await page.page.set_viewport_size(size)  # type: ignore[arg-type]
        box = await page.frame.evaluate(
            """() => {
              const rect = (s) => document.querySelector(s).getBoundingClientRect().toJSON();
              const cells = [...document.querySelectorAll('polygon.nb-cell[role="button"]')]
                .map((c) => c.getBoundingClientRect()).map((r) => Math.min(r.width, r.height));
              return { scroll: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight,
                       map: rect(".nb-map"), step: rect(".nb-step"), smallest: Math.min(...cells) };
            }"""
        )
        assert box["scroll"] <= box["width"], (size, box)
        if size == PHONE:
            assert box["smallest"] >= 36, box
        if size == PIP:
            assert box["map"]["bottom"] <= box["height"] and box["map"]["right"] <= box["width"], box
            assert box["step"]["bottom"] <= box["height"] and box["step"]["left"] >= box["map"]["right"], box
    await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


async def test_the_page_speaks_italian_to_an_italian_member(web_rig: Rig, browser: Any) -> None:
    applied = await start_with_an_ai(web_rig.bot.service, CHANNEL, "narnia")
    await web_rig.bot.changes.after(applied)
    await web_rig.bot.changes.settled()
    page = await open_page(
        browser, web_rig.base, user=BOB, code="code-bob", instance="i-table", channel=CHANNEL
    )
    board = await page.frame.inner_text("#board")
    assert "Territori (il punteggio) e gettoni" in board
    assert "Preparazione del tabellone" in board
    assert "Strega Bianca" in board
    names = await page.frame.eval_on_selector_all(
        ".nb-name", "lines => lines.map(l => l.textContent).join(' ')"
    )
    assert "Brughiera degli Ettin" in names or ("Brughiera" in names and "degli Ettin" in names)
    assert await page.frame.get_attribute(".nb-map", "aria-label") == "La mappa di Narnia"
    _, info, state = await table_now(web_rig)
    decision = NARNIA.decision(state)
    assert decision is not None
    if info.seat_of(BOB) in decision.actors:
        assert "Tocca un territorio evidenziato." in board
    assert page.errors == []


async def start_narnia(rig: Rig, monkeypatch: pytest.MonkeyPatch, seed: int) -> TableInfo:
    """ALICE, BOB and an AI at a repeatable game of three rounds (the round cap, NA-4.8.9)."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: seed)
    service = rig.bot.service
    await service.open_lobby(
        CHANNEL,
        1,
        ALICE,
        "alice",
        "narnia",
        seats=None,
        speed="live",
        language="en",
        options={"round_cap": 3},
    )
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False)
    applied = await service.start(CHANNEL, ALICE, False)
    await rig.bot.changes.after(applied)
    await rig.bot.changes.settled()
    return applied.table


async def play_until(rig: Rig, reached: Callable[[NarniaState, int], bool]) -> tuple[int, NarniaState, int]:
    """The members play the §10 player's moves through the table service (not the
    page) until ``reached(state, seat)`` holds for the member to act."""
    while True:
        version, info, state = await table_now(rig)
        decision = NARNIA.decision(state)
        assert decision is not None, "the game ended first"
        seat = decision.actors[0]
        if reached(state, seat):
            return version, state, seat
        wanted = NARNIA.ai(seat).act(NARNIA.view(state, seat), decision).model_dump(mode="json")
        user = info.seats[seat].user_id
        await rig.bot.changes.after(await rig.bot.service.act(CHANNEL, user, wanted, version=version))


async def test_a_surprise_attack_and_a_move_made_by_taps(
    web_rig: Rig, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_narnia(web_rig, monkeypatch, 18)  # a game where a member draws Surprise Attack
    pages = await two_pages(web_rig, browser)
    version, state, seat = await play_until(web_rig, lambda state, seat: state.phase == "surprise")
    page = pages[seat]
    await page.ready(version)
    legal = [a.model_dump(mode="json") for a in NARNIA.legal_actions(state, seat)]
    strikes = [a for a in legal if a["kind"] == "surprise"]
    assert await clickable(page) == {a["territory"] for a in strikes}  # her territories only
    # In Discord's small frame: "don't use it", then her first territory.
    assert (await decision_in_view(page))[:2] == ["pass", "option"]
    target = max(strikes, key=lambda a: len(state.territories[a["territory"]].stack))["territory"]
    await cell(page, target).click()
    stack = state.territories[target].stack
    tokens = page.frame.locator(".nb-token")
    assert await tokens.count() == len(stack)  # the stack, top first; each kind of token once legal
    assert [int(v) for v in await tokens.evaluate_all("ts => ts.map(t => t.dataset.value)")] == [
        token.value for token in stack
    ]
    await page.frame.locator('.nb-token[data-token-index="0"]').click()
    await page.ready(version + 1)
    _, _, after = await table_now(web_rig)
    assert len(after.territories[target].stack) == len(stack) - 1  # NA-4.7.8: one token gone

    def can_move(state: NarniaState, seat: int) -> bool:
        return state.phase in ("turn", "courage") and any(
            a.kind == "move" for a in NARNIA.legal_actions(state, seat)
        )

    version, state, seat = await play_until(web_rig, can_move)
    page = pages[seat]
    await page.ready(version)
    move = max(
        (a.model_dump(mode="json") for a in NARNIA.legal_actions(state, seat) if a.kind == "move"),
        key=lambda a: len(a["tokens"]),
    )  # the whole stack: every token tapped
    source, target = move["source"], move["target"]
    await cell(page, source).click()
    assert target in await marked(page, "move")
    await cell(page, target).click()
    confirm = page.frame.locator('button.nb-btn[data-kind="confirm"]')
    assert await confirm.is_disabled()  # no token picked yet: nothing to move
    for index in range(len(state.territories[source].stack)):
        await page.frame.locator(f'.nb-token[data-token-index="{index}"]').click()
    assert await confirm.is_enabled()
    await confirm.click()
    await page.ready(version + 1)
    _, _, after = await table_now(web_rig)
    assert after.territories[source].stack == []  # NA-4.2.3: a flag alone may stay behind
    assert len(after.territories[target].stack) == len(state.territories[target].stack) + len(move["tokens"])
    for shown in pages.values():
        assert shown.errors == []


@pytest.mark.timeout(120)
async def test_a_whole_narnia_game_played_by_clicks_in_the_pages(
    web_rig: Rig, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await start_narnia(web_rig, monkeypatch, SEED)
    pages = await two_pages(web_rig, browser)
    languages = {seat: ("it" if seat == table.seat_of(BOB) else "en") for seat in pages}
    shots = Shots()
    kinds: list[str] = []
    battles = 0
    in_view: set[str] = set()  # the kinds of decision checked at picture-in-picture size
    read_battles: set[tuple[int, bool]] = set()  # battles (and whether under way) read for a loose dash
    cards_said: set[str] = set()  # round cards read on their drawer's page
    checking = 0.0  # seconds spent on those checks, apart from the game's own time
    started = time.monotonic()
    while True:
        version, info, state = await table_now(web_rig)
        if state.phase == "over":
            break
        decision = NARNIA.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        assert not info.seats[seat].ai, "the AI seat plays at once, in the same change"
        page = pages[seat]
        await page.ready(version)
        if state.battles:
            battles = max(battles, await battles_shown(page, state))
        checks = time.monotonic()  # the page's looks, checked apart from the game's pace
        if state.battles:
            seen = (state.battles[-1].id, state.battles[-1].result is None)
            if seen not in read_battles:  # each battle's words under way and once over
                read_battles.add(seen)
                assert await lines_starting_with_a_dash(page) == []
        if decision.kind not in in_view:  # its buttons within Discord's small frame
            in_view.add(decision.kind)
            await decision_in_view(page)
        if state.round_card is not None and state.phase != "courage":
            cards_said |= await card_said(page, state, seat, languages[seat])
        checking += time.monotonic() - checks

        async def moment(name: str, page: TablePage = page, seat: int = seat) -> None:
            await shots(page, name, languages[seat])

        kinds.append(await act_in_page(page, state, seat, moment))
    version, info, state = await table_now(web_rig)
    for seat, page in pages.items():
        await page.ready(version)
        final = page.frame.locator("#final")
        assert await final.is_visible()
        assert (await final.inner_text()).strip()
        await shots(page, "final", languages[seat])
        assert page.errors == []
    assert {"place_witch", "deploy", "draw", "attack", "invade", "witch_pair", "treachery", "reroll"} <= set(
        kinds
    ), kinds
    assert battles >= 1
    assert cards_said, "no round card read on its drawer's page"
    assert time.monotonic() - started - checking < 40


async def card_said(page: TablePage, state: NarniaState, seat: int, language: str) -> set[str]:
    """The round's card as the page says it: in the second person on its drawer's page
    (never their own name), in the channel's words naming the drawer on the others'.
    Returns the card, when its drawer's page was read."""
    card = state.round_card
    assert card is not None
    key = f"narnia.page.card_you.{card.rsplit('_', 1)[0]}"
    if state.drawer != seat or key not in catalog(language):  # another's card, or one naming no one
        return set()
    shown = page.frame.locator(".nb-card-text")
    assert await shown.count() == 1
    assert await shown.inner_text() == t(key, language)
    return {card}


# -- the page and the channel's buttons at one table (the real bot in SimCord) ------------


async def test_a_page_and_the_channel_s_buttons_play_one_narnia_table(
    simcord_env: simcord.Env,
    fake_discord: tuple[FakeDiscord, str],
    activity: ActivityServer,
    browser: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    table = make_table(simcord_env, ["alice", "bob"], channel="narnia")
    await start_game(table, "narnia")
    fake = fake_discord[0]
    fake.instances["i-narnia"] = {
        "location": {"channel_id": str(table.channel.id), "guild_id": str(table.guild.id)},
        "users": [str(p.id) for p in table.players],
    }
    row = await table.row()
    pages: dict[int, TablePage] = {}
    for seat, player in enumerate(table.players):  # seats follow the join order
        assert row.table["seats"][seat]["user_id"] == player.id
        fake.users[f"tok-{player.id}"] = {"id": str(player.id), "username": player.name, "locale": "en-US"}
        fake.codes[f"code-{player.id}"] = f"tok-{player.id}"
        pages[seat] = await open_page(
            browser,
            f"http://127.0.0.1:{activity.settings.activity_port}",
            user=player.id,
            code=f"code-{player.id}",
            instance="i-narnia",
            channel=table.channel.id,
        )

    # A move tapped in a page: the channel's board and lines show it.
    state = await table.state()
    seat = NARNIA.decision(state).actors[0]
    wanted = NARNIA.ai(seat).act(NARNIA.view(state, seat), NARNIA.decision(state)).model_dump(mode="json")
    board_before = str(table.board().embeds[0].to_dict())
    placed = t(f"narnia.territory_in.{wanted['territory']}", "en")
    assert placed not in table.public_text()
    await pages[seat].ready(row.version)
    await act_in_page(pages[seat], state, seat, _no_shots)
    await published(table)
    assert str(table.board().embeds[0].to_dict()) != board_before
    assert placed in table.public_text()  # "… places the Witch's token in …"

    # A move made with the channel's buttons: both pages show it.
    state = await table.state()
    seat = NARNIA.decision(state).actors[0]
    wanted = NARNIA.ai(seat).act(NARNIA.view(state, seat), NARNIA.decision(state)).model_dump(mode="json")
    await act_in_panel(table, seat)
    after = await table.state()
    version = (await table.row()).version
    for page in pages.values():
        await page.ready(version)
        owner = after.territories[wanted["territory"]].owner
        shown = await cell(page, wanted["territory"]).get_attribute("data-owner")
        assert shown == ("witch" if owner is None else str(owner))
        assert page.errors == []


async def test_aslans_question_offers_re_roll_keep_and_dont_ask_again(
    web_rig: Rig, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D16 after each lost throw (NA-4.7.9), with few questions: the page offers the three
    answers the engine allows, says what "don't ask again" means, and the tap is recorded
    on the battle (no more questions in it)."""
    await start_narnia(web_rig, monkeypatch, SEED)
    pages = await two_pages(web_rig, browser)
    version, state, seat = await play_until(web_rig, lambda state, seat: state.phase == "aslan")
    page = pages[seat]
    await page.ready(version)
    _, info, _ = await table_now(web_rig)
    language = "en" if info.seats[seat].user_id == ALICE else "it"
    buttons = page.frame.locator(".nb-decide button.nb-btn")
    assert await buttons.evaluate_all("bs => bs.map(b => b.dataset.kind)") == ["reroll", "keep", "keep_quiet"]
    assert await decision_in_view(page) == ["reroll", "keep", "keep_quiet"]  # all in Discord's small frame
    quiet = page.frame.locator('button.nb-btn[data-kind="keep_quiet"]')
    assert t("narnia.ui.button_keep_quiet", language) in await quiet.inner_text()
    task = await page.frame.locator(".nb-task").inner_text()
    assert ("Don't ask again" if language == "en" else "Non chiedere più") in task  # what it means
    paused = state.battles[-1]
    await quiet.click()
    await page.ready(version + 1)
    _, _, after = await table_now(web_rig)
    battle = next(b for b in after.battles if b.id == paused.id)
    assert battle.aslan_quiet and len(battle.throws) >= len(paused.throws) + 1
    assert page.errors == []
