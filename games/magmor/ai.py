"""The computer player, and the spec §10 rules the defaults reuse (§9).

``payment_choice`` (D6) and ``cheapest_pair`` (D7) are the §10 rules the
timeouts apply, kept as the spec words them. ``MagmorAI`` (the ``normal`` level,
and the seat of a player who left, R36) plays better than §10: it weighs each
choice in :mod:`games.magmor.strategy`.

Everything here reads only a seat's own :class:`MagmorView` plus the public
card list, never the state: the AI cannot peek.
"""

from __future__ import annotations

from games.core import Decision
from games.magmor import grid, strategy
from games.magmor.actions import MagmorAction, Pass, Pay
from games.magmor.data import GAME_RULES, PILE_SIZE, RESOURCES
from games.magmor.scoring import clamp_honour, honour_vp
from games.magmor.views import MagmorView


def _hand(view: MagmorView) -> dict[str, int]:
    if view.hand is None:
        raise ValueError("the AI needs its own seat's view")
    return view.hand


def _values(view: MagmorView) -> dict[str, int]:
    if view.objective is None:
        raise ValueError("the AI needs its own seat's view")
    return view.objective


def _seat(view: MagmorView) -> int:
    if view.seat is None:
        raise ValueError("the AI needs its own seat's view")
    return view.seat


def honour_swing(honour: int) -> int:
    """§10: what paying is worth compared with passing, s = VP(h+1) - VP(h-1)."""
    return honour_vp(clamp_honour(honour + 1)) - honour_vp(clamp_honour(honour - 1))


def is_urgent(view: MagmorView) -> bool:
    """§10: slack = 17 - day - remaining crossings (this one included); urgent if <= 1."""
    if view.current is not None:
        remaining = 1 + grid.distance_to_magmor(view.current)
    else:  # still choosing: the next crossing is one step from the last crossed cell
        remaining = grid.distance_to_magmor(view.path[-1])
    return GAME_RULES.days_last_space - view.day - remaining <= 1


# -- payments ---------------------------------------------------------------------


def payment_choice(view: MagmorView) -> Pay | Pass:
    """§10 paying (also the D6 default): the cheapest affordable category if it is
    worth it, else pass."""
    me, hand, values = _seat(view), _hand(view), _values(view)
    affordable = [c for c in view.categories if c.paid_by is None and hand[c.res] >= c.qty]
    if not affordable:
        return Pass()

    def held_by_others(res: str) -> int:
        # Public record: cards of this type neither in the piles nor in our hand.
        return PILE_SIZE[res] - view.piles[res] - hand[res]

    best = min(affordable, key=lambda c: (c.qty * values[c.res], held_by_others(c.res)))
    threshold = honour_swing(view.honour[me]) + 1
    if view.leader == me:
        threshold += 1
    if is_urgent(view):
        threshold += 2
    return Pay(resource=best.res) if best.qty * values[best.res] <= threshold else Pass()


def cheapest_pair(view: MagmorView) -> dict[str, int] | None:
    """D7: the 2 lowest-value cards by own objective, ties to the type held most."""
    hand, values = _hand(view), _values(view)
    cards = [res for res in RESOURCES for _ in range(hand[res])]
    if len(cards) < GAME_RULES.magmor_cards_per_player:
        return None
    cards.sort(key=lambda res: (values[res], -hand[res], RESOURCES.index(res)))
    pair: dict[str, int] = {}
    for res in cards[: GAME_RULES.magmor_cards_per_player]:
        pair[res] = pair.get(res, 0) + 1
    return pair


class MagmorAI:
    """The ``normal`` computer player for one seat. It sees only that seat's view.

    The spec's §10 rules above stay as the §9 defaults; the player itself weighs
    each choice in ``strategy`` (the party's days, honour, the cards)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: MagmorView, decision: Decision) -> MagmorAction:
        if view.seat != self.seat:
            raise ValueError("an AI player only reads its own seat's view")
        if decision.kind == "magmor.choose":
            return strategy.choice(view)
        if decision.kind == "magmor.split":
            return strategy.split(view)
        if decision.kind == "magmor.pay":
            return strategy.payment(view)
        if decision.kind == "magmor.magmor":
            return strategy.magmor(view)
        raise ValueError(f"unknown decision {decision.kind!r}")
