"""The drafts the channel's pages are shown while an acting seat builds its move (Mag Mor's
leader's split, ``Presenter.page_draft``), so the chat haggles over something concrete.

A draft binds no one and is not a move: it is kept here, in memory only, one per channel
(the latest), never stored and never a new version of the table. With several processes on
one PostgreSQL, the process that took it tells the others (the store's ``share_draft``, a
NOTIFY of its own, bot/store/listen.py), and each keeps it here as its own, for the pages it
holds on the channel (``Viewers.heard_draft``). It stands for the table's version it was made
at: the first look at it from a later version (a committed move, an undo, a rematch) drops
it, and so does the last page of the channel closing here (or a change of a channel this
process holds no page of). Each socket's drafts come at a page's pace (one per pause in its
taps): a bucket per socket refuses a page that sends faster."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from cogs.activity.limits import Bucket

# A page sends its draft a quarter of a second after the last tap (Mag Mor's split.mjs):
# four a second is a member tapping without a pause; the burst covers a reconnect's resend.
DRAFT_BURST = 8
DRAFT_PER_SECOND = 4.0
# The table a draft belongs to: its game's row id and its version.
Stamp = tuple[int, int]


@dataclass(frozen=True)
class Standing:
    """A channel's latest draft: the table it was made at, and the message sent for it."""

    stamp: Stamp
    text: str


class Drafts:
    def __init__(self, burst: float = DRAFT_BURST, per_second: float = DRAFT_PER_SECOND) -> None:
        self.burst, self.per_second = burst, per_second
        self._by_channel: dict[int, Standing] = {}
        self._buckets: dict[Hashable, Bucket] = {}  # by socket, while it is open

    def allow(self, socket: Hashable) -> bool:
        """One more draft from ``socket`` now (False: it sends too fast)."""
        bucket = self._buckets.get(socket)
        if bucket is None:
            bucket = self._buckets[socket] = Bucket(self.burst, self.per_second)
        return bucket.allow()

    def closed(self, socket: Hashable) -> None:
        self._buckets.pop(socket, None)

    def keep(self, channel_id: int, stamp: Stamp, text: str) -> bool:
        """Keep ``text`` as the channel's draft, unless one of a later table stands (a
        draft heard late from another process); False then."""
        standing = self._by_channel.get(channel_id)
        if standing is not None and standing.stamp > stamp:
            return False
        self._by_channel[channel_id] = Standing(stamp, text)
        return True

    def at(self, channel_id: int, stamp: Stamp | None) -> str | None:
        """The channel's draft message if it was made at ``stamp``. One made before it (or
        any, once the channel has no table) is dropped; one made after it stands (a slow
        delivery of an older state does not take a newer draft with it)."""
        standing = self._by_channel.get(channel_id)
        if standing is None:
            return None
        if stamp is None or standing.stamp < stamp:
            del self._by_channel[channel_id]
            return None
        return standing.text if standing.stamp == stamp else None

    def drop(self, channel_id: int) -> None:
        self._by_channel.pop(channel_id, None)

    def __len__(self) -> int:
        return len(self._by_channel)
