"""Changes announced between bot processes on one PostgreSQL (LISTEN/NOTIFY).

Every committed change NOTIFYs :data:`CHANNEL` in its own statement
(``bot.store.postgres.WRITE_CHANGE``), so the announcement is delivered when,
and only when, the change is committed: a process that dies after its commit
still announced it. The payload is small text, ``origin channel guild version
due``: the committing process (each store has a random ``origin``, so a
process skips its own changes, which it followed already), the channel and its
guild (whose process publishes the channel's board), the version, and whether
the table is due at once (an AI stretch to play on).

Each process LISTENs on a connection of its own, apart from the pool (a pooled
connection keeps no session state, ``_keep_session``). A connection that is
lost (the server restarted, the network cut, or silent: the scheduler's tick
asks it a question) is opened again at the next tick; announcements made
meanwhile are not replayed, so once listening again the process is told to
catch up (``caught_up``: its pages read the tables as they are; the owner's
scheduler finds the outbox's pending notices anyway).

A page's draft (an acting seat's move while it is built, Mag Mor's leader's split:
cogs/activity/drafts.py) is no change and is never stored: it is NOTIFYed on
:data:`DRAFTS`, a channel of its own, as ``origin channel game version message``,
the message the pages are sent (JSON, small: ``MAX_DRAFT_PAYLOAD``), so the pages
another process holds on the channel see it too. Unlike a change, a draft missed
while not listening is not caught up: the leader's next tap sends it again.

What a change announces is here; the listening connection, which needs
asyncpg (loaded only where PostgreSQL is used), is ``bot.store.listener``."""

from __future__ import annotations

from dataclasses import dataclass

CHANNEL = "gamemaster_changes"
DRAFTS = "gamemaster_drafts"
# PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (its default build): a draft's
# message stays well under it, the origin and the numbers in front included.
MAX_DRAFT_PAYLOAD = 7900


@dataclass(frozen=True)
class Heard:
    """One change another process committed."""

    channel_id: int
    guild_id: int | None
    version: int
    due: bool  # due at once: an AI stretch goes on (its guild's process plays it)


def parse(payload: str) -> tuple[str, Heard] | None:
    """The origin and the change an announcement names; None if it is not one of ours."""
    parts = payload.split(" ")
    if len(parts) != 5 or not all(p.isdigit() for p in parts[1:]):
        return None
    origin, channel, guild, version, due = parts
    return origin, Heard(int(channel), int(guild) or None, int(version), due == "1")


@dataclass(frozen=True)
class HeardDraft:
    """A draft a page of another process sent: the pages of its channel show it."""

    channel_id: int
    stamp: tuple[int, int]  # the table it was made at: its game's row id and version
    text: str  # the message the pages are sent (cogs.activity.protocol.draft_message)


def draft_payload(origin: str, channel_id: int, stamp: tuple[int, int], text: str) -> str | None:
    """What :data:`DRAFTS` is told of a draft; None when it would not fit a NOTIFY."""
    payload = f"{origin} {channel_id} {stamp[0]} {stamp[1]} {text}"
    return payload if len(payload.encode()) <= MAX_DRAFT_PAYLOAD else None


def parse_draft(payload: str) -> tuple[str, HeardDraft] | None:
    """The origin and the draft an announcement carries; None if it is not one of ours."""
    parts = payload.split(" ", 4)
    if len(parts) != 5 or not all(p.isdigit() for p in parts[1:4]):
        return None
    origin, channel, game, version, text = parts
    return origin, HeardDraft(int(channel), (int(game), int(version)), text)
