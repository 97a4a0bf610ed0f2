"""The lobby in the page (cogs/activity/static/app/lobby.mjs), in a real browser: a
second member's Join shows live in the host's page, the host adds an AI at the level
picked, a refusal is said in the member's language, and the host's Start brings the
board; the host's Cancel (a second tap confirms) closes the table in every page and in the
channel; then a finished game's Rematch opens the next lobby in the page."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import simcord

from bot.i18n import t
from cogs.activity.server import ActivityServer
from games.registry import GAMES
from tests.activity.browser.pages import DESKTOP, PHONE, PIP, TablePage, open_page
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig, published
from tests.activity.fake_discord import FakeDiscord
from tests.activity.pages import page_presenters
from tests.e2e.helpers import make_table, open_lobby

# Screenshots for review (LOBBY_SHOTS=<folder>): each size, in each member's language.
SHOTS = os.environ.get("LOBBY_SHOTS")


async def seat_names(page: TablePage) -> list[str]:
    return [name.strip() for name in await page.frame.locator(".lobby .seat .name").all_inner_texts()]


async def until_seats(page: TablePage, names: list[str]) -> None:
    """Wait until the page's lobby lists ``names`` first (its other seats open)."""
    await page.frame.wait_for_function(
        """names => {
          const seats = document.querySelectorAll(".lobby .seat:not(.open) .name");
          const shown = [...seats].map((n) => n.textContent);
          return JSON.stringify(shown) === JSON.stringify(names);
        }""",
        arg=names,
        polling=100,
        timeout=10_000,
    )


async def shoot(page: TablePage, name: str) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    for size, viewport in (("phone", PHONE), ("pip", PIP), ("desktop", DESKTOP)):
        await page.page.set_viewport_size(viewport)  # type: ignore[arg-type]
        await page.page.screenshot(path=f"{SHOTS}/{name}-{size}.png")
    await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


def lobby_game() -> str:
    """A game with a page that two may play and four fill (the seats these tests count):
    found by what it declares, whichever it is."""
    return next(
        p.game_id
        for p in page_presenters()
        if (GAMES[p.game_id].min_players, GAMES[p.game_id].max_players) == (2, 4)
    )


async def test_the_lobby_fills_live_an_ai_is_added_and_the_host_starts_from_the_page(
    web_rig: Rig, browser: Any
) -> None:
    service = web_rig.bot.service
    game = lobby_game()  # the lobby is the shell's, whatever the game
    opened = await service.open_lobby(
        CHANNEL, 1, ALICE, "alice", game, seats=None, speed="live", language="en"
    )
    await web_rig.bot.changes.after(opened[0])
    alice = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    bob = await open_page(
        browser, web_rig.base, user=BOB, code="code-bob", instance="i-table", channel=CHANNEL, locale="it"
    )
    assert await seat_names(alice) == ["alice", *[t("activity.page.lobby.open_seat", "en")] * 3]
    assert await alice.frame.is_disabled("#lobby-start")  # alone: too few to start, and why
    assert (await alice.frame.inner_text("#lobby-status")).strip() == t(
        "error.not_enough_players", "en", min=2, count=1
    )
    assert not await bob.frame.is_visible("#lobby-start") and not await bob.frame.is_visible("#lobby-add-ai")
    await shoot(bob, "lobby-watching-it")

    # Bob joins from his page: the host's page shows his seat without a reload.
    await bob.frame.click("#lobby-join")
    await until_seats(alice, ["alice", "bob"])
    await until_seats(bob, ["alice", "bob"])
    assert await bob.frame.is_visible("#lobby-leave") and not await bob.frame.is_visible("#lobby-join")
    assert (await bob.frame.inner_text("#lobby-status")).strip() == t(
        "activity.page.lobby.waiting", "it", host="alice"
    )
    assert not await alice.frame.is_disabled("#lobby-start")

    # The host adds an AI at the level picked: both pages name it, each in its language.
    await alice.frame.select_option("#lobby-level", "hard")
    await alice.frame.click("#lobby-add-ai")
    hard = t("lobby.ai_name", "en", number=1, level=t("level.hard", "en"))
    await until_seats(alice, ["alice", "bob", hard])
    await until_seats(bob, ["alice", "bob", hard])
    level = bob.frame.locator('.lobby .seat[data-seat="2"] .tag.level')
    assert (await level.inner_text()).strip() == t(
        "activity.page.lobby.ai", "it", level=t("level.hard", "it")
    )
    found = await service.active(CHANNEL)
    assert found is not None and (found[1].seats[2].ai, found[1].seats[2].level) == (True, "hard")
    await shoot(alice, "lobby-host-en")
    await shoot(bob, "lobby-seated-it")

    # A refusal: bob leaves, and his seat is taken meanwhile by a change his page has
    # not seen yet (not published), so it still offers Join: the table service says
    # why not, in Italian, and the page shows the table as it is.
    await bob.frame.click("#lobby-leave")
    await until_seats(bob, ["alice", hard])
    await service.add_ai(CHANNEL, ALICE, False, "easy")  # not published: bob's page sees a seat free
    await service.add_ai(CHANNEL, ALICE, False, "normal")
    await bob.frame.click("#lobby-join")
    await bob.frame.wait_for_selector("#notice[data-kind=error]:not([hidden])")
    assert (await bob.notice()) == "⚠️ " + t("error.table_full", "it", seats=4)
    await bob.frame.wait_for_selector("#lobby-join", state="detached")  # the table as it is: full
    assert bob.errors == []

    # The host starts from the page (the AI seats published, as the scheduler's tick
    # would): the board appears in both pages.
    await web_rig.bot.changes.publish(CHANNEL)
    await alice.frame.wait_for_selector(".lobby .seat:not(.open) >> nth=3")
    await alice.frame.click("#lobby-start")
    for page in (alice, bob):
        await page.frame.wait_for_selector(".lobby", state="detached")
        await page.frame.wait_for_selector("#board > *")
    found = await service.active(CHANNEL)
    assert found is not None and found[0].status == "playing"
    assert alice.errors == [] and bob.errors == []


