"""Which Akelarre actions a seat may take back (``Game.undo_refusal``).

Akelarre shuffles only at setup (AK-1.3, AK-1.5) and has no dice, so
``state.rng`` never moves in play. The face-down deck is where the randomness
lies: a card drawn from it is a card nobody could know (AK-8.6, AK-11.3). The
discard piles and point piles are face up and public in full (R23, R24), and
every move is announced (AK-5.10). An action may be taken back only when
everything it shows to anyone follows from what its actor saw before.

Per action kind:

* ``open``, ``add`` (AK-5.1, AK-5.2), ``take``, ``cancel_take`` (AK-5.5, AK-5.6):
  allowed. Only the actor's own hand cards and cards already on the table move,
  and a capture is public (AK-6). A completion on another's place waits for the
  owner's choice (AK-6.3, R15), which hides nothing. A take put back may leave a
  hand of one kind with no move; the engine then discards for the actor
  (``rules.forced_discard``), from its own hand, which it knew.
* ``choose_payment`` (AK-6.3): allowed. The owner picks 2 of 5 face-up cards, and
  the active player's Phase A goes on.
* ``done`` in a normal turn (AK-2.3), ``discard`` (AK-7): allowed, unless the draw
  that follows had a single source. Then the engine draws at once
  (``rules.settle``), from the deck, and the events show ``drew_deck``
  (``UNDO_DRAW``, AK-8.1, AK-8.6).
* ``draw``: from the deck, always ``UNDO_DRAW`` (AK-8.2, AK-8.6). From a discard
  pile, the cards were face up (AK-8.6, R24). It is allowed when Phase C follows
  (AK-9.1). When the turn passes on, it is refused (see below).
* ``buy``, ``pay`` (AK-9.1, AK-9.2, R19): allowed. Point piles are public (R23).
  The fifth ``pay`` ends the turn, so it is refused as below.
* ``end_turn``, ``cancel_purchase`` (AK-9, R19): they always end the turn, so they
  are always refused as below.
* ``done`` in a final turn (AK-10.4): always hands on to the next final turn or
  ends the game, so always refused as below.

Refused in every case, ``UNDO_REVEALED``: every action whose events hand the turn
to another seat (``turn``, ``final_round``, ``final_turn``) or end the game
(``game_over``). The engine plays a seat's only choice by itself (``rules.settle``).
At the start of a normal turn, a hand of a single kind with no move is discarded
at once (AK-7.1). In a final turn, a seat with no move passes (AK-10.4, R27).
Both depend on the next seat's hidden hand. Either the engine plays for that seat,
which shows a card from its hand or that it has no move, or it stops there, which
shows that neither case holds. An actor could otherwise end its turn, see which,
and take the turn back. In a normal turn the chance is small, but a hand of fewer
than 7 cards makes it real, and hand sizes cannot be read from the events. At the
end, every dealt favourite is revealed (AK-12.6, R25). A deck draw anywhere in the
events, the next seat's included, answers ``UNDO_DRAW`` first.
"""

from __future__ import annotations

from games.akelarre.actions import AkelarreAction, Draw
from games.akelarre.drawing import DECK
from games.core.events import Event
from games.core.protocol import UNDO_DRAW, UNDO_REVEALED

# A card came off the face-down deck: the public count and the drawer's own cards.
DREW = frozenset({"akelarre.event.drew_deck", "akelarre.event.drew_cards"})
# The turn went to another seat, whose hidden hand decides what the engine plays
# for it, or the game ended and the favourites are revealed.
HANDED_ON = frozenset(
    {
        "akelarre.event.turn",
        "akelarre.event.final_round",
        "akelarre.event.final_turn",
        "akelarre.event.game_over",
    }
)


def undo_refusal(action: AkelarreAction, events: list[Event]) -> str | None:
    """Why ``action`` may not be taken back once played with these ``events``, or None."""
    keys = {event.key for event in events}
    if (isinstance(action, Draw) and action.source == DECK) or keys & DREW:
        return UNDO_DRAW
    if keys & HANDED_ON:
        return UNDO_REVEALED
    return None
