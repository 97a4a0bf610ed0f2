"""What one seat (or a spectator) may see (MM-4.10.2, MM-4.10.3)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel

from games.magmor import grid, turn
from games.magmor.data import CARDS, OBJECTIVES
from games.magmor.state import Category, Crossing, Exploration, MagmorState, Phase

__all__ = [
    "Category",
    "CellView",
    "Exploration",
    "Face",
    "FaceRow",
    "MagmorView",
    "build_view",
]


class FaceRow(BaseModel):
    res: str
    qty: int


class Face(BaseModel):
    """The active rows of a face (MM-4.3.2)."""

    found: list[FaceRow]
    pay: list[FaceRow]


class CellView(BaseModel):
    cell: str
    terrain: str | None  # the back; all three are None for F6
    explore_cost: str | None
    hint: str | None
    face: Face | None  # only once crossed (public)
    crossed: bool
    magmor: bool


class MagmorView(BaseModel):
    seat: int | None
    players: int
    turn: int
    day: int
    honour: list[int]
    hand_sizes: list[int]
    piles: dict[str, int]
    leader: int | None
    barred: int | None
    phase: Literal["choose", "split", "pay", "magmor", "over"]
    grid: list[CellView]
    path: list[str]
    current: str | None
    candidates: list[str]
    explorations: list[Exploration]
    taken: dict[str, int]
    shortfall: dict[str, int]
    categories: list[Category]
    acted: list[int]
    magmor_paid: dict[int, dict[str, int]]
    last_crossing: Crossing | None
    success: bool | None
    # Private: filled only in the seat's own view.
    hand: dict[str, int] | None
    objective: dict[str, int] | None
    objective_id: str | None
    explored: dict[str, Face]


def face(state: MagmorState, cell: str) -> Face:
    card = turn.card_at(state, cell)
    return Face(
        found=[FaceRow(res=r.res, qty=r.qty) for r in turn.active_rows(card.found, state.players)],
        pay=[FaceRow(res=r.res, qty=r.qty) for r in turn.active_rows(card.pay, state.players)],
    )


def cell_view(state: MagmorState, cell: str) -> CellView:
    crossed = cell in state.path
    if crossed:
        return _cell_view(state, cell, crossed=True)
    # An uncrossed cell shows only its back: strings and flags, the same for every
    # state holding that card there. Views are built at every step of the hard
    # player's playouts, so each (cell, card) is validated once and copied shallowly
    # (its fields are immutable).
    return _back_view(cell, None if cell == grid.MAGMOR else state.grid[cell]).model_copy()


@lru_cache(maxsize=1024)
def _back_view(cell: str, card: str | None) -> CellView:
    if card is None:
        return CellView(
            cell=cell, terrain=None, explore_cost=None, hint=None, face=None, crossed=False, magmor=True
        )
    back = CARDS[card]
    return CellView(
        cell=cell,
        terrain=back.terrain,
        explore_cost=back.explore_cost,
        hint=back.hint,
        face=None,
        crossed=False,
        magmor=False,
    )


def _cell_view(state: MagmorState, cell: str, *, crossed: bool) -> CellView:
    if cell == grid.MAGMOR:
        return CellView(
            cell=cell,
            terrain=None,
            explore_cost=None,
            hint=None,
            face=None,
            crossed=crossed,
            magmor=True,
        )
    card = turn.card_at(state, cell)
    return CellView(
        cell=cell,
        terrain=card.terrain,
        explore_cost=card.explore_cost,
        hint=card.hint,
        face=face(state, cell) if crossed else None,
        crossed=crossed,
        magmor=False,
    )


def build_view(state: MagmorState, seat: int | None) -> MagmorView:
    mine = seat if seat is not None and 0 <= seat < state.players else None
    phase: Phase = state.phase
    return MagmorView(
        seat=seat,
        players=state.players,
        turn=state.turn,
        day=state.day,
        honour=list(state.honour),
        hand_sizes=[state.hand_size(s) for s in range(state.players)],
        piles=dict(state.piles),
        leader=state.leader,
        barred=state.barred,
        phase=phase,
        grid=[cell_view(state, cell) for cell in grid.CELLS],
        path=list(state.path),
        current=state.current,
        candidates=list(state.candidates),
        explorations=[e.model_copy() for e in state.explorations],
        taken=dict(state.taken),
        shortfall=dict(state.shortfall),
        categories=[c.model_copy() for c in state.categories],
        acted=list(state.acted),
        magmor_paid={s: dict(cards) for s, cards in state.magmor_paid.items()},
        last_crossing=state.last_crossing,
        success=state.success,
        hand=dict(state.hands[mine]) if mine is not None else None,
        objective=dict(OBJECTIVES[state.objectives[mine]]) if mine is not None else None,
        objective_id=state.objectives[mine] if mine is not None else None,
        # MM-4.10.3 / R10: an explored face is shown only to the leader who explored it.
        explored={
            e.cell: face(state, e.cell) for e in state.explorations if mine is not None and e.seat == mine
        },
    )
