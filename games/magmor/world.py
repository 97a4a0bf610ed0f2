"""A whole Mag Mor state rebuilt from one seat's view (the ``hard`` player's worlds).

Public (MM-4.10.2), copied from the view: the piles, every hand size, honour, the day,
the path and the crossed faces, every cell's back, the turn's choice, explorations,
supply and payments. The seat's own hand, its objective and the faces it explored this
turn (MM-4.10.3, R10) are in its view.

Hidden, drawn here (the reshuffle of ``tests/magmor/test_properties.py``'s
``perturb_hidden``, from the view alone):

* the other hands: the resource cards in no pile, not in the seat's hand and not
  waiting for the split (MM-4.9.3: 10 of each type in all) dealt at random to the other
  seats, each getting its public hand size;
* the other seats' objectives and the set-aside ones (R24): the objectives other than
  the seat's own, shuffled;
* the terrain cards: a crossed or self-explored cell gets a card with its back and its
  face (its active rows: with 3 players the bottom rows do not count, R34); every other
  cell a card with its back, at random among the cards left with that back;
* the RNG.
"""

from __future__ import annotations

import random
from collections import defaultdict
from functools import cache

from games.core import Rng
from games.magmor import turn
from games.magmor.data import CARDS, OBJECTIVES, PILE_SIZE, RESOURCES
from games.magmor.grid import MAGMOR
from games.magmor.state import MagmorState
from games.magmor.views import Face, FaceRow, MagmorView

__all__ = ["sample_world"]

Back = tuple[str, str, str]
BACKS: dict[Back, list[str]] = defaultdict(list)
for _card in CARDS.values():
    BACKS[(_card.terrain, _card.explore_cost, _card.hint)].append(_card.id)


@cache
def card_face(card: str, players: int) -> Face:
    """What a card's face shows at this table (MM-4.3.2); shared, never changed."""
    rows = CARDS[card]
    return Face(
        found=[FaceRow(res=r.res, qty=r.qty) for r in turn.active_rows(rows.found, players)],
        pay=[FaceRow(res=r.res, qty=r.qty) for r in turn.active_rows(rows.pay, players)],
    )


def sample_world(view: MagmorView, rng: random.Random) -> MagmorState:
    """A state that looks exactly like ``view`` to its seat, everything it cannot see
    drawn at random."""
    me = view.seat
    if me is None or view.hand is None or view.objective_id is None or view.leader is None:
        raise ValueError("a world is sampled from a seat's own view")
    players = view.players
    others = [seat for seat in range(players) if seat != me]

    # Resource cards: 10 of each type in the piles, the hands, or taken and not yet split.
    transit = view.taken if view.phase == "split" else {}
    pool = [
        res
        for res in RESOURCES
        for _ in range(PILE_SIZE[res] - view.piles[res] - view.hand[res] - transit.get(res, 0))
    ]
    if len(pool) != sum(view.hand_sizes[seat] for seat in others):
        raise ValueError(f"{len(pool)} resource cards for other hands of {view.hand_sizes}")
    rng.shuffle(pool)
    hands: list[dict[str, int]] = []
    for seat in range(players):
        if seat == me:
            hands.append(dict(view.hand))
            continue
        size = view.hand_sizes[seat]
        dealt, pool = pool[:size], pool[size:]
        hands.append({res: dealt.count(res) for res in RESOURCES})

    # Objectives: the seat's own, then the others and the set-aside ones at random.
    secret = [o for o in sorted(OBJECTIVES) if o != view.objective_id]
    rng.shuffle(secret)
    objectives = [view.objective_id if seat == me else secret.pop() for seat in range(players)]

    # Terrain cards: faces the seat knows first, then every other cell by its back.
    free: dict[Back, list[str]] = {back: list(ids) for back, ids in BACKS.items()}
    grid: dict[str, str] = {}
    unknown: list[tuple[str, Back]] = []
    for cell in view.grid:
        if cell.cell == MAGMOR:
            continue
        assert cell.terrain is not None and cell.explore_cost is not None and cell.hint is not None
        back = (cell.terrain, cell.explore_cost, cell.hint)
        face = cell.face if cell.face is not None else view.explored.get(cell.cell)
        if face is None:
            unknown.append((cell.cell, back))
            continue
        fits = [card for card in free[back] if card_face(card, players) == face]
        if not fits:
            raise ValueError(f"no card with the back and face shown at {cell.cell}")
        card = rng.choice(fits)
        free[back].remove(card)
        grid[cell.cell] = card
    for ids in free.values():
        rng.shuffle(ids)
    for cell_id, back in unknown:
        grid[cell_id] = free[back].pop()
    grid = {cell.cell: grid[cell.cell] for cell in view.grid if cell.cell != MAGMOR}

    return MagmorState(
        players=players,
        rng=Rng(seed=rng.getrandbits(48)),
        grid=grid,
        hands=hands,
        piles=dict(view.piles),
        objectives=objectives,
        set_aside=secret,
        honour=list(view.honour),
        day=view.day,
        turn=view.turn,
        leader=view.leader,
        barred=view.barred,
        phase=view.phase,
        path=list(view.path),
        current=view.current,
        candidates=list(view.candidates),
        explorations=[e.model_copy() for e in view.explorations],
        taken=dict(view.taken),
        shortfall=dict(view.shortfall),
        categories=[c.model_copy() for c in view.categories],
        acted=list(view.acted),
        magmor_paid={seat: dict(cards) for seat, cards in view.magmor_paid.items()},
        last_crossing=view.last_crossing,
        success=view.success,
    )
