"""Seat takeover through SimCord: /leave and three missed deadlines hand a seat
to the AI with a public line; the board's Take seat, the host's Confirm or
Refuse (restart-proof), the new holder's My hand; English and Italian."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from bot.client import GameMasterBot
from bot.model import table_of
from bot.seats import SEAT_SOURCE
from cogs.kit.presenter import PRESENTERS
from cogs.panel import draw_panel, panel_context
from games.registry import GAMES
from tests.e2e.helpers import Table, custom_ids, make_table, open_lobby, panel, start_game
from tests.factory import make_bot

MAGMOR = GAMES["magmor"]


@pytest.fixture
def simcord_bot(database: str) -> GameMasterBot:
    """Short live deadlines: the timeout tests let many of them pass in virtual time."""
    return make_bot(database, live_short_seconds=30, live_long_seconds=30)


def take_id(table: Table) -> str:
    return f"gm:{table.channel.id}:take"


def request_message(table: Table) -> discord.Message:
    """The latest request for a seat: the message with the host's Confirm."""
    for message in reversed(table.channel.history()):
        if any(cid.endswith(":ok") for cid in custom_ids(message)):
            return message
    raise AssertionError("no request message")


def answer_id(message: Any, op: str) -> str:
    return next(cid for cid in custom_ids(message) if cid.endswith(f":{op}"))


async def seat_panel(table: Table, seat: int) -> dict[str, Any]:
    """The private panel of ``seat`` as the bot draws it now, for comparison."""
    row = await table.row()
    state = MAGMOR.load_state(row.state or "")
    ctx = panel_context(MAGMOR, state, table.channel.id, row.version, table_of(row), seat, None, "en")
    panel = await draw_panel(PRESENTERS["magmor"], ctx)  # with its picture of the seat's hand
    return panel.embed.to_dict()


