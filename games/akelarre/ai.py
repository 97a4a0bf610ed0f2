"""The computer player of spec §10.

Everything here reads only the seat's own :class:`AkelarreView` (plus the public
card data), never the state: the AI cannot see other hands, the deck or the
other players' favourites. It finds its moves with the same generator as the
rules (:mod:`games.akelarre.moves`), fed from its view.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.akelarre import defaults
from games.akelarre.actions import (
    Add,
    AkelarreAction,
    Buy,
    CancelPurchase,
    CancelTake,
    Discard,
    Done,
    Draw,
    EndTurn,
    Open,
    Pay,
    Take,
)
from games.akelarre.data import COMPLETE, PLACE_COST, family_of, is_joker, kind_of, value_of
from games.akelarre.drawing import DECK
from games.akelarre.groups import resolve
from games.akelarre.moves import Table, lifted, placements, takes
from games.akelarre.state import Held, Placed
from games.akelarre.views import AkelarreView
from games.core import Decision, RuleError

# §10.7: buy only with a deck of at least 30 and a point pile of at least 10.
BUY_MIN_DECK = 30
BUY_MIN_POINTS = 10


def size_after(table: Table, move: Open | Add) -> int:
    spot = table.spot(move.place)
    base = len(spot.group) if spot is not None and isinstance(move, Add) else 0
    return base + len(move.cards) + (1 if table.held is not None else 0)


def worth(cards: Sequence[str], favourite: str) -> int:
    """How much cards are worth to this seat (AK-12.2)."""
    total = 0
    for card in cards:
        value = value_of(card)
        if value is not None:
            total += value if family_of(card) == favourite else 1
    return total


def related(card: str, hand: Sequence[str]) -> int:
    """§10.4 / §10.6: hand cards that pair with ``card`` (same value, another
    family; or the same family within 2)."""
    value = value_of(card)
    count = 0
    for other in hand:
        other_value = value_of(other)
        if value is None or other_value is None:
            continue
        if (other_value == value and family_of(other) != family_of(card)) or (
            family_of(other) == family_of(card) and 0 < abs(other_value - value) <= 2
        ):
            count += 1
    return count


class AkelarreAI:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: AkelarreView, decision: Decision) -> AkelarreAction:
        if view.seat != self.seat or view.hand is None:
            raise ValueError("the AI is given its own seat's view only")
        step = view.step
        if step == "payment":
            return defaults.default_action(view)  # §10.8
        if step == "draw":
            return self.draw(view)
        if step == "buy":
            return Buy() if self.wants_place(view) else EndTurn()
        if step == "pay":
            return self.pay(view)
        return self.play(view)

    # -- Phase A (§10.1-5, 10) ------------------------------------------------------
    def play(self, view: AkelarreView) -> AkelarreAction:
        _seat, hand, favourite = defaults.own(view)
        table = defaults.table_of(view, hand)
        best = self.ranked(view, table)
        if view.held is not None:
            return best[0] if best else CancelTake()
        if best and size_after(table, best[0]) == COMPLETE:  # §10.1: capture first
            return best[0]
        setup = self.take_for_capture(view, table)
        if setup is not None:
            return setup
        if best:
            return best[0]
        if view.final_round or view.played:
            return Done()
        return Discard(card=defaults.discard_choice(hand, favourite))  # §10.5

    def ranked(self, view: AkelarreView, table: Table | None = None) -> list[Open | Add]:
        """The opens and adds this player would make now, best first: the move
        :meth:`play` makes is the first of them (unless a take that sets up a capture
        comes before, §10.1). Captures, own places first (§10.1); then, outside the
        final round (§10.10), opens on its own places (§10.3) and adds to them, never
        leaving a 4-card group on another's place (§10.2). With a taken card in hand,
        its captures, then where it may go safely, in the generator's order.
        The panel offers them as whole moves (cogs/akelarre/whole.py)."""
        _seat, hand, favourite = defaults.own(view)
        table = table if table is not None else defaults.table_of(view, hand)
        moves = placements(table)
        captures = [m for m in moves if size_after(table, m) == COMPLETE]
        # sorted() keeps equal moves in their order, so the first is the one max() picked.
        out = sorted(captures, key=lambda m: self.capture_value(view, table, m), reverse=True)
        if view.final_round:
            return out
        if view.held is not None:
            return out + [m for m in moves if m not in captures and self.safe(table, m)]
        own_moves = [
            m for m in moves if m not in captures and self.owns(table, m.place) and self.safe(table, m)
        ]
        for kind in (Open, Add):  # §10.3: opens first, then adds
            mine = [m for m in own_moves if isinstance(m, kind)]
            out += sorted(mine, key=lambda m: self.group_value(m.cards, favourite), reverse=True)
        return out

    def owns(self, table: Table, place_id: str) -> bool:
        spot = table.spot(place_id)
        return spot is not None and spot.owner == self.seat

    def safe(self, table: Table, move: Open | Add) -> bool:
        """§10.2: never leave a 4-card group on another player's place."""
        return self.owns(table, move.place) or size_after(table, move) != COMPLETE - 1

    @staticmethod
    def group_value(cards: Sequence[str], favourite: str) -> tuple[int, int, int]:
        # §10.3-4: favourite cards and more cards first; keep jokers when it costs nothing.
        fav = sum(1 for c in cards if family_of(c) == favourite)
        return (fav, len(cards), -sum(1 for c in cards if is_joker(c)))

    def capture_value(self, view: AkelarreView, table: Table, move: Open | Add) -> tuple[int, int]:
        _seat, _hand, favourite = defaults.own(view)
        spot = table.spot(move.place)
        group = [p.card for p in spot.group] if spot is not None and isinstance(move, Add) else []
        cards = group + list(move.cards) + ([table.held.card] if table.held else [])
        own = self.owns(table, move.place)
        return (int(own), worth(cards, favourite) if own else 0)

    def take_for_capture(self, view: AkelarreView, table: Table) -> Take | None:
        """§10.1: a take whose card completes a group in the next move."""
        best: tuple[tuple[int, int], Take] | None = None
        for take in takes(table):
            spot = table.spot(take.place)
            assert spot is not None
            index = next(i for i, p in enumerate(spot.group) if p.card == take.card)
            held = Held(card=take.card, place=take.place, value=spot.group[index].value, index=index)
            after = lifted(table, held)
            for move in placements(after):
                if size_after(after, move) == COMPLETE:
                    value = self.capture_value(view, after, move)
                    if best is None or value > best[0]:
                        best = (value, take)
        return best[1] if best is not None else None

    # -- Phase B (§10.6) ------------------------------------------------------------
    def draw(self, view: AkelarreView) -> Draw:
        _seat, hand, _favourite = defaults.own(view)
        need = 7 - len(hand)
        leading = all(s.point_count <= view.seats[self.seat].point_count for s in view.seats)
        if need <= 2 and not leading:
            for pile in view.piles:
                if pile.family not in view.draw_sources or pile.top is None:
                    continue
                if self.useful(view, pile.top, hand):
                    return Draw(source=pile.family)
        return Draw(source=DECK if DECK in view.draw_sources else view.draw_sources[0])

    def useful(self, view: AkelarreView, card: str, hand: Sequence[str]) -> bool:
        """§10.6: the card extends a group on an own place, or pairs with 2+ hand cards."""
        for place in view.places:
            if place.owner != self.seat or place.free:
                continue
            existing = [Placed(card=c.card, value=c.value) for c in place.cards]
            try:
                resolve(existing, [card])
            except RuleError:
                continue
            return True
        return related(card, hand) >= 2

    # -- Phase C (§10.7) ------------------------------------------------------------
    def payable(self, cards: Sequence[str], favourite: str) -> list[str]:
        """Non-favourite naturals (lowest first) and jokers: what §10.7 lets it pay with."""
        naturals = sorted(
            (c for c in cards if not is_joker(c) and family_of(c) != favourite),
            key=lambda c: (value_of(c) or 0, c),
        )
        return naturals + sorted(c for c in cards if is_joker(c))

    def wants_place(self, view: AkelarreView) -> bool:
        _seat, _hand, favourite = defaults.own(view)
        mine = view.seats[self.seat]
        own_places = [p for p in view.places if p.owner == self.seat]
        largest_other = max((s.point_count for s in view.seats if s.seat != self.seat), default=0)
        return (
            all(not p.free for p in own_places)
            and view.deck_count >= BUY_MIN_DECK
            and mine.point_count >= BUY_MIN_POINTS
            and len(self.payable(mine.point_pile, favourite)) >= PLACE_COST
            and mine.point_count - PLACE_COST >= largest_other
        )

    def pay(self, view: AkelarreView) -> AkelarreAction:
        _seat, _hand, favourite = defaults.own(view)
        left = list(view.seats[self.seat].point_pile)
        for card in view.purchase:
            left.remove(card)
        candidates = self.payable(left, favourite)
        if len(candidates) + len(view.purchase) < PLACE_COST:
            return CancelPurchase()
        chosen = candidates[0]
        # The lowest id of its kind: the one the legal actions list.
        return Pay(card=min(c for c in left if kind_of(c) == kind_of(chosen)))
