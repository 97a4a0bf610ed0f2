"""Every Tir Nan Og Wars game ends, within a bound on its actions derived from the rules
(issue "Every game ends"; the driver is ``tests/termination.py``).

Why a game ends, and how many actions (``GAME.play`` calls) it can take at most, for
``p`` players. Every action belongs to one of six kinds, and each kind is bounded on its
own (:func:`terms`); the bound is their sum (:func:`action_bound`).

* **Action A, take creatures (TNO-4.2).** Before the final cycle the display holds 5 cards
  at the start of every turn: it starts with 5 (TNO-3.4) and every A, the only action that
  takes from it, is followed by a refill to 5 (TNO-4.2.4), which can stop short only at the
  second exhaustion (TNO-4.7.3). So every A before the final cycle takes 2 cards (R12) and
  draws exactly 2 from the deck, except the one that exhausts the deck the second time,
  which draws at least 1. Draws come from two decks and no third (R37, R38, TNO-4.7.5): the
  first holds ``N - 3p - 5`` cards (TNO-3.2-3.5, ``N`` = 58, 48, 38 creatures for 4, 3, 2
  players, TNO-2.2); the second is the discard pile at the first exhaustion (TNO-4.7.2),
  when the display holds at least 4 cards (3 left by the A plus the card just drawn,
  R36) and the active player at least 2 (the 2 just taken: the hand limit only cuts a hand
  down to 7, TNO-4.2.3), so it holds at most ``N - 6``. With ``k`` the number of A before
  the final cycle, ``2(k - 1) + 1 <= (N - 3p - 5) + (N - 6)``. The final cycle is the rest
  of the turn cycle, at most ``p - 1`` more turns (TNO-4.7.3, TNO-5.3), each at most one A.
  Nothing else ever draws (TNO-4.7.1), so no other action brings the end closer; all the
  others are bounded below by what they use up.
* **Action B, take a territory (TNO-4.3).** It takes a pile's top card for good
  (TNO-4.3.5, R16); a fountain is never taken (TNO-4.3.4, TNO-4.5). So there are at most
  as many B as non-fountain pile cards: ``46 - 6r - p`` (TNO-2.4, TNO-3.6, TNO-3.7;
  ``r`` = 0, 1, 2 cards removed per type for 4, 3, 2 players): 42, 37, 32.
* **Action C, consolidate (TNO-4.4).** It moves a reserve card to the stack for good
  (TNO-4.4.4, R16), and reserve cards are the starting plains and the B: at most
  ``46 - 6r`` (46, 40, 34).
* **Hand-limit discards (TNO-4.2.3).** At most one per A.
* **Declarations (TNO-4.5.2).** A fountain is disputed once, when revealed, and then leaves
  its pile (TNO-4.3.4, TNO-4.5.5-4.5.8); setup never shows one (TNO-3.9, R8), and each
  dispute asks each of the ``p`` players once (R22): at most ``6p``.
* **Dispute winner's discards (TNO-4.5.7).** At most one per fountain: 6.

A turn with no legal action is a pass (TNO-4.1.3, R11), and before the final cycle A is
always legal (TNO-4.2.1), so every turn before the final cycle is an A, B or C; passes and
lone legal actions are played by the engine (``rules.advance``) and are not ``play``
calls, which only makes the count smaller. The bound:

    2 * ((2N - 3p - 10) // 2 + p - 1) + (46 - 6r - p) + (46 - 6r) + 6(p + 1)

= 146 (2 players), 181 (3), 218 (4), against about 60-140 actions in practice.
A test checks each term separately, so a derivation step the engine broke would fail
by name, not only through the sum.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Event
from games.tirnanog import GAME, Declare, TirNanOgAction, TirNanOgGame, TirNanOgState
from games.tirnanog.data import DATA, FOUNTAINS, META, PILE_TYPES, SPECIES, TERRITORIES
from tests.termination import MixedGame, Policy, RandomAction, play_mixed, seats_plan

PLAYERS = (2, 3, 4)


def terms(players: int) -> dict[str, int]:
    """The most actions of each kind one game can hold (module docstring), keyed by the
    action's kind, or for discards and declarations by the phase they are made in."""
    row = DATA.player_counts[players]
    # TNO-2.2: the creatures in play (58, 48, 38).
    creatures = sum(s.count for s in DATA.species.values()) - len(SPECIES) * row.creature_remove_per_species
    # TNO-3.3-3.5: the first deck (41, 34, 27).
    first_deck = creatures - META.starting_hand * players - META.display_size
    # R37 / TNO-4.7.2: the second deck is the discard pile at the first exhaustion, when the
    # display holds 3 left by the A + the card just drawn (R36) and the taker's hand the
    # 2 cards just taken (TNO-4.2.3 only cuts a hand to 7).
    at_exhaustion = (META.display_size - META.take_creatures + 1) + META.take_creatures
    second_deck = creatures - at_exhaustion
    # TNO-4.2.2 / TNO-4.2.4 / R12: every A before the final cycle draws 2, the last at least 1;
    # R38 / TNO-4.7.5: no third deck.
    takes_before_final = (first_deck + second_deck + 1) // 2
    # TNO-4.7.3 / TNO-5.3: the final cycle completes the turn cycle, p - 1 turns at most.
    takes = takes_before_final + players - 1
    # TNO-2.4 / TNO-3.6: the territories in play (46, 40, 34); TNO-3.7: p start in reserves.
    territories = len(TERRITORIES) - len(PILE_TYPES) * row.territory_remove_per_type
    fountains = len(FOUNTAINS)  # TNO-2.4: always all 6
    return {
        "take_creatures": takes,  # action A
        "take_territory": territories - players,  # action B, TNO-4.3.5 / R16
        "consolidate": territories,  # action C, TNO-4.4.4 / R16
        "hand_limit": takes,  # TNO-4.2.3: at most one per A
        "declare": fountains * players,  # TNO-4.5.2 / R22: every player, once per fountain
        "dispute_discard": fountains,  # TNO-4.5.7: the winner's discards, once per fountain
    }


