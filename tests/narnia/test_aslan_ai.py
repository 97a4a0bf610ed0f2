"""The normal AI's answer to Aslan's question from exact chances (games.narnia.aslan_odds):
checked against a brute force over every ordered roll of both sides, on a grid of stacks,
dice and sides, and against §10.3's fixed threshold it replaces."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from games.narnia import GAME, Attack, Keep, Reroll
from games.narnia.ai import Board, NarniaAI, later_defence
from games.narnia.aslan_odds import card_value, conquer, holding, reroll_is_better
from games.narnia.odds import conquest
from tests.narnia.narnia_helpers import BLUE, RED, WITCH, Rig, make_state, play

Stack = tuple[int, ...]
FACES = range(1, 7)


def sorted_rolls(count: int) -> list[tuple[int, ...]]:
    """Each roll of ``count`` dice once, sorted (the answer depends on the sorted dice only)."""
    return sorted({tuple(sorted(roll, reverse=True)) for roll in product(FACES, repeat=count)})


@cache
def weighted(count: int) -> list[tuple[tuple[int, ...], float]]:
    """Every ordered roll of ``count`` dice, counted by its sorted dice (the same sums,
    fewer terms)."""
    counts: dict[tuple[int, ...], int] = {}
    for roll in product(FACES, repeat=count):
        key = tuple(sorted(roll, reverse=True))
        counts[key] = counts.get(key, 0) + 1
    return [(roll, n / 6**count) for roll, n in counts.items()]


@cache
def attacker_wins(attacker: tuple[int, ...], defender: tuple[int, ...]) -> bool:
    pairs = list(zip(sorted(attacker, reverse=True), sorted(defender, reverse=True), strict=False))
    return sum(a > d for a, d in pairs) > sum(d > a for a, d in pairs)


def dice(stack: Stack) -> int:
    return stack[0] if stack else 1


def after(attacker: Stack, defender: Stack, attacker_won: bool) -> tuple[Stack, Stack] | None:
    if attacker_won:
        if not defender:
            return None
        return (attacker[1:] + attacker[:1] if len(attacker) > 1 else attacker), defender[1:]
    return attacker[1:], (defender[1:] + defender[:1] if len(defender) > 1 else defender)


def holder_won(holder_attacks: bool, attacker_won: bool) -> bool:
    return attacker_won == holder_attacks


@cache
def brute_spent(attacker: Stack, defender: Stack, holder_attacks: bool) -> float:
    """The holder's chance with the card spent, from odds.conquest (the project's exact odds)."""
    chance = conquest(attacker, defender)
    return chance if holder_attacks else 1 - chance


def brute_next(state: tuple[Stack, Stack] | None, holder_attacks: bool, card: bool) -> float:
    if state is None:  # the attacker beat the flag
        return 1.0 if holder_attacks else 0.0
    if card:
        return brute_holding(*state, holder_attacks)
    return brute_spent(*state, holder_attacks) if state[0] else (0.0 if holder_attacks else 1.0)


@cache
def brute_reroll(attacker: Stack, defender: Stack, holder_attacks: bool, witch: tuple[int, ...]) -> float:
    """Re-roll every ordered roll of the holder's dice against the Witch's dice as rolled."""
    mine = dice(attacker) if holder_attacks else dice(defender)
    total = 0.0
    for roll, chance in weighted(mine):
        won = attacker_wins(roll, witch) if holder_attacks else attacker_wins(witch, roll)
        total += chance * brute_next(after(attacker, defender, won), holder_attacks, False)
    return total


@cache
def brute_holding(attacker: Stack, defender: Stack, holder_attacks: bool) -> float:
    """W1 by every ordered roll of both sides (no bonus)."""
    if not attacker:
        return 0.0 if holder_attacks else 1.0
    total = 0.0
    for a, pa in weighted(dice(attacker)):
        for d, pd in weighted(dice(defender)):
            won = attacker_wins(a, d)
            kept = brute_next(after(attacker, defender, won), holder_attacks, True)
            if not holder_won(holder_attacks, won):
                witch = d if holder_attacks else a
                kept = max(kept, brute_reroll(attacker, defender, holder_attacks, witch))
            total += pa * pd * kept
    return total


# The grid: stacks of up to two tokens (the flag as an empty defender), every natural value.
STACKS = [(), (1,), (2,), (3,), (1, 3), (3, 1), (2, 2), (3, 2)]
GRID = [(a, d) for a in STACKS if a for d in STACKS]


@pytest.mark.parametrize(("attacker", "defender"), GRID)
def test_the_battle_with_the_card_matches_a_brute_force(attacker: Stack, defender: Stack) -> None:
    for holder_attacks in (True, False):
        assert holding(attacker, defender, holder_attacks, 0.0) == pytest.approx(
            brute_holding(attacker, defender, holder_attacks), abs=1e-12
        )
    assert conquer(attacker, defender) == pytest.approx(conquest(attacker, defender), abs=1e-12)


@pytest.mark.parametrize(("attacker", "defender"), GRID)
def test_the_answer_is_the_better_of_the_two_exact_chances(attacker: Stack, defender: Stack) -> None:
    """Every lost throw of the grid, from both sides: re-roll exactly when re-rolling wins
    the battle more often than keeping the card for its later throws."""
    for holder_attacks in (True, False):
        witch_dice = dice(defender) if holder_attacks else dice(attacker)
        mine = dice(attacker) if holder_attacks else dice(defender)
        for witch in sorted_rolls(witch_dice):
            for roll in sorted_rolls(mine):
                won = attacker_wins(roll, witch) if holder_attacks else attacker_wins(witch, roll)
                if holder_won(holder_attacks, won):
                    continue  # never asked (a won throw)
                lost = after(attacker, defender, not holder_attacks)
                keep = brute_next(lost, holder_attacks, True)
                reroll = brute_reroll(attacker, defender, holder_attacks, witch)
                better, their_reroll, their_keep = reroll_is_better(
                    attacker,
                    defender,
                    holder_attacks,
                    sorted(roll, reverse=True),
                    sorted(witch, reverse=True),
                )
                assert (their_reroll, their_keep) == pytest.approx((reroll, keep), abs=1e-12)
                if abs(reroll - keep) > 1e-9:
                    assert better == (reroll > keep), (attacker, defender, holder_attacks, roll, witch)


def fixed_rule(attacker: Stack, defender: Stack, holder_attacks: bool) -> float:
    """The battle won under §10.3's fixed rule: re-roll when a fresh roll wins the throw at
    least 35 % of the time, or when his flag defends."""

    @cache
    def value(a: Stack, d: Stack) -> float:
        if not a:
            return 0.0 if holder_attacks else 1.0
        total = 0.0
        for ra, pa in weighted(dice(a)):
            for rd, pd in weighted(dice(d)):
                won = attacker_wins(ra, rd)
                nxt = after(a, d, won)
                if holder_won(holder_attacks, won):
                    got = 1.0 if nxt is None else value(*nxt)
                else:
                    witch = rd if holder_attacks else ra
                    fresh = 1 - brute_loss(dice(a) if holder_attacks else dice(d), witch, holder_attacks)
                    if fresh >= 0.35 or (not holder_attacks and not d):
                        got = brute_reroll(a, d, holder_attacks, witch)
                    else:
                        got = 0.0 if nxt is None else value(*nxt)
                total += pa * pd * got
        return total

    return value(attacker, defender)


def brute_loss(mine: int, witch: tuple[int, ...], holder_attacks: bool) -> float:
    return sum(
        chance
        for r, chance in weighted(mine)
        if ((not attacker_wins(r, witch)) if holder_attacks else attacker_wins(witch, r))
    )


def test_the_exact_answer_holds_more_than_the_fixed_threshold() -> None:
    """In the Witch's end-of-round attack (no later battle: the card's value is all in
    this one) the exact answer never does worse than §10.3's 35 % rule and does better
    somewhere on the grid; the mean gain over the grid is printed for the docs."""
    gains = []
    for witch, his in GRID:
        exact = holding(witch, his, False, 0.0)
        fixed = fixed_rule(witch, his, False)
        assert exact >= fixed - 1e-12, (witch, his)
        gains.append(exact - fixed)
    assert max(gains) > 0.005
    print(f"mean gain {sum(gains) / len(gains):.4f}, most {max(gains):.4f}")


def test_a_card_kept_for_the_witchs_attack_is_worth_its_chance() -> None:
    """card_value: what the card adds to holding a territory she attacks, exactly."""
    for witch, his in GRID:
        assert card_value(witch, his) == pytest.approx(
            brute_holding(witch, his, False) - (1 - conquest(witch, his)), abs=1e-12
        )


# Red attacks with 3 2 a Witch 2; blue is elsewhere; the Witch's other territories are flags.
BOARD = {"chippingford": (RED, "3P 2P"), "dwarf_mines": (WITCH, "2W"), "cair_paravel": (BLUE, "1P")}


@pytest.mark.parametrize("last", [True, False])
def test_the_card_kept_counts_for_the_witchs_attack_only_when_he_acts_last(
    monkeypatch: pytest.MonkeyPatch, last: bool
) -> None:
    """Acting last, the Witch attacks him at the round's end (NA-4.1.9, R17) and the card
    kept unused is worth its chance there; with a turn after his, nothing. The AI's answer
    is the better of the exact chances with that value."""
    state = make_state(2, BOARD, card="turn_to_stone_2", actor=RED, turn_index=1 if last else 0)
    state.sequence = [BLUE, RED] if last else [RED, BLUE]
    state.effects.aslan = RED
    Rig(monkeypatch).roll([2, 1, 1], [6, 5])
    state, _ = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    assert state.phase == "aslan"
    view = GAME.view(state, RED)
    bonus = later_defence(Board(view))
    assert (bonus > 0.01) == last
    better, _, _ = reroll_is_better((3, 2), (2,), True, [2, 1, 1], [6, 5], bonus)
    decision = GAME.decision(state)
    assert decision is not None
    assert NarniaAI(RED).act(view, decision) == (Reroll() if better else Keep())


def test_the_card_s_later_value_changes_some_answers() -> None:
    """On the grid, some throws an attacker would re-roll with nothing after are kept when
    the Witch's attack on him follows (the card is worth more there), never the reverse."""
    later = card_value((3, 2), (1,))
    flipped = 0
    for attacker, defender in GRID:
        if not defender:
            continue
        for roll in sorted_rolls(dice(attacker)):
            for witch in sorted_rolls(dice(defender)):
                if attacker_wins(roll, witch):
                    continue
                mine, theirs = sorted(roll, reverse=True), sorted(witch, reverse=True)
                alone, _, _ = reroll_is_better(attacker, defender, True, mine, theirs)
                then, _, _ = reroll_is_better(attacker, defender, True, mine, theirs, later)
                assert not (then and not alone)
                flipped += alone and not then
    assert flipped > 0
