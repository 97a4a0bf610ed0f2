"""Battle odds (spec §10.1): one throw by enumeration, a whole battle by memoised recursion.

The battle's chance is exact: every stack is followed to its last token, with the rotation of
NA-4.4.7-4.4.8. §10.1 allows cutting stacks to 7 tokens, but that is far off once a stack is
longer (30 tokens against 10: 53 % cut, 99 % exact), and players and the panel read these
chances as the odds of the dice. Stacks of at most ``SMALL`` tokens share one cache; a longer
battle gets a memo of its own, kept only for the call, so the cache stays bounded however long
the stacks a game builds. AI games do build long ones: 223 of 1,000 normal games started a
battle with a stack over 5 tokens, up to 35.

Exact is not cheap: 20 tokens against 20 take some 0.5-2 s, 25 against 25 several seconds and
35 against 35 over a minute (docs/speed.md). Every whole battle's chance is therefore kept in
one bounded cache (``RESULTS`` battles, least recently used dropped first), keyed by what it
depends on: both stacks' dice, top first, which carry the invincible-strength effect (every die
a 3, NA-4.3.5) and the flag (an empty defender). The event loop never works one out: a panel
asks :func:`known_only` for the chances already known, and ``cogs.narnia.odds_ahead`` works
out the others on a thread of its own first.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from threading import Lock

SMALL = 7  # tokens per side below which results are cached for good
LONG_RESULTS = 4096  # whole results of longer battles kept (not their sub-results)
RESULTS = 4096  # whole battles' chances kept for known() and known_only()

Memo = dict[tuple[tuple[int, ...], tuple[int, ...]], float]
Pair = tuple[tuple[int, ...], tuple[int, ...]]


class Pending(float):
    """A chance not worked out yet, asked for under :func:`known_only`: a rough stand-in
    (its share of the two stacks' dice) that ranks it among the others; what shows it
    says "not known yet" rather than this number (``cogs.narnia.words.percent``)."""


_known: OrderedDict[Pair, float] = OrderedDict()
_known_lock = Lock()  # the odds thread stores while the loop reads
_missing: ContextVar[set[Pair] | None] = ContextVar("narnia_odds_missing", default=None)


def known(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float | None:
    """The battle's chance if it has been worked out (and is still kept), else None."""
    key = (tuple(attacker), tuple(defender))
    with _known_lock:
        found = _known.get(key)
        if found is not None:
            _known.move_to_end(key)
        return found


def _keep(key: Pair, chance: float) -> None:
    with _known_lock:
        _known[key] = chance
        _known.move_to_end(key)
        while len(_known) > RESULTS:
            _known.popitem(last=False)


@contextmanager
def known_only() -> Iterator[set[Pair]]:
    """Within this block (in this thread or task), :func:`conquest` works nothing out: a
    chance not known yet is a :class:`Pending` stand-in, and its stacks are added to the
    set this yields, for the caller to have them worked out elsewhere."""
    missing: set[Pair] = set()
    token = _missing.set(missing)
    try:
        yield missing
    finally:
        _missing.reset(token)


def forget() -> None:
    """Empty every cache (tests and benches measure a cold start)."""
    with _known_lock:
        _known.clear()
    _small.cache_clear()
    _long.cache_clear()


def _wins(attacker: tuple[int, ...], defender: tuple[int, ...]) -> bool:
    """Both throws sorted highest first."""
    pairs = list(zip(attacker, defender, strict=False))
    won = sum(a > d for a, d in pairs)
    lost = sum(d > a for a, d in pairs)
    return won > lost  # NA-4.4.5: ties go to the defender


@cache
def _throws(dice: int) -> list[tuple[tuple[int, ...], int]]:
    """Every throw of ``dice`` dice, sorted highest first, with how many ordered throws give it."""
    return list(Counter(tuple(sorted(t, reverse=True)) for t in product(range(1, 7), repeat=dice)).items())


@cache
def throw_exact(attacker: int, defender: int) -> Fraction:
    """The chance that ``attacker`` dice beat ``defender`` dice in one throw. By sorted throws
    with their counts (56 against 56 at three dice a side, not 216 against 216): importing
    the game works this table out, in every process that plays Narnia."""
    won = sum(ca * cd for a, ca in _throws(attacker) for d, cd in _throws(defender) if _wins(a, d))
    return Fraction(won, 6 ** (attacker + defender))


THROW: dict[tuple[int, int], float] = {(a, d): float(throw_exact(a, d)) for a in (1, 2, 3) for d in (1, 2, 3)}


def conquest(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
    """The chance that an attacking stack (dice per token, top first) takes a territory
    defended by ``defender`` (dice per token, top first; the flag rolls 1 when it is empty),
    with the rotation of NA-4.4.7-4.4.8. Under :func:`known_only`, only a chance already
    worked out: otherwise a :class:`Pending` stand-in."""
    key = (tuple(attacker), tuple(defender))
    if not key[0] or not key[1]:
        return _step(*key, None)  # no battle, or the flag alone: a product over the tokens
    found = known(*key)
    if found is not None:
        return found
    missing = _missing.get()
    if missing is not None:
        missing.add(key)
        mine, theirs = sum(key[0]), sum(key[1]) + 1  # the flag rolls a die
        return Pending(mine / (mine + theirs))
    chance = _small(*key) if len(key[0]) <= SMALL and len(key[1]) <= SMALL else _long(*key)
    _keep(key, chance)
    return chance


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
