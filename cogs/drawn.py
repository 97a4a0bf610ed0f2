"""A private panel as it is sent: the embed, its controls and its picture."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import discord

from bot.presenter import PanelContext, Presenter

PICTURE = "panel.png"
# How long a panel waits for its slow work (Narnia's odds, issue 39) before it is drawn with
# what is known: Discord wants an answer within 3 s, and a member clicking wants it sooner.
WORK_WAIT = 0.5
# One thread of its own: the work is pure Python (one core at a time however many threads),
# and the thread pool the pictures are drawn on is not held up by a long battle's odds.
_WORKER = ThreadPoolExecutor(1, thread_name_prefix="panel-work")


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


async def work_ahead(work: Callable[[], None] | None, wait: float = WORK_WAIT) -> None:
    """Do a panel's slow work (``Presenter.panel_work``) on the work thread, waiting at
    most ``wait`` seconds for it: past that the panel is drawn with what is known, and the
    work goes on, so that the next drawing has it."""
    if work is None:
        return
    done = asyncio.get_running_loop().run_in_executor(_WORKER, work)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(done), wait)
