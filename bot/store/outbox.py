"""The outbox's queries: the notices changes left to publish (``bot.outbox``
says what a notice holds and why it is written with its change)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.shards import EVERY_SHARD, Shards
from bot.store.sql import Database, json_value

KEEP_PUBLISHED_SECONDS = 86_400.0  # published notices kept a day, for diagnosis


@dataclass
class Notice:
    id: int
    game_id: int
    channel_id: int
    version: int
    payload: dict[str, Any]
    sent: int  # messages of this notice Discord already accepted


class OutboxQueries(Database):
    async def pending_notices(self, channel_id: int) -> list[Notice]:
        """A channel's notices not yet published, oldest first."""
        rows = await self.fetch(
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

    async def pending_channels(self, shards: Shards = EVERY_SHARD) -> list[int]:
        """Channels of these shards' guilds with something to publish (the partial
        index keeps this cheap)."""
        if shards.everything:
            rows = await self.fetch(
                "SELECT DISTINCT channel_id FROM outbox WHERE published_at IS NULL ORDER BY channel_id"
            )
        else:
            where, extra = shards.where("g.guild_id")
            rows = await self.fetch(
                "SELECT DISTINCT o.channel_id FROM outbox AS o JOIN games AS g ON g.id = o.game_id"
                f" WHERE o.published_at IS NULL{where} ORDER BY o.channel_id",
                extra,
            )
        return [int(r["channel_id"]) for r in rows]

    async def notice_progress(self, notice: Notice, sent: int) -> None:
        """Discord accepted ``sent`` messages of the notice: never send them again."""
        notice.sent = sent
        await self.execute("UPDATE outbox SET sent = ? WHERE id = ?", (sent, notice.id))

    async def notice_done(self, notice: Notice, now: float) -> bool:
        """Mark the notice published (only once: False if someone else did)."""
        async with self.transaction() as tx:
            count = await tx.execute(
                "UPDATE outbox SET published_at = ?, sent = ? WHERE id = ? AND published_at IS NULL",
                (float(now), notice.sent, notice.id),
            )
            await tx.execute(
                "DELETE FROM outbox WHERE published_at < ?", (float(now) - KEEP_PUBLISHED_SECONDS,)
            )
        return count == 1
