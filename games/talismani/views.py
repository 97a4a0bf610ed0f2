"""What one seat (or a spectator) may see (spec §9, R35).

Public: the weather row, the stake, every seat's hand size, captures and
pending talismans, the pool, the discard, who has chosen, and every play once
revealed. Private: a seat's hand and its own secret choice (its own view only).
"""

from __future__ import annotations

from pydantic import BaseModel

from games.talismani import scoring
from games.talismani.data import FIRST_TALISMAN
from games.talismani.state import Phase, RevealedPlay, Talisman, TalismaniState

__all__ = ["ChoiceView", "RevealedPlay", "SeatView", "Talisman", "TalismaniView", "build_view"]


class SeatView(BaseModel):
    seat: int
    hand_size: int
    won: list[str]  # captured stakes: "first_talisman" (whole) or cards (halves)
    forged: list[Talisman]  # whole talismans forged
    pending: list[Talisman]  # combinations set aside, waiting for their weather (TT-9.3)
    whole: int  # First Talisman + forged (TT-13.2)
    halves: int  # other captured stakes (TT-8.2)
    score_halves: int  # TT-13.1: 2 x whole + halves
    forge_ready: bool  # may choose play (f) this turn (TT-9.6)


class ChoiceView(BaseModel):
    cards: list[str]
    forge: bool


class TalismaniView(BaseModel):
    seat: int | None
    players: int
    phase: Phase
    turn: int
    row: list[str]  # suit ids, dominant first
    stake: str | None
    stake_halves: int  # what the stake is worth: 2 for the First Talisman, else 1
    seats: list[SeatView]
    hand_sizes: list[int]
    pool: list[str]
    discard: list[str]
    chosen: list[int]  # seats that have submitted their play this turn (never what)
    # The latest reveal (public from the reveal on), ranked; void if nobody played a fairy.
    plays: list[RevealedPlay]
    reveal_turn: int | None
    void: bool
    winner: int | None
    forgers: list[int]  # seats that chose (f) this turn (public after the reveal)
    # TT-8.1: seats deciding whether to set aside, and those who have decided (not what).
    aside_seats: list[int]
    aside_done: list[int]
    aside_now: dict[int, Talisman]  # combinations set aside this turn (after all decided)
    chooser: int | None  # who picks the new stake (TT-8.3)
    special: str | None  # the CO/CW card resolving now (TT-8.5)
    special_seat: int | None
    cw_acted: bool
    sharing_order: list[int]  # TT-6.6, lowest first
    to_pick: int | None  # whose sharing pick it is
    # Private: only in the seat's own view.
    hand: list[str] | None
    my_choice: ChoiceView | None
    my_set_aside: bool | None


def copy_talisman(talisman: Talisman) -> Talisman:
    # Views never share lists with the state (cheaper than a deep copy, and as safe).
    return Talisman(suit=talisman.suit, cards=list(talisman.cards))


def seat_view(state: TalismaniState, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        hand_size=len(state.hands[seat]),
        won=list(state.won[seat]),
        forged=[copy_talisman(t) for t in state.forged[seat]],
        pending=[copy_talisman(t) for t in state.pending[seat]],
        whole=scoring.whole(state, seat),
        halves=scoring.halves(state, seat),
        score_halves=scoring.score_halves(state, seat),
        forge_ready=state.phase == "play" and bool(state.forge_ready(seat)),
    )


def build_view(state: TalismaniState, seat: int | None) -> TalismaniView:
    mine = seat if seat is not None and 0 <= seat < state.players else None
    choice = state.choices[mine] if mine is not None and state.phase == "play" else None
    aside_done = sorted(state.aside_answers)
    special = state.specials[0] if state.phase in ("change_order", "change_weather") else None
    return TalismaniView(
        seat=seat,
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        row=list(state.row),
        stake=state.stake,
        stake_halves=2 if state.stake == FIRST_TALISMAN else 1,
        seats=[seat_view(state, s) for s in range(state.players)],
        hand_sizes=state.hand_sizes(),
        pool=list(state.pool),
        discard=list(state.discard),
        chosen=state.chosen() if state.phase == "play" else [],
        plays=[p.model_copy(update={"cards": list(p.cards)}) for p in state.plays],
        reveal_turn=state.reveal_turn,
        void=state.void,
        winner=state.winner,
        forgers=list(state.forgers) if state.phase != "play" else [],
        aside_seats=list(state.aside_seats),
        aside_done=aside_done,
        # R13: the answers stay secret until every set-aside decision is in.
        aside_now={s: copy_talisman(t) for s, t in state.aside_now.items()},
        chooser=state.chooser if state.phase == "stake" else None,
        special=special.card if special is not None else None,
        special_seat=special.seat if special is not None else None,
        cw_acted=state.cw_acted,
        sharing_order=list(state.sharing_order),
        to_pick=state.to_pick(),
        hand=list(state.hands[mine]) if mine is not None else None,
        my_choice=ChoiceView(cards=list(choice.cards), forge=choice.forge) if choice is not None else None,
        my_set_aside=state.aside_answers.get(mine) if mine is not None else None,
    )
