"""Hints asked from pages, so that one member cannot starve a table or the process
(so one member cannot hold the worker): one search in flight per member, a budget of searches per member and
table (``Settings.activity_hints_per_minute``: that many at once, then one every
60/n seconds), and the search abandoned when the page that asked goes.

The search runs as a task of its own, beside the socket's receive loop: the loop
goes on reading (a second ask is refused at once rather than queued behind the
first, and a closing socket is noticed while its search runs). Every search is
the hard level's (``bot.hints``), on the thinker's worker processes that every
table shares: what a member does not search, the other tables' hints do not wait for."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from bot.model import TableError
from cogs.activity.limits import Buckets
from cogs.activity.viewers import Viewer

log = logging.getLogger("gamemaster.activity")

Search = Callable[[Viewer, Callable[[], None]], Coroutine[Any, Any, None]]


class PageHints:
    def __init__(self, per_minute: int) -> None:
        self.budgets = Buckets(per_minute, per_minute / 60.0)
        self.running: dict[int, tuple[Viewer, asyncio.Task[None]]] = {}  # member -> its search

    def ask(self, viewer: Viewer, search: Search) -> str | None:
        """Start ``search`` for ``viewer``'s member; or the key of the reason it is not."""
        if viewer.user_id in self.running:
            return "hint.error.searching"
        budget = self.budgets.of((viewer.channel_id, viewer.user_id))

        def charge() -> None:
            """Called by ``bot.hints`` once a search is due (a refusal before it costs nothing)."""
            if not budget.allow():
                raise TableError("activity.error.hints_spent")

        task = asyncio.create_task(search(viewer, charge))
        self.running[viewer.user_id] = (viewer, task)
        task.add_done_callback(lambda done: self._done(viewer, done))
        return None

    def _done(self, viewer: Viewer, task: asyncio.Task[None]) -> None:
        if self.running.get(viewer.user_id, (None, None))[1] is task:
            del self.running[viewer.user_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("activity hint failed", exc_info=task.exception())

    def leave(self, viewer: Viewer) -> None:
        """``viewer``'s page went: its search, if any, is abandoned."""
        found = self.running.get(viewer.user_id)
        if found is not None and found[0] is viewer:
            found[1].cancel()

    async def close(self) -> None:
        tasks = [task for _, task in self.running.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
