"""What a page is sent: a channel's table as one viewer may see it.

The table is read once per change for all of a channel's pages (:func:`shown`);
each (seat, language) pair is then drawn once (:meth:`Shown.table`). A page gets
its seat's own view (``Game.view``; the public one for a member without a seat),
the actions its seat may take now (``Game.legal_actions``: the page highlights
them and lets nothing else be clicked, but the table service still checks every
move), and the words a member reads in the channel, in the viewer's language:
what is being decided, the last events the seat may see, the final record.
Nothing here is a Discord id, and nothing of another seat's hidden hand."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any, TypeVar

from pydantic import BaseModel

from bot.hints import hints_on
from bot.i18n import catalog, has, plural_forms, t
from bot.model import TableInfo, table_of
from bot.render import event_text, plain_name, seat_name
from bot.store import ActionRow, GameRow
from bot.table import TableService
from cogs.activity.lobby_state import lobby_page
from cogs.activity.marked import Part, masked, parts
from cogs.kit.presenter import PRESENTERS
from cogs.kit.record import decision_line
from games.core import Decision, Event, GameState
from games.registry import GAMES

LINES = 12  # the last events a page lists (the channel keeps the rest; /log has them all)
K = TypeVar("K")
V = TypeVar("V")
# An event's line: its game's row id, its action's version, its place among that
# action's events, the language (the names are the page's: cogs.activity.marked),
# and whether it is said to its own actor (:func:`heard`).
LineKey = tuple[int, int, int, str, bool]


@cache
def words(game: str, language: str) -> dict[str, str | dict[str, str]]:
    """The words a game's page shows, by catalog key, in ``language``: the page's
    own (``activity.page.*``, ``<game>.page.*``) and the names its presenter lists
    (``Presenter.page_words``: cards, families, territories). A word that depends
    on a number is its CLDR plural forms (category → text): the page picks one with
    the browser's ``Intl.PluralRules`` for its ``count``, as ``bot.i18n.t`` does."""
    presenter = PRESENTERS.get(game)
    prefixes = ("activity.page.", f"{game}.page.", *(presenter.page_words if presenter else ()))
    forms = plural_forms(language)
    return {key: forms.get(key, text) for key, text in catalog(language).items() if key.startswith(prefixes)}


@cache
def page_data(game: str, language: str) -> dict[str, Any]:
    """What a game's page draws with besides its state (``Presenter.page_data``)."""
    presenter = PRESENTERS.get(game)
    return presenter.page_data(language) if presenter is not None else {}


class Drawn:
    """The last actions' events as read and drawn, kept from one change to the next
    (one per table service: a game's row id names it in that store alone).

    Each change lists the last LINES actions again, all but one or two of them the
    same as the change before: their events are read, and drawn in each language,
    once, not once per change and seat. Kept by the game's row id and the action's
    version, which no other action of that game ever has (an undo is a new version).
    A line holds no name (the page draws them from the seats), so a seat taken over
    draws nothing again. Kept as tuples of plain values, never as models or lists:
    the garbage collector stops tracking such tuples after one pass, so the caches
    add nothing to the full collections the event loop waits for (docs/speed.md)."""

    def __init__(self) -> None:
        self.read: OrderedDict[tuple[int, int], tuple[Heard, ...]] = OrderedDict()
        self.texts: OrderedDict[LineKey, tuple[Part, ...]] = OrderedDict()

    def events(self, game_id: int, action: ActionRow) -> tuple[Heard, ...]:
        """Who may see each of ``action``'s events, and whom it is said to."""
        key = (game_id, action.version)
        known = self.read.get(key)
        if known is None:
            known = tuple(heard(Event.model_validate(data)) for data in action.events)
        _keep(self.read, key, known, EVENTS_KEPT)
        return known

    def line(self, key: LineKey, action: ActionRow, game: str, info: TableInfo) -> tuple[Part, ...]:
        """``action``'s event ``key`` names in words, in the language it names
        (``bot.render``), as the page's parts (``info``'s names
        :func:`~cogs.activity.marked.masked`); to its own actor where ``key`` says so."""
        text = self.texts.get(key)
        if text is None:
            event = Event.model_validate(action.events[key[2]])
            said = event.model_copy(update={"key": you_key(event.key)}) if key[4] else event
            text = tuple(parts(event_text(game, info, said, key[3])))
        _keep(self.texts, key, text, TEXTS_KEPT)
        return text


# An event as a line needs it: the seats that may see it (None: everyone), and the seat
# it is said to in the second person on that seat's page (None: nobody): its actor (its
# ``seat`` parameter) where the game has the words (``<game>.event_you.<name>``); the
# channel and every other page keep the third person.
Heard = tuple[tuple[int, ...] | None, int | None]


def heard(event: Event) -> Heard:
    actor = event.params.get("seat")
    you = actor if isinstance(actor, int) and has(you_key(event.key)) else None
    return (tuple(event.seats) if event.seats is not None else None), you


EVENTS_KEPT = 4096
TEXTS_KEPT = 32768


def _keep(cache: OrderedDict[K, V], key: K, value: V, size: int) -> None:
    """``value`` kept at ``key`` as the most recently used; the least recently used let go past ``size``."""
    cache[key] = value
    cache.move_to_end(key)
    if len(cache) > size:
        cache.popitem(last=False)


