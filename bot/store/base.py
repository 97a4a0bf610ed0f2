"""The store interface the table service, the publisher and /stats use.

Two implementations keep the same methods and the same guarantees:
``SqliteStore`` (the embedded default: one file, nothing to run) and
``PostgresStore`` (a shared server for several bot processes). A game row holds
the table (seats, options, language), the game state and a ``version`` that
every change bumps: a write carries the version it read (``WHERE version = ?``),
so of two writers racing on one channel, in one process or in two, exactly one
wins and the other gets ``VersionConflict``. Each applied action is appended to
``actions`` and what the change must publish to ``outbox`` in the same
transaction as the new state. Finished and cancelled games stay with their
result and log.

The methods here are written once in the SQL both databases speak (``?``
placeholders, which ``PostgresStore`` numbers); what only one of them can say
(a JSON update, the one-trip transaction, errors) lives in its own module.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from bot.shards import EVERY_SHARD, Shards
from bot.store.listen import Heard, HeardDraft
from bot.store.outbox import OutboxQueries
from bot.store.results import ResultQueries
from bot.store.sql import Record, Transaction, json_value

# One logged action: seat, user id, source ("player", "ai", "timeout", ...), action, events.
LoggedAction = tuple[int | None, int | None, str, dict[str, Any], list[dict[str, Any]]]


class VersionConflict(Exception):
    """The row changed since it was read: the caller's view is stale."""


class ChannelBusy(Exception):
    """The channel already has a lobby or a game."""


@dataclass
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    status: str
    version: int
    table: dict[str, Any]
    state: str | None
    result: dict[str, Any] | None
    deadline_at: float | None
    reminder_at: float | None
    drafts: dict[str, Any]
    created_at: float
    updated_at: float


@dataclass
class ActionRow:
    version: int
    seat: int | None
    user_id: int | None
    source: str
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float


def game_row(r: Record) -> GameRow:
    return GameRow(
        id=int(r["id"]),
        channel_id=int(r["channel_id"]),
        guild_id=r["guild_id"],
        game=r["game"],
        status=r["status"],
        version=int(r["version"]),
        table=json_value(r["table_json"]),
        state=r["state_json"],
        result=json_value(r["result_json"]) if r["result_json"] else None,
        deadline_at=r["deadline_at"],
        reminder_at=r["reminder_at"],
        drafts=json_value(r["drafts_json"]),
        created_at=r["created_at"],
        updated_at=r["updated_at"],
    )


