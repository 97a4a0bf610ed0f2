"""The channel's words as a page shows them: plain text, the seats' names apart.

A line of the channel is Discord markdown: a name is bold and escaped
(``bot.replies.text_name``), a command is in backticks. A page is not Discord:
read as markdown there, it showed the backticks and lost a ``**`` inside a
name. So a page's words are drawn with each seat's name replaced by a mark no
text holds (a private-use character pair around the seat number), the markdown
is taken out of the rest, and each mark becomes a part ``{"seat": n}`` that the
page draws from the seat's own name (``seats[n].name``), as text, never parsed.
The names are then out of the drawn text too: a seat taken over is named anew
in every line at once, and a line is drawn once whoever holds the seats."""

from __future__ import annotations

import re

from bot.model import TableInfo

OPEN, CLOSE = "\ue000", "\ue001"  # private use: no catalog text nor escaped name holds them
MARK = re.compile(f"{OPEN}(\\d+){CLOSE}")
# Discord's markdown the catalog uses: bold, underline, strike, code; a backslash
# escape keeps its character (``\\_`` in "x\\_y").
MARKDOWN = re.compile(r"\\(.)|\*\*|__|~~|`")

Part = str | dict[str, int]  # a piece of text, or {"seat": n}: that seat's name


def masked(info: TableInfo) -> TableInfo:
    """``info`` with each seat's name a mark of its number."""
    seats = [seat.model_copy(update={"name": f"{OPEN}{i}{CLOSE}"}) for i, seat in enumerate(info.seats)]
    return info.model_copy(update={"seats": seats})


def plain(text: str) -> str:
    """``text`` without its markdown, as Discord would show it."""
    return MARKDOWN.sub(lambda m: m[1] or "", text)


def parts(text: str) -> list[Part]:
    """A text drawn with :func:`masked` names as the page's parts: plain text, and
    ``{"seat": n}`` where a name stood."""
    out: list[Part] = []
    for index, piece in enumerate(MARK.split(text)):
        if index % 2:
            out.append({"seat": int(piece)})
        elif piece := plain(piece):
            out.append(piece)
    return out
