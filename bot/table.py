"""The table service (DESIGN §4): where a Discord action becomes a game action.

Game-agnostic: it knows the engine protocol (``games.core``), not the games.
It is made of parts, each holding the one core (``bot.table_core``: the channel
locks, reading a table, and the transaction every change ends with):

* ``lobby`` (``bot.lobby``): open, join, leave, add an AI seat, cancel, start, practice;
* ``play`` (``bot.play``): a member's move, a take-back, leaving, ``/end``, drafts;
* ``deadlines`` (``bot.deadlines``): defaults, reminders and AI stretches that are due;
* ``bot.rematch``, ``bot.takeover``, ``bot.hints``: a rematch, taking an AI's seat, a hint;
* ``stats``: the store's ``/stats`` queries (``bot.store.results``), read-only.

Callers use the operations below by name, never the core: it is the service's
own. Every operation that changes a table returns a :class:`bot.step.Step`: the
change is made when the step is entered and published (``bot.changes``) when it
is left, after the caller has answered Discord.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from bot.deadlines import Deadlines
from bot.hints import Hint, hint
from bot.lobby import Lobby
from bot.model import Applied, SeatRequest, TableInfo
from bot.play import Play
from bot.rematch import rematch
from bot.settings import Settings
from bot.step import After, Committed, Step, unpublished
from bot.store import GameRow, Store
from bot.store.results import ResultQueries
from bot.table_core import TableCore
from bot.takeover import Answer, answer_request, request_seat

M = TypeVar("M")  # what a change's operation returns
P = ParamSpec("P")


def _game(applied: Applied) -> Applied:
    return applied


def _lobby(made: tuple[GameRow, TableInfo]) -> GameRow:
    return made[0]


def _answer(made: Answer) -> Applied | None:
    return made.applied


class TableService:
    # The operations that change a table: each returns a Step (bot/step.py).
    STEPS: tuple[str, ...] = ("open_lobby", "join", "leave_lobby", "add_ai", "cancel", "start", "practice")
    STEPS += ("rematch", "act", "undo", "leave_game", "end", "answer_request")

    def __init__(self, store: Store, settings: Settings, clock: Callable[[], float]) -> None:
        self._core = core = TableCore(store, settings, clock)
        self.lobby, self.play, self.deadlines = Lobby(core), Play(core), Deadlines(core)
        self.stats: ResultQueries = store
        self._after: After = unpublished  # the runtime's step after a change (Changes.after)
        # What the core offers, by the names callers use: reads and writes that are
        # not changes of the game (a draft, the message that shows the table).
        self.store, self.settings, self.thinker = store, settings, core.thinker
        self.lock, self.active, self.state_of = core.lock, core.active, core.state_of
        self.load_playing, self.latest = core.load_playing, core.latest
        self.latest_finished = core.latest_finished
        self.public_events, self.recent_actions = core.public_events, core.recent_actions
        self.export, self.set_message = core.export, core.set_message
        self.sitting, self.draft, self.save_draft = self.play.sitting, self.play.draft, self.play.save_draft
        self.run_due, self.rehearse = self.deadlines.run_due, self.deadlines.rehearse
        # The parts' changes, each as a step: made when entered, published when left.
        lobby, play, stepped = self.lobby, self.play, self._stepped
        self.open_lobby, self.join = stepped(lobby.open_lobby, _lobby), stepped(lobby.join, _lobby)
        self.leave_lobby, self.add_ai = stepped(lobby.leave_lobby, _lobby), stepped(lobby.add_ai, _lobby)
        self.cancel, self.start = stepped(lobby.cancel, _lobby), stepped(lobby.start, _game)
        self.practice, self.act = stepped(lobby.practice, _game), stepped(play.act, _game)
        self.undo, self.leave_game = stepped(play.undo, _game), stepped(play.leave_game, _game)
        self.end = stepped(play.end, _game)

    def published_by(self, after: After) -> None:
        """Every step's change is published by ``after`` once its caller has answered."""
        self._after = after

    def _step(self, make: Callable[[], Awaitable[M]], made: Callable[[M], Committed]) -> Step[M]:
        return Step(make, made, lambda committed: self._after(committed))

    def _stepped(
        self, operation: Callable[P, Awaitable[M]], made: Callable[[M], Committed]
    ) -> Callable[P, Step[M]]:
        """``operation`` (a part's change), taking the same arguments, as a step."""

        def step(*args: P.args, **kwargs: P.kwargs) -> Step[M]:
            return self._step(lambda: operation(*args, **kwargs), made)

        return step

    def rematch(
        self, channel_id: int, game_row_id: int, user_id: int, name: str, *, post: bool = False
    ) -> Step[tuple[GameRow, TableInfo]]:
        """The rematch lobby of a finished game (``bot.rematch``; ``post``: its
        lobby message is the channel publisher's to post, not the caller's)."""
        return self._step(
            lambda: rematch(self._core, channel_id, game_row_id, user_id, name, post=post), _lobby
        )

    # -- beside the game: taking an AI's seat, a hint -------------------------
    async def request_seat(
        self, channel_id: int, user_id: int, name: str, seat: int | None
    ) -> tuple[GameRow, TableInfo, SeatRequest]:
        """A request kept beside the game (no change of it: nothing to publish)."""
        return await request_seat(self._core, channel_id, user_id, name, seat)

    def answer_request(
        self, channel_id: int, decider_id: int, may_manage: bool, seat: int, user_id: int, *, confirm: bool
    ) -> Step[Answer]:
        """Confirmed, a change of who holds the seat; refused or withdrawn, none."""

        def make() -> Awaitable[Answer]:
            return answer_request(
                self._core, channel_id, decider_id, may_manage, seat, user_id, confirm=confirm
            )

        return self._step(make, _answer)

    async def hint(
        self, channel_id: int, user_id: int, *, before_search: Callable[[], None] | None = None
    ) -> Hint:
        return await hint(self._core, channel_id, user_id, before_search=before_search)
