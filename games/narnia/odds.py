"""Battle odds (spec §10.1): one throw by enumeration, a whole battle by memoised recursion.

The battle's chance is exact: every stack is followed to its last token, with the rotation of
NA-4.4.7-4.4.8. §10.1 allows cutting stacks to 7 tokens, but that is far off once a stack is
longer (30 tokens against 10: 53 % cut, 99 % exact), and players and the panel read these
chances as the odds of the dice. Stacks of at most ``SMALL`` tokens (every battle of the AI's
own games so far) share one cache; a longer battle gets a memo of its own, kept only for the
call, so the cache stays bounded however long the stacks a game builds.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from itertools import product

SMALL = 7  # tokens per side below which results are cached for good
LONG_RESULTS = 4096  # whole results of longer battles kept (not their sub-results)

Memo = dict[tuple[tuple[int, ...], tuple[int, ...]], float]


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


def conquest(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
    """The chance that an attacking stack (dice per token, top first) takes a territory
    defended by ``defender`` (dice per token, top first; the flag rolls 1 when it is empty),
    with the rotation of NA-4.4.7-4.4.8."""
    if len(attacker) <= SMALL and len(defender) <= SMALL:
        return _small(attacker, defender)
    return _long(attacker, defender)


def _step(attacker: tuple[int, ...], defender: tuple[int, ...], then: Memo | None) -> float:
    """One throw, then the battle that follows it (``then`` is a long battle's memo)."""
    if not attacker:
        return 0.0
    if not defender:
        # Only the flag is left: each token in turn rolls against its one die until one
        # wins (NA-4.4.7) or none is left.
        lost = 1.0
        for dice in attacker:
            lost *= 1 - THROW[(dice, 1)]
        return 1 - lost
    p = THROW[(attacker[0], defender[0])]
    rotated = attacker[1:] + attacker[:1] if len(attacker) >= 2 else attacker
    held = defender[1:] + defender[:1] if len(defender) >= 2 else defender
    if then is None:
        return p * _small(rotated, defender[1:]) + (1 - p) * _small(attacker[1:], held)
    return p * _within(rotated, defender[1:], then) + (1 - p) * _within(attacker[1:], held, then)


@cache
def _small(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
    return _step(attacker, defender, None)


@lru_cache(maxsize=LONG_RESULTS)
def _long(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
    return _within(attacker, defender, {})


def _within(attacker: tuple[int, ...], defender: tuple[int, ...], memo: Memo) -> float:
    """A long battle's positions, memoised for this battle only; once both stacks are
    short again, the shared cache takes over."""
    if len(attacker) <= SMALL and len(defender) <= SMALL:
        return _small(attacker, defender)
    key = (attacker, defender)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _step(attacker, defender, memo)
    return found
