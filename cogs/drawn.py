"""A private panel as it is sent: the embed, its controls and its picture."""

from __future__ import annotations

import asyncio
import io
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from queue import SimpleQueue
from typing import Any

import discord

from bot.presenter import PanelContext, Presenter

PICTURE = "panel.png"
log = logging.getLogger("gamemaster.cogs")
# How long a panel waits for its slow work (Narnia's odds, issue 39) before it is drawn with
# what is known: Discord wants an answer within 3 s, and a member clicking wants it sooner.
WORK_WAIT = 0.5


class _Worker:
    """One daemon thread doing panels' slow work in turn. Its own: the work is pure Python
    (one core at a time however many threads), so the pool the pictures are drawn on is not
    held up by a long battle's odds; a daemon: a bot shutting down does not wait for it."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[tuple[Callable[[], None], Future[None]]] = SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def submit(self, work: Callable[[], None]) -> Future[None]:
        done: Future[None] = Future()
        self._jobs.put((work, done))
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="panel-work", daemon=True)
                self._thread.start()
        return done

    def _run(self) -> None:
        while True:
            work, done = self._jobs.get()
            if not done.set_running_or_notify_cancel():
                continue
            try:
                work()
            except BaseException as error:  # handed to whoever waits, as an executor would
                done.set_exception(error)
            else:
                done.set_result(None)


_WORKER = _Worker()


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
    done = asyncio.wrap_future(_WORKER.submit(work))
    try:
        await asyncio.wait_for(asyncio.shield(done), wait)
    except TimeoutError:
        done.add_done_callback(_logged)  # its failure, if it fails later, is logged there
    except Exception:  # a panel is drawn without what failed (it shows as not known yet)
        log.exception("a panel's slow work failed")


def _logged(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("a panel's slow work failed", exc_info=done.exception())
