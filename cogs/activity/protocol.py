"""The Activity's WebSocket messages, version 1, as JSON objects with a ``type``.

A page sends:

* ``hello`` (first, and again after a reconnect): its Discord access token and
  the Activity instance it runs in; the server asks Discord who and where that is;
* ``act``: an action of the engine's own JSON shape, at the table's ``version``
  the page showed (a move made on an older state is refused as stale);
* ``undo``: take back its own last move, at ``version``;
* ``hint``: what the hard level would do from its own view, where hints are on;
* ``join``, ``leave``, ``add_ai`` (at a ``level`` the channel's lobby offers),
  ``start`` and ``cancel`` (the host) and ``rematch`` (a finished game's seat): the lobby's
  buttons (cogs/lobby.py, cogs/rematch.py), for the channel the page's Activity
  runs in and the member Discord signed in (cogs/activity/lobby_moves.py);
* ``draft``: what its seat is building for the current decision (Mag Mor's leader's
  split), at ``version``, as a small JSON object the game reads
  (``Presenter.page_draft``): accepted only from a seat that acts now, at the table's
  current version, in a game that shares drafts; kept in memory only (not a move, not
  stored, no new version: a draft binds no one; other processes are told by a NOTIFY,
  bot/store/listen.py) and dropped when the version moves on;
  at most ``MAX_DRAFT_CHARS`` of JSON, and a few a second per socket (cogs/activity/drafts.py);
* ``ping``: are you there? Answered with ``pong`` at once, before sign-in too (the
  page pings from the moment its socket opens; the sign-in deadline still closes
  a socket that never says hello, and a ping costs one short reply, no lookup).
  A page pings every few seconds and takes a silence of ~12 s as a dead
  connection (docs/decisions.md, "A silent network").

The server sends ``state`` (the viewer's own view, after the hello and after
every committed change; with a game's first state, its words, its data and
``page``, whether the page has a module that draws that game), ``hint`` (to
the asking page alone: the move as the engine's JSON, the table's version it
was found at, and the hint in words), ``pong`` (the answer to a ``ping``),
``draft`` (an acting seat's draft, as its game made it public, to every page of the
channel, and again after the state to a page that signs in while it stands) and
``error`` (a refusal: its catalog ``key``, the rule's id where a
rule forbids the move, and the text in the
viewer's language).
Nothing in a page's message says who it is, which seat it holds or what it may
do: those come from Discord and the table service.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.core.levels import Level

PROTOCOL: Literal[1] = 1
# A page's message is a few hundred bytes (an action, a token): anything far
# larger is refused unread, and far larger still closes the socket (aiohttp).
MAX_MESSAGE_CHARS = 8192
MAX_FRAME_BYTES = 65536
# A draft is a few seats' worth of counts (Mag Mor's split): far smaller than a message.
MAX_DRAFT_CHARS = 2048
# And the draft as its game shows it, the message sent to the pages: it goes to the other
# processes in a NOTIFY, which PostgreSQL caps under 8000 bytes (bot/store/listen.py).
MAX_SHOWN_DRAFT_BYTES = 4096


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = PROTOCOL


class Hello(_Message):
    type: Literal["hello"]
    access_token: str = Field(min_length=1, max_length=200)
    # It goes into Discord's URL: only the characters instance ids are made of.
    instance_id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,100}$")


class Act(_Message):
    type: Literal["act"]
    version: int = Field(ge=0)
    action: dict[str, Any]


class Undo(_Message):
    type: Literal["undo"]
    version: int = Field(ge=0)


class Draft(_Message):
    type: Literal["draft"]
    version: int = Field(ge=0)
    draft: dict[str, Any]


class AskHint(_Message):
    type: Literal["hint"]


class Ping(_Message):
    type: Literal["ping"]


class Join(_Message):
    type: Literal["join"]


class Leave(_Message):
    type: Literal["leave"]


class AddAi(_Message):
    type: Literal["add_ai"]
    level: Level  # the levels the channel's lobby offers (games.core.levels)


class Start(_Message):
    type: Literal["start"]


class Cancel(_Message):
    """The host closes the lobby for everyone (the channel's Cancel): the page asks twice first."""

    type: Literal["cancel"]


class Rematch(_Message):
    """A rematch of the finished game the page was last sent (the viewer's, not named here)."""

    type: Literal["rematch"]


# The lobby's buttons: no channel, seat or member in them (extra=forbid refuses one).
LobbyMessage = Join | Leave | AddAi | Start | Cancel | Rematch
Message = Hello | Act | Undo | Draft | AskHint | Ping | LobbyMessage
ClientMessage = Annotated[Message, Field(discriminator="type")]
CLIENT = TypeAdapter[Message](ClientMessage)
PONG: dict[str, Any] = {"v": PROTOCOL, "type": "pong"}


def draft_message(version: int, seat: int, draft: dict[str, Any]) -> dict[str, Any]:
    """The server's ``draft``: ``seat``'s draft at ``version``, as its game made it public."""
    return {"v": PROTOCOL, "type": "draft", "version": version, "seat": seat, "draft": draft}


def error(key: str, text: str, *, rule: str | None = None) -> dict[str, Any]:
    return {"v": PROTOCOL, "type": "error", "key": key, "rule": rule, "text": text}
