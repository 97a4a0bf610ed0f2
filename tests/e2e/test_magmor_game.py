"""A whole Mag Mor game through the real slash commands and buttons (SimCord)."""

from __future__ import annotations

import simcord

from games.registry import GAMES
from tests.e2e.helpers import custom_ids, make_table, panel, start_game, step

MAGMOR = GAMES["magmor"]


async def test_whole_game_from_play_to_final_scores(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    board = await start_game(table)
    assert [a.filename for a in board.attachments] == ["board.png"]  # the grid picture
    assert board.embeds[0].image.url == "attachment://board.png"

    kinds: list[str] = []
    hands_seen: dict[int, str] = {}
    for _ in range(200):
        if MAGMOR.decision(await table.state()) is None:
            break
        kinds.append(await step(table))
        if MAGMOR.decision(await table.state()) is None:
            break
        # Every player can open their private panel at any time.
        for seat, player in enumerate(table.players):
            shown = await panel(table, player)
            hands_seen[seat] = str(shown.embeds[0].to_dict())
    else:
        raise AssertionError("the game did not end")

    assert {"magmor.choose", "magmor.split", "magmor.pay"} <= set(kinds)
    row = await table.bot.store.latest(table.channel.id)
    assert row is not None and row.status == "finished"
    assert row.result is not None and row.result["outcome"]["standings"]
    transcript = table.public_text()
    assert "Final ranking" in transcript
    # The board message stays as the game's record: headline naming the winner(s),
    # then the ranking with every score in words (objectives, honour).
    outcome = MAGMOR.outcome(await table.state())
    assert outcome is not None
    names = [seat["name"] for seat in row.table["seats"]]
    # The board message as the table keeps it (a finished board has no My hand button).
    final_board = await table.final_board()
    assert [a.filename for a in final_board.attachments] == ["board.png"]
    record = (final_board.embeds[0].description or "").splitlines()
    headline, title, *ranking = record
    reached = "🏞️ The party crossed Mag Mor" if outcome.standings[0].score is not None else "🌑 The"
    assert headline.startswith(reached), headline
    assert all(f"**{names[seat]}**" in headline for seat in outcome.winners), headline
    assert title == "**Final ranking**"
    for standing, line in zip(outcome.standings, ranking, strict=False):
        assert f"**{names[standing.seat]}**" in line, (standing, line)
        assert ("🏆" in line) == standing.winner
        if standing.score is not None:
            assert f"{standing.score} victory point" in line and "from honour" in line, line
        else:
            assert f"honour {standing.details['honour']:+d}" in line, line
    assert "The game is over" not in str(final_board.embeds[0].to_dict())
    # The final reveal shows every objective (MM-4.10.4) — only now.
    final = await table.state()
    for seat in range(3):
        objective_id = MAGMOR.view(final, seat).objective_id
        assert objective_id is not None
    # Every component the bot ever showed fits Discord's custom_id limit.
    for message in table.channel.history():
        assert all(len(cid) <= 100 for cid in custom_ids(message))
