"""The magic fountain dispute (TNO-4.5): declarations in turn, one reveal, the result.

No hand leaves the engine before every player has declared: declaration
events carry only the seat, and the dispute in a view only the declarations.
"""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.core.events import public
from games.tirnanog import turn
from games.tirnanog.data import SPECIES, is_fountain, species_of, species_symbols
from games.tirnanog.state import (
    Dispute,
    ShownDispute,
    ShownHand,
    StackCard,
    TirNanOgState,
    bundle,
    species_counts,
)


def after_take(state: TirNanOgState, terrain: str, events: list[Event]) -> None:
    """TNO-4.3.4 / TNO-4.5.1 / R21: a fountain revealed stops the game at once for a dispute;
    otherwise the next card shows and the turn ends."""
    pile = state.piles[terrain]
    if pile and is_fountain(pile[0]):
        seat = state.active
        order = [(seat + i) % state.players for i in range(state.players)]
        state.dispute = Dispute(fountain=pile[0], terrain=terrain, revealer=seat, order=order)
        state.phase = "declare"
        events.append(
            public("tirnanog.event.fountain_revealed", seat=seat, terrain=terrain, territory=pile[0])
        )
        return
    turn.reveal_top(state, terrain, events)
    turn.end_turn(state, events)


def declare(state: TirNanOgState, seat: int, take_part: bool, events: list[Event]) -> None:
    """TNO-4.5.2 / R22: public and binding; the last declaration triggers the reveal."""
    dispute = state.dispute
    assert dispute is not None
    dispute.declarations[seat] = take_part
    key = "tirnanog.event.declared_in" if take_part else "tirnanog.event.declared_out"
    events.append(public(key, seat=seat))
    if dispute.next_declarer() is None:
        resolve(state, events)


def dispute_counts(state: TirNanOgState, seat: int) -> dict[str, int]:
    """TNO-4.5.4 / R23: hand cards plus the species symbols of a face-up top ("?" ignored;
    a face-down top or a fountain adds nothing)."""
    counts = species_counts(state.hands[seat])
    top = state.face_up_top(seat)
    if top is not None:
        for species, n in species_symbols(top).items():
            counts[species] += n
    return counts


def profile(counts: dict[str, int]) -> tuple[int, ...]:
    """TNO-4.5.5 / R24: the five counts, largest first (compared lexicographically)."""
    return tuple(sorted((counts[s] for s in SPECIES), reverse=True))


def resolve(state: TirNanOgState, events: list[Event]) -> None:
    dispute = state.dispute
    assert dispute is not None
    dispute.participants = [s for s in dispute.order if dispute.declarations[s]]
    participants = dispute.participants
    shown = ShownDispute(
        fountain=dispute.fountain, turn=state.turn, revealer=dispute.revealer, participants=list(participants)
    )
    state.shown = shown  # TNO-4.5.3: public from here on
    if not participants:
        # TNO-4.5.8 / R25: nobody takes part; the fountain leaves the game.
        state.piles[dispute.terrain].pop(0)
        state.out_of_game.append(dispute.fountain)
        events.append(public("tirnanog.event.dispute_nobody", territory=dispute.fountain))
        finish(state, events)
        return
    # TNO-4.5.3: every participant's hand at once, in one event (then one line each).
    counts = {seat: dispute_counts(state, seat) for seat in participants}
    profiles = {seat: profile(counts[seat]) for seat in participants}
    best = max(profiles.values())
    leaders = [s for s in participants if profiles[s] == best]
    defeated = [s for s in participants if profiles[s] < best]  # R26: strictly worse than another
    winner = leaders[0] if len(leaders) == 1 else None
    dispute.winner = winner
    shown.winner = winner
    shown.defeated = list(defeated)
    shown.hands = [
        ShownHand(
            seat=seat,
            cards=species_counts(state.hands[seat]),
            counts=counts[seat],
            profile=list(profiles[seat]),
        )
        for seat in participants
    ]
    flipped: list[dict[str, Any]] = []
    for seat in defeated:
        top = state.top(seat)
        if top is not None and top.face_up:
            flipped.append({"seat": seat, "territory": top.card})
    events.append(
        public(
            "tirnanog.event.dispute_revealed",
            territory=dispute.fountain,
            count=len(participants),
            hands=[
                {
                    "seat": seat,
                    "cards": bundle(species_counts(state.hands[seat])),
                    "counts": bundle(counts[seat]),
                    "profile": list(profiles[seat]),
                }
                for seat in participants
            ],
            winner_seat=winner,
            tie_seats=leaders if winner is None else [],
            defeated_seats=defeated,
            flipped=flipped,
        )
    )
    for seat in participants:
        events.append(
            public(
                "tirnanog.event.dispute_hand",
                seat=seat,
                cards=bundle(species_counts(state.hands[seat])),
                total_cards=bundle(counts[seat]),
                best=profiles[seat][0],
            )
        )
    # TNO-4.5.9: the defeated flip first, then the winner places the fountain, then discards.
    for item in flipped:
        top = state.top(item["seat"])
        assert top is not None
        top.face_up = False  # TNO-4.5.6 / R30 (a fountain on top is turned too, TV-18)
        events.append(
            public("tirnanog.event.territory_flipped", seat=item["seat"], territory=item["territory"])
        )
    state.piles[dispute.terrain].pop(0)
    if winner is None:
        # TNO-4.5.5: an absolute tie; the fountain leaves the game and nobody discards (R26).
        state.out_of_game.append(dispute.fountain)
        events.append(public("tirnanog.event.dispute_tie", territory=dispute.fountain))
        finish(state, events)
        return
    # TNO-4.5.7 / R28: face up on top of the winner's stack; no VP now (R29).
    state.stacks[winner].append(StackCard(card=dispute.fountain))
    events.append(public("tirnanog.event.dispute_won", seat=winner, territory=dispute.fountain))
    must = len(participants)
    hand = state.hands[winner]
    if len(hand) <= must:
        # R27: a winner with too few cards discards the whole hand (no choice).
        if hand:
            turn.discard(state, winner, [species_of(c) for c in hand], events, DISCARD_KEY)
        finish(state, events)
        return
    dispute.to_discard = must
    state.phase = "dispute_discard"
    events.append(public("tirnanog.event.winner_must_discard", seat=winner, count=must))


DISCARD_KEY = "tirnanog.event.winner_discarded"


def winner_discards(state: TirNanOgState, seat: int, species: list[str], events: list[Event]) -> None:
    turn.discard(state, seat, species, events, DISCARD_KEY)
    finish(state, events)


def finish(state: TirNanOgState, events: list[Event]) -> None:
    """R21: after the dispute the pile's next card shows, then the revealer's turn ends."""
    dispute = state.dispute
    assert dispute is not None
    state.dispute = None
    state.phase = "turn"
    turn.reveal_top(state, dispute.terrain, events)
    turn.end_turn(state, events)
