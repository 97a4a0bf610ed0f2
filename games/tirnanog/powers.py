"""Territory powers (TNO-4.6): festival, temple duel, volcano (immediate) and castle income.

The plain's discount (continuous) is read where a consolidation is priced
(``discounted``); rivers and fountains have no power.
"""

from __future__ import annotations

from games.core import Event
from games.core.events import public
from games.tirnanog.data import FAIRY, species_of, species_symbols, type_of
from games.tirnanog.scoring import gain, seats_from, strength
from games.tirnanog.state import TirNanOgState


def discounted(state: TirNanOgState, seat: int) -> bool:
    """TNO-4.6.2 / R18: a face-up plain on top makes the next consolidation one creature cheaper."""
    top = state.face_up_top(seat)
    return top is not None and type_of(top) == "plain"


def resolve_immediate(state: TirNanOgState, seat: int, card: str, events: list[Event]) -> None:
    """TNO-4.4.5 / R19: the new top's immediate power, mandatory and automatic."""
    kind = type_of(card)
    if kind == "forest":
        festival(state, seat, card, events)
    elif kind == "temple":
        duel(state, seat, card, events)
    elif kind == "volcano":
        volcano(state, seat, card, events)


def festival(state: TirNanOgState, active: int, card: str, events: list[Event]) -> None:
    """TNO-4.6.3 / R32: everyone scores fairies in hand + fairy symbols on their face-up top,
    then everyone holding a fairy discards exactly one."""
    events.append(public("tirnanog.event.festival", seat=active, territory=card))
    order = seats_from(state, active)
    for seat in order:
        in_hand = sum(1 for c in state.hands[seat] if species_of(c) == FAIRY)
        top = state.face_up_top(seat)
        symbols = species_symbols(top)[FAIRY] if top is not None else 0
        gain(state, seat, "festival", in_hand + symbols, events, count=in_hand, symbols=symbols)
    for seat in order:
        fairy = next((c for c in state.hands[seat] if species_of(c) == FAIRY), None)
        if fairy is not None:
            state.hands[seat].remove(fairy)
            state.discard.append(fairy)
            events.append(public("tirnanog.event.fairy_discarded", seat=seat))


def duel(state: TirNanOgState, attacker: int, card: str, events: list[Event]) -> None:
    """TNO-4.6.5 / R33: only with 3+ cards in the attacker's stack; top-3 strengths compared
    with each defender separately; attacker +2 per defeated defender, a stronger defender +3."""
    size = len(state.stacks[attacker])
    if size < 3:
        events.append(public("tirnanog.event.temple_no_duel", seat=attacker, territory=card, count=size))
        return
    mine = strength(state, attacker)
    events.append(public("tirnanog.event.duel", seat=attacker, territory=card, strength=mine))
    defeated = 0
    winners: list[int] = []
    for defender in seats_from(state, attacker)[1:]:
        theirs = strength(state, defender)
        params = {"seat": attacker, "defender_seat": defender, "strength": mine, "defender_strength": theirs}
        if mine > theirs:
            defeated += 1
            events.append(public("tirnanog.event.duel_won", **params))
        elif theirs > mine:
            winners.append(defender)
            events.append(public("tirnanog.event.duel_lost", **params))
        else:
            events.append(public("tirnanog.event.duel_tie", **params))
    if defeated:
        gain(state, attacker, "temple", 2 * defeated, events, count=defeated)
    for defender in winners:
        gain(state, defender, "temple", 3, events, count=1)


def volcano(state: TirNanOgState, active: int, card: str, events: list[Event]) -> None:
    """TNO-4.6.7 / R35: fewest cards in hand +3; a lone first place lets the next
    smallest count take +1; tied first places leave no second place."""
    events.append(public("tirnanog.event.volcano", seat=active, territory=card))
    order = seats_from(state, active)
    sizes = {seat: len(state.hands[seat]) for seat in order}
    first = min(sizes.values())
    firsts = [s for s in order if sizes[s] == first]
    for seat in firsts:
        gain(state, seat, "volcano", 3, events, count=sizes[seat])
    if len(firsts) == 1 and len(order) > 1:
        second = min(n for s, n in sizes.items() if s not in firsts)
        for seat in order:
            if seat not in firsts and sizes[seat] == second:
                gain(state, seat, "volcano", 1, events, count=sizes[seat])


def castle_income(state: TirNanOgState, seat: int, events: list[Event]) -> None:
    """TNO-4.6.6 / R34: at the end of each own turn, a face-up castle on top earns 1 VP
    per OTHER player whose top is a face-up forest or river."""
    top = state.face_up_top(seat)
    if top is None or type_of(top) != "castle":
        return
    count = 0
    for other in seats_from(state, seat)[1:]:
        theirs = state.face_up_top(other)
        if theirs is not None and type_of(theirs) in ("forest", "river"):
            count += 1
    if count:
        gain(state, seat, "castle", count, events, count=count, territory=top)
