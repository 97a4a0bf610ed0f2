"""A private panel as it is sent: the embed, its controls and its picture."""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import re
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from queue import SimpleQueue
from typing import Any

import discord

from cogs.kit.presenter import PanelContext, Presenter

# The picture's file is named after a digest of its bytes, so a panel message says
# itself which picture it shows: an edit that would show the same one keeps it.
PICTURE = "panel-{digest}.png"
SHOWN = re.compile(r"panel-([0-9a-f]{16})\.png")


def digest_of(picture: bytes) -> str:
    return hashlib.sha256(picture).hexdigest()[:16]


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
