"""A draft shown while it is built (protocol.py's ``draft``; cogs/activity/drafts.py): Mag Mor's
leader's split reaches every page of the channel before it is sent, read by the game against the
leader's own view; it is refused from anyone who does not decide now, at another version, in a
game that shares none, too large or too fast; it is never a move, and goes with the version."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import ClientWebSocketResponse

from bot.i18n import t
from cogs.activity.drafts import Drafts
from cogs.activity.wire import DraftMessage
from games.magmor import MagmorState
from games.registry import GAMES
from tests.activity.conftest import ALICE, BOB, CHANNEL, DAVE, Rig
from tests.activity.test_server import open_page, start
from tests.factory import start_with_an_ai

MM = GAMES["magmor"]
TOKENS = {ALICE: "tok-alice", BOB: "tok-bob", DAVE: "tok-dave"}


async def split_by_a_member(rig: Rig) -> tuple[MagmorState, int, int, int]:
    """A Mag Mor table (ALICE, BOB, an AI) played on to a split a member leads: the state,
    the table's version, the leader's user and the other member's."""
    service = rig.bot.service
    await rig.bot.changes.after(await start_with_an_ai(service, CHANNEL, "magmor"))
    for _ in range(400):
        await rig.bot.changes.settled()
        found = await service.active(CHANNEL)
        assert found is not None
        row, info = found
        state = service.state_of(row)
        assert isinstance(state, MagmorState)
        decision = MM.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        if info.seats[seat].ai or user is None:
            await asyncio.sleep(0.02)  # the AI seat plays through the service
            continue
        if decision.kind == "magmor.split" and sum(state.taken.values()) >= 1:
            return state, row.version, user, BOB if user == ALICE else ALICE
        action = MM.ai(seat).act(MM.view(state, seat), decision).model_dump(mode="json")
        await rig.bot.changes.after(await service.act(CHANNEL, user, action, version=row.version))
    raise AssertionError("no member led a split")


async def page(rig: Rig, user: int) -> ClientWebSocketResponse:
    ws, first = await open_page(rig, TOKENS[user])
    assert first["type"] == "state", first
    return ws


async def draft(ws: ClientWebSocketResponse, version: int, allocation: Any) -> None:
    await ws.send_json({"v": 1, "type": "draft", "version": version, "draft": {"allocation": allocation}})


async def silent(ws: ClientWebSocketResponse, seconds: float = 0.3) -> None:
    """Nothing more reaches this page."""
    try:
        message = await ws.receive_json(timeout=seconds)
    except TimeoutError:
        return
    raise AssertionError(f"unexpected {message}")


async def seats(rig: Rig) -> dict[int, int]:
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    return {user: seat for user in (ALICE, BOB) if (seat := found[1].seat_of(user)) is not None}


async def test_the_leader_s_draft_reaches_every_page_and_goes_with_the_version(rig: Rig) -> None:
    state, version, leader, other = await split_by_a_member(rig)
    seat = await seats(rig)
    res = next(r for r, n in state.taken.items() if n)
    pages = {user: await page(rig, user) for user in (leader, other, DAVE)}
    flushed = rig.channel.flushed.count(CHANNEL)
    await draft(pages[leader], version, {str(seat[other]): {res: 1}})
    expected = {
        "v": 1,
        "type": "draft",
        "version": version,
        "seat": seat[leader],
        "draft": {"shares": [{"seat": seat[other], "cards": [{"res": res, "n": 1}]}]},
    }
    DraftMessage.model_validate(expected)  # what the page's types say (wire.py)
    for ws in pages.values():  # the leader's own page too: it is what the server shows
        assert await ws.receive_json(timeout=5) == expected

    found = await rig.bot.service.active(CHANNEL)
    assert found is not None and found[0].version == version  # not a move: no new version
    assert rig.channel.flushed.count(CHANNEL) == flushed  # nor a change the channel publishes

    # A page that opens later (or reconnects) gets it right after its state.
    late, first = await open_page(rig, TOKENS[DAVE])
    assert first["type"] == "state" and first["table"]["version"] == version
    assert await late.receive_json(timeout=5) == expected

    # The split made: the next version, and the draft is gone (not stored, not shown again).
    allocation = {str(seat[leader]): {r: n for r, n in state.taken.items() if n}}
    await pages[leader].send_json(
        {"v": 1, "type": "act", "version": version, "action": {"kind": "split", "allocation": allocation}}
    )
    for ws in (*pages.values(), late):
        message = await ws.receive_json(timeout=5)
        assert message["type"] == "state" and message["table"]["version"] > version, message
    await rig.bot.changes.settled()
    assert len(rig.server.viewers.drafts) == 0
    again, first = await open_page(rig, TOKENS[DAVE])
    assert first["type"] == "state" and first["table"]["version"] > version
    await silent(again)


