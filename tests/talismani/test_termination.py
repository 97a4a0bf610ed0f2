"""Every Talismani game ends, within a bound on its actions derived from the rules
(issue "Every game ends"; the driver is ``tests/termination.py``).

Why a game ends (TT-12.4, made exact)
-------------------------------------
Let ``Φ`` be the cards in all hands plus the pending talismans (TT-9.3). At the
start ``Φ = D(n)``, the whole deck for n players (TT-2.4, TT-3.4: 40, 54, 64, 75,
84, 91, 96, 99, 100), with nothing pending (TT-3.5). ``Φ`` never grows: cards
enter a hand only from the sharing (TT-8.6, R28), nothing leaves captures,
pending talismans or the discard (R38), and a pending talisman is made only
from a set-aside combination of one or two cards that left a hand (TT-8.1,
TT-8.4 b). ``Φ`` falls by at least 1 every turn:

* in a turn with a winner, the new stake is a played card that goes back to no
  hand (TT-8.3); set-aside combinations turn 1-2 cards into at most 1 pending
  talisman; forgers turn pending talismans into captures (TT-8.4 a); discarded
  pool cards (R29) only lower ``Φ`` more;
* in a void turn (TT-7) every played card is discarded (TT-7.2): if anyone
  played a card, ``Φ`` falls; if nobody did, every player chose forge (f), which
  needs a pending talisman of the dominant suit (TT-5.1 f, TT-9.6, R40), and
  each forges all of them (TT-7.3), so ``Φ`` falls by at least n.

The game ends at the end of the first turn that leaves a hand empty (TT-12.2,
R30), so every turn starts with n non-empty hands and ``Φ >= n``. Hence at most
``D(n) - n + 1`` turns. No player is eliminated or skipped: a player who leaves
is played by the computer player (the table service's rule), with the same
hand, so the argument is unchanged.

What one turn can ask
---------------------
``decision()`` asks only real choices: the engine plays a one-card pool's stake,
the last card of the sharing and a lone sharer's cards (TT-8.3, TT-8.6). In one
turn:

* **plays** (TT-5): n, one per seat. The decision is simultaneous and a seat that
  has chosen is refused a second time (``error.already_decided``), so no seat
  plays twice. (R34 lets a player change his secret play until everyone has
  chosen; the engine offers no such change. If it did, every change would be
  one more action, and the rules put no limit on them: only the table's
  deadline would);
* **set-aside** (TT-8.1): the non-winning forging combinations: at most **n - 1**;
* **new stake** (TT-8.3): at most **1**;
* **specials** (TT-8.5): Reverse order asks nothing (TT-10.4); each Change order
  asks its player once (TT-10.5); only the lower Change weather acts (R24) and
  then the winner skips phase 4 (TT-11.1), so Change weather and the
  **weather phase** (TT-11.2) together ask at most **1**;
* **sharing picks** (TT-8.6): asked only while the pool holds 2 cards or more
  and there are 2 sharers or more. The pool holds at most 2 cards per fairy play
  and 1 per special play (TT-5.1), so with s special plays (which include every
  Change order) it holds at most 2n - s cards, 1 goes to the stake and the last
  is handed out: Change order + picks <= s + (2n - s - 2) = **2n - 2**. With 2
  players the winner never shares, so there is at most 1 sharer and no pick,
  and the 2-player deck has no Change order (TT-2.4): **0**.

A void turn asks only the n plays. So ``per_turn(n) = n + (n - 1) + 1 + 1 +
(2n - 2) = 4n - 1`` for n >= 3 and ``2 + 1 + 1 + 1 + 0 = 5`` for n = 2, and

``action_bound(n) = (D(n) - n + 1) x per_turn(n)``:

| n | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |
|---|---|---|---|---|---|---|---|---|---|
| turns | 39 | 52 | 61 | 71 | 79 | 85 | 89 | 91 | 91 |
| per turn | 5 | 11 | 15 | 19 | 23 | 27 | 31 | 35 | 39 |
| actions | 195 | 572 | 915 | 1349 | 1817 | 2295 | 2759 | 3185 | 3549 |

The tests below also check the lemma (``Φ`` falls every turn) and each per-turn
term (``CountingTalismani``), so a broken term fails even under the total.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Event
from games.talismani import GAME, PlayCards, SetAside, TalismaniAction, TalismaniGame, TalismaniState
from games.talismani.data import COMPOSITION, is_fairy
from tests.termination import POLICIES, MixedGame, Policy, RandomAction, play_mixed, seats_plan

PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)
# Typical games take 100 to 1000 actions: leave points are drawn within that so
# that leaving mid-game is exercised. It plays no part in the bound.
LEAVE_HORIZON = 400


def deck_size(players: int) -> int:
    """TT-2.4 / TT-3.4: the whole deck is dealt, so it is Φ at the start."""
    return COMPOSITION[players].deck_size


def turn_bound(players: int) -> int:
    """Φ starts at D(n), falls by 1 or more each turn, and is at least n at the start
    of every turn (TT-12.2): at most D(n) - n + 1 turns."""
    return deck_size(players) - players + 1


def orders_and_picks(players: int) -> int:
    """TT-10.5 + TT-8.6: Change order decisions and sharing picks in one turn."""
    if players >= 3:
        # A pool of at most 2n - s cards (s special plays, Change orders among them);
        # the stake and the last card are not asked.
        return 2 * players - 2
    # 2 players: one sharer at most (never the winner), so no pick; no Change order in the deck (TT-2.4).
    change_orders = sum(COMPOSITION[players].specials.count(card) for card in ("CO5", "CO6"))
    return change_orders


def per_turn(players: int) -> int:
    """The most actions one turn can ask."""
    return (
        players  # TT-5: one play per seat
        + (players - 1)  # TT-8.1: each non-winning forging combination decides
        + 1  # TT-8.3: the new stake
        + 1  # TT-10.6 / TT-11: Change weather (the lower one, R24) or the winner's phase, never both
        + orders_and_picks(players)  # TT-10.5 / TT-8.6
    )


def action_bound(players: int) -> int:
    """The most actions one game can take, from the rules: (D(n) - n + 1) x per_turn(n)."""
    return turn_bound(players) * per_turn(players)


def random_action(state: TalismaniState, seat: int, chooser: random.Random) -> TalismaniAction:
    """A uniformly random legal action (every Talismani decision can be listed)."""
    legal = GAME.legal_actions(state, seat)
    assert legal, (state.phase, seat)
    return chooser.choice(legal)


def stalling_action(state: TalismaniState, seat: int, chooser: random.Random) -> TalismaniAction:
    """A seat that drags the game out: a pair when it has one (the fullest pool, the
    most picks, and Φ still falls by the stake only), else a fairy play (a void turn
    would discard what was played, TT-7.2); it never sets a combination aside, so
    the cards stay in circulation (TT-8.1). Anything legal for the rest."""
    legal = GAME.legal_actions(state, seat)
    assert legal, (state.phase, seat)
    if state.phase == "set_aside":
        return SetAside(yes=False)
    if state.phase == "play":
        cards = [a for a in legal if isinstance(a, PlayCards)]
        pairs = [a for a in cards if len(a.cards) == 2]
        fairies = [a for a in cards if all(is_fairy(card) for card in a.cards)]
        return chooser.choice(pairs or fairies or legal)
    return chooser.choice(legal)


def potential(state: TalismaniState) -> int:
    """Φ: cards in hands plus pending talismans."""
    return sum(len(hand) for hand in state.hands) + sum(len(pending) for pending in state.pending)


class CountingTalismani(TalismaniGame):
    """The Talismani game, counting its actions by turn and decision kind and
    noting Φ at the start of each turn: the same rules (every call goes to
    ``TalismaniGame``), so the lemma and each term can be checked."""

    def __init__(self) -> None:
        self.asked: Counter[tuple[int, str]] = Counter()
        self.start: dict[int, TalismaniState] = {}  # turn -> the state its first action was played on
        self.last: TalismaniState | None = None

    def play(
        self, state: TalismaniState, seat: int, action: TalismaniAction
    ) -> tuple[TalismaniState, list[Event]]:
        decision = self.decision(state)
        assert decision is not None, "an action after the end"
        after, events = super().play(state, seat, action)
        self.start.setdefault(state.turn, state)
        self.asked[(state.turn, decision.kind)] += 1
        self.last = after
        return after, events


def check_terms(game: CountingTalismani, players: int) -> None:
    """The lemma (Φ falls every turn, every turn starts with no empty hand) and each
    per-turn term of ``action_bound``."""
    turns = sorted(game.start)
    assert turns == list(range(1, len(turns) + 1))
    assert len(turns) <= turn_bound(players)
    assert game.last is not None
    phis = [potential(game.start[turn]) for turn in turns] + [potential(game.last)]
    assert phis[0] == deck_size(players)
    assert all(later < earlier for earlier, later in pairwise(phis)), phis
    for turn in turns:
        assert all(game.start[turn].hands), f"turn {turn} started with an empty hand (TT-12.2)"
    limits = {
        ("talismani.play",): players,
        ("talismani.set_aside",): players - 1,
        ("talismani.stake",): 1,
        ("talismani.change_weather", "talismani.weather"): 1,
        ("talismani.change_order", "talismani.pick"): orders_and_picks(players),
    }
    for turn in turns:
        for kinds, limit in limits.items():
            count = sum(game.asked[(turn, kind)] for kind in kinds)
            assert count <= limit, f"turn {turn}: {count} {kinds} actions, more than {limit}"
        assert sum(count for (t, _kind), count in game.asked.items() if t == turn) <= per_turn(players)


def play_and_check(
    players: int,
    seed: int,
    policies: list[Policy],
    *,
    leaves: dict[int, int] | None = None,
    choices: int = 0,
    chooser: RandomAction = random_action,
) -> MixedGame:
    bound = action_bound(players)
    game = CountingTalismani()
    result = play_mixed(game, players, seed, policies, chooser, bound, leaves=leaves, choices=choices)
    state = result.state
    assert isinstance(state, TalismaniState)
    assert GAME.decision(state) is None and state.phase == "over"
    assert any(not hand for hand in state.hands), "TT-12.2: the game ends on an empty hand"
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game ended (TT-12)"
    assert sorted(s.seat for s in outcome.standings) == list(range(players)), "every seat is ranked"
    assert result.actions <= bound
    assert sum(result.by_seat) == result.actions == sum(game.asked.values())
    assert state.turn <= turn_bound(players)
    check_terms(game, players)
    return result


def test_bound_values() -> None:
    """The numbers the docstring and docs/decisions.md give."""
    assert [deck_size(n) for n in PLAYER_COUNTS] == [40, 54, 64, 75, 84, 91, 96, 99, 100]
    assert [turn_bound(n) for n in PLAYER_COUNTS] == [39, 52, 61, 71, 79, 85, 89, 91, 91]
    assert [per_turn(n) for n in PLAYER_COUNTS] == [5, 11, 15, 19, 23, 27, 31, 35, 39]
    assert [action_bound(n) for n in PLAYER_COUNTS] == [195, 572, 915, 1349, 1817, 2295, 2759, 3185, 3549]


MIXED_TABLES = {
    "seed": st.integers(0, 2**32),
    "plan": st.integers(0, 2**32),
    "choices": st.integers(0, 2**32),
}


def mixed_table(players: int, seed: int, plan: int, choices: int) -> None:
    policies, leaves = seats_plan(players, random.Random(plan), horizon=LEAVE_HORIZON)
    play_and_check(players, seed, policies, leaves=leaves, choices=choices)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(**MIXED_TABLES)
def test_mixed_seats_end_within_bound(players: int, seed: int, plan: int, choices: int) -> None:
    """AI, random and default seats, some leaving mid-game, end within the bound.
    3 tables a count (27 in all), beside the uniform, stalling and leaving tables below;
    the 6-a-count soak is ``pytest -m slow``."""
    mixed_table(players, seed, plan, choices)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=6, deadline=None, derandomize=True)
@given(**MIXED_TABLES)
def test_mixed_seats_end_within_bound_soak(players: int, seed: int, plan: int, choices: int) -> None:
    """The mixed tables' soak: 6 for each player count."""
    mixed_table(players, seed, plan, choices)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_uniform_tables_end_within_bound(players: int, policy: Policy) -> None:
    """Every seat the same: all defaults (nobody ever answers: the weakest single each
    turn) and all random are the slow roads to the end; all AI is the table of
    players who all left."""
    result = play_and_check(players, players, [policy] * players, choices=players)
    assert result.actions <= action_bound(players)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_stalling_tables_end_within_bound(players: int) -> None:
    """Every seat drags the game out (``stalling_action``): the longest games we found."""
    play_and_check(players, players, ["random"] * players, choices=players, chooser=stalling_action)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_whole_table_leaving_ends_within_bound(players: int) -> None:
    """Every player leaves at the same moment, mid-game: the AI plays on to the end."""
    policies: list[Policy] = ["random", "default"] * players
    leaves = dict.fromkeys(range(players), 5 * players)
    play_and_check(players, players, policies[:players], leaves=leaves, choices=players)
