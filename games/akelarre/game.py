"""The Akelarre game object the bot talks to."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.akelarre import ai, defaults, rules, scoring, undo, world
from games.akelarre.actions import ACTION_ADAPTER, AkelarreAction
from games.akelarre.data import GAME_INFO
from games.akelarre.setup import new_state
from games.akelarre.state import AkelarreState
from games.akelarre.views import AkelarreView, build_view
from games.core import Decision, Event, Game, GameState, Outcome
from games.core.budget import Budget
from games.core.events import private, public
from games.core.options import Option, Variant
from games.core.protocol import with_fresh_rng

# The decision of each step: its kind (catalog akelarre.decision.<kind>) and rule.
STEP_DECISIONS = {
    "draw": ("akelarre.draw", "AK-8.1"),
    "buy": ("akelarre.buy", "AK-9.1"),
    "pay": ("akelarre.pay", "AK-9.2"),
}


class AkelarreGame(Game[AkelarreState, AkelarreAction]):
    id: ClassVar[str] = "akelarre"
    min_players: ClassVar[int] = GAME_INFO.players_min
    max_players: ClassVar[int] = GAME_INFO.players_max
    catalog_order: ClassVar[int] = 5
    # AK-1.1 / AK-13: with 4 players the host may choose the team game (/play's teams).
    options: ClassVar[tuple[Option, ...]] = (
        Variant(
            name="teams",
            words="akelarre.option.teams",
            players=(GAME_INFO.team_variant_players,),
            partners=True,
        ),
    )
    # Exports made before R-T1 replay without it (games/core/verify.py).
    legacy_settings: ClassVar[dict[str, Any]] = {"turn_bound": False}
    state_type: ClassVar[type[GameState]] = AkelarreState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    # The hard player (games.core.search): a whole game is some 220 moves, too long to
    # play out 40 times a second; 40 moves (about three rounds) then the points as they stand.
    search_budget: ClassVar[Budget] = Budget(worlds=16, candidates=4, horizon=40, moves=1000)

    # -- the protocol ---------------------------------------------------------
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> AkelarreState:
        return new_state(players, seed, options)

    def _apply(self, state: AkelarreState, seat: int, action: AkelarreAction) -> list[Event]:
        return rules.apply(state, seat, action)

    def decision(self, state: AkelarreState) -> Decision | None:
        step = state.step
        if step == "over":
            return None
        if step == "payment":
            # AK-6.3 / R15: the place's owner, not the active player, chooses.
            assert state.payment is not None
            return Decision(kind="akelarre.payment", seats=[state.payment.owner], rule="AK-6.3")
        if step == "play":
            if state.final:
                return Decision(kind="akelarre.final_turn", seats=[state.active], rule="AK-10.4")
            return Decision(kind="akelarre.play", seats=[state.active], rule="AK-2.1")
        kind, rule = STEP_DECISIONS[step]
        return Decision(kind=kind, seats=[state.active], rule=rule)

    def view(self, state: AkelarreState, seat: int | None) -> AkelarreView:
        return build_view(state, seat)

    def legal_actions(self, state: AkelarreState, seat: int) -> list[AkelarreAction] | None:
        decision = self.decision(state)
        return rules.legal_actions(state, seat, decision.actors if decision is not None else [])

    def sample_world(self, view: AkelarreView, rng: random.Random) -> AkelarreState:
        """Other hands, deck order, unknown favourites and RNG drawn from ``view`` (world.py)."""
        return world.sample_world(view, rng)

    def dealt_world(self, state: AkelarreState, rng: random.Random) -> AkelarreState:
        """Every hand and favourite as they are, the deck reshuffled: which card a
        draw brings is no player's to know, and a bound that knew it (the oracle)
        won every team game it played (docs/decisions.md)."""
        deck = list(state.deck)
        rng.shuffle(deck)
        return with_fresh_rng(state.model_copy(update={"deck": deck}), rng)

    def _default(self, state: AkelarreState, seat: int) -> AkelarreAction:
        """Spec §9, from the seat's own view (legal in every state)."""
        return defaults.default_action(build_view(state, seat))

    def outcome(self, state: AkelarreState) -> Outcome | None:
        return scoring.outcome(state)

    def standing_now(self, state: AkelarreState) -> Outcome:
        return scoring.standing_now(state)

    def ai(self, seat: int) -> ai.AkelarreAI:
        return ai.AkelarreAI(seat)

    def undo_refusal(self, action: AkelarreAction, events: list[Event]) -> str | None:
        """Refused after a deck draw or once the turn is handed on (games.akelarre.undo)."""
        return undo.undo_refusal(action, events)

    def opening_events(self, state: AkelarreState) -> list[Event]:
        """Each seat's favourite and hand (private), then the table and the first player (public)."""
        if state.turn != 1 or state.step != "play" or state.moved or state.points != [[]] * state.players:
            return []
        events: list[Event] = []
        for seat in range(state.players):
            events.append(private(seat, "akelarre.event.favourite", seat=seat, suit=state.favourites[seat]))
            events.append(
                private(seat, "akelarre.event.dealt", seat=seat, cards_list=list(state.hands[seat]))
            )
        events.append(
            public(
                "akelarre.event.setup",
                players=state.players,
                count=len(state.places_of(0)),
                deck=len(state.deck),
            )
        )
        if state.teams:
            for team in (0, 1):
                events.append(public("akelarre.event.team", seat=team, partner_seat=team + 2))
        events.append(public("akelarre.event.first_player", seat=state.active))
        return events

    def final_events(self, state: AkelarreState) -> list[Event]:
        """Nothing more at the natural end: the platform's final record (on the board,
        in every panel and in the chat) names the winners and reveals every favourite
        with its score in words (``cogs/akelarre`` ``score_text``), so these lines would
        say it twice. An early /end has no record: :meth:`reveal_events` tells it all."""
        return []

    def reveal_events(self, state: AkelarreState) -> list[Event]:
        """Every dealt favourite and every score (AK-12.6, R25); the result once over.
        The unused favourite cards are never revealed."""
        all_scores = scoring.scores(state)
        ranked = scoring.rank(all_scores, state.teams)
        events = [
            public("akelarre.event.favourite_revealed", seat=seat, suit=family)
            for seat, family in enumerate(state.favourites)
        ]
        for standing in ranked.standings:
            score = all_scores[standing.seat]
            events.append(
                public(
                    "akelarre.event.score",
                    seat=score.seat,
                    suit=score.favourite,
                    rank=standing.rank,
                    card_count=score.cards,
                    fav_count=score.favourite_cards,
                    fav_points=score.favourite_points,
                    other_count=score.other_cards,
                    other_points=score.other_points,
                    jokers=score.jokers,
                    bonus=score.bonus,
                    total=score.total,
                )
            )
        if state.teams:
            for team in (0, 1):
                total = sum(s.total for s in all_scores if s.seat % 2 == team)
                events.append(
                    public("akelarre.event.team_score", seat=team, partner_seat=team + 2, total=total)
                )
        if state.step != "over":
            return events
        winners = ranked.winners
        best = ranked.params["best"]
        if state.teams:
            if ranked.params["draw"]:
                events.append(public("akelarre.event.team_draw", total=best))
            else:
                team = winners[0] % 2
                events.append(public("akelarre.event.team_won", seat=team, partner_seat=team + 2, total=best))
        elif ranked.params["draw"]:
            events.append(public("akelarre.event.game_drawn", count=len(winners), total=best))
        else:
            events.append(public("akelarre.event.game_won", seat=winners[0], total=best))
        return events


GAME = AkelarreGame()
