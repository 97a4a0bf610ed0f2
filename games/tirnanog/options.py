"""The legal choices, computed from plain inputs so that the rules (from the state) and
the defaults and AI (from a seat's view) list exactly the same actions in the same order.

Order (the Discord layer builds its controls by index): action A in the order of
the display's cards, leftmost first; action B in pile order (plain, castle,
forest, river, temple, volcano); action C by reserve card, then payment (the
species in order, most copies of the earlier species first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.core import RuleError
from games.tirnanog.actions import Consolidate, Discard, TakeCreatures, TakeTerritory
from games.tirnanog.data import META, PILE_TYPES, SPECIES, type_of, value_of
from games.tirnanog.payment import as_list, payments, sub_multisets


def take_options(display: Sequence[str]) -> list[TakeCreatures]:
    """Action A from the display's species: one per distinct pair; one card when
    only one is left; none when empty (R12)."""
    if len(display) == 1:
        return [TakeCreatures(species=[display[0]])]
    out: list[TakeCreatures] = []
    seen: set[tuple[str, ...]] = set()
    for i, first in enumerate(display):
        for second in display[i + 1 :]:
            key = tuple(sorted((first, second), key=SPECIES.index))
            if key not in seen:
                seen.add(key)
                out.append(TakeCreatures(species=[first, second]))
    return out


def territory_refusal(
    terrain: str, top: str | None, reserve: Sequence[str], visible: set[str]
) -> RuleError | None:
    """Why the top of pile ``terrain`` may not be taken, or None (TNO-4.3)."""
    if terrain not in PILE_TYPES:
        return RuleError("tirnanog.error.unknown_pile", "TNO-4.3.1", pile=terrain)
    if top is None:
        return RuleError("tirnanog.error.pile_empty", "TNO-4.3.5", terrain=terrain)
    total = sum(value_of(c) for c in reserve) + value_of(top)
    if total > META.reserve_value_limit:
        # R14: reserve cards only; exactly 7 is allowed.
        return RuleError(
            "tirnanog.error.reserve_limit",
            "TNO-4.3.2",
            territory=top,
            value=total,
            limit=META.reserve_value_limit,
        )
    if type_of(top) in visible:
        return RuleError("tirnanog.error.type_visible", "TNO-4.3.3", territory=top, terrain=terrain)
    return None


def territory_options(
    tops: Mapping[str, str | None], reserve: Sequence[str], visible: set[str]
) -> list[TakeTerritory]:
    """Action B: every pile whose top may be taken, in pile order."""
    return [
        TakeTerritory(terrain=terrain)
        for terrain in PILE_TYPES
        if territory_refusal(terrain, tops[terrain], reserve, visible) is None
    ]


def consolidation_options(
    reserve: Sequence[str], hand: Mapping[str, int], discount: bool
) -> list[Consolidate]:
    """Action C: one per reserve card and distinct payment multiset."""
    return [
        Consolidate(territory=card, payment=as_list(paid))
        for card in reserve
        for paid in payments(card, dict(hand), discount)
    ]


def discard_options(hand: Mapping[str, int], count: int) -> list[Discard]:
    """Every distinct multiset of ``count`` cards of the hand."""
    return [Discard(species=as_list(d)) for d in sub_multisets(dict(hand), count)]
