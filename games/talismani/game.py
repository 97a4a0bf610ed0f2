"""The Talismani game object the bot talks to."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core import Decision, Event, Game, GameState, Outcome
from games.core.budget import Budget
from games.core.events import private, public
from games.talismani import ai, defaults, rules, scoring, undo, world
from games.talismani.actions import ACTION_ADAPTER, TalismaniAction
from games.talismani.data import FIRST_TALISMAN, GAME_INFO
from games.talismani.setup import new_state
from games.talismani.state import TalismaniState
from games.talismani.views import TalismaniView, build_view


def talismans_text(score_halves: int) -> str:
    """A score in halves as talismans: 5 -> "2½", 1 -> "½", 4 -> "2" (TT-13.1)."""
    whole, half = divmod(score_halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


class TalismaniGame(Game[TalismaniState, TalismaniAction]):
    id: ClassVar[str] = "talismani"
    min_players: ClassVar[int] = GAME_INFO.players_min
    max_players: ClassVar[int] = GAME_INFO.players_max
    catalog_order: ClassVar[int] = 3
    state_type: ClassVar[type[GameState]] = TalismaniState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    search_budget: ClassVar[Budget] = Budget(worlds=16, candidates=4, moves=1000)

    # -- the protocol ---------------------------------------------------------
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> TalismaniState:
        return new_state(players, seed, options)

    def _apply(self, state: TalismaniState, seat: int, action: TalismaniAction) -> list[Event]:
        return rules.apply(state, seat, action)

    def decision(self, state: TalismaniState) -> Decision | None:
        phase = state.phase
        if phase == "play":
            # TT-5.4: everybody at once, in secret; `done` shows only who has chosen.
            return Decision(
                kind="talismani.play",
                seats=list(range(state.players)),
                mode="simultaneous",
                done=state.chosen(),
                rule="TT-5.4",
                timeout="short",
            )
        if phase == "set_aside":
            return Decision(
                kind="talismani.set_aside",
                seats=list(state.aside_seats),
                mode="simultaneous",
                done=sorted(state.aside_answers),
                rule="TT-8.1",
                timeout="short",
            )
        if phase == "stake":
            assert state.chooser is not None
            return Decision(kind="talismani.stake", seats=[state.chooser], rule="TT-8.3", timeout="short")
        if phase in ("change_order", "change_weather"):
            step = state.specials[0]
            rule = "TT-10.5" if phase == "change_order" else "TT-10.6"
            return Decision(kind=f"talismani.{phase}", seats=[step.seat], rule=rule, timeout="short")
        if phase == "share":
            seat = state.to_pick()
            assert seat is not None
            return Decision(kind="talismani.pick", seats=[seat], rule="TT-8.6", timeout="short")
        if phase == "weather":
            assert state.winner is not None
            return Decision(kind="talismani.weather", seats=[state.winner], rule="TT-11.2", timeout="short")
        return None

    def view(self, state: TalismaniState, seat: int | None) -> TalismaniView:
        return build_view(state, seat)

    def legal_actions(self, state: TalismaniState, seat: int) -> list[TalismaniAction] | None:
        decision = self.decision(state)
        return rules.legal_actions(state, seat, decision.actors if decision is not None else [])

    def undo_refusal(self, action: TalismaniAction, events: list[Event]) -> str | None:
        """Refused only where the plays or the set-aside answers are revealed (games.talismani.undo)."""
        return undo.undo_refusal(action, events)

    def sample_world(self, view: TalismaniView, rng: random.Random) -> TalismaniState:
        return world.sample_world(view, rng)

    def _default(self, state: TalismaniState, seat: int) -> TalismaniAction:
        """Spec §9, from the seat's own view (legal in every state)."""
        return defaults.default_action(build_view(state, seat))

    def outcome(self, state: TalismaniState) -> Outcome | None:
        return scoring.outcome(state)

    def ai(self, seat: int) -> ai.TalismaniAI:
        return ai.TalismaniAI(seat)

    def opening_events(self, state: TalismaniState) -> list[Event]:
        """Each seat's deal (private), then the row and the First Talisman (public)."""
        if state.turn != 1 or state.phase != "play" or state.chosen():
            return []
        events = [
            private(seat, "talismani.event.dealt", seat=seat, cards_list=list(state.hands[seat]))
            for seat in range(state.players)
        ]
        events.append(
            public(
                "talismani.event.setup",
                players=state.players,
                hand_size=len(state.hands[0]),
                suit=state.row[0],
                card=FIRST_TALISMAN,
            )
        )
        events.append(public("talismani.event.turn_started", turn=1, card=FIRST_TALISMAN, suit=state.row[0]))
        return events

    def final_events(self, state: TalismaniState) -> list[Event]:
        if state.phase != "over":
            return []
        return self.reveal_events(state)

    def reveal_events(self, state: TalismaniState) -> list[Event]:
        """Every hand: at the end, or on an early /end. The scores are not events:
        the platform's final record (board, panels, chat) gives them with their
        breakdown (cogs/talismani ``score_text``)."""
        return [
            public("talismani.event.hand_revealed", seat=seat, cards_list=list(state.hands[seat]))
            for seat in range(state.players)
        ]


GAME = TalismaniGame()
