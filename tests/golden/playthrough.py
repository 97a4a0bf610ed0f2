"""A game's golden playthrough: a seeded game played to its end, as each seat saw it.

The record is JSON lines (one small object a line, so a change reads as a short
diff): a header; then, step by step, the action played and its events, each
seat's view as what changed since its previous one (``tests.golden.changes``;
the spectator's too), the Activity page's state for each seat where the game
has a page, the next decision and the legal actions of each seat it asks; at the
end the outcome and the events that reveal everything. Step 0 is the set-up.

The game is the engine's own: ``Game.new_game`` with the record's seed (its RNG
lives in the state) and the fewest players; the moves are ``Game.random_action`` with
a generator seeded from the game's id and the seed, so the record depends on the rules, the
views and the page's wire only, not on how well any AI plays."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from bot.model import Seat, TableInfo
from bot.store import ActionRow, GameRow
from cogs.activity.shown import LINES, Drawn, Shown
from cogs.kit.presenter import PRESENTERS, Presenter, register
from games.core import Event, Game, GameState
from tests.golden.changes import Json, changes

ROOT = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).resolve().parent / "records"
COMMAND = "python -m tests.golden.write"
SEEDS = range(1, 13)  # a new record's seed: the one of these whose random game is shortest
LANGUAGE = "en"
MAX_STEPS = 5_000  # a random game that has not ended by then is a rules bug, not a record


def record_path(game_id: str) -> Path:
    return RECORDS / f"{game_id}.jsonl"


def has_page(game_id: str) -> bool:
    """Whether the Activity draws this game (its face has a page: ``Presenter.page_folder``)."""
    presenter = importlib.import_module(f"cogs.{game_id}").PRESENTER
    return isinstance(presenter, Presenter) and presenter.page_folder() is not None


@contextmanager
def _face(game_id: str) -> Iterator[None]:
    """The game's presenter, registered as its cog does in the bot (a page's prompt
    and final record are its words) while the record is made, and no longer: the
    tests that run after, in the same process, find the registry as it was."""
    added = game_id not in PRESENTERS
    if added:
        register(importlib.import_module(f"cogs.{game_id}").PRESENTER)
    try:
        yield
    finally:
        if added:
            PRESENTERS.pop(game_id, None)


class _Page:
    """What the Activity sends each seat's page (``Shown.table``), from the game as
    the table service would keep it: its row, its seats and its last actions."""

    def __init__(self, game: Game[Any, Any], players: int, seed: int) -> None:
        self.info = TableInfo(
            host_id=100,
            language=LANGUAGE,
            speed="live",
            max_seats=players,
            seats=[Seat(user_id=100 + i, name=f"Player {i + 1}") for i in range(players)],
            seed=seed,
        )
        self.row = GameRow(
            id=1, channel_id=1, guild_id=1, game=game.id, status="playing", version=0,
            table={}, state=None, result=None, deadline_at=None, reminder_at=None, drafts={},
            created_at=0.0, updated_at=0.0,
        )  # fmt: skip
        self.actions: list[ActionRow] = []
        self.drawn = Drawn()

    def log(self, seat: int | None, action: Json, events: list[Event]) -> None:
        self.row.version += 1
        rows = [e.model_dump(mode="json") for e in events]
        self.actions.append(ActionRow(self.row.version, seat, None, "player", action, rows, 0.0))

    def finish(self, events: list[Event]) -> None:
        """The final events join the last action's, as the table service logs them."""
        self.row.status = "finished"
        self.actions[-1].events += [e.model_dump(mode="json") for e in events]
        self.drawn = Drawn()  # the last action's events changed: read them again

    def table(self, state: GameState, seat: int | None) -> dict[str, Any]:
        shown = Shown(self.row, self.info, state, tuple(self.actions[-LINES:]), self.drawn)
        return shown.table(seat, LANGUAGE)


def _seats(players: int) -> list[int | None]:
    return [*range(players), None]


def _events(events: list[Event]) -> list[Json]:
    return [e.model_dump(mode="json", exclude_defaults=True) for e in events]


def _legal(game: Game[Any, Any], state: GameState, seat: int) -> list[Json] | None:
    listed = game.legal_actions(state, seat)
    return None if listed is None else [a.model_dump(mode="json") for a in listed]


