"""The protocol every game implements, and the checks every game shares.

A game is a :class:`Game` subclass. The bot only ever calls :meth:`Game.play`,
:meth:`Game.decision`, :meth:`Game.view`, :meth:`Game.default_action`,
:meth:`Game.outcome` and the AI; everything game-specific stays in the game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Literal, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from games.core.budget import Budget
from games.core.copying import copy_model
from games.core.errors import RuleError
from games.core.events import Event
from games.core.options import Option, Setting, Variant
from games.core.rng import Rng

# Why an action may not be taken back (catalog keys; Game.undo_refusal, games.core.undo).
UNDO_DICE = "undo.refused.dice"
UNDO_DRAW = "undo.refused.draw"
UNDO_REVEALED = "undo.refused.revealed"
UNDO_GAME = "undo.refused.game"


class GameState(BaseModel):
    """Everything about one game, the RNG included, as JSON-able data."""

    model_config = ConfigDict(extra="forbid")

    game: str
    schema_version: int = 1
    players: int
    rng: Rng

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        # Game.play copies the state before every action: a direct walk of the
        # tree (games.core.copying) rather than copy.deepcopy's generic one.
        if self.__pydantic_private__ is not None or self.__pydantic_extra__ is not None:
            return super().__deepcopy__(memo)
        copied: Self = copy_model(self)
        return copied


class Decision(BaseModel):
    """Who must decide what now.

    * ``one``: a single seat acts (``seats`` has one entry);
    * ``ordered``: the seats act one after another in the listed order; only
      the first may act now, the rest are shown as "next";
    * ``simultaneous``: every listed seat acts, in any order, without seeing
      the others' choices; ``done`` lists the seats that have already
      decided (shown as "has chosen", never what).

    ``kind`` names the decision (a catalog key suffix, e.g. ``magmor.pay``);
    ``timeout`` picks the table's short or long deadline; ``rule`` is the rule
    id cited when someone acts out of turn or twice.
    """

    kind: str
    seats: list[int]
    mode: Literal["one", "ordered", "simultaneous"] = "one"
    timeout: Literal["short", "long"] = "short"
    done: list[int] = []
    rule: str | None = None
    # An ordered decision whose seats act quickly in turn (Narnia's set-up placements):
    # the channel treats the round as one turn, asking all its seats once when it opens.
    quiet_round: bool = False

    @property
    def actors(self) -> list[int]:
        """The seats that may act right now."""
        if self.mode == "simultaneous":
            return [s for s in self.seats if s not in self.done]
        return self.seats[:1]

    @property
    def asked(self) -> list[int]:
        """The seats the decision asks when it opens: every seat of a quiet round (each
        acts in turn, and is told once, when the round opens), the actors otherwise."""
        return list(self.seats) if self.quiet_round else self.actors

    def goes_on(self, before: Decision | None) -> bool:
        """True when this is the quiet round ``before`` belonged to, one seat further
        on: its seats were asked when it opened."""
        return before is not None and self.quiet_round and before.quiet_round and self.kind == before.kind

    def continues(self, before: Decision | None) -> bool:
        """True when this is ``before`` with more seats done: the same
        simultaneous decision still open (its deadline and ping stand)."""
        return (
            before is not None
            and self.mode == before.mode == "simultaneous"
            and self.kind == before.kind
            and self.seats == before.seats
            and set(before.done) < set(self.done)
        )


class Standing(BaseModel):
    seat: int
    rank: int
    winner: bool
    score: int | None = None
    details: dict[str, Any] = {}


class Outcome(BaseModel):
    """The end of a game: every seat's rank, best first. Ties share a rank."""

    reason: str
    standings: list[Standing]
    params: dict[str, Any] = {}

    @property
    def winners(self) -> list[int]:
        return [s.seat for s in self.standings if s.winner]


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)


class AiPlayer(Protocol):
    """A computer player. It is given only its own seat's view (no peeking)."""

    def act(self, view: Any, decision: Decision) -> BaseModel: ...


