"""The judgement of the ``normal`` computer player (``ai.MagmorAI``).

It reads only its seat's :class:`MagmorView` and the public card list. Each
choice is scored in "victory points I can expect", weighing three things:

* **the party**: an easy crossing keeps a day, and a day is worth as much as it
  changes the chance of reaching Mag Mor within 17 days (``Outlook``);
* **honour**: paying instead of passing, and an easy crossing for the leader,
  move honour two steps; worth their VP if the party succeeds, and more if it
  fails (then honour alone decides, MM-5.3);
* **cards**: a card is worth its objective value when the party succeeds, plus
  a little for the categories it may pay later.

What the others hold is unknown, but the piles and every hand size are public,
so the cards in the other hands are known as a whole (10 of each type minus the
piles, minus my hand). ``sample_hands`` deals them out at random, consistent
with the hand sizes, to guess who can pay what. Everything is a pure function of
the view: the random draws are seeded from it.

The spec §10 strategy it replaces (kept in ``ai`` for the §9 defaults) keeps or
hands out cards type by type and pays on fixed thresholds; this one looks at
whether the crossing can actually be paid, and by whom.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

from games.magmor import grid
from games.magmor.actions import Choose, Explore, Pass, Pay, PayMagMor, Split
from games.magmor.data import CARDS, GAME_RULES, PILE_SIZE, RESOURCES
from games.magmor.scoring import clamp_honour, honour_vp
from games.magmor.turn import active_rows
from games.magmor.views import CellView, Face, MagmorView

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
    mask = 0
    for i, (res, qty) in enumerate(cats):
        if hand[res] + (more.get(res, 0) if more else 0) >= qty:
            mask |= 1 << i
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
    total = sum(count * chance_all_paid(key, unpaid, OTHERS_PAY) for key, count in masks.items())
    return total / max(1, sum(masks.values()))


def payment_order(view: MagmorView, leader: int) -> list[int]:
    return [(leader + step) % view.players for step in range(view.players)]


def pay_option_value(values: Values, hand: Bundle, res: str, qty: int) -> float:
    """Paying a category, against passing: two honour steps for the cards."""
    assert hand[res] >= qty
    return values.honour_pair - qty * values.card[res]


def payment(view: MagmorView) -> Pay | Pass:
    """Pay the category whose payment is worth most (honour, the party's day, the
    cards it costs), or pass when every payment is worth less than passing."""
    values = values_for(view)
    me, hand = values.me, values.hand
    leader = view.leader if view.leader is not None else me
    order = payment_order(view, leader)
    after = order[order.index(me) + 1 :]
    cats: Cats = tuple((c.res, c.qty) for c in view.categories)
    unpaid = sum(1 << i for i, c in enumerate(view.categories) if c.paid_by is None)
    deals = sample_hands(view, hand)
    masks = round_masks(deals, after, cats, base_masks(deals, after, cats))
    easy_bonus = values.easy_worth + (values.honour_pair if leader == me else 0.0)
    best: Pay | Pass = Pass()
    best_value = easy_chance(masks, unpaid) * easy_bonus
    for i, (res, qty) in enumerate(cats):
        if not unpaid >> i & 1 or hand[res] < qty:
            continue
        value = pay_option_value(values, hand, res, qty)
        value += easy_chance(masks, unpaid & ~(1 << i)) * easy_bonus
        if value > best_value + 1e-9:
            best, best_value = Pay(resource=res), value
    return best


# -- the split, and the leader's whole turn ---------------------------------------


def _cell(view: MagmorView, cell: str) -> CellView:
    return view.grid[grid.CELLS.index(cell)]


def _allocations(count: int, qty: int, others: Sequence[int], me: int) -> list[dict[int, int]]:
    """Sensible ways to hand out ``count`` cards of a type a category asks ``qty``
    of: all to one player, or ``qty`` each to one or two others and the rest to me."""
    options: list[dict[int, int]] = [{me: count}]
    options += [{seat: count} for seat in others]
    if qty < count:
        options += [{seat: qty, me: count - qty} for seat in others]
    if 2 * qty <= count:
        for a, b in combinations(others, 2):
            options.append({a: qty, b: qty, me: count - 2 * qty})
    if count >= 2 and qty == 1:
        for group in combinations(others, min(count, len(others))):
            if len(group) == count:
                options.append(dict.fromkeys(group, 1))
    return options


@dataclass
class Plan:
    value: float
    allocation: dict[int, Bundle]


def leader_plan(
    view: MagmorView,
    values: Values,
    hand: Bundle,
    taken: Bundle,
    cats: Cats,
    deals: Sequence[Sequence[Bundle]],
    next_hints: frozenset[str] = frozenset(),
) -> Plan:
    """The best split of ``taken`` for a leader holding ``hand`` before a round asking
    ``cats``, and its worth: the cards, the gifts, my payment, the easy crossing."""
    me = values.me
    others = [(me + step) % view.players for step in range(1, view.players)]
    asked = dict(cats)
    base: dict[int, Bundle] = {}
    base_value = 0.0
    # Types nobody is asked for this turn are kept (they score, and pay later turns),
    # except the low-value ones that the next terrain will likely ask for (a hint of
    # the next candidates): those go to the other player with the fewest cards, who
    # can then help pay it.
    sizes = list(view.hand_sizes)
    for res, count in taken.items():
        if res not in asked:
            if values.objective[res] == 1 and res in next_hints:
                target = min(others, key=lambda seat: sizes[seat])
                sizes[target] += count
                base.setdefault(target, {})[res] = count
                base_value -= count * values.gift
                continue
            base.setdefault(me, {})[res] = count
            base_value += count * values.card[res]
    shared = [res for res in taken if res in asked]
    choices: list[list[dict[int, int]]] = [_allocations(taken[res], asked[res], others, me) for res in shared]
    easy_bonus = values.easy_worth + values.honour_pair
    full = (1 << len(cats)) - 1
    afford = base_masks(deals, others, cats)
    best: Plan | None = None
    for combo in _product(choices):
        allocation = {seat: dict(cards) for seat, cards in base.items()}
        value = base_value
        for res, split in zip(shared, combo, strict=True):
            for seat, count in split.items():
                if count:
                    allocation.setdefault(seat, {})[res] = count
                    if seat == me:
                        value += count * values.card[res]
                    else:  # a rival keeps what the category does not take from it
                        value -= (count - OTHERS_PAY * min(count, asked[res])) * values.gift
        mine = dict(hand)
        for res, count in allocation.get(me, {}).items():
            mine[res] += count
        masks = round_masks(deals, others, cats, afford, allocation)
        # My own payment: I act first (MM-4.4.2).
        round_value = easy_chance(masks, full) * easy_bonus
        for i, (res, qty) in enumerate(cats):
            if mine[res] >= qty:
                option = pay_option_value(values, mine, res, qty)
                option += easy_chance(masks, full & ~(1 << i)) * easy_bonus
                round_value = max(round_value, option)
        value += round_value
        if best is None or value > best.value + 1e-9:
            best = Plan(value, allocation)
    assert best is not None
    return best


def _product(choices: Sequence[Sequence[dict[int, int]]]) -> list[tuple[dict[int, int], ...]]:
    combos: list[tuple[dict[int, int], ...]] = [()]
    for options in choices:
        combos = [(*combo, option) for combo in combos for option in options]
    return combos


def split(view: MagmorView) -> Split:
    values = values_for(view)
    cats: Cats = tuple((c.res, c.qty) for c in view.categories if c.paid_by is None)
    deals = sample_hands(view, values.hand)
    here = view.current or view.path[-1]
    plan = leader_plan(view, values, values.hand, dict(view.taken), cats, deals, next_hints(view, here))
    return Split(allocation=plan.allocation)


# -- the choice of terrain ----------------------------------------------------------


Rows = tuple[tuple[str, int], ...]
FaceKey = tuple[Rows, Rows]  # the active found rows and pay rows


def _rows(face: Face) -> FaceKey:
    return tuple((r.res, r.qty) for r in face.found), tuple((r.res, r.qty) for r in face.pay)


def _card_face(card_id: str, players: int) -> FaceKey:
    card = CARDS[card_id]
    found = tuple((r.res, r.qty) for r in active_rows(card.found, players))
    return found, tuple((r.res, r.qty) for r in active_rows(card.pay, players))


def _back(cell: CellView) -> tuple[str | None, str | None, str | None]:
    return cell.terrain, cell.explore_cost, cell.hint


def possible_faces(view: MagmorView, cell: str) -> list[FaceKey]:
    """The faces the card at ``cell`` may have: the face I explored, else those of
    every card with its back (MM-4.2.4) that is not known to lie elsewhere: the
    crossed faces are public, and I know the faces I explored."""
    if cell in view.explored:
        return [_rows(view.explored[cell])]
    back = _back(_cell(view, cell))
    elsewhere = [
        _rows(other.face) for other in view.grid if other.face is not None and _back(other) == back
    ] + [_rows(face) for other, face in view.explored.items() if _back(_cell(view, other)) == back]
    faces = []
    for card_id, card in CARDS.items():
        if (card.terrain, card.explore_cost, card.hint) == back:
            face = _card_face(card_id, view.players)
            if face in elsewhere:
                elsewhere.remove(face)
            else:
                faces.append(face)
    return faces


def next_hints(view: MagmorView, cell: str) -> frozenset[str]:
    """The hint types of the terrains that may follow ``cell``: what the next crossing
    asks 2 or 3 of (R22)."""
    return frozenset(h for nxt in grid.candidates(cell) if (h := _cell(view, nxt).hint) is not None)


def face_value(
    view: MagmorView, values: Values, cell: str, face: FaceKey, deals: Sequence[Sequence[Bundle]]
) -> float:
    """What crossing ``cell`` with this face is worth to me as its leader."""
    found, pay = face
    taken = {res: got for res, qty in found if (got := min(qty, view.piles[res])) > 0}  # MM-4.3.3
    return leader_plan(view, values, values.hand, taken, pay, deals, next_hints(view, cell)).value


def choice(view: MagmorView) -> Explore | Choose:
    """Choose the candidate whose crossing is worth most to me, exploring first when
    what I could learn is worth more than the card it costs (MM-4.2.4)."""
    values = values_for(view)
    hand = values.hand
    deals = sample_hands(view, hand)
    worth: dict[str, list[float]] = {
        cell: [face_value(view, values, cell, face, deals) for face in possible_faces(view, cell)] or [0.0]
        for cell in view.candidates
    }
    mean = {cell: sum(vals) / len(vals) for cell, vals in worth.items()}
    if len(view.candidates) == 2:
        explored = {e.cell for e in view.explorations}
        best_gain, best_cell = 0.0, None
        for cell in view.candidates:
            cost = _cell(view, cell).explore_cost
            if cell in explored or cost is None or hand[cost] < 1 or len(worth[cell]) < 2:
                continue
            other = next(c for c in view.candidates if c != cell)
            informed = sum(max(v, mean[other]) for v in worth[cell]) / len(worth[cell])
            gain = informed - max(mean[cell], mean[other]) - values.card[cost]
            if gain > best_gain:
                best_gain, best_cell = gain, cell
        if best_cell is not None:
            return Explore(cell=best_cell)
    return Choose(cell=max(view.candidates, key=lambda cell: mean[cell]))


# -- Mag Mor ------------------------------------------------------------------------


def magmor(view: MagmorView) -> PayMagMor | Pass:
    """Pay 2 cards when it is worth it: always when the party's success hangs on it,
    or when it has failed anyway (honour alone counts); otherwise when the honour
    is worth more than the 2 cheapest cards (MM-4.7)."""
    values = values_for(view)
    me, hand, objective = values.me, values.hand, values.objective
    cards = sorted(
        (res for res in RESOURCES for _ in range(hand[res])),
        key=lambda res: (objective[res], -hand[res], RESOURCES.index(res)),
    )
    needed = GAME_RULES.magmor_cards_per_player
    if len(cards) < needed:
        return Pass()
    pair: Bundle = {}
    for res in cards[:needed]:
        pair[res] = pair.get(res, 0) + 1
    someone_passed = any(seat not in view.magmor_paid for seat in view.acted)
    last = GAME_RULES.days_last_space
    if view.day + GAME_RULES.day_advance_difficult > last:
        # A difficult crossing fails (R3): if nobody has passed, success hangs on me;
        # if someone has, the game is lost and honour alone decides (MM-5.3).
        return PayMagMor(cards=pair)
    # Success is certain: the pair against the honour, at VP value.
    honour = view.honour[me]
    swing: float = honour_vp(clamp_honour(honour + 1)) - honour_vp(clamp_honour(honour - 1))
    if view.leader == me and not someone_passed:
        # My pass would also cost me the leader's easy crossing (+1 instead of -1).
        later = [s for s in payment_order(view, me) if s != me and s not in view.acted]
        chance = 1.0
        for seat in later:
            chance *= OTHERS_PAY_MAGMOR if view.hand_sizes[seat] >= needed else 0.0
        swing += chance * (honour_vp(clamp_honour(honour + 2)) - honour_vp(honour))
    cost = sum(objective[res] * count for res, count in pair.items())
    return PayMagMor(cards=pair) if cost <= swing else Pass()
