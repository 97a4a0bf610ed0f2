"""Aslan's re-roll from exact chances (NA-4.4.6, NA-4.7.9, D16): the normal AI's answer.

After a throw the holder lost, re-rolling his dice now wins the battle with

    reroll = (1 - q) * W0(won) + q * W0(lost)

where ``q`` is the chance a fresh roll of his dice still loses against the Witch's dice as
rolled, and ``W0`` the chance his side wins the battle from there with the card spent
(odds.py's battle, from his side). Keeping the throw wins it with ``W1(lost)``: the battle
from there with the card still his, asked again after each throw he loses (D16) and
answering each the best way, and worth ``bonus`` more if the battle ends with it unused:
the card's value in his later battle this round (the Witch's end-of-round attack on him,
R17). He re-rolls when that is more. ``W1`` sums over the Witch's rolls, since ``q``
depends on her dice: with ``q`` for each of her rolls,

    W1(s) = sum over her rolls of P(roll) x [(1 - q) W1(won) + q max(reroll, W1(lost))].

Both are exact (every token followed to the end, with the rotation of NA-4.4.7-4.4.8),
memoised by the stacks. Stacks longer than ``CUT`` tokens are cut to their top ``CUT``
for this question only (§10.1 allows cutting to 7): the throws the card can still change
are the next few, and a long battle keeps the decision within the loop's budget.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache, lru_cache
from itertools import product

Stack = tuple[int, ...]  # dice per token, top first; () is the flag (1 die) or no token
CUT = 6  # tokens per side kept for the question (module docstring)
MEMO = 200_000


def _attacker_wins(attacker: tuple[int, ...], defender: tuple[int, ...]) -> bool:
    """NA-4.4.4-4.4.5: pair the sorted dice; the attacker needs strictly more pair wins."""
    pairs = zip(sorted(attacker, reverse=True), sorted(defender, reverse=True), strict=False)
    won = lost = 0
    for a, d in pairs:
        won += a > d
        lost += d > a
    return won > lost


@cache
def _rolls(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every roll of ``dice`` dice as a sorted multiset, with its probability."""
    counts: dict[tuple[int, ...], int] = defaultdict(int)
    for roll in product(range(1, 7), repeat=dice):
        counts[tuple(sorted(roll, reverse=True))] += 1
    return tuple((roll, count / 6**dice) for roll, count in counts.items())


@cache
def loss_chances(holder_dice: int, witch_dice: int, holder_attacks: bool) -> tuple[tuple[float, float], ...]:
    """For each roll of the Witch's dice (grouped by the chance below): (its probability,
    the chance that a roll of the holder's dice loses the throw against it)."""
    grouped: dict[float, float] = defaultdict(float)
    for witch, chance in _rolls(witch_dice):
        grouped[round(_loss(holder_dice, witch, holder_attacks), 12)] += chance
    return tuple((p, q) for q, p in sorted(grouped.items()))


def _loss(holder_dice: int, witch: tuple[int, ...], holder_attacks: bool) -> float:
    if holder_attacks:
        return sum(chance for roll, chance in _rolls(holder_dice) if not _attacker_wins(roll, witch))
    return sum(chance for roll, chance in _rolls(holder_dice) if _attacker_wins(witch, roll))


def loss_now(holder: list[int], witch: list[int], holder_attacks: bool) -> float:
    """The chance that a fresh roll of the holder's dice loses against the Witch's dice as rolled."""
    return _loss(len(holder), tuple(sorted(witch, reverse=True)), holder_attacks)


def _dice(stack: Stack) -> int:
    return stack[0] if stack else 1  # the flag rolls 1 (NA-4.4.3)


def _after(attacker: Stack, defender: Stack, attacker_won: bool) -> tuple[Stack, Stack] | None:
    """The stacks after a throw (NA-4.4.7-4.4.8); None when the attacker beat the flag."""
    if attacker_won:
        if not defender:
            return None
        return (attacker[1:] + attacker[:1] if len(attacker) >= 2 else attacker), defender[1:]
    return attacker[1:], (defender[1:] + defender[:1] if len(defender) >= 2 else defender)


