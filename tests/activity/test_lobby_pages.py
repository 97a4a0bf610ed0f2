"""A lobby's changes reach the Activity's pages as a game's do (bot/step.py): a page
open on a channel sees its seats fill, empty and the lobby close, and a rematch's
lobby open, with the real bot in SimCord and the web server on a local port."""

from __future__ import annotations

from typing import Any

import aiohttp
import simcord

from cogs.activity.server import ActivityServer
from tests.activity.conftest import published
from tests.activity.fake_discord import FakeDiscord
from tests.e2e.helpers import Table, custom_ids, make_table, open_lobby


async def next_state(page: aiohttp.ClientWebSocketResponse) -> dict[str, Any] | None:
    """The table of the page's next state (None: no table in the channel)."""
    while True:
        message = await page.receive_json(timeout=10)
        if message["type"] == "state":
            table: dict[str, Any] | None = message["table"]
            return table


def seats(table: dict[str, Any] | None) -> list[str]:
    assert table is not None and table["status"] == "lobby" and table["view"] is None
    return [seat["name"] for seat in table["seats"]]


async def page_of(
    http: aiohttp.ClientSession, table: Table, fake: FakeDiscord, activity: ActivityServer
) -> tuple[aiohttp.ClientWebSocketResponse, dict[str, Any] | None]:
    """The first player's page on the channel, and the table it is sent first."""
    for player in table.players:
        fake.users[f"tok-{player.id}"] = {"id": str(player.id), "username": player.name, "locale": "en-US"}
    fake.instances["i-lobby"] = {
        "location": {"channel_id": str(table.channel.id), "guild_id": str(table.guild.id)},
        "users": [str(p.id) for p in table.players],
    }
    page = await http.ws_connect(f"http://127.0.0.1:{activity.settings.activity_port}/ws")
    token = f"tok-{table.players[0].id}"
    await page.send_json({"v": 1, "type": "hello", "access_token": token, "instance_id": "i-lobby"})
    return page, await next_state(page)


async def test_a_page_open_on_a_lobby_sees_its_seats_fill_and_the_lobby_close(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer
) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, _ = table.players
    lobby = await open_lobby(table)
    lobby_ids = f"gm:{table.channel.id}:lobby"
    async with aiohttp.ClientSession() as http:
        page, first = await page_of(http, table, fake_discord[0], activity)
        assert seats(first) == ["alice"]
        await bob.click(lobby, custom_id=f"{lobby_ids}:join")
        assert seats(await next_state(page)) == ["alice", "bob"]
        await alice.click(lobby, custom_id=f"{lobby_ids}:ai")
        filled = seats(await next_state(page))
        assert filled[:2] == ["alice", "bob"] and len(filled) == 3
        await bob.click(lobby, custom_id=f"{lobby_ids}:leave")
        assert seats(await next_state(page)) == [filled[0], filled[2]]
        await alice.click(lobby, custom_id=f"{lobby_ids}:cancel")
        assert await next_state(page) is None  # the channel has no table any more
        await page.close()


async def test_a_page_sees_a_rematch_s_lobby_open(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer
) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    lobby = await open_lobby(table)
    for player in (bob, carol):
        await player.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    game_id = (await table.row()).id
    await alice.slash(table.channel, "end")
    async with aiohttp.ClientSession() as http:
        page, first = await page_of(http, table, fake_discord[0], activity)
        assert first is not None and first["status"] == "finished"
        final = await table.final_board()
        await bob.click(final, custom_id=f"gm:{table.channel.id}:rematch:{game_id}")
        assert seats(await next_state(page)) == ["alice", "bob", "carol"]
        await page.close()


def lobby_message(table: Table) -> Any:
    """The channel's lobby message as the table keeps it."""
    found = [m for m in table.channel.history() if m.embeds and "new table" in (m.embeds[0].title or "")]
    return found[-1]


async def said(page: aiohttp.ClientWebSocketResponse, message: dict[str, Any]) -> dict[str, Any] | None:
    """A lobby button's message from the page; the table of the state that answers it."""
    await page.send_json({"v": 1, **message})
    return await next_state(page)


async def test_the_page_s_lobby_buttons_redraw_the_channel_s_lobby_and_its_rematch_is_posted(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer
) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, _ = table.players
    await open_lobby(table, "akelarre")
    async with aiohttp.ClientSession() as http:
        page, first = await page_of(http, table, fake_discord[0], activity)  # alice's, the host's
        assert seats(first) == ["alice"]
        assert seats(await said(page, {"type": "add_ai", "level": "easy"}))[0] == "alice"
        await published(table)
        seated = lobby_message(table).embeds[0].fields[0].value or ""
        assert "🤖" in seated and "easy" in seated  # the channel's lobby message, redrawn as for a click
        started = await said(page, {"type": "start"})
        assert started is not None and started["status"] == "playing"
        await published(table)
        game_id = (await table.row()).id
        await alice.slash(table.channel, "end")
        ended = await next_state(page)
        assert ended is not None and ended["status"] == "finished"
        before = {m.id for m in table.channel.history()}
        rematched = seats(await said(page, {"type": "rematch"}))
        assert rematched == ["alice", ended["seats"][1]["name"]]  # the same seats, an AI where one sat
        await published(table)
        # Nobody answered a page with the rematch's lobby: the channel's publisher posted it.
        row = await table.row()
        assert row.id != game_id and row.table["message_id"] not in before
        [message] = [m for m in table.channel.history() if m.id == row.table["message_id"]]
        assert "Rematch opened by **alice**" in (message.content or "")
        assert f"gm:{table.channel.id}:lobby:join" in custom_ids(message)
        await bob.click(message, custom_id=f"gm:{table.channel.id}:lobby:join")
        assert seats(await next_state(page)) == [*rematched, "bob"]  # its buttons work as the first's
        await page.close()
