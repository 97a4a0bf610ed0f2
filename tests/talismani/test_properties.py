"""Properties over random legal play, for every player count from 2 to 10:
cards are conserved, no secret choice leaks before the reveal, every game ends,
and the same seed and choices replay to the same game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Event
from games.talismani import GAME, TalismaniState
from tests.talismani.talismani_helpers import conserved
from tests.talismani.test_termination import action_bound


def without_choices(state: TalismaniState, keep: int | None = None) -> TalismaniState:
    """The same state with every secret choice but ``keep``'s withdrawn (what others may infer)."""
    choices = [c if seat == keep else None for seat, c in enumerate(state.choices)]
    return state.model_copy(update={"choices": choices})  # views never modify the state


def view_json(state: TalismaniState, seat: int | None) -> dict[str, object]:
    data: dict[str, object] = GAME.view(state, seat).model_dump(mode="json")
    data.pop("chosen")  # who has chosen is public; what is not
    return data


def check_no_leak(state: TalismaniState, events: list[Event], viewer: int) -> None:
    """While choices are secret: the public view and ``viewer``'s view are what they
    would be without the others' choices; no public or foreign event names a chosen card.
    (The viewer rotates from action to action, so every seat's view is checked in turn.)"""
    assert GAME.view(state, None).hand is None  # R35: hands are private
    assert GAME.view(state, viewer).hand == state.hands[viewer]
    if state.phase != "play":
        return
    assert view_json(state, None) == view_json(without_choices(state), None)
    assert view_json(state, viewer) == view_json(without_choices(state, keep=viewer), viewer)
    for seat, choice in enumerate(state.choices):
        if choice is None:
            continue
        mine = GAME.view(state, seat).my_choice
        assert mine is not None and mine.cards == choice.cards and mine.forge == choice.forge
        for event in events:
            if event.seats == [seat]:
                continue  # the chooser's own private events may say it
            text = json.dumps(event.params)
            for card in choice.cards:
                assert f'"{card}"' not in text, (event.key, card)
            if event.public:
                assert event.key == "talismani.event.chosen" and list(event.params) == ["seat"]


def random_game(players: int, seed: int, checks: bool = True) -> tuple[TalismaniState, int, list[str]]:
    """One game of uniformly random legal actions; returns the final state, the number
    of actions and the action log (JSON)."""
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed)
    log: list[str] = []
    actions = 0
    while (decision := GAME.decision(state)) is not None:
        assert actions <= action_bound(players), "the game did not end (TT-12.4)"
        seat = chooser.choice(decision.actors)
        legal = GAME.legal_actions(state, seat)
        assert legal, (state.phase, seat)
        action = chooser.choice(legal)
        state, events = GAME.play(state, seat, action)
        log.append(action.model_dump_json())
        actions += 1
        if checks:
            assert conserved(state), (state.phase, state.turn)
            check_no_leak(state, events, viewer=actions % players)
    return state, actions, log


@pytest.mark.parametrize("players", range(2, 11))
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_random_legal_play(players: int, seed: int) -> None:
    state, actions, _ = random_game(players, seed)
    assert state.phase == "over" and any(not hand for hand in state.hands)
    assert state.stake is None and all(not pending for pending in state.pending)
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.standings) == players
    assert actions > 0


@pytest.mark.parametrize("players", [2, 5, 10])
def test_determinism(players: int) -> None:
    first, _, log1 = random_game(players, 99, checks=False)
    second, _, log2 = random_game(players, 99, checks=False)
    assert log1 == log2 and first == second
    # Replaying the logged actions through parse_action reaches the same state.
    replay = GAME.new_game(players, 99)
    chooser = random.Random(99)
    for line in log1:
        decision = GAME.decision(replay)
        assert decision is not None
        seat = chooser.choice(decision.actors)
        legal = GAME.legal_actions(replay, seat)
        assert legal
        chooser.choice(legal)  # keep the chooser in step with random_game
        replay, _ = GAME.play(replay, seat, GAME.parse_action(json.loads(line)))
    assert replay == first
    assert GAME.load_state(first.model_dump_json()) == first


@pytest.mark.parametrize("players", range(2, 11))
def test_defaults_are_always_legal(players: int) -> None:
    """§9: timeout defaults are legal in every state (the bot plays them for every late seat)."""
    state = GAME.new_game(players, players * 7)
    actions = 0
    while (decision := GAME.decision(state)) is not None:
        for seat in decision.actors:
            action = GAME.default_action(state, seat)
            legal = GAME.legal_actions(state, seat)
            assert legal is not None and action in legal
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.default_action(state, seat))
        actions += 1
        assert actions <= action_bound(players)
    assert conserved(state)