class Game(ABC, Generic[S, A]):
    """One game's rules. Subclasses implement the ``_``-prefixed hooks."""

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # Where the game stands in the catalogue (/play's list): lower first.
    catalog_order: ClassVar[int] = 100
    state_type: ClassVar[type[GameState]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    # What the host may choose when opening a table (/play's options, the lobby's
    # fields): Akelarre's team variant, Narnia's round cap (games.core.options).
    options: ClassVar[tuple[Option, ...]] = ()
    # How many worlds the hard player plays out per decision (games.core.search).
    search_budget: ClassVar[Budget] = Budget()
    # What a setting was before it existed, for replaying games of that time (a
    # setting is kept in the state under its own name; such states had no field).
    legacy_settings: ClassVar[dict[str, Any]] = {}
    # A bot ruling that changed the rules, kept in the state under its own name like a
    # setting but chosen by no one, with the value it had before the ruling (Narnia's
    # R-A1). Every export names each ruling's value from the final state; an export that
    # does not name it was made before the ruling, and replays with that older value.
    rulings: ClassVar[dict[str, Any]] = {}

    @property
    def variants(self) -> dict[str, tuple[int, ...]]:
        """The variants the host may switch on (an option kept as True), by key,
        each with the player counts it allows: Akelarre's {"teams": (4,)}."""
        return {o.key: o.players for o in self.options if isinstance(o, Variant)}

    @property
    def settings(self) -> dict[str, Any]:
        """The settings the host may give a value, by key, each with the value a
        table gets when none is given: Narnia's {"round_cap": 100} (NA-4.8.9)."""
        return {o.key: o.default for o in self.options if isinstance(o, Setting)}

    # -- what the bot calls -------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        if not self.min_players <= players <= self.max_players:
            raise RuleError(
                "error.player_count",
                None,
                min=self.min_players,
                max=self.max_players,
                count=players,
            )
        return self._setup(players, seed, dict(options or {}))

    def play(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        """Apply ``action`` by ``seat``. Pure: ``state`` is never modified.

        Raises :class:`RuleError` when the action is illegal.
        """
        self._check_actor(state, seat, action)
        work = state.model_copy(deep=True)
        events = self._apply(work, seat, action)
        return work, events

    def play_owned(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        """:meth:`play` for a caller that owns ``state`` and gives it up: the
        table service, which has just loaded it from the store for this one
        action. It is changed in place rather than copied first (the copy is a
        large part of an act's own cost); the checks and the result are the
        same. After a RuleError the caller must drop ``state``: it may be half
        changed."""
        self._check_actor(state, seat, action)
        events = self._apply(state, seat, action)
        return state, events

    def _refuse_first(self, state: S, seat: int, action: A) -> None:
        """A game's own refusals that must come before the generic turn check
        below (a more precise reason, with the game's rule id). None by default."""

    def _check_actor(self, state: S, seat: int, action: A) -> None:
        self._refuse_first(state, seat, action)
        decision = self.decision(state)
        if decision is None:
            raise RuleError("error.game_over")
        if seat not in decision.actors:
            if seat in decision.done:
                raise RuleError("error.already_decided", decision.rule)
            if seat in decision.seats:
                raise RuleError("error.not_yet", decision.rule, seat=decision.actors[0])
            raise RuleError("error.not_your_turn", decision.rule)

    def check_setting(self, name: str, value: Any) -> None:
        """Refuse (RuleError, with the rule id) a value this game's setting
        ``name`` does not take; ``name`` is one of :attr:`settings`."""

    def parse_action(self, data: Any) -> A:
        """Build an action from JSON data (logs, buttons, tests)."""
        action: A = self.action_adapter.validate_python(data)
        return action

    def load_state(self, data: str | bytes) -> S:
        state: S = self.state_type.model_validate_json(data)  # type: ignore[assignment]
        return state

    @abstractmethod
    def decision(self, state: S) -> Decision | None:
        """The pending decision, or ``None`` once the game is over."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> BaseModel:
        """What ``seat`` (``None``: a spectator) may see, and nothing more."""

    def default_action(self, state: S, seat: int) -> A:
        """The spec's least-harmful action for ``seat`` (timeouts, AFK seats).

        Only for a seat that may act now: anyone else is refused as in :meth:`play`.
        """
        decision = self.decision(state)
        if decision is None:
            raise RuleError("error.game_over")
        if seat not in decision.actors:
            raise RuleError("error.not_your_turn", decision.rule)
        return self._default(state, seat)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def standing_now(self, state: S) -> Outcome | None:
        """The result if the game stopped now, for a search that plays a world only
        so far (``Budget.horizon``): the game's own scoring of the position, or
        ``None`` where it has none (the search then counts a fair share)."""
        return self.outcome(state)

    @abstractmethod
    def ai(self, seat: int) -> AiPlayer:
        """A computer player for ``seat``."""

    def legal_actions(self, state: S, seat: int) -> list[A] | None:
        """Every legal action of ``seat`` now, or ``None`` where the set is too
        large to list (a game then offers a validator and a generator)."""
        return None

    def random_action(self, state: S, seat: int, rng: random.Random) -> A:
        """A legal action of ``seat`` picked uniformly at random (the arena's
        ``random`` seats, the easy player's mistakes). A game whose legal actions
        are too many to list overrides it."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise NotImplementedError(f"{self.id}: no listed legal action for seat {seat}")
        return rng.choice(legal)

    def sample_world(self, view: Any, rng: random.Random) -> S | None:
        """A whole state consistent with ``view`` (a seat's): everything the seat
        cannot see (other hands, deck order, secrets, future dice) drawn at
        random among what the view allows. None: the game has no sampler yet,
        and its hard and easy players play as normal."""
        return None

    def dealt_world(self, state: S, rng: random.Random) -> S:
        """``state`` as the arena's ``seer`` searches it: everything dealt (every
        hand, secret and objective) but nothing chance has still to decide (a fresh
        RNG). A game whose deck order lies in its state and matters to the bound
        shuffles it here (Akelarre); elsewhere the seer knows what the oracle knows."""
        return with_fresh_rng(state, rng)

    def undo_refusal(self, action: A, events: list[Event]) -> str | None:
        """Why a seat may not take ``action`` back once played (its ``events``
        given), or None where it may (games.core.undo). A take-back is refused
        where the action drew randomness (``UNDO_DICE``: a die rolled;
        ``UNDO_DRAW``: a card drawn from a face-down deck or pile, a shuffle) or
        showed something hidden (``UNDO_REVEALED``: a card turned, a hand
        shown, secret choices revealed). Each game says it for its own actions;
        by default nothing may be taken back."""
        return UNDO_GAME

    def search_budget_for(self, view: Any) -> Budget:
        """The hard player's budget for the decision this view shows: ``search_budget``
        by default; a game may think more where decisions are few and decide the game,
        or not at all (``Budget.worlds`` 0: the normal move) where its search was
        measured to tell moves apart no better than chance."""
        return self.search_budget

    def search_candidates(self, state: S, seat: int, rng: random.Random) -> list[A]:
        """The moves the hard player compares besides the normal player's: the
        legal ones by default."""
        return list(self.legal_actions(state, seat) or [])

    def opening_events(self, state: S) -> list[Event]:
        """The events of setup (a game started by ``new_game`` has no other way
        to tell what happened: the deal, a first card turned...)."""
        return []

    def final_events(self, state: S) -> list[Event]:
        """Events that reveal everything once the game is over (hands, objectives)."""
        return []

    def reveal_events(self, state: S) -> list[Event]:
        """Events that reveal everything when the host ends a game early."""
        return self.final_events(state)

    # -- what a game implements --------------------------------------------
    @abstractmethod
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> S: ...

    @abstractmethod
    def _apply(self, state: S, seat: int, action: A) -> list[Event]:
        """Mutate ``state`` (a private copy) and return the events."""

    @abstractmethod
    def _default(self, state: S, seat: int) -> A:
        """The spec's default for ``seat``, which may act now (the §9 map)."""


def with_fresh_rng(state: S, rng: random.Random) -> S:
    """A deep copy of ``state`` whose RNG is seeded from ``rng``: the same state
    with the dice and shuffles to come drawn afresh (the arena's oracle and seer)."""
    return state.model_copy(deep=True, update={"rng": Rng(seed=rng.getrandbits(48))})