class Store(OutboxQueries, ResultQueries, ABC):
    """The repository interface; see the module's docstring. The outbox's and
    ``/stats``' queries are parts of their own (``bot.store.outbox``,
    ``bot.store.results``)."""

    backend: str  # "sqlite" or "postgresql"
    # The errors a broken constraint raises (a second active game in a channel).
    unique_violation: tuple[type[BaseException], ...] = ()

    # -- what each backend provides -----------------------------------------
    @abstractmethod
    async def open(self) -> None:
        """Connect and bring the schema to the latest migration."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def _write_change(
        self, update: Sequence[Any], logged: Sequence[Sequence[Any]], published: Sequence[Sequence[Any]]
    ) -> bool:
        """:meth:`save`'s transaction: the UPDATE below if its version still
        matches, then the actions and the outbox rows; False (nothing written)
        on a version conflict."""

    @abstractmethod
    async def patch_table_keys(
        self,
        game_id: int,
        values: Mapping[str, Any],
        *,
        version: int | None = None,
        meta: tuple[str, str] | None = None,
    ) -> bool:
        """Set keys of a game's ``table`` without bumping the version (the
        board's message id, seat requests, a hint's count: not changes of the
        game, and open panels must stay valid), all or none. With ``version``, a
        compare-and-set: only if the row still has it, so a patch made from a
        table read at ``version`` never undoes a change saved since (a leave, a
        takeover), in this process or another. With ``meta`` (key, value), that
        :meth:`set_meta` in the same transaction (a new board's id and the
        publisher's memo of it, saved together). False when nothing was written."""

    async def patch_table(self, game_id: int, key: str, value: Any, *, version: int | None = None) -> bool:
        """:meth:`patch_table_keys` for one key."""
        return await self.patch_table_keys(game_id, {key: value}, version=version)

    @asynccontextmanager
    async def publishing(self, channel_id: int) -> AsyncIterator[bool]:
        """Whether this process may publish the channel's outbox now (True), or
        another process is doing it (False): held while the block runs. With
        SQLite, one process owns the file: always True."""
        yield True

    async def listen(
        self,
        heard: Callable[[Heard], None],
        caught_up: Callable[[], None],
        drafted: Callable[[HeardDraft], None] | None = None,
    ) -> None:
        """Hear the changes other processes commit on this database (``heard``), and
        be told to catch up when hearing resumes after a gap (``caught_up``); and the
        drafts their pages send (``drafted``, :meth:`share_draft`).
        SQLite: one process owns the file, there is nobody else to hear."""

    async def share_draft(self, channel_id: int, stamp: tuple[int, int], text: str) -> bool:
        """Tell the other processes of a page's draft (``text``, the message their pages of
        the channel are sent; ``stamp``, the table it was made at), never storing it: a
        draft is not a change (bot/store/listen.py). False when it was too big to tell.
        SQLite: one process owns the file, its pages were sent the draft already."""
        return True

    async def check_listening(self) -> None:
        """Still hearing them? A lost connection is opened again (the scheduler's tick)."""

    # -- reads ----------------------------------------------------------------
    async def get(self, game_id: int) -> GameRow | None:
        r = await self.fetchrow("SELECT * FROM games WHERE id = ?", (game_id,))
        return game_row(r) if r else None

    async def active(self, channel_id: int) -> GameRow | None:
        r = await self.fetchrow(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
        )
        return game_row(r) if r else None

    async def latest(self, channel_id: int) -> GameRow | None:
        r = await self.fetchrow(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return game_row(r) if r else None

    async def latest_finished(self, channel_id: int) -> GameRow | None:
        """The channel's most recent finished game (played to the end or ended with /end)."""
        r = await self.fetchrow(
            "SELECT * FROM games WHERE channel_id = ? AND status = 'finished' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return game_row(r) if r else None

    async def playing(self) -> list[GameRow]:
        return [
            game_row(r) for r in await self.fetch("SELECT * FROM games WHERE status IN ('lobby', 'playing')")
        ]

    async def actions(self, game_id: int, limit: int | None = None) -> list[ActionRow]:
        sql = "SELECT * FROM actions WHERE game_id = ? ORDER BY version"
        params: tuple[Any, ...] = (game_id,)
        if limit is not None:
            sql = f"SELECT * FROM ({sql} DESC LIMIT ?) AS recent ORDER BY version"
            params = (game_id, limit)
        return [
            ActionRow(
                version=int(r["version"]),
                seat=r["seat"],
                user_id=r["user_id"],
                source=r["source"],
                action=json_value(r["action_json"]),
                events=json_value(r["events_json"]),
                created_at=r["created_at"],
            )
            for r in await self.fetch(sql, params)
        ]

    async def due(self, now: float, shards: Shards = EVERY_SHARD) -> list[int]:
        """Channels of playing games, in these shards' guilds, whose deadline or
        reminder has come."""
        where, extra = shards.where("guild_id")
        rows = await self.fetch(
            "SELECT channel_id FROM games WHERE status = 'playing'"
            f" AND (deadline_at <= ? OR reminder_at <= ?){where} ORDER BY channel_id",
            (float(now), float(now), *extra),
        )
        return [int(r["channel_id"]) for r in rows]

    # -- writes ---------------------------------------------------------------
    async def create(
        self,
        channel_id: int,
        guild_id: int | None,
        game: str,
        table: dict[str, Any],
        now: float,
        *,
        outbox: Sequence[dict[str, Any]] = (),
    ) -> GameRow:
        """A new game in its lobby, at version 1, with what its opening must publish
        (``outbox``) in the same transaction, announced to the other processes."""
        try:
            async with self.transaction() as tx:
                [r] = await tx.fetch(
                    "INSERT INTO games (channel_id, guild_id, game, status, version, table_json,"
                    " created_at, updated_at) VALUES (?, ?, ?, 'lobby', 1, ?, ?, ?) RETURNING id",
                    (channel_id, guild_id, game, json.dumps(table), float(now), float(now)),
                )
                for payload in outbox:
                    notice = (int(r["id"]), channel_id, 1, json.dumps(payload), float(now))
                    await tx.execute(INSERT_NOTICE, notice)
                await self._announce_created(tx, channel_id, guild_id)
        except self.unique_violation as error:
            raise ChannelBusy(channel_id) from error
        row = await self.get(int(r["id"]))
        assert row is not None
        return row

    async def _announce_created(self, tx: Transaction, channel_id: int, guild_id: int | None) -> None:
        """Tell the other processes of a new game, in its transaction (PostgreSQL's
        NOTIFY, bot.store.listen); SQLite: one process owns the file."""

    async def save(
        self,
        row: GameRow,
        *,
        actions: Sequence[LoggedAction] = (),
        outbox: Sequence[dict[str, Any]] = (),
        now: float,
    ) -> GameRow:
        """Write ``row`` if nobody else did since it was read (its ``version``),
        together with its new actions and what they must publish (``outbox``,
        bot/outbox.py), in one transaction. Bumps the version once per action
        (at least once)."""
        now = float(now)
        bumps = max(1, len(actions))
        update = (
            row.status,
            bumps,
            json.dumps(row.table),
            row.state,
            json.dumps(row.result) if row.result is not None else None,
            row.deadline_at,
            row.reminder_at,
            json.dumps(row.drafts),
            now,
            row.id,
            row.version,
        )
        logged = [
            (row.id, row.version + offset, seat, user_id, source, json.dumps(action), json.dumps(events), now)
            for offset, (seat, user_id, source, action, events) in enumerate(actions, start=1)
        ]
        published = [
            (row.id, row.channel_id, row.version + bumps, json.dumps(payload), now) for payload in outbox
        ]
        if not await self._write_change(update, logged, published):
            raise VersionConflict(row.id)
        row.version += bumps
        row.updated_at = now
        return row

    async def save_drafts(self, game_id: int, drafts: dict[str, Any]) -> None:
        await self.execute("UPDATE games SET drafts_json = ? WHERE id = ?", (json.dumps(drafts), game_id))

    # -- deployment facts -----------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        r = await self.fetchrow("SELECT value FROM meta WHERE key = ?", (key,))
        return str(r["value"]) if r else None

    async def get_metas(self, keys: Sequence[str]) -> dict[str, str | None]:
        """:meth:`get_meta` of several keys in one read (None where unset)."""
        marks = ", ".join("?" for _ in keys)
        rows = await self.fetch(f"SELECT key, value FROM meta WHERE key IN ({marks})", tuple(keys))
        found = {str(r["key"]): str(r["value"]) for r in rows}
        return {key: found.get(key) for key in keys}

    async def set_meta(self, key: str, value: str) -> None:
        await self.execute(SET_META, (key, value))


SET_META = (
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)
# The statements of a change, shared by both backends' _write_change.
UPDATE_GAME = (
    "UPDATE games SET status = ?, version = version + ?, table_json = ?, state_json = ?,"
    " result_json = ?, deadline_at = ?, reminder_at = ?, drafts_json = ?, updated_at = ?"
    " WHERE id = ? AND version = ?"
)
INSERT_ACTION = (
    "INSERT INTO actions (game_id, version, seat, user_id, source, action_json,"
    " events_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_NOTICE = (
    "INSERT INTO outbox (game_id, channel_id, version, payload_json, created_at) VALUES (?, ?, ?, ?, ?)"
)
