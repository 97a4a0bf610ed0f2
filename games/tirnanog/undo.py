"""Which Tir Nan Og Wars actions a player may take back (Game.undo_refusal).

Hidden here (TNO-2.5, R6, R9, spec §9): the creature deck's order, each hand (its size is
public), the territory piles below their visible tops (the fountains among them) and the setup
removals. The only random draw after setup is the reshuffle at the first exhaustion
(TNO-4.7.2); every other draw takes the next card of an order already shuffled. No action
decides alone: each is judged by what its events show.

By action kind:

* ``take_creatures`` (TNO-4.2): the two cards come from the face-up display, but the refill
  turns cards of the face-down deck (TNO-4.2.4), which may run out, score and reshuffle
  (TNO-4.7.2): ``UNDO_DRAW``. Without a refill, ``None``: a hand over the limit discards first
  (TNO-4.2.3, R13) and the final cycle never refills (TNO-4.7.4).
* ``take_territory`` (TNO-4.3): the pile's next card becomes visible (TNO-4.3.4), and may be a
  fountain (TNO-4.5.1): ``UNDO_REVEALED``. ``None`` when the pile is left empty (TNO-4.3.5):
  its size and whether a fountain is inside are public (R9).
* ``consolidate`` (TNO-4.4): the payment comes from the player's own hand and shows only what
  he chose to play (TNO-4.4.3), which taking it back cannot turn to his advantage: ``None``. A
  forest's festival makes every player reveal his fairies (TNO-4.6.3, R32): ``UNDO_REVEALED``.
  The temple (TNO-4.6.5), volcano (TNO-4.6.7, hand sizes are public) and castle (TNO-4.6.6)
  read public information only.
* ``discard`` (TNO-4.2.3 down to 7, TNO-4.5.7 a dispute winner's): the player's own cards, face
  up (R10): ``None``; but the hand-limit discard is followed by the refill (``UNDO_DRAW``,
  R13), and the winner's by the pile's next card shown (``UNDO_REVEALED``, R21).
* ``declare`` (TNO-4.5.2 / R22, one seat at a time, public): ``None`` while seats are still to
  declare, as the declaration shows only the player's own choice. The last one reveals the
  participants' hands (TNO-4.5.3) and flips the defeated tops (TNO-4.5.6): ``UNDO_REVEALED``;
  when nobody takes part the fountain leaves and the pile's next card shows (TNO-4.5.8, R21),
  which is ``UNDO_REVEALED`` too unless the pile is then empty.

For every kind, two things that may follow at once are refused as ``UNDO_REVEALED``:

* the end of the game (TNO-5.3): every hand is then shown (``final_events``);
* a turn the engine plays for the next seat because it has one legal action or none
  (``rules.advance``, TNO-4.1.3 / R11, final cycle only): it shows that seat's hand holds
  nothing else it could play.
"""

from __future__ import annotations

from games.core.events import Event
from games.core.protocol import UNDO_DRAW, UNDO_REVEALED
from games.tirnanog.actions import TirNanOgAction

# Cards turned from the face-down creature deck, or the deck shuffled.
DRAW_EVENTS = frozenset(f"tirnanog.event.{name}" for name in ("refilled", "deck_exhausted", "reshuffled"))

# Something hidden shown to everyone.
REVEAL_EVENTS = frozenset(
    f"tirnanog.event.{name}"
    for name in (
        "pile_top",  # TNO-4.3.4: the next card of a pile (the order below the top is secret, R9)
        "fountain_revealed",  # TNO-4.5.1
        "dispute_revealed",  # TNO-4.5.3: the participants' hands
        "dispute_hand",
        "festival",  # TNO-4.6.3: every player's fairies in hand
        "game_end",  # TNO-5.3: every hand is shown at the end
    )
)

# The next seat's turn has begun: whatever follows it in the same action was played for him.
TURN_STARTED = "tirnanog.event.turn_started"


def undo_refusal(action: TirNanOgAction, events: list[Event]) -> str | None:
    """Why ``action`` (which produced ``events``) may not be taken back, or None."""
    keys = [event.key for event in events]
    if any(key in DRAW_EVENTS for key in keys):
        return UNDO_DRAW
    if any(key in REVEAL_EVENTS for key in keys):
        return UNDO_REVEALED
    if TURN_STARTED in keys and keys.index(TURN_STARTED) < len(keys) - 1:
        return UNDO_REVEALED
    return None
