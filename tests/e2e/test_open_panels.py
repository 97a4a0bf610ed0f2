"""Panels that stay current (cogs/channel/open_panels.py): a panel a member opened in the
last 15 minutes is redrawn when the table changes, so its next click acts; an
older one answers as before; the tokens that edit them never reach the store."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import discord
import pytest
import simcord
from simcord.results import to_discord_message

from bot.client import now
from bot.i18n import t
from cogs.channel import open_panels
from cogs.channel.open_panels import open_panels_of
from games.registry import GAMES
from tests.e2e.helpers import Table, custom_ids, make_table, panel, player_of, start_game, step

STALE = t("error.stale_refreshed", "en")


def versions(shown: simcord.ResponseMessage) -> set[int]:
    """The table versions a panel's game controls were drawn at."""
    found = set()
    for custom_id in custom_ids(shown):
        parts = custom_id.split(":")
        if len(parts) > 3 and parts[3] in ("a", "s"):
            found.add(int(parts[2]))
    return found


async def actor(table: Table) -> int:
    decision = GAMES["magmor"].decision(await table.state())
    assert decision is not None
    return decision.actors[0]


async def test_a_panel_opened_earlier_follows_the_table_and_its_click_acts(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, speed="async")
    first = await actor(table)
    waiting = next(seat for seat in range(3) if seat != first)
    member = await player_of(table, waiting)
    opened = await panel(table, member)  # opened while someone else must act
    before = (await table.row()).version

    for _ in range(40):  # the others play until the turn comes to the waiting member
        if await actor(table) == waiting:
            break
        await step(table)
    assert await actor(table) == waiting
    now = (await table.row()).version
    assert now > before
    shown = opened  # the same ephemeral message, read again
    assert versions(shown) == {now}, "redrawn in place at the table's version"

    await step(table, shown=shown)  # the member clicks the panel opened long ago
    assert STALE not in (shown.content or "")
    assert (await table.row()).version > now, "the click acted"


async def test_a_panel_older_than_discords_window_answers_as_before(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The window scaled down to a minute: advancing SimCord's clock by a quarter
    # of an hour runs some 200 scheduler ticks, more than a test should wait for.
    monkeypatch.setattr(open_panels, "WINDOW", timedelta(minutes=1))
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, speed="async")
    first = await actor(table)
    waiting = next(seat for seat in range(3) if seat != first)
    opened = await panel(table, await player_of(table, waiting))
    drawn = versions(opened)
    await simcord_env.advance_time(timedelta(minutes=2).total_seconds())
    await step(table)  # the table changes: too late to edit that panel
    assert versions(opened) == drawn


async def test_the_tokens_stay_in_memory(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, speed="async")
    for player in table.players:
        await panel(table, player)
    await step(table)
    panels = open_panels_of(table.bot)
    assert panels is not None
    tokens = [p.interaction.token for by_member in panels._open.values() for p in by_member.values()]
    assert len(tokens) == 3
    store = table.bot.store
    dumped = ""
    for name in ("games", "actions", "outbox", "meta"):
        dumped += "".join(str(tuple(row)) for row in await store.fetch(f"SELECT * FROM {name}"))
    assert dumped and not any(token in dumped for token in tokens)


KEPT_UNTIL = re.compile(r"<t:(\d+):t> \(<t:(\d+):R>\)")


def kept_until(shown: simcord.ResponseMessage) -> int | None:
    """The time the panel says it follows the table until (Discord's timestamp), if it says."""
    text = " ".join(
        str(e.get("description", "") if isinstance(e, dict) else e.description) for e in shown.embeds
    )
    found = KEPT_UNTIL.search(text)
    assert found is None or found[1] == found[2]
    return None if found is None else int(found[1])


@pytest.mark.parametrize("speed", ["async", "live"])
async def test_an_async_panel_says_until_when_it_follows_the_table(
    simcord_env: simcord.Env, speed: str
) -> None:
    """Issue 39: at an async table a kept panel stopped following the table after 14
    minutes without a word. It says until when (its interaction's token, in Discord's
    timestamps), and what to press after; a live table's panel has no such line."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, speed=speed)
    member = await player_of(table, await actor(table))
    opened = await panel(table, member)
    until = kept_until(opened)
    if speed == "live":
        assert until is None
        return
    assert until is not None
    opened_at = discord.utils.snowflake_time(opened.id)
    assert abs(datetime.fromtimestamp(until, UTC) - (opened_at + open_panels.WINDOW)) < timedelta(seconds=5)
    text = " ".join(str(embed.description) for embed in opened.embeds)
    assert t("table.button.hand", "en") in text
    await step(table, shown=opened)  # a click: the panel is the click's answer, kept until 14 min after it
    assert kept_until(opened) is not None


async def test_a_reminder_opens_the_member_s_panel_in_one_click(simcord_env: simcord.Env) -> None:
    """Issue 39: hours later, the reminder is where the member is pinged: it carries My
    hand, and one click on it opens their panel with the decision."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, speed="async")
    seat = await actor(table)
    member = await player_of(table, seat)
    store = table.bot.store
    await store.execute("UPDATE games SET reminder_at = ? WHERE status = 'playing'", (now() - 1,))
    await simcord_env.advance_time(table.bot.settings.scheduler_interval_seconds + 1)
    stored = simcord_env.backend.messages.get(table.channel.id, {}).values()
    reminders = [m for m in stored if (m.content or "").startswith("⏰")]
    assert len(reminders) == 1 and f"<@{member.id}>" in (reminders[0].content or "")
    reminder = to_discord_message(simcord_env, reminders[0])
    hand = f"gm:{table.channel.id}:hand"
    assert hand in custom_ids(reminder)
    result = await member.click(reminder, custom_id=hand)
    assert result.ephemeral and result.response is not None
    assert versions(result.response) == {(await table.row()).version}  # the decision's controls, current
