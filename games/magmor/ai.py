"""The computer player of spec §10, and the pieces of it the defaults reuse (§9).

Everything here reads only a seat's own :class:`MagmorView` plus the public
card list, never the state: the AI cannot peek.
"""

from __future__ import annotations

from statistics import mean

from games.core import Decision
from games.magmor import grid
from games.magmor.actions import Choose, Explore, MagmorAction, Pass, Pay, PayMagMor, Split
from games.magmor.data import CARDS, GAME_RULES, PILE_SIZE, RESOURCES
from games.magmor.scoring import clamp_honour, honour_vp
from games.magmor.turn import active_rows
from games.magmor.views import CellView, Face, MagmorView


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


def _cell(view: MagmorView, cell: str) -> CellView:
    return view.grid[grid.CELLS.index(cell)]


def _net(face: Face) -> float:
    return sum(r.qty for r in face.found) - sum(r.qty for r in face.pay)


def expected_net(view: MagmorView, cell: str) -> float:
    """The mean (found - pay) of the public card list's cards with this back."""
    back = _cell(view, cell)
    nets = [
        sum(r.qty for r in active_rows(card.found, view.players))
        - sum(r.qty for r in active_rows(card.pay, view.players))
        for card in CARDS.values()
        if (card.terrain, card.explore_cost, card.hint) == (back.terrain, back.explore_cost, back.hint)
    ]
    return mean(nets) if nets else 0.0


# -- choice ---------------------------------------------------------------------


def choice_action(view: MagmorView) -> Explore | Choose:
    hand, values = _hand(view), _values(view)
    explored = {e.cell for e in view.explorations}
    if len(view.candidates) == 2 and sum(hand.values()) >= 3:
        for cell in view.candidates:
            cost = _cell(view, cell).explore_cost
            if cell not in explored and cost is not None and hand[cost] >= 1 and values[cost] == 1:
                return Explore(cell=cell)
    if view.explored:
        known = {cell: _net(face) for cell, face in view.explored.items()}
        estimate = {cell: known.get(cell, expected_net(view, cell)) for cell in view.candidates}
        return Choose(cell=max(view.candidates, key=lambda cell: estimate[cell]))

    def preference(cell: str) -> tuple[bool, float]:
        hint = _cell(view, cell).hint
        return (hint is not None and hand[hint] >= 2, expected_net(view, cell))

    return Choose(cell=max(view.candidates, key=preference))


# -- split ------------------------------------------------------------------------


def split_choice(view: MagmorView) -> Split:
    """§10 splitting: feed whoever can then pay a category, preferring another player."""
    me, hand, values = _seat(view), _hand(view), _values(view)
    sizes = list(view.hand_sizes)
    others = [(me + step) % view.players for step in range(1, view.players)]
    unpaid = {c.res: c.qty for c in view.categories if c.paid_by is None}
    fed: set[int] = set()  # one category per helper: nobody pays two (R8)
    allocation: dict[int, dict[str, int]] = {}

    def give(seat: int, res: str, count: int) -> None:
        allocation.setdefault(seat, {})[res] = count
        sizes[seat] += count

    for res, count in view.taken.items():
        qty = unpaid.get(res)
        if qty is not None:
            helpers = [s for s in others if s not in fed] if count >= qty else []
            if helpers:
                target = min(helpers, key=lambda s: sizes[s])
                fed.add(target)
                give(target, res, count)
                continue
            if hand[res] + count >= qty:
                give(me, res, count)
                continue
        if values[res] >= 2:
            give(me, res, count)
        else:
            give(min(others, key=lambda s: sizes[s]), res, count)
    return Split(allocation=allocation)


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


def magmor_choice(view: MagmorView) -> PayMagMor | Pass:
    """§10 at Mag Mor: pay the cheapest pair if worth s + 3 or less, or when urgent."""
    pair = cheapest_pair(view)
    if pair is None:
        return Pass()
    values = _values(view)
    cost = sum(values[res] * count for res, count in pair.items())
    if cost <= honour_swing(view.honour[_seat(view)]) + 3 or is_urgent(view):
        return PayMagMor(cards=pair)
    return Pass()


class MagmorAI:
    """A §10 computer player for one seat. It sees only that seat's view."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: MagmorView, decision: Decision) -> MagmorAction:
        if view.seat != self.seat:
            raise ValueError("an AI player only reads its own seat's view")
        if decision.kind == "magmor.choose":
            return choice_action(view)
        if decision.kind == "magmor.split":
            return split_choice(view)
        if decision.kind == "magmor.pay":
            return payment_choice(view)
        if decision.kind == "magmor.magmor":
            return magmor_choice(view)
        raise ValueError(f"unknown decision {decision.kind!r}")
