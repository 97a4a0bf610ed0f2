"""/stats and the Rematch button through SimCord."""

from __future__ import annotations

import discord
import simcord

from bot.model import table_of
from bot.store import GameRow
from games.registry import GAMES
from tests.e2e.helpers import Table, custom_ids, labels, make_table, open_lobby, start_game
from tests.factory import make_bot


async def _finish(table: Table) -> discord.Message:
    """Every human plays the default move through the table service (as a panel
    click does) until the game ends; the last change is published, like every
    click's. Returns the final board (the board message, now with Rematch).
    (Deadlines would do the same, but three timeouts in a row hand a seat to the AI.)"""
    service = table.bot.service
    applied = None
    for _ in range(10_000):
        row = await table.row()
        if row.status != "playing":
            break
        game = GAMES[row.game]
        state = game.load_state(row.state or "")
        decision = game.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        user = row.table["seats"][seat]["user_id"]
        applied = await service.act(table.channel.id, user, game.default_action(state, seat).model_dump())
    assert applied is not None and applied.finished and applied.outcome is not None
    await table.bot.changes.after(applied)
    return _final_board(table, applied.row.id)


def _final_board(table: Table, game_row_id: int) -> discord.Message:
    rematch = f"gm:{table.channel.id}:rematch:{game_row_id}"
    for message in reversed(table.channel.history()):
        if rematch in custom_ids(message):
            return message
    raise AssertionError("no final board with Rematch")


def _score(row: GameRow, user_id: int) -> int | None:
    """The final score of ``user_id``'s seat in a finished game's result."""
    assert row.result is not None
    seat = next(i for i, s in enumerate(row.result["seats"]) if s["user_id"] == user_id)
    return next(s["score"] for s in row.result["outcome"]["standings"] if s["seat"] == seat)


def _embed_text(result: simcord.InteractionResult) -> str:
    assert result.response is not None
    return "\n".join(str(e.to_dict()) for e in result.response.embeds)


