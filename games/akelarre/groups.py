"""Groups: sets and runs, jokers and their values (AK-3).

:func:`resolve` is the one judge of a move's result (AK-5.3, R29: only the
final result is checked). It works on plain data, so the rules, the legal-move
generator, the defaults and the AI (on its own view) all use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from games.akelarre.data import (
    COMPLETE,
    FAMILY_ORDER,
    MIN_GROUP,
    VALUES,
    family_of,
    is_joker,
    value_of,
)
from games.akelarre.state import Placed
from games.core import RuleError

GroupKind = Literal["set", "run"]


def kind_of_group(cards: Sequence[str]) -> GroupKind | None:
    """R31: one family is a run, all families different is a set (2+ cards)."""
    families = [family_of(c) for c in cards]
    if len(set(families)) == 1 and len(cards) > 1:
        return "run"
    if len(set(families)) == len(families):
        return "set"
    return None


def consecutive(values: Sequence[int]) -> bool:
    return len(set(values)) == len(values) and max(values) - min(values) + 1 == len(values)


def open_ends(values: Sequence[int]) -> int:
    """How many values could still be added to a run covering ``values`` (R11)."""
    low, high = min(values), max(values)
    return int(low - 1 >= VALUES[0]) + int(high + 1 <= VALUES[-1])


def run_fits(fixed: Sequence[int]) -> list[int]:
    """AK-3.6: the values a run's new joker may take, given the other values."""
    return [v for v in VALUES if v not in fixed and consecutive([*fixed, v])]


def default_fit(fits: Sequence[int], fixed: Sequence[int]) -> int:
    """R11: the value leaving the most open ends, then the lower one."""
    return min(fits, key=lambda v: (-open_ends([*fixed, v]), v))


def joker_choices(existing: Sequence[Placed], new: Sequence[str]) -> list[int]:
    """The values a player may declare for the move's joker(s): two or more where
    the rules let the player choose (R11 run ends, R12 all-joker set), else []."""
    cards = [p.card for p in existing] + list(new)
    if not any(is_joker(c) for c in new) or not MIN_GROUP <= len(cards) <= COMPLETE:
        return []
    kind = kind_of_group(cards)
    naturals = [v for c in new if (v := value_of(c)) is not None]
    fixed = [p.value for p in existing] + naturals
    if kind == "set" and not fixed:
        return list(VALUES)
    if kind == "run" and len(set(fixed)) == len(fixed):
        fits = run_fits(fixed)
        return fits if len(fits) > 1 else []
    return []


def sort_group(kind: GroupKind, group: list[Placed]) -> list[Placed]:
    if kind == "run":
        return sorted(group, key=lambda p: p.value)
    return sorted(group, key=lambda p: FAMILY_ORDER[family_of(p.card)])


