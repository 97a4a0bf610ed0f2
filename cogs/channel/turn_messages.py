"""The board and the turn's lines (DESIGN §5). The board is posted anew at the
bottom of the channel when the turn passes to another member, carrying the one
ping of the turn change; within the turn it is edited in place, and the turn's
public lines are its text, above the picture. At the next turn change the old
board is cut down to those lines (no picture, no buttons) and stays as the
turn's record: one message a turn, one post and one edit at a turn change, one
edit within it. Lines that come after a battle message go into it (its tail,
``cogs.channel.live_tails``); past what it holds, or that would not fit, into a message
of their own below (``TurnMessages.append``).

What each keeps between flushes is a memo beside the game (``bot.outbox.Outbox``):

* ``turn``: the lines the board holds (``lines``), the message below for the
  rest (``id``, its ``text``; ``below`` once lines went there), and which parts
  of which notices are in (``parts``), so a retry after a crash does not add a
  line twice. An edit's text is saved before Discord is asked, so a retry writes
  the saved text again; a new message is recorded once Discord has it (a crash in
  between posts it twice, as with any message).
* ``boards``: the boards to cut down (``retire``, each with the text it keeps:
  the turn's lines, else the turn memo's ``record``, whose turn it was; none,
  a board left by a post that died: it is deleted), whether a board was being
  posted (``posting``, for which notice: ``posting_for``), and the notice whose
  board is out (``posted_for``: a retry of it pings nobody again), saved in one
  transaction with the new board's id (``Outbox.board_posted``). A process that
  died between posting and cutting down leaves ``retire`` for the next flush to
  finish; one that died while posting (the new board's id unknown) leaves
  ``posting``: the next flush sweeps the channel's recent messages for boards of
  this table but the live one, keeps the newest as that notice's board (it went
  out with the ping) and deletes the others (they hold no line).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.outbox import Notice, Outbox
from cogs.kit.controls import MESSAGE_LIMIT, chunks

log = logging.getLogger("gamemaster.publish")

PARTS_KEPT = 40  # the notice parts a turn remembers holding (a turn has a few)
BOARD_TEXT = 1800  # the turn's lines the board holds: room left for the ping line of a post
SWEPT = 25  # recent messages searched for a board left by a post that died midway
# A cut-down board's line when its turn's record was not kept (a process that died
# right after posting it): no words, so no language needed; never an empty message.
MOVED_DOWN = "-# ⤵️"


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
                await edit_text(channel, int(turn_id), text)  # the saved text, again
            return
        block = "\n".join(lines)
        if turn_id is not None and len(text) + 1 + len(block) <= MESSAGE_LIMIT:
            text = f"{text}\n{block}"
            await self._keep(game_id, turn_id, text, [*held, marker])
            if await edit_text(channel, int(turn_id), text):
                return
            # Deleted by someone: the turn's lines go on in a new message.
        for piece in chunks(lines):
            sent = await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())
            await self._keep(game_id, sent.id, piece, [*held, marker])

    async def hold(
        self, game_id: int, notice: Notice, part: int, lines: list[str], *, take_back: bool = False
    ) -> bool:
        """Keep a notice's lines for the board's text (the board's edit or cut
        shows them); False where they belong below it (after a battle message,
        or past what a message holds). A take-back's lines strike out the lines
        of the move it takes back, on the same line, rather than adding below."""
        memo = await self.outbox.memo(game_id, "turn")
        marker = f"{notice.id}.{part}"
        held: list[str] = memo.get("parts", [])
        if marker in held:
            return True
        kept: list[str] = memo.get("lines", [])
        # How many lines each held block brought, and whether it was taken back.
        blocks: list[list[int]] = memo.get("blocks", [])
        if memo.get("below") or len("\n".join([*kept, *lines])) > BOARD_TEXT:
            return False
        parts = [*held, marker][-PARTS_KEPT:]
        undone = next((b for b in reversed(blocks) if not b[1]), None) if take_back else None
        if undone is not None and undone[0] > 0:
            start = sum(b[0] for b in blocks[: blocks.index(undone)])
            struck = [f"~~{line}~~" for line in kept[start : start + undone[0]]]
            struck[-1] = " ".join([struck[-1], *lines])
            kept = [*kept[:start], *struck, *kept[start + undone[0] :]]
            undone[1] = 1
            memo = {**memo, "lines": kept, "parts": parts, "blocks": blocks}
        else:
            memo = {**memo, "lines": [*kept, *lines], "parts": parts, "blocks": [*blocks, [len(lines), 0]]}
        await self.outbox.keep_memo(game_id, "turn", memo)
        return True

    async def board_text(self, game_id: int) -> str:
        """The turn's lines the board holds."""
        lines: list[str] = (await self.outbox.memo(game_id, "turn")).get("lines", [])
        return "\n".join(lines)

    async def below(self, game_id: int) -> None:
        """A message went below the board (a battle): later lines of the turn go below it too."""
        memo = await self.outbox.memo(game_id, "turn")
        await self.outbox.keep_memo(game_id, "turn", {**memo, "below": True, "id": None, "text": ""})

    async def keep_record(self, game_id: int, line: str) -> None:
        """The line a board keeps when it is cut down and its turn left no line
        of its own (every line went below a battle): whose turn it was."""
        memo = await self.outbox.memo(game_id, "turn")
        await self.outbox.keep_memo(game_id, "turn", {**memo, "record": line})

    async def record(self, game_id: int) -> str:
        memo = await self.outbox.memo(game_id, "turn")
        return str(memo.get("record") or MOVED_DOWN)

    async def new_turn(self, game_id: int) -> None:
        """A new board: the turn starts with no lines (the parts stay, for retries)."""
        memo = await self.outbox.memo(game_id, "turn")
        await self.outbox.keep_memo(game_id, "turn", {"parts": memo.get("parts", [])})

    async def _keep(self, game_id: int, turn_id: int | None, text: str, held: list[str]) -> None:
        memo = await self.outbox.memo(game_id, "turn")
        kept = {**memo, "id": turn_id, "text": text, "below": True, "parts": held[-PARTS_KEPT:]}
        await self.outbox.keep_memo(game_id, "turn", kept)


