"""Every Akelarre game ends, within a bound on its actions derived from the rules
(issue "Every game ends"; the driver is ``tests/termination.py``).

How many turns (AK-8, AK-10, R26)
---------------------------------
Every normal turn draws from exactly one source (AK-8.1, R33), and always at
least 1 card (AK-8.5). The deck is never refilled (§2.4, AK-8.7), and
the draw that takes its last card starts the final round: one final turn per
player, then the game is over (AK-10.1-10.5, R17). So there are at most ``D``
deck draws, ``D`` the deck after the deal (AK-1.5: 91, 84, 77 for 2, 3, 4
players). The stall safeguard (AK-8.8, R26) allows at most ``10n`` normal turns
in a row without a deck draw. Hence at most ``D(10n + 1)`` normal turns and
``n`` final turns: ``turns(n) = D(10n + 1) + n`` = 1,913, 2,607 and 3,161. The
host may disable the safeguard (R26), and then no end is promised (like Narnia's
"no round cap"); these tests play with it on, the default.

What one turn can ask (R-T1)
----------------------------
Let ``τ = 4·3n + 7``: a group on the table has at most 4 cards (AK-3.1: the 5th
captures it), a player owns at most 3 places (R3, AK-4.1), and the hand holds at
most 7 cards (AK-2.6). Phase A draws nothing, so cards reach the table only from
the hand: every card that lies on the table at any moment of a turn is one of
these ``τ`` (31, 43, 55). In one turn:

* **takes** (AK-5.5): R-T1, the bot's ruling, forbids taking a card a second
  time in the turn (a take put back counts), so at most ``τ``;
* **cancel_take**: each follows its own take, so at most ``τ``;
* **moves** (AK-5.1, AK-5.2): a move with a hand card plays at least one of the
  at most 7 hand cards (AK-5.4); a move without one carries a taken card (AK-5.8)
  and ends its take. Each take ends in a cancel or in a move, so takes, cancels
  and moves together are at most ``2τ + 7``;
* **owners' choices** (AK-6.3, R15): one per capture on another player's place;
  a capture puts 5 of the ``τ`` cards in point piles for the rest of the turn
  (AK-6.1), so at most ``⌊τ/5⌋``;
* **done** or **discard** (AK-2.3): 1; **draw** (AK-8.1): 1 (played by the
  engine when there is a single source);
* **Phase C** (AK-9, R19): ``end_turn``, or ``buy`` then 5 ``pay``, or ``buy``,
  at most 4 ``pay`` and ``cancel_purchase``, which ends the turn (R-T1): at most 6.

A final turn is Phase A and ``done`` only (AK-10.4), so less. Hence
``per_turn(n) = 2τ + 7 + ⌊τ/5⌋ + 1 + 1 + 6``:

| n | D | turns | τ | per turn | action_bound |
|---|---|---|---|---|---|
| 2 | 91 | 1,913 | 31 | 83 | 158,779 |
| 3 | 84 | 2,607 | 43 | 109 | 284,163 |
| 4, free-for-all or teams (AK-13.2) | 77 | 3,161 | 55 | 136 | 429,896 |

The bound is far from what games take (AI games: 150-350 actions; the longest
game here, 5,331 actions in 910 turns, by ``staller`` with 2 players; the
busiest turn, 27 actions); it is there to be proved, not reached. Before R-T1,
one turn could go on for ever (a take-only move carrying the same card back and
forth, ``take``/``cancel_take``, ``buy``/``cancel_purchase``): ``adversary``
below is the chooser that used to loop (with the old engine it passed the 2-player
bound of 158,779 actions). ``CountingAkelarre`` checks each term, turn by turn,
not only the total.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.akelarre import (
    GAME,
    Add,
    AkelarreAction,
    AkelarreGame,
    AkelarreState,
    Buy,
    CancelPurchase,
    CancelTake,
    Draw,
    Open,
    Take,
)
from games.akelarre.data import COMPLETE, GAME_INFO, HAND_SIZE, MAX_PLACES, PLACE_COST, STALL_ROUNDS
from games.akelarre.drawing import DECK
from games.core import Event
from tests.termination import MixedGame, Policy, play_mixed, seats_plan

SETUPS = [(2, False), (3, False), (4, False), (4, True)]
IDS = ["2p", "3p", "4p", "teams"]
# AI games take 150-350 actions: seats leave within that, so leaving mid-game is
# exercised. It plays no part in the bound.
LEAVE_HORIZON = 300


def deck_after_deal(players: int) -> int:
    """AK-1.5 (TV-5): 105 - 7n."""
    return GAME_INFO.deck_after_deal[players]


def turn_bound(players: int) -> int:
    """At most D deck draws (AK-8.5, AK-8.7), each after at most 10n turns drawing
    from discard piles (R26), then n final turns (AK-10.3)."""
    return deck_after_deal(players) * (STALL_ROUNDS * players + 1) + players


def cards_in_reach(players: int) -> int:
    """τ: the cards on the table at the start of a turn (at most 3 places each, R3,
    and 4 cards a group, AK-3.1) and in the active hand (AK-2.6)."""
    return (COMPLETE - 1) * MAX_PLACES * players + HAND_SIZE


def per_turn(players: int) -> int:
    """The most actions one turn can take (R-T1 bounds the takes)."""
    reach = cards_in_reach(players)
    moves = 2 * reach + HAND_SIZE  # takes (R-T1), cancels and moves (AK-5.4, AK-5.8)
    owners = reach // COMPLETE  # one choice a capture on another's place (AK-6.3)
    phase_end = 1 + 1  # done or discard (AK-2.3), then the draw (AK-8.1)
    phase_c = 1 + PLACE_COST  # buy and 5 pay; end_turn; or cancel_purchase (AK-9, R19, R-T1)
    return moves + owners + phase_end + phase_c


def action_bound(players: int, teams: bool) -> int:
    """The bound on a whole game's actions; the team game has the same rules (AK-13.2)."""
    del teams
    return turn_bound(players) * per_turn(players)


