"""The same table in the channel and in the Activity's pages, with the real bot
in SimCord and the web server on a local port: a page's move shows in the
channel's board and lines, and a click in the channel reaches the pages."""

from __future__ import annotations

from typing import Any

import aiohttp
import simcord

from cogs.activity.server import ActivityServer
from games.registry import GAMES
from tests.activity.conftest import published
from tests.activity.fake_discord import FakeDiscord
from tests.e2e.helpers import make_table, start_game, step


async def next_state(page: aiohttp.ClientWebSocketResponse, after: int) -> dict[str, Any]:
    while True:
        message = await page.receive_json(timeout=10)
        if message["type"] == "state" and message["table"]["version"] > after:
            return message


async def test_a_page_s_move_shows_in_the_channel_and_a_click_in_the_pages(
    simcord_env: simcord.Env, fake_discord: tuple[FakeDiscord, str], activity: ActivityServer
) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    fake = fake_discord[0]
    for player in table.players:
        fake.users[f"tok-{player.id}"] = {"id": str(player.id), "username": player.name, "locale": "en-US"}
    fake.instances["i-mag-mor"] = {
        "location": {"channel_id": str(table.channel.id), "guild_id": str(table.guild.id)},
        "users": [str(p.id) for p in table.players],
    }
    port = activity.settings.activity_port
    async with aiohttp.ClientSession() as http:
        pages = {}
        for player in table.players:
            page = await http.ws_connect(f"http://127.0.0.1:{port}/ws")
            await page.send_json(
                {"v": 1, "type": "hello", "access_token": f"tok-{player.id}", "instance_id": "i-mag-mor"}
            )
            first = await page.receive_json(timeout=10)
            assert first["type"] == "state" and first["table"]["game"] == "magmor"
            pages[player.id] = (page, first["table"]["version"])

        # A move in a page: the channel's board and lines show it.
        row = await table.row()
        state = GAMES["magmor"].load_state(row.state or "")
        decision = GAMES["magmor"].decision(state)
        assert decision is not None
        seat = decision.actors[0]
        mover = row.table["seats"][seat]["user_id"]
        board_before = str(table.board().embeds[0].to_dict())
        public_before = table.public_text()
        action = GAMES["magmor"].default_action(state, seat).model_dump(mode="json")
        await pages[mover][0].send_json({"v": 1, "type": "act", "version": row.version, "action": action})
        landed = await next_state(pages[mover][0], row.version)  # the pages hear first: a local write
        assert (await table.row()).version >= landed["table"]["version"] > row.version
        await published(table)
        assert str(table.board().embeds[0].to_dict()) != board_before  # the board, as after a click
        assert table.public_text() != public_before

        # A click in the channel: every page gets the table as it now is.
        at = (await table.row()).version
        await step(table)
        after = (await table.row()).version
        assert after > at
        for page, _ in pages.values():
            message = await next_state(page, at)
            assert message["table"]["version"] <= after
