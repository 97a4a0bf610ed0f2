"""Every legal Phase A move of a table, de-duplicated (identical cards give one move).

A :class:`Table` is plain data (a hand, the places with their groups, the held
card), built from the state by the rules or from a seat's own view by the
defaults and the AI, so the AI never needs the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.akelarre.actions import Add, Open, Take
from games.akelarre.data import (
    COMPLETE,
    MIN_GROUP,
    VALUES,
    family_of,
    is_joker,
    kind_of,
    sort_cards,
    value_of,
)
from games.akelarre.groups import declarations, group_kind, takeable
from games.akelarre.state import Held, Placed


@dataclass(frozen=True)
class Spot:
    """A meeting place as a move sees it."""

    id: str
    owner: int
    group: tuple[Placed, ...]


@dataclass(frozen=True)
class Table:
    hand: tuple[str, ...]
    spots: tuple[Spot, ...]
    held: Held | None
    taken: frozenset[str] = frozenset()  # R-T1: cards taken this turn, not to be taken again

    def spot(self, place_id: str) -> Spot | None:
        return next((s for s in self.spots if s.id == place_id), None)


def distinct(hand: Iterable[str]) -> list[str]:
    """One card of each kind (the lowest id), in canonical order."""
    first: dict[str, str] = {}
    for card in sorted(hand):
        first.setdefault(kind_of(card), card)
    return sort_cards(list(first.values()))


def _subsets(cards: Sequence[str], sizes: Iterable[int]) -> Iterable[tuple[str, ...]]:
    for size in sizes:
        if 0 <= size <= len(cards):
            yield from combinations(cards, size)


def _open_bundles(hand: Sequence[str], held: str | None) -> list[list[str]]:
    """Hand-card bundles that may open a set or a run together with ``held``:
    candidates are filtered by value or family first, so the search stays small."""
    need = 0 if held is None else 1
    bundles: list[list[str]] = []
    jokers = [c for c in hand if is_joker(c)]
    for value in VALUES:
        naturals = [c for c in hand if value_of(c) == value]
        if held is not None and value_of(held) not in (None, value):
            continue
        pool = naturals + jokers
        for combo in _subsets(pool, range(MIN_GROUP - need, COMPLETE - need + 1)):
            cards = list(combo) + ([held] if held else [])
            # A set of this value needs a natural of it; all-joker sets come below.
            if any(value_of(c) == value for c in cards):
                bundles.append(list(combo))
    all_jokers = jokers if held is None or is_joker(held) else []
    for combo in _subsets(all_jokers, range(MIN_GROUP - need, COMPLETE - need + 1)):
        bundles.append(list(combo))
    for family in sorted({family_of(c) for c in hand} | ({family_of(held)} if held else set())):
        if held is not None and family_of(held) != family:
            continue
        pool = [c for c in hand if family_of(c) == family]
        for combo in _subsets(pool, range(MIN_GROUP - need, COMPLETE - need + 1)):
            bundles.append(list(combo))
    return bundles


def _add_bundles(hand: Sequence[str], group: Sequence[Placed], held: str | None) -> list[list[str]]:
    need = 0 if held is None else 1
    room = COMPLETE - len(group) - need
    kind = group_kind(group)
    if kind == "set":
        have = {family_of(p.card) for p in group}
        value = group[0].value
        pool = [c for c in hand if family_of(c) not in have and value_of(c) in (None, value)]
    else:
        family = family_of(group[0].card)
        have_values = {p.value for p in group}
        pool = [c for c in hand if family_of(c) == family and value_of(c) not in have_values]
    return [list(c) for c in _subsets(pool, range(1 - need, room + 1))]


def _unique(moves: Iterable[Open | Add]) -> list[Open | Add]:
    seen: set[tuple[str, str, tuple[str, ...], int | None]] = set()
    out: list[Open | Add] = []
    for move in moves:
        key = (move.kind, move.place, tuple(sorted(kind_of(c) for c in move.cards)), move.joker_value)
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out


def placements(table: Table) -> list[Open | Add]:
    """Every legal open and add (with the held card, if any, in each), adds first,
    then opens; places in table order, then smaller bundles, then card order."""
    hand = distinct(table.hand)
    held = table.held.card if table.held else None
    extra = [held] if held else []
    adds: list[Open | Add] = []
    for spot in table.spots:
        if not spot.group or (table.held and spot.id == table.held.place):
            continue
        for bundle in _add_bundles(hand, spot.group, held):
            for declared in declarations(spot.group, bundle + extra):
                adds.append(Add(place=spot.id, cards=sort_cards(bundle), joker_value=declared))
    opens: list[Open | Add] = []
    free = [s for s in table.spots if not s.group]
    if free:
        valid: list[tuple[list[str], int | None]] = []
        for bundle in _open_bundles(hand, held):
            for declared in declarations((), bundle + extra):
                valid.append((sort_cards(bundle), declared))
        valid.sort(key=lambda item: (len(item[0]), [kind_of(c) for c in item[0]], item[1] or 0))
        for spot in free:
            opens += [Open(place=spot.id, cards=cards, joker_value=v) for cards, v in valid]
    return _unique(adds) + _unique(opens)


def takes(table: Table) -> list[Take]:
    """AK-5.5 / AK-5.6: every card that may be taken and then placed somewhere,
    except the cards already taken this turn (R-T1)."""
    if table.held is not None:
        return []
    out: list[Take] = []
    for spot in table.spots:
        for card in takeable(spot.group):
            if card in table.taken:
                continue
            index = next(i for i, p in enumerate(spot.group) if p.card == card)
            held = Held(card=card, place=spot.id, value=spot.group[index].value, index=index)
            if placements(lifted(table, held)):
                out.append(Take(place=spot.id, card=card))
    return out


def lifted(table: Table, held: Held) -> Table:
    """The table once ``held`` is taken from its group."""
    spots = tuple(
        Spot(s.id, s.owner, tuple(p for p in s.group if p.card != held.card)) if s.id == held.place else s
        for s in table.spots
    )
    return Table(hand=table.hand, spots=spots, held=held, taken=table.taken | {held.card})
