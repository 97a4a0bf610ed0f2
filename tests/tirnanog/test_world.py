"""The hard player's worlds (games.tirnanog.world): a state drawn from one seat's view.

Properties over positions of random games: the world looks the same to the seat, asks
the same decision with the same legal moves, holds every creature, territory and
fountain once, plays on to the end, and draws what the seat cannot see (other hands,
deck order, piles below their tops, the fountains' places, setup removals) rather than
copying it; the AI levels cannot peek (the same move from a state whose hidden parts
were redrawn).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.core.budget import Budget
from games.core.levels import LEVELS, make_player
from games.core.protocol import AiPlayer
from games.core.search import SearchPlayer
from games.tirnanog import GAME, TirNanOgState
from games.tirnanog.data import META, is_fountain, species_of
from games.tirnanog.state import species_counts
from games.tirnanog.world import sample_world
from tests.tirnanog.tirnanog_helpers import conserved

SAMPLES = 4  # worlds drawn from each view
# Playouts cut at 30 moves, as Akelarre's and Narnia's cannot-peek tests: the same move
# from both states is the property, at any horizon. Played to the end, the cannot-peek
# cases took 8.5 s of CPU; 2.5 s cut.
SMALL = Budget(worlds=6, candidates=3, horizon=30)
PLAYERS = list(range(META.players_min, META.players_max + 1))


def positions(players: int, seed: int, every: int = 1) -> Iterator[TirNanOgState]:
    """Every ``every``-th position of a game played by the AI with random moves mixed in
    (to its end: the exhaustions, the reshuffle and the final cycle come up)."""
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed)
    step = 0
    while (decision := GAME.decision(state)) is not None:
        if step % every == 0:
            yield state
        step += 1
        seat = decision.actors[0]
        if chooser.random() < 0.4:
            action = GAME.random_action(state, seat, chooser)
        else:
            action = GAME.ai(seat).act(GAME.view(state, seat), decision)
        state, _ = GAME.play(state, seat, action)


def species(cards: list[str]) -> list[str]:
    return sorted(species_of(c) for c in cards)


def hidden(state: TirNanOgState, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see, creatures by species (their ids are interchangeable)."""
    others = tuple(tuple(species(h)) for s, h in enumerate(state.hands) if s != seat)
    return (
        others,
        tuple(species_of(c) for c in state.deck),
        tuple(tuple(pile[1:]) for pile in state.piles.values()),
        tuple(sorted(state.removed)),
    )


def play_on(state: TirNanOgState, rng: random.Random) -> None:
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.random_action(state, seat, rng))
        assert conserved(state)


@pytest.mark.parametrize("players", PLAYERS)
def test_worlds_match_the_view(players: int) -> None:
    rng = random.Random(players)
    differ = rounds = 0
    for state in positions(players, seed=500 + players):
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        worlds = [sample_world(view, rng) for _ in range(SAMPLES)]
        for world in worlds:
            assert GAME.view(world, seat) == view
            assert GAME.decision(world) == decision
            assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
            assert conserved(world)
            assert GAME.load_state(world.model_dump_json()) == world
            assert species_counts(world.hands[seat]) == species_counts(state.hands[seat])
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert world.exhaustions == state.exhaustions
            for terrain, pile in world.piles.items():
                real = state.piles[terrain]
                assert pile[:1] == real[:1] and len(pile) == len(real)
                assert any(map(is_fountain, pile)) == any(map(is_fountain, real))
                assert not any(map(is_fountain, pile[:1])) or world.phase == "declare"  # R8, R21
        differ += any(hidden(w, seat) != hidden(state, seat) for w in worlds)
        rounds = max(rounds, state.round)
        if rng.random() < 0.1:
            play_on(worlds[0], rng)
    assert differ > 20, "the hidden parts are drawn, not copied"
    assert rounds == 2, "the games reached the second round (the reshuffled deck)"


def players_for(seat: int) -> dict[str, AiPlayer]:
    out: dict[str, AiPlayer] = {level: make_player(GAME, seat, level, seed=7) for level in LEVELS}
    out["hard"] = SearchPlayer(GAME, seat, 7, SMALL)
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_cannot_peek(players: int) -> None:
    """The same move, at every level, from a state whose hidden parts were redrawn
    consistently with the seat's view."""
    rng = random.Random(players)
    checked = 0
    for state in positions(players, seed=600 + players, every=5):
        if checked >= 4:
            break
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        perturbed = sample_world(view, rng)
        assert GAME.view(perturbed, seat) == view
        assert GAME.decision(perturbed) == decision
        assert hidden(perturbed, seat) != hidden(state, seat)
        for level, player in players_for(seat).items():
            real = player.act(GAME.view(state, seat), decision)
            other = players_for(seat)[level].act(GAME.view(perturbed, seat), decision)
            assert real == other, level
        checked += 1
    assert checked == 4
