"""A TCP relay on the loopback address between the browser and the Activity's server,
standing for a network that goes silent: :meth:`Relay.silence` holds every byte both
ways, and every new connection, while keeping the connections open (no FIN, no reset:
what a dead Wi-Fi or a sleeping NAT looks like to both ends); :meth:`Relay.resume`
lets what was held through, in order."""

from __future__ import annotations

import asyncio
import contextlib


class Relay:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.flowing = asyncio.Event()
        self.flowing.set()
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> str:
        """Listen on a free loopback port; the base URL the browser should open."""
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def silence(self) -> None:
        self.flowing.clear()

    def resume(self) -> None:
        self.flowing.set()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        for writer in list(self._writers):
            writer.close()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self._writers.add(writer)
        try:
            await self.flowing.wait()  # a connection made while silent gets no answer either
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
            self._writers.add(up_writer)
            await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer))
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()
            self._tasks.discard(task)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                await self.flowing.wait()  # held, not lost: it goes on when the network does
                writer.write(data)
                await writer.drain()
            await self.flowing.wait()  # even the end of a connection passes only on a live network
        except (ConnectionError, OSError):
            pass
        finally:
            with contextlib.suppress(ConnectionError, OSError):
                writer.close()
