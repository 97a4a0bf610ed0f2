"""The Activity's web server (issue 32): identity only from Discord, one table
with two faces (a page's move is a click's move), and refusals that change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse, WSCloseCode, WSMsgType

from bot.i18n import t
from bot.model import TableError
from bot.replies import explain
from bot.shards import Shards
from cogs import magmor
from cogs.kit.presenter import PRESENTERS
from games.core import RuleError
from games.registry import GAMES
from tests.activity.conftest import ALICE, BOB, CHANNEL, DAVE, OTHER_CHANNEL, Rig
from tests.factory import start_with_an_ai

USERS = {ALICE: "tok-alice", BOB: "tok-bob"}
LANGUAGES = {ALICE: "en", BOB: "it"}  # as Discord's /users/@me gives their locales


async def start(rig: Rig) -> None:
    """An Akelarre table in CHANNEL: alice (seat 0), bob (seat 1) and an AI."""
    applied = await start_with_an_ai(rig.bot.service, CHANNEL, "akelarre")
    await rig.bot.changes.after(applied)
    await rig.bot.changes.settled()


async def version(rig: Rig) -> int:
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    return found[0].version


async def open_page(
    rig: Rig, token: str, instance: str = "i-table"
) -> tuple[ClientWebSocketResponse, dict[str, Any]]:
    ws = await rig.client.ws_connect("/ws")
    await ws.send_json({"v": 1, "type": "hello", "access_token": token, "instance_id": instance})
    return ws, await ws.receive_json(timeout=5)


async def until_state(ws: ClientWebSocketResponse, at: int) -> list[dict[str, Any]]:
    """The messages a page gets up to the state at version ``at``."""
    got: list[dict[str, Any]] = []
    while True:
        message = await ws.receive_json(timeout=5)
        got.append(message)
        if message["type"] == "state" and message["table"]["version"] == at:
            return got


def own_view_only(rig: Rig, message: dict[str, Any], seat: int | None) -> None:
    """The page's view is exactly the engine's view for its seat at that version."""
    table = message["table"]
    assert table["seat"] == seat
    assert table["view"] == rig.channel.views[table["version"]][seat]


async def actor(rig: Rig) -> int:
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    decision = GAMES["akelarre"].decision(rig.bot.service.state_of(found[0]))
    assert decision is not None
    return decision.seats[0]


async def default_move(rig: Rig, seat: int) -> dict[str, Any]:
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    state = rig.bot.service.state_of(found[0])
    return GAMES["akelarre"].default_action(state, seat).model_dump(mode="json")


async def test_a_code_is_exchanged_once_and_a_forged_one_is_refused(rig: Rig) -> None:
    answer = await rig.client.post("/api/token", json={"code": "code-alice"})
    assert (answer.status, await answer.json()) == (200, {"access_token": "tok-alice"})
    for code in ("code-alice", "forged"):  # reused, then made up
        answer = await rig.client.post("/api/token", json={"code": code})
        assert (answer.status, await answer.json()) == (
            401,
            {"error": "code", "text": t("activity.error.code", "en")},
        )
    answer = await rig.client.post("/api/token", data=b"not json")
    assert answer.status == 400
    answer = await rig.client.post("/api/token", json={"code": "x" * 5000})  # over the body's limit
    assert answer.status in (400, 413)


async def test_a_short_429_is_waited_out_and_a_long_one_is_refused(rig: Rig) -> None:
    rig.discord.throttle = [0.01]
    answer = await rig.client.post("/api/token", json={"code": "code-bob"})
    assert (answer.status, await answer.json()) == (200, {"access_token": "tok-bob"})
    rig.discord.throttle = [30.0]
    answer = await rig.client.post("/api/token", json={"code": "code-alice"})
    assert (answer.status, await answer.json()) == (
        429,
        {"error": "busy", "text": t("activity.error.busy", "en"), "retry_after": 30.0},
    )


async def test_two_members_each_see_their_own_hand_and_moves_reach_both_faces(rig: Rig) -> None:
    await start(rig)
    pages: dict[int, tuple[ClientWebSocketResponse, int | None]] = {}
    for user, seat in ((ALICE, 0), (BOB, 1)):
        ws, first = await open_page(rig, USERS[user])
        assert first["type"] == "state" and first["table"]["game"] == "akelarre"
        own_view_only(rig, first, seat)
        assert first["table"]["view"]["hand"]  # a hand of its own, and only its own
        pages[user] = (ws, seat)
    assert pages[ALICE] != pages[BOB]
    # A member in the instance without a seat watches: the public view, no hand at all.
    ws, first = await open_page(rig, "tok-dave")
    own_view_only(rig, first, None)
    assert first["table"]["view"]["hand"] is None
    pages[DAVE] = (ws, None)
    assert (
        rig.channel.views[await version(rig)][0]["hand"] != rig.channel.views[await version(rig)][1]["hand"]
    )

    # A move made in a page: it lands, both pages get their own view, the channel is published.
    seat = await actor(rig)
    mover = ALICE if seat == 0 else BOB
    before, flushed = await version(rig), len(rig.channel.flushed)
    await pages[mover][0].send_json(
        {"v": 1, "type": "act", "version": before, "action": await default_move(rig, seat)}
    )
    landed = await pages[mover][0].receive_json(timeout=5)  # the mover's page first hears its move landed
    assert landed["type"] == "state" and landed["table"]["version"] > before, landed
    await rig.bot.changes.settled()
    own_view_only(rig, landed, pages[mover][1])
    after = await version(rig)
    assert (
        after > before and rig.channel.flushed[flushed:] and set(rig.channel.flushed[flushed:]) == {CHANNEL}
    )
    for user, (ws, page_seat) in pages.items():
        if user == mover and landed["table"]["version"] == after:
            continue
        got = await until_state(ws, after)
        assert all(m["type"] == "state" for m in got), got
        for message in got:
            own_view_only(rig, message, page_seat)

    # A move made with the channel's buttons (the service, then the change step): both pages see it.
    seat = await actor(rig)
    clicker = ALICE if seat == 0 else BOB
    applied = await rig.bot.service.act(CHANNEL, clicker, await default_move(rig, seat), version=after)
    await rig.bot.changes.after(applied)
    await rig.bot.changes.settled()
    latest = await version(rig)
    assert latest > after
    for ws, page_seat in pages.values():
        for message in await until_state(ws, latest):
            own_view_only(rig, message, page_seat)

    # A page that reconnects gets the table as it is now.
    await pages[BOB][0].close()
    ws, first = await open_page(rig, "tok-bob")
    assert first["table"]["version"] == latest
    own_view_only(rig, first, 1)
    assert first["language"] == "it"  # bob's Discord language


async def test_refusals_change_nothing_and_say_why(rig: Rig) -> None:
    await start(rig)
    at = await version(rig)
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    before = found[0].state
    seat = await actor(rig)
    mover, other = (ALICE, BOB) if seat == 0 else (BOB, ALICE)
    move = await default_move(rig, seat)

    # Before a hello, a page is nobody.
    ws = await rig.client.ws_connect("/ws")
    await ws.send_json({"v": 1, "type": "act", "version": at, "action": move})
    assert (await ws.receive_json(timeout=5))["key"] == "activity.error.hello_first"
    # A token Discord does not know, an instance that is not live, a user not in the instance.
    for token, instance, key in (
        ("tok-forged", "i-table", "activity.error.token"),
        ("tok-alice", "i-gone", "activity.error.instance"),
        ("tok-carol", "i-table", "activity.error.not_in_instance"),
    ):
        await ws.send_json({"v": 1, "type": "hello", "access_token": token, "instance_id": instance})
        refusal = await ws.receive_json(timeout=5)
        assert (refusal["type"], refusal["key"]) == ("error", key)
        assert refusal["text"] == t(key, "en")  # who asks is not known yet: the bot's default
    await ws.send_json({"v": 1, "type": "act", "version": at, "action": move})
    assert (await ws.receive_json(timeout=5))["key"] == "activity.error.hello_first"

    page, _ = await open_page(rig, USERS[mover])
    other_page, _ = await open_page(rig, USERS[other])
    # Malformed, oversized, or claiming a seat: refused unread, in each member's language.
    for ws, user in ((page, mover), (other_page, other)):
        for sent, key in (
            ("not json", "activity.error.malformed"),
            ('{"v": 1, "type": "act", "action": {}}', "activity.error.malformed"),
            ('{"v": 2, "type": "undo", "version": 1}', "activity.error.malformed"),
            ('{"v": 1, "type": "act", "version": 1, "action": {}, "seat": 0}', "activity.error.malformed"),
            (
                '{"v": 1, "type": "act", "version": 1, "action": {"x": "' + "y" * 9000 + '"}}',
                "activity.error.too_big",
            ),
        ):
            await ws.send_str(sent)
            refusal = await ws.receive_json(timeout=5)
            assert (refusal["key"], refusal["text"]) == (key, t(key, LANGUAGES[user])), sent
        await ws.send_bytes(b"\x00")
        assert (await ws.receive_json(timeout=5))["key"] == "activity.error.malformed"
    # An action of no shape the game knows: the table service's refusal.
    await page.send_json({"v": 1, "type": "act", "version": at, "action": {"kind": "teleport"}})
    refusal = await page.receive_json(timeout=5)
    assert (refusal["key"], refusal["text"]) == (
        "error.bad_action",
        explain(TableError("error.bad_action"), LANGUAGES[mover]),
    )
    assert (await page.receive_json(timeout=5))["table"]["version"] == at

    # A stale move: refused, then the page gets the table as it is.
    await page.send_json({"v": 1, "type": "act", "version": at - 1, "action": move})
    refusal = await page.receive_json(timeout=5)
    assert refusal["key"] == "error.stale"
    assert refusal["text"] == t("activity.error.stale", LANGUAGES[mover])
    assert (await page.receive_json(timeout=5))["table"]["version"] == at
    # Someone else's move: the rules refuse it, with the rule's id, in the member's language.
    await other_page.send_json({"v": 1, "type": "act", "version": at, "action": move})
    refusal = await other_page.receive_json(timeout=5)
    assert refusal["type"] == "error" and refusal["rule"], refusal
    assert refusal["rule"] in refusal["text"]
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    error = RuleError(refusal["key"], rule=refusal["rule"])
    assert refusal["text"] == explain(error, LANGUAGES[other], "akelarre", found[1])
    # A member of the instance without a seat: not a player here.
    watcher, _ = await open_page(rig, "tok-dave")
    await watcher.send_json({"v": 1, "type": "act", "version": at, "action": move})
    refusal = await watcher.receive_json(timeout=5)
    assert (refusal["key"], refusal["text"]) == (
        "error.not_a_player",
        explain(TableError("error.not_a_player"), "en"),
    )
    # The page of another channel's instance holds no table, and cannot reach this one.
    elsewhere, first = await open_page(rig, "tok-alice", "i-other")
    assert first["table"] is None
    await elsewhere.send_json({"v": 1, "type": "act", "version": at, "action": move})
    assert (await elsewhere.receive_json(timeout=5))["key"] == "error.no_table"

    await rig.bot.changes.settled()
    assert await version(rig) == at
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None and found[0].state == before  # nothing changed
    assert rig.channel.flushed == [CHANNEL]  # the start's alone
    assert OTHER_CHANNEL not in rig.channel.flushed


async def test_no_secret_or_token_in_the_logs(rig: Rig, caplog: Any) -> None:
    caplog.set_level("DEBUG")
    await rig.client.post("/api/token", json={"code": "forged"})
    ws, _ = await open_page(rig, "tok-alice")
    await ws.close()
    text = caplog.text + "".join(str(r.__dict__) for r in caplog.records)
    assert "activity-secret-do-not-log" not in text and "tok-alice" not in text


async def test_the_ended_game_stays_in_view(rig: Rig) -> None:
    await start(rig)
    page, _ = await open_page(rig, "tok-bob")
    applied = await rig.bot.service.end(CHANNEL, ALICE, may_manage=False)  # alice hosts
    await rig.bot.changes.after(applied)
    ended = await page.receive_json(timeout=5)
    assert ended["table"]["status"] == "finished" and ended["table"]["decision"] is None
    own_view_only(rig, ended, 1)
    # A page opened afterwards still finds it (until the channel's next game opens).
    _, first = await open_page(rig, "tok-alice")
    assert first["table"]["version"] == ended["table"]["version"]


async def test_a_frame_far_too_large_closes_the_socket_as_too_big(rig: Rig) -> None:
    page, _ = await open_page(rig, "tok-alice")
    await page.send_str("x" * 70_000)
    closing = await page.receive(timeout=5)
    assert closing.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
    assert page.close_code == WSCloseCode.MESSAGE_TOO_BIG


async def test_a_socket_that_never_says_hello_is_closed(rig: Rig) -> None:
    rig.server.hello_seconds = 0.3
    ws = await rig.client.ws_connect("/ws")
    for _ in range(3):  # chatter is answered, and the socket still closes unsigned
        await ws.send_str("{}")
        assert (await ws.receive_json(timeout=5))["key"] == "activity.error.malformed"
    assert (await ws.receive_json(timeout=5))["key"] == "activity.error.hello_first"
    await ws.receive(timeout=5)
    assert ws.closed and ws.close_code == WSCloseCode.POLICY_VIOLATION


async def test_a_take_back_from_a_page_is_the_service_s(rig: Rig) -> None:
    await start(rig)
    seat = await actor(rig)
    mover = ALICE if seat == 0 else BOB
    page, _ = await open_page(rig, USERS[mover])
    before = await version(rig)
    await page.send_json({"v": 1, "type": "act", "version": before, "action": await default_move(rig, seat)})
    landed = await page.receive_json(timeout=5)
    await rig.bot.changes.settled()
    at = await version(rig)
    if landed["table"]["version"] != at:  # the AI's moves after it came as their own change
        await until_state(page, at)
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    why_not = found[1].undo.why_not(seat)  # what /undo would answer now
    await page.send_json({"v": 1, "type": "undo", "version": at})
    answer = await page.receive_json(timeout=5)
    if why_not is None:
        assert answer["type"] == "state" and answer["table"]["version"] == at + 1
        assert answer["table"]["view"] == rig.channel.views[before][seat]  # the move is taken back
    else:
        assert (answer["type"], answer["key"]) == ("error", why_not)
        assert await version(rig) == at


async def test_a_hint_reaches_the_asking_page_alone_where_hints_are_on(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PRESENTERS, "magmor", magmor.PRESENTER)  # loaded with its cog in the bot
    await start(rig)  # a member beside alice: hints are off unless the host says
    page, _ = await open_page(rig, "tok-alice")
    await page.send_json({"v": 1, "type": "hint"})
    assert (await page.receive_json(timeout=5))["key"] == "hint.error.off"

    service = rig.bot.service
    await service.open_lobby(
        OTHER_CHANNEL, 1, ALICE, "alice", "magmor", seats=3, speed="live", language="en", hints=True
    )
    await service.join(OTHER_CHANNEL, BOB, "bob")
    await service.add_ai(OTHER_CHANNEL, ALICE, False)
    await rig.bot.changes.after(await service.start(OTHER_CHANNEL, ALICE, False))
    await rig.bot.changes.settled()
    found = await service.active(OTHER_CHANNEL)
    assert found is not None
    decision = GAMES["magmor"].decision(service.state_of(found[0]))
    assert decision is not None
    user = found[1].seats[decision.actors[0]].user_id
    rig.discord.instances["i-other"]["users"] = [str(ALICE), str(BOB)]
    asking, _ = await open_page(rig, USERS[user], "i-other")
    watching, _ = await open_page(rig, USERS[BOB if user == ALICE else ALICE], "i-other")
    await asking.send_json({"v": 1, "type": "hint"})
    answer = await asking.receive_json(timeout=30)
    assert answer["type"] == "hint" and answer["text"], answer
    after = await service.active(OTHER_CHANNEL)
    assert after is not None
    kept = after[1].hinted[-1]  # what the channel's Play it would play
    assert (answer["move"], answer["version"]) == (kept.action, kept.version)
    await watching.send_json({"v": 1, "type": "hint"})  # not their turn: told so, and no other page's hint
    assert (await watching.receive_json(timeout=5))["key"] == "hint.error.not_your_turn"


async def test_discord_out_of_reach_is_said_so(rig: Rig, unused_tcp_port: int) -> None:
    rig.server.discord.base = f"http://127.0.0.1:{unused_tcp_port}"  # nothing listens there
    answer = await rig.client.post("/api/token", json={"code": "code-alice"})
    assert (answer.status, await answer.json()) == (
        502,
        {"error": "unreachable", "text": t("activity.error.unreachable", "en")},
    )
    ws = await rig.client.ws_connect("/ws")
    await ws.send_json({"v": 1, "type": "hello", "access_token": "tok-alice", "instance_id": "i-table"})
    assert (await ws.receive_json(timeout=5))["key"] == "activity.error.unreachable"


async def test_a_fault_of_ours_is_said_with_a_reference_and_the_page_stays(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start(rig)
    page, _ = await open_page(rig, "tok-alice")

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(rig.bot.service, "act", broken)
    await page.send_json({"v": 1, "type": "act", "version": await version(rig), "action": {}})
    failed = await page.receive_json(timeout=5)
    assert failed["key"] == "error.internal" and "a bug" not in failed["text"]
    await page.send_json({"v": 1, "type": "hint"})  # the socket still answers
    assert (await page.receive_json(timeout=5))["type"] == "error"


async def test_a_page_of_a_guild_another_process_runs_is_served(rig: Rig) -> None:
    """With shards split over processes, any process serves any guild's page (issue 40,
    item 6; it used to refuse it as "elsewhere"): the page's move is committed here and
    reaches the pages held here, while the channel's board is left to the guild's own
    process (it hears of the change: tests/activity/test_processes.py)."""
    await start(rig)
    flushed = list(rig.channel.flushed)
    rig.bot.changes._shards = lambda: Shards(2, (1,))  # guild 1 is shard 0's
    bob, first = await open_page(rig, "tok-bob")
    assert first["type"] == "state" and first["table"]["version"] == await version(rig)
    alice, _ = await open_page(rig, "tok-alice")
    seat = await actor(rig)
    page, other = (alice, bob) if seat == 0 else (bob, alice)
    at = await version(rig)
    await page.send_json({"v": 1, "type": "act", "version": at, "action": await default_move(rig, seat)})
    while (moved := await other.receive_json(timeout=5))["type"] != "state":
        pass
    assert moved["table"]["version"] > at  # the other page saw the move (an AI's may follow in it)
    await rig.bot.changes.settled()
    assert rig.channel.flushed == flushed  # not this process's guild: its own process publishes it
