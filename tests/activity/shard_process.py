"""One bot process of several on one PostgreSQL, for the tests and the bench:
``python -m tests.activity.shard_process URL SHARD_IDS PORT DISCORD_API``.

The bot's own stack (``GameMasterBot``'s settings, table service, change step and
the Activity's server, listening for other processes' changes) without a
gateway: the channel's Discord publisher is stood in for by :class:`Board`,
which publishes the outbox as the real one does (the lease, then each pending
notice marked done) and says so on stdout, one JSON line each. A button's move
is asked for at ``POST /test/button`` (what a click's callback does: the
service, then the change step). The scheduler ticks every ``TICK`` seconds.
The process prints ``{"ready": pid}`` once it listens, and is meant to be
killed (SIGKILL) as well as stopped."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from aiohttp import web
from pydantic import SecretStr

from bot.client import GameMasterBot, now
from bot.model import TableError
from cogs import akelarre, narnia
from cogs.activity.server import ActivityServer
from cogs.kit.presenter import register
from games.registry import GAMES
from tests.activity.fake_discord import CLIENT_ID, CLIENT_SECRET
from tests.factory import make_bot

SHARD_COUNT = 2
TICK = 0.5


def say(**fields: Any) -> None:
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


class Board:
    """The channel's board, as far as the outbox goes (``cogs.channel.publisher.Publisher``)."""

    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        store = self.bot.store
        async with store.publishing(channel_id) as mine:
            if not mine:
                return
            for notice in await store.pending_notices(channel_id):
                if await store.notice_done(notice, now()):
                    say(published=channel_id, version=notice.version, id=notice.id)

    async def announce(self, channel_id: int, text: str) -> bool:
        return True


async def button(bot: GameMasterBot, request: web.Request) -> web.Response:
    """The member whose turn it is at the channel clicks: the service, then the change step."""
    channel = int((await request.json())["channel"])
    found = await bot.service.active(channel)
    assert found is not None
    row, info = found
    game = GAMES[row.game]
    state = bot.service.state_of(row)
    decision = game.decision(state)
    seat = next(s for s in decision.actors if not info.seats[s].ai) if decision else None
    user = info.seats[seat].user_id if seat is not None else None
    if seat is None or user is None:
        return web.json_response({"version": None})
    action = game.default_action(state, seat).model_dump(mode="json")
    try:
        applied = await bot.service.act(channel, user, action, version=row.version)
    except TableError:  # the AI seat's slice got there first: as a stale click, nothing done
        return web.json_response({"version": None})
    committed = time.perf_counter()
    await bot.changes.after(applied)
    return web.json_response({"version": applied.row.version, "committed": committed})


async def run(url: str, shard_ids: tuple[int, ...], port: int, discord_api: str) -> None:
    for presenter in (akelarre.PRESENTER, narnia.PRESENTER):
        register(presenter)
    bot = make_bot(
        url,
        shard_count=SHARD_COUNT,
        shard_ids=list(shard_ids),
        discord_client_id=CLIENT_ID,
        discord_client_secret=SecretStr(CLIENT_SECRET),
        activity_port=port,
        discord_api_base=discord_api,
    )
    await bot.store.open()
    server = ActivityServer(bot.service, bot.changes, bot.settings)
    bot.changes.publishers += [server.viewers, Board(bot)]
    await bot.changes.listen()
    app = server.app()

    async def clicked(request: web.Request) -> web.Response:
        return await button(bot, request)

    app.router.add_post("/test/button", clicked)
    await server.start(app)
    say(ready=port)
    while True:  # the scheduler (bot.client's loop), until killed
        await bot.changes.tick(now())
        await asyncio.sleep(TICK)


def main() -> None:
    url, ids, port, discord_api = sys.argv[1:5]
    shard_ids = tuple(int(i) for i in ids.split(","))
    asyncio.run(run(url, shard_ids, int(port), discord_api))


if __name__ == "__main__":
    main()
