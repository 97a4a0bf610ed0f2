"""The hard player's worlds (games.akelarre.world): a state drawn from one seat's view.

Properties over positions of random games (2, 3 and 4 players, and the team game):
a world looks the same to the seat, asks the same decision with the same legal
moves, holds each of the 105 creature cards exactly once, keeps every public part
and the seat's own hand and favourite, plays on, and differs from the real state in
what is hidden (other hands, deck order, other favourites, the partner's too, R36).
The AI levels cannot peek: the same move from a state whose hidden parts were
redrawn consistently with the seat's view.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from games.akelarre import GAME, AkelarreState
from games.akelarre.data import ALL_CARDS, FAMILIES
from games.akelarre.world import hidden_cards, sample_world, seen_cards
from games.core.budget import Budget
from games.core.levels import LEVELS, make_player
from games.core.protocol import AiPlayer
from games.core.search import SearchPlayer

SAMPLES = 3  # worlds drawn from each view
SMALL = Budget(worlds=4, candidates=3, horizon=30)
HIDDEN = {"hands", "deck", "favourites", "unused_favourites", "rng"}
TABLES: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {}), (4, {}), (4, {"teams": True})]
TABLE_IDS = ["2p", "3p", "4p", "teams"]


def positions(players: int, options: dict[str, Any], seed: int, every: int) -> Iterator[AkelarreState]:
    """Every ``every``-th position of a game played by the AI with random moves mixed in
    (takes, cancels, purchases and payments come up), to the end."""
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed, options)
    step = 0
    while (decision := GAME.decision(state)) is not None:
        if step % every == 0:
            yield state
        seat = decision.actors[0]
        if chooser.random() < 0.3:
            action = GAME.random_action(state, seat, chooser)
        else:
            action = GAME.ai(seat).act(GAME.view(state, seat), decision)
        state, _ = GAME.play(state, seat, action)
        step += 1
    yield state  # the end: no decision, every favourite public


def all_cards(state: AkelarreState) -> list[str]:
    cards = [c for hand in state.hands for c in hand] + list(state.deck)
    cards += [c for pile in state.piles.values() for c in pile]
    cards += [c for pile in state.points for c in pile]
    cards += [p.card for place in state.places for p in place.group]
    if state.held is not None:
        cards.append(state.held.card)
    if state.payment is not None:
        cards += state.payment.cards
    return cards


def legal(state: AkelarreState, seat: int) -> list[str]:
    return [a.model_dump_json() for a in GAME.legal_actions(state, seat) or []]


def check_world(world: AkelarreState, state: AkelarreState, seat: int) -> None:
    """``world`` drawn from ``seat``'s view of ``state``: valid and consistent with it."""
    view = GAME.view(state, seat)
    assert GAME.view(world, seat) == view
    assert GAME.decision(world) == GAME.decision(state)
    assert legal(world, seat) == legal(state, seat)
    assert Counter(all_cards(world)) == Counter(ALL_CARDS)
    assert GAME.load_state(world.model_dump_json()) == world
    # Everything public is the real state's; the seat's own hand and favourite too.
    assert world.model_dump(exclude=HIDDEN) == state.model_dump(exclude=HIDDEN)
    assert world.hands[seat] == state.hands[seat]
    assert world.favourites[seat] == state.favourites[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.deck) == len(state.deck)
    # The hidden cards are the same set, only dealt anew.
    others = [c for s, hand in enumerate(world.hands) if s != seat for c in hand] + world.deck
    real = [c for s, hand in enumerate(state.hands) if s != seat for c in hand] + state.deck
    assert sorted(others) == sorted(real) == sorted(hidden_cards(view))
    assert sorted(world.favourites + world.unused_favourites) == sorted(FAMILIES)
    if state.step == "over":
        assert world.favourites == state.favourites  # R25: public at the end


def play_on(state: AkelarreState, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        decision = GAME.decision(state)
        if decision is None:
            return
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.random_action(state, seat, rng))
        assert Counter(all_cards(state)) == Counter(ALL_CARDS)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
