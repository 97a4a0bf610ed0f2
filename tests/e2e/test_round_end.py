"""A Narnia round's end in the channel (issue 39, item 4), played through SimCord.

It used to post up to five messages (the last battle, "snowed in", the Witch's
attack, the round card, the next board) and delete the old board while people
read it. Now the lines that follow a battle go into the battle's message
(``cogs.channel.live_tails``): a round's end is its battle messages and the next board,
and a board is never deleted, in any game: a board whose turn left no line of its
own is cut down to a line naming whose turn it was."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from bench.channel import Run, Seen, patched, tapped
from bot.i18n import join, t
from bot.model import table_of
from bot.render import event_text, seat_name
from cogs.channel import live_tails
from cogs.channel.publisher import Publisher
from games.core.events import Event
from games.registry import GAMES
from tests.e2e.helpers import custom_ids, make_table, start_game, step
from tests.e2e.test_outbox import Killed, each_once_in_order, expected_lines
from tests.factory import make_bot

pytestmark = pytest.mark.parametrize("database", ["sqlite"], indirect=True)

ROUNDS = 5  # seed 1: the Witch attacks at every round's end; at round 4's, a player is snowed in
MOVES = 150


def boards_of(channel: simcord.ChannelHandle) -> list[discord.Message]:
    hand = f"gm:{channel.id}:hand"
    return [m for m in channel.history() if hand in custom_ids(m)]


async def turn_events(run: Run, since: int, until: int) -> list[Event]:
    return [
        Event.model_validate(e)
        for entry in await run.bot.store.actions((await run.seen()).game_id)
        if since < entry.version <= until
        for e in entry.events
        if e.get("seats") is None
    ]


async def test_a_round_end_is_its_battles_and_the_next_board(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild(name="Narnia")
    channel = guild.create_text_channel("narnia")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cid")]
    with patched(seed=1, language="en"), tapped() as log:
        run = Run(simcord_env, channel, "narnia", members, "reuse", log)
        await run.lobby("en")
        row = await run.bot.store.latest(channel.id)
        assert row is not None
        run.seat_users = [s["user_id"] for s in row.table["seats"]]
        seen = await run.seen()
        turn_start, known = seen.version, {m.id for m in channel.history()}
        boards_seen = {b.id for b in boards_of(channel)}
        round_ends: list[list[str]] = []  # each round end's new messages, as shown
        snowed = 0
        for _ in range(MOVES):
            if seen.kind is None or (seen.state.round >= ROUNDS and len(round_ends) >= ROUNDS - 1):
                break
            await run.move(run.member_of(seen), seen)
            now: Seen = await run.seen()
            assert now.version > seen.version
            boards_seen |= {b.id for b in boards_of(channel)}
            going_on = now.decision is not None and now.decision.goes_on(seen.decision)
            if not (now.actors - seen.actors) or going_on:
                seen = now
                continue
            # A turn change: what did the turn that ended post?
            events = await turn_events(run, turn_start, now.version)
            new = [m for m in channel.history() if m.id not in known]
            turn_start, known, seen = now.version, {m.id for m in channel.history()}, now
            if not any(e.key == "narnia.event.round_started" and e.params["round"] > 1 for e in events):
                continue
            live = set((await run.bot.changes.outbox.memo(now.game_id, "live")).values())
            board = boards_of(channel)[-1]
            battles = [m for m in new if m.id in live]
            others = [m.content for m in new if m.id not in live and m.id != board.id]
            assert not others, f"a round end's lines in messages of their own: {others}"
            assert any(witch_head(m) for m in battles), "her attack, in public"
            assert new[-1].id == board.id
            # The new round's opening line is in the Witch's battle, under its throws.
            table = table_of(await run.bot.store.latest(channel.id))  # type: ignore[arg-type]
            opening = next(e for e in events if e.key == "narnia.event.round_started")
            text = event_text("narnia", table, opening, "en")
            witch = next(m for m in battles if witch_head(m))
            assert text in (witch.content or ""), witch.content
            assert len(witch.content or "") <= 2000
            snowed += any(e.key == "narnia.event.turn_skipped" for e in events)
            round_ends.append([m.content or "" for m in new])
        assert len(round_ends) >= ROUNDS - 1, len(round_ends)
        assert snowed >= 1, "a round end with a player snowed in (seed 1, round 4)"
        assert max(len(messages) for messages in round_ends) <= 3  # the last battle, hers, the board
        # No board was ever deleted: every one is still there, the live one whole,
        # the others cut down to a line (no picture, no controls).
        assert not [r.path for r in log if r.method == "DELETE" and r.route == "channel"]
        history = {m.id: m for m in channel.history()}
        assert boards_seen <= set(history)
        [live_board] = boards_of(channel)
        for board_id in boards_seen - {live_board.id}:
            old = history[board_id]
            assert old.content and not old.embeds and not old.attachments and not old.components
        # Every public line of the game is in the channel once, in order.
        shown = Shown(run, channel)
        each_once_in_order(shown, await expected_lines(shown))  # type: ignore[arg-type]


class Shown:
    """What ``each_once_in_order`` and ``expected_lines`` read of a table."""

    def __init__(self, run: Run, channel: simcord.ChannelHandle) -> None:
        self.bot, self.channel = run.bot, channel

    async def row(self) -> Any:
        return await self.bot.store.latest(self.channel.id)


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_board_whose_turn_said_nothing_is_cut_down_to_whose_turn_it_was(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The platform's path, every game's: Mag Mor's turns with no public line (as a
    Narnia turn whose lines all went into its battle) leave the old board a line,
    never a deleted message."""
    monkeypatch.setattr(Publisher, "lines", lambda self, applied, language: [])
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    with tapped() as log:
        await start_game(table, language=language)
        seen: dict[int, list[int]] = {}  # each board and whom it asked
        for _ in range(12):
            if (await table.row()).status != "playing":
                break
            decision = GAMES["magmor"].decision(await table.state())
            assert decision is not None
            seen.setdefault(table.board().id, list(decision.actors))
            await step(table)
    assert not [r.path for r in log if r.method == "DELETE" and r.route == "channel"]
    history = {m.id: m for m in table.channel.history()}
    live = table.board().id
    info = table_of(await table.row())
    cut = [board for board in seen if board != live]
    assert len(cut) >= 3
    for board in cut:
        names = [seat_name(info, s) for s in seen[board]]
        assert board in history, "never deleted"
        message = history[board]
        assert message.content == t("table.turn_record", language, seats=join(names, language))
        assert not message.embeds and not message.attachments and not message.components


