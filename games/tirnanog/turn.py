"""The turn (TNO-4.1.4): actions A, B and C, the refill, exhaustion, end of turn, end of game.

Each function assumes its action was checked (``rules.check``) and moves the
state on; the fountain dispute lives in ``dispute.py``.
"""

from __future__ import annotations

from games.core import Event
from games.core.events import public
from games.tirnanog.data import META, species_of
from games.tirnanog.payment import counts_of
from games.tirnanog.powers import castle_income, discounted, resolve_immediate
from games.tirnanog.scoring import score
from games.tirnanog.state import StackCard, TirNanOgState, bundle, species_counts


def remove_species(cards: list[str], species: list[str]) -> list[str]:
    """Take one card of each named species out of ``cards`` (the leftmost), return them."""
    taken = []
    for name in species:
        card = next(c for c in cards if species_of(c) == name)
        cards.remove(card)
        taken.append(card)
    return taken


# -- action A ---------------------------------------------------------------------------


def take_creatures(state: TirNanOgState, seat: int, species: list[str], events: list[Event]) -> None:
    """TNO-4.2.2: both cards are chosen before the refill; TNO-4.2.3: then the hand limit."""
    taken = remove_species(state.display, species)
    state.hands[seat].extend(taken)
    events.append(
        public(
            "tirnanog.event.took_creatures",
            seat=seat,
            cards=bundle(species_counts(taken)),
            count=len(taken),
        )
    )
    excess = len(state.hands[seat]) - META.hand_limit
    if excess > 0:
        state.phase = "hand_limit"
        state.hand_limit_discard = excess
        events.append(public("tirnanog.event.hand_limit", seat=seat, count=excess))
        return
    refill(state, events)
    end_turn(state, events)


def discard(state: TirNanOgState, seat: int, species: list[str], events: list[Event], key: str) -> None:
    """Discards go face up to the creature discard pile (TNO-4.2.3 / TNO-4.5.7)."""
    cards = remove_species(state.hands[seat], species)
    state.discard.extend(cards)
    events.append(public(key, seat=seat, cards=bundle(counts_of(species)), count=len(cards)))


def finish_hand_limit(state: TirNanOgState, seat: int, species: list[str], events: list[Event]) -> None:
    """R13: the discards come before the refill (so they are in a reshuffle this refill causes)."""
    discard(state, seat, species, events, "tirnanog.event.discarded")
    state.hand_limit_discard = 0
    state.phase = "turn"
    refill(state, events)
    end_turn(state, events)


def refill(state: TirNanOgState, events: list[Event]) -> None:
    """TNO-4.2.4: one card at a time, checking exhaustion after each draw (TNO-4.7.1);
    never in the final cycle (TNO-4.7.4)."""
    if state.final_cycle:
        return
    drawn: list[str] = []
    while len(state.display) < META.display_size and state.deck:
        card = state.deck.pop(0)
        state.display.append(card)
        drawn.append(card)
        if not state.deck:
            announce_refill(state, drawn, events)
            drawn = []
            exhausted(state, events)
            if state.final_cycle:
                break
    announce_refill(state, drawn, events)


def announce_refill(state: TirNanOgState, drawn: list[str], events: list[Event]) -> None:
    if drawn:
        events.append(
            public(
                "tirnanog.event.refilled",
                cards=bundle(species_counts(drawn)),
                count=len(drawn),
                deck_size=len(state.deck),
            )
        )


def exhausted(state: TirNanOgState, events: list[Event]) -> None:
    """TNO-4.7.2 / R37 (first time): round 1 ends at once, intermediate scoring, the discards
    become the new deck. TNO-4.7.3 / R38 (second time): no reshuffle, the final cycle starts."""
    state.exhaustions += 1
    if state.exhaustions == 1:
        events.append(public("tirnanog.event.deck_exhausted"))
        score(state, "scoring1", events)
        state.deck = state.rng.shuffled(state.discard)
        state.discard = []
        state.round = 2
        events.append(public("tirnanog.event.reshuffled", count=len(state.deck)))
        if state.deck:
            return
        # R37 says at least 19 cards are discarded by then; should a deck ever be empty,
        # it counts as run out again rather than leaving round 2 without an end.
        state.exhaustions += 1
    state.final_cycle = True
    events.append(public("tirnanog.event.final_cycle", seat=state.last_seat))


# -- action B ---------------------------------------------------------------------------


def take_territory(state: TirNanOgState, seat: int, terrain: str, events: list[Event]) -> None:
    """TNO-4.3.1: the pile's visible card goes face up into the reserve."""
    card = state.piles[terrain].pop(0)
    state.reserves[seat].append(card)
    events.append(public("tirnanog.event.took_territory", seat=seat, territory=card, terrain=terrain))


def reveal_top(state: TirNanOgState, terrain: str, events: list[Event]) -> None:
    """TNO-4.3.4 / TNO-4.3.5: the pile's next card is now visible, or the pile is empty."""
    pile = state.piles[terrain]
    if pile:
        events.append(public("tirnanog.event.pile_top", terrain=terrain, territory=pile[0]))
    else:
        events.append(public("tirnanog.event.pile_empty", terrain=terrain))


# -- action C ---------------------------------------------------------------------------


def consolidate(
    state: TirNanOgState, seat: int, territory: str, payment: list[str], events: list[Event]
) -> None:
    """TNO-4.4.3-4.4.5: pay, stack face up, then the new top's immediate power."""
    with_discount = discounted(state, seat)
    paid = remove_species(state.hands[seat], payment)
    state.discard.extend(paid)
    state.reserves[seat].remove(territory)
    state.stacks[seat].append(StackCard(card=territory))
    key = "tirnanog.event.consolidated_discount" if with_discount else "tirnanog.event.consolidated"
    events.append(
        public(key, seat=seat, territory=territory, cards=bundle(counts_of(payment)), count=len(paid))
    )
    resolve_immediate(state, seat, territory, events)
    end_turn(state, events)


# -- passing, end of turn, end of game ------------------------------------------------------


def pass_turn(state: TirNanOgState, events: list[Event]) -> None:
    """TNO-4.1.3 / R11: only with no legal action (final cycle); the turn still ends normally."""
    events.append(public("tirnanog.event.passed", seat=state.active))
    end_turn(state, events)


def end_turn(state: TirNanOgState, events: list[Event]) -> None:
    """TNO-4.1.4 steps 2-3: castle income, then the end of the game or the next player."""
    castle_income(state, state.active, events)
    if state.final_cycle and state.active == state.last_seat:
        finish(state, events)
        return
    state.active = (state.active + 1) % state.players
    state.turn += 1
    state.phase = "turn"
    events.append(public("tirnanog.event.turn_started", seat=state.active, turn=state.turn))


def finish(state: TirNanOgState, events: list[Event]) -> None:
    """TNO-5.3: the final scoring after the last seat's final-cycle turn."""
    events.append(public("tirnanog.event.game_end", seat=state.active))
    score(state, "scoring2", events)
    state.phase = "over"