def random_action(state: AkelarreState, seat: int, chooser: random.Random) -> AkelarreAction:
    """A uniformly random legal action (every Akelarre decision can be listed)."""
    legal = GAME.legal_actions(state, seat)
    assert legal, (state.step, seat)
    return chooser.choice(legal)


def adversary(state: AkelarreState, seat: int, chooser: random.Random) -> AkelarreAction:
    """The chooser that used to hold a table for ever: a held card goes back and forth
    (a take-only move into a 3-card group, leaving 4 to take it back from) or is put
    back; otherwise take, buy and give the purchase up whenever possible."""
    legal = GAME.legal_actions(state, seat)
    assert legal, (state.step, seat)
    if state.step == "play" and state.held is not None:
        shuttles = [a for a in legal if isinstance(a, Add) and not a.cards and leaves_four(state, a)]
        if shuttles and chooser.random() < 0.7:
            return chooser.choice(shuttles)
        return CancelTake()
    for kind in (Take, Buy, CancelPurchase):
        hits = [a for a in legal if isinstance(a, kind)]
        if hits:
            return chooser.choice(hits)
    return chooser.choice(legal)


def staller(state: AkelarreState, seat: int, chooser: random.Random) -> AkelarreAction:
    """The adversary that also keeps away from the deck (draws from a discard pile
    whenever it may), so that games last as many turns as the safeguard allows (R26)."""
    legal = GAME.legal_actions(state, seat)
    piles = [a for a in legal or [] if isinstance(a, Draw) and a.source != DECK]
    return chooser.choice(piles) if piles else adversary(state, seat, chooser)


def leaves_four(state: AkelarreState, move: Add) -> bool:
    place = state.place(move.place)
    return place is not None and len(place.group) == COMPLETE - 2


TurnKey = tuple[int, bool, int]  # (turn, final, active): one key per normal or final turn


class CountingAkelarre(AkelarreGame):
    """The Akelarre game, counting its actions by turn and kind: the same rules (every
    call goes to ``AkelarreGame``), so each term of the bound can be checked."""

    def __init__(self) -> None:
        self.asked: Counter[tuple[TurnKey, str]] = Counter()
        self.taken: dict[TurnKey, list[str]] = {}
        self.hand_moves: Counter[TurnKey] = Counter()
        self.draws: Counter[int] = Counter()  # by normal turn
        self.pile_runs: list[int] = [0]  # normal turns in a row without a deck draw

    def play(
        self, state: AkelarreState, seat: int, action: AkelarreAction
    ) -> tuple[AkelarreState, list[Event]]:
        key: TurnKey = (state.turn, state.final, state.active)
        after, events = super().play(state, seat, action)
        self.asked[(key, action.kind)] += 1
        if isinstance(action, Take):
            self.taken.setdefault(key, []).append(action.card)
        if isinstance(action, (Add, Open)) and action.cards:
            self.hand_moves[key] += 1
        turn = state.turn  # the engine may play whole forced turns within one action
        for event in events:
            if event.key == "akelarre.event.turn":
                turn = event.params["turn"]
            elif event.key == "akelarre.event.drew_deck":
                self.pile_runs.append(0)
                self.draws[turn] += 1
            elif event.key == "akelarre.event.drew_pile":
                self.pile_runs[-1] += 1
                self.draws[turn] += 1
        return after, events


