"""The hard player's worlds (games.magmor.world): a state drawn from one seat's view.

Properties over positions of random games: the world looks the same to the seat, asks
the same decision with the same legal moves, holds every resource card, terrain card and
objective once, plays on to the end, and draws what the seat cannot see (other hands,
other and set-aside objectives, the cards under cells it has not seen) rather than
copying it; the AI levels cannot peek (the same move from a state reshuffled by
``perturb_hidden`` of the property tests, and from a sampled world).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.core import Rng
from games.core.budget import Budget
from games.core.levels import LEVELS, make_player
from games.core.protocol import AiPlayer
from games.core.search import SearchPlayer
from games.magmor import GAME, MagmorState
from games.magmor.data import CARDS, OBJECTIVES
from games.magmor.world import sample_world
from tests.magmor.magmor_helpers import conserved
from tests.magmor.test_properties import BACK_OF, perturb_hidden

SAMPLES = 4  # worlds drawn from each view
# The budget of Akelarre's and Narnia's cannot-peek tests: the same move from both states
# is the property, at any budget. Six worlds played to the end took 6.4 s of CPU, 4.0 s now.
SMALL = Budget(worlds=4, candidates=3, horizon=30)


def positions(players: int, seed: int, every: int = 1) -> Iterator[MagmorState]:
    """Every ``every``-th position of a game played by the AI with random moves mixed in."""
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


def check_cards(state: MagmorState) -> None:
    """Every resource card (MM-4.9.3), terrain card and objective exactly once."""
    assert conserved(state)
    assert all(count >= 0 for hand in state.hands for count in hand.values())
    assert sorted(state.grid.values()) == sorted(CARDS)
    assert sorted([*state.objectives, *state.set_aside]) == sorted(OBJECTIVES)


def known_cells(state: MagmorState, seat: int) -> set[str]:
    return set(state.path) | {e.cell for e in state.explorations if e.seat == seat}


def hidden(state: MagmorState, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see."""
    unseen = sorted(cell for cell in state.grid if cell not in known_cells(state, seat))
    return (
        [hand for s, hand in enumerate(state.hands) if s != seat],
        [objective for s, objective in enumerate(state.objectives) if s != seat],
        [state.grid[cell] for cell in unseen],
    )


def legal(state: MagmorState, seat: int) -> list[str] | None:
    actions = GAME.legal_actions(state, seat)
    return None if actions is None else [a.model_dump_json() for a in actions]


def play_on(state: MagmorState, rng: random.Random) -> None:
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.random_action(state, seat, rng))
        check_cards(state)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_worlds_match_the_view(players: int) -> None:
    rng = random.Random(players)
    differ = explored = 0
    for game in range(3):
        for state in positions(players, seed=700 + 10 * players + game):
            decision = GAME.decision(state)
            assert decision is not None
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            worlds = [sample_world(view, rng) for _ in range(SAMPLES)]
            for world in worlds:
                assert GAME.view(world, seat) == view
                assert GAME.decision(world) == decision
                assert legal(world, seat) == legal(state, seat)
                check_cards(world)
                assert GAME.load_state(world.model_dump_json()) == world
                assert world.hands[seat] == state.hands[seat]
                assert world.objectives[seat] == state.objectives[seat]
                assert all(BACK_OF[card] == BACK_OF[state.grid[cell]] for cell, card in world.grid.items())
            differ += any(hidden(w, seat) != hidden(state, seat) for w in worlds)
            explored += bool(view.explored)
            if rng.random() < 0.2:
                play_on(worlds[0], rng)
    assert differ > 20, "the hidden parts are drawn, not copied"
    assert explored > 0 or players == 5, "some worlds kept the faces the seat explored (R10)"


def test_worlds_draw_every_hidden_part() -> None:
    """Over many draws from one view: other hands, other objectives, the set-aside ones
    and the cards under unseen cells all vary."""
    state = next(positions(4, seed=11))
    decision = GAME.decision(state)
    assert decision is not None
    seat = decision.actors[0]
    view = GAME.view(state, seat)
    rng = random.Random(0)
    worlds = [sample_world(view, rng) for _ in range(30)]
    others = [s for s in range(4) if s != seat]
    assert len({tuple(tuple(w.hands[s].values()) for s in others) for w in worlds}) > 5
    assert len({tuple(w.objectives[s] for s in others) for w in worlds}) > 5
    assert len({tuple(sorted(w.set_aside)) for w in worlds}) > 5
    assert len({tuple(w.grid.values()) for w in worlds}) > 5


def players_for(seat: int) -> dict[str, AiPlayer]:
    out: dict[str, AiPlayer] = {level: make_player(GAME, seat, level, seed=7) for level in LEVELS}
    out["hard"] = SearchPlayer(GAME, seat, 7, SMALL)
    return out


@pytest.mark.parametrize("players", [3, 5])
def test_cannot_peek(players: int) -> None:
    """The same move, at every level, from a state whose hidden parts were reshuffled
    consistently with the seat's view: by the property tests' ``perturb_hidden``, and by
    the sampler."""
    rng = random.Random(players)
    checked = 0
    for state in positions(players, seed=800 + players, every=3):
        if checked >= 4:
            break
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        for perturbed in (perturb_hidden(state, seat, Rng(seed=checked)), sample_world(view, rng)):
            assert GAME.view(perturbed, seat) == view
            assert GAME.decision(perturbed) == decision
            assert hidden(perturbed, seat) != hidden(state, seat)
            for level, player in players_for(seat).items():
                real = player.act(GAME.view(state, seat), decision)
                other = players_for(seat)[level].act(GAME.view(perturbed, seat), decision)
                assert real == other, level
        checked += 1
    assert checked == 4
