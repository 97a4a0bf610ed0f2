"""One member or address cannot starve a table or the process (issue 40, item 2;
attack rows "200 hints from one socket" and "1,000 idle sockets from one address;
pages that never read"): messages per socket, sockets per address and per member,
hints per member, and a page that does not read, each bounded."""

from __future__ import annotations

import asyncio
import base64
import json
import socket
import struct
import threading
import time
from concurrent.futures import Future
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse, WSCloseCode, WSMsgType

from bot.settings import Settings
from bot.thinking import Abandoned, Thinker, choose
from cogs import magmor
from cogs.kit.presenter import PRESENTERS
from games.core.search import Advice
from games.registry import GAMES
from tests.activity.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, OTHER_CHANNEL, Rig
from tests.activity.test_server import open_page, start

LIMITS = (
    "activity_messages_burst",
    "activity_messages_per_second",
    "activity_flood_strikes",
    "activity_sockets_per_address",
    "activity_sockets_per_member",
    "activity_hints_per_minute",
    "activity_unsent_bytes",
)
UPGRADE = {  # a WebSocket's opening request, to see the HTTP answer to it
    "Connection": "Upgrade",
    "Upgrade": "websocket",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
}
TOKENS = {ALICE: "tok-alice", BOB: "tok-bob", CAROL: "tok-carol", DAVE: "tok-dave"}


def shipped(rig: Rig, **more: object) -> None:
    """The server's limits as shipped (the rig's pages play at machine speed), and ``more``."""
    fields = Settings.model_fields
    limits = {name: fields[name].default for name in LIMITS}
    rig.server.settings = rig.server.settings.model_copy(update={**limits, **more})


async def messages_until_closed(ws: ClientWebSocketResponse, seconds: float = 10) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    async with asyncio.timeout(seconds):
        async for frame in ws:
            if frame.type == WSMsgType.TEXT:
                got.append(json.loads(frame.data))
    return got


# -- messages per socket ---------------------------------------------------------------


async def test_a_message_flood_is_refused_unread_and_the_socket_closed(rig: Rig) -> None:
    shipped(rig)
    await start(rig)  # hints are off at this table: each hint read is answered hint.error.off
    page, _ = await open_page(rig, "tok-alice")
    began = time.monotonic()
    for _ in range(200):
        await page.send_json({"v": 1, "type": "hint"})
    got = await messages_until_closed(page)
    elapsed = time.monotonic() - began
    read = [m for m in got if m.get("key") == "hint.error.off"]
    refused = [m for m in got if m.get("key") == "activity.error.too_fast"]
    settings = rig.server.settings
    # Hello and the messages read fit the bucket: a burst, then its rate; the rest unread.
    assert len(read) + 1 <= settings.activity_messages_burst + settings.activity_messages_per_second * elapsed
    # Said once a stretch of refusals (the bucket lets one through now and then), not 180 times.
    assert 1 <= len(refused) <= 5 and refused[0]["text"]
    assert page.close_code == WSCloseCode.POLICY_VIOLATION


# -- sockets per address and per member ----------------------------------------------------


async def test_an_address_holds_only_so_many_sockets_before_signing_in(rig: Rig) -> None:
    shipped(rig, activity_sockets_per_address=20)
    idle = [await rig.client.ws_connect("/ws") for _ in range(20)]
    for _ in range(5):  # refused before the upgrade: nothing to close, nothing kept
        refused = await rig.client.get("/ws", headers=UPGRADE)
        assert refused.status == 429 and refused.headers["Retry-After"] == "1"
        assert (await refused.json())["error"] == "too_many_sockets"
    assert rig.server.caps.unsigned == {"127.0.0.1": 20}
    for ws in idle:
        assert not ws.closed
    # One signs in: its place is free for another that has not yet.
    await idle[0].send_json({"v": 1, "type": "hello", "access_token": "tok-alice", "instance_id": "i-table"})
    assert (await idle[0].receive_json(timeout=5))["type"] == "state"
    _late, first = await open_page(rig, "tok-bob")
    assert first["type"] == "state"
    await idle[1].close()
    await asyncio.sleep(0.1)
    again = await rig.client.ws_connect("/ws")
    assert not again.closed and rig.server.caps.unsigned == {"127.0.0.1": 19}  # 20, one signed, one gone


async def test_a_member_holds_only_so_many_tabs_and_a_closed_one_frees_its_place(rig: Rig) -> None:
    shipped(rig, activity_sockets_per_member=5)
    await start(rig)
    tabs = [(await open_page(rig, "tok-alice"))[0] for _ in range(5)]
    extra = await rig.client.ws_connect("/ws")
    await extra.send_json({"v": 1, "type": "hello", "access_token": "tok-alice", "instance_id": "i-table"})
    got = await messages_until_closed(extra)
    assert [m["key"] for m in got] == ["activity.error.too_many_tabs"]
    assert got[0]["text"] and extra.close_code == WSCloseCode.TRY_AGAIN_LATER
    assert len([v for v in rig.server.viewers.of(CHANNEL) if v.user_id == ALICE]) == 5  # the old tabs stay
    _other, first = await open_page(rig, "tok-bob")  # another member is not counted with alice
    assert first["type"] == "state"
    await tabs[0].close()
    await asyncio.sleep(0.1)
    _back, first = await open_page(rig, "tok-alice")  # the retrying tab gets in
    assert first["type"] == "state"


