"""Nothing published is lost (the outbox): a publisher that dies midway, a restart
on the same database, and every committed change announced exactly once, in
order, with the board current (SimCord and the table service)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import discord
import pytest
import simcord

from bot.model import table_of
from bot.render import event_text
from bot.store import VersionConflict
from bot.table import TableService
from cogs.channel import publisher as publisher_module
from cogs.channel.turn_messages import TurnMessages
from cogs.kit.presenter import PRESENTERS
from games.core import Event
from games.registry import GAMES
from tests.e2e.helpers import Table, make_table, open_lobby
from tests.factory import make_bot, make_settings, open_store, write_errors

MAGMOR = GAMES["magmor"]


class Killed(Exception):
    """The process dies here: nothing after it runs."""


def one_line_per_message(lines: list[str], limit: int = 2000) -> list[str]:
    # Each public line its own message, so a change publishes several messages
    # and the publisher can die between two of them.
    return [line[:limit] for line in lines]


def kill_after(monkeypatch: pytest.MonkeyPatch, sends: int) -> list[str]:
    """Let ``sends`` channel messages through, then die on the next one."""
    real = discord.abc.Messageable.send
    sent: list[str] = []

    async def send(self: Any, content: Any = None, **kwargs: Any) -> Any:
        if len(sent) >= sends:
            raise Killed
        sent.append(str(content))
        return await real(self, content, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    return sent


async def restart(env: simcord.Env, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop the client (its scheduler would publish on its next tick) and start a
    new one on the same database; its first scheduler tick publishes what is pending."""
    table.bot.scheduler.cancel()
    monkeypatch.setattr(discord.abc.Messageable, "send", REAL_SEND)
    await env.restart_bot(make_bot(table.bot.settings))
    await env.advance_time(1)


REAL_SEND = discord.abc.Messageable.send


async def expected_lines(table: Table) -> list[str]:
    """Every public line the game's log says was announced (live messages aside)."""
    row = await table.row()
    info = table_of(row)
    lines = []
    for action in await table.bot.store.actions(row.id):
        for data in action.events:
            event = Event.model_validate(data)
            if event.public and "live" not in event.params:
                lines.append(event_text(row.game, info, event, info.language))
    return lines


def messages(table: Table) -> list[str]:
    return [m.content or "" for m in table.channel.history()]


def each_once_in_order(table: Table, lines: list[str]) -> None:
    """Every line the log says was announced is in the channel once, in order
    (a turn's lines share one message)."""
    shown = "\n".join(messages(table))
    # As often as the log has it (a game may well say the same thing twice)...
    assert [shown.count(line) for line in lines] == [lines.count(line) for line in lines], shown
    # ...and in the log's order.
    at = 0
    for line in lines:
        found = shown.find(line, at)
        assert found >= 0, (line, shown[at:])
        at = found + len(line)


