"""The board message: drawn from the current state (its picture redrawn only when
it changed), edited in place, or posted anew at the bottom at a turn change."""

from __future__ import annotations

import asyncio
import hashlib
import io
from typing import Any

import discord

from bot.client import GameMasterBot
from bot.model import TableInfo
from bot.render import seat_names
from bot.store import GameRow
from cogs.channel.turn_lines import above_board, turn_line, turn_record
from cogs.channel.turn_messages import Boards, TurnMessages
from cogs.kit.controls import board_view
from cogs.kit.presenter import PRESENTERS, board_image_key
from cogs.kit.record import with_final_record
from games.core import GameState
from games.registry import GAMES

BOARD_FILE = "board.png"


class BoardMessage:
    def __init__(self, bot: GameMasterBot, turns: TurnMessages, boards: Boards) -> None:
        self.bot, self.turns, self.boards = bot, turns, boards
        # The last picture per channel and what it was drawn from: a board is
        # redrawn only when its picture changed (the bytes are re-sent with each
        # edit, since Discord mishandles embeds that point at a kept attachment).
        self._pictures: dict[int, tuple[str, bytes | None]] = {}

    async def draw(
        self, row: GameRow, table: TableInfo, state: GameState | None
    ) -> tuple[dict[str, Any], discord.File | None]:
        """The board message's content: embed, controls and (when changed) picture."""
        game = GAMES[row.game]
        presenter = PRESENTERS[row.game]
        assert state is not None
        view = game.view(state, None)
        decision = game.decision(state)
        embed = presenter.board_embed(table, view, decision, table.language)
        outcome = game.outcome(state)
        if outcome is not None:
            embed = with_final_record(embed, presenter, table, outcome, table.language)
        names = seat_names(table)
        drawn_from = board_image_key(presenter, view, table.language, names, outcome)
        key = hashlib.sha256(drawn_from.encode()).hexdigest()
        cached = self._pictures.get(row.channel_id)
        if cached is not None and cached[0] == key:
            png: bytes | None = cached[1]
        else:
            png = await asyncio.to_thread(
                presenter.board_image, view, table.language, names=names, outcome=outcome
            )
            self._pictures[row.channel_id] = (key, png)
        file = None
        if png is not None:
            embed.set_image(url=f"attachment://{BOARD_FILE}")
            file = discord.File(io.BytesIO(png), filename=BOARD_FILE)
        controls = board_view(
            row.channel_id,
            finished=row.status != "playing",
            language=table.language,
            game_id=row.id,
            takeable=any(seat.ai for seat in table.seats),
            game=row.game,
            activity=self.bot.settings.activity_on,
        )
        return {"embed": embed, "view": controls}, file

    async def update(
        self,
        channel: discord.abc.Messageable,
        row: GameRow,
        table: TableInfo,
        state: GameState | None,
        ping: tuple[str, list[int]] | None = None,
        notice_id: int = 0,
    ) -> None:
        """Edit the board in place, or, at a turn change (``ping``: the text and
        who it asks to act), post it anew at the bottom with the ping."""
        content, file = await self.draw(row, table, state)
        attachments = [file] if file is not None else []
        if ping is None and table.message_id is not None:
            try:
                message = channel.get_partial_message(table.message_id)  # type: ignore[attr-defined]
                text = above_board(turn_line(row, table, state), await self.turns.board_text(row.id))
                await message.edit(content=text, attachments=attachments, **content)
                return
            except discord.NotFound:
                table.message_id = None  # deleted: post a new board below, the turn's lines above it
        text, users = ping if ping is not None else (None, [])
        mentions = discord.AllowedMentions(
            users=[discord.Object(u) for u in users], roles=False, everyone=False
        )
        send = {"content": text, "files": attachments, "allowed_mentions": mentions, **content}
        me = self.bot.user.id if self.bot.user is not None else None
        table.message_id = await self.boards.post(channel, row.id, table.message_id, send, me, notice_id)
        if (record := turn_record(row, table, state)) is not None:
            await self.turns.keep_record(row.id, record)
