"""Every Mag Mor game ends, within a bound on its actions derived from the rules
(issue "Every game ends"; the driver is ``tests/termination.py``).

Why a game ends
---------------
Each turn crosses one card, one step right or down (MM-4.2.1), and the cards
crossed are never crossed again: every path from A1 to F6 crosses exactly 11
cards, 10 terrains and then Mag Mor (MM-4.1.3), so a game has at most 11 turns.
The game ends after the Mag Mor turn (MM-4.7.4, MM-5.1), or sooner when a
terrain leaves ``day >= 17`` (MM-4.6.1, R3, R27); the day track can only cut a
game short, so it adds nothing to the bound. No seat is ever eliminated: the
game needs every seat, and a seat whose player leaves is played by the computer
player with the same hand (R36), which changes who answers, never how many
questions there are.

What one game can ask
---------------------
``decision()`` only asks where someone has a real choice (forced moves, forced
passes and the move onto Mag Mor are played by the engine); a refused action
changes nothing and is not a play. Per turn:

* **choice** (MM-4.2), asked only when there are two candidates: the leader
  explores each candidate at most once (MM-4.2.4, R10: ``explorations`` is
  reset each turn and a second exploration of a cell is refused), then names
  one (MM-4.2.5): at most **3** actions. Turn 1 crosses A1 with no choice
  (MM-4.1.2, R21); on turn k >= 2 the leader leaves the (k-1)-th crossed cell,
  at distance 12 - k from F6, and has two candidates only if that cell is in
  neither column F nor row 6 (MM-4.2.3, R9), which needs a distance of 2 or
  more: turns 2 to 10 at most, never turn 11 (from E6 or F5, MM-4.2.2). At most
  **9** choice turns;
* **split** (MM-4.3.4, R13): one action, once per terrain (none when nothing
  could be taken, R12): at most **10**;
* **payment round** (MM-4.4.2, MM-4.4.4, R8): each player acts at most once, the
  round may end early (R6), a player who cannot pay passes automatically (R7):
  at most **n** per terrain, **10 n** in all;
* **Mag Mor** (MM-4.7.2, R29): every player acts once, a player with fewer than
  2 cards passes automatically: at most **n**.

So ``action_bound(n) = 9 x 3 + 10 x 1 + 10 x n + n = 37 + 11 n``: **70, 81 and 92**
actions for 3, 4 and 5 players. The tests below also check each term turn by
turn (``CountingMagmor``), so a term the engine broke would fail even while the
total stayed under the bound.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Event, Rng
from games.magmor import GAME, Explore, MagmorAction, MagmorGame, MagmorState, grid
from tests.magmor.test_properties import random_action as rng_random_action
from tests.termination import POLICIES, MixedGame, Policy, RandomAction, play_mixed, seats_plan

PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)

# MM-4.1.3: every path from A1 to F6 crosses 10 terrains, then Mag Mor.
TERRAIN_TURNS = grid.distance_to_magmor(grid.START)  # 10
TURNS = TERRAIN_TURNS + 1  # 11: the Mag Mor turn ends the game (MM-4.7.4)
# Turn 1 has no choice (MM-4.1.2, R21); turns 2 to 10 may (MM-4.2.1, MM-4.2.3); turn 11 never (MM-4.2.2).
CHOICE_TURNS = TERRAIN_TURNS - 1  # 9
CHOICE_ACTIONS = 2 + 1  # MM-4.2.4 / R10: each of the 2 candidates explored at most once; MM-4.2.5: one choice
SPLIT_ACTIONS = 1  # MM-4.3.4 / R13: one split, made once (none when nothing was taken, R12)
# A typical game's length (38 to 65 actions in samples): leave points are drawn
# within it so that leaving mid-game is exercised. It plays no part in the bound.
LEAVE_HORIZON = 60


def payment_actions(players: int) -> int:
    """MM-4.4.2 / R8: one action per player at most per round (the round may end early, R6)."""
    return players


def magmor_actions(players: int) -> int:
    """MM-4.7.2 / R29: every player acts once at Mag Mor (fewer than 2 cards: an automatic pass)."""
    return players


def action_bound(players: int) -> int:
    """The most actions one game can take, from the rules: 37 + 11 n."""
    return (
        CHOICE_TURNS * CHOICE_ACTIONS  # MM-4.2: explore, explore, choose on turns 2 to 10
        + TERRAIN_TURNS * SPLIT_ACTIONS  # MM-4.3.4: a split per terrain
        + TERRAIN_TURNS * payment_actions(players)  # MM-4.4.2: a payment round per terrain
        + magmor_actions(players)  # MM-4.7.2: the Mag Mor round
    )


def random_action(state: MagmorState, seat: int, chooser: random.Random) -> MagmorAction:
    """The properties' random legal action (a uniformly random split, ``random_split``,
    where the split is too large to list), fed from the driver's chooser."""
    return rng_random_action(state, seat, Rng(seed=chooser.getrandbits(32)))


def stalling_action(state: MagmorState, seat: int, chooser: random.Random) -> MagmorAction:
    """A leader who explores every candidate it can afford (two more actions a turn,
    MM-4.2.4); otherwise as ``random_action``."""
    legal = GAME.legal_actions(state, seat)
    explorations = [action for action in legal or [] if isinstance(action, Explore)]
    if explorations:
        return chooser.choice(explorations)
    return random_action(state, seat, chooser)


