"""I Talismani del Tempo through the real slash commands and buttons (SimCord):
secret plays from ephemeral panels, one public reveal, a deadline that plays
for a late player, and a 10-player table."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from bot.i18n import t
from bot.model import table_of
from bot.render import seat_name
from cogs.talismani import PRESENTER
from cogs.talismani.words import talismans
from games.registry import GAMES
from tests.e2e.helpers import (
    WHOLE_GAME,
    Table,
    button,
    custom_ids,
    make_table,
    options_of,
    panel,
    player_of,
    select_id,
    start_game,
)

TALISMANI = GAMES["talismani"]
SEED = 7


def _choice(state: Any, seat: int, offered: set[str]) -> list[str]:
    """A legal play for ``seat`` among the cards its panel offers, preferring
    two cards (hands empty faster). The two Jokers are identical and never
    played together (R7), so the panel offers one of them: a play with the
    other is the same play."""
    plays = [
        a for a in TALISMANI.legal_actions(state, seat) or [] if a.kind == "play" and set(a.cards) <= offered
    ]
    assert plays, "a seat that must play always has a legal play in its panel"
    plays.sort(key=lambda a: -len(a.cards))
    return list(plays[0].cards)


async def secret_play(table: Table, seat: int) -> list[str]:
    """The seat picks its cards in its private panel and confirms them."""
    player = await player_of(table, seat)
    shown = await panel(table, player)
    cards = _choice(await table.state(), seat, set(options_of(shown, "pick")))
    picked = await player.select(shown, cards, custom_id=select_id(shown, "pick"))
    assert picked.response is not None and picked.response.ephemeral
    done = await player.click(picked.response, custom_id=button(picked.response, "confirm"))
    assert done.response is not None and "Your secret play" in (done.response.content or "")
    return cards


async def answer(table: Table, seat: int) -> None:
    """Any other decision: the first legal control in the seat's panel."""
    player = await player_of(table, seat)
    shown = await panel(table, player)
    target = button(shown, "L.")
    if target is not None:
        await player.click(shown, custom_id=target)
        return
    values = options_of(shown, "L")
    assert values, (shown.embeds[0].to_dict(), custom_ids(shown))
    await player.select(shown, [values[0]], custom_id=select_id(shown, "L"))


async def play_turn(table: Table, *, late: int | None = None) -> dict[int, list[str]]:
    """Everyone plays in secret (``late`` lets the deadline pass), then every
    decision up to the next turn is answered. Returns the plays made."""
    state = await table.state()
    turn = state.turn
    decision = TALISMANI.decision(state)
    assert decision is not None and decision.kind == "talismani.play"
    played = {}
    for seat in decision.actors:
        if seat != late:
            played[seat] = await secret_play(table, seat)
    if late is not None:
        row = await table.row()
        assert row.deadline_at is not None
        await table.env.advance_time(table.bot.settings.live_short_seconds + 5)
    for _ in range(200):
        state = await table.state()
        decision = TALISMANI.decision(state)
        if decision is None or (decision.kind == "talismani.play" and state.turn > turn):
            return played
        for seat in decision.actors:
            await answer(table, seat)
    raise AssertionError("the turn did not end")


def card_names(cards: list[str]) -> list[str]:
    return [t(f"talismani.card.{c}", "en") for c in cards]


