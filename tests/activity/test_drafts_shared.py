"""A draft on several processes (bot/store/listen.py's ``DRAFTS``): two Activity servers on
one PostgreSQL, as two shard processes are. The leader's draft sent to a page on one reaches
the pages of its channel on the other, told by a NOTIFY of its own (never stored, never a
version); the other's pages hear nothing of a draft of another channel, and a draft of a
table they have seen move on is shown to nobody."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.store.listen import MAX_DRAFT_PAYLOAD, draft_payload, parse_draft
from cogs.activity.protocol import MAX_SHOWN_DRAFT_BYTES, draft_message
from tests.activity.conftest import CHANNEL, DAVE, OTHER_CHANNEL, Rig, rigged
from tests.activity.fake_discord import FakeDiscord
from tests.activity.test_drafts import TOKENS, draft, page, seats, silent, split_by_a_member
from tests.activity.test_server import open_page
from tests.factory import BOTS
from tests.postgres_server import PostgresServer

# The fake Discord's tables are in guild 1: shard 0's of two, so process A's (it plays the AI on).
SHARDS = 2


@pytest_asyncio.fixture
async def two(
    postgres_server: PostgresServer, tmp_path: Path, fake_discord: tuple[FakeDiscord, str]
) -> AsyncIterator[tuple[Rig, Rig]]:
    """Two Activity servers, each its own bot (its own store, origin and LISTEN), on one database."""
    url = await postgres_server.migrated_database()
    try:
        async with (
            rigged(tmp_path, fake_discord, database=url, shard_count=SHARDS, shard_ids=[0]) as a,
            rigged(tmp_path, fake_discord, database=url, shard_count=SHARDS, shard_ids=[1]) as b,
        ):
            for rig in (a, b):
                await rig.bot.changes.listen()
            yield a, b
        for rig in (a, b):  # their pools before the database goes
            BOTS.remove(rig.bot)
            await rig.bot.store.close()
    finally:
        await postgres_server.drop_database(url)


async def test_a_draft_reaches_the_pages_of_its_channel_on_another_process(two: tuple[Rig, Rig]) -> None:
    a, b = two
    state, version, leader, other = await split_by_a_member(a)
    seat = await seats(a)
    res = next(r for r, n in state.taken.items() if n)
    found = await a.bot.service.active(CHANNEL)
    assert found is not None
    stamp = (found[0].id, version)
    mine = await page(a, leader)  # the leader's page on A; the others' on B
    theirs = [await page(b, user) for user in (other, DAVE)]
    elsewhere, first = await open_page(b, "tok-alice", "i-other")  # B's page of another channel
    assert first["type"] == "state"

    await draft(mine, version, {str(seat[other]): {res: 1}})
    shown = await mine.receive_json(timeout=5)
    assert shown["type"] == "draft" and shown["version"] == version, shown
    for ws in theirs:
        assert await ws.receive_json(timeout=10) == shown
    got = await a.bot.service.active(CHANNEL)
    assert got is not None and got[0].version == version  # not a move: no new version
    assert len(b.server.viewers.drafts) == 1  # kept on B as on A, for a page that opens there later
    late, first = await open_page(b, TOKENS[DAVE])
    assert first["type"] == "state" and first["table"]["version"] == version
    assert await late.receive_json(timeout=5) == shown

    # Told B by a third process: a draft of another channel at the same table's stamp, and one
    # of this channel's older version. Neither reaches B's pages: the next message they get is
    # the leader's next draft (NOTIFYs arrive in the order they were made).
    other_channel = json.dumps(draft_message(version, seat[leader], {"shares": []}))
    assert await b.bot.store.share_draft(OTHER_CHANNEL, stamp, other_channel) is True
    older = json.dumps(draft_message(version - 1, seat[leader], {"shares": []}))
    assert await a.bot.store.share_draft(CHANNEL, (stamp[0], version - 1), older) is True
    await draft(mine, version, {})
    again = await mine.receive_json(timeout=5)
    assert again["draft"] == {"shares": []} and again["version"] == version
    for ws in (*theirs, late):
        assert await ws.receive_json(timeout=10) == again
    await silent(elsewhere)

    # The split made: every page moves on, B's drafts with it (not stored, never shown again).
    allocation = {str(seat[leader]): {r: n for r, n in state.taken.items() if n}}
    action = {"kind": "split", "allocation": allocation}
    await mine.send_json({"v": 1, "type": "act", "version": version, "action": action})
    for ws in (mine, *theirs, late):
        message = await ws.receive_json(timeout=10)
        assert message["type"] == "state" and message["table"]["version"] > version, message
    assert len(b.server.viewers.drafts) == 0
    # A draft of the old version heard now is shown to nobody.
    assert await a.bot.store.share_draft(CHANNEL, stamp, json.dumps(again)) is True
    for ws in (*theirs, late):
        await silent(ws, 0.5)
    for ws in (mine, *theirs, late, elsewhere):
        await ws.close()


def test_the_largest_draft_a_page_is_shown_fits_a_notify() -> None:
    """The shown draft's cap (protocol.py) keeps the NOTIFY under PostgreSQL's payload limit,
    with the largest numbers in front of it; the payload reads back as it was told."""
    text = "é " * (MAX_SHOWN_DRAFT_BYTES // 3)  # spaces too: the message is the payload's last part
    assert MAX_SHOWN_DRAFT_BYTES - 3 < len(text.encode()) <= MAX_SHOWN_DRAFT_BYTES
    top = 2**63 - 1
    payload = draft_payload("f" * 16, top, (top, top), text)
    assert payload is not None and len(payload.encode()) <= MAX_DRAFT_PAYLOAD < 8000
    parsed = parse_draft(payload)
    assert parsed is not None
    origin, heard = parsed
    assert (origin, heard.channel_id, heard.stamp, heard.text) == ("f" * 16, top, (top, top), text)
    assert draft_payload("f" * 16, 1, (1, 1), "x" * MAX_DRAFT_PAYLOAD) is None  # refused, never sent
    assert parse_draft("a change 1 2 3") is None and parse_draft("o 1 2") is None
