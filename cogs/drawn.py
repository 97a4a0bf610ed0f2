"""A private panel as it is sent: the embed, its controls and its picture."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from typing import Any

import discord

from bot.presenter import PanelContext, Presenter

PICTURE = "panel.png"


@dataclass
class Panel:
    embed: discord.Embed
    view: discord.ui.View
    picture: bytes | None = None

    def files(self) -> list[discord.File]:
        """The picture to upload: each send or edit carries its own (an edit with
        none removes the last one, so a panel never shows an old hand)."""
        return [] if self.picture is None else [discord.File(io.BytesIO(self.picture), PICTURE)]

    def edit(self, content: str | None = None) -> dict[str, Any]:
        """The arguments of an edit to this panel."""
        return {"content": content, "embed": self.embed, "view": self.view, "attachments": self.files()}


async def with_picture(
    presenter: Presenter, ctx: PanelContext, embed: discord.Embed, view: discord.ui.View
) -> Panel:
    """The panel with the presenter's picture of the seat's hand or moves (none once
    the game is over: the board shows the end), drawn off the event loop."""
    picture = None if ctx.outcome is not None else await asyncio.to_thread(presenter.panel_image, ctx)
    if picture is not None:
        embed.set_image(url=f"attachment://{PICTURE}")
    return Panel(embed, view, picture)
