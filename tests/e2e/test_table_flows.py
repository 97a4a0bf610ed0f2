"""Lobby, foreign and stale clicks, restarts, deadlines and table commands (SimCord)."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.model import TableError
from cogs.kit.common import explain
from games.core import RuleError
from games.registry import GAMES
from tests.e2e.helpers import (
    Table,
    button,
    custom_ids,
    forged,
    make_table,
    open_lobby,
    options_of,
    panel,
    start_game,
)
from tests.factory import make_bot

MAGMOR = GAMES["magmor"]


async def _leader(table: Table) -> simcord.MemberActor:
    decision = MAGMOR.decision(await table.state())
    assert decision is not None
    row = await table.row()
    return table.member(row.table["seats"][decision.actors[0]]["user_id"])


def _select_id(message: object, payload: str) -> str:
    return next(cid for cid in custom_ids(message) if cid.endswith(f":s:{payload}"))


def _button_id(message: object, payload: str) -> str:
    return next(cid for cid in custom_ids(message) if cid.endswith(f":a:{payload}"))


async def test_second_play_in_a_channel_is_refused(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob"])
    await open_lobby(table)
    result = await table.players[1].slash(table.channel, "play", game="magmor")
    assert result.ephemeral and "already has a game" in result.response.content


async def test_wrong_seat_count_is_refused_and_creates_nothing(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice"])
    result = await table.players[0].slash(table.channel, "play", game="magmor", seats=7)
    assert result.ephemeral and "3 to 5 players" in result.response.content
    assert await table.bot.store.active(table.channel.id) is None


async def test_lobby_rules(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol", "dave"])
    alice, bob, carol, dave = table.players
    lobby = await open_lobby(table, seats=3)
    await bob.click(lobby, label="Join")
    again = await bob.click(lobby, label="Join")
    assert again.ephemeral and "already have a seat" in again.response.content
    refused = await bob.click(lobby, label="Start")
    assert refused.ephemeral and "Only the host" in refused.response.content
    early = await alice.click(lobby, label="Start")
    assert early.ephemeral and "At least 3 players" in early.response.content
    await carol.click(lobby, label="Join")
    full = await dave.click(lobby, label="Join")
    assert full.ephemeral and "full" in full.response.content
    embed = table.channel.last_message.embeds[0] if table.channel.last_message else None
    assert embed is not None and "carol" in str(embed.to_dict())
    await alice.click(lobby, label="Start")
    try:  # the lobby buttons are gone from the board; the service refuses too
        await table.bot.service.join(table.channel.id, dave.id, "dave")
        raise AssertionError("joined a started table")
    except TableError as error:
        assert error.key == "error.already_started"


async def test_a_non_player_is_answered_politely(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    dave = table.guild.add_member(simcord_env.create_user("dave"))
    clicked = await dave.click(table.board(), label="My hand")
    assert clicked.ephemeral and "not playing" in clicked.response.content
    typed = await dave.slash(table.channel, "hand")
    assert typed.ephemeral and "not playing" in typed.response.content
    version = (await table.row()).version
    ended = await dave.slash(table.channel, "end")
    assert ended.ephemeral and "Only the host" in ended.response.content
    assert (await table.row()).version == version  # nothing changed


async def test_a_stale_panel_does_nothing_and_shows_the_current_one(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    leader = await _leader(table)  # turn 1: the leader splits A1's resources
    first = await panel(table, leader)
    second = await panel(table, leader)
    await leader.click(first, custom_id=button(first, "sp.keep"))
    version = (await table.row()).version
    stale = await leader.click(second, custom_id=button(second, "sp.keep"))
    assert stale.response is not None and "out of date" in stale.response.content
    assert (await table.row()).version == version
    log = await table.bot.store.actions((await table.row()).id)
    assert [a.action["kind"] for a in log if a.source == "player"] == ["split"]


async def test_a_refresh_of_a_stale_panel_only_redraws_it(simcord_env: simcord.Env) -> None:
    """🔄 asks for the current panel: no warning that nothing was done."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    leader = await _leader(table)
    first = await panel(table, leader)
    second = await panel(table, leader)
    await leader.click(first, custom_id=button(first, "sp.keep"))
    version = (await table.row()).version
    refreshed = await leader.click(second, custom_id=button(second, "refresh"))
    assert refreshed.response is not None and "out of date" not in refreshed.response.content
    assert (await table.row()).version == version
    assert f":{version}:a:" in " ".join(custom_ids(refreshed.response))