@WHOLE_GAME
async def test_four_players_from_play_to_scores_with_a_late_player(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)  # a repeatable deal
    table = make_table(simcord_env, ["ann", "bob", "cid", "dee"], channel="talismani")
    board = await start_game(table, "talismani")
    assert "Weather row" in str(board.embeds[0].to_dict())
    player = await player_of(table, 0)

    # Turn 1: three players choose; the board says who, never what.
    state = await table.state()
    before = {m.id: m.content for m in table.channel.history()}
    board_before = (table.board().content or "") + str(table.board().embeds[0].to_dict())
    played = {}
    for seat in (0, 1, 2):
        played[seat] = await secret_play(table, seat)
    # The phase is the line above the board (the turn said once); the players' marks say who chose.
    board_now = (table.board().content or "") + str(table.board().embeds[0].to_dict())
    players = table.board().embeds[0].fields[-1].value or ""
    assert [line[0] for line in players.splitlines()] == ["✅", "✅", "✅", "⏳"]  # who has chosen
    new_public = [m for m in table.channel.history() if m.id not in before]
    assert not new_public, "a hidden choice posts nothing: the board's marks show who has chosen"
    for cards in played.values():
        for name in card_names(cards):
            assert name not in board_now or name in board_before, f"{name} leaked on the board"
            assert all(name not in (m.content or "") for m in new_public), f"{name} leaked in a message"
        for message in table.channel.history():
            assert all(c not in cid for cid in custom_ids(message) for c in cards), "a card in a public id"
    # A second choice in the same turn is refused with the rule id.
    shown = await panel(table, player)
    assert "You chose" in str(shown.embeds[0].to_dict()) and button(shown, "confirm") is None

    # dee lets the deadline pass: the default plays for her, then one public reveal.
    await simcord_env.advance_time(table.bot.settings.live_short_seconds + 5)
    transcript = table.public_text()
    assert "ran out of time" in transcript
    state_after = await table.state()
    after = TALISMANI.decision(state_after)
    assert state_after.turn > 1 or after is None or after.kind != "talismani.play", "turn 1's plays are in"
    reveal_messages = [
        m
        for m in table.channel.history()
        # new, or the board cut down to the turn's lines once the next turn's board is below
        if before.get(m.id) != m.content and "reveal" in (m.content or "").lower()
    ]
    assert reveal_messages, "the plays are revealed in public"
    for cards in played.values():
        assert all(name in transcript for name in card_names(cards)), "every play is revealed"
    log = await table.bot.store.actions((await table.row()).id)
    assert [a.seat for a in log if a.source == "timeout" and a.action["kind"] in ("play", "forge")] == [3]
    del state

    # The rest of the game, to the scores.
    for _ in range(120):
        state = await table.state()
        decision = TALISMANI.decision(state)
        if decision is None:
            break
        if decision.kind != "talismani.play":
            for seat in decision.actors:
                await answer(table, seat)
            continue
        await play_turn(table)
    else:
        raise AssertionError("the game did not end")
    row = await table.row()
    assert row.status == "finished" and row.result is not None
    assert "Final ranking" in table.public_text()
    # The final board message is the game's record: the headline names the winner(s)
    # with the winning total, and every seat's line gives its score in words.
    outcome = TALISMANI.outcome(await table.state())
    assert outcome is not None and outcome.winners
    info = table_of(row)
    # The finished board keeps its message (no My hand button any more): found by its id.
    final = next(m for m in table.channel.history() if m.id == info.message_id).embeds[0]
    record = (final.description or "").splitlines()
    assert record[1] == t("table.final.title", "en")
    headline = record[0]
    assert headline == PRESENTER.final_headline(info, outcome, "en")
    assert all(seat_name(info, seat) in headline for seat in outcome.winners)
    assert talismans(outcome.standings[0].score or 0, "en") in headline
    for place, standing in enumerate(outcome.standings):
        line = record[2 + place]
        assert seat_name(info, standing.seat) in line
        assert PRESENTER.score_text(info, standing, "en") in line
        assert " whole + " in line and " talisman" in line
    assert "The game is over." not in str(final.to_dict())
    for message in table.channel.history():
        assert all(len(cid) <= 100 for cid in custom_ids(message))


async def test_a_ten_player_table_plays_three_turns(simcord_env: simcord.Env) -> None:
    names = [f"p{i}" for i in range(10)]
    table = make_table(simcord_env, names, channel="talismani-10")
    await start_game(table, "talismani")
    state = await table.state()
    assert state.players == 10
    for seat in range(10):
        hand = TALISMANI.view(state, seat).hand
        assert hand is not None and 0 < len(hand) <= 20
    for _ in range(3):
        await play_turn(table)
    state = await table.state()
    assert state.turn == 4 or TALISMANI.decision(state) is None
    # The board embed stays within Discord's limits with ten players.
    embed: discord.Embed = table.board().embeds[0]
    assert len(embed) <= 6000 and all(len(f.value or "") <= 1024 for f in embed.fields)