class Boards:
    """The board that follows the turn: posted anew at a turn change, the old cut down to its lines."""

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
        notice_id: int,
    ) -> int:
        """Post the board (``send``: what ``Messageable.send`` takes, the ping
        included) below everything, then cut the boards before it down to the
        turn's lines. Once per notice: a retry of the notice whose board is out
        (and whose ping went) only finishes the cutting."""
        memo = await self.outbox.memo(game_id, "boards")
        if memo.get("posted_for") == notice_id and live_id is not None:
            await self.turns.new_turn(game_id)
            await self.retire(channel, game_id, list(memo.get("retire", [])))
            return live_id
        retire: list[dict[str, Any]] = list(memo.get("retire", []))
        known = {int(r["id"]) for r in retire}
        adopted: int | None = None
        if memo.get("posting"):
            left = await self._left_behind(channel, me, live_id)
            if memo.get("posting_for") == notice_id:
                # This notice's board went out, its ping with it, but the process
                # died before its id was saved: it is the board (not posted again).
                adopted = max((m for m in left if m > (live_id or 0)), default=None)
            retire += [{"id": m, "text": ""} for m in left if m not in known and m != adopted]
        text = await self.turns.board_text(game_id)
        if live_id is not None and live_id not in known:
            retire.append({"id": live_id, "text": text or await self.turns.record(game_id)})
        elif live_id is None and text:
            # No board to cut down (it was deleted): the turn's lines go above the new one.
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            await self.turns.new_turn(game_id)  # out: not again on a retry
        posted_for = memo.get("posted_for")
        board = adopted
        if board is None:
            posting = {"retire": retire, "posting": True, "posted_for": posted_for, "posting_for": notice_id}
            await self.outbox.keep_memo(game_id, "boards", posting)
            board = (await channel.send(**send)).id
        # The board's id and the memo that it is out, in one transaction.
        posted = {"retire": retire, "posting": False, "posted_for": notice_id}
        await self.outbox.board_posted(game_id, board, posted)
        await self.turns.new_turn(game_id)
        await self.retire(channel, game_id, retire)
        return board

    async def retire(
        self, channel: discord.abc.Messageable, game_id: int, retire: list[dict[str, Any]]
    ) -> None:
        for old in retire:
            message = channel.get_partial_message(int(old["id"]))  # type: ignore[attr-defined]
            try:
                if old["text"]:  # the turn's record: its lines, no picture, no buttons
                    await message.edit(content=old["text"], embed=None, attachments=[], view=None)
                else:
                    await message.delete()
            except discord.NotFound:
                if old["text"]:  # deleted by someone: the turn's lines are not lost with it
                    await channel.send(old["text"], allowed_mentions=discord.AllowedMentions.none())
            except discord.Forbidden:
                pass  # not ours to change any more: it stays a message like any other
        if retire:
            memo = await self.outbox.memo(game_id, "boards")
            await self.outbox.keep_memo(game_id, "boards", {**memo, "retire": [], "posting": False})

    async def pending(self, channel: discord.abc.Messageable, game_id: int) -> None:
        """Finish what a process that died between posting a board and cutting
        the old one down left."""
        memo = await self.outbox.memo(game_id, "boards")
        if memo.get("retire") and not memo.get("posting"):
            await self.retire(channel, game_id, list(memo["retire"]))

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


async def edit_text(channel: discord.abc.Messageable, message_id: int, text: str) -> bool:
    """Write ``text`` into the bot's message; False when someone deleted it."""
    message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
    try:
        await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
    except discord.NotFound:
        return False
    return True