async def three_in_a_lobby(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> tuple[Table, discord.Message]:
    """alice's Mag Mor lobby with bob and carol seated, each public line its own message."""
    monkeypatch.setattr(publisher_module, "chunks", one_line_per_message)
    table = make_table(env, ["alice", "bob", "carol"])
    lobby = await open_lobby(table)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    return table, lobby


async def assert_board_is_current(table: Table) -> None:
    row = await table.row()
    state = MAGMOR.load_state(row.state or "")
    info = table_of(row)
    expected = PRESENTERS["magmor"].board_embed(
        info, MAGMOR.view(state, None), MAGMOR.decision(state), info.language
    )
    shown = table.board().embeds[0]
    assert shown.title == expected.title and shown.description == expected.description
    assert [f.value for f in shown.fields] == [f.value for f in expected.fields]


async def test_a_publisher_killed_midway_loses_and_repeats_nothing_after_a_restart(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, lobby = await three_in_a_lobby(simcord_env, monkeypatch)
    alice = table.players[0]

    # Start: the commit succeeds, the Start's lines are kept for the board's text,
    # then the process dies posting the board.
    kill_after(monkeypatch, 0)
    started = await alice.click(lobby, label="Start")
    assert started.acknowledged  # answered before publishing: no apology for a committed change
    row = await table.row()
    assert row.status == "playing"  # committed
    [waiting] = await table.bot.store.pending_notices(table.channel.id)
    assert waiting.sent >= 3  # the lines are kept for the board: never again

    await restart(simcord_env, table, monkeypatch)
    assert await table.bot.store.pending_notices(table.channel.id) == []
    lines = await expected_lines(table)
    assert len(lines) >= 3 and "sealed" in lines[0]  # the commitment, then the deal
    each_once_in_order(table, lines)
    shown = messages(table)
    pings = [m for m in shown if m.startswith("<@")]
    assert len(pings) == 1  # the leader is pinged once, by the board below the lines
    assert shown[-1] == pings[0] and table.board().id == table.channel.history()[-1].id
    await assert_board_is_current(table)

    # A player's move: the process dies before anything of it is published.
    before = [(m.id, m.content) for m in table.channel.history()]
    state = await table.state()
    leader = MAGMOR.decision(state).actors[0]
    user = row.table["seats"][leader]["user_id"]
    action = MAGMOR.default_action(state, leader).model_dump()

    async def die(*args: Any, **kwargs: Any) -> None:
        raise Killed

    monkeypatch.setattr(TurnMessages, "hold", die)
    applied = await table.bot.service.act(table.channel.id, user, action)
    await table.bot.changes.after(applied)  # logged, not raised
    assert [(m.id, m.content) for m in table.channel.history()] == before  # nothing went out
    monkeypatch.undo()
    monkeypatch.setattr(publisher_module, "chunks", one_line_per_message)

    await restart(simcord_env, table, monkeypatch)
    assert await table.bot.store.pending_notices(table.channel.id) == []
    each_once_in_order(table, await expected_lines(table))
    await assert_board_is_current(table)
    # A later tick publishes nothing more.
    after = len(table.channel.history())
    await simcord_env.advance_time(12)
    assert len(table.channel.history()) == after


async def test_a_refused_message_does_not_hold_back_the_channel(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord's 403 (a permission taken away) would refuse a retry forever: that
    message is skipped and the notice done, instead of blocking every later one."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    simcord_env.inject_error(
        "POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions"
    )
    await alice.click(lobby, label="Start")
    assert await table.bot.store.pending_notices(table.channel.id) == []
    assert (await table.row()).status == "playing"


# -- the store and the service -------------------------------------------------


async def test_notices_are_written_atomically_with_the_change(database: str) -> None:
    store = await open_store(database)
    row = await store.create(10, 1, "magmor", {}, now=1.0)
    stale = await store.get(row.id)
    assert stale is not None
    await store.save(row, actions=[(0, 7, "player", {"kind": "a"}, [])], outbox=[{"n": 1}], now=2.0)
    [notice] = await store.pending_notices(10)
    assert (notice.version, notice.payload, notice.sent) == (row.version, {"n": 1}, 0)

    # A save that fails writes neither the change nor its notice.
    with pytest.raises(VersionConflict):
        await store.save(stale, actions=[(1, 8, "player", {"kind": "b"}, [])], outbox=[{"n": 2}], now=3.0)
    # The notice is the transaction's last statement: its JSON check (SQLite's
    # json_valid CHECK, PostgreSQL's jsonb input; NaN is not JSON) fails after the
    # row's UPDATE and the log's INSERT, and undoes them.
    with pytest.raises(write_errors(store)):
        await store.save(
            row, actions=[(1, 8, "player", {"kind": "c"}, [])], outbox=[{"n": float("nan")}], now=4.0
        )
    assert [n.payload for n in await store.pending_notices(10)] == [{"n": 1}]
    assert [a.action["kind"] for a in await store.actions(row.id)] == ["a"]
    again = await store.get(row.id)
    assert again is not None and again.version == row.version

    assert await store.notice_done(notice, now=5.0)
    assert not await store.notice_done(notice, now=6.0)  # marked once
    assert await store.pending_notices(10) == []
    await store.close()


async def test_every_change_of_the_service_leaves_one_notice_in_order(database: str) -> None:
    store = await open_store(database)
    service = TableService(store, make_settings(database), clock=lambda: 1000.0)
    await service.open_lobby(7, 1, 100, "host", "magmor", seats=3, speed="live", language="en")
    await service.join(7, 101, "bob")
    await service.join(7, 102, "carol")
    assert await store.pending_notices(7) == []  # lobby changes only edit the lobby message
    started = await service.start(7, 100, may_manage=False)
    state = started.state
    decision = MAGMOR.decision(state)
    seat = decision.actors[0]
    user = started.table.seats[seat].user_id
    assert user is not None
    moved = await service.act(7, user, MAGMOR.default_action(state, seat).model_dump())
    ended = await service.end(7, 100, may_manage=False)
    notices = await store.pending_notices(7)
    assert [n.version for n in notices] == [started.row.version, moved.row.version, ended.row.version]
    first = notices[0].payload
    assert first["ping"] == [seat] and not first["finished"]
    assert first["events"][0]["key"] == "verify.event.commitment"
    assert notices[-1].payload["finished"] and notices[-1].payload["ping"] == []
    # Only public events are kept: the outbox never holds a hand.
    assert all(e["seats"] is None for n in notices for e in n.payload["events"])
    assert json.dumps([n.payload for n in notices]).count(str(started.table.seed)) == 1  # the reveal only
    await store.close()


async def test_two_publishers_at_once_post_each_line_once(simcord_env: simcord.Env) -> None:
    """A click's publish and the scheduler's tick may run together: one flush per
    channel at a time, and a notice is read again under the lock."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    applied = await table.bot.service.start(table.channel.id, alice.id, may_manage=False)
    changes = table.bot.changes
    publisher = next(p for p in changes.publishers if isinstance(p, publisher_module.Publisher))
    await asyncio.gather(changes.after(applied), publisher.flush(table.channel.id), changes.tick(0.0))
    assert await table.bot.store.pending_notices(table.channel.id) == []
    shown = "\n".join(messages(table))
    for line in await expected_lines(table):
        assert shown.count(line) == 1, line
    await assert_board_is_current(table)


async def test_a_channel_another_process_is_publishing_is_left_to_it(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, database: str
) -> None:
    """While another process holds a channel's publishing lease (the same shard
    run twice during a rolling deploy), this one's scheduler posts nothing of
    it; once the lease is released, every pending line is posted once."""
    if not database.startswith("postgresql://"):
        pytest.skip("one process per SQLite file: there is no other process to leave it to")
    table, lobby = await three_in_a_lobby(simcord_env, monkeypatch)
    alice = table.players[0]
    kill_after(monkeypatch, 0)  # Start is committed; the board's post dies
    await alice.click(lobby, label="Start")
    monkeypatch.setattr(discord.abc.Messageable, "send", REAL_SEND)
    [waiting] = await table.bot.store.pending_notices(table.channel.id)
    posted = len(messages(table))

    other = await open_store(database)  # the other process
    try:
        async with other.publishing(table.channel.id) as mine:
            assert mine
            await simcord_env.advance_time(3 * table.bot.settings.scheduler_interval_seconds)
            assert [n.id for n in await table.bot.store.pending_notices(table.channel.id)] == [waiting.id]
            assert len(messages(table)) == posted
        await simcord_env.advance_time(3 * table.bot.settings.scheduler_interval_seconds)
    finally:
        await other.close()
    assert await table.bot.store.pending_notices(table.channel.id) == []
    each_once_in_order(table, await expected_lines(table))