def _chooser(game: Game[Any, Any], seed: int) -> random.Random:
    return random.Random(f"golden:{game.id}:{seed}")


def shortest_seed(game: Game[Any, Any]) -> int:
    """The seed among SEEDS whose game is shortest: a record a reviewer can read
    (a random Akelarre runs to 400 to 900 moves)."""

    def moves(seed: int) -> int:
        state, chooser, count = game.new_game(game.min_players, seed), _chooser(game, seed), 0
        while (decision := game.decision(state)) is not None and count < MAX_STEPS:
            seat = decision.actors[0]
            state, _ = game.play(state, seat, game.random_action(state, seat, chooser))
            count += 1
        return count

    return min(SEEDS, key=moves)


def playthrough(game: Game[Any, Any], seed: int) -> Iterator[dict[str, Json]]:
    """The record's lines, in order, for the game dealt with ``seed``."""
    with _face(game.id) if has_page(game.id) else nullcontext():
        yield from _played(game, seed)


def _played(game: Game[Any, Any], seed: int) -> Iterator[dict[str, Json]]:
    players = game.min_players
    page = _Page(game, players, seed) if has_page(game.id) else None
    yield {
        "game": game.id,
        "players": players,
        "seed": seed,
        "moves": f"Game.random_action with random.Random('golden:{game.id}:{seed}')",
        "page": page is not None,
        "regenerate": COMMAND,
    }
    chooser = _chooser(game, seed)
    state = game.new_game(players, seed)
    seen: dict[tuple[str, int | None], Json] = {}
    step, events = 0, game.opening_events(state)
    if page is not None:
        page.log(None, {"kind": "start"}, events)
    yield {"step": step, "events": _events(events)}
    while True:
        decision = game.decision(state)
        if decision is None and page is not None:
            page.finish(game.final_events(state))
        legal = {str(s): _legal(game, state, s) for s in decision.actors} if decision is not None else {}
        views = {seat: game.view(state, seat).model_dump(mode="json") for seat in _seats(players)}
        yield from _changed(seen, step, "view", views)
        if page is not None:
            tables = {seat: page.table(state, seat) for seat in _seats(players)}
            for seat, table in tables.items():
                # The page gets the engine's view and the seat's legal actions: said once, above.
                if table["view"] == views[seat]:
                    table["view"] = "= view"
                if decision is not None and table["decision"] == decision.model_dump(mode="json"):
                    table["decision"] = "= decision"
                if table["legal"] and table["legal"] == legal.get(str(seat)):
                    table["legal"] = "= legal"
            yield from _changed(seen, step, "page", tables)
        if decision is None:
            break
        yield {"step": step, "decision": decision.model_dump(mode="json", exclude_defaults=True)}
        yield {"step": step, "legal": legal}
        if step >= MAX_STEPS:
            raise RuntimeError(f"{game.id}: no end after {step} random moves")
        step += 1
        seat = decision.actors[0]
        action = game.random_action(state, seat, chooser)
        state, events = game.play(state, seat, action)
        if page is not None:
            page.log(seat, action.model_dump(mode="json"), events)
        yield {"step": step, "seat": seat, "action": action.model_dump(mode="json")}
        yield {"step": step, "events": _events(events)}
    outcome = game.outcome(state)
    yield {"step": "end", "outcome": outcome.model_dump(mode="json") if outcome is not None else None}
    yield {"step": "end", "events": _events(game.final_events(state))}


def _changed(
    seen: dict[tuple[str, int | None], Json], step: int, part: str, now: dict[int | None, Json]
) -> Iterator[dict[str, Json]]:
    """Lines of what changed in each seat's ``part`` since the last step. The
    spectator's changes come first; a seat's line holds only how its own differ
    from those (most of a seat's view is public): ``changes`` the spectator's
    lacks, ``except`` the paths of the spectator's it lacks. No seat line: the
    seat saw the spectator's changes exactly."""
    public = changes(seen.get((part, None)), now[None])
    if public:
        yield {"step": step, part: "spectator", "changes": public}
    for seat, value in now.items():
        seen[part, seat], before = value, seen.get((part, seat))
        if seat is None:
            continue
        own = changes(before, value)
        extra = [c for c in own if c not in public]
        missing = [c[1] for c in public if c not in own]
        if extra or missing:
            yield {"step": step, part: seat, "changes": extra, **({"except": missing} if missing else {})}
