"""The two messages a turn keeps in view (DESIGN §5): its public lines, one
message edited as the turn goes on, and the board, posted anew at the bottom of
the channel when the turn passes to another member (carrying the one ping of
the turn change) and edited in place within a turn.

What each keeps between flushes is a memo beside the game (``bot.outbox.Outbox``):

* ``turn``: the turn's lines message (``id``, its ``text``) and which parts of
  which notices it holds (``parts``), so a retry after a crash does not add a
  line twice. The memo is saved before Discord is asked to edit: a retry finds
  the part and edits the message to the saved text again.
* ``boards``: the boards to remove (``retire``) and whether a board was being
  posted (``posting``). A board is posted, then the old one deleted; a process
  that died in between leaves ``retire`` for the next flush to finish, and one
  that died while posting (the new board's id unknown) leaves ``posting``: the
  next flush sweeps the channel's recent messages for boards of this table but
  the live one. A bot deletes its own messages without *Manage Messages*.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.outbox import Notice, Outbox

log = logging.getLogger("gamemaster.publish")

MESSAGE_LIMIT = 2000
PARTS_KEPT = 40  # the notice parts a turn message remembers holding (a turn has a few)
SWEPT = 25  # recent messages searched for a board left by a post that died midway


def chunks(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


class TurnMessages:
    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    async def append(
        self, channel: discord.abc.Messageable, game_id: int, notice: Notice, part: int, lines: list[str]
    ) -> None:
        """Add a notice's lines to the turn's message (a new message when the
        turn has none yet, or they would not fit)."""
        memo = await self.outbox.memo(game_id, "turn")
        marker = f"{notice.id}.{part}"
        held: list[str] = memo.get("parts", [])
        turn_id, text = memo.get("id"), str(memo.get("text", ""))
        if marker in held:
            if turn_id is not None:
                await self._edit(channel, int(turn_id), text)  # the saved text, again
            return
        block = "\n".join(lines)
        if turn_id is not None and len(text) + 1 + len(block) <= MESSAGE_LIMIT:
            text = f"{text}\n{block}"
            await self._keep(game_id, turn_id, text, [*held, marker])
            if await self._edit(channel, int(turn_id), text):
                return
            # Deleted by someone: the turn's lines go on in a new message.
        for piece in chunks(lines):
            sent = await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())
            await self._keep(game_id, sent.id, piece, [*held, marker])

    async def close(self, game_id: int) -> None:
        """The turn's message is done: the next lines start a message below."""
        memo = await self.outbox.memo(game_id, "turn")
        if memo.get("id") is not None:
            await self.outbox.keep_memo(game_id, "turn", {**memo, "id": None, "text": ""})

    async def _keep(self, game_id: int, turn_id: int | None, text: str, held: list[str]) -> None:
        await self.outbox.keep_memo(
            game_id, "turn", {"id": turn_id, "text": text, "parts": held[-PARTS_KEPT:]}
        )

    @staticmethod
    async def _edit(channel: discord.abc.Messageable, message_id: int, text: str) -> bool:
        message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            return False
        return True


class Boards:
    """The board that follows the turn: posted anew at a turn change, the old removed."""

    def __init__(self, outbox: Outbox, turns: TurnMessages) -> None:
        self.outbox = outbox
        self.turns = turns

    async def post(
        self,
        channel: discord.abc.Messageable,
        game_id: int,
        live_id: int | None,
        send: dict[str, Any],
        me: int | None,
    ) -> int:
        """Post the board (``send``: what ``Messageable.send`` takes, the ping
        included) below everything, then remove the boards before it."""
        memo = await self.outbox.memo(game_id, "boards")
        retire: list[int] = [int(m) for m in memo.get("retire", [])]
        if memo.get("posting"):
            retire += await self._left_behind(channel, me, live_id)
        if live_id is not None and live_id not in retire:
            retire.append(live_id)
        await self.outbox.keep_memo(game_id, "boards", {"retire": retire, "posting": True})
        message = await channel.send(**send)
        await self.outbox.board_posted(game_id, message.id)
        await self.outbox.keep_memo(game_id, "boards", {"retire": retire, "posting": False})
        await self.retire(channel, game_id, retire)
        await self.turns.close(game_id)
        return message.id

    async def retire(self, channel: discord.abc.Messageable, game_id: int, retire: list[int]) -> None:
        for message_id in retire:
            # Gone already, or not ours to remove: it stays a message like any other.
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]
        if retire:
            await self.outbox.keep_memo(game_id, "boards", {"retire": [], "posting": False})

    async def pending(self, channel: discord.abc.Messageable, game_id: int) -> None:
        """Finish what a process that died between posting a board and removing
        the old one left: remove them now."""
        memo = await self.outbox.memo(game_id, "boards")
        if memo.get("retire") and not memo.get("posting"):
            await self.retire(channel, game_id, [int(m) for m in memo["retire"]])

    @staticmethod
    async def _left_behind(
        channel: discord.abc.Messageable, me: int | None, live_id: int | None
    ) -> list[int]:
        """Boards of this channel among its recent messages, but the live one."""
        found: list[int] = []
        if not isinstance(channel, discord.abc.Messageable) or me is None:
            return found
        hand = f"gm:{getattr(channel, 'id', 0)}:hand"
        try:
            async for message in channel.history(limit=SWEPT):
                ids = [c.custom_id for row in message.components for c in getattr(row, "children", [])]
                if message.author.id == me and hand in ids and message.id != live_id:
                    found.append(message.id)
        except discord.HTTPException:
            log.warning(
                "boards left behind not searched", extra={"fields": {"channel": getattr(channel, "id", 0)}}
            )
        return found