async def test_restart_in_the_middle_of_a_split(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    leader = await _leader(table)
    leader_seat = [p.id for p in table.players].index(leader.id)
    other = (leader_seat + 1) % 3
    shown = await panel(table, leader)
    shown = (await leader.select(shown, [str(other)], custom_id=_select_id(shown, "sp.to"))).response
    one = next(v for v in options_of(shown, "sp.give") if v.endswith("+1"))
    shown = (await leader.select(shown, [one], custom_id=_select_id(shown, "sp.give"))).response
    assert shown is not None

    await simcord_env.restart_bot(make_bot(table.bot.settings))

    # The old panel's buttons still work, and the draft (1 card to `other`) survived.
    shown = (await leader.select(shown, [str(leader_seat)], custom_id=_select_id(shown, "sp.to"))).response
    shown = (await leader.click(shown, custom_id=button(shown, "sp.rest"))).response
    await leader.click(shown, custom_id=button(shown, "sp.ok"))
    log = await table.bot.store.actions((await table.row()).id)
    split = next(a for a in log if a.action["kind"] == "split")
    assert sum(split.action["allocation"][str(other)].values()) == 1
    # The board's button works on the new process too.
    assert (await panel(table, leader)).embeds


async def test_a_deadline_passing_applies_the_default(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    settings = table.bot.settings
    state = await table.state()
    leader_seat = MAGMOR.decision(state).actors[0]
    taken = dict(MAGMOR.view(state, None).taken)
    hand_before = sum(MAGMOR.view(state, leader_seat).hand.values())

    await simcord_env.advance_time(settings.live_long_seconds * 0.8)
    assert "Reminder" in (table.channel.last_message.content or "")
    assert MAGMOR.decision(await table.state()).kind == "magmor.split"

    await simcord_env.advance_time(settings.live_long_seconds * 0.3)
    after = await table.state()
    # D5: the leader keeps every found card.
    assert sum(MAGMOR.view(after, leader_seat).hand.values()) == hand_before + sum(taken.values())
    assert "ran out of time" in table.public_text()
    log = await table.bot.store.actions((await table.row()).id)
    assert [a.source for a in log if a.action["kind"] == "split"] == ["timeout"]


async def test_an_incomplete_split_is_refused_with_the_rule(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    leader = await _leader(table)
    version = (await table.row()).version
    shown = await panel(table, leader)
    one = next(v for v in options_of(shown, "sp.give") if v.endswith("+1"))
    shown = (await leader.select(shown, [one], custom_id=_select_id(shown, "sp.give"))).response
    # Confirm is disabled until every card has a player; a client that sends it anyway
    # is refused by the rules.
    assert button(shown, "sp.ok") is None
    refused = await forged(leader, shown, _button_id(shown, "sp.ok"))
    assert refused.ephemeral and "MM-4.3.4" in refused.response.content
    assert (await table.row()).version == version


async def test_out_of_turn_and_impossible_payments_change_nothing(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    service = table.bot.service
    state = await table.state()
    leader_seat = MAGMOR.decision(state).actors[0]
    intruder = table.players[(leader_seat + 1) % 3]
    version = (await table.row()).version
    try:
        await service.act(table.channel.id, intruder.id, {"kind": "pass"})
        raise AssertionError("an out-of-turn action was accepted")
    except RuleError as error:
        assert "not your turn" in explain(error, "en").lower()
        assert "non è il tuo turno" in explain(error, "it").lower()
    try:
        await service.act(table.channel.id, intruder.id, {"kind": "bogus"})
        raise AssertionError("a malformed action was accepted")
    except TableError as error:
        assert error.key == "error.bad_action"
    assert (await table.row()).version == version


async def test_table_commands(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, _ = table.players
    await start_game(table)
    status = await bob.slash(table.channel, "status")
    assert status.ephemeral and status.response.embeds[0].title.startswith("Mag Mor")
    # The board's picture too, where the member reads it.
    assert [a.filename for a in status.response.attachments] == ["board.png"]
    assert status.response.embeds[0].image.url == "attachment://board.png"
    rules = await bob.slash(table.channel, "rules", game="magmor")
    assert rules.ephemeral and "17 days" in str(rules.response.embeds[0].to_dict())
    log = await bob.slash(table.channel, "log")
    assert log.ephemeral and "revealed" in log.response.content
    left = await bob.slash(table.channel, "leave")
    assert left.ephemeral
    row = await table.row()
    assert row.table["seats"][1]["ai"] is True
    ended = await alice.slash(table.channel, "end")
    assert ended.ephemeral
    row = await table.row()
    assert row.status == "finished"
    assert "objective" in table.public_text()  # everything is revealed at /end
    again = await alice.slash(table.channel, "play", game="magmor")
    assert not again.ephemeral  # the channel is free for a new table


async def test_public_text_in_italian(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    board = await start_game(table, language="it")
    assert "turno 1" in board.embeds[0].title
    assert "La mia mano" in str(custom_ids(board)) or "La mia mano" in table.public_text()


async def test_rules_and_a_lobby_for_every_game(simcord_env: simcord.Env) -> None:
    """Every registered game has its /rules summary and opens a lobby with /play."""
    table = make_table(simcord_env, ["alice"])
    for game_id in GAMES:
        rules = await table.players[0].slash(table.channel, "rules", game=game_id)
        embed = rules.response.embeds[0]
        assert rules.ephemeral and len(embed) > 600 and len(embed.fields) >= 4, game_id  # sections, the AI
    for game_id in GAMES:
        channel = table.guild.create_text_channel(f"play-{game_id}")
        opened = await table.players[0].slash(channel, "play", game=game_id)
        assert opened.response is not None and not opened.ephemeral


async def test_a_team_table_shows_the_teams_and_needs_its_player_count(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/play … teams:True``: only for a game with a team variant; the lobby
    shows partners in alternate seats; Start needs the variant's count."""
    table = make_table(simcord_env, ["alice", "bob", "carol", "dave"])
    alice, bob, carol, _ = table.players
    refused = await alice.slash(table.channel, "play", game="narnia", teams=True)
    assert refused.ephemeral and "can't be played in teams" in refused.response.content
    assert await table.bot.store.active(table.channel.id) is None
    monkeypatch.setattr(type(MAGMOR), "variants", {"teams": (4,)})
    wrong = await alice.slash(table.channel, "play", game="magmor", teams=True, seats=3)
    assert wrong.ephemeral and "exactly 4 players, not 3" in wrong.response.content
    opened = await alice.slash(table.channel, "play", game="magmor", teams=True)
    lobby = opened.response
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    embed = str(table.channel.last_message.embeds[0].to_dict()) if table.channel.last_message else ""
    assert "Team A: alice and carol" in embed and "Team B: bob and 4. —" in embed
    early = await alice.click(lobby, label="Start")
    assert early.ephemeral and "exactly 4 players, not 3" in early.response.content
    assert (await table.row()).status == "lobby"


async def test_one_channels_failing_deadline_does_not_hold_back_the_others(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tables due in the same tick: the first one's deadline is refused as
    stale (another process applied it first) and the second one's still runs."""
    first = make_table(simcord_env, ["alice", "bob", "carol"])
    second = Table(
        simcord_env,
        first.guild,
        first.guild.create_text_channel("mag-mor-2"),
        first.players,
    )
    await start_game(first)
    await start_game(second)
    real_run_due = first.bot.service.run_due
    refused: list[int] = []

    async def run_due(channel_id: int) -> Any:
        if channel_id == first.channel.id:
            refused.append(channel_id)
            raise TableError("error.stale")
        return await real_run_due(channel_id)

    monkeypatch.setattr(first.bot.service, "run_due", run_due)
    before = (await first.row()).version
    await simcord_env.advance_time(first.bot.settings.live_long_seconds * 1.1)
    assert refused  # the first channel was due and failed
    assert (await first.row()).version == before
    assert "ran out of time" in second.public_text()
    log = await second.bot.store.actions((await second.row()).id)
    assert [a.source for a in log if a.action["kind"] == "split"] == ["timeout"]