def witch_head(message: discord.Message) -> bool:
    """The Witch's attack at a round's end (not an Attack card's): her battle message's first line."""
    head = (message.content or "").split("\n")[0]
    return "White Witch attacks" in head and "(end of round)" in head


async def test_a_publisher_killed_while_folding_a_line_writes_it_once(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tail is saved before Discord is asked: a process that dies once Discord
    has the line writes the saved tail again after a restart, not the line twice."""
    guild = simcord_env.create_guild(name="Narnia")
    channel = guild.create_text_channel("narnia")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cid")]
    with patched(seed=1, language="en"), tapped() as log:
        run = Run(simcord_env, channel, "narnia", members, "reuse", log)
        await run.lobby("en")
        row = await run.bot.store.latest(channel.id)
        assert row is not None
        run.seat_users = [s["user_id"] for s in row.table["seats"]]
        seen = await run.seen()
        while seen.kind != "narnia.witch_pair":  # the first round's end (seed 1: the Witch attacks)
            await run.move(run.member_of(seen), seen)
            seen = await run.seen()
        folds: list[str] = []
        edit = live_tails.edit_text

        async def dies(channel: Any, message_id: int, text: str) -> bool:
            folds.append(text)  # Discord has the line, then the process dies
            await edit(channel, message_id, text)
            raise Killed

        monkeypatch.setattr(live_tails, "edit_text", dies)
        await run.move(run.member_of(seen), seen)  # her attack, then the new round's line under it
        assert folds and (await run.bot.store.pending_notices(channel.id))
        monkeypatch.undo()
        run.bot.scheduler.cancel()
        await simcord_env.restart_bot(make_bot(run.bot.settings))
        await simcord_env.advance_time(1)
        assert await run.bot.store.pending_notices(channel.id) == []
        seen = await run.seen()
        opening = t(
            "narnia.event.round_started", "en", round=2, seat=seat_name(table_of(row), seen.seat or 0)
        )
        [witch] = [m for m in channel.history() if witch_head(m)]
        assert (witch.content or "").count(opening) == 1, witch.content
        shown = Shown(run, channel)
        each_once_in_order(shown, await expected_lines(shown))  # type: ignore[arg-type]
