"""A whole Akelarre state rebuilt from one seat's view (the ``hard`` player's worlds).

Public in every view (AK-11.1, R23, R24, R-T1): the meeting places and their groups
with the joker values, the discard piles and point piles in full, the hand sizes,
the deck count, the held card of a take, the cards taken this turn, a pending
owner's choice, a purchase under way, the turn, step, final round, teams and
stall counters. A seat's own view adds its hand and its own favourite (AK-11.2).

What the seat cannot see, and how a world draws it:

* the other hands and the deck (AK-11.3): the creature cards it sees nowhere (the
  105 minus its hand, the groups, the held card, a payment's cards, the discard
  and point piles) are shuffled and dealt to the other hands, at their public
  sizes, the rest being the deck, top first; but the cards a seat took face up
  from a discard pile and still holds (AK-8.6) go to that seat's hand;
* the other seats' favourites and the unused favourite cards (AK-1.3, R25): the
  families other than its own, shuffled (the partner's too in the team game, R36);
  once the game is over every dealt favourite is public and kept;
* the state's RNG (used only at setup): a fresh seed.

A spectator's view (no seat) hides every hand and every favourite; the same rules
draw them. Not in any view, and fixed here: ``turn_bound`` (R-T1) is on, as in
every game played since the ruling (it is off only in the replay of an older
export, which no AI plays), and the schema version is the current one.
"""

from __future__ import annotations

import random

from games.akelarre.data import ALL_CARDS, FAMILIES
from games.akelarre.state import AkelarreState, Payment, Place, Placed
from games.akelarre.views import AkelarreView
from games.core import Rng

__all__ = ["hidden_cards", "sample_world", "seen_cards"]


def seen_cards(view: AkelarreView) -> list[str]:
    """Every creature card the view shows: the seat's hand, the groups, the held
    card, a pending payment's cards, the discard piles and the point piles."""
    seen = list(view.hand or [])
    seen += [card.card for place in view.places for card in place.cards]
    if view.held is not None:
        seen.append(view.held.card)
    if view.payment is not None:
        seen += view.payment.cards
    seen += [card for pile in view.piles for card in pile.cards]
    seen += [card for seat in view.seats for card in seat.point_pile]
    return seen


def hidden_cards(view: AkelarreView) -> list[str]:
    """The cards the seat cannot see (other hands and the deck), in data order."""
    seen = set(seen_cards(view))
    return [card for card in ALL_CARDS if card not in seen]


def sample_favourites(view: AkelarreView, rng: random.Random) -> tuple[list[str], list[str]]:
    """The dealt favourites by seat and the unused ones: the families the seat does
    not know, shuffled among the seats it cannot see and the unused cards."""
    players = view.players
    if view.favourites is not None:  # the game is over: every dealt favourite is public (R25)
        dealt = list(view.favourites)
        unused = [f for f in FAMILIES if f not in dealt]
        rng.shuffle(unused)
        return dealt, unused
    own = view.favourite if view.seat is not None and 0 <= view.seat < players else None
    rest = [f for f in FAMILIES if f != own]
    rng.shuffle(rest)
    dealt = []
    for seat in range(players):
        dealt.append(own if seat == view.seat and own is not None else rest.pop())
    return dealt, rest


def sample_world(view: AkelarreView, rng: random.Random) -> AkelarreState:
    """A state that looks exactly like ``view`` to its seat, with the other hands,
    the deck order, the unknown favourites and the RNG drawn at random."""
    players = view.players
    mine = view.seat if view.seat is not None and 0 <= view.seat < players else None
    seen = seen_cards(view)
    if len(seen) != len(set(seen)):
        raise ValueError("the view shows a card twice")
    unseen = hidden_cards(view)
    others = sum(size for seat, size in enumerate(view.hand_sizes) if seat != mine)
    if len(unseen) != others + view.deck_count:
        raise ValueError(
            f"the view hides {others} hand cards and {view.deck_count} deck cards, {len(unseen)} are unseen"
        )
    # AK-8.6: the cards a seat took face up from a discard pile are known to be in its hand.
    shown = [list(seat.shown) if seat.seat != mine else [] for seat in view.seats]
    known = {card for cards in shown for card in cards}
    unseen = [card for card in unseen if card not in known]
    rng.shuffle(unseen)
    hands: list[list[str]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == mine:
            assert view.hand is not None
            hands.append(list(view.hand))
        else:
            rest = size - len(shown[seat])
            hands.append([*shown[seat], *unseen[:rest]])
            del unseen[:rest]
    favourites, unused = sample_favourites(view, rng)
    payment = view.payment
    return AkelarreState(
        players=players,
        rng=Rng(seed=rng.getrandbits(48)),
        teams=view.teams is not None,
        favourites=favourites,
        unused_favourites=unused,
        hands=hands,
        deck=unseen,
        piles={pile.family: list(pile.cards) for pile in view.piles},
        points=[list(seat.point_pile) for seat in view.seats],
        places=[
            Place(
                id=place.id,
                owner=place.owner,
                group=[Placed(card=card.card, value=card.value) for card in place.cards],
            )
            for place in view.places
        ],
        active=view.active,
        step=view.step,
        turn=view.turn,
        played=view.played,
        moved=view.moved,
        discarded=view.discarded,
        held=view.held.model_copy() if view.held is not None else None,
        taken=list(view.taken),
        shown=[list(seat.shown) for seat in view.seats] if any(seat.shown for seat in view.seats) else [],
        turn_bound=True,
        payment=Payment(
            place=payment.place, owner=payment.owner, payer=payment.payer, cards=list(payment.cards)
        )
        if payment is not None
        else None,
        purchase=list(view.purchase),
        last_drawer=view.last_drawer,
        final=view.final_round,
        final_queue=list(view.final_queue),
        stall_turns=view.stall_turns,
        stall_limit=view.stall_limit,
    )
