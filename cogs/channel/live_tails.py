"""The live messages (a Narnia battle, edited throw by throw: ``LiveTails.show``),
and the lines that follow one, which go into it (issue 39, item 4).

A live message (a Narnia battle, edited throw by throw) goes below the board, so
a turn's later lines cannot join the board's text (they would read above the
battle). They used to go into a message of their own below the battle, and a
Narnia round's end told itself in up to five messages: the last battle, the
player snowed in, the Witch's attack, the round card, then the next board.
Now the lines that follow a live message within the board's turn are its
*tail*: written under the battle's own text, in the same message, edited in
place. A round's end is then the Witch's battle (its tail the new round's card
and what came of it) and the next board.

The tail is kept in the memo ``tails`` beside the game (``bot.outbox.Outbox``):
the live message lines fold into (``key``, ``id``), the board it went below
(``board``: lines fold only under a battle of the board's own turn), each live
message's tail (``tails``), and which notice parts are in (``parts``), so a
retry writes the saved tail again rather than adding a line twice. As in
``cogs.channel.turn_messages``, the tail is saved before Discord is asked.

Lines fold only while the message stays within ``TAIL_LIMIT`` (room left for
the battle's own text to grow, e.g. the tokens moved in); past it, or once a
message of its own went below, they go on in a message of their own
(``TurnMessages.append``), so the channel's order holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.outbox import Notice, Outbox
from cogs.channel.turn_messages import edit_text
from cogs.kit.controls import MESSAGE_LIMIT

TAIL_LIMIT = MESSAGE_LIMIT - 200  # a battle's text grows by a line or two after its tail starts
LIVE_KEPT = 12  # live messages remembered per game (a Narnia round fights a few battles)
PARTS_KEPT = 40


def with_tail(body: str, tail: str) -> str:
    """A live message's content: its own text, then the lines that followed it."""
    text = f"{body}\n{tail}" if tail else body
    return text[:MESSAGE_LIMIT]


class LiveTails:
    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    async def tail(self, game_id: int, key: str) -> str:
        tails: dict[str, str] = (await self.outbox.memo(game_id, "tails")).get("tails", {})
        return str(tails.get(key, ""))

    async def show(
        self, channel: discord.abc.Messageable, game_id: int, key: str, body: str, board_id: int | None
    ) -> None:
        """Send or edit the live message ``key``: ``body``, its own text, then its tail."""
        text = with_tail(body, await self.tail(game_id, key))
        known = await self.outbox.memo(game_id, "live")
        message_id = known.get(key)
        if message_id is not None:
            try:
                message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
                await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
                return
            except discord.NotFound:
                pass  # deleted by someone: send it again
        sent = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        known.pop(key, None)
        known[key] = sent.id
        kept = dict(list(known.items())[-LIVE_KEPT:])
        await self.outbox.keep_memo(game_id, "live", kept)
        await self.posted(game_id, key, sent.id, board_id)

    async def posted(self, game_id: int, key: str, message_id: int, board_id: int | None) -> None:
        """The live message ``key`` is out (below the board ``board_id``): the turn's
        next lines fold into it."""
        memo = await self.outbox.memo(game_id, "tails")
        await self.outbox.keep_memo(
            game_id, "tails", {**memo, "key": key, "id": message_id, "board": board_id}
        )

    async def fold(
        self,
        channel: discord.abc.Messageable,
        game_id: int,
        notice: Notice,
        part: int,
        lines: list[str],
        board_id: int | None,
        render: Callable[[str], str | None],
    ) -> bool:
        """Add a notice's lines to the tail of the live message below the board;
        False where they go elsewhere (no such message in this turn, a message of
        the turn's own below it already, or no room)."""
        memo = await self.outbox.memo(game_id, "tails")
        key, message_id = memo.get("key"), memo.get("id")
        if not isinstance(key, str) or message_id is None:
            return False
        marker = f"{notice.id}.{part}"
        held: list[str] = memo.get("parts", [])
        tails: dict[str, str] = dict(memo.get("tails", {}))
        body = render(key)
        if marker in held:
            if body:  # the saved tail, again (a retry after a crash)
                await edit_text(channel, int(message_id), with_tail(body, tails.get(key, "")))
            return True
        turn = await self.outbox.memo(game_id, "turn")
        if memo.get("board") != board_id or not turn.get("below") or turn.get("id") is not None:
            return False  # a battle of another turn, or lines already went on below it
        if not body:
            return False  # no longer drawn (long gone from the view)
        tail = "\n".join([t for t in (tails.get(key, ""), *lines) if t])
        if len(with_tail(body, tail)) > TAIL_LIMIT:
            return False
        tails.pop(key, None)
        tails[key] = tail
        kept: dict[str, Any] = {
            **memo,
            "tails": dict(list(tails.items())[-LIVE_KEPT:]),
            "parts": [*held, marker][-PARTS_KEPT:],
        }
        await self.outbox.keep_memo(game_id, "tails", kept)
        if await edit_text(channel, int(message_id), with_tail(body, tail)):
            return True
        # Deleted by someone: these lines go on in a message of their own.
        await self.outbox.keep_memo(game_id, "tails", {**kept, "key": None, "id": None})
        return False
