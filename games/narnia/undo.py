"""Which Narnia actions a player may take back (Game.undo_refusal).

Narnia hides nothing (R39, spec §9): the board, every stack, the bags by value, every drawn
card and token, every die are public. So nothing is ever refused as "revealed"; an action is
refused only where it drew randomness: dice (NA-4.4.3, NA-4.7.3), a card from the face-down
deck (NA-4.1.3, NA-3.7, NA-4.8.4) or a token from a bag (NA-3.2, R40).

By action kind:

* ``draw`` (NA-4.1.3): always ``UNDO_DRAW``, the top card of the face-down deck is turned (after
  a reshuffle of the discards when the deck is empty, NA-4.8.4 / R27).
* ``place_witch`` (NA-3.4) and ``deploy`` (NA-3.5): always ``UNDO_DRAW``. The placed token was
  drawn by the action before, but the next placement's token is drawn at once (R11: it is shown
  before its territory is chosen) and the last Peter placement shuffles the deck (NA-3.7).
* ``reinforce`` (NA-4.2.2): always ``UNDO_DRAW``, a token from Peter's bag.
* ``attack`` (NA-4.2.4): always ``UNDO_DICE``, the battle rolls at once (NA-4.4.2-4.4.3).
* ``reroll`` (NA-4.7.9, NA-4.4.6): always ``UNDO_DICE``.
* ``witch_pair`` (NA-4.6.5, NA-4.7.4): always ``UNDO_DICE``, the Witch's battle follows at once
  (NA-4.6.7); at the end of a round a Witch token is drawn before it, too (NA-4.6.6).
* ``move`` (NA-4.2.3), ``pass`` (NA-4.2.5 / R7, or declining surprise_attack, R24), ``invade``
  (NA-4.5.1), ``place_reinforcement`` (NA-4.2.2, NA-4.7.7), ``stone`` (NA-4.7.1),
  ``spell_loss`` (NA-4.7.3), ``treachery`` (NA-4.7.5), ``surprise`` (NA-4.7.8) and ``keep``
  (NA-4.4.6, D16) draw nothing themselves: ``None``, unless what the round plays at once after
  them draws; their events tell, a die named before a draw when both happened:

  - the last turn of the sequence leads to the Witch's attack (NA-4.1.10), whose pair is
    chosen for the victim when only one is legal (``rules.autoplay``): a move or a pass may
    end in her reinforcement (NA-4.6.6) and her dice (NA-4.6.7), ``UNDO_DICE``;
  - a keep announces the throw it keeps, whose dice were rolled by the action before (the one
    that offered the re-roll); but a kept throw that does not end the battle goes on with the
    next throw (NA-4.4.9), ``UNDO_DICE``.

Ending the game (NA-4.8.9, the round cap, after a turn with no Witch attack) draws nothing and
shows nothing: it is not refused here.
"""

from __future__ import annotations

from games.core.events import Event
from games.core.protocol import UNDO_DICE, UNDO_DRAW
from games.narnia.actions import NarniaAction

# What the action itself does, whatever follows.
ALWAYS: dict[str, str] = {
    "draw": UNDO_DRAW,
    "place_witch": UNDO_DRAW,
    "deploy": UNDO_DRAW,
    "reinforce": UNDO_DRAW,
    "attack": UNDO_DICE,
    "reroll": UNDO_DICE,
    "witch_pair": UNDO_DICE,
}

# A throw's result, announced once both sides' dice stand (NA-4.4.5).
THROW_EVENTS = frozenset(
    f"narnia.event.{name}" for name in ("throw_won", "throw_lost", "witch_throw_won", "witch_throw_lost")
)

# Events that come with a die roll. A battle's start is listed too: a battle always throws at
# least once (NA-4.4.9), so its start alone is enough to refuse.
DICE_EVENTS = THROW_EVENTS | frozenset(
    f"narnia.event.{name}"
    for name in (
        "battle_started",
        "witch_battle_started",
        "witch_card_battle",
        "aslan_offered",  # a throw was rolled, then paused for the holder (NA-4.4.6)
        "aslan_rerolled",
        "spell_rolled",  # evil_spell (NA-4.7.3)
    )
)

# Events that come with a card or token drawn, or a shuffle.
DRAW_EVENTS = frozenset(
    f"narnia.event.{name}"
    for name in (
        "card_drawn",
        "deck_reshuffled",
        "setup_done",  # NA-3.7: the deck is shuffled, with no event of its own
        "peter_token_drawn",
        "witch_token_drawn",
        "witch_reinforced",  # NA-4.6.6: drawn from the Witch's bag straight onto the board
    )
)


def undo_refusal(action: NarniaAction, events: list[Event]) -> str | None:
    """Why ``action`` (which produced ``events``) may not be taken back, or None."""
    fixed = ALWAYS.get(action.kind)
    if fixed is not None:
        return fixed
    rolled = [event for event in events if event.key in DICE_EVENTS]
    if action.kind in ("keep", "keep_quiet") and rolled and rolled[0].key in THROW_EVENTS:
        # The first throw a keep announces is the one rolled before it and paused for the
        # holder (NA-4.4.6): only a later throw is new.
        rolled = rolled[1:]
    if rolled:
        return UNDO_DICE
    if any(event.key in DRAW_EVENTS for event in events):
        return UNDO_DRAW
    return None
