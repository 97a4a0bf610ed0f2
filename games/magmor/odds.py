"""The odds the ``normal`` Mag Mor player weighs (``strategy``): how likely the party
reaches Mag Mor (``Outlook``), what a card, a day and honour are worth to the seat
(``Values``), and who can pay which crossing, from hands dealt at random out of the
cards the view says the others hold as a whole (``sample_hands``). Pure functions
of the view: the random draws are seeded from it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from games.magmor import grid
from games.magmor.data import GAME_RULES, PILE_SIZE, RESOURCES
from games.magmor.scoring import clamp_honour, honour_vp
from games.magmor.views import MagmorView

SAMPLES = 12  # deals of the unknown cards per estimate
OTHERS_PAY = 0.8  # how often another player pays a category it can afford
OTHERS_PAY_MAGMOR = 0.9  # ... and its 2 cards at Mag Mor
FAIL_HONOUR = 3.0  # VP-equivalent of one honour step when the party fails
SUCCESS_WORTH = 10.0  # VP-equivalent, to me, of the party reaching Mag Mor
GIFT_COST = 0.4  # VP-equivalent lost per card handed to a rival (if the party succeeds)
FUTURE_USE = 0.3  # VP-equivalent of a card's use for paying later (at the start)
EASY_FLOOR = 5.0  # VP-equivalent of an easy crossing to the party, however large the slack
DIFFICULT_PRIOR = 0.3  # the expected share of difficult crossings before any is seen
PRIOR_WEIGHT = 3.0  # ... counted as this many crossings
TERRAINS = grid.distance_to_magmor(grid.START)  # 10 terrains on every path (MM-4.1.3)
MEAN_VALUE = 8 / 5  # an objective's mean value per card (permutations of 3, 2, 1, 1, 1)

Bundle = dict[str, int]
Cats = tuple[tuple[str, int], ...]  # (type, quantity) of each category still unpaid


# -- the outlook: how likely the party reaches Mag Mor ------------------------------


def _binom_cdf(n: int, p: float, k: int) -> float:
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))


def success_chance(day_after: int, left: int, rate: float) -> float:
    """The chance that ``left`` more crossings, each difficult with chance ``rate``,
    end within 17 days (MM-4.7.4, R3): no more than the slack may be difficult."""
    slack = GAME_RULES.days_last_space - day_after - left
    return _binom_cdf(left, rate, slack)


@dataclass(frozen=True)
class Outlook:
    """The party's prospects around the crossing at hand."""

    rate: float  # the chance a crossing is difficult, from the record so far
    if_easy: float  # P(success) if this crossing is easy
    if_difficult: float  # ... if it is difficult
    success: float  # P(success) now
    left: int  # crossings after the one at hand

    @property
    def day_worth(self) -> float:
        """What an easy crossing is worth to the party, compared with a difficult one."""
        return self.if_easy - self.if_difficult


def outlook(view: MagmorView) -> Outlook:
    """The crossing at hand is the current cell, or (while choosing) the next step."""
    crossed = len(view.path) - (1 if view.current is not None else 0)
    difficult = max(0, view.day - crossed)
    rate = (difficult + PRIOR_WEIGHT * DIFFICULT_PRIOR) / (crossed + PRIOR_WEIGHT)
    if view.current is not None:
        left = grid.distance_to_magmor(view.current)
    else:
        left = grid.distance_to_magmor(view.path[-1]) - 1
    if_easy = success_chance(view.day + 1, left, rate)
    if_difficult = success_chance(view.day + 2, left, rate)
    return Outlook(rate, if_easy, if_difficult, (1 - rate) * if_easy + rate * if_difficult, left)


# -- values -------------------------------------------------------------------------


@dataclass(frozen=True)
class Values:
    """My VP-equivalents at this moment of the game."""

    me: int
    hand: Bundle
    objective: Bundle
    outlook: Outlook
    honour_pair: float  # two honour steps: pay instead of pass, easy instead of difficult
    card: dict[str, float]  # one card of each type in my hand
    gift: float  # one card in a rival's hand

    @property
    def easy_worth(self) -> float:
        return SUCCESS_WORTH * self.outlook.day_worth + EASY_FLOOR


def values_for(view: MagmorView) -> Values:
    if view.seat is None or view.hand is None or view.objective is None:
        raise ValueError("the AI needs its own seat's view")
    me = view.seat
    look = outlook(view)
    honour = view.honour[me]
    vp_swing = honour_vp(clamp_honour(honour + 1)) - honour_vp(clamp_honour(honour - 1))
    p = look.success
    return Values(
        me=me,
        hand=dict(view.hand),
        objective=dict(view.objective),
        outlook=look,
        honour_pair=p * vp_swing + (1 - p) * 2 * FAIL_HONOUR,
        card={res: p * view.objective[res] + FUTURE_USE * look.left / TERRAINS for res in RESOURCES},
        gift=p * GIFT_COST * MEAN_VALUE,
    )


