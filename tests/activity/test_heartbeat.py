"""A silent network is noticed (the attack "the connection held open
but passing nothing for 70 s"): the server drops a socket that stops answering its
pings within ~16 s, keeps one that answers, and answers a page's own ``ping``."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse, WSMsgType

from cogs.activity import server
from tests.activity.conftest import CHANNEL, Rig
from tests.activity.test_server import actor, default_move, open_page, start, version

# The most a dead socket may stay (the issue: ~15-20 s): the server's ping after 10 s of
# silence (HEARTBEAT_SECONDS, rounded up to the second), its pong wait of half that, and a
# second of slack for a busy machine. Written out, not imported: main's 30 s must fail it.
BOUND = 10 + 1 + 5 + 1
# The socket test waits on a heartbeat this short (the same server, the same aiohttp
# heartbeat, under a third of the time): the shipped one is held to BOUND by the bound's own formula.
TEST_HEARTBEAT = 3.0


def bound(heartbeat: float) -> float:
    """The most a dead socket may stay under ``heartbeat``: BOUND's terms."""
    return heartbeat + 1 + heartbeat / 2 + 1


def test_the_shipped_heartbeat_drops_a_dead_socket_within_the_bound() -> None:
    assert bound(server.HEARTBEAT_SECONDS) <= BOUND


async def closed_after(ws: ClientWebSocketResponse) -> float:
    """Seconds until the server ends ``ws``; its pings are read and left unanswered."""
    began = time.monotonic()
    while True:
        frame = await ws.receive()
        if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING, WSMsgType.ERROR):
            return time.monotonic() - began


async def read(ws: ClientWebSocketResponse, into: asyncio.Queue[dict[str, Any]]) -> None:
    """A page's reading: the server's pings answered (aiohttp answers them as it
    reads), its messages queued."""
    async for frame in ws:
        if frame.type == WSMsgType.TEXT:
            into.put_nowait(json.loads(frame.data))


async def test_a_socket_that_stops_answering_is_dropped_and_one_that_answers_is_kept(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Read by each socket as the server opens it: the shorter heartbeat, the same code path.
    monkeypatch.setattr(server, "HEARTBEAT_SECONDS", TEST_HEARTBEAT)
    limit = bound(TEST_HEARTBEAT)
    await start(rig)
    # The silent page: signed in, then it answers nothing (autoping off: the server's
    # pings reach it as frames and go unanswered, as on a network passing nothing).
    silent = await rig.client.ws_connect("/ws", autoping=False)
    await silent.send_json({"v": 1, "type": "hello", "access_token": "tok-alice", "instance_id": "i-table"})
    assert (await silent.receive_json(timeout=5))["type"] == "state"
    # A quiet page: it sends nothing either, but its browser reads, and so answers the pings.
    quiet, first = await open_page(rig, "tok-bob")
    assert first["type"] == "state"
    heard: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    reading = asyncio.create_task(read(quiet, heard))
    assert len(rig.server.viewers.of(CHANNEL)) == 2

    waited = await asyncio.wait_for(closed_after(silent), timeout=limit + 5)
    print(f"silent socket dropped after {waited:.1f} s (bound {limit:.0f} s)")
    assert waited <= limit
    for _ in range(50):  # the server's side of it ends on its next turn of the loop
        if len(rig.server.viewers.of(CHANNEL)) == 1:
            break
        await asyncio.sleep(0.02)
    assert [v.user_id for v in rig.server.viewers.of(CHANNEL)] == [12]  # bob's is kept

    # The quiet page is still served: the next change reaches it.
    assert not quiet.closed
    at = await version(rig)
    await quiet.send_json({"v": 1, "type": "ping"})
    assert await asyncio.wait_for(heard.get(), 5) == {"v": 1, "type": "pong"}
    seat = await actor(rig)
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    user = found[1].seats[seat].user_id
    assert user is not None
    applied = await rig.bot.service.act(CHANNEL, user, await default_move(rig, seat), version=at)
    await rig.bot.changes.after(applied)
    message = await asyncio.wait_for(heard.get(), 5)
    # The change, or a later one: the AI seats may have moved on before the page's state was read.
    assert message["type"] == "state" and message["table"]["version"] >= at + 1
    await quiet.close()
    await reading


async def test_a_ping_is_answered_before_and_after_sign_in_and_changes_nothing(rig: Rig) -> None:
    await start(rig)
    at = await version(rig)
    ws = await rig.client.ws_connect("/ws")
    await ws.send_json({"v": 1, "type": "ping"})
    assert await ws.receive_json(timeout=5) == {"v": 1, "type": "pong"}
    await ws.send_json({"v": 1, "type": "hello", "access_token": "tok-alice", "instance_id": "i-table"})
    assert (await ws.receive_json(timeout=5))["type"] == "state"
    await ws.send_json({"v": 1, "type": "ping"})
    assert await ws.receive_json(timeout=5) == {"v": 1, "type": "pong"}
    # A ping carries nothing: one with more in it is malformed, as any message is.
    await ws.send_json({"v": 1, "type": "ping", "seat": 0})
    assert (await ws.receive_json(timeout=5))["key"] == "activity.error.malformed"
    assert await version(rig) == at
    await ws.close()
