"""Which Talismani actions a seat may take back (``Game.undo_refusal``, games.core.undo).

Nothing is random once the game is set up: every card is dealt at the start, there is no
draw pile and no reshuffle (TT-3.4, TT-4.2), and there are no dice. So no action is ever
refused for ``UNDO_DICE`` or ``UNDO_DRAW``. What an action can do is show something hidden:
the hidden things are the hands and the secret answers of the two simultaneous decisions
(R35, spec §9). Per action kind:

* ``play`` (TT-5.1 a-e) and ``forge`` (TT-5.1 f, TT-9.6): a secret choice (TT-5.4). While
  someone has still to choose, the others learn only that the seat has chosen (R35), and the
  rules let the choice be changed until the last player has submitted (R34): allowed. The
  choice that completes the set reveals every play at once (TT-5.4, TT-6.1): refused,
  ``UNDO_REVEALED``. In the same action the turn may run on (a void turn's discard TT-7, an
  automatic stake TT-8.3, forging TT-8.4, the sharing of a face-up pool TT-8.6, even the end of
  the game TT-12.2), but none of that draws or shows anything hidden: the reveal is the reason.
* ``set_aside`` (TT-8.1): simultaneous, the answers stay secret until every answer is in (R13).
  An answer before the last: allowed. The last one announces every answer: refused,
  ``UNDO_REVEALED`` (also when a lone seat was deciding: its answer, secret until then, is now
  announced to all, and the platform closes a simultaneous decision the same way).
* ``stake`` (TT-8.3): a card of the face-up pool (R35) becomes the stake: allowed. What follows
  automatically is public and certain: forging (TT-8.4), Reverse order (TT-10.4), the hand-out of
  pool cards that leave no choice (TT-8.6), the discard of a pool nobody may share (R29), the next
  turn (TT-12.1).
* ``change_order`` (TT-10.5), ``change_weather`` (TT-10.6), ``weather`` (TT-11.2): an open change
  of the public weather row: allowed.
* ``pick`` (TT-8.6): a sharer takes a card of the face-up pool, seen by all; no face-down pile is
  drawn from: allowed.

The end of the game (TT-12.2) can follow ``play`` (a void turn), ``set_aside``, ``stake``,
``change_order``, ``change_weather``, ``pick`` and ``weather``. Its events (hand emptied, stake and
pending talismans discarded, TT-12.3) are all public already; the hands shown once the game is over
(``final_events``) are the platform's business, which refuses to take back a move that ended the
game (games.core.undo), with a reason a player understands better than "revealed".
"""

from __future__ import annotations

from typing import assert_never

from games.core.events import Event
from games.core.protocol import UNDO_REVEALED
from games.talismani.actions import (
    ChangeOrder,
    ChangeWeather,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    TalismaniAction,
    Weather,
)

# TT-5.4 / TT-6: only the reveal of the whole set of plays emits these (turn.reveal).
PLAYS_REVEALED = frozenset(
    {"talismani.event.reveal", "talismani.event.revealed_play", "talismani.event.revealed_forge"}
)
# TT-8.1 / R13: every answer is announced, one of these per deciding seat, once the last is in.
ANSWERS_REVEALED = frozenset({"talismani.event.set_aside", "talismani.event.kept_in_pool"})


def undo_refusal(action: TalismaniAction, events: list[Event]) -> str | None:
    """Why ``action`` (which produced ``events``) may not be taken back, or None (see the module)."""
    keys = {event.key for event in events}
    match action:
        case PlayCards() | Forge():
            return UNDO_REVEALED if keys & PLAYS_REVEALED else None
        case SetAside():
            return UNDO_REVEALED if keys & ANSWERS_REVEALED else None
        case ChooseStake() | ChangeOrder() | ChangeWeather() | Pick() | Weather():
            # Open decisions on face-up things; nothing random follows (TT-4.2).
            return None
        case _:
            assert_never(action)
