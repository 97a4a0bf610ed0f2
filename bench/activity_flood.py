"""The attacker's own process for ``bench.activity_attack`` (``--attack signin,hint``): the
floods, from one address, until a line comes on its stdin; then what it sent and what came
back, as one JSON line."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import aiohttp

ATTACKER = 666  # the seated member who floods hints (a valid token: a member, not a stranger)


@dataclass(frozen=True)
class AttackOptions:
    kinds: frozenset[str]
    signin_rate: float = 800.0
    code_rate: float = 200.0
    sockets: int = 50
    hint_tables: int = 2
    hint_sockets: int = 2
    hint_game: str | None = None  # the practice tables' game; None: every presented game by turns
    hint_every: float = 6.0
    budget: float | None = None  # calls a minute, when the settings hold no budget
    seconds: float = 30.0  # the floods' length at most: the honest moves stop then
    # The attacker's one address: another loopback address than the honest pages' 127.0.0.1, so
    # that a per-address limit tells them apart as it would a stranger from members.
    address: str = "127.0.0.2"


@dataclass
class Tally:
    """What the attacker sent and what came back, printed as one JSON line when it stops."""

    counts: Counter[str] = field(default_factory=Counter)

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n


async def attacker(base: str, options: AttackOptions) -> None:
    """From one address: the floods ``options`` name, until a line comes on stdin."""
    tally = Tally()
    started = time.perf_counter()
    connector = aiohttp.TCPConnector(limit=0, local_addr=(options.address, 0))
    async with aiohttp.ClientSession(connector=connector) as http:
        tasks: list[asyncio.Task[None]] = []
        if "signin" in options.kinds:
            sockets = [Socket(http, base, tally) for _ in range(options.sockets)]
            await asyncio.gather(*(s.open() for s in sockets))
            tasks.append(asyncio.create_task(hellos(sockets, options.signin_rate, tally)))
            tasks.append(asyncio.create_task(codes(http, base, options.code_rate, tally)))
        if "hint" in options.kinds:
            for k in range(options.hint_tables):
                for _ in range(options.hint_sockets):
                    tasks.append(asyncio.create_task(ask_hints(http, base, f"attack{k}", tally)))
        await asyncio.sleep(0.5)  # the hint pages signed in
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    tally.add("seconds", round(time.perf_counter() - started))
    print(json.dumps(dict(tally.counts), sort_keys=True), flush=True)


class Socket:
    """One of the sign-in flood's sockets: opened again whenever the server closes it."""

    def __init__(self, http: aiohttp.ClientSession, base: str, tally: Tally) -> None:
        self.http, self.base, self.tally = http, base, tally
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self._opening = False

    async def open(self) -> None:
        self._opening = True
        try:
            self.tally.add("signin.connects")
            self.ws = await self.http.ws_connect(f"{self.base}/ws")
            self._reader = asyncio.create_task(self._read(self.ws))
        except (aiohttp.ClientError, OSError) as refused:
            status = getattr(refused, "status", type(refused).__name__)
            self.tally.add(f"signin.connect_refused.{status}")
            await asyncio.sleep(0.05)
        finally:
            self._opening = False

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for frame in ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                message = json.loads(frame.data)
                self.tally.add(f"signin.answer.{message.get('key') or message.get('type')}")
        self.tally.add(f"signin.closed.{ws.close_code}")

    async def hello(self, n: int) -> bool:
        """A hello with a made-up token; False when the socket is being opened again."""
        if self.ws is None or self.ws.closed:
            if not self._opening:
                asyncio.get_running_loop().create_task(self.open())
            return False
        token = f"forged-{n}-{'x' * 30}"
        try:
            await self.ws.send_json({"v": 1, "type": "hello", "access_token": token, "instance_id": f"i{n}"})
        except (ConnectionError, RuntimeError):
            return False
        return True


async def paced(rate: float, send: Any) -> None:
    """``send(n)`` ``rate`` times a second, in 10 ms steps, catching up when late."""
    if rate <= 0:
        return
    start = time.perf_counter()
    for n in itertools.count():
        due = start + n / rate
        wait = due - time.perf_counter()
        if wait > 0.01:
            await asyncio.sleep(wait)
        elif n % 50 == 0:
            await asyncio.sleep(0)  # let the readers read
        await send(n)


async def hellos(sockets: list[Socket], rate: float, tally: Tally) -> None:
    async def send(n: int) -> None:
        sent = await sockets[n % len(sockets)].hello(n)
        tally.add("signin.hellos_sent" if sent else "signin.hellos_unsent")

    await paced(rate, send)


async def codes(http: aiohttp.ClientSession, base: str, rate: float, tally: Tally) -> None:
    in_flight: set[asyncio.Task[None]] = set()

    async def post(n: int) -> None:
        try:
            async with http.post(f"{base}/api/token", json={"code": f"made-up-{n}"}) as response:
                tally.add(f"code.status.{response.status}")
        except (aiohttp.ClientError, OSError) as failure:
            tally.add(f"code.failed.{type(failure).__name__}")

    async def send(n: int) -> None:
        if len(in_flight) >= 200:  # the attacker's own cap: the server is not answering
            tally.add("code.unsent")
            return
        task = asyncio.create_task(post(n))
        in_flight.add(task)
        task.add_done_callback(in_flight.discard)
        tally.add("code.sent")

    try:
        await paced(rate, send)
    finally:
        for task in in_flight:
            task.cancel()


async def ask_hints(http: aiohttp.ClientSession, base: str, instance: str, tally: Tally) -> None:
    """A seated member's page asking for a hint again as soon as each answer comes."""
    while True:
        try:
            ws = await http.ws_connect(f"{base}/ws")
        except (aiohttp.ClientError, OSError) as refused:
            tally.add(f"hint.connect_refused.{getattr(refused, 'status', type(refused).__name__)}")
            await asyncio.sleep(0.1)
            continue
        with contextlib.suppress(ConnectionError, RuntimeError):
            hello = {"v": 1, "type": "hello", "access_token": f"tok-{ATTACKER}", "instance_id": instance}
            await ws.send_json(hello)
            signed_in = False
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                if message["type"] == "error" and not signed_in:
                    tally.add(f"hint.signin_refused.{message.get('key')}")
                    break  # the hello was refused: opened again, as a script would
                if message["type"] in ("hint", "error"):
                    tally.add(f"hint.answer.{message.get('key') or message['type']}")
                elif message["type"] != "state" or signed_in:
                    continue  # a later state: the asking goes on from the answers
                signed_in = True
                await ws.send_json({"v": 1, "type": "hint"})
                tally.add("hint.asked")
        tally.add(f"hint.closed.{ws.close_code}")
        await ws.close()
        await asyncio.sleep(1.0)
