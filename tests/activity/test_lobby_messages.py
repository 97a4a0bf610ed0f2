"""The lobby's buttons from a page (cogs/activity/lobby_moves.py): Join, Leave, Add AI
at a level, Start, Cancel and Rematch go through the table service as the channel's buttons
do, for the member Discord signed in and the channel their Activity runs in; a
refusal is said in the member's language and changes nothing, and no message can name
another member, seat or channel."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from aiohttp import ClientWebSocketResponse

from bot.i18n import t
from bot.model import TableError
from bot.replies import explain
from cogs.activity.protocol import MAX_MESSAGE_CHARS, LobbyMessage
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig
from tests.activity.test_server import open_page


async def lobby(rig: Rig, game: str = "akelarre") -> None:
    """A lobby in CHANNEL hosted by alice (her seat only)."""
    opening = rig.bot.service.open_lobby(
        CHANNEL, 1, ALICE, "Alice", game, seats=None, speed="live", language="en"
    )
    await rig.bot.changes.after((await opening)[0])


async def said(ws: ClientWebSocketResponse, message: dict[str, Any]) -> dict[str, Any]:
    """Send a lobby button's message; its answer: the next state's table, or the refusal."""
    await ws.send_json({"v": 1, **message})
    while True:
        answer = await ws.receive_json(timeout=5)
        if answer["type"] in ("state", "error"):
            return answer


async def state(ws: ClientWebSocketResponse) -> dict[str, Any]:
    while True:
        answer = await ws.receive_json(timeout=5)
        if answer["type"] == "state":
            table: dict[str, Any] = answer["table"]
            return table


async def seats(rig: Rig) -> list[tuple[str, bool, str]]:
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    return [(seat.name, seat.ai, seat.level) for seat in found[1].seats]


async def test_join_add_ai_and_start_from_the_pages_reach_every_page_and_the_channel(rig: Rig) -> None:
    await lobby(rig)
    alice, first = await open_page(rig, "tok-alice")
    bob, seen = await open_page(rig, "tok-bob")
    assert first["table"]["lobby"]["host"] is True and seen["table"]["lobby"]["host"] is False
    assert seen["table"]["seat"] is None
    flushed = len(rig.channel.flushed)
    joined = await said(bob, {"type": "join"})
    assert joined["type"] == "state" and joined["table"]["seat"] == 1
    # Bob's seat carries the name Discord gave him, and alice's page sees it at once.
    assert [s["name"] for s in (await state(alice))["seats"]] == ["Alice", "bob"]
    assert len(rig.channel.flushed) > flushed  # the channel's publisher was told, as for a click
    assert first["table"]["lobby"]["start_refused"] == t("error.not_enough_players", "en", min=2, count=1)
    assert joined["table"]["lobby"]["start_refused"] is None  # two may start Akelarre
    added = await said(alice, {"type": "add_ai", "level": "hard"})
    assert added["type"] == "state"
    hard = added["table"]["lobby"]
    assert hard["seats"][2] == {"host": False, "level": t("level.hard", "en")}
    assert hard["seats"][0]["host"] is True and hard["levels"][2]["level"] == "hard"
    assert (await seats(rig))[2][1:] == (True, "hard")
    await state(bob)
    started = await said(alice, {"type": "start"})
    assert started["type"] == "state" and started["table"]["status"] == "playing"
    assert started["table"]["lobby"] is None and started["table"]["view"] is not None
    assert (await state(bob))["status"] == "playing"
    await alice.close()
    await bob.close()


@pytest.mark.parametrize(
    ("token", "message", "key"),
    [
        ("tok-bob", {"type": "start"}, "error.host_only"),
        ("tok-bob", {"type": "add_ai", "level": "easy"}, "error.host_only"),
        ("tok-bob", {"type": "cancel"}, "error.host_only"),
        ("tok-bob", {"type": "leave"}, "error.not_seated"),
        ("tok-alice", {"type": "leave"}, "error.host_cannot_leave"),
        ("tok-alice", {"type": "join"}, "error.already_seated"),
        ("tok-alice", {"type": "start"}, "error.not_enough_players"),
        ("tok-alice", {"type": "rematch"}, "rematch.error.gone"),
    ],
)
async def test_a_refused_lobby_button_is_said_in_the_member_s_language_and_changes_nothing(
    rig: Rig, token: str, message: dict[str, Any], key: str
) -> None:
    await lobby(rig)
    before = await seats(rig)
    ws, first = await open_page(rig, token)
    answer = await said(ws, message)
    assert answer["type"] == "error" and answer["key"] == key
    error = TableError(key, min=2, count=1)  # Akelarre starts with two, alice sits alone
    assert answer["text"] == explain(error, first["language"])
    assert (await state(ws))["seats"] == first["table"]["seats"]  # the table as it is, again
    assert await seats(rig) == before
    await ws.close()


@pytest.mark.parametrize(
    "message",
    [
        {"type": "join", "user_id": BOB},  # a member named in the message
        {"type": "join", "name": "Mallory"},
        {"type": "leave", "seat": 1},
        {"type": "start", "channel_id": CHANNEL},  # a channel named in it
        {"type": "cancel", "channel_id": CHANNEL},
        {"type": "cancel", "game": 1},
        {"type": "add_ai", "level": "godlike"},  # a level the lobby does not offer
        {"type": "add_ai"},
        {"type": "rematch", "game": 1},
    ],
)
async def test_a_lobby_message_names_no_member_seat_channel_or_unknown_level(
    rig: Rig, message: dict[str, Any]
) -> None:
    await lobby(rig)
    before = await seats(rig)
    ws, _ = await open_page(rig, "tok-alice")
    answer = await said(ws, message)
    assert (answer["type"], answer["key"]) == ("error", "activity.error.malformed")
    assert await seats(rig) == before
    await ws.close()


async def test_a_page_changes_only_the_table_of_the_channel_its_activity_runs_in(rig: Rig) -> None:
    await lobby(rig)
    before = await seats(rig)
    # Alice's Activity in another channel: her Join there finds no table, and CHANNEL's stays as it was.
    ws, first = await open_page(rig, "tok-alice", instance="i-other")
    assert first["table"] is None
    answer = await said(ws, {"type": "join"})
    assert (answer["type"], answer["key"]) == ("error", "error.no_table")
    assert await seats(rig) == before
    await ws.close()


async def test_a_rematch_from_a_page_opens_the_lobby_and_asks_the_channel_to_post_it(rig: Rig) -> None:
    await lobby(rig)
    service = rig.bot.service
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False, "easy")
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await rig.bot.changes.after(await service.end(CHANNEL, ALICE, False))
    finished = await service.latest(CHANNEL)
    assert finished is not None and finished.status == "finished"
    bob, first = await open_page(rig, "tok-bob")
    assert first["table"]["status"] == "finished" and first["table"]["seat"] == 1
    answer = await said(bob, {"type": "rematch"})
    assert answer["type"] == "state" and answer["table"]["status"] == "lobby"
    assert [s["name"] for s in answer["table"]["seats"]][:2] == ["Alice", "bob"]
    assert answer["table"]["lobby"]["host"] is True  # who asks for the rematch hosts it
    row = await service.latest(CHANNEL)
    assert row is not None and row.id != finished.id
    # Nobody answers a page with the lobby message: the channel's publisher posts it.
    notices = await service.store.pending_notices(CHANNEL)
    assert [n.payload.get("post") for n in notices if n.game_id == row.id] == ["rematch.opened"]
    again = await said(bob, {"type": "rematch"})
    assert (again["type"], again["key"]) == ("error", "rematch.error.gone")  # its page shows the lobby now
    await bob.close()


async def test_the_host_cancels_from_the_page_and_every_page_and_the_channel_see_the_table_closed(
    rig: Rig,
) -> None:
    await lobby(rig)
    await rig.bot.service.join(CHANNEL, BOB, "bob")
    alice, _ = await open_page(rig, "tok-alice")
    bob, _ = await open_page(rig, "tok-bob")
    flushed = len(rig.channel.flushed)
    answer = await said(alice, {"type": "cancel"})
    assert answer["type"] == "state" and answer["table"] is None  # the channel has no table any more
    assert await state_or_none(bob) is None
    assert await rig.bot.service.active(CHANNEL) is None
    latest = await rig.bot.service.latest(CHANNEL)
    assert latest is not None and latest.status == "cancelled"
    assert len(rig.channel.flushed) > flushed  # the channel's lobby message redrawn, as for its Cancel
    again = await said(alice, {"type": "cancel"})
    assert (again["type"], again["key"]) == ("error", "error.no_table")
    await alice.close()
    await bob.close()


async def state_or_none(ws: ClientWebSocketResponse) -> dict[str, Any] | None:
    while True:
        answer = await ws.receive_json(timeout=5)
        if answer["type"] == "state":
            table: dict[str, Any] | None = answer["table"]
            return table


# One of each lobby message the protocol knows: a message added there without one here fails.
SAMPLES: dict[str, dict[str, Any]] = {
    "join": {"type": "join"},
    "leave": {"type": "leave"},
    "add_ai": {"type": "add_ai", "level": "easy"},
    "start": {"type": "start"},
    "cancel": {"type": "cancel"},
    "rematch": {"type": "rematch"},
}


def test_every_lobby_message_has_a_sample() -> None:
    kinds = {get_args(model.model_fields["type"].annotation)[0] for model in get_args(LobbyMessage)}
    assert kinds == set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
async def test_a_lobby_message_is_never_taken_before_sign_in_nor_past_the_message_limit(
    rig: Rig, kind: str
) -> None:
    await lobby(rig)
    await rig.bot.service.join(CHANNEL, BOB, "bob")
    before = await seats(rig)
    message = json.dumps({"v": 1, **SAMPLES[kind]})
    ws = await rig.client.ws_connect("/ws")
    await ws.send_str(message)
    assert (await ws.receive_json(timeout=5))["key"] == "activity.error.hello_first"
    await ws.close()
    # Signed in as the host, who may press them all: padded past the limit (valid JSON
    # still), it is refused unread; the table is as it was.
    page, _ = await open_page(rig, "tok-alice")
    padded = message[:-1] + " " * MAX_MESSAGE_CHARS + "}"
    await page.send_str(padded)
    answer = await page.receive_json(timeout=5)
    assert (answer["type"], answer["key"]) == ("error", "activity.error.too_big")
    assert await seats(rig) == before
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None and found[0].status == "lobby"
    await page.close()
