"""The board follows the turn (cogs/channel/turn_messages.py): posted anew at the bottom
of the channel, with the one ping, when the turn passes to another member, the
old one cut down to the turn's lines; edited in place within a turn; and exactly
one live board, also after a crash between posting and cutting down (SimCord)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from cogs.channel.turn_messages import Boards
from games.registry import GAMES
from tests.e2e.helpers import Table, custom_ids, make_table, seated_lobby, start_game, step
from tests.e2e.test_outbox import REAL_SEND, Killed, each_once_in_order, expected_lines, restart

MAGMOR = GAMES["magmor"]


def boards(table: Table) -> list[discord.Message]:
    """Every message of the channel that carries a board's My hand."""
    hand = f"gm:{table.channel.id}:hand"
    return [m for m in table.channel.history() if hand in custom_ids(m)]


async def actors(table: Table) -> list[int]:
    decision = MAGMOR.decision(await table.state())
    assert decision is not None
    return list(decision.actors)


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_board_follows_the_turn_and_pings_once(simcord_env: simcord.Env, language: str) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, language=language)
    turn_changes = 0
    for _ in range(30):
        if (await table.row()).status != "playing":
            break
        before, seen = await actors(table), {m.id for m in table.channel.history()}
        await step(table)
        if (await table.row()).status != "playing":
            break
        assert len(boards(table)) == 1, "exactly one live board"
        now = await actors(table)
        newly = [s for s in now if s not in before]
        history = table.channel.history()
        if newly:  # the turn passed: the board is the last message and pings the new actor
            turn_changes += 1
            board = history[-1]
            assert board.id == table.board().id
            users = [(await table.row()).table["seats"][s]["user_id"] for s in newly]
            assert all(f"<@{u}>" in (board.content or "") for u in users)
            new = [m for m in history if m.id not in seen]
            assert len(new) <= 2, [m.content for m in new]  # the turn's lines and the board
        else:  # within a turn: nothing pings, the board is edited where it is
            assert "<@" not in (table.board().content or "")
    assert turn_changes >= 3


async def test_a_crash_between_posting_the_board_and_removing_the_old_leaves_one(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    lobby = await seated_lobby(table)

    async def dies(*args: Any, **kwargs: Any) -> None:
        raise Killed

    # The new board is posted, then the process dies before the lobby above it is cut
    # down to the Start's lines.
    monkeypatch.setattr(Boards, "retire", dies)
    await table.players[0].click(lobby, label="Start")
    [kept] = [m for m in table.channel.history() if m.id == lobby.id]
    assert kept.embeds and kept.components  # still the lobby
    posted = table.board()
    monkeypatch.undo()
    await restart(simcord_env, table, monkeypatch)
    # The retry finishes the cut; the board that went out (with its one ping) stays.
    assert table.board().id == posted.id
    assert sum("<@" in (m.content or "") for m in table.channel.history()) == 1
    [kept] = [m for m in table.channel.history() if m.id == lobby.id]
    assert not kept.embeds and not kept.components and "sealed" in (kept.content or "")
    assert len(boards(table)) == 1
    await step(table)  # and the game goes on
    assert len(boards(table)) == 1


async def test_a_crash_while_posting_the_board_leaves_one(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord took the new board but the process died before it knew its id:
    the next flush finds it among the channel's recent messages and keeps it as
    the board (its ping went out with it); the old one is cut down."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    posted: list[int] = []

    async def send(self: Any, content: Any = None, **kwargs: Any) -> Any:
        message = await REAL_SEND(self, content, **kwargs)
        if kwargs.get("view") is not None and not posted:  # the board: Discord has it, then death
            posted.append(message.id)
            raise Killed
        return message

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    for _ in range(30):  # until a turn change posts a board
        await step(table)
        if posted:
            break
    assert posted and len(boards(table)) == 2  # the orphan and the old one
    await restart(simcord_env, table, monkeypatch)
    assert len(boards(table)) == 1
    assert boards(table)[0].id == table.channel.history()[-1].id
    assert (await table.row()).table["message_id"] == boards(table)[0].id


async def test_rate_limits_lose_nothing_and_keep_the_order(simcord_env: simcord.Env) -> None:
    """Discord answers 429 to some posts and edits (the bot's publishing stops there
    and the scheduler's next ticks retry): every line arrives once, in order, and
    one board stays, at the bottom once the turn has passed."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    for n in range(12):
        method = ("POST", "PATCH", "*")[n % 3]
        simcord_env.inject_error(
            method,
            "/channels/*/messages*",
            status=429,
            code=0,
            message="You are being rate limited.",
            times=1 + n % 2,
        )
        await step(table)
        await simcord_env.advance_time(4 * table.bot.settings.scheduler_interval_seconds + 1)
        assert await table.bot.store.pending_notices(table.channel.id) == []
        assert len(boards(table)) == 1
        if (await table.row()).status != "playing":
            break
    each_once_in_order(table, await expected_lines(table))


@pytest.mark.parametrize("writes", [1, 2])
async def test_a_crash_right_after_the_new_board_went_out_pings_once(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, writes: int
) -> None:
    """Issue 39: Discord took the new board (and its ping), then the process died
    at its ``writes``-th save after it, before the board's memo was saved. The
    old retry cut the new board down too (the turn's lines twice) and posted a
    third (a second ping). Now the board's id and its memo are saved together,
    and a board whose id was never saved is the one the retry keeps: one ping,
    each line once, one live board."""
    from bot.outbox import Outbox

    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    sent: list[int] = []
    saves: list[str] = []

    async def send(self: Any, content: Any = None, **kwargs: Any) -> Any:
        message = await REAL_SEND(self, content, **kwargs)
        if kwargs.get("view") is not None and not sent:  # the board: Discord has it
            sent.append(message.id)
        return message

    def dying(name: str) -> Any:
        real = getattr(Outbox, name)

        async def save(self: Any, *args: Any, **kwargs: Any) -> Any:
            if sent and len(saves) < writes:
                saves.append(name)
                if len(saves) == writes:
                    raise Killed  # the process dies here
            return await real(self, *args, **kwargs)

        return save

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    for name in ("keep_memo", "board_posted"):
        monkeypatch.setattr(Outbox, name, dying(name))
    for _ in range(30):  # until a turn change posts a board
        requests = len(simcord_env.http_requests)
        await step(table)
        if sent:
            break
    assert sent and len(saves) == writes
    await restart(simcord_env, table, monkeypatch)
    posts = [
        r.json.get("content") or ""
        for r in simcord_env.http_requests[requests:]
        if r.method == "POST" and r.path.endswith("/messages") and isinstance(r.json, dict)
    ]
    assert sum("<@" in text for text in posts) == 1, posts
    each_once_in_order(table, await expected_lines(table))
    assert [b.id for b in boards(table)] == [table.channel.history()[-1].id]
    assert (await table.row()).table["message_id"] == boards(table)[0].id
    await step(table)  # and the game goes on
    assert len(boards(table)) == 1