def resolve(existing: Sequence[Placed], new: Sequence[str], joker_value: int | None = None) -> list[Placed]:
    """The group made by placing ``new`` cards onto ``existing`` ones (an empty
    list for an opening), in order, or RuleError with the rule it breaks."""
    cards = [p.card for p in existing] + list(new)
    names = list(cards)
    if len(cards) < MIN_GROUP:
        raise RuleError("akelarre.error.too_few", "AK-5.1", count=len(cards), cards_list=names)
    if len(cards) > COMPLETE:
        raise RuleError("akelarre.error.too_many", "R30", count=len(cards))
    new_jokers = [c for c in new if is_joker(c)]
    if joker_value is not None:
        if not new_jokers:
            raise RuleError("akelarre.error.no_joker", "AK-3.6")
        if joker_value not in VALUES:
            raise RuleError("akelarre.error.joker_value", "AK-3.6", value=joker_value)
    naturals = [v for c in new if (v := value_of(c)) is not None]
    fixed = [p.value for p in existing] + naturals
    kind = kind_of_group(cards)
    if kind is None:
        if len(set(fixed)) <= 1:
            # Same value, a family twice (a joker counts as its own family): AK-3.3, AK-3.5.
            raise RuleError("akelarre.error.set_family_twice", "AK-3.3", cards_list=names)
        raise RuleError("akelarre.error.run_two_families", "AK-3.4", cards_list=names)
    placed = list(existing)
    if kind == "set":
        if len(set(fixed)) > 1:
            raise RuleError("akelarre.error.set_values_differ", "AK-3.3", cards_list=names)
        if fixed:
            value = fixed[0]
            if joker_value is not None and joker_value != value:
                raise RuleError("akelarre.error.joker_value", "AK-3.6", value=joker_value)
        elif joker_value is None:
            # R12: an all-joker set has the value its player declares (§9 row 6's 2 is
            # what the legal actions list first, not a silent default).
            raise RuleError("akelarre.error.joker_value_needed", "R12", cards_list=names)
        else:
            value = joker_value
        placed += [Placed(card=c, value=value) for c in new]
        return sort_group("set", placed)
    if len(set(fixed)) != len(fixed):
        raise RuleError("akelarre.error.run_duplicate", "AK-3.8", cards_list=names)
    if new_jokers:
        # One joker per family, so a run takes at most one (AK-3.5).
        fits = run_fits(fixed)
        if not fits:
            raise RuleError("akelarre.error.run_gap", "AK-3.4", cards_list=names)
        if joker_value is None:
            value = default_fit(fits, fixed)
        elif joker_value in fits:
            value = joker_value
        else:
            raise RuleError("akelarre.error.joker_value", "R11", value=joker_value)
    elif not consecutive(fixed):
        raise RuleError("akelarre.error.run_gap", "AK-3.4", cards_list=names)
    for card in new:
        card_value = value_of(card)
        placed.append(Placed(card=card, value=value if card_value is None else card_value))
    return sort_group("run", placed)


def outcomes(existing: Sequence[Placed], new: Sequence[str]) -> list[tuple[int | None, list[Placed]]]:
    """Every distinct legal result of placing ``new`` onto ``existing``, with the
    joker value to declare for it (``None`` where nothing is to be declared)."""
    choices: list[int | None] = list(joker_choices(existing, new)) or [None]
    out: list[tuple[int | None, list[Placed]]] = []
    for declared in choices:
        try:
            out.append((declared, resolve(existing, new, declared)))
        except RuleError:
            continue
    return out


def declarations(existing: Sequence[Placed], new: Sequence[str]) -> tuple[int | None, ...]:
    """The joker values a legal placement of ``new`` onto ``existing`` may declare
    (``None``: nothing to declare); empty where it is not legal. The move generator
    asks this of the same few groups thousands of times in a hard player's
    playouts, so the answers are kept."""
    return _declarations(tuple((p.card, p.value) for p in existing), tuple(new))


@lru_cache(maxsize=1 << 16)
def _declarations(existing: tuple[tuple[str, int], ...], new: tuple[str, ...]) -> tuple[int | None, ...]:
    group = [Placed(card=card, value=value) for card, value in existing]
    return tuple(declared for declared, _group in outcomes(group, new))


def group_kind(group: Sequence[Placed]) -> GroupKind | None:
    return kind_of_group([p.card for p in group]) if group else None


def takeable(group: Sequence[Placed]) -> list[str]:
    """AK-5.5: from a poker any card; from a 4-card run only an end card (R6)."""
    if len(group) != COMPLETE - 1:
        return []
    if group_kind(group) == "set":
        return [p.card for p in group]
    low = min(group, key=lambda p: p.value)
    high = max(group, key=lambda p: p.value)
    return [low.card, high.card]


def needs(group: Sequence[Placed]) -> tuple[list[str], list[int]]:
    """What a group still needs, for the views: (families, values) that may be added.
    A set needs its missing families at its value; a run its family at either end."""
    if not group:
        return [], []
    kind = group_kind(group)
    if kind == "set":
        have = {family_of(p.card) for p in group}
        missing = [f for f in FAMILY_ORDER if f not in have]
        return missing, [group[0].value]
    values = [p.value for p in group]
    ends = [v for v in (min(values) - 1, max(values) + 1) if v in VALUES]
    return [family_of(group[0].card)], ends
