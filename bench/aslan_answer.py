"""The normal AI's answer to Aslan's question (games.narnia.aslan_odds): how long it takes,
what it gains over §10.3's fixed 35 % rule in the Witch's end-of-round attack, and, with
``--games N``, how often it changes a game of three normal AIs (the same deals, the old rule
against the new).

    .venv/bin/python -m bench.aslan_answer --games 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from itertools import combinations_with_replacement

from games.narnia import GAME, Keep, Reroll
from games.narnia import aslan_odds as odds
from games.narnia.ai import Board, NarniaAI

Stack = tuple[int, ...]


def timing(samples: int, seed: int) -> None:
    rng = random.Random(seed)
    cold, warm = [], []
    for _ in range(samples):
        attacker = tuple(sorted((rng.randint(1, 3) for _ in range(rng.randint(1, 12))), reverse=True))
        defender = tuple(sorted((rng.randint(1, 3) for _ in range(rng.randint(0, 12))), reverse=True))
        attacks = rng.random() < 0.5
        mine_n = attacker[0] if attacks else (defender[0] if defender else 1)
        witch_n = (defender[0] if defender else 1) if attacks else attacker[0]
        mine = sorted((rng.randint(1, 6) for _ in range(mine_n)), reverse=True)
        witch = sorted((rng.randint(1, 6) for _ in range(witch_n)), reverse=True)
        bonus = rng.choice([0.0, 0.05, 0.1])
        odds.holding.cache_clear()
        odds.conquer.cache_clear()
        started = time.perf_counter()
        odds.reroll_is_better(attacker, defender, attacks, mine, witch, bonus)
        cold.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        odds.reroll_is_better(attacker, defender, attacks, mine, witch, bonus)
        warm.append((time.perf_counter() - started) * 1000)
    for name, values in (("cold (memo emptied)", cold), ("warm", warm)):
        ordered = sorted(values)
        p99 = ordered[int(0.99 * (len(ordered) - 1))]
        median = statistics.median(values)
        print(f"decision {name}: median {median:.2f} ms, p99 {p99:.2f} ms, max {max(values):.2f} ms")


def fixed(attacker: Stack, defender: Stack) -> float:
    """The holder's chance to hold under §10.3's rule (re-roll when a fresh roll wins the
    throw at least 35 % of the time, always when his flag defends)."""
    memo: dict[tuple[Stack, Stack], float] = {}

    def value(a: Stack, d: Stack) -> float:
        if not a:
            return 1.0
        if (a, d) in memo:
            return memo[(a, d)]
        won = odds._after(a, d, True)  # the Witch won the throw
        lost = odds._after(a, d, False)
        assert lost is not None
        keep_won = 0.0 if won is None else value(*won)
        spent_won = 0.0 if won is None else 1 - odds.conquer(*won)
        spent_lost = 1 - odds.conquer(*lost)
        total = 0.0
        for p, q in odds.loss_chances(odds._dice(d), odds._dice(a), False):
            reroll = (1 - q) * spent_lost + q * spent_won
            asked = reroll if (1 - q) >= 0.35 or not d else keep_won
            total += p * ((1 - q) * value(*lost) + q * asked)
        memo[(a, d)] = total
        return total

    return value(attacker, defender)


def defence_gain() -> None:
    """Every Witch stack of 1-4 tokens against every stack of his of 0-4 (top first,
    highest first as stacks are after a battle, NA-4.4.10)."""
    gains = []
    for n in range(1, 5):
        for witch in combinations_with_replacement((3, 2, 1), n):
            for m in range(5):
                for his in combinations_with_replacement((3, 2, 1), m):
                    gains.append(odds.holding(witch, his, False, 0.0) - fixed(witch, his))
    print(
        f"end-of-round defence, {len(gains)} positions: the Witch's conquest chance lower by "
        f"{100 * statistics.mean(gains):.2f} points on average (most {100 * max(gains):.2f}), "
        f"never higher: {min(gains) >= -1e-12}"
    )


def old_rule(self: NarniaAI, board: Board) -> Reroll | Keep:
    """§10.3 as the AI played it before."""
    battle = board.view.battle
    assert battle is not None and battle.paused is not None
    paused = battle.paused
    attacks = paused.holder_side == "attacker"
    mine, theirs = paused.attacker_dice, paused.defender_dice
    if not attacks:
        mine, theirs = theirs, mine
    if not attacks and paused.flag:
        return Reroll()
    fresh = 1 - odds.loss_now(mine, theirs, attacks)
    return Reroll() if fresh >= 0.35 else Keep()


def play(seed: int) -> tuple[tuple[int, ...], int]:
    state = GAME.new_game(3, seed)
    players = [GAME.ai(seat) for seat in range(3)]
    asked = 0
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        asked += state.phase == "aslan"
        state, _ = GAME.play(state, seat, players[seat].act(GAME.view(state, seat), decision))
    outcome = GAME.outcome(state)
    assert outcome is not None
    return tuple(outcome.winners), asked


def games(count: int, seed: int) -> None:
    new_aslan = NarniaAI.aslan
    differ = witch_new = witch_old = asked = 0
    started = time.perf_counter()
    for index in range(count):
        deal = seed * 1_000_003 + index
        NarniaAI.aslan = new_aslan  # type: ignore[method-assign]
        new, questions = play(deal)
        NarniaAI.aslan = old_rule  # type: ignore[method-assign]
        old, _ = play(deal)
        differ += new != old
        witch_new += not new
        witch_old += not old
        asked += questions
    NarniaAI.aslan = new_aslan  # type: ignore[method-assign]
    print(
        f"{count} games of three normal AIs, the same deals: {differ} ({100 * differ / count:.1f} %) "
        f"ended with another winner; the Witch won {witch_old} under the old rule, {witch_new} "
        f"under the new; "
        f"{asked} Aslan questions under the new ({time.perf_counter() - started:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    timing(args.samples, args.seed)
    defence_gain()
    if args.games:
        games(args.games, args.seed)


if __name__ == "__main__":
    main()
