"""The table service (DESIGN §4): where a Discord action becomes a game action.

Game-agnostic: it knows the engine protocol (``games.core``), not the games.
It is made of parts, each holding the one core (``bot.table_core``: the channel
locks, reading a table, and the transaction every change ends with):

* ``lobby`` (``bot.lobby``): open, join, leave, add an AI seat, cancel, start, practice;
* ``play`` (``bot.play``): a member's move, a take-back, leaving, ``/end``, drafts;
* ``deadlines`` (``bot.deadlines``): defaults, reminders and AI stretches that are due;
* ``stats``: the store's ``/stats`` queries (``bot.store.results``), read-only.

Callers use the operations below by name; what must follow a committed change
(publishing it, playing an AI stretch on) is the runtime's (``bot.changes``).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.deadlines import Deadlines
from bot.lobby import Lobby
from bot.play import Play
from bot.settings import Settings
from bot.store import Store
from bot.store.results import ResultQueries
from bot.table_core import TableCore


class TableService:
    def __init__(self, store: Store, settings: Settings, clock: Callable[[], float]) -> None:
        self.core = core = TableCore(store, settings, clock)
        self.lobby, self.play, self.deadlines = Lobby(core), Play(core), Deadlines(core)
        self.stats: ResultQueries = store
        # What the core offers every part, and the operations, by their own names.
        self.store, self.settings, self.thinker = store, settings, core.thinker
        self.lock, self.active, self.state_of = core.lock, core.active, core.state_of
        lobby, play, deadlines = self.lobby, self.play, self.deadlines
        self.open_lobby, self.join, self.leave_lobby = lobby.open_lobby, lobby.join, lobby.leave_lobby
        self.add_ai, self.cancel, self.start = lobby.add_ai, lobby.cancel, lobby.start
        self.practice = lobby.practice
        self.act, self.undo, self.leave_game, self.end = play.act, play.undo, play.leave_game, play.end
        self.sitting, self.draft, self.save_draft = play.sitting, play.draft, play.save_draft
        self.run_due, self.rehearse = deadlines.run_due, deadlines.rehearse
