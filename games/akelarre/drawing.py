"""Ending Phase A (AK-2.3), discarding (AK-7) and drawing (AK-8), with the stall
safeguard (R26) and the deck running out (AK-10.1)."""

from __future__ import annotations

from collections.abc import Mapping

from games.akelarre.actions import Discard, Done, Draw
from games.akelarre.data import FAMILIES, HAND_SIZE, family_of
from games.akelarre.state import AkelarreState
from games.core import Event, RuleError
from games.core.events import private, public

DECK = "deck"


def check_done(state: AkelarreState, action: Done) -> None:
    if state.held is not None:
        # AK-5.6: a taken card goes into another group in the same move, never to a hand.
        raise RuleError("akelarre.error.take_into_hand", "AK-5.6", card=state.held.card)
    if not state.final and not state.played:
        raise RuleError("akelarre.error.must_discard", "AK-7.1")


def check_discard(state: AkelarreState, seat: int, action: Discard) -> None:
    if state.final:
        raise RuleError("akelarre.error.final_turn", "AK-10.4")
    if state.held is not None:
        raise RuleError("akelarre.error.take_into_hand", "AK-5.6", card=state.held.card)
    if state.played:
        raise RuleError("akelarre.error.discard_after_play", "R8")
    if action.card not in state.hands[seat]:
        raise RuleError("akelarre.error.not_in_hand", "AK-7.1", cards_list=[action.card])


def do_discard(state: AkelarreState, seat: int, card: str, events: list[Event]) -> None:
    state.leave_hand(seat, card)
    family = family_of(card)
    state.piles[family].append(card)  # AK-7.3, R38: onto its own family's pile, a joker too
    state.discarded = family
    state.step = "draw"
    events.append(public("akelarre.event.discarded", seat=seat, card=card, suit=family))


def sources(state: AkelarreState) -> list[str]:
    """AK-8.1: the deck, then every non-empty family pile other than the one
    discarded onto this turn (R9), unless the safeguard allows only the deck (R26)."""
    sizes = {f: len(state.piles[f]) for f in FAMILIES}
    return open_sources(len(state.deck), sizes, state.discarded, state.stall_blocked())


def open_sources(deck: int, piles: Mapping[str, int], discarded: str | None, blocked: bool) -> list[str]:
    """:func:`sources` from what everyone sees (a view: the deck's count, the piles'
    sizes), so a panel can offer the draw before Phase A ends."""
    out = [DECK] if deck else []
    if blocked:
        return out
    return out + [f for f in FAMILIES if piles.get(f) and f != discarded]


def check_draw(state: AkelarreState, action: Draw) -> None:
    source = action.source
    if source == DECK:
        if not state.deck:
            raise RuleError("akelarre.error.deck_empty", "AK-10.1")
        return
    if source not in FAMILIES:
        raise RuleError("akelarre.error.unknown_pile", "AK-8.1", source=source)
    if not state.piles[source]:
        raise RuleError("akelarre.error.pile_empty", "R10", suit=source)
    if source == state.discarded:
        raise RuleError("akelarre.error.own_discard", "R9", suit=source)
    if state.stall_blocked():
        raise RuleError("akelarre.error.stall", "R26", count=state.stall_turns)


def do_draw(state: AkelarreState, seat: int, source: str, events: list[Event]) -> None:
    hand = state.hands[seat]
    wanted = HAND_SIZE - len(hand)  # AK-8.2: fill up to 7, R33: at least one (AK-8.5)
    if source == DECK:
        cards = state.deck[:wanted]
        del state.deck[: len(cards)]
        hand += cards
        state.stall_turns = 0
        # AK-8.6: only the number is public; the drawer alone sees the cards.
        events.append(public("akelarre.event.drew_deck", seat=seat, count=len(cards), deck=len(state.deck)))
        events.append(private(seat, "akelarre.event.drew_cards", seat=seat, cards_list=list(cards)))
        if not state.deck:
            state.last_drawer = seat  # AK-10.1: L's turn still finishes normally (AK-10.2)
            events.append(public("akelarre.event.deck_empty", seat=seat))
        return
    pile = state.piles[source]
    cards = pile[::-1][:wanted]  # AK-8.2: from the top, the latest discard first
    del pile[len(pile) - len(cards) :]
    hand += cards
    if not state.shown:
        state.shown = [[] for _ in range(state.players)]
    state.shown[seat] += cards  # AK-8.6: they were face up
    events.append(
        public("akelarre.event.drew_pile", seat=seat, suit=source, cards_list=list(cards), count=len(cards))
    )
    if state.stall_limit:
        state.stall_turns += 1
        if state.stall_turns == state.stall_limit:
            events.append(public("akelarre.event.stall", count=state.stall_turns))
