"""A private panel as it is sent: the embed, its controls and its picture."""

from __future__ import annotations

import asyncio
import hashlib
import io
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.presenter import PanelContext, Presenter

# The picture's file is named after a digest of its bytes, so a panel message says
# itself which picture it shows: an edit that would show the same one keeps it.
PICTURE = "panel-{digest}.png"
SHOWN = re.compile(r"panel-([0-9a-f]{16})\.png")


def digest_of(picture: bytes) -> str:
    return hashlib.sha256(picture).hexdigest()[:16]


@dataclass
class Panel:
    embed: discord.Embed
    view: discord.ui.View
    picture: bytes | None = None

    @property
    def digest(self) -> str | None:
        """What the picture shows, as a short digest of its bytes (None: no picture)."""
        return None if self.picture is None else digest_of(self.picture)

    def files(self) -> list[discord.File]:
        """The picture to upload with a new message."""
        if self.picture is None:
            return []
        return [discord.File(io.BytesIO(self.picture), PICTURE.format(digest=self.digest))]

    def edit(self, content: str | None = None, shown: str | None = None) -> dict[str, Any]:
        """The arguments of an edit to this panel. ``shown``: the digest of the picture the
        message shows now (:func:`shown_picture`). The same picture is kept as it is (no
        ``attachments``: Discord keeps a message's files; issue 39: a waiting member's
        panel was uploaded anew at every change of the table); another one, or none,
        replaces it, so a panel never shows an old hand."""
        args: dict[str, Any] = {"content": content, "embed": self.embed, "view": self.view}
        if self.picture is None or self.digest != shown:
            args["attachments"] = self.files()
        return args


def shown_picture(message: discord.Message | None) -> str | None:
    """The digest of the panel picture ``message`` shows, read from its file's name
    (its attachments, or its embed's image once Discord resolved it); None: none, or
    one drawn before pictures were named so."""
    if message is None:
        return None
    names = [a.filename for a in message.attachments]
    names += [str(e.image.url or "") for e in message.embeds if e.image]
    for name in names:
        found = SHOWN.search(name)
        if found:
            return found.group(1)
    return None


async def with_picture(
    presenter: Presenter, ctx: PanelContext, embed: discord.Embed, view: discord.ui.View
) -> Panel:
    """The panel with the presenter's picture of the seat's hand or moves (none once
    the game is over: the board shows the end), drawn off the event loop."""
    picture = None if ctx.outcome is not None else await asyncio.to_thread(presenter.panel_image, ctx)
    if picture is not None:
        embed.set_image(url=f"attachment://{PICTURE.format(digest=digest_of(picture))}")
    return Panel(embed, view, picture)