async def test_stats_after_finished_and_ended_games(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    empty = await alice.slash(table.channel, "stats")
    assert not empty.ephemeral and "No game has been played to the end" in _embed_text(empty)

    await start_game(table)  # Mag Mor, played to the end
    await _finish(table)
    finished = await table.row()
    outcome = GAMES["magmor"].outcome(GAMES["magmor"].load_state(finished.state or ""))
    assert outcome is not None
    winners = {table.players[s].id for s in outcome.winners}

    # A second table, ended early with /end, after bob left it to the AI.
    await start_game(table)
    await bob.slash(table.channel, "leave")
    await alice.slash(table.channel, "end")

    board = await carol.slash(table.channel, "stats")
    assert not board.ephemeral  # a leaderboard is shown to the channel
    embed = board.response.embeds[0]
    assert embed.title == "🏆 Leaderboard · Explorers"
    lines = (embed.description or "").splitlines()
    assert len(lines) == 3
    for player, line in zip(
        sorted(table.players, key=lambda p: (p.id not in winners, p.id)), lines, strict=True
    ):
        won = 1 if player.id in winners else 0
        assert f"**{player.name}**" in line, lines
        assert f"{won} win{'s' if won != 1 else ''} in 1 game ({won * 100}%)" in line, line
    apart = embed.fields[0].value or ""
    assert "1 game played to the end" in apart
    assert "🛑 1 game ended early with /end" in apart
    assert "AI seats" not in apart  # no AI sat at a finished table here

    mine = await alice.slash(table.channel, "stats", player=alice, game="magmor")
    text = _embed_text(mine)
    assert "📊 alice · Explorers" in text
    assert "**Mag Mor** — " in text and "· 1 ended early" in text
    best = _score(finished, alice.id)  # None when the expedition failed (MM-5.3)
    assert (f"best: {best}" in text) if best is not None else ("best: " not in text), text
    nobody = await alice.slash(table.channel, "stats", game="narnia")
    assert "No game of Narnia (Risiko Junior) has been played to the end" in _embed_text(nobody)
    stranger = table.guild.add_member(simcord_env.create_user("dave"))
    theirs = await alice.slash(table.channel, "stats", player=stranger)
    assert "dave has not finished a game in this server yet." in _embed_text(theirs)


async def test_stats_in_italian_for_an_italian_server(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild(name="Esploratori", preferred_locale="it")
    channel = guild.create_text_channel("mag-mor")
    players = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol")]
    table = Table(simcord_env, guild, channel, players)
    await start_game(table)
    await _finish(table)
    finished = await table.row()
    await start_game(table)
    await players[0].slash(channel, "end")

    board = await players[1].slash(channel, "stats")
    embed = board.response.embeds[0]
    assert embed.title == "🏆 Classifica · Esploratori"
    assert " su 1 partita (" in (embed.description or "")
    apart = embed.fields[0].value or ""
    assert "1 partita giocata fino alla fine" in apart and "1 partita terminata prima con /termina" in apart
    assert embed.footer.text is not None and embed.footer.text.startswith("Vittorie, poi percentuale")
    mine = await players[0].slash(channel, "stats", player=players[0])
    text = _embed_text(mine)
    assert "📊 alice · Esploratori" in text and "**Mag Mor** — " in text and "1 terminata prima" in text
    by_game = await players[0].slash(channel, "stats", game="magmor")
    text = _embed_text(by_game)
    assert "🏆 Mag Mor · Esploratori" in text
    scores = [score for p in players if (score := _score(finished, p.id)) is not None]
    assert (f"record: {max(scores)}" in text) if scores else ("record: " not in text), text


async def test_rematch_opens_a_lobby_with_the_same_table(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="🤖 Add AI · normal")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    first = await table.row()
    final = await _finish(table)
    finished = await table.row()
    rematch_id = f"gm:{table.channel.id}:rematch:{first.id}"
    assert "Rematch" in labels(final) and "My hand" not in labels(final)

    dave = table.guild.add_member(simcord_env.create_user("dave"))
    foreign = await dave.click(final, custom_id=rematch_id)
    assert foreign.ephemeral and "Only someone who played this game" in foreign.response.content
    assert (await table.row()).id == first.id  # nothing opened

    # The button outlives a restart (a DynamicItem).
    await simcord_env.restart_bot(make_bot(table.bot.settings))
    pressed = await bob.click(final, custom_id=rematch_id)
    assert not pressed.ephemeral and pressed.response is not None
    assert pressed.response.content.startswith("🔁 Rematch opened by **bob**")
    seats = str(pressed.response.embeds[0].to_dict())
    assert "1. alice\\n2. bob 👑\\n3. 🤖 AI 1 · normal\\n4. carol\\n5. —" in seats, seats
    rematch = await table.row()
    assert rematch.id != first.id and rematch.status == "lobby" and rematch.game == "magmor"
    info, old = table_of(rematch), table_of(first)
    assert info.host_id == bob.id
    assert [s.model_dump() for s in info.seats] == [s.model_dump() for s in old.seats]
    assert (info.speed, info.language, info.max_seats, info.options) == (
        old.speed,
        old.language,
        old.max_seats,
        old.options,
    )
    assert info.message_id == pressed.response.id  # the lobby message, kept like /play's

    again = await alice.click(final, custom_id=rematch_id)
    assert again.ephemeral and "already has a game" in again.response.content
    # The lobby works as usual: carol is out, the host starts.
    new_lobby = pressed.response
    await carol.click(new_lobby, label="Leave")
    await bob.click(new_lobby, label="Start")
    started = await table.row()
    assert started.status == "playing"
    assert [(s["name"], s["ai"]) for s in started.table["seats"]] == [
        ("alice", False),
        ("bob", False),
        ("AI 1 · normal", True),  # the rematch keeps the AI's level
    ]
    await bob.slash(table.channel, "end")
    stale = await alice.click(final, custom_id=rematch_id)
    assert stale.ephemeral and "not the channel's latest game" in stale.response.content
    assert (await table.row()).id == started.id
    # The AI seat of the finished game is counted apart, never among the players.
    board = await carol.slash(table.channel, "stats")
    embed = board.response.embeds[0]
    assert finished.result is not None
    ai_won = sum(1 for s in finished.result["outcome"]["standings"] if s["seat"] == 2 and s["winner"])
    assert f"🤖 AI seats · normal: {ai_won} win{'s' if ai_won != 1 else ''} in 1 game" in (
        embed.fields[0].value or ""
    )
    assert "AI 1" not in (embed.description or "")


async def test_rematch_keeps_teams_speed_and_language(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol", "dave"], channel="akelarre")
    alice, _, carol, _ = table.players
    await start_game(table, "akelarre", teams=True, language="it", speed="async")
    ended = await table.row()
    await alice.slash(table.channel, "end")  # an /end'ed game offers a rematch too
    final = _final_board(table, ended.id)
    assert "Rivincita" in labels(final)
    pressed = await carol.click(final, custom_id=f"gm:{table.channel.id}:rematch:{ended.id}")
    assert not pressed.ephemeral and pressed.response.content.startswith("🔁 Rivincita aperta da **carol**")
    embed = str(pressed.response.embeds[0].to_dict())
    assert "Squadra A: alice e carol" in embed and "Squadra B: bob e dave" in embed
    info = table_of(await table.row())
    assert (info.host_id, info.speed, info.language, info.options) == (
        carol.id,
        "async",
        "it",
        {"teams": True},
    )
    assert [s.name for s in info.seats] == ["alice", "bob", "carol", "dave"]