@dataclass(frozen=True)
class Shown:
    """A channel's table as it is, read once for all of its pages."""

    row: GameRow
    info: TableInfo
    state: GameState | None
    recent: tuple[ActionRow, ...] = ()  # the action log's last rows, their private events too
    drawn: Drawn = field(default_factory=Drawn)  # their lines, kept across changes
    views: dict[int | None, BaseModel] = field(default_factory=dict)  # the engine's, by seat, made once

    @cached_property
    def marked(self) -> TableInfo:
        """The table with its names marked (cogs.activity.marked): the page's words are drawn with it."""
        return masked(self.info)

    def table(self, seat: int | None, language: str) -> dict[str, Any]:
        """What ``seat`` (None: a member without one) may see, in ``language``."""
        row, info, state = self.row, self.info, self.state
        game = GAMES[row.game]
        playing = state is not None and row.status == "playing"
        decision = game.decision(state) if playing and state is not None else None
        outcome = game.outcome(state) if state is not None else None
        acting = decision is not None and seat is not None and seat in decision.actors
        legal = game.legal_actions(state, seat) if acting and state is not None and seat is not None else []
        presenter = PRESENTERS.get(row.game)
        final = presenter.final_lines(self.marked, outcome, language) if outcome and presenter else []
        # The ranking's lines (one per seat, its name alone as a label, never a sentence's
        # subject): there a page may call its own seat "You" and the grammar holds.
        ranking = (
            set(presenter.ranking_lines(self.marked, outcome, language)) if outcome and presenter else set()
        )
        return {
            "game": row.game,
            "status": row.status,
            "version": row.version,
            "seat": seat,
            "seats": [{"name": plain_name(info, i), "ai": s.ai} for i, s in enumerate(info.seats)],
            "decision": decision.model_dump(mode="json") if decision is not None else None,
            "prompt": self.prompt(decision, seat, language) if decision is not None else None,
            "legal": [action.model_dump(mode="json") for action in legal or ()],
            "hints": seat is not None and playing and hints_on(info, seat),
            "view": self.page_view(seat),
            "lines": self.lines(seat, language),
            "outcome": outcome.model_dump(mode="json") if outcome is not None else None,
            "final": [parts(line) for line in final],
            "ranked": [index for index, line in enumerate(final) if line in ranking],
            # When the decision's time runs out (seconds since the epoch), while a member
            # decides: an AI's turn is "due at once" (the scheduler plays it), no clock.
            "deadline": row.deadline_at
            if decision and any(not info.seats[s].ai for s in decision.actors)
            else None,
            # Whether Undo would take a move back now: the book the table service's undo reads.
            "undo": playing and seat is not None and info.undo.why_not(seat) is None,
            # The lobby's seats, options and buttons (cogs/activity/lobby_state.py).
            "lobby": lobby_page(row, info, seat, language).model_dump(mode="json")
            if row.status == "lobby"
            else None,
        }

    def prompt(self, decision: Decision, seat: int | None, language: str) -> list[Part]:
        """What is being decided, as the channel says it; to its actor, as "you" where
        the game has the words (``<game>.decision_you.<kind>``): each seat still to
        answer a simultaneous decision (Talismani's set-aside) is one of its actors."""
        game = self.row.game
        yours = f"{game}.decision_you.{decision.kind.split('.')[-1]}"
        if seat is not None and seat in decision.actors and has(yours):
            return parts(t(yours, language, seat=seat_name(self.marked, seat), count=len(decision.actors)))
        return parts(decision_line(game, self.marked, decision, language))

    def page_view(self, seat: int | None) -> Any:
        """``seat``'s own view, as the game's page is sent it (``Presenter.page_state``)."""
        if self.state is None:
            return None
        view = self.view(seat)
        presenter = PRESENTERS.get(self.row.game)
        return (view if presenter is None else presenter.page_state(view, seat)).model_dump(mode="json")

    def view(self, seat: int | None) -> BaseModel:
        """The engine's view for ``seat``, made once per change (the page's work reads it too)."""
        assert self.state is not None
        if seat not in self.views:
            self.views[seat] = GAMES[self.row.game].view(self.state, seat)
        return self.views[seat]

    def page_work(self, seats: Iterable[int | None]) -> Callable[[], None] | None:
        """The slow work these seats' pages read (``Presenter.page_work``), as one; None: none."""
        presenter = PRESENTERS.get(self.row.game)
        if presenter is None or self.state is None:
            return None
        works = [w for seat in set(seats) if (w := presenter.page_work(self.view(seat), seat)) is not None]

        def all_of_them() -> None:
            for work in works:
                work()

        return all_of_them if works else None

    def lines(self, seat: int | None, language: str) -> list[list[Part]]:
        """The last events ``seat`` may see, oldest first: the public ones and its own."""
        out: list[list[Part]] = []
        for action in self.recent:
            for index, (audience, you) in enumerate(self.drawn.events(self.row.id, action)):
                if audience is None or (seat is not None and seat in audience):
                    key = (self.row.id, action.version, index, language, seat is not None and seat == you)
                    if text := self.drawn.line(key, action, self.row.game, self.marked):
                        out.append(list(text))
        return out[-LINES:]


def you_key(key: str) -> str:
    """The second-person line of an event key: ``<game>.event_you.<name>`` for ``<game>.event.<name>``."""
    head, _, name = key.rpartition(".")
    return f"{head}_you.{name}"


async def shown(service: TableService, channel_id: int, drawn: Drawn | None = None) -> Shown | None:
    """The channel's game in the lobby or in play; else the one that just ended,
    with its result, until the next one opens."""
    found = await service.active(channel_id)
    if found is not None:
        row, info = found
    else:
        latest = await service.latest(channel_id)
        if latest is None or latest.status != "finished":
            return None
        row, info = latest, table_of(latest)
    recent = await service.recent_actions(row.id, limit=LINES)
    return Shown(row, info, service.state_of(row), tuple(recent), drawn or Drawn())
