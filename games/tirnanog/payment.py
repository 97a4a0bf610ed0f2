"""Creature multisets: consolidation payments (TNO-4.4) and discards, checked and listed.

A multiset is a species -> count dict over every species. Listing is by
distinct multiset, never by card, so the lists stay small and deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import product

from games.tirnanog.data import SPECIES, cost, requirement


def counts_of(species: Iterable[str]) -> dict[str, int]:
    """A list of species names -> a count for every species (unknown names are the caller's check)."""
    counts = dict.fromkeys(SPECIES, 0)
    for name in species:
        counts[name] += 1
    return counts


def as_list(counts: dict[str, int]) -> list[str]:
    """A multiset as a list in species order (the canonical form used in actions)."""
    return [s for s in SPECIES for _ in range(counts.get(s, 0))]


def fits(part: dict[str, int], whole: dict[str, int]) -> bool:
    return all(part.get(s, 0) <= whole.get(s, 0) for s in SPECIES)


def price(card: str, discount: bool) -> int:
    """TNO-4.4.1 / TNO-4.4.2: the number of cards to play."""
    return cost(card) - (1 if discount else 0)


def shortfall(card: str, paid: dict[str, int]) -> int:
    """Σ max(0, req[s] − sel[s]): the species symbols the payment leaves unpaid."""
    req, _ = requirement(card)
    return sum(max(0, req[s] - paid.get(s, 0)) for s in SPECIES)


def pays(card: str, paid: dict[str, int], discount: bool) -> bool:
    """TNO-4.4.2's formal test: the exact number of cards, and every species symbol paid
    except at most one waived by the discount (then a "?" may be the waived one)."""
    if sum(paid.values()) != price(card, discount):
        return False
    return shortfall(card, paid) <= (1 if discount else 0)


def sub_multisets(whole: dict[str, int], size: int) -> Iterator[dict[str, int]]:
    """Every multiset of ``size`` cards drawn from ``whole``, in a fixed order
    (the species in order, most copies of the earlier species first)."""
    ranges = [range(whole.get(s, 0), -1, -1) for s in SPECIES]
    for combo in product(*ranges):
        if sum(combo) == size:
            yield dict(zip(SPECIES, combo, strict=True))


def payments(card: str, hand: dict[str, int], discount: bool) -> list[dict[str, int]]:
    """Every distinct legal payment for ``card`` from ``hand`` (TNO-4.4.1/4.4.2)."""
    return [p for p in sub_multisets(hand, price(card, discount)) if pays(card, p, discount)]


def affordable(card: str, hand: dict[str, int], discount: bool) -> bool:
    """Is there any legal payment? (Cheaper than listing them.)"""
    req, _ = requirement(card)
    needed = price(card, discount)
    if sum(hand.values()) < needed:
        return False
    return sum(max(0, req[s] - hand.get(s, 0)) for s in SPECIES) <= (1 if discount else 0)
