"""What every query of the store is written with: a row as both drivers return
it, a transaction's statements, and the reads and writes both backends provide
(portable SQL with ``?`` placeholders, which ``PostgresStore`` numbers).

The store's queries are grouped by what they serve (``base``: games and their
action log; ``outbox``: what changes must publish; ``results``: ``/stats``), each
a part of ``Store`` built on :class:`Database`."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class Record(Protocol):
    """A row as both drivers return it (``sqlite3.Row``, ``asyncpg.Record``):
    by column name or position, or its values in column order."""

    def __getitem__(self, key: str | int, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class Transaction(ABC):
    """Statements run inside :meth:`Store.transaction` (portable SQL, ``?``)."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    @abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Record]: ...


def json_value(value: Any) -> Any:
    """A JSON column as Python: SQLite and asyncpg return its text."""
    return json.loads(value) if isinstance(value, str | bytes) else value


class Database(ABC):
    """The two primitives each backend provides, and what they make."""

    @abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Record]:
        """Rows of a read (portable SQL with ``?`` placeholders)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """Statements that commit together or not at all."""

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Record | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in a transaction of its own."""
        async with self.transaction() as tx:
            return await tx.execute(sql, params)