class CountingMagmor(MagmorGame):
    """The Mag Mor game, counting its actions by turn and decision kind: the
    same rules (every call goes to ``MagmorGame``), so the derivation's terms can
    be checked one by one."""

    def __init__(self) -> None:
        self.asked: Counter[tuple[int, str]] = Counter()

    def play(self, state: MagmorState, seat: int, action: MagmorAction) -> tuple[MagmorState, list[Event]]:
        decision = self.decision(state)
        assert decision is not None, "an action after the end"
        after, events = super().play(state, seat, action)
        self.asked[(state.turn, decision.kind)] += 1
        return after, events


def check_terms(game: CountingMagmor, players: int) -> None:
    """Each term of ``action_bound``, turn by turn."""
    turns = {turn for turn, _kind in game.asked}
    assert max(turns) <= TURNS, "MM-4.1.3: at most 11 turns"
    choice_turns = {turn for turn, kind in game.asked if kind == "magmor.choose"}
    assert 1 not in choice_turns, "MM-4.1.2: turn 1 has no choice"
    assert TURNS not in choice_turns, "MM-4.2.2: Mag Mor is never a choice"
    assert len(choice_turns) <= CHOICE_TURNS
    for (turn, kind), count in game.asked.items():
        limit = {
            "magmor.choose": CHOICE_ACTIONS,
            "magmor.split": SPLIT_ACTIONS,
            "magmor.pay": payment_actions(players),
            "magmor.magmor": magmor_actions(players),
        }[kind]
        assert count <= limit, f"turn {turn}: {count} {kind} actions, more than {limit}"
    magmor_turns = {turn for turn, kind in game.asked if kind == "magmor.magmor"}
    assert magmor_turns <= {TURNS}, "MM-4.7: Mag Mor is the 11th crossing"


def play_and_check(
    players: int,
    seed: int,
    policies: list[Policy],
    *,
    leaves: dict[int, int] | None = None,
    choices: int = 0,
    first_leader: int | None = None,
    chooser: RandomAction = random_action,
) -> MixedGame:
    bound = action_bound(players)
    game = CountingMagmor()
    options = {} if first_leader is None else {"first_leader": first_leader}
    result = play_mixed(
        game, players, seed, policies, chooser, bound, leaves=leaves, choices=choices, options=options
    )
    state = result.state
    assert isinstance(state, MagmorState)
    assert GAME.decision(state) is None and state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game ended (MM-5.1)"
    assert sorted(s.seat for s in outcome.standings) == list(range(players)), "every seat is ranked"
    assert result.actions <= bound
    assert sum(result.by_seat) == result.actions == sum(game.asked.values())
    # MM-4.1.3 / MM-4.6.1: one card per turn, at most 11; the day track never passes 17.
    assert len(state.path) == state.turn <= TURNS
    assert state.day <= 17
    assert state.path[-1] == grid.MAGMOR or state.day == 17
    check_terms(game, players)
    return result


def test_bound_values() -> None:
    """The numbers the docstring and docs/decisions.md give."""
    assert {n: action_bound(n) for n in PLAYER_COUNTS} == {3: 70, 4: 81, 5: 92}


MIXED_TABLES = {
    "seed": st.integers(0, 2**32),
    "plan": st.integers(0, 2**32),
    "choices": st.integers(0, 2**32),
    "first_leader": st.none() | st.integers(0, 2**8),
}


def mixed_table(players: int, seed: int, plan: int, choices: int, first_leader: int | None) -> None:
    policies, leaves = seats_plan(players, random.Random(plan), horizon=LEAVE_HORIZON)
    leader = None if first_leader is None else first_leader % players  # MM-3.8: the host's choice
    play_and_check(players, seed, policies, leaves=leaves, choices=choices, first_leader=leader)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(**MIXED_TABLES)
def test_mixed_seats_end_within_bound(
    players: int, seed: int, plan: int, choices: int, first_leader: int | None
) -> None:
    """AI, random and default seats, some leaving mid-game (R36), end within the bound.
    25 tables a count: every game is at most 11 turns, and the uniform, stalling and
    leaving tables below take the slow roads; the 100-table soak is ``pytest -m slow``."""
    mixed_table(players, seed, plan, choices, first_leader)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=100, deadline=None, derandomize=True)
@given(**MIXED_TABLES)
def test_mixed_seats_end_within_bound_soak(
    players: int, seed: int, plan: int, choices: int, first_leader: int | None
) -> None:
    """The mixed tables' soak: 100 for each player count."""
    mixed_table(players, seed, plan, choices, first_leader)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_uniform_tables_end_within_bound(players: int, policy: Policy) -> None:
    """Every seat the same: all defaults (nobody ever answers) and all random are the
    slow roads to the end; all AI is the table of players who all left."""
    longest = 0
    for seed in range(12):
        result = play_and_check(players, seed, [policy] * players, choices=seed)
        longest = max(longest, result.actions)
    assert longest <= action_bound(players)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_stalling_tables_end_within_bound(players: int) -> None:
    """Every leader explores all it can (``stalling_action``), the rest at random."""
    for seed in range(12):
        play_and_check(players, seed, ["random"] * players, choices=seed, chooser=stalling_action)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_whole_table_leaving_ends_within_bound(players: int) -> None:
    """Every player leaves at the same moment, mid-game: the AI plays on to the end (R36)."""
    for seed, moment in enumerate((0, 10, 25)):
        policies: list[Policy] = [POLICIES[(seat + seed) % len(POLICIES)] for seat in range(players)]
        leaves = dict.fromkeys(range(players), moment)
        play_and_check(players, seed, policies, leaves=leaves, choices=seed)
