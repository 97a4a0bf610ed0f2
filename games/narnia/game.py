"""The Narnia game object the bot talks to."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core import Decision, Event, Game, GameState, Outcome
from games.core.budget import Budget
from games.core.events import public
from games.core.options import Option, Setting
from games.narnia import ai, candidates, rules, scoring, setup, tokens, undo, world
from games.narnia.actions import ACTION_ADAPTER, NarniaAction
from games.narnia.data import DEFAULT_ROUND_CAP, MAX_PLAYERS, MAX_ROUND_CAP, MIN_PLAYERS
from games.narnia.state import NarniaState
from games.narnia.views import NarniaView, build_view

# Turns get the long deadline (spec §9 suggests 120 s); every other choice the short one.
LONG = frozenset({"turn", "courage"})
ENDGAME = 4  # Witch territories left from which the hard player searches


class NarniaGame(Game[NarniaState, NarniaAction]):
    id: ClassVar[str] = "narnia"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    catalog_order: ClassVar[int] = 2
    state_type: ClassVar[type[GameState]] = NarniaState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    # NA-4.8.9: /play's rounds, the round cap (0 there: no cap, kept as None).
    options: ClassVar[tuple[Option, ...]] = (
        Setting(
            name="rounds",
            key="round_cap",
            words="narnia.option.rounds",
            default=DEFAULT_ROUND_CAP,
            minimum=0,
            maximum=MAX_ROUND_CAP,
            none=0,
        ),
    )
    legacy_settings: ClassVar[dict[str, Any]] = {"round_cap": None}  # games before R34's revision
    # R-A1 (withdrawn): an export that names no aslan_once was made before the ruling, and its
    # game asked after every lost throw, as every new game does again.
    rulings: ClassVar[dict[str, Any]] = {"aslan_once": False}
    # The hard player (games.core.search): a game is some 200 moves; 30 (about three
    # rounds) then the territories as they stand keep a decision within a second.
    search_budget: ClassVar[Budget] = Budget(worlds=20, candidates=5, horizon=30, moves=1000)
    # Once the Witch is down to ENDGAME territories a playout is short enough to reach
    # the end, and who makes the final conquest decides most games (NA-5.1, NA-5.4).
    endgame_budget: ClassVar[Budget] = Budget(worlds=40, candidates=5, moves=1400)

    # -- the protocol ---------------------------------------------------------
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> NarniaState:
        state = setup.new_state(players, seed, options)
        rules.autoplay(state, [])
        return state

    def check_setting(self, name: str, value: Any) -> None:
        setup.round_cap_option({name: value})

    def _apply(self, state: NarniaState, seat: int, action: NarniaAction) -> list[Event]:
        return rules.apply(state, seat, action)

    def decision(self, state: NarniaState) -> Decision | None:
        """One decision per phase (spec §9 D3-D18), each citing the rule it enforces."""
        phase = state.phase
        if phase == "over":
            return None
        rule = rules.DECISION_RULE[phase]
        if phase == "spell_loss":
            # R21: the losers choose one after another, clockwise from the drawer.
            return Decision(
                kind="narnia.spell_loss", seats=list(state.spell_losers), mode="ordered", rule=rule
            )
        assert state.actor is not None
        timeout = "long" if phase in LONG else "short"
        if phase in ("place_witch", "deploy"):
            # The set-up goes round the table one token at a time: a quiet round, so the
            # channel asks everyone once when it opens, not at each of the 24 tokens.
            return Decision(
                kind=f"narnia.{phase}",
                seats=setup.round_of(state),
                mode="ordered",
                timeout=timeout,
                rule=rule,
                quiet_round=True,
            )
        return Decision(kind=f"narnia.{phase}", seats=[state.actor], mode="one", timeout=timeout, rule=rule)

    def view(self, state: NarniaState, seat: int | None) -> NarniaView:
        return build_view(state, seat)

    def legal_actions(self, state: NarniaState, seat: int) -> list[NarniaAction] | None:
        return rules.legal_actions(state, seat)

    def sample_world(self, view: NarniaView, rng: random.Random) -> NarniaState:
        return world.sample_world(view, rng)

    def search_budget_for(self, view: NarniaView) -> Budget:
        """Before the endgame the search's departures from the normal move were measured
        to be worth nothing on average (docs/decisions.md): it plays the normal move."""
        witch = sum(1 for row in view.territories if not row.free and row.owner is None)
        return self.endgame_budget if view.stage != "setup" and witch <= ENDGAME else Budget(worlds=0)

    def search_candidates(self, state: NarniaState, seat: int, rng: random.Random) -> list[NarniaAction]:
        return candidates.search_candidates(state, seat)

    def _default(self, state: NarniaState, seat: int) -> NarniaAction:
        """Spec §9, D3-D18, computed from the seat's view."""
        return ai.default_action(build_view(state, seat))

    def outcome(self, state: NarniaState) -> Outcome | None:
        return scoring.outcome(state)

    def standing_now(self, state: NarniaState) -> Outcome:
        return scoring.standing_now(state)

    def ai(self, seat: int) -> ai.NarniaAI:
        return ai.NarniaAI(seat)

    def undo_refusal(self, action: NarniaAction, events: list[Event]) -> str | None:
        return undo.undo_refusal(action, events)

    def final_events(self, state: NarniaState) -> list[Event]:
        return scoring.summary(state)

    def reveal_events(self, state: NarniaState) -> list[Event]:
        return []  # nothing is hidden (R39)

    def opening_events(self, state: NarniaState) -> list[Event]:
        """The setup card, then the first Witch token drawn (rebuilt from a fresh state)."""
        if state.setup_placed != 0 or state.setup_card is None or not state.drawn or state.actor is None:
            return []
        return [
            public("narnia.event.setup_card", card=state.setup_card, seat=state.setup_order[0]),
            tokens.announce_draw(state.actor, state.drawn[0]),
        ]


GAME = NarniaGame()
