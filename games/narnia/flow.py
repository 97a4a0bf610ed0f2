"""The round (NA-4.1): card step, courage loop, sequence step, the Witch's attack, cleanup.

Every action handler ends either with a new pending decision or by calling :func:`resume`,
which moves the round on from wherever ``state.stage`` says it stands.
"""

from __future__ import annotations

from games.core import Event
from games.core.events import public
from games.narnia import battle, cards, witch
from games.narnia.data import CARD_TYPE, SEQUENCE
from games.narnia.state import NarniaState, RoundEffects


def reduced_sequence(state: NarniaState, card: str) -> list[int]:
    """The printed colour order, colours not in play removed, order kept (NA-4.1.6, R38)."""
    seats = {colour: seat for seat, colour in enumerate(state.colours)}
    return [seats[colour] for colour in SEQUENCE[card] if colour in seats]


def next_active(state: NarniaState, seat: int) -> int:
    """``seat`` if active, else the next active seat clockwise (NA-4.8.7, R9)."""
    for step in range(state.players):
        candidate = (seat + step) % state.players
        if state.active(candidate):
            return candidate
    return seat


def begin_round(state: NarniaState, events: list[Event]) -> None:
    """NA-4.1.2-4.1.3: the drawer must draw the round's card (D5)."""
    assert state.drawer is not None
    state.round += 1
    state.stage = "card"
    state.effects = RoundEffects()
    state.round_card = None
    state.courage_cards = []
    state.sequence = []
    state.turn_index = -1
    state.last_actor = None
    clear_pending(state)
    state.phase = "draw"
    state.actor = state.drawer
    events.append(public("narnia.event.round_started", round=state.round, seat=state.drawer))


def clear_pending(state: NarniaState) -> None:
    state.required_value = None
    state.spell_rolls = []
    state.spell_safe = None
    state.spell_losers = []
    state.witch_pairs = []


def draw_card(state: NarniaState, events: list[Event]) -> bool:
    """NA-4.1.3-4.1.5: draw, reveal, then courage (NA-4.1.4) or the round card's effect."""
    drawer = state.drawer
    assert drawer is not None
    if not state.deck:
        # NA-4.8.4 / R27: the discards become the deck; cards in play are not among them.
        state.deck = state.rng.shuffled(state.discard)
        state.discard = []
        events.append(public("narnia.event.deck_reshuffled", count=len(state.deck)))
    card = state.deck.pop(0)
    events.append(public("narnia.event.card_drawn", seat=drawer, card=card))
    # The card's text is public: it names the drawer, it does not talk to "you".
    events.append(public(f"narnia.card_text.{card}", seat=drawer))
    if CARD_TYPE[card] == "courage":
        # NA-4.7.11 / R26: an extra turn now, then a new card; no round effect is active yet.
        state.courage_cards.append(card)
        state.stage = "courage"
        state.phase = "courage"
        state.actor = drawer
        return False
    state.round_card = card
    state.sequence = reduced_sequence(state, card)
    state.stage = "card"
    return cards.resolve(state, card, events)


def resume(state: NarniaState, events: list[Event]) -> None:
    """The current step is over: go on with the round."""
    if state.phase == "over":
        return
    clear_pending(state)
    if state.stage == "courage":
        state.discard.append(state.courage_cards[-1])  # R26: discarded before the next draw
        state.stage = "card"
        state.phase = "draw"
        state.actor = state.drawer
    elif state.stage == "card":
        state.stage = "sequence"
        state.turn_index = -1
        next_turn(state, events)
    elif state.stage == "sequence":
        next_turn(state, events)
    elif state.stage == "witch":
        cleanup(state, events)
    else:
        raise ValueError(f"cannot resume from stage {state.stage!r}")


def next_turn(state: NarniaState, events: list[Event]) -> None:
    """NA-4.1.7: the next colour of the sequence takes his turn unless skipped."""
    while True:
        state.turn_index += 1
        if state.turn_index >= len(state.sequence):
            witch_step(state, events)
            return
        seat = state.sequence[state.turn_index]
        if not state.active(seat):
            continue  # NA-4.8.6: eliminated players are skipped silently
        if state.effects.blizzard == seat:
            events.append(public("narnia.event.turn_skipped", seat=seat))
            continue
        state.phase = "turn"
        state.actor = seat
        return


def witch_step(state: NarniaState, events: list[Event]) -> None:
    """NA-4.1.9-4.1.10 / R8: the Witch attacks the last actor (the drawer if nobody acted)."""
    state.stage = "witch"
    victim = state.last_actor if state.last_actor is not None else state.drawer
    assert victim is not None
    state.last_actor = victim
    _, legal = witch.round_pairs(state, victim)
    if not legal:
        # NA-4.6.2 / NA-4.6.3: no attack and no reinforcement.
        events.append(public("narnia.event.witch_no_attack", seat=victim))
        cleanup(state, events)
        return
    state.witch_pairs = legal
    state.phase = "witch_pair"
    state.actor = victim


def cleanup(state: NarniaState, events: list[Event]) -> None:
    """NA-4.1.11-4.1.12: discard the round card, round effects expire, the last actor draws;
    unless the round was the cap's last (NA-4.8.9)."""
    if state.round_card is not None:
        state.discard.append(state.round_card)
    state.round_card = None
    state.effects = RoundEffects()
    if state.round_cap is not None and state.round >= state.round_cap:
        # NA-4.8.9 / R34: the cap's round is over; scored by NA-5.2-5.4 like any end.
        battle.end_game(state, "round_cap", events)
        return
    last = state.last_actor if state.last_actor is not None else state.drawer
    assert last is not None
    drawer = next_active(state, last)
    if drawer != last:
        events.append(public("narnia.event.drawer_fallback", seat=drawer, other_seat=last))
    state.drawer = drawer
    begin_round(state, events)
