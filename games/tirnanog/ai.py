"""The computer player of spec §10.

Everything here reads only the seat's own :class:`TirNanOgView` (plus the public
card data), never the state: the AI cannot peek at other hands or the deck. It
only ever chooses among ``defaults.legal(view)``.
"""

from __future__ import annotations

import statistics

from games.core import Decision
from games.tirnanog import defaults
from games.tirnanog.actions import Consolidate, Declare, TakeCreatures, TakeTerritory, TirNanOgAction
from games.tirnanog.data import FAIRY, PILE_TYPES, cost, requirement, species_symbols, type_of, value_of
from games.tirnanog.payment import counts_of
from games.tirnanog.views import TirNanOgView

# §10.1: what to consolidate first (lower is better); §10.2: which pile on a tie.
CONSOLIDATE_ORDER = {"river": 0, "castle": 1, "forest": 2, "temple": 3, "volcano": 4, "plain": 5}
PILE_ORDER = {"river": 0, "castle": 1, "forest": 2, "temple": 3, "volcano": 4, "plain": 5}


class TirNanOgAI:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: TirNanOgView, decision: Decision) -> TirNanOgAction:
        if view.seat != self.seat or view.hand is None:
            raise ValueError("the AI is given its own seat's view only")
        options = defaults.legal(view)
        if not options:
            raise ValueError("the AI has nothing to decide now")
        if view.phase == "declare":
            return Declare(take_part=self.joins(view))
        if view.phase in ("hand_limit", "dispute_discard"):
            return defaults.default_action(view)  # §10.4 = D3 / D7
        return self.turn(view, options)

    # -- §10.5: disputes -----------------------------------------------------------------------
    def joins(self, view: TirNanOgView) -> bool:
        hand = defaults.hand_of(view)
        mine = defaults.me(view)
        top = mine.top if mine.top_face_up else None
        counts = dict(hand)
        if top is not None:
            for species, n in species_symbols(top).items():
                counts[species] += n
        largest = max(counts.values())
        if top is None:
            return sum(hand.values()) >= 1 or largest >= 3
        precious = type_of(top) in ("castle", "fountain")
        return largest >= (4 if precious else 3)

    # -- §10.1-3, 6: the turn ----------------------------------------------------------------
    def turn(self, view: TirNanOgView, options: list[TirNanOgAction]) -> TirNanOgAction:
        consolidations = [a for a in options if isinstance(a, Consolidate)]
        choice = self.consolidation(view, consolidations)
        if choice is not None:
            return choice
        mine = defaults.me(view)
        piles = [a for a in options if isinstance(a, TakeTerritory)]
        takes = [a for a in options if isinstance(a, TakeCreatures)]
        if piles and len(mine.reserve) < 2:
            return self.pile(view, piles)
        if takes:
            return self.take(view, takes)
        if piles:
            return self.pile(view, piles)
        return defaults.best_payment(view, consolidations)

    def consolidation(self, view: TirNanOgView, options: list[Consolidate]) -> Consolidate | None:
        """§10.1: the best payable territory by type, the discount on the most expensive one."""
        if not options:
            return None
        mine = defaults.me(view)
        hand = defaults.hand_of(view)
        last_chance = view.final_cycle or sum(hand.values()) >= 6
        acceptable = []
        for card in dict.fromkeys(a.territory for a in options):
            kind = type_of(card)
            payments = [a for a in options if a.territory == card]
            paid = defaults.best_payment(view, payments)
            after = sum(hand.values()) - len(paid.payment)
            if not last_chance and kind == "temple" and not self.temple_pays(view, card):
                continue
            if not last_chance and kind == "volcano":
                others = [s.hand_size for s in view.seats if s.seat != self.seat]
                if after > min(others):
                    continue
            rank: float = CONSOLIDATE_ORDER[kind]
            if kind == "forest" and hand[FAIRY] - counts_of(paid.payment)[FAIRY] >= 2:
                rank = 0.5  # §10.1: a festival pays more with fairies in hand
            acceptable.append((-cost(card) if mine.discount else 0, rank, paid))
        if not acceptable:
            return None
        return min(acceptable, key=lambda item: (item[0], item[1]))[2]

    def temple_pays(self, view: TirNanOgView, card: str) -> bool:
        """§10.1: a stack of 2+ already, and a top-3 strength after at least most opponents'."""
        mine = defaults.me(view)
        if mine.stack_size < 2:
            return False
        below = [value_of(c.territory) for c in mine.stack[-2:] if c.face_up]
        strength = value_of(card) + sum(below)
        others = [s.strength for s in view.seats if s.seat != self.seat]
        return strength >= statistics.median(others)

    def pile(self, view: TirNanOgView, options: list[TakeTerritory]) -> TakeTerritory:
        """§10.2: the top needing the fewest creatures lacked; ties by type preference."""
        hand = defaults.hand_of(view)
        tops = {p.terrain: p.top for p in view.piles}

        def key(action: TakeTerritory) -> tuple[int, int, int]:
            top = tops[action.terrain]
            assert top is not None
            return (
                defaults.lack_count(top, hand),
                PILE_ORDER[action.terrain],
                PILE_TYPES.index(action.terrain),
            )

        return min(options, key=key)

    def take(self, view: TirNanOgView, options: list[TakeCreatures]) -> TakeCreatures:
        """§10.3: the cards filling most missing symbols; with nothing missing, fairies and the
        species of the reserve's "?"-heavy cards."""
        hand = defaults.hand_of(view)
        reserve = defaults.me(view).reserve
        wanted = dict.fromkeys(hand, 0)
        for card in reserve:
            req, anys = requirement(card)
            for species, n in req.items():
                wanted[species] += n * (1 + anys)

        def key(action: TakeCreatures) -> tuple[int, int, int]:
            score = defaults.fills(action.species, reserve, hand)
            return (score, action.species.count(FAIRY), sum(wanted[s] for s in action.species))

        return max(options, key=key)
