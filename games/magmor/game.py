"""The Mag Mor game object the bot talks to."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core import Decision, Event, Game, GameState, Outcome, Rng
from games.core.budget import Budget
from games.core.events import public
from games.magmor import ai, rules, scoring, turn, undo, world
from games.magmor.actions import ACTION_ADAPTER, Choose, MagmorAction, Pass, PayMagMor
from games.magmor.data import GAME_RULES, OBJECTIVES
from games.magmor.setup import new_state
from games.magmor.state import MagmorState
from games.magmor.views import MagmorView, build_view


def objective_values(objective: str) -> dict[str, int]:
    """An objective's victory points per card as event params (``value_water``…):
    one number per resource, so a text can name each type in its own words."""
    return {f"value_{res}": vp for res, vp in OBJECTIVES[objective].items()}


class MagmorGame(Game[MagmorState, MagmorAction]):
    id: ClassVar[str] = "magmor"
    min_players: ClassVar[int] = GAME_RULES.min_players
    max_players: ClassVar[int] = GAME_RULES.max_players
    catalog_order: ClassVar[int] = 1
    state_type: ClassVar[type[GameState]] = MagmorState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    search_budget: ClassVar[Budget] = Budget(worlds=16, candidates=4, moves=800)

    # -- the protocol ---------------------------------------------------------
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> MagmorState:
        return new_state(players, seed, options)

    def _apply(self, state: MagmorState, seat: int, action: MagmorAction) -> list[Event]:
        return rules.apply(state, seat, action)

    def decision(self, state: MagmorState) -> Decision | None:
        if state.phase == "choose":
            return Decision(kind="magmor.choose", seats=[state.leader], mode="one", timeout="short")
        if state.phase == "split":
            return Decision(kind="magmor.split", seats=[state.leader], mode="one", timeout="long")
        if state.phase in ("pay", "magmor"):
            kind = "magmor.pay" if state.phase == "pay" else "magmor.magmor"
            return Decision(kind=kind, seats=state.still_to_act(), mode="ordered", timeout="short")
        return None

    def view(self, state: MagmorState, seat: int | None) -> MagmorView:
        return build_view(state, seat)

    def legal_actions(self, state: MagmorState, seat: int) -> list[MagmorAction] | None:
        return rules.legal_actions(state, seat)

    def random_action(self, state: MagmorState, seat: int, rng: random.Random) -> MagmorAction:
        """A split is too large to list (every allocation of the found cards): a
        random one is dealt card by card."""
        if state.phase == "split":
            return rules.random_split(state, Rng(seed=rng.getrandbits(48)))
        return super().random_action(state, seat, rng)

    def sample_world(self, view: MagmorView, rng: random.Random) -> MagmorState:
        return world.sample_world(view, rng)

    def _default(self, state: MagmorState, seat: int) -> MagmorAction:
        """Spec §9. D3/D4: explore nothing; choose the candidate whose hint type the
        leader holds more of; on a tie, draw from a *copy* of the state's RNG, so the
        pick is random yet this function stays pure and repeatable. D5: keep all.
        D6: the §10 payment rule. D7: the two lowest-value cards, pass with fewer."""
        view = build_view(state, seat)
        if state.phase == "choose":
            hand = state.hands[seat]
            held = {cell: hand[turn.card_at(state, cell).hint] for cell in state.candidates}
            most = max(held.values())
            best = [cell for cell in state.candidates if held[cell] == most]
            cell = best[0] if len(best) == 1 else state.rng.model_copy(deep=True).pick(best)
            return Choose(cell=cell)
        if state.phase == "split":
            return rules.keep_all(state)
        if state.phase == "pay":
            return ai.payment_choice(view)
        pair = ai.cheapest_pair(view)
        return PayMagMor(cards=pair) if pair is not None else Pass()

    def outcome(self, state: MagmorState) -> Outcome | None:
        return scoring.outcome(state)

    def ai(self, seat: int) -> ai.MagmorAI:
        return ai.MagmorAI(seat)

    def undo_refusal(self, action: MagmorAction, events: list[Event]) -> str | None:
        """Refused where a face, an objective or a clue to a hidden hand is shown (games.magmor.undo)."""
        return undo.undo_refusal(action, events)

    def final_events(self, state: MagmorState) -> list[Event]:
        """MM-4.10.4 / R24: every dealt objective and every hand, public at the end."""
        if state.phase != "over":
            return []
        return self.reveal_events(state)

    def reveal_events(self, state: MagmorState) -> list[Event]:
        """Every dealt objective and hand (and the scores once over): at the end,
        or when the host ends the game early with /end (R24)."""
        events = []
        for seat in range(state.players):
            objective = state.objectives[seat]
            events.append(
                public(
                    "magmor.event.objective_revealed",
                    seat=seat,
                    objective=objective,
                    **objective_values(objective),
                )
            )
            events.append(
                public("magmor.event.hand_revealed", seat=seat, cards=turn.nonzero(state.hands[seat]))
            )
        # The scores themselves are in the outcome (each standing's details), which
        # the table shows as the final record right below these lines.
        return events

    # -- extras beyond the core protocol ---------------------------------------
    def opening_events(self, state: MagmorState) -> list[Event]:
        """The events of setup, rebuilt from a freshly set-up state (empty later):
        each seat's deal (private), then turn 1 crossing A1 (MM-3.9, R21)."""
        if state.turn != 1 or state.phase != "split":
            return []
        events = [
            turn.for_seat(
                seat,
                "magmor.event.dealt",
                seat=seat,
                cards=turn.nonzero(state.hands[seat]),
                objective=state.objectives[seat],
                **objective_values(state.objectives[seat]),
            )
            for seat in range(state.players)
        ]
        events.append(public("magmor.event.turn_started", turn=1, seat=state.leader, day=state.day))
        events.append(turn.reveal_event(state, state.position))
        events.extend(turn.supply_events(state))
        return events


GAME = MagmorGame()
