"""The hard player's worlds (games.narnia.world): a state drawn from one seat's view.

Narnia hides nothing but the future (R39): a world keeps the whole board and draws only
the deck order and the RNG. Properties over positions of random games: the world looks
the same to the seat, asks the same decision with the same legal moves, holds every card
and token once, plays on, and differs from the real state in what is hidden; the AI
levels cannot peek (the same move from a state whose hidden parts were redrawn).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from games.core.budget import Budget
from games.core.levels import LEVELS, make_player
from games.core.protocol import AiPlayer
from games.core.search import SearchPlayer
from games.narnia import GAME, NarniaState
from games.narnia.data import CARD_IDS, TOKEN_SUPPLY
from games.narnia.world import hidden_cards, sample_world
from tests.narnia.narnia_helpers import per_origin, token_count

SAMPLES = 4  # worlds drawn from each view
SMALL = Budget(worlds=4, candidates=3, horizon=30)


def positions(players: int, seed: int, every: int, limit: int = 4000) -> Iterator[NarniaState]:
    """Every ``every``-th position of a game played by the AI with random moves mixed in
    (a long game: reshuffles and eliminations come up)."""
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed)
    for step in range(limit):
        decision = GAME.decision(state)
        if decision is None:
            return
        if step % every == 0:
            yield state
        seat = decision.actors[0]
        if chooser.random() < 0.3:
            action = GAME.random_action(state, seat, chooser)
        else:
            action = GAME.ai(seat).act(GAME.view(state, seat), decision)
        state, _ = GAME.play(state, seat, action)


def cards_in_play(state: NarniaState) -> list[str]:
    """The round's card and the courage card whose extra turn is under way."""
    out = [state.round_card] if state.round_card is not None else []
    if state.stage == "courage":
        out.append(state.courage_cards[-1])
    return out


def check_conserved(state: NarniaState) -> None:
    assert token_count(state) == 128
    expected = {(origin, value): n for origin, values in TOKEN_SUPPLY.items() for value, n in values.items()}
    assert {k: v for k, v in per_origin(state).items() if v} == {k: v for k, v in expected.items() if v}
    if state.stage != "setup":
        assert Counter([*state.deck, *state.discard, *cards_in_play(state)]) == Counter(CARD_IDS)


def legal(state: NarniaState, seat: int) -> list[str]:
    """The legal moves as a sorted list: their order follows the order tokens were
    placed at setup, which no view shows (the world lists territories in data order)."""
    return sorted(a.model_dump_json() for a in GAME.legal_actions(state, seat) or [])


def play_on(state: NarniaState, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        decision = GAME.decision(state)
        if decision is None:
            return
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.random_action(state, seat, rng))
        check_conserved(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_match_the_view(players: int) -> None:
    rng = random.Random(players)
    orders = seeds = other = 0
    for state in positions(players, seed=100 + players, every=5):
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        worlds = [sample_world(view, rng) for _ in range(SAMPLES)]
        for world in worlds:
            assert GAME.view(world, seat) == view
            assert GAME.decision(world) == decision
            assert legal(world, seat) == legal(state, seat)
            check_conserved(world)
            assert GAME.load_state(world.model_dump_json()) == world
            # Everything public is the real state's; only the deck order and RNG are drawn.
            hidden = {"deck", "rng", "last_attack_round"}
            assert world.model_dump(exclude=hidden) == state.model_dump(exclude=hidden)
            assert sorted(world.deck) == sorted(state.deck) == sorted(hidden_cards(view))
        orders += len(state.deck) > 1 and len({tuple(w.deck) for w in worlds}) > 1
        seeds += len({w.rng.seed for w in worlds}) == SAMPLES
        other += any(w.deck != state.deck for w in worlds)
        play_on(worlds[0], 20, rng)
    assert orders > 5 and seeds > 5 and other > 5, "the hidden parts are drawn, not copied"


def test_the_discard_reshuffled_mid_round_is_in_the_deck() -> None:
    """R27: after a reshuffle, courage cards drawn earlier in the round are back in the deck
    (still listed among the round's courage cards): the world counts them there."""
    seen = 0
    for state in positions(3, seed=7, every=1):
        in_deck = set(state.deck) & set(state.courage_cards)
        if not in_deck:
            continue
        seen += 1
        decision = GAME.decision(state)
        assert decision is not None
        world = sample_world(GAME.view(state, decision.actors[0]), random.Random(seen))
        assert sorted(world.deck) == sorted(state.deck)
        if seen > 3:
            break
    assert seen, "no position had a courage card reshuffled into the deck"


def players_for(seat: int) -> dict[str, AiPlayer]:
    out: dict[str, Any] = {level: make_player(GAME, seat, level, seed=7) for level in LEVELS}
    out["hard"] = SearchPlayer(GAME, seat, 7, SMALL)
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_cannot_peek(players: int) -> None:
    """The same move, at every level, from a state whose hidden parts (deck order, RNG)
    were redrawn consistently with the seat's view."""
    rng = random.Random(players)
    checked = 0
    for index, state in enumerate(positions(players, seed=200 + players, every=23)):
        if index % 2 or checked >= 6:
            continue
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        perturbed = sample_world(view, rng)
        assert perturbed.deck != state.deck or len(state.deck) < 2
        assert GAME.view(perturbed, seat) == view
        assert GAME.decision(perturbed) == decision
        for level, player in players_for(seat).items():
            real = player.act(GAME.view(state, seat), decision)
            other = players_for(seat)[level].act(GAME.view(perturbed, seat), decision)
            assert real == other, level
        checked += 1
    assert checked >= 4
