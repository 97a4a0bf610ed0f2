"""What one seat (or a spectator) may see (AK-11, R23-R25, R36).

Public: every meeting place with its owner and group (cards in order, joker
values, what it still needs, which cards may be taken), every discard pile in
full (R24), the deck count, every point pile in full (R23), hand sizes, places
per player, whose turn and which step, the held card of a take, the cards
taken this turn (R-T1), whether a card was played or any move made this turn
(AK-5.10: every move is announced), a pending owner's choice, the final round,
the teams.
A seat's own view adds its hand and its own favourite family only (not the
partner's, R36). Every dealt favourite and the scores appear in all views once
the game is over (R25).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from games.akelarre import drawing, scoring
from games.akelarre.data import COMPLETE, FAMILIES, family_of, is_joker, label
from games.akelarre.groups import group_kind, needs, takeable
from games.akelarre.melding import place_number
from games.akelarre.scoring import Score
from games.akelarre.state import AkelarreState, Held, Placed, Step

__all__ = [
    "AkelarreView",
    "GroupCard",
    "PaymentView",
    "PileView",
    "PlaceView",
    "Score",
    "SeatView",
    "build_view",
]


class GroupCard(BaseModel):
    card: str  # card id; name it by ``label`` (akelarre.card.<label>)
    label: str  # ``GJ@5`` for a joker standing for a 5 (catalog name "Goblins joker as 5")
    family: str
    value: int  # effective value (AK-3.2)
    joker: bool


class PlaceView(BaseModel):
    id: str  # P<seat>-<k> (AK-4.6)
    owner: int
    number: int  # k
    free: bool
    kind: Literal["set", "run"] | None
    cards: list[GroupCard]  # runs lowest value first, sets in family order
    to_complete: int  # cards still missing to 5 (0 when free)
    needs_families: list[str]  # families that may still be added
    needs_values: list[int]  # values that may still be added (a set: its value; a run: its open ends)
    takeable: list[str]  # cards a take may lift now (AK-5.5): a poker's cards or a 4-run's ends


class PileView(BaseModel):
    family: str
    cards: list[str]  # bottom first (R24: public in full)
    top: str | None
    size: int


class SeatView(BaseModel):
    seat: int
    hand_size: int
    places: int  # Forest Spirit arrow (AK-4.1)
    point_pile: list[str]  # R23: public
    point_count: int
    team: int | None  # 0 (P1+P3) or 1 (P2+P4) in the team game
    shown: list[str] = []  # AK-8.6: cards of its hand it took face up from a discard pile


class PaymentView(BaseModel):
    place: str
    owner: int  # who chooses 2 cards (AK-6.3)
    payer: int  # the active player, who gets the other 3
    cards: list[str]


class AkelarreView(BaseModel):
    seat: int | None
    players: int
    teams: list[list[int]] | None
    step: Step
    active: int  # whose turn it is (the owner choosing a payment is ``payment.owner``)
    turn: int
    final_round: bool
    last_drawer: int | None  # L, who drew the last deck card (AK-10.1)
    final_queue: list[int]  # seats still to take their final turn, the current one first
    places: list[PlaceView]
    piles: list[PileView]  # canonical family order
    deck_count: int
    seats: list[SeatView]
    hand_sizes: list[int]
    held: Held | None  # a card taken and not yet placed (public: it lies face up)
    taken: list[str]  # R-T1: the cards taken this turn (public), which may not be taken again
    played: bool  # a hand card was played this turn (no discard then, AK-7.2)
    # A move (open or add, a take-only move included) was made this turn: public, every move is
    # announced (AK-5.10). A lone forced discard or final pass is then asked, not automatic.
    moved: bool
    discarded: str | None  # the family discarded onto this turn (R9)
    draw_sources: list[str]  # in the draw step: "deck" and the eligible family piles
    purchase: list[str]  # cards listed so far for a purchase (R19)
    payment: PaymentView | None
    stall_turns: int  # R26: consecutive turns without a deck draw
    stall_limit: int  # 0: safeguard off
    stall_blocked: bool
    # Private: only in the seat's own view.
    hand: list[str] | None
    favourite: str | None
    # Revealed to everyone once the game is over (R25).
    favourites: list[str] | None
    scores: list[Score] | None


def group_card(placed: Placed) -> GroupCard:
    return GroupCard(
        card=placed.card,
        label=label(placed.card, placed.value),
        family=family_of(placed.card),
        value=placed.value,
        joker=is_joker(placed.card),
    )


def place_view(place_id: str, owner: int, group: list[Placed]) -> PlaceView:
    families, values = needs(group)
    return PlaceView(
        id=place_id,
        owner=owner,
        number=place_number(place_id),
        free=not group,
        kind=group_kind(group),
        cards=[group_card(p) for p in group],
        to_complete=COMPLETE - len(group) if group else 0,
        needs_families=families,
        needs_values=values,
        takeable=takeable(group),
    )


def build_view(state: AkelarreState, seat: int | None) -> AkelarreView:
    mine = seat if seat is not None and 0 <= seat < state.players else None
    over = state.step == "over"
    payment = state.payment
    return AkelarreView(
        seat=seat,
        players=state.players,
        teams=[[0, 2], [1, 3]] if state.teams else None,
        step=state.step,
        active=state.active,
        turn=state.turn,
        final_round=state.final,
        last_drawer=state.last_drawer,
        final_queue=list(state.final_queue),
        places=[place_view(p.id, p.owner, p.group) for p in state.places],
        piles=[
            PileView(
                family=f,
                cards=list(state.piles[f]),
                top=state.piles[f][-1] if state.piles[f] else None,
                size=len(state.piles[f]),
            )
            for f in FAMILIES
        ],
        deck_count=len(state.deck),
        seats=[
            SeatView(
                seat=s,
                hand_size=len(state.hands[s]),
                places=len(state.places_of(s)),
                point_pile=list(state.points[s]),
                point_count=len(state.points[s]),
                team=s % 2 if state.teams else None,
                shown=state.shown_in_hand(s),
            )
            for s in range(state.players)
        ],
        hand_sizes=[len(h) for h in state.hands],
        held=state.held.model_copy() if state.held else None,
        taken=list(state.taken) if state.turn_bound else [],
        played=state.played,
        moved=state.moved,
        discarded=state.discarded,
        draw_sources=drawing.sources(state) if state.step == "draw" else [],
        purchase=list(state.purchase),
        payment=PaymentView(
            place=payment.place, owner=payment.owner, payer=payment.payer, cards=list(payment.cards)
        )
        if payment
        else None,
        stall_turns=state.stall_turns,
        stall_limit=state.stall_limit,
        stall_blocked=state.stall_blocked(),
        hand=list(state.hands[mine]) if mine is not None else None,
        favourite=state.favourites[mine] if mine is not None else None,
        favourites=list(state.favourites) if over else None,
        scores=scoring.scores(state) if over else None,
    )
