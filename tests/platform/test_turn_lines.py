"""The turn's lines the board holds (cogs/channel/turn_messages.py): a take-back strikes out
the lines of the move it takes back, on their own line, instead of adding below them
(issue 30: "a take-back edits the turn's lines rather than adding to them")."""

from __future__ import annotations

from pathlib import Path

from bot.outbox import Outbox
from bot.store import SqliteStore
from bot.store.outbox import Notice
from cogs.channel.turn_messages import TurnMessages

GAME = 1


def notice(number: int) -> Notice:
    return Notice(id=number, game_id=GAME, channel_id=5, version=number, payload={}, sent=0)


async def test_a_take_back_strikes_out_the_move_it_takes_back(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "turn.db")
    await store.open()
    try:
        turns = TurnMessages(Outbox(store))
        assert await turns.hold(GAME, notice(1), 0, ["**ann** draws 2 cards."])
        assert await turns.hold(GAME, notice(2), 0, ["**ann** opens a run.", "**ann** scores 3."])
        undo = ["↩️ **ann** took back their last move."]
        assert await turns.hold(GAME, notice(3), 0, undo, take_back=True)
        assert (await turns.board_text(GAME)).split("\n") == [
            "**ann** draws 2 cards.",
            "~~**ann** opens a run.~~",
            "~~**ann** scores 3.~~ ↩️ **ann** took back their last move.",
        ]
        # A retry of the take-back's notice changes nothing; a second take-back
        # strikes the move before (the last one not struck yet).
        assert await turns.hold(GAME, notice(3), 0, undo, take_back=True)
        assert await turns.hold(GAME, notice(4), 0, undo, take_back=True)
        lines = (await turns.board_text(GAME)).split("\n")
        assert lines[0] == "~~**ann** draws 2 cards.~~ ↩️ **ann** took back their last move."
        assert len(lines) == 3
        # The move played again after it is a line of its own; a new turn starts empty.
        assert await turns.hold(GAME, notice(5), 0, ["**ann** opens a set."])
        assert (await turns.board_text(GAME)).split("\n")[-1] == "**ann** opens a set."
        await turns.new_turn(GAME)
        assert await turns.board_text(GAME) == ""
        # With nothing of the turn to strike (the move was on the board before), the
        # take-back's line is a line of its own.
        assert await turns.hold(GAME, notice(6), 0, undo, take_back=True)
        assert await turns.board_text(GAME) == undo[0]
    finally:
        await store.close()
