"""What a game's cog gives the platform: how its table looks in Discord.

The platform (lobby, table service, publisher, controls) is game-agnostic;
each game registers one :class:`Presenter` that turns views into embeds,
pictures and controls, and turns clicks back into actions.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import has, join, t
from bot.model import TableInfo
from bot.render import seat_name
from games.core import Decision, Outcome, Standing

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


@dataclass
class Click:
    """What a click on a game control means: an action, or a new draft."""

    action: dict[str, Any] | None = None
    draft: dict[str, Any] | None = None
    # Actions the same member plays right after ``action``, in the same change: one
    # control that ends a step and answers the next (Akelarre's Done and the draw).
    then: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class PanelContext:
    """Everything a private panel is drawn from: the seat's own view only."""

    channel_id: int
    version: int
    table: TableInfo
    seat: int
    view: BaseModel
    decision: Decision | None
    draft: dict[str, Any] | None
    language: str
    # The seat's legal actions as JSON dicts, when it must act and the game lists them.
    legal: list[dict[str, Any]] | None = None
    # The result, once the game is over (the final panel shows it).
    outcome: Outcome | None = None


@cache
def _page_folder(face: type) -> Path | None:
    folder = Path(inspect.getfile(face)).parent / "page"
    return folder if (folder / "page.mjs").is_file() else None


class Presenter(ABC):
    game_id: str
    # The catalog prefixes the Activity's page of this game names things with, besides
    # its own ``<game>.page.*`` words (cards, families, territories: cogs.activity.shown).
    page_words: tuple[str, ...] = ()

    def page_folder(self) -> Path | None:
        """The Activity's page of this game: the ``page`` folder beside the face's own module
        (``cogs/<game>/page/``), when it holds the page's entry ``page.mjs``; None: the game
        is played in the channel alone. The board offers to open the table where there is
        one, the server serves the folder, and the page's shell loads its ``page.mjs``."""
        return _page_folder(type(self))

    def page_state(self, view: BaseModel, seat: int | None) -> BaseModel:
        """What the Activity's page of this game is sent as the table's ``view``: a model made
        for the page from ``seat``'s own view (None: a member without a seat), typed once
        here and for the page (tools/page_types.py). By default the engine's view itself."""
        return view

    def page_work(self, view: BaseModel, seat: int | None) -> Callable[[], None] | None:
        """Slow work ``page_state`` reads for ``seat``, done off the event loop before the page
        is sent, as ``panel_work`` is for the panel (Narnia's battle odds); None when there is
        none. The page is sent all the same if it takes too long, with what is known by then."""
        return None

    def page_draft(self, view: BaseModel, seat: int, draft: dict[str, Any]) -> BaseModel | None:
        """What every page of the channel is shown of ``draft``, what ``seat`` (acting now) is
        building in its page for the current decision (Mag Mor's leader's split), read against
        the seat's own ``view``: a model made public (nothing of it may be hidden from another
        seat), sent to every page as is, in memory only until the version moves on (a draft binds
        no one and is not a move). Raise ``TableError`` for a draft the seat could not make;
        None (the default): this game shares no drafts, and the page is told so."""
        return None

    def page_data(self, language: str) -> dict[str, Any]:
        """What the Activity's page of this game draws with that no state holds
        (Narnia's map: its cells and borders), sent once per page; {} for none."""
        return {}

    @abstractmethod
    def board_embed(
        self, table: TableInfo, view: BaseModel, decision: Decision | None, language: str
    ) -> discord.Embed:
        """The public board, drawn from the spectator view."""

    def board_image(
        self,
        view: BaseModel,
        language: str,
        *,
        names: tuple[str, ...] = (),
        outcome: Outcome | None = None,
    ) -> bytes | None:
        """A PNG of the board (run off the event loop), or ``None``. ``names`` are the
        seats' names (:func:`bot.render.seat_names`), drawn as the board's text names
        the players ("Player 2" where none is given); ``outcome``, once the game is
        over, is drawn above the board: the winner, every place and score."""
        return None

    def board_image_key(self, view: BaseModel) -> str:
        """What the picture depends on besides the names, the outcome and the
        language (:func:`board_image_key` adds them): it is redrawn only when this changes."""
        return view.model_dump_json()

    @abstractmethod
    def panel(self, ctx: PanelContext) -> tuple[discord.Embed, discord.ui.View]:
        """A seat's private panel: hand, secrets and the controls for its decision."""

    def panel_image(self, ctx: PanelContext) -> bytes | None:
        """A PNG of what the seat decides with, drawn from its own view only: its hand
        with what may be played now marked, or the map with its moves (run off the
        event loop); ``None``: the panel has no picture."""
        return None

    def panel_work(self, ctx: PanelContext) -> Callable[[], None] | None:
        """Slow work the panel reads, to be done off the event loop before it is drawn
        (Narnia's battle odds: ``cogs.kit.drawn.work_ahead``); None when there is none. The
        panel is drawn all the same if it takes too long, with what is known by then."""
        return None

    @abstractmethod
    def click(self, ctx: PanelContext, payload: str, values: list[str]) -> Click:
        """Decode a click on one of this game's controls. Raise ``TableError``
        or ``RuleError`` for a click that cannot be honoured."""

    @abstractmethod
    def describe_action(
        self, view: BaseModel, action: dict[str, Any], language: str, names: Sequence[str] = ()
    ) -> str:
        """One of this seat's own legal actions (``action``, as JSON) in words for
        that player, an imperative line naming what they would press or choose
        ("Take the river territory"), for the panel's hint. Drawn from the seat's
        own ``view`` only: it may name what the seat can see, never more. ``names``
        are the seats' names as Discord gives them (``bot.render.seat_names``), for
        a line that names another player."""

    def hint_reason(self, view: BaseModel, action: dict[str, Any], language: str) -> str | None:
        """Why the hinted ``action`` is good, in one game-level clause drawn from the move
        and the seat's own ``view`` ("completes your favourite family's group", "the best
        chance to conquer: 72 %"); ``None``: nothing honest to say beyond the move."""
        return None

    def live_message(self, table: TableInfo, view: BaseModel, key: str, language: str) -> str | None:
        """The text of the live message ``key`` (events with a ``live`` param,
        e.g. a battle fought throw by throw), drawn from the public view."""
        return None

    def outcome_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """Extra words under the final ranking (the engine's final events come first)."""
        return []

    # -- the end of the game: the same record on the board, in the chat and in
    # -- every panel (a game names its scores; the platform lays them out) ----
    def final_headline(self, table: TableInfo, outcome: Outcome, language: str) -> str:
        """One line naming the winner(s) (or saying nobody won)."""
        return winners_line(table, outcome, language)

    def score_text(self, table: TableInfo, standing: Standing, language: str) -> str:
        """A seat's score in words with its breakdown ("12 points: …"); the
        default names the number with the game's ``<game>.final.score``."""
        if standing.score is None:
            return ""
        key = f"{self.game_id}.final.score"
        return t(key, language, count=standing.score) if has(key) else str(standing.score)

    def score_amount(self, score: int, language: str) -> str:
        """A bare score in the game's unit, without its breakdown (``/stats``'
        best scores): the game's ``<game>.final.score`` when it has one."""
        key = f"{self.game_id}.final.score"
        return t(key, language, count=score) if has(key) else str(score)

    def ranking_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """One line per seat, best first: medal, name, score and breakdown, 🏆."""
        lines = []
        for standing in outcome.standings:
            score = self.score_text(table, standing, language)
            lines.append(
                t(
                    "table.final.standing",
                    language,
                    medal=MEDALS.get(standing.rank, f"{standing.rank}."),
                    seat=seat_name(table, standing.seat) + hints_used(table, standing.seat, language),
                    score=f" — {score}" if score else "",
                    winner=" 🏆" if standing.winner else "",
                )
            )
        return lines

    def final_lines(self, table: TableInfo, outcome: Outcome, language: str) -> list[str]:
        """The whole record of the end: headline, then the ranking."""
        return [
            self.final_headline(table, outcome, language),
            t("table.final.title", language),
            *self.ranking_lines(table, outcome, language),
        ]


