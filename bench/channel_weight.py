"""How heavy a table is to read and to send, for ``bench.channel``.

Three figures, all counted from the requests the bot makes (``bench.channel.Request``):

* the characters of each new board, as it is posted at a turn change: the ping line
  and the embed's text (title, description, field names and values, footer, author),
  what a member scrolls through to see the turn;
* the bytes sent to Discord per turn: each write's JSON body (compact, UTF-8) and the
  files it carries;
* uploads per player-turn: a player-turn is a run of moves one member makes in a row
  (Akelarre's play and draw, Mag Mor's leader choosing and splitting), with
  everything the bot writes until the next member's first move; its uploads are
  counted on every route, and apart for the private panels (interaction answers and
  their follow-ups, the routes ``callback`` and ``webhook``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol


class Written(Protocol):
    files: int
    body_bytes: int
    file_bytes: int

    @property
    def route(self) -> str: ...

    @property
    def write(self) -> str | None: ...

    @property
    def public_post(self) -> bool: ...

    @property
    def message(self) -> dict[str, Any]: ...


def body_size(body: Any) -> int:
    """A JSON body's bytes as sent (compact separators, UTF-8)."""
    if not body:
        return 0
    return len(json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode())


def files_size(files: Sequence[Any]) -> int:
    """The bytes of the files a request uploads (``discord.File``: its ``fp``, left where it was)."""
    total = 0
    for f in files:
        fp = getattr(f, "fp", None)
        if fp is None or not hasattr(fp, "seek"):
            continue
        at = fp.tell()
        fp.seek(0, 2)
        total += fp.tell()
        fp.seek(at)
    return total


def text_of(message: dict[str, Any]) -> str:
    """The text a message shows: its content and every embed's words."""
    parts = [str(message.get("content") or "")]
    for embed in message.get("embeds") or []:
        parts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        for f in embed.get("fields") or []:
            parts += [str(f.get("name") or ""), str(f.get("value") or "")]
        parts.append(str((embed.get("footer") or {}).get("text") or ""))
        parts.append(str((embed.get("author") or {}).get("name") or ""))
    return "\n".join(p for p in parts if p)


def is_board(message: dict[str, Any], channel_id: int) -> bool:
    """A table's board: a message whose buttons include My hand."""
    hand = f"gm:{channel_id}:hand"
    for row in message.get("components") or []:
        for c in row.get("components", [row]):
            if c.get("custom_id") == hand:
                return True
    return False


def board_characters(requests: Sequence[Written], channel_id: int) -> list[int]:
    """The characters of every board posted, in order."""
    return [len(text_of(r.message)) for r in requests if r.public_post and is_board(r.message, channel_id)]


def sent_bytes(requests: Sequence[Written]) -> tuple[int, int]:
    """The JSON bytes and the file bytes of the writes among ``requests``."""
    written = [r for r in requests if r.write is not None]
    return sum(r.body_bytes for r in written), sum(r.file_bytes for r in written)


def uploads(requests: Sequence[Written], *, panels: bool = False) -> int:
    """Writes carrying a file (``panels``: only the private panels' routes)."""
    return sum(
        r.write is not None and r.files > 0 and (not panels or r.route in ("callback", "webhook"))
        for r in requests
    )
