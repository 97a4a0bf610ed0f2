"""Mag Mor's How to play picture (cogs/kit/guide_picture.py): a real expedition on its
way, the leader choosing the next terrain, its parts labelled."""

from __future__ import annotations

from cogs.kit.guide_picture import Finder, Guide, Label, Rect, Spot, words
from games.magmor.face import MagmorView

COLUMNS = "ABCDEF"


def cell(name: str, *, corner: bool = False) -> Finder:
    """Grid cell ``name`` ("C4"), found by its column's letter above the grid and its
    row's number left of it (the topmost and the leftmost such words); with
    ``corner``, only its bottom-right quarter, where the toll hint is drawn."""

    def find(spots: list[Spot], language: str) -> Rect | None:
        def axis(text: str, key: int) -> Spot | None:
            found = [s for s in spots if s.text == text]
            return min(found, key=lambda s: s.box[key]) if found else None

        column, row = axis(name[0], 1), axis(name[1:], 0)
        first, second = axis("A", 1), axis("B", 1)
        if column is None or row is None or first is None or second is None:
            return None
        step = (second.box[0] + second.box[2]) / 2 - (first.box[0] + first.box[2]) / 2
        x, y = (column.box[0] + column.box[2]) / 2, (row.box[1] + row.box[3]) / 2
        if corner:
            return x, y, x + step / 2 - 4, y + step / 2 - 4
        return x - step / 2 + 4, y - step / 2 + 4, x + step / 2 - 4, y + step / 2 - 4

    return find


def ready(v: MagmorView) -> bool:
    """The leader choosing between two terrains, a few steps from the start."""
    return v.phase == "choose" and len(v.candidates) == 2 and len(v.path) >= 3


def _hint_cell(v: MagmorView) -> str:
    """A face-down terrain beyond the candidates, to show its toll hint."""
    hidden = [c.cell for c in v.grid if not c.crossed and c.hint and c.cell not in v.candidates]
    ahead = [
        c
        for c in hidden
        if COLUMNS.index(c[0]) + int(c[1:]) > COLUMNS.index(v.path[-1][0]) + int(v.path[-1][1:]) + 1
    ]
    return (ahead or hidden)[0]


def labels(v: MagmorView) -> list[Label]:
    return [
        Label("magmor.guide.label.start", cell("A1")),
        Label("magmor.guide.label.party", cell(v.path[-1])),
        Label("magmor.guide.label.next", cell(v.candidates[0])),
        Label("magmor.guide.label.toll", cell(_hint_cell(v), corner=True)),
        Label("magmor.guide.label.magmor", cell("F6")),
        Label("magmor.guide.label.days", words("magmor.ui.pic_day")),
    ]


GUIDE = Guide(players=4, seed=7, ready=ready, labels=labels)