async def test_a_draft_is_refused_from_anyone_but_the_leader_and_when_it_is_wrong(rig: Rig) -> None:
    state, version, leader, other = await split_by_a_member(rig)
    seat = await seats(rig)
    res = next(r for r, n in state.taken.items() if n)
    missing = next(
        (r for r in ("water", "food", "axe", "pickaxe", "medicine") if not state.taken.get(r)), None
    )
    pages = {user: await page(rig, user) for user in (leader, other, DAVE)}
    good = {str(seat[other]): {res: 1}}

    async def refused(user: int, key: str, at: int = version, allocation: Any = good, **more: Any) -> None:
        ws = pages[user]
        if more:
            await ws.send_json({"v": 1, "type": "draft", "version": at, **more})
        else:
            await draft(ws, at, allocation)
        answer = await ws.receive_json(timeout=5)
        assert (answer["type"], answer["key"]) == ("error", key), answer
        language = "it" if user == BOB else "en"
        assert answer["text"] == t(key, language) and answer["text"] != key

    await refused(other, "activity.error.draft_not_acting")  # a member who does not decide now
    await refused(DAVE, "activity.error.draft_not_acting")  # a spectator
    await refused(leader, "activity.error.draft_stale", at=version - 1)
    await refused(leader, "magmor.page.draft_bad_seat", allocation={"7": {res: 1}})
    await refused(
        leader, "magmor.page.draft_bad_cards", allocation={str(seat[other]): {res: state.taken[res] + 1}}
    )
    await refused(leader, "magmor.page.draft_bad_cards", allocation={str(seat[other]): {res: -1}})
    if missing is not None:  # a card that was not found
        await refused(leader, "magmor.page.draft_bad_cards", allocation={str(seat[other]): {missing: 1}})
    await refused(leader, "magmor.page.draft_bad", allocation={str(seat[other]): {"gold": 1}})
    await refused(leader, "magmor.page.draft_bad", allocation=[1, 2])
    await refused(leader, "activity.error.too_big", allocation={str(seat[other]): {res: 1}, "x": "y" * 3000})
    for user in (other, DAVE):
        await silent(pages[user])  # nothing was shown
    assert len(rig.server.viewers.drafts) == 0
    # A partial draft is a draft: nothing given yet, then one card.
    await draft(pages[leader], version, {})
    for ws in pages.values():
        assert (await ws.receive_json(timeout=5))["draft"] == {"shares": []}
    assert len(rig.server.viewers.drafts) == 1
    for ws in pages.values():  # the last page of the channel closes: nobody is left to show it to
        await ws.close()
    for _ in range(250):
        if not len(rig.server.viewers.drafts):
            break
        await asyncio.sleep(0.02)
    assert len(rig.server.viewers.drafts) == 0


async def test_a_game_that_shares_no_drafts_says_so(rig: Rig) -> None:
    await start(rig)  # Akelarre: its face answers no page_draft
    found = await rig.bot.service.active(CHANNEL)
    assert found is not None
    decision = GAMES["akelarre"].decision(rig.bot.service.state_of(found[0]))
    assert decision is not None
    user = found[1].seats[decision.actors[0]].user_id
    assert user in (ALICE, BOB)
    ws = await page(rig, user)
    await ws.send_json({"v": 1, "type": "draft", "version": found[0].version, "draft": {"picks": []}})
    answer = await ws.receive_json(timeout=5)
    assert (answer["type"], answer["key"]) == ("error", "activity.error.no_drafts"), answer


async def test_a_page_that_drafts_too_fast_is_refused_and_the_others_are_not_flooded(rig: Rig) -> None:
    state, version, leader, other = await split_by_a_member(rig)
    seat = await seats(rig)
    res = next(r for r, n in state.taken.items() if n)
    mine, theirs = await page(rig, leader), await page(rig, other)
    drafts = rig.server.viewers.drafts
    assert (drafts.burst, drafts.per_second) == (8, 4.0)  # the shipped pace: a pause in the taps each
    # The bucket does not refill here, so a loaded machine's slow loop cannot hide the limit.
    drafts.per_second = 0.0
    burst = int(drafts.burst)
    for index in range(burst + 4):
        await draft(mine, version, {str(seat[other]): {res: 1}} if index % 2 else {})
    got = [await mine.receive_json(timeout=5) for _ in range(burst + 4)]
    refusals = [m for m in got if m["type"] == "error"]
    assert [m["key"] for m in refusals] == ["activity.error.draft_too_fast"] * 4
    shown = [m for m in got if m["type"] == "draft"]
    assert len(shown) == burst  # what the bucket let through, and no more
    relayed = [await theirs.receive_json(timeout=5) for _ in shown]
    assert relayed == shown
    await silent(theirs)


def test_a_slow_older_state_does_not_take_a_newer_draft_with_it() -> None:
    drafts = Drafts()
    drafts.keep(CHANNEL, (1, 5), "five")
    assert drafts.at(CHANNEL, (1, 4)) is None and len(drafts) == 1  # an older state's delivery
    assert drafts.at(CHANNEL, (1, 5)) == "five"
    assert drafts.at(CHANNEL, (1, 6)) is None and len(drafts) == 0  # the version moved on
    drafts.keep(CHANNEL, (1, 6), "six")
    assert drafts.at(CHANNEL, (2, 1)) is None and len(drafts) == 0  # a rematch
    drafts.keep(CHANNEL, (2, 1), "one")
    assert drafts.at(CHANNEL, None) is None and len(drafts) == 0  # no table any more
