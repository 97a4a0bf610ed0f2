"""Battle odds (spec §10.1): one throw by enumeration, a whole battle by memoised recursion."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

TRUNCATE = 7  # §10.1: stacks cut to 7 tokens are accurate enough


def _wins(attacker: tuple[int, ...], defender: tuple[int, ...]) -> bool:
    pairs = list(zip(sorted(attacker, reverse=True), sorted(defender, reverse=True), strict=False))
    won = sum(a > d for a, d in pairs)
    lost = sum(d > a for a, d in pairs)
    return won > lost  # NA-4.4.5: ties go to the defender


@cache
def throw_exact(attacker: int, defender: int) -> Fraction:
    """The chance that ``attacker`` dice beat ``defender`` dice in one throw."""
    faces = range(1, 7)
    outcomes = [_wins(a, d) for a in product(faces, repeat=attacker) for d in product(faces, repeat=defender)]
    return Fraction(sum(outcomes), len(outcomes))


THROW: dict[tuple[int, int], float] = {(a, d): float(throw_exact(a, d)) for a in (1, 2, 3) for d in (1, 2, 3)}


@cache
def conquest(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
    """The chance that an attacking stack (dice per token, top first) takes a territory
    defended by ``defender`` (dice per token, top first; the flag rolls 1 when it is empty),
    with the rotation of NA-4.4.7-4.4.8."""
    if not attacker:
        return 0.0
    attacker, defender = attacker[:TRUNCATE], defender[:TRUNCATE]
    if not defender:
        p = THROW[(attacker[0], 1)]
        return p + (1 - p) * conquest(attacker[1:], ())
    p = THROW[(attacker[0], defender[0])]
    rotated = attacker[1:] + attacker[:1] if len(attacker) >= 2 else attacker
    win = conquest(rotated, defender[1:])
    held = defender[1:] + defender[:1] if len(defender) >= 2 else defender
    lose = conquest(attacker[1:], held)
    return p * win + (1 - p) * lose
