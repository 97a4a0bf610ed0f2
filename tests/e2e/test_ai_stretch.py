"""Long AI stretches through the real bot (issue "Every game ends"): a member's click
that hands over to more AI moves than a slice holds lands at once, the AI plays on
in committed slices, and the member is pinged when it is their turn again; a table
whose AI cannot move says once, in public, that it is paused, and `/end` still
works; the Narnia table seen stuck ends by the round cap with the winner named."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.client import GameMasterBot
from games.narnia import NarniaAI
from games.registry import GAMES
from tests.e2e.helpers import Table, make_table, open_lobby
from tests.e2e.test_narnia_game import act_in_panel
from tests.factory import make_bot
from tests.narnia.test_round_cap import LONE_SEED, lone_seat

NARNIA = GAMES["narnia"]
SLICE = 3


@pytest.fixture
def simcord_bot(database: str, request: pytest.FixtureRequest) -> GameMasterBot:
    """Slices of 3 AI moves (an ordinary Narnia round is then a stretch of several
    slices), unless a test asks for the shipped size with ``shipped_slices``."""
    if request.node.get_closest_marker("shipped_slices"):
        return make_bot(database)
    return make_bot(database, ai_slice_moves=SLICE)


async def ai_table(env: simcord.Env, ais: int, *, members: list[str], language: str = "en") -> Table:
    table = make_table(env, members, channel="narnia")
    lobby = await open_lobby(table, "narnia", language=language)
    host = table.players[0]
    for player in table.players[1:]:
        await player.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    for _ in range(ais):
        await host.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:ai")
    await host.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    await table.bot.changes.settled()
    return table


async def test_a_click_before_a_long_ai_stretch_lands_and_the_member_is_pinged_again(
    simcord_env: simcord.Env,
) -> None:
    table = await ai_table(simcord_env, 3, members=["ann"])
    ann = table.players[0]
    for _ in range(300):
        state = await table.state()
        assert NARNIA.decision(state).actors == [0], "the AI hands the turn back"  # type: ignore[union-attr]
        before = await table.row()
        await act_in_panel(table, 0)
        landed = await table.row()
        assert landed.version > before.version  # the click's move is committed at once
        await table.bot.changes.settled()  # the stretch, played on slice after slice
        row = await table.row()
        if row.status != "playing":
            raise AssertionError("the game ended before a long stretch was seen")
        log = await table.bot.store.actions(row.id)
        clicked = max(a.version for a in log if a.source == "player")  # ann's move
        ai_moves = [a for a in log if a.source == "ai" and a.version > clicked]
        if len(ai_moves) <= SLICE:
            continue
        assert NARNIA.decision(NARNIA.load_state(row.state or "")).actors == [0]  # type: ignore[union-attr]
        notices = await table.bot.store.fetch(
            "SELECT version FROM outbox WHERE game_id = ? AND version >= ?", (row.id, clicked)
        )
        assert len(notices) >= 2, "the stretch was committed in slices"
        last = table.channel.last_message
        assert last is not None and f"<@{ann.id}>" in (last.content or ""), "ann is pinged again"
        return
    raise AssertionError("no AI stretch longer than a slice in 300 moves")


async def test_a_table_whose_ai_fails_says_so_once_and_can_be_ended(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await ai_table(simcord_env, 1, members=["ann", "bob"], language="it")

    real = NarniaAI.act

    def broken(self: NarniaAI, view: Any, decision: Any) -> Any:
        if view.seat == 2:  # the AI seat's; the members' panels still follow the §10 player
            raise RuntimeError("the AI is broken")
        return real(self, view, decision)

    monkeypatch.setattr(NarniaAI, "act", broken)
    for _ in range(100):  # the members play until the AI seat is to move
        state = await table.state()
        decision = NARNIA.decision(state)
        assert decision is not None
        if decision.actors[0] == 2:
            break
        await act_in_panel(table, decision.actors[0])
    else:
        raise AssertionError("the AI seat never had to move")
    for _ in range(4):  # several scheduler ticks: each retries, one line in all
        await simcord_env.advance_time(table.bot.settings.scheduler_interval_seconds)
    paused = [m for m in table.channel.history() if "in pausa" in (m.content or "")]
    assert len(paused) == 1, [m.content for m in table.channel.history()][-5:]
    assert "`/end`" in (paused[0].content or "")
    result = await table.players[0].slash(table.channel, "end")
    assert result.response is not None
    row = await table.bot.store.latest(table.channel.id)
    assert row is not None and row.status == "finished"


@pytest.mark.shipped_slices
async def test_the_lone_seat_table_ends_by_the_cap_and_the_final_board_names_the_winner(
    simcord_env: simcord.Env,
) -> None:
    """Two members eliminated, the AI seat against the Witch (the table seen stuck):
    the scheduler plays it out in slices of the shipped size, told in a few summary
    lines, and the final board says the round cap ended the game and names the AI seat."""
    table = await ai_table(simcord_env, 1, members=["ann", "bob"])
    row = await table.row()
    posted_before = len(table.channel.history())
    row.state = lone_seat(LONE_SEED).model_dump_json()
    row.deadline_at = 0.0  # the AI seat is to move: due now, as after a slice
    await table.bot.store.save(row, now=0.0)
    for _ in range(100):
        await simcord_env.advance_time(table.bot.settings.scheduler_interval_seconds)
        await table.bot.changes.settled()
        if (await table.row()).status != "playing":
            break
    row = await table.row()
    assert row.status == "finished" and row.result is not None
    outcome = row.result["outcome"]
    assert outcome["reason"] == "round_cap" and outcome["params"]["round"] == 100
    boards = [m for m in table.channel.history() if m.attachments and m.embeds]  # the map's message
    board = boards[-1].embeds[0]
    headline = (board.description or "").splitlines()[0]
    assert "round cap" in headline and "**AI 1 · normal** wins" in headline, headline
    assert board.title == "Narnia — round 100 of 100"
    # What the stretch wrote: new messages, and the board it began on, whose text
    # is the turn's lines (posted before, cut down or edited since).
    texts = [m.content or "" for m in table.channel.history()[posted_before - 1 :] if m.content]
    log = await table.bot.store.actions(row.id)
    ai_moves = sum(1 for a in log if a.source == "ai")
    # Not a line per move: a summary line per 100 moves, the last 40 moves in full
    # (their battles one live message each), then the final record.
    assert ai_moves > 300 and len(texts) < ai_moves / 20, (ai_moves, len(texts))
    assert any("more moves by **AI 1 · normal**" in text for text in texts)
    assert not any("paused" in text for text in texts)
