"""The rig of two bot processes on one PostgreSQL (``tests.activity.shard_process``),
behind one public port: a tiny loopback TCP proxy in front of them, as Caddy is
in docker-compose.yml (round robin over the processes that answer, a dead one
skipped), and pages that reconnect by themselves, as the Activity's page does."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[2]


class Proxy:
    """One public port; each connection goes to the next process that accepts it."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.port = 0
        self.served: dict[int, int] = {}  # the client's own port -> the process's port
        self._turn = 0
        self._server: asyncio.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = writer.get_extra_info("peername")[1]
        for _ in self.ports:
            port = self.ports[self._turn % len(self.ports)]
            self._turn += 1
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
                break
            except OSError:
                continue  # that process is down: the next one (Caddy's lb_try_duration)
        else:
            writer.close()
            return
        self.served[client] = port
        both = [asyncio.create_task(pipe(reader, up_writer)), asyncio.create_task(pipe(up_reader, writer))]
        await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
        for task in both:
            task.cancel()
        for w in (writer, up_writer):
            w.close()


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()


@dataclass
class Process:
    """One bot process (``tests.activity.shard_process``), and what it said."""

    shards: str
    port: int
    child: asyncio.subprocess.Process | None = None
    said: list[dict[str, Any]] = field(default_factory=list)
    _reading: asyncio.Task[None] | None = None

    async def start(self, url: str, discord_api: str) -> None:
        self.child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.activity.shard_process",
            url,
            self.shards,
            str(self.port),
            discord_api,
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        ready = asyncio.Event()
        self._reading = asyncio.create_task(self._read(ready))
        await asyncio.wait_for(ready.wait(), 60)

    async def _read(self, ready: asyncio.Event) -> None:
        assert self.child is not None and self.child.stdout is not None
        async for line in self.child.stdout:
            said = json.loads(line)
            if "ready" in said:
                ready.set()
            self.said.append(said)

    def published(self, channel: int) -> list[int]:
        """The notices' ids this process published for the channel."""
        return [s["id"] for s in self.said if s.get("published") == channel]

    async def kill(self) -> None:
        """Stop abruptly (SIGKILL): no goodbye to the pages or the database."""
        assert self.child is not None
        self.child.send_signal(signal.SIGKILL)
        await self.child.wait()
        if self._reading is not None:
            await self._reading

    async def button(self, http: aiohttp.ClientSession, channel: int) -> int:
        """A member's click in this process; the version it committed."""
        async with http.post(f"http://127.0.0.1:{self.port}/test/button", json={"channel": channel}) as r:
            answer = await r.json()
        assert answer["version"] is not None, answer
        return int(answer["version"])


class Page:
    """A page that signs in, keeps the latest state it was sent, and reconnects
    by itself when its connection drops (as static/app/main.mjs does)."""

    def __init__(self, http: aiohttp.ClientSession, url: str, token: str, instance: str) -> None:
        self.http, self.url, self.token, self.instance = http, url, token, instance
        self.version = 0
        self.connections = 0
        self.local_port = 0  # the page's own end of its current connection
        self.refused: list[dict[str, Any]] = []
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> Page:
        self._task = asyncio.create_task(self._run())
        await self.until(1)
        return self

    async def _run(self) -> None:
        while True:
            try:
                ws = await self.http.ws_connect(self.url)
            except (aiohttp.ClientError, OSError):
                await asyncio.sleep(0.1)
                continue
            self.ws, self.connections = ws, self.connections + 1
            self.local_port = ws.get_extra_info("sockname")[1]
            await ws.send_json(
                {"v": 1, "type": "hello", "access_token": self.token, "instance_id": self.instance}
            )
            async for frame in ws:
                message = json.loads(frame.data)
                if message["type"] == "state" and message["table"] is not None:
                    self.version = max(self.version, message["table"]["version"])
                elif message["type"] == "error":
                    self.refused.append(message)
            self.ws = None
            await asyncio.sleep(0.1)

    async def until(self, version: int, seconds: float = 20.0) -> None:
        for _ in range(int(seconds / 0.02)):
            if self.version >= version:
                return
            await asyncio.sleep(0.02)
        raise AssertionError(
            f"page {self.token}@{self.instance} at {self.version}, not {version}: {self.refused}"
        )

    async def send(self, message: dict[str, Any]) -> None:
        for _ in range(500):
            if self.ws is not None:
                await self.ws.send_json(message)
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the page never reconnected")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.ws is not None:
            await self.ws.close()


@asynccontextmanager
async def sessions() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        yield http
