"""The LISTENing connection of one process on PostgreSQL (``bot.store.listen``
says what is announced, and why)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import asyncpg

from bot.store.listen import CHANNEL, DRAFTS, Heard, HeardDraft, parse, parse_draft

log = logging.getLogger("gamemaster.store")

CHECK_SECONDS = 5.0  # a silent connection is given up after this


class Listener:
    """The LISTENing connection of one process (see the module). No task of its
    own: asyncpg calls back when an announcement arrives, and the scheduler's
    tick (``Changes.tick``) calls :meth:`check`, which opens the connection
    again when it was lost or went silent."""

    def __init__(
        self,
        url: str,
        origin: str,
        heard: Callable[[Heard], None],
        caught_up: Callable[[], None],
        drafted: Callable[[HeardDraft], None] | None = None,
        *,
        check_seconds: float = CHECK_SECONDS,
    ) -> None:
        self.url, self.origin = url, origin
        self.heard, self.caught_up, self.drafted = heard, caught_up, drafted
        self.check_seconds = check_seconds
        self._con: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()  # one check at a time

    @property
    def listening(self) -> bool:
        return self._con is not None and not self._con.is_closed()

    async def start(self) -> None:
        """Listen (a failure is logged: the next :meth:`check` tries again)."""
        async with self._lock:
            await self._connect()

    async def check(self) -> None:
        """Still listening? A lost or silent connection is opened again, and then
        the process catches up on what it could not hear meanwhile."""
        async with self._lock:
            if self.listening:
                assert self._con is not None
                try:
                    # A cut network tells nothing: ask, and give up on silence.
                    await self._con.fetchval("SELECT 1", timeout=self.check_seconds)
                    return
                except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                    self._lost(error)
            if await self._connect():
                log.warning("listening again for other processes' changes")
                self.caught_up()  # what was announced while not listening is read afresh

    async def stop(self) -> None:
        async with self._lock:
            con, self._con = self._con, None
            if con is not None and not con.is_closed():
                await con.close()

    async def _connect(self) -> bool:
        try:
            con = await asyncpg.connect(self.url, timeout=self.check_seconds)
            await con.add_listener(CHANNEL, self._announced)
            if self.drafted is not None:
                await con.add_listener(DRAFTS, self._drafted)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            self._lost(error)
            return False
        self._con = con
        return True

    def _lost(self, error: BaseException) -> None:
        log.warning(
            "not listening for other processes' changes; the next tick tries again",
            extra={"fields": {"error": type(error).__name__}},  # never the URL: it may hold a password
        )
        con, self._con = self._con, None
        if con is not None and not con.is_closed():
            con.terminate()  # no goodbye over a connection that may be dead

    def _announced(self, _con: object, _pid: int, _channel: str, payload: str) -> None:
        parsed = parse(payload)
        if parsed is None or parsed[0] == self.origin:
            return  # not a change, or this process's own: it followed it already
        self.heard(parsed[1])

    def _drafted(self, _con: object, _pid: int, _channel: str, payload: str) -> None:
        parsed = parse_draft(payload)
        if parsed is None or parsed[0] == self.origin or self.drafted is None:
            return  # not a draft, or one this process's pages were sent already
        self.drafted(parsed[1])
