"""After a change, one step (bot/changes.py): a member's click, a slash command,
the scheduler's deadline and a restart all publish through ``Changes``, and the
publisher only turns notices into messages (SimCord)."""

from __future__ import annotations

import pytest
import simcord

from bot.changes import Changes
from bot.model import Applied
from cogs.channel.publisher import Publisher
from tests.e2e.helpers import make_table, seated_lobby, start_game, step
from tests.e2e.test_outbox import kill_after, restart

# Which of the pipeline's two entries ran, for which channel, and from what.
Calls = list[tuple[str, int, str]]


def spy(monkeypatch: pytest.MonkeyPatch) -> Calls:
    calls: Calls = []
    real_after, real_publish = Changes.after, Changes.publish

    async def after(self: Changes, applied: Applied) -> None:
        source = "deadline" if applied.auto_seats else "start" if applied.started else "member"
        calls.append(("after", applied.row.channel_id, source))
        await real_after(self, applied)

    async def publish(self: Changes, channel_id: int, *, wait: bool = True) -> None:
        calls.append(("publish", channel_id, "wait" if wait else "tick"))
        await real_publish(self, channel_id, wait=wait)

    monkeypatch.setattr(Changes, "after", after)
    monkeypatch.setattr(Changes, "publish", publish)
    return calls


async def test_a_click_a_command_and_a_deadline_go_through_the_one_step(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = spy(monkeypatch)
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    channel = table.channel.id
    await start_game(table)
    assert calls == [("after", channel, "start"), ("publish", channel, "wait")]

    calls.clear()
    await step(table)  # a member's click in their panel
    assert ("after", channel, "member") in calls and ("publish", channel, "wait") in calls

    calls.clear()
    settings = table.bot.settings
    await simcord_env.advance_time(settings.live_long_seconds * 1.1)  # the scheduler's deadline
    assert ("after", channel, "deadline") in calls
    assert table.channel.last_message is not None

    calls.clear()
    await table.players[0].slash(table.channel, "end")  # a slash command
    assert calls[:2] == [("after", channel, "member"), ("publish", channel, "wait")]
    assert (await table.row()).status == "finished"


async def test_a_restart_publishes_what_was_left_through_the_same_step(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    lobby = await seated_lobby(table)
    kill_after(monkeypatch, 0)  # Start is committed; nothing of it goes out
    await table.players[0].click(lobby, label="Start")
    [waiting] = await table.bot.store.pending_notices(table.channel.id)

    calls = spy(monkeypatch)
    await restart(simcord_env, table, monkeypatch)
    assert ("publish", table.channel.id, "tick") in calls
    assert await table.bot.store.pending_notices(table.channel.id) == []
    assert waiting.channel_id == table.channel.id
    assert table.board().id == table.channel.history()[-1].id  # the board, below the Start's lines


async def test_the_publisher_decides_nothing_about_the_game(simcord_env: simcord.Env) -> None:
    """Publishing is all a publisher does: the AI stretch that follows a change
    is the runtime's, so the publisher has no way to start one."""
    table = make_table(simcord_env, ["alice"])
    publisher = next(p for p in table.bot.changes.publishers if isinstance(p, Publisher))
    offered: set[str] = {name for name in dir(publisher) if not name.startswith("_")}
    assert offered.isdisjoint({"publish", "continue_ai", "run_due", "after"})
    assert isinstance(table.bot.changes, Changes)