async def test_a_member_takes_the_seat_of_a_player_who_left(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    dave = table.guild.add_member(simcord_env.create_user("dave"))
    await start_game(table)
    assert take_id(table) not in custom_ids(table.board()), "no AI seat, no Take seat"

    await bob.slash(table.channel, "leave")
    assert "🚪 **bob** left the game; the AI plays seat 2 now." in table.public_text()
    assert take_id(table) in custom_ids(table.board())

    seated = await carol.click(table.board(), custom_id=take_id(table))
    assert seated.ephemeral and "You already hold a seat" in seated.response.content
    asked = await dave.click(table.board(), custom_id=take_id(table))
    assert asked.ephemeral and "waiting for the host's confirmation" in asked.response.content
    request = request_message(table)
    assert "🙋 **dave** asks to take seat 2 (**bob**, played by the AI)." in (request.content or "")
    assert f"<@{alice.id}>" in (request.content or ""), "the host is pinged"

    # The request survives a restart: the host's buttons still work.
    await simcord_env.restart_bot(make_bot(table.bot.settings))
    request = request_message(table)
    refused = await carol.click(request, custom_id=answer_id(request, "ok"))
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert (await table.row()).table["seats"][1]["ai"] is True
    await alice.click(request, custom_id=answer_id(request, "ok"))

    text = table.public_text()
    assert "✅ **alice** confirmed: **dave** takes seat 2." in text
    assert "🪑 **dave** takes over seat 2 (until now **bob**, played by the AI)." in text
    assert f"<@{dave.id}>, seat 2 is yours now" in text
    board = table.board()
    assert take_id(table) not in custom_ids(board), "no AI seat left"
    assert "dave" in str(board.embeds[0].to_dict())

    shown = await panel(table, dave)
    assert shown.embeds[0].to_dict() == await seat_panel(table, 1), "dave sees seat 2's hand"
    gone = await bob.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
    assert gone.ephemeral and "not playing" in gone.response.content

    log = await bob.slash(table.channel, "log")
    assert "**bob** left the game" in log.response.content
    assert "**dave** takes over seat 2" in log.response.content
    entries = [
        a.action for a in await table.bot.store.actions((await table.row()).id) if a.source == SEAT_SOURCE
    ]
    assert [(e["reason"], e["user_id"], e["ai"]) for e in entries] == [
        ("left", bob.id, True),
        ("taken", dave.id, False),
    ]


async def test_lobby_ai_seats_taken_in_italian(simcord_env: simcord.Env) -> None:
    """Seats the host filled with Add AI may be taken too; with several, a
    picker asks which; Refuse, then Confirm; the public texts in Italian."""
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.players
    dave = table.guild.add_member(simcord_env.create_user("dave"))
    lobby = await open_lobby(table, language="it")
    await bob.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    for _ in range(2):
        await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:ai")
    await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    board = table.board()
    assert "Prendi il posto" in str(board.components[0].to_dict())

    picker = await dave.click(board, custom_id=take_id(table))
    assert picker.ephemeral
    row = picker.response.components[0]
    options = (row if isinstance(row, dict) else row.to_dict())["components"][0]["options"]
    assert [o["label"] for o in options] == [
        "Seat 3: IA 1 · normale",
        "Seat 4: IA 2 · normale",
    ]  # names in the table's language
    chosen = await dave.select(picker.response, ["2"], custom_id=f"gm:{table.channel.id}:take:pick")
    assert "waiting for the host's confirmation" in (chosen.response.content or "")
    request = request_message(table)
    asked = "🙋 **dave** chiede di prendere il posto 3 (**IA 1 · normale**, giocato dall'IA)."
    assert asked in (request.content or "")
    assert "Conferma" in str(request.components[0].to_dict())
    await alice.click(request, custom_id=answer_id(request, "no"))
    assert "❌ **alice** ha rifiutato la richiesta di **dave** per il posto 3." in table.public_text()
    assert (await table.row()).table["seats"][2]["ai"] is True

    picker = await dave.click(table.board(), custom_id=take_id(table))
    await dave.select(picker.response, ["2"], custom_id=f"gm:{table.channel.id}:take:pick")
    request = request_message(table)
    await alice.click(request, custom_id=answer_id(request, "ok"))
    text = table.public_text()
    assert "🪑 **dave** prende il posto 3 (finora **IA 1 · normale**, giocato dall'IA)." in text
    assert f"<@{dave.id}>, ora il posto 3 è tuo" in text
    assert take_id(table) in custom_ids(table.board()), "IA 2 still holds seat 4"
    assert (await panel(table, dave)).embeds


async def _missed_deadlines(table: Table) -> None:
    """Nobody acts: deadlines pass until a seat goes to the AI."""
    settings = table.bot.settings
    for _ in range(30):
        await table.env.advance_time(settings.live_long_seconds + 1)
        if any(s["ai"] for s in (await table.row()).table["seats"]):
            return
    raise AssertionError("no seat went to the AI")


async def test_three_missed_deadlines_in_english(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table)
    await _missed_deadlines(table)
    row = await table.row()
    seat = next(i for i, s in enumerate(row.table["seats"]) if s["ai"])
    name = row.table["seats"][seat]["name"]
    assert (
        f"🤖 **{name}** let three deadlines in a row pass, so the AI plays seat {seat + 1} now."
        in table.public_text()
    )
    assert table.public_text().count(f"⏱️ **{name}** ran out of time") >= 3
    entries = [a.action for a in await table.bot.store.actions(row.id) if a.source == SEAT_SOURCE]
    assert {"seat": seat, "reason": "timeouts", "ai": True}.items() <= entries[0].items()
    assert take_id(table) in custom_ids(table.board())
    # The member who timed out takes the seat back.
    member = table.member(row.table["seats"][seat]["user_id"])
    asked = await member.click(table.board(), custom_id=take_id(table))
    if custom_ids(asked.response):  # several seats went to the AI at that deadline: pick one
        pick = f"gm:{table.channel.id}:take:pick"
        asked = await member.select(asked.response, [str(seat)], custom_id=pick)
    assert "waiting for the host" in (asked.response.content or "")
    request = request_message(table)
    await table.players[0].click(request, custom_id=answer_id(request, "ok"))
    assert f"🪑 **{name}** is back in seat {seat + 1}." in table.public_text()
    assert (await table.row()).table["seats"][seat]["ai"] is False


async def test_three_missed_deadlines_in_italian(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    await start_game(table, language="it")
    await _missed_deadlines(table)
    row = await table.row()
    seat = next(i for i, s in enumerate(row.table["seats"]) if s["ai"])
    name = row.table["seats"][seat]["name"]
    said = f"🤖 **{name}** ha lasciato passare tre scadenze di fila, quindi ora il posto {seat + 1} lo gioca"
    assert said in table.public_text()