# -- hints -----------------------------------------------------------------------------------


class OneWorker:
    """The thinker's ``advise`` as one worker process that searches SEARCH seconds
    a hint: what the process pool's single worker does by default (AI_WORKERS=1)."""

    SEARCH = 1.0

    def __init__(self, rig: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lock = threading.Lock()
        self.asked: list[int] = []  # the user id of each search run
        self.abandoned = threading.Event()
        self.entered = threading.Event()

        def advise(
            game: Any, info: Any, seat: int, decision: Any, view: Any, abandoned: Any = None
        ) -> Advice:
            self.entered.set()
            with self.lock:
                self.asked.append(info.seats[seat].user_id)
                if abandoned is not None and abandoned.wait(self.SEARCH):
                    self.abandoned.set()
                    raise Abandoned
                time.sleep(0 if abandoned is not None else self.SEARCH)
            move = choose(game.id, seat, "normal", 1, view, decision)
            return Advice(move, move, searched=False)

        monkeypatch.setattr(rig.bot.service.core.thinker, "advise", advise)


async def hint_table(rig: Rig, channel: int, host: int, guest: int) -> int:
    """A Mag Mor table with hints on: ``host``, ``guest`` and an AI; the member to decide."""
    service = rig.bot.service
    names = {ALICE: "alice", BOB: "bob", CAROL: "carol", DAVE: "dave"}
    await service.open_lobby(
        channel, 1, host, names[host], "magmor", seats=3, speed="live", language="en", hints=True
    )
    await service.join(channel, guest, names[guest])
    await service.add_ai(channel, host, False)
    await rig.bot.changes.after(await service.start(channel, host, False))
    await rig.bot.changes.settled()
    found = await service.active(channel)
    assert found is not None
    decision = GAMES["magmor"].decision(service.state_of(found[0]))
    assert decision is not None
    user = found[1].seats[decision.actors[0]].user_id
    assert user is not None
    return user


async def ask(ws: ClientWebSocketResponse) -> dict[str, Any]:
    await ws.send_json({"v": 1, "type": "hint"})
    while True:
        message: dict[str, Any] = await ws.receive_json(timeout=30)
        if message["type"] in ("hint", "error"):
            return message


async def test_a_hint_flood_costs_its_budget_and_other_tables_wait_for_none_of_it(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Row "200 hints from one socket": one search at a time per member, a budget a
    table and minute; another table's hint meanwhile waits for no search of theirs."""
    monkeypatch.setitem(PRESENTERS, "magmor", magmor.PRESENTER)  # loaded with its cog in the bot
    shipped(rig, activity_messages_per_second=10_000.0)  # the hints, not the message rate, under test
    worker = OneWorker(rig, monkeypatch)
    flooder = await hint_table(rig, CHANNEL, ALICE, BOB)
    rig.discord.instances["i-other"]["users"] = [str(CAROL), str(DAVE)]
    other = await hint_table(rig, OTHER_CHANNEL, CAROL, DAVE)
    flooding, _ = await open_page(rig, TOKENS[flooder])
    asking, _ = await open_page(rig, TOKENS[other], "i-other")
    answers: list[dict[str, Any]] = []

    async def flood() -> None:
        for _ in range(200):
            await flooding.send_json({"v": 1, "type": "hint"})
        while True:  # and on, as long as the test runs
            await flooding.send_json({"v": 1, "type": "hint"})
            await asyncio.sleep(0.05)

    async def read() -> None:
        async for frame in flooding:
            answers.append(json.loads(frame.data))

    began = time.monotonic()
    tasks = [asyncio.create_task(flood()), asyncio.create_task(read())]
    budget = rig.server.settings.activity_hints_per_minute
    await asyncio.sleep(budget * OneWorker.SEARCH + 1.0)  # the flooder's budget spent, if it is one
    waits = []
    for _ in range(5):
        asked = time.monotonic()
        answer = await ask(asking)
        waits.append(time.monotonic() - asked - OneWorker.SEARCH)  # beyond its own search
        assert answer["type"] == "hint", answer
    for task in tasks:
        task.cancel()
    # On main each waited behind the search of the flooder under way (0.4 to 0.6 s of a 0.6 s one).
    assert sorted(waits)[2] < OneWorker.SEARCH / 2, waits
    # The budget: that many at once, then one every 60/n seconds (on main: one a search, 200 in all).
    assert worker.asked.count(flooder) <= budget + (time.monotonic() - began) * budget / 60
    keys = {a.get("key") for a in answers}
    assert {"hint.error.searching", "activity.error.hints_spent"} <= keys, keys
    assert len([a for a in answers if a["type"] == "hint"]) == worker.asked.count(flooder)


async def test_a_hint_s_search_is_abandoned_when_its_page_goes(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = OneWorker(rig, monkeypatch)
    worker.SEARCH = 3.0
    user = await hint_table(rig, CHANNEL, ALICE, BOB)
    page, _ = await open_page(rig, TOKENS[user])
    await page.send_json({"v": 1, "type": "hint"})
    assert await asyncio.to_thread(worker.entered.wait, 10)
    await page.close()
    assert await asyncio.to_thread(worker.abandoned.wait, 1.5), "the search went on for nobody"
    await asyncio.sleep(0.2)
    core = rig.bot.service.core
    assert not core.hinting and not rig.server.hints.running
    await asyncio.sleep(3.0)  # past the search's end, had it gone on
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    assert all(seat.hints == 0 for seat in found[1].seats) and not found[1].hinted  # nothing counted


def test_an_abandoned_hint_frees_its_thread_and_a_queued_search_never_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    thinker = Thinker(1, 10.0)
    queued: Future[Advice] = Future()  # a worker busy with another search: this one waits its turn

    class Busy:
        def submit(self, *args: object) -> Future[Advice]:
            return queued

    monkeypatch.setattr(thinker, "pool", lambda: Busy())
    abandoned = threading.Event()
    threading.Timer(0.1, abandoned.set).start()
    began = time.monotonic()
    game = GAMES["magmor"]
    table: Any = type("T", (), {"seed": 1})()
    with pytest.raises(Abandoned):
        thinker.advise(game, table, 0, None, None, abandoned)  # type: ignore[arg-type]
    assert time.monotonic() - began < 1.0 and queued.cancelled()
    thinker.close()


# -- pages that never read ---------------------------------------------------------------------


def never_reading(port: int, token: str) -> socket.socket:
    """A page's socket that says hello and then never reads a byte, as a stalled
    phone or a script would: its receive window stays shut."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(b"0123456789abcdef").decode()
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    hello = json.dumps({"v": 1, "type": "hello", "access_token": token, "instance_id": "i-table"}).encode()
    assert len(hello) < 126
    sock.sendall(bytes([0x81, 0x80 | len(hello)]) + b"\0\0\0\0" + hello)  # masked with zeros
    return sock


def held_for(viewer: Any) -> int:
    """What the server holds for a page: its transport's buffer and the kernel's queue."""
    import fcntl
    import termios

    transport = viewer.socket._writer.transport  # private: what the test measures, main's code too
    if transport is None or transport.is_closing():
        return 0
    sock = transport.get_extra_info("socket")
    queued = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, struct.pack("i", 0)))[0]
    return int(transport.get_write_buffer_size()) + int(queued)


async def test_pages_that_never_read_are_let_go_with_bounded_buffers_and_honest_pages_get_every_version(
    rig: Rig,
) -> None:
    shipped(rig)
    await start(rig)
    port = rig.client.port
    assert port is not None
    stalled = [never_reading(port, "tok-dave") for _ in range(3)]
    honest = {user: (await open_page(rig, TOKENS[user]))[0] for user in (ALICE, BOB)}
    got: dict[int, list[int]] = {ALICE: [], BOB: []}

    async def read(user: int) -> None:
        async for frame in honest[user]:
            message = json.loads(frame.data)
            if message["type"] == "state":
                got[user].append(message["table"]["version"])

    readers = [asyncio.create_task(read(user)) for user in honest]
    for _ in range(50):
        if len([v for v in rig.server.viewers.of(CHANNEL) if v.user_id == DAVE]) == 3:
            break
        await asyncio.sleep(0.05)
    service, versions, most = rig.bot.service, [], 0
    while len(versions) < 150:
        found = await service.active(CHANNEL)
        if found is None or found[0].status != "playing":
            await start(rig)  # the next game at the table
            continue
        row, info = found
        game = GAMES[row.game]
        state = service.state_of(row)
        decision = game.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        if user is None or info.seats[seat].ai:
            await rig.bot.changes.settled()
            continue
        action = game.default_action(state, seat).model_dump(mode="json")
        applied = await service.act(CHANNEL, user, action, version=row.version)
        await rig.bot.changes.after(applied)
        versions.append((applied.row.id, applied.row.version))
        most = max([most, *(held_for(v) for v in rig.server.viewers.of(CHANNEL) if v.user_id == DAVE)])
    await rig.bot.changes.settled()
    await asyncio.sleep(0.5)
    for task in readers:
        task.cancel()
    # Let go, having held no more than its limit and a state or two, not megabytes.
    assert not [v for v in rig.server.viewers.of(CHANNEL) if v.user_id == DAVE]
    assert most <= rig.server.settings.activity_unsent_bytes + 256 * 1024, most
    for user in honest:  # each honest page saw every version made, game after game, in order
        seen = iter(got[user])
        assert all(any(v == at for v in seen) for _, at in versions), got[user]
    for sock in stalled:
        sock.close()
