"""Properties over random legal play for 2, 3 and 4 players: no crash, the 128 tokens all
accounted for, the stack order invariant (NA-4.3.3) outside battles, every game ends within a
bound, determinism from the seed, public events only, views that hide only the future (deck
order and RNG), and an AI that reads nothing but its view."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.narnia import GAME, NarniaAction, NarniaState
from games.narnia.data import DEFAULT_ROUND_CAP, NEIGHBOURS, TOKEN_SUPPLY
from tests.narnia.narnia_helpers import per_origin, token_count
from tests.narnia.test_termination import action_bound

SETTINGS = settings(max_examples=8, deadline=None, derandomize=True)


def check_invariants(state: NarniaState) -> None:
    assert token_count(state) == 128
    expected = {(origin, value): n for origin, values in TOKEN_SUPPLY.items() for value, n in values.items()}
    assert {k: v for k, v in per_origin(state).items() if v} == {k: v for k, v in expected.items() if v}
    assert all(n >= 0 for n in [*state.peter_bag.values(), *state.witch_bag.values()])
    if state.phase != "aslan":  # NA-4.3.3: sorted outside a battle (a paused battle may rotate)
        for territory in state.territories.values():
            values = [t.value for t in territory.stack]
            assert values == sorted(values, reverse=True)
    for tid, territory in state.territories.items():
        if territory.owner is not None and not state.eliminated[territory.owner]:
            assert all(t.origin == "peter" for t in territory.stack), tid  # actions.py's premise
    for seat in range(state.players):
        assert state.eliminated[seat] == (not state.owned(seat)) or state.setup_placed < 24


def random_action(state: NarniaState, seat: int, chooser: random.Random) -> NarniaAction:
    """Half the time the §10 AI, otherwise a random legal action (kind first, so attacks are
    as likely as any one of the hundreds of moves)."""
    decision = GAME.decision(state)
    assert decision is not None
    if chooser.random() < 0.5:
        return GAME.ai(seat).act(GAME.view(state, seat), decision)
    legal = GAME.legal_actions(state, seat)
    assert legal, (state.phase, seat)
    kind = chooser.choice(sorted({a.kind for a in legal}))
    return chooser.choice([a for a in legal if a.kind == kind])


def play_out(players: int, seed: int, choices: int) -> tuple[NarniaState, list[NarniaAction], int]:
    state = GAME.new_game(players, seed)
    chooser = random.Random(choices)
    actions: list[NarniaAction] = []
    check_invariants(state)
    while (decision := GAME.decision(state)) is not None:
        # The rules' bound at the default round cap (tests/narnia/test_termination.py).
        assert len(actions) <= action_bound(players, DEFAULT_ROUND_CAP), "the game did not end"
        seat = decision.actors[0]
        action = random_action(state, seat, chooser)
        state, events = GAME.play(state, seat, action)
        actions.append(action)
        assert all(event.public for event in events)
        check_invariants(state)
    return state, actions, len(actions)


@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
@SETTINGS
def test_random_play_is_sound(players: int, seed: int, choices: int) -> None:
    state, _, _ = play_out(players, seed, choices)
    outcome = GAME.outcome(state)
    # NA-4.8.9 / R34: random play often meets the round cap (100 rounds by default).
    assert outcome is not None and outcome.reason in ("witch_defeated", "all_eliminated", "round_cap")
    assert sorted(s.seat for s in outcome.standings) == list(range(players))
    assert len(GAME.final_events(state)) == 1
    if outcome.reason == "witch_defeated":
        assert not state.owned(None) and outcome.winners
    elif outcome.reason == "round_cap":
        assert state.round == state.round_cap == 100 and state.owned(None) and outcome.winners
        assert not all(state.eliminated)
    else:
        assert all(state.eliminated) and not outcome.winners


@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
@settings(max_examples=4, deadline=None, derandomize=True)
def test_replay_is_deterministic(players: int, seed: int, choices: int) -> None:
    """seed + actions replays to the same state, JSON round trip included."""
    final, actions, _ = play_out(players, seed, choices)
    state = GAME.new_game(players, seed)
    for index, action in enumerate(actions):
        decision = GAME.decision(state)
        assert decision is not None
        state, _ = GAME.play(state, decision.actors[0], GAME.parse_action(action.model_dump()))
        if index % 50 == 0:
            state = GAME.load_state(state.model_dump_json())
    assert state.model_dump() == final.model_dump()


def test_adjacency_is_symmetric() -> None:
    assert all(a in NEIGHBOURS[b] for a in NEIGHBOURS for b in NEIGHBOURS[a])


@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000), steps=st.integers(0, 300))
@SETTINGS
def test_views_hide_only_the_future_and_the_ai_reads_only_its_view(
    players: int, seed: int, steps: int
) -> None:
    """The deck order and the RNG are the only unknowns (R39): a state with them changed gives
    the same views, and so the AI (which gets nothing else) the same action."""
    state = GAME.new_game(players, seed)
    for _ in range(steps):
        decision = GAME.decision(state)
        if decision is None:
            break
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.ai(seat).act(GAME.view(state, seat), decision))
    decision = GAME.decision(state)
    if decision is None:
        return
    other = state.model_copy(deep=True)
    other.rng = Rng(seed=seed + 1, counter=7)
    other.deck = Rng(seed=seed).shuffled(other.deck)
    for seat in [None, *range(players)]:
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert '"deck"' not in GAME.view(state, seat).model_dump_json()
    actor = decision.actors[0]
    assert GAME.ai(actor).act(GAME.view(state, actor), decision) == GAME.ai(actor).act(
        GAME.view(other, actor), decision
    )


def test_the_ai_module_never_touches_the_state() -> None:
    """ai.py imports no state module and names no NarniaState: it can only read a view."""
    source = (Path(__file__).resolve().parents[2] / "games" / "narnia" / "ai.py").read_text()
    tree = ast.parse(source)
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "games.narnia.state" not in imported and "NarniaState" not in source
    assert not {"games.narnia.rules", "games.narnia.battle", "games.narnia.flow"} & imported
