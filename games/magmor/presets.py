"""Ready-made splits for the leader (MM-4.3.4): whole allocations of the found cards
that leaders usually want, so a split takes one choice instead of a click per card.

The families are those players reach for ("all to bob", "the axes to bob, the
rest to me", "the 2 axes the toll asks to bob", "one each, the rest to …") and the
normal AI's own split; each is complete (every found card goes to someone) and is
ranked by what the normal AI thinks it is worth to the leader
(``strategy.split_values``), the AI's own split first. Keeping everything is among
them only where it is the AI's own split (the ⭐ usual one, which the AI picks in most
splits: a list without it would hide the usual choice); otherwise the panel's button
does it.

Pure functions of the leader's own view, like the AI: nothing here sees another hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from games.magmor import strategy
from games.magmor.data import RESOURCES
from games.magmor.odds import Bundle
from games.magmor.views import MagmorView

Kind = Literal["all", "type", "toll", "each", "other", "keep"]
Allocation = dict[int, Bundle]
LIMIT = 25  # Discord: options in one select


@dataclass
class Preset:
    """One complete split. ``to`` gets everything (``all``), the whole type ``res``
    (``type``), ``count`` cards of ``res`` (``toll``) or, after one card each, the
    rest (``each``); ``other`` is an allocation of no family (the AI's own); ``keep``
    every card to the leader, offered only as the usual split."""

    kind: Kind
    allocation: Allocation
    to: int | None = None
    res: str | None = None
    count: int = 0
    usual: bool = False  # the normal AI's own split
    value: float = field(default=0.0, compare=False)


def normal(allocation: dict[int, dict[str, int]]) -> Allocation:
    """The allocation without empty entries, so equal splits compare equal."""
    out: Allocation = {}
    for seat, cards in allocation.items():
        kept = {res: n for res, n in cards.items() if n}
        if kept:
            out[int(seat)] = kept
    return out


def _rest(taken: Bundle, given: Allocation, to: int) -> Allocation:
    """``given`` plus every card it leaves, to ``to``."""
    out = {seat: dict(cards) for seat, cards in given.items()}
    for res, n in taken.items():
        left = n - sum(cards.get(res, 0) for cards in given.values())
        if left > 0:
            out.setdefault(to, {})
            out[to][res] = out[to].get(res, 0) + left
    return normal(out)


def one_each(view: MagmorView, me: int) -> Allocation:
    """One card to every player, the others clockwise first: from the most plentiful
    type down (then the catalog's order), so the description can say who gets what."""
    cards = [
        res
        for res in sorted(view.taken, key=lambda r: (-view.taken[r], RESOURCES.index(r)))
        for _ in range(view.taken[res])
    ]
    seats = [(me + step) % view.players for step in range(1, view.players)] + [me]
    given: Allocation = {}
    for seat, res in zip(seats, cards, strict=False):
        given.setdefault(seat, {})[res] = given.get(seat, {}).get(res, 0) + 1
    return given


def _families(view: MagmorView, me: int) -> list[Preset]:
    taken = {res: n for res, n in view.taken.items() if n}
    total = sum(taken.values())
    others = [(me + step) % view.players for step in range(1, view.players)]
    out = [Preset("all", {seat: dict(taken)}, to=seat) for seat in others]
    if total >= view.players:
        base = one_each(view, me)
        if total == view.players:
            out.append(Preset("each", base))
        else:
            out += [Preset("each", _rest(taken, base, seat), to=seat) for seat in [me, *others]]
    if len(taken) > 1:
        out += [
            Preset("type", _rest(taken, {seat: {res: n}}, me), to=seat, res=res, count=n)
            for res, n in taken.items()
            for seat in others
        ]
    for cat in view.categories:
        if cat.paid_by is None and 0 < cat.qty < taken.get(cat.res, 0):
            # The cards one category of the toll asks: the usual gift to a player who
            # will pay it (MM-4.4.3), the rest kept.
            out += [
                Preset(
                    "toll", _rest(taken, {seat: {cat.res: cat.qty}}, me), to=seat, res=cat.res, count=cat.qty
                )
                for seat in others
            ]
    return out


def split_presets(view: MagmorView, limit: int = LIMIT) -> list[Preset]:
    """The ready-made splits for the leader's panel, best first as the normal AI ranks
    them (its own split first), at most ``limit``; none when nothing was taken."""
    if view.seat is None or not sum(view.taken.values()):
        return []
    me = view.seat
    keep_all = {me: {res: n for res, n in view.taken.items() if n}}
    presets: list[Preset] = []
    for preset in _families(view, me):
        if preset.allocation != keep_all and all(p.allocation != preset.allocation for p in presets):
            presets.append(preset)
    usual = normal(strategy.split(view).allocation)
    match = next((p for p in presets if p.allocation == usual), None)
    if match is None:
        match = Preset("keep", usual, to=me) if usual == keep_all else Preset("other", usual)
        presets.append(match)
    match.usual = True
    for preset, value in zip(
        presets, strategy.split_values(view, [p.allocation for p in presets]), strict=True
    ):
        preset.value = value
    # "All to …" and "one each" are what players look for first: they stay when the
    # list is too long; the others are dropped from the lowest value up.
    kept = sorted(presets, key=lambda p: (not p.usual, p.kind not in ("all", "each"), -p.value))[:limit]
    return sorted(kept, key=lambda p: (not p.usual, -p.value))
