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

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from games.magmor import grid
from games.magmor.actions import Choose, Explore, Pass, Pay, PayMagMor, Split
from games.magmor.data import CARDS, GAME_RULES, RESOURCES
from games.magmor.odds import (
    OTHERS_PAY,
    OTHERS_PAY_MAGMOR,
    Bundle,
    Cats,
    Values,
    base_masks,
    easy_chance,
    round_masks,
    sample_hands,
    values_for,
)
from games.magmor.scoring import clamp_honour, honour_vp
from games.magmor.turn import active_rows
from games.magmor.views import CellView, Face, MagmorView


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
                    else:
                        value += _gift_value(values, asked, res, count)
        value += _round_value(values, hand, cats, deals, others, afford, allocation)
        if best is None or value > best.value + 1e-9:
            best = Plan(value, allocation)
    assert best is not None
    return best


def _round_value(
    values: Values,
    hand: Bundle,
    cats: Cats,
    deals: Sequence[Sequence[Bundle]],
    others: Sequence[int],
    afford: list[list[int]],
    allocation: dict[int, Bundle],
) -> float:
    """The payment round after ``allocation``, to me, its leader: my best payment (I act
    first, MM-4.4.2) and the chance the others pay off the rest (an easy crossing)."""
    easy_bonus = values.easy_worth + values.honour_pair
    full = (1 << len(cats)) - 1
    mine = dict(hand)
    for res, count in allocation.get(values.me, {}).items():
        mine[res] += count
    masks = round_masks(deals, others, cats, afford, allocation)
    round_value = easy_chance(masks, full) * easy_bonus
    for i, (res, qty) in enumerate(cats):
        if mine[res] >= qty:
            option = pay_option_value(values, mine, res, qty)
            option += easy_chance(masks, full & ~(1 << i)) * easy_bonus
            round_value = max(round_value, option)
    return round_value


def _gift_value(values: Values, asked: dict[str, int], res: str, count: int) -> float:
    """``count`` cards of ``res`` in a rival's hand: lost to me, but for what the toll
    takes back from it."""
    return -(count - OTHERS_PAY * min(count, asked.get(res, 0))) * values.gift


def split_values(view: MagmorView, allocations: Sequence[dict[int, Bundle]]) -> list[float]:
    """What each complete split of the found cards is worth to me, the leader, weighed
    as ``leader_plan`` weighs its own: the panel ranks its ready-made splits by it."""
    values = values_for(view)
    me = values.me
    others = [(me + step) % view.players for step in range(1, view.players)]
    cats: Cats = tuple((c.res, c.qty) for c in view.categories if c.paid_by is None)
    asked = dict(cats)
    deals = sample_hands(view, values.hand)
    afford = base_masks(deals, others, cats)
    out = []
    for allocation in allocations:
        value = 0.0
        for seat, cards in allocation.items():
            for res, count in cards.items():
                if count:
                    value += (
                        count * values.card[res] if seat == me else _gift_value(values, asked, res, count)
                    )
        out.append(value + _round_value(values, values.hand, cats, deals, others, afford, allocation))
    return out


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
