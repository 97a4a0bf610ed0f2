"""The Tir Nan Og Wars game object the bot talks to."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core import Decision, Event, Game, GameState, Outcome
from games.core.budget import Budget
from games.core.events import private, public
from games.tirnanog import ai, defaults, rules, scoring, undo, world
from games.tirnanog.actions import ACTION_ADAPTER, Declare, TirNanOgAction
from games.tirnanog.data import META
from games.tirnanog.setup import new_state
from games.tirnanog.state import TirNanOgState, bundle, species_counts
from games.tirnanog.views import TirNanOgView, build_view


class TirNanOgGame(Game[TirNanOgState, TirNanOgAction]):
    id: ClassVar[str] = "tirnanog"
    min_players: ClassVar[int] = META.players_min
    max_players: ClassVar[int] = META.players_max
    catalog_order: ClassVar[int] = 4
    state_type: ClassVar[type[GameState]] = TirNanOgState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    search_budget: ClassVar[Budget] = Budget(worlds=16, candidates=4, moves=600)

    # -- the protocol ---------------------------------------------------------
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> TirNanOgState:
        state = new_state(players, seed, options)
        rules.advance(state, [])
        return state

    def _apply(self, state: TirNanOgState, seat: int, action: TirNanOgAction) -> list[Event]:
        return rules.apply(state, seat, action)

    def _refuse_first(self, state: TirNanOgState, seat: int, action: TirNanOgAction) -> None:
        """A declaration out of order or made twice is refused with the game's own reason
        (TNO-4.5.2) before the core's generic turn check."""
        if isinstance(action, Declare) and state.phase != "over":
            rules.check_declaration(state, seat)

    def decision(self, state: TirNanOgState) -> Decision | None:
        """Spec §9: D1-D5 are the active player's turn, D6 the declarations in seat order
        from the revealer, D7 the dispute winner's discards."""
        phase = state.phase
        if phase == "over":
            return None
        if phase == "turn":
            return Decision(kind="tirnanog.turn", seats=[state.active], rule="TNO-4.1.2", timeout="long")
        if phase == "hand_limit":
            return Decision(kind="tirnanog.hand_limit", seats=[state.active], rule="TNO-4.2.3")
        dispute = state.dispute
        assert dispute is not None
        if phase == "declare":
            # R22: one at a time; the seats still to declare in order, those done listed.
            waiting = [s for s in dispute.order if s not in dispute.declarations]
            return Decision(
                kind="tirnanog.declare",
                seats=waiting,
                mode="ordered",
                done=[s for s in dispute.order if s in dispute.declarations],
                rule="TNO-4.5.2",
            )
        assert dispute.winner is not None
        return Decision(kind="tirnanog.dispute_discard", seats=[dispute.winner], rule="TNO-4.5.7")

    def view(self, state: TirNanOgState, seat: int | None) -> TirNanOgView:
        return build_view(state, seat)

    def legal_actions(self, state: TirNanOgState, seat: int) -> list[TirNanOgAction] | None:
        return rules.legal_actions(state, seat)

    def sample_world(self, view: TirNanOgView, rng: random.Random) -> TirNanOgState:
        return world.sample_world(view, rng)

    def _default(self, state: TirNanOgState, seat: int) -> TirNanOgAction:
        """Spec §9, from the seat's own view (legal in every state)."""
        return defaults.default_action(build_view(state, seat))

    def outcome(self, state: TirNanOgState) -> Outcome | None:
        return scoring.outcome(state)

    def ai(self, seat: int) -> ai.TirNanOgAI:
        return ai.TirNanOgAI(seat)

    def undo_refusal(self, action: TirNanOgAction, events: list[Event]) -> str | None:
        return undo.undo_refusal(action, events)

    def opening_events(self, state: TirNanOgState) -> list[Event]:
        """Each seat's deal (private), then the table as set up (public)."""
        if state.turn != 1 or state.phase != "turn" or any(state.stacks) or state.discard:
            return []
        events = [
            private(seat, "tirnanog.event.dealt", seat=seat, cards=bundle(species_counts(state.hands[seat])))
            for seat in range(state.players)
        ]
        events.append(
            public(
                "tirnanog.event.setup",
                players=state.players,
                seat=state.first_player,
                count=len(state.deck),
            )
        )
        for seat in range(state.players):
            events.append(
                public("tirnanog.event.starting_plain", seat=seat, territory=state.reserves[seat][0])
            )
        events.append(public("tirnanog.event.display", cards=bundle(species_counts(state.display))))
        events.append(public("tirnanog.event.turn_started", seat=state.active, turn=state.turn))
        return events

    def final_events(self, state: TirNanOgState) -> list[Event]:
        if state.phase != "over":
            return []
        return self.reveal_events(state)

    def reveal_events(self, state: TirNanOgState) -> list[Event]:
        """Every hand, at the end or on an early /end. The scores are not repeated
        here: the platform's final record shows each one with its sources."""
        events = [
            public(
                "tirnanog.event.hand_revealed",
                seat=seat,
                cards=bundle(species_counts(state.hands[seat])),
                count=len(state.hands[seat]),
            )
            for seat in range(state.players)
        ]
        return events


GAME = TirNanOgGame()
