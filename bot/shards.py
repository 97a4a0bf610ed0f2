"""Which guilds this process serves, when shards are split over processes.

Discord assigns a guild to shard ``(guild_id >> 22) % shard_count``; a process
started with ``SHARD_IDS`` runs only those shards, so it receives only their
guilds' interactions and must only run their deadlines and publish their
outbox. A game outside any guild (never, today) belongs to shard 0, as Discord
sends DMs to shard 0.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {self.ids} must lie in 0..{self.count - 1}")

    @property
    def everything(self) -> bool:
        """One process runs every shard (the default): nothing to filter."""
        return set(self.ids) == set(range(self.count))

    def shard_of(self, guild_id: int | None) -> int:
        return ((guild_id or 0) >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id) in self.ids

    def where(self, column: str) -> tuple[str, tuple[int, ...]]:
        """An ``AND ...`` clause (portable SQL, ``?`` placeholders) keeping the
        rows whose ``column`` (a guild id) belongs to these shards."""
        if self.everything:
            return "", ()
        marks = ", ".join("?" for _ in self.ids)
        return f" AND ((COALESCE({column}, 0) >> 22) % ?) IN ({marks})", (self.count, *self.ids)


EVERY_SHARD = Shards()