def check_terms(game: CountingAkelarre, players: int) -> None:
    """Each term of ``per_turn`` in every turn, and the turn count of ``turn_bound``."""
    turns = {key for key, _kind in game.asked}
    normal = [key for key in turns if not key[1]]
    final = [key for key in turns if key[1]]
    assert len(normal) <= turn_bound(players) - players and len(final) <= players
    assert max(game.pile_runs) <= STALL_ROUNDS * players, "R26: at most 10n pile draws in a row"
    assert all(count == 1 for count in game.draws.values()), "AK-8.1: one draw a turn"
    reach = cards_in_reach(players)
    for turn in turns:
        count = {kind: n for (key, kind), n in game.asked.items() if key == turn}
        taken = game.taken.get(turn, [])
        assert len(taken) == len(set(taken)), f"turn {turn}: a card taken twice (R-T1): {taken}"
        assert len(taken) <= reach
        assert count.get("cancel_take", 0) <= len(taken)
        assert game.hand_moves[turn] <= HAND_SIZE
        moves = count.get("add", 0) + count.get("open", 0)
        assert moves <= game.hand_moves[turn] + len(taken)
        assert count.get("choose_payment", 0) <= reach // COMPLETE
        assert count.get("done", 0) + count.get("discard", 0) <= 1 and count.get("draw", 0) <= 1
        assert count.get("buy", 0) <= 1 and count.get("pay", 0) <= PLACE_COST
        assert (
            count.get("buy", 0)
            + count.get("pay", 0)
            + count.get("cancel_purchase", 0)
            + count.get("end_turn", 0)
            <= 1 + PLACE_COST
        )
        assert sum(count.values()) <= per_turn(players), (turn, count)


def play_and_check(
    players: int,
    teams: bool,
    seed: int,
    policies: list[Policy],
    *,
    chooser: Any = random_action,
    leaves: dict[int, int] | None = None,
    choices: int = 0,
) -> tuple[MixedGame, CountingAkelarre]:
    bound = action_bound(players, teams)
    game = CountingAkelarre()
    options = {"teams": True} if teams else None
    result = play_mixed(
        game, players, seed, policies, chooser, bound, leaves=leaves, choices=choices, options=options
    )
    state = result.state
    assert isinstance(state, AkelarreState)
    assert GAME.decision(state) is None and state.step == "over"
    assert not state.deck and state.final and not state.final_queue, "AK-10: the deck ran out"
    outcome = GAME.outcome(state)
    assert outcome is not None and sorted(s.seat for s in outcome.standings) == list(range(players))
    assert result.actions <= bound
    assert state.turn <= turn_bound(players) - players, "normal turns"
    assert sum(result.by_seat) == result.actions == sum(game.asked.values())
    check_terms(game, players)
    return result, game


def test_bound_values() -> None:
    """The numbers of the docstring and of docs/decisions.md."""
    assert [deck_after_deal(n) for n in (2, 3, 4)] == [91, 84, 77]
    assert [turn_bound(n) for n in (2, 3, 4)] == [1913, 2607, 3161]
    assert [cards_in_reach(n) for n in (2, 3, 4)] == [31, 43, 55]
    assert [per_turn(n) for n in (2, 3, 4)] == [83, 109, 136]
    assert [action_bound(n, t) for n, t in SETUPS] == [158_779, 284_163, 429_896, 429_896]


@pytest.mark.parametrize(("players", "teams"), SETUPS, ids=IDS)
@settings(max_examples=5, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), plan=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_mixed_seats_end_within_bound(players: int, teams: bool, seed: int, plan: int, choices: int) -> None:
    """AI, random and default seats, some leaving mid-game (the AI takes over), end
    within the bound."""
    policies, leaves = seats_plan(players, random.Random(plan), horizon=LEAVE_HORIZON)
    play_and_check(players, teams, seed, policies, leaves=leaves, choices=choices)


@pytest.mark.parametrize("policy", ["default", "random"])
@pytest.mark.parametrize(("players", "teams"), SETUPS, ids=IDS)
def test_uniform_tables_end_within_bound(players: int, teams: bool, policy: Policy) -> None:
    """Every seat the same: all defaults (nobody ever answers: discard, draw from the
    deck) and all random."""
    play_and_check(players, teams, players, [policy] * players, choices=players)


@pytest.mark.parametrize(("players", "teams"), SETUPS, ids=IDS)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_the_adversary_ends_within_bound(players: int, teams: bool, seed: int, choices: int) -> None:
    """The chooser that used to loop (shuttles, take/cancel, buy/cancel) at every seat
    but one AI: each of its turns is now bounded, and so is the game."""
    policies: list[Policy] = ["random"] * players
    policies[seed % players] = "ai"
    result, _game = play_and_check(players, teams, seed, policies, chooser=adversary, choices=choices)
    assert result.actions <= action_bound(players, teams)


@pytest.mark.parametrize(("players", "teams"), SETUPS, ids=IDS)
def test_the_staller_ends_within_bound(players: int, teams: bool) -> None:
    """Every seat the adversary, drawing from the discard piles whenever it may: the
    longest games (the turn term). With 2 and 3 players it runs into the safeguard."""
    result, game = play_and_check(players, teams, 0, ["random"] * players, chooser=staller)
    assert result.actions <= action_bound(players, teams)
    if players < 4:
        assert max(game.pile_runs) == STALL_ROUNDS * players
