"""Which Mag Mor actions a seat may take back (``Game.undo_refusal``).

Mag Mor draws no randomness once set up: the grid, the deal and the objectives are
shuffled at setup (MM-3.2, MM-3.4, MM-3.5), the piles are face up and counted
(MM-2, MM-4.10.2) and no die exists. So no answer here is ``UNDO_DICE`` or
``UNDO_DRAW``: what forbids a take-back is information, the terrain faces, the
other hands and the objectives (MM-4.10.3). An action may be taken back only when
everything it shows to anyone follows from what its actor saw before.

Per action kind:

* ``explore``: always refused, ``UNDO_REVEALED``: the leader privately sees the
  explored face (MM-4.2.4, R10).
* ``choose``: always refused, ``UNDO_REVEALED``: the chosen terrain is turned face
  up (MM-4.3.1).
* ``split``: allowed, the allocation is public and made of public cards (MM-4.3.4,
  R13), unless its events show a forced pass (``passed_unable``, R7). Then the
  leader could pay nothing and the round went on to the next seat. Whether that
  seat was skipped depends on its hidden hand (MM-4.4.3).
* ``pay`` and ``pass`` (payment round): allowed only when the action closes the
  crossing (``crossed_easily`` / ``crossed_with_difficulty``, MM-4.5) and shows no
  forced pass. A round that goes on shows something about the next seat's hidden
  hand. It either passes that seat by force, which shows it can afford no unpaid
  category (R7), or it stops there, which shows it can afford one. A leader could
  otherwise pay, see who can pay what, take it back and pay another category.
  A pass at Mag Mor (MM-4.7.2) shows nothing hidden: a seat is skipped there by
  its hand size, which is public (MM-3.4). But its events read exactly like a
  normal pass that hands on, so it is refused too.
* ``pay_magmor``: allowed, the two cards go public and the next seats are skipped
  by hand size alone (MM-4.7.2).

Refused in every case, ``UNDO_REVEALED``:

* a turn that the action starts by a forced move turns its cell face up
  (``revealed``, MM-4.2.3, MM-4.3.1);
* an action that ends the game (``success`` / ``failure``, MM-5.1) reveals every
  dealt objective and hand (MM-4.10.4, R24).
"""

from __future__ import annotations

from games.core.events import Event
from games.core.protocol import UNDO_REVEALED
from games.magmor.actions import Choose, Explore, MagmorAction, Pass, Pay

# Something hidden shown, by whatever action: a face turned or peeked at, the end's
# objectives, or a seat skipped because of what its hidden hand holds (R7).
SHOWN = frozenset(
    {
        "magmor.event.revealed",
        "magmor.event.explored_face",
        "magmor.event.success",
        "magmor.event.failure",
        "magmor.event.passed_unable",
    }
)
# The payment round is over: nobody else's hand was weighed (MM-4.4.2, MM-4.5).
CLOSED = frozenset({"magmor.event.crossed_easily", "magmor.event.crossed_with_difficulty"})


def undo_refusal(action: MagmorAction, events: list[Event]) -> str | None:
    """Why ``action`` may not be taken back once played with these ``events``, or None."""
    if isinstance(action, (Explore, Choose)):
        return UNDO_REVEALED
    keys = {event.key for event in events}
    if keys & SHOWN:
        return UNDO_REVEALED
    if isinstance(action, (Pay, Pass)) and not keys & CLOSED:
        return UNDO_REVEALED
    return None
