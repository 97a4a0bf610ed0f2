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

from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.hints import hints_on
from bot.i18n import catalog, plural_forms
from bot.model import TableInfo, table_of
from bot.presenter import PRESENTERS
from bot.render import event_text, plain_name
from bot.store import GameRow
from bot.table import TableService
from cogs.publisher import decision_line
from games.core import Event, GameState
from games.registry import GAMES

LINES = 12  # the last events a page lists (the channel keeps the rest; /log has them all)


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


@dataclass(frozen=True)
class Shown:
    """A channel's table as it is, read once for all of its pages."""

    row: GameRow
    info: TableInfo
    state: GameState | None
    recent: tuple[Event, ...] = ()  # the events of the action log's last rows, private ones too

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
        return {
            "game": row.game,
            "status": row.status,
            "version": row.version,
            "seat": seat,
            "seats": [{"name": plain_name(info, i), "ai": s.ai} for i, s in enumerate(info.seats)],
            "decision": decision.model_dump(mode="json") if decision is not None else None,
            "prompt": decision_line(row.game, info, decision, language) if decision is not None else None,
            "legal": [action.model_dump(mode="json") for action in legal or ()],
            "hints": seat is not None and playing and hints_on(info, seat),
            "view": game.view(state, seat).model_dump(mode="json") if state is not None else None,
            "lines": self.lines(seat, language),
            "outcome": outcome.model_dump(mode="json") if outcome is not None else None,
            "final": presenter.final_lines(info, outcome, language)
            if outcome is not None and presenter is not None
            else [],
        }

    def lines(self, seat: int | None, language: str) -> list[str]:
        """The last events ``seat`` may see, oldest first: the public ones and its own."""
        out: list[str] = []
        for event in self.recent:
            if event.visible_to(seat):
                text = event_text(self.row.game, self.info, event, language)
                if text:
                    out.append(text)
        return out[-LINES:]


async def shown(service: TableService, channel_id: int) -> Shown | None:
    """The channel's game in the lobby or in play; else the one that just ended,
    with its result, until the next one opens."""
    found = await service.active(channel_id)
    if found is not None:
        row, info = found
    else:
        latest = await service.core.latest(channel_id)
        if latest is None or latest.status != "finished":
            return None
        row, info = latest, table_of(latest)
    recent = await service.core.recent_events(row.id, limit=LINES)
    return Shown(row, info, service.state_of(row), tuple(recent))