PRESENTERS: dict[str, Presenter] = {}


def winners_line(table: TableInfo, outcome: Outcome, language: str) -> str:
    """The platform's headline: the winners by name, or that nobody won."""
    names = [seat_name(table, seat) for seat in outcome.winners]
    if not names:
        return t("table.final.nobody", language)
    return t("table.final.winner", language, count=len(names), names=join(names, language))


def hints_used(table: TableInfo, seat: int, language: str) -> str:
    """ " · 💡 2 hints" after a name on the final board, or nothing."""
    count = table.seats[seat].hints if seat < len(table.seats) else 0
    return t("table.final.hints", language, count=count) if count else ""


def winners_headline(
    game_id: str, table: TableInfo, outcome: Outcome, language: str, total: Callable[[Standing], object]
) -> str:
    """``<game>.ui.headline``: the winners by name with the first one's ``total``,
    or the platform's line when nobody won."""
    winners = [s for s in outcome.standings if s.winner]
    if not winners:
        return t("table.final.nobody", language)
    names = join([seat_name(table, s.seat) for s in winners], language)
    return t(f"{game_id}.ui.headline", language, count=len(winners), names=names, total=total(winners[0]))


def board_image_key(
    presenter: Presenter, view: BaseModel, language: str, names: tuple[str, ...], outcome: Outcome | None
) -> str:
    """Everything a board picture is drawn from, as one key: the view's part
    (:meth:`Presenter.board_image_key`), the language, the names and the outcome."""
    drawn = outcome.model_dump_json() if outcome is not None else ""
    return f"{language}:{names!r}:{drawn}:{presenter.board_image_key(view)}"


def register(presenter: Presenter) -> None:
    PRESENTERS[presenter.game_id] = presenter
