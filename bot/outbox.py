"""The outbox: what a change must publish, written in the change's own transaction.

A change is committed (snapshot + action log) and then published to Discord. If
the process died between the two, the board stayed stale and the change's public
lines (dice, reveals, scores) and pings were lost. So ``TableService._commit``
hands ``Store.save`` one *notice* per change, inserted in the same transaction
as the snapshot; the publisher (``cogs.publisher``) publishes pending notices of
a channel in order, records how many of a notice's messages Discord accepted
(``sent``), and marks it ``published_at`` once all were. Pending notices are
published on start-up and on every scheduler tick, so every committed change is
announced once.

A notice keeps what re-rendering needs, not rendered text: the public events,
the seats whose default was applied, whether the change only continued a
simultaneous decision, whether it finished the game, the seats to ping, and the
table as it was (names at the time). The board is drawn from the current state
when a notice is published, so redrawing it again is harmless.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.model import Applied
from bot.shards import EVERY_SHARD, Shards
from bot.store import Store
from bot.store.base import json_value
from games.core import Event

KEEP_PUBLISHED_SECONDS = 86_400.0  # published notices kept a day, for diagnosis


def change_notice(applied: Applied) -> dict[str, Any]:
    """The notice of a change, built inside ``_commit`` before the save."""
    quiet = applied.continued or applied.keeps_decision  # nobody to ping again
    decision = applied.decision
    ping: list[int] = []
    if decision is not None and applied.row.status == "playing" and not quiet:
        ping = list(decision.actors)
    return {
        "kind": "change",
        # Names as they were; not the seed and salt, which no notice needs, nor the
        # take-back book, which holds a whole state (every hand) and its seed.
        "table": applied.table.model_dump(exclude={"seed", "salt", "undo"}),
        "events": [e.model_dump() for e in applied.events if e.public],
        "auto_seats": list(applied.auto_seats),
        # Only a continued hidden choice posts no line; a seat changing hands
        # (keeps_decision) posts its line but pings nobody again.
        "continued": applied.continued,
        "finished": applied.row.status == "finished",
        "ping": ping,
    }


def reminder_notice(seats: list[int]) -> dict[str, Any]:
    return {"kind": "reminder", "seats": list(seats)}


@dataclass
class Notice:
    id: int
    game_id: int
    channel_id: int
    version: int
    payload: dict[str, Any]
    sent: int  # messages of this notice Discord already accepted

    @property
    def events(self) -> list[Event]:
        return [Event.model_validate(e) for e in self.payload.get("events", [])]


async def pending(store: Store, channel_id: int) -> list[Notice]:
    """A channel's notices not yet published, oldest first."""
    rows = await store.fetch(
        "SELECT id, game_id, channel_id, version, payload_json, sent FROM outbox"
        " WHERE channel_id = ? AND published_at IS NULL ORDER BY id",
        (channel_id,),
    )
    return [
        Notice(
            id=r["id"],
            game_id=r["game_id"],
            channel_id=r["channel_id"],
            version=r["version"],
            payload=json_value(r["payload_json"]),
            sent=r["sent"],
        )
        for r in rows
    ]


async def pending_channels(store: Store, shards: Shards = EVERY_SHARD) -> list[int]:
    """Channels of these shards' guilds with something to publish (the partial
    index keeps this cheap)."""
    if shards.everything:
        rows = await store.fetch(
            "SELECT DISTINCT channel_id FROM outbox WHERE published_at IS NULL ORDER BY channel_id"
        )
    else:
        where, extra = shards.where("g.guild_id")
        rows = await store.fetch(
            "SELECT DISTINCT o.channel_id FROM outbox AS o JOIN games AS g ON g.id = o.game_id"
            f" WHERE o.published_at IS NULL{where} ORDER BY o.channel_id",
            extra,
        )
    return [int(r["channel_id"]) for r in rows]


async def progress(store: Store, notice: Notice, sent: int) -> None:
    """Discord accepted ``sent`` messages of the notice: never send them again."""
    notice.sent = sent
    await store.execute("UPDATE outbox SET sent = ? WHERE id = ?", (sent, notice.id))


async def done(store: Store, notice: Notice, now: float) -> bool:
    """Mark the notice published (only once: False if someone else did)."""
    async with store.transaction() as tx:
        count = await tx.execute(
            "UPDATE outbox SET published_at = ?, sent = ? WHERE id = ? AND published_at IS NULL",
            (float(now), notice.sent, notice.id),
        )
        await tx.execute("DELETE FROM outbox WHERE published_at < ?", (float(now) - KEEP_PUBLISHED_SECONDS,))
    return count == 1
