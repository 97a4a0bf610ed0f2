"""The lobby goes by the road (bot/step.py): each of its changes is answered,
then published through the one step after a change, so the channel's lobby
message is drawn by the publisher, whoever made the change (SimCord)."""

from __future__ import annotations

import pytest
import simcord

from bot.changes import Changes
from bot.model import Applied
from bot.store import GameRow
from tests.e2e.helpers import make_table, open_lobby


def lobby_text(message: object) -> str:
    embeds = getattr(message, "embeds", [])
    return str(embeds[0].to_dict()) if embeds else ""


async def test_a_lobby_click_is_answered_then_published(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.players
    lobby = await open_lobby(table)
    published: list[tuple[str, int]] = []
    real_after = Changes.after

    async def after(self: Changes, applied: Applied | GameRow) -> None:
        row = applied if isinstance(applied, GameRow) else applied.row
        published.append((row.status, row.version))
        await real_after(self, applied)

    monkeypatch.setattr(Changes, "after", after)
    answered = await bob.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    assert answered.acknowledged and not answered.ephemeral
    assert published == [("lobby", 2)]
    assert await table.bot.store.pending_notices(table.channel.id) == []
    shown = table.channel.history()[-1]
    assert shown.id == lobby.id and "2. bob" in lobby_text(shown)  # drawn by the channel's publisher

    await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:cancel")
    assert published[-1] == ("cancelled", 3)
    closed = table.channel.history()[-1]
    assert "cancelled" in lobby_text(closed).lower() and not closed.components


async def test_a_lobby_change_made_beside_its_message_redraws_it(simcord_env: simcord.Env) -> None:
    """A seat taken through the service, as a page or another process would: the
    lobby message shows it, as after a click on it."""
    table = make_table(simcord_env, ["alice", "bob"])
    lobby = await open_lobby(table)
    async with table.bot.service.join(table.channel.id, table.players[1].id, "bob"):
        pass
    shown = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "2. bob" in lobby_text(shown)


async def test_a_lobby_change_left_by_a_restart_is_published_by_the_tick(simcord_env: simcord.Env) -> None:
    """A lobby's notice committed but not published (a step awaited, as a process
    that stopped before its publish): the scheduler's tick draws it."""
    table = make_table(simcord_env, ["alice", "bob"])
    lobby = await open_lobby(table)
    await table.bot.service.join(table.channel.id, table.players[1].id, "bob")
    assert "2. bob" not in lobby_text(next(m for m in table.channel.history() if m.id == lobby.id))
    await table.bot.changes.tick(0.0)
    assert await table.bot.store.pending_notices(table.channel.id) == []
    assert "2. bob" in lobby_text(next(m for m in table.channel.history() if m.id == lobby.id))