# -- the unknown hands ----------------------------------------------------------


def others_pool(view: MagmorView, hand: Bundle) -> Bundle:
    """The cards held by the other players, as a whole: neither in a pile, nor in
    my hand, nor waiting for the split (MM-4.9.3)."""
    waiting = view.taken if view.phase == "split" else {}
    return {
        res: max(0, PILE_SIZE[res] - view.piles[res] - hand[res] - waiting.get(res, 0)) for res in RESOURCES
    }


def _seed(view: MagmorView) -> str:
    return "|".join(
        str(part)
        for part in (
            view.seat,
            view.turn,
            view.day,
            view.phase,
            view.hand_sizes,
            sorted(view.piles.items()),
            sorted((view.hand or {}).items()),
            view.acted,
            [e.cell for e in view.explorations],
        )
    )


def sample_hands(view: MagmorView, hand: Bundle) -> list[list[Bundle]]:
    """``SAMPLES`` deals of the other players' cards, consistent with the public pile
    counts and hand sizes. My own entry in each deal is my real hand."""
    me = view.seat
    pool = others_pool(view, hand)
    cards = [res for res in RESOURCES for _ in range(pool[res])]
    rng = random.Random(_seed(view))
    deals = []
    for _ in range(SAMPLES):
        rng.shuffle(cards)
        deal: list[Bundle] = []
        start = 0
        for seat in range(view.players):
            bundle = dict.fromkeys(RESOURCES, 0)
            if seat == me:
                bundle.update(hand)
            else:
                for res in cards[start : start + view.hand_sizes[seat]]:
                    bundle[res] += 1
                start += view.hand_sizes[seat]
            deal.append(bundle)
        deals.append(deal)
    return deals


# -- the payment round --------------------------------------------------------------


@lru_cache(maxsize=65536)
def chance_all_paid(masks: tuple[int, ...], unpaid: int, willing: float) -> float:
    """The chance that the players still to act, in order, pay every unpaid category
    (bit i of ``unpaid``). ``masks[k]``: the categories player k can afford. Each
    pays one affordable unpaid category with chance ``willing``, uniformly."""
    if not unpaid:
        return 1.0
    if not masks:
        return 0.0
    rest = masks[1:]
    can = masks[0] & unpaid
    if not can:
        return chance_all_paid(rest, unpaid, willing)
    bits = [bit for bit in range(unpaid.bit_length()) if can >> bit & 1]
    paying = sum(chance_all_paid(rest, unpaid & ~(1 << bit), willing) for bit in bits) / len(bits)
    return willing * paying + (1 - willing) * chance_all_paid(rest, unpaid, willing)


def _afford(hand: Bundle, cats: Cats, more: Bundle | None = None) -> int:
    # Called for every deal of every split the leader weighs: one loop per case,
    # without a conditional per category.
    mask = 0
    bit = 1
    if more:
        for res, qty in cats:
            if hand[res] + more.get(res, 0) >= qty:
                mask |= bit
            bit <<= 1
    else:
        for res, qty in cats:
            if hand[res] >= qty:
                mask |= bit
            bit <<= 1
    return mask


def base_masks(deals: Sequence[Sequence[Bundle]], order: Sequence[int], cats: Cats) -> list[list[int]]:
    """For each deal, what each player of ``order`` can afford (a bit per category)."""
    return [[_afford(deal[seat], cats) for seat in order] for deal in deals]


def round_masks(
    deals: Sequence[Sequence[Bundle]],
    order: Sequence[int],
    cats: Cats,
    base: list[list[int]],
    extra: dict[int, Bundle] | None = None,
) -> Counter[tuple[int, ...]]:
    """``base`` with the ``extra`` cards a split would add; equal deals counted together."""
    changed = [(k, extra[seat]) for k, seat in enumerate(order) if extra and extra.get(seat)]
    counted: Counter[tuple[int, ...]] = Counter()
    for deal, masks in zip(deals, base, strict=True):
        if changed:
            masks = list(masks)
            for k, more in changed:
                masks[k] = _afford(deal[order[k]], cats, more)
        counted[tuple(masks)] += 1
    return counted


def easy_chance(masks: Counter[tuple[int, ...]], unpaid: int) -> float:
    """The chance, over the deals, that the players still to act pay off ``unpaid``."""
    if not unpaid:
        return 1.0
    # The same additions in the same order as a sum over a generator, without one.
    total = 0.0
    deals = 0
    for key, count in masks.items():
        total += count * chance_all_paid(key, unpaid, OTHERS_PAY)
        deals += count
    return total / max(1, deals)