def test_worlds_match_the_view(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    checked = hands_differ = favourites_differ = decks_differ = 0
    for index, state in enumerate(positions(players, options, seed=100 + players + len(options), every=7)):
        decision = GAME.decision(state)
        seat = decision.actors[0] if decision is not None else index % players
        view = GAME.view(state, seat)
        worlds = [GAME.sample_world(view, rng) for _ in range(SAMPLES)]
        for world in worlds:
            check_world(world, state, seat)
        other_hands = [tuple(tuple(h) for s, h in enumerate(w.hands) if s != seat) for w in worlds]
        hands_differ += len(set(other_hands)) > 1
        favourites_differ += len({tuple(w.favourites) for w in worlds}) > 1
        decks_differ += len(state.deck) > 1 and len({tuple(w.deck) for w in worlds}) > 1
        assert len({w.rng.seed for w in worlds}) == SAMPLES
        play_on(worlds[0], 15, rng)
        checked += 1
    assert checked > 15
    # The hidden parts are drawn, not copied from the real state.
    assert hands_differ > checked // 2 and decks_differ > checked // 2
    assert favourites_differ > checked // 3


def test_the_partner_favourite_is_hidden_too() -> None:
    """R36: in the team game a seat does not know its partner's favourite, so the
    worlds give the partner every family but the seat's own."""
    state = GAME.new_game(4, 11, {"teams": True})
    view = GAME.view(state, 0)
    rng = random.Random(1)
    partners = Counter(sample_world(view, rng).favourites[2] for _ in range(200))
    assert set(partners) == set(FAMILIES) - {state.favourites[0]}
    for _ in range(20):
        world = sample_world(view, rng)
        assert world.favourites[0] == state.favourites[0] and world.teams


def test_a_spectator_view_hides_every_hand() -> None:
    state = next(s for i, s in enumerate(positions(3, {}, seed=5, every=1)) if i == 40)
    view = GAME.view(state, None)
    rng = random.Random(2)
    worlds = [sample_world(view, rng) for _ in range(SAMPLES)]
    for world in worlds:
        assert GAME.view(world, None) == view
        assert GAME.decision(world) == GAME.decision(state)
        assert Counter(all_cards(world)) == Counter(ALL_CARDS)
        assert sorted(world.favourites + world.unused_favourites) == sorted(FAMILIES)
    assert len({tuple(map(tuple, w.hands)) for w in worlds}) == SAMPLES
    assert len(seen_cards(view)) + len(hidden_cards(view)) == len(ALL_CARDS)


def test_worlds_keep_whether_a_move_was_made() -> None:
    """After takes and no hand card played, only ``moved`` (public, AK-5.10, in the view)
    tells a take-only move (a lone forced discard is then asked) from takes all put
    back (it is then made automatically, rules.settle): the world keeps it."""
    kinds: Counter[bool] = Counter()
    for seed in range(40):
        if kinds[True] >= 2 and kinds[False] >= 2:
            break
        for state in positions(2 + seed % 3, {}, seed=seed, every=1):
            if state.step != "play" or state.played or state.held is not None or not state.taken:
                continue
            decision = GAME.decision(state)
            assert decision is not None
            seat = decision.actors[0]
            world = sample_world(GAME.view(state, seat), random.Random(seed))
            assert world.moved == state.moved
            kinds[state.moved] += 1
    assert kinds[True] and kinds[False], kinds


def test_a_view_that_does_not_add_up_is_refused() -> None:
    state = GAME.new_game(3, 4)
    view = GAME.view(state, 0)
    broken = view.model_copy(update={"deck_count": view.deck_count + 1})
    with pytest.raises(ValueError, match="unseen"):
        sample_world(broken, random.Random(0))


def players_for(seat: int) -> dict[str, AiPlayer]:
    out: dict[str, AiPlayer] = {level: make_player(GAME, seat, level, seed=7) for level in LEVELS}
    out["hard"] = SearchPlayer(GAME, seat, 7, SMALL)
    return out


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"teams": True})], ids=["3p", "teams"])
def test_cannot_peek(players: int, options: dict[str, Any]) -> None:
    """The same move, at every level, from a state whose hidden parts (other hands, deck
    order, other favourites, RNG) were redrawn consistently with the seat's view."""
    rng = random.Random(players)
    checked = 0
    for index, state in enumerate(positions(players, options, seed=200 + players, every=17)):
        decision = GAME.decision(state)
        if decision is None or index % 2 or checked >= 5:
            continue
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        perturbed = sample_world(view, rng)
        assert perturbed.hands != state.hands or perturbed.deck != state.deck
        assert GAME.view(perturbed, seat) == view
        assert GAME.decision(perturbed) == decision
        for level, player in players_for(seat).items():
            real = player.act(GAME.view(state, seat), decision)
            other = players_for(seat)[level].act(GAME.view(perturbed, seat), decision)
            assert real == other, level
        checked += 1
    assert checked >= 4