@lru_cache(maxsize=MEMO)
def conquer(attacker: Stack, defender: Stack) -> float:
    """The attacker's chance to take the territory, no re-roll (odds.conquest's battle)."""
    if not attacker:
        return 0.0
    p = _throw(_dice(attacker), _dice(defender))
    won = _after(attacker, defender, True)
    lost = _after(attacker, defender, False)
    assert lost is not None
    return p * (1.0 if won is None else conquer(*won)) + (1 - p) * conquer(*lost)


@cache
def _throw(attacker_dice: int, defender_dice: int) -> float:
    """The attacker's chance to win one throw (NA-4.4.5)."""
    return sum(
        pa * pd for a, pa in _rolls(attacker_dice) for d, pd in _rolls(defender_dice) if _attacker_wins(a, d)
    )


def _spent(holder_attacks: bool, after: tuple[Stack, Stack] | None) -> float:
    """W0 from the holder's side after a throw: the card spent."""
    if after is None:
        return 1.0 if holder_attacks else 0.0  # the flag is beaten
    chance = conquer(*after)
    return chance if holder_attacks else 1 - chance


@lru_cache(maxsize=MEMO)
def holding(attacker: Stack, defender: Stack, holder_attacks: bool, bonus: float) -> float:
    """W1: the holder's chance to win the battle from here with the card unused, answering
    each question the best way, plus ``bonus`` where the battle ends with it unused."""
    if not attacker:
        return (0.0 if holder_attacks else 1.0) + bonus
    won = _after(attacker, defender, True)
    lost = _after(attacker, defender, False)
    assert lost is not None
    mine, theirs = (won, lost) if holder_attacks else (lost, won)
    keep_mine = (1.0 + bonus) if mine is None else holding(*mine, holder_attacks, bonus)
    # theirs is None: his flag fell with the card unused.
    keep_theirs = bonus if theirs is None else holding(*theirs, holder_attacks, bonus)
    spent_mine = _spent(holder_attacks, mine)
    spent_theirs = _spent(holder_attacks, theirs)
    holder_dice, witch_dice = (
        (_dice(attacker), _dice(defender)) if holder_attacks else (_dice(defender), _dice(attacker))
    )
    total = 0.0
    for p, q in loss_chances(holder_dice, witch_dice, holder_attacks):
        reroll = (1 - q) * spent_mine + q * spent_theirs
        total += p * ((1 - q) * keep_mine + q * max(reroll, keep_theirs))
    return total


def cut(stack: Stack) -> Stack:
    return stack[:CUT]


def reroll_is_better(
    attacker: Stack,
    defender: Stack,
    holder_attacks: bool,
    holder_dice: list[int],
    witch_dice: list[int],
    bonus: float = 0.0,
) -> tuple[bool, float, float]:
    """The paused throw (stacks as they stand before it is applied, the dice as rolled):
    whether re-rolling now wins the battle more often than keeping, and both chances."""
    attacker, defender = cut(attacker), cut(defender)
    bonus = round(bonus, 4)  # a key of the memo: nearby values share it
    q = loss_now(holder_dice, witch_dice, holder_attacks)
    won = _after(attacker, defender, True)
    lost = _after(attacker, defender, False)
    assert lost is not None
    mine, theirs = (won, lost) if holder_attacks else (lost, won)
    reroll = (1 - q) * _spent(holder_attacks, mine) + q * _spent(holder_attacks, theirs)
    keep = bonus if theirs is None else holding(*theirs, holder_attacks, bonus)
    return reroll > keep, reroll, keep


def card_value(attacker: Stack, defender: Stack) -> float:
    """What the card adds to the holder's chance to hold a territory the Witch attacks
    (a later battle of the round)."""
    attacker, defender = cut(attacker), cut(defender)
    return holding(attacker, defender, False, 0.0) - (1 - conquer(attacker, defender))