def action_bound(players: int) -> int:
    """The most ``play`` calls one game of ``players`` can take (TNO-4.7.3, TNO-5.3)."""
    return sum(terms(players).values())


class CountingGame(TirNanOgGame):
    """The game, counting every action played by its term of the bound."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def play(
        self, state: TirNanOgState, seat: int, action: TirNanOgAction
    ) -> tuple[TirNanOgState, list[Event]]:
        self.counts[action.kind if state.phase == "turn" else state.phase] += 1
        return super().play(state, seat, action)


def random_action(state: TirNanOgState, seat: int, chooser: random.Random) -> TirNanOgAction:
    """A random legal action, its kind drawn first (as in ``test_properties``), so that
    B and C are not drowned by the many ways to take creatures or to discard."""
    legal = GAME.legal_actions(state, seat) or []
    kind = chooser.choice(sorted({a.kind for a in legal}))
    return chooser.choice([a for a in legal if a.kind == kind])


STALLING = {"take_territory": 0, "consolidate": 1, "discard": 2, "take_creatures": 3}


def stalling_action(state: TirNanOgState, seat: int, chooser: random.Random) -> TirNanOgAction:
    """A seat that puts off drawing: action B whenever it can, else C, A last (TNO-4.1.2),
    and it joins every dispute (the most discards, TNO-4.5.7)."""
    if state.phase == "declare":
        return Declare(take_part=True)
    legal = GAME.legal_actions(state, seat) or []
    first = min(STALLING[a.kind] for a in legal)
    return chooser.choice([a for a in legal if STALLING[a.kind] == first])


def check_ends(
    players: int,
    seed: int,
    policies: list[Policy],
    leaves: dict[int, int] | None = None,
    choices: int = 0,
    chooser: RandomAction = random_action,
) -> MixedGame:
    game = CountingGame()
    bound = action_bound(players)
    played = play_mixed(game, players, seed, policies, chooser, bound, leaves=leaves, choices=choices)
    state = played.state
    assert isinstance(state, TirNanOgState)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sorted(s.seat for s in outcome.standings) == list(range(players))
    # TNO-4.7.3 / TNO-5.3: the game ended the only way it can, after the second exhaustion.
    assert state.phase == "over" and state.final_cycle and state.exhaustions == 2
    assert played.actions <= bound and sum(played.by_seat) == played.actions
    limits = terms(players)
    assert sum(game.counts.values()) == played.actions
    for term, count in game.counts.items():
        assert count <= limits[term], (term, count, limits[term])
    assert game.counts["declare"] % players == 0  # R22: a dispute asks every player once
    return played


def test_the_bound_by_player_count() -> None:
    assert {p: action_bound(p) for p in PLAYERS} == {2: 146, 3: 181, 4: 218}
    assert terms(4) == {
        "take_creatures": 50,
        "take_territory": 42,
        "consolidate": 46,
        "hand_limit": 50,
        "declare": 24,
        "dispute_discard": 6,
    }


MIXED_TABLES = {
    "players": st.sampled_from(PLAYERS),
    "seed": st.integers(0, 10**6),
    "plan": st.integers(0, 10**6),
}


def mixed_table(players: int, seed: int, plan: int) -> None:
    policies, leaves = seats_plan(players, random.Random(plan))
    check_ends(players, seed, policies, leaves, choices=plan)


@given(**MIXED_TABLES)
@settings(max_examples=50, deadline=None, derandomize=True)
def test_mixed_seats_end_within_the_bound(players: int, seed: int, plan: int) -> None:
    """Random policies per seat (AI, random, default), some seats leaving to the AI.
    50 tables over the player counts, beside the uniform, leaving and stalling tables
    below; the 200-table soak is ``pytest -m slow``."""
    mixed_table(players, seed, plan)


@pytest.mark.slow
@given(**MIXED_TABLES)
@settings(max_examples=200, deadline=None, derandomize=True)
def test_mixed_seats_end_within_the_bound_soak(players: int, seed: int, plan: int) -> None:
    """The mixed tables' soak: 200 tables."""
    mixed_table(players, seed, plan)


@pytest.mark.parametrize("policy", ["default", "random", "ai"])
@pytest.mark.parametrize("players", PLAYERS)
def test_uniform_seats_end_within_the_bound(players: int, policy: Policy) -> None:
    """Every seat on one policy: all defaults (a table nobody answers), all random."""
    for seed in range(4):
        check_ends(players, seed, [policy] * players, choices=seed)


@pytest.mark.parametrize("players", PLAYERS)
def test_everyone_leaving_at_once(players: int) -> None:
    """All seats leave together mid-game and the AI finishes it."""
    for seed in range(3):
        check_ends(players, seed, ["random"] * players, {s: 20 * (seed + 1) for s in range(players)}, seed)


@pytest.mark.parametrize("players", PLAYERS)
def test_stalling_seats_end_within_the_bound(players: int) -> None:
    """Seats that put off drawing as long as the rules let them still end in time."""
    for seed in range(6):
        check_ends(players, seed, ["random"] * players, choices=seed, chooser=stalling_action)
