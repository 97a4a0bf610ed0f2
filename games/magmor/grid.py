"""Cells of the 6 x 6 grid: names, reading order, candidates (MM-3.2, MM-4.2.1)."""

from __future__ import annotations

from games.magmor.data import GAME_RULES

SIZE = GAME_RULES.grid_size
COLUMNS = "ABCDEFGHIJ"[:SIZE]
START = GAME_RULES.start_cell
MAGMOR = GAME_RULES.magmor_cell

# Reading order: A1, B1 ... F1, A2 ... F6 (MM-3.2, R20).
CELLS: tuple[str, ...] = tuple(f"{column}{row}" for row in range(1, SIZE + 1) for column in COLUMNS)


def is_cell(cell: str) -> bool:
    return cell in CELLS


def coords(cell: str) -> tuple[int, int]:
    """(column, row), both 0-based."""
    if not is_cell(cell):
        raise ValueError(f"not a cell: {cell!r}")
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def name(column: int, row: int) -> str:
    return f"{COLUMNS[column]}{row + 1}"


def candidates(cell: str) -> list[str]:
    """The cells one step closer to Mag Mor: right, then down (MM-4.2.1).

    Moving only right or down, a candidate can never be a crossed cell.
    """
    column, row = coords(cell)
    out = []
    if column + 1 < SIZE:
        out.append(name(column + 1, row))
    if row + 1 < SIZE:
        out.append(name(column, row + 1))
    return out


def distance_to_magmor(cell: str) -> int:
    column, row = coords(cell)
    magmor_column, magmor_row = coords(MAGMOR)
    return abs(magmor_column - column) + abs(magmor_row - row)
