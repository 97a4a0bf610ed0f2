"""Properties over random legal play, for 2, 3 and 4 players and the team game:
the 110 cards stay in exactly one zone each, no favourite leaks before the end
(views, events, legal actions), every game ends, and the same seed and actions
replay to the same game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.akelarre import GAME, AkelarreState
from games.akelarre.data import FAMILIES
from tests.akelarre.akelarre_helpers import conserved

MAX_ACTIONS = 5000
SETUPS: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {}), (4, {}), (4, {"teams": True})]
IDS = ["2p", "3p", "4p", "teams"]


def twin_of(state: AkelarreState) -> AkelarreState:
    """The same game with every favourite changed: what nobody may tell apart before the end."""
    rotated = [FAMILIES[(FAMILIES.index(f) + 1) % 5] for f in state.favourites]
    unused = [f for f in FAMILIES if f not in rotated]
    return state.model_copy(deep=True, update={"favourites": rotated, "unused_favourites": unused})


def without_favourite(state: AkelarreState, seat: int | None) -> dict[str, Any]:
    data: dict[str, Any] = GAME.view(state, seat).model_dump(mode="json")
    data.pop("favourite")  # a seat's own favourite: the one field that may differ
    return data


def check_no_leak(state: AkelarreState, twin: AkelarreState, viewer: int) -> None:
    """Before the end, nothing but a seat's own view depends on the favourites."""
    assert GAME.view(state, None).model_dump() == GAME.view(twin, None).model_dump()
    assert GAME.view(state, None).favourite is None and GAME.view(state, None).favourites is None
    assert without_favourite(state, viewer) == without_favourite(twin, viewer)
    assert GAME.view(state, viewer).favourite == state.favourites[viewer]


def random_game(
    players: int, options: dict[str, Any], seed: int, checks: bool = True
) -> tuple[AkelarreState, int, list[str]]:
    """One game of uniformly random legal actions, played side by side with its
    twin (other favourites): same legal actions, same events, same views."""
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed, options)
    twin = twin_of(state)
    if checks:
        opening = GAME.opening_events(state)
        assert [e for e in opening if e.public] == [e for e in GAME.opening_events(twin) if e.public]
        assert all(e.seats == [e.params["seat"]] for e in opening if e.key.endswith(".favourite"))
    log: list[str] = []
    actions = 0
    while (decision := GAME.decision(state)) is not None:
        assert actions < MAX_ACTIONS, "the game did not end (AK-10, R26)"
        seat = decision.actors[0]
        legal = GAME.legal_actions(state, seat)
        assert legal, (state.step, seat)
        action = chooser.choice(legal)
        state, events = GAME.play(state, seat, action)
        log.append(action.model_dump_json())
        actions += 1
        if checks:
            assert conserved(state), (state.step, state.turn)
            assert legal == GAME.legal_actions(twin, seat)
            twin, twin_events = GAME.play(twin, seat, action)
            # No event of play says anything about a favourite, publicly or privately.
            assert events == twin_events
            if state.step != "over":
                check_no_leak(state, twin, viewer=actions % players)
    return state, actions, log


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=IDS)
@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_random_legal_play(players: int, options: dict[str, Any], seed: int) -> None:
    state, actions, _ = random_game(players, options, seed)
    assert state.step == "over" and state.deck == [] and state.final_queue == []
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.standings) == players
    assert actions > 0
    # Only at the end: every dealt favourite in every view and in the final events (R25).
    assert GAME.view(state, None).favourites == state.favourites
    revealed = [e.params["suit"] for e in GAME.reveal_events(state) if e.key.endswith("favourite_revealed")]
    assert revealed == state.favourites
    by_seat = sorted(outcome.standings, key=lambda s: s.seat)
    assert [s.details["favourite"] for s in by_seat] == state.favourites


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"teams": True})], ids=["3p", "teams"])
def test_determinism(players: int, options: dict[str, Any]) -> None:
    first, _, log1 = random_game(players, options, 99, checks=False)
    second, _, log2 = random_game(players, options, 99, checks=False)
    assert log1 == log2 and first == second
    # Replaying the logged actions through parse_action reaches the same state.
    replay = GAME.new_game(players, 99, options)
    for line in log1:
        decision = GAME.decision(replay)
        assert decision is not None
        replay, _ = GAME.play(replay, decision.actors[0], GAME.parse_action(json.loads(line)))
    assert replay == first
    assert GAME.load_state(first.model_dump_json()) == first


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=IDS)
def test_defaults_are_always_legal(players: int, options: dict[str, Any]) -> None:
    """§9: the timeout default is legal in every state (the bot plays it for late seats)."""
    state = GAME.new_game(players, players * 7, options)
    actions = 0
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        action = GAME.default_action(state, seat)
        assert action in (GAME.legal_actions(state, seat) or [])
        state, _ = GAME.play(state, seat, action)
        actions += 1
        assert actions < MAX_ACTIONS
    assert conserved(state) and GAME.outcome(state) is not None
