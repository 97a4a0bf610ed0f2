"""What one seat (or a spectator) may see (spec §9, R9, R10, R43).

Public: the display, every pile's top, size and whether its fountain is still
inside, every reserve and consolidated stack (face up or down), VP by source,
hand sizes, the deck size, the discard pile, the round, the final cycle, the
dispute's declarations. Private: a seat's own hand (its own view only).
Secret to all: the deck order, the piles below the top, the setup removals.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.tirnanog import scoring
from games.tirnanog.data import PILE_TYPES, is_fountain, species_of, value_of
from games.tirnanog.powers import discounted
from games.tirnanog.state import Phase, ShownDispute, TirNanOgState, species_counts


class PileView(BaseModel):
    terrain: str  # the pile's type
    top: str | None  # the visible card (a fountain only while it is disputed)
    size: int
    fountain_inside: bool  # R9: public


class StackCardView(BaseModel):
    territory: str  # R9: every card was public when placed
    face_up: bool


class SeatView(BaseModel):
    seat: int
    hand_size: int
    reserve: list[str]  # territory ids, in the order taken
    reserve_value: int  # TNO-4.3.2: at most 7
    stack: list[StackCardView]  # bottom -> top
    stack_size: int
    top: str | None  # the top card (face up or down)
    top_face_up: bool | None
    visible_types: list[str]  # TNO-2.7: types this seat may not take again
    discount: bool  # TNO-4.6.2: a face-up plain on top
    vp: int
    vp_by_source: dict[str, int]  # scoring1, scoring2, festival, temple, castle, volcano
    territory_value: int  # TNO-5.5: the tie-break
    strength: int  # TNO-4.6.5: the top-3 value a temple duel would compare


class DisputeView(BaseModel):
    fountain: str
    terrain: str  # the pile it was revealed in
    revealer: int
    order: list[int]  # declaration order
    declarations: dict[int, bool]  # made so far (public, R22); never a hand
    next_seat: int | None  # who declares now
    participants: list[int]  # after the reveal
    winner: int | None  # after the reveal
    to_discard: int  # the winner's discards (TNO-4.5.7)


class TirNanOgView(BaseModel):
    seat: int | None
    players: int
    phase: Phase
    turn: int
    round: int  # R42: 1, then 2 after the first exhaustion
    final_cycle: bool
    active: int
    first_player: int
    last_seat: int
    display: list[str]  # species, left to right
    deck_size: int
    discard: dict[str, int]  # R10: public, by species
    discard_size: int
    piles: list[PileView]
    seats: list[SeatView]
    out_of_game: list[str]  # fountains nobody won
    dispute: DisputeView | None
    hand_limit_discard: int  # cards the active player must discard now (TNO-4.2.3)
    hand: dict[str, int] | None  # private: the seat's own hand by species
    shown: ShownDispute | None = None  # the last dispute's reveal (public, TNO-4.5.3)


def seat_view(state: TirNanOgState, seat: int) -> SeatView:
    top = state.top(seat)
    return SeatView(
        seat=seat,
        hand_size=len(state.hands[seat]),
        reserve=list(state.reserves[seat]),
        reserve_value=sum(value_of(c) for c in state.reserves[seat]),
        stack=[StackCardView(territory=c.card, face_up=c.face_up) for c in state.stacks[seat]],
        stack_size=len(state.stacks[seat]),
        top=top.card if top is not None else None,
        top_face_up=top.face_up if top is not None else None,
        visible_types=[t for t in PILE_TYPES if t in state.visible_types(seat)],
        discount=discounted(state, seat),
        vp=state.total_vp(seat),
        vp_by_source=dict(state.vp[seat]),
        territory_value=scoring.territory_value(state, seat),
        strength=scoring.strength(state, seat),
    )


def dispute_view(state: TirNanOgState) -> DisputeView | None:
    dispute = state.dispute
    if dispute is None:
        return None
    return DisputeView(
        fountain=dispute.fountain,
        terrain=dispute.terrain,
        revealer=dispute.revealer,
        order=list(dispute.order),
        declarations=dict(dispute.declarations),
        next_seat=dispute.next_declarer() if state.phase == "declare" else None,
        participants=list(dispute.participants),
        winner=dispute.winner,
        to_discard=dispute.to_discard,
    )


def build_view(state: TirNanOgState, seat: int | None) -> TirNanOgView:
    mine = seat if seat is not None and 0 <= seat < state.players else None
    return TirNanOgView(
        seat=seat,
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        round=state.round,
        final_cycle=state.final_cycle,
        active=state.active,
        first_player=state.first_player,
        last_seat=state.last_seat,
        display=[species_of(c) for c in state.display],
        deck_size=len(state.deck),
        discard=species_counts(state.discard),
        discard_size=len(state.discard),
        piles=[
            PileView(
                terrain=terrain,
                top=state.piles[terrain][0] if state.piles[terrain] else None,
                size=len(state.piles[terrain]),
                fountain_inside=any(is_fountain(c) for c in state.piles[terrain]),
            )
            for terrain in PILE_TYPES
        ],
        seats=[seat_view(state, s) for s in range(state.players)],
        out_of_game=list(state.out_of_game),
        dispute=dispute_view(state),
        hand_limit_discard=state.hand_limit_discard if state.phase == "hand_limit" else 0,
        hand=species_counts(state.hands[mine]) if mine is not None else None,
        shown=state.shown.model_copy(deep=True) if state.shown is not None else None,
    )