async def test_a_finished_game_s_rematch_opens_in_the_page(web_rig: Rig, browser: Any) -> None:
    service = web_rig.bot.service
    game = lobby_game()
    await service.open_lobby(CHANNEL, 1, ALICE, "alice", game, seats=None, speed="live", language="en")
    await service.join(CHANNEL, BOB, "bob")
    await web_rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await web_rig.bot.changes.after(await service.end(CHANNEL, ALICE, False))
    await web_rig.bot.changes.settled()
    bob = await open_page(
        browser, web_rig.base, user=BOB, code="code-bob", instance="i-table", channel=CHANNEL, locale="it"
    )
    await bob.frame.wait_for_selector("#final:not([hidden]) #rematch")
    assert (await bob.frame.inner_text("#rematch")).strip() == t("activity.page.lobby.rematch", "it")
    await shoot(bob, "rematch-it")
    await bob.frame.click("#rematch")
    await until_seats(bob, ["alice", "bob"])
    assert await bob.frame.is_visible("#lobby-start")  # who asked for the rematch hosts it
    assert not await bob.frame.is_visible("#rematch")
    row = await service.latest(CHANNEL)
    assert row is not None and row.status == "lobby"
    assert bob.errors == []


async def test_the_host_cancels_from_the_page_with_a_second_tap_and_the_channel_shows_it_closed(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer, browser: Any
) -> None:
    table = make_table(simcord_env, ["ann", "ben"])
    ann, ben = table.players
    lobby = await open_lobby(table, lobby_game())
    await ben.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    fake = fake_discord[0]
    fake.instances["i-lobby"] = {
        "location": {"channel_id": str(table.channel.id), "guild_id": str(table.guild.id)},
        "users": [str(ann.id), str(ben.id)],
    }
    base = f"http://127.0.0.1:{activity.settings.activity_port}"
    pages = []
    for player, locale in ((ann, "en-US"), (ben, "it")):
        fake.codes[f"code-{player.id}"] = f"tok-{player.id}"
        fake.users[f"tok-{player.id}"] = {"id": str(player.id), "username": player.name, "locale": locale}
        pages.append(
            await open_page(
                browser,
                base,
                user=player.id,
                code=f"code-{player.id}",
                instance="i-lobby",
                channel=table.channel.id,
                locale=locale,
            )
        )
    host, other = pages
    await until_seats(host, ["ann", "ben"])
    assert not await other.frame.is_visible("#lobby-cancel")  # the host's alone
    cancel = host.frame.locator("#lobby-cancel")
    assert (await cancel.inner_text()).strip() == t("activity.page.lobby.cancel", "en")

    # A first tap only asks again, and a double click is that first tap: the table is still in its lobby.
    await cancel.dblclick()
    assert (await cancel.inner_text()).strip() == t("activity.page.lobby.cancel_confirm", "en")
    assert await cancel.get_attribute("aria-pressed") == "true"
    assert (await table.row()).status == "lobby"
    await shoot(host, "lobby-cancel-armed-en")

    # The second closes it (once the first is not a double click's): both pages are told
    # there is no table, the host why.
    await host.frame.wait_for_selector("#lobby-cancel.armed.ready")
    await cancel.click()
    for page, language in ((host, "en"), (other, "it")):
        await page.frame.wait_for_selector(".lobby", state="detached")
        assert (await page.frame.inner_text("#prompt")).strip() == t("activity.page.no_table", language)
    assert await host.notice() == t("activity.page.lobby.cancelled", "en")
    assert (await table.row()).status == "cancelled"
    await published(table)
    [closed] = [m for m in table.channel.history() if m.id == lobby.id]  # the lobby message, redrawn
    assert closed.embeds[0].description == t("lobby.cancelled", "en")
    assert host.errors == [] and other.errors == []
