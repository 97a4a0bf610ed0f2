"""Hypothesis properties over random legal play: no crash, conservation, termination,
determinism, and no hidden information in public views or events (MM-4.10)."""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Event, Rng
from games.magmor import GAME, MagmorAction, MagmorState, Pass, Pay, PayMagMor, random_split
from games.magmor.data import CARDS, HONOUR_MAX, HONOUR_MIN, RESOURCES
from tests.magmor.magmor_helpers import conserved

MAX_ACTIONS = 150  # 11 turns x (2 explorations + choice + split + 5 payments) is far below
PRIVATE_KEYS = {"magmor.event.explored_face", "magmor.event.dealt"}
FACE_PARAMS = {"found_cards", "pay_cards"}
SECRET_PARAMS = {"objective", "hand"}

BACKS: dict[tuple[str, str, str], list[str]] = defaultdict(list)
for _card in CARDS.values():
    BACKS[(_card.terrain, _card.explore_cost, _card.hint)].append(_card.id)
BACK_OF = {card_id: back for back, ids in BACKS.items() for card_id in ids}

PROPERTY_SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
games_strategy = st.tuples(st.integers(3, 5), st.integers(0, 2**32), st.integers(0, 2**32))


def random_action(state: MagmorState, seat: int, chooser: Rng) -> MagmorAction:
    legal = GAME.legal_actions(state, seat)
    if legal is None:
        return random_split(state, chooser)
    return chooser.pick(legal)


def perturb_hidden(state: MagmorState, viewer: int | None, rng: Rng) -> MagmorState:
    """Everything ``viewer`` may not know, reshuffled consistently with what is public:
    other hands (same sizes, same type totals), other and set-aside objectives, and the
    cards under unrevealed cells among cards with the same back (except faces the viewer
    explored this turn)."""
    out = state.model_copy(deep=True)
    others = [seat for seat in range(state.players) if seat != viewer]
    pool = rng.shuffled([res for seat in others for res in RESOURCES for _ in range(state.hands[seat][res])])
    for seat in others:
        size = state.hand_size(seat)
        dealt, pool = pool[:size], pool[size:]
        out.hands[seat] = {res: dealt.count(res) for res in RESOURCES}
    secret = rng.shuffled([state.objectives[seat] for seat in others] + state.set_aside)
    for seat in others:
        out.objectives[seat] = secret.pop()
    out.set_aside = secret
    seen = {e.cell for e in state.explorations if e.seat == viewer}
    hidden = [cell for cell in state.grid if cell not in state.path and cell not in seen]
    by_back: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for cell in hidden:
        by_back[BACK_OF[state.grid[cell]]].append(cell)
    for cells in by_back.values():
        for cell, card in zip(cells, rng.shuffled([state.grid[c] for c in cells]), strict=True):
            out.grid[cell] = card
    return out


def check_views(state: MagmorState, rng: Rng) -> int:
    """Views show only what MM-4.10 allows; returns how many perturbations changed the state."""
    changed = 0
    for viewer in [None, *range(state.players)]:
        view = GAME.view(state, viewer)
        if viewer is None:
            assert (view.hand, view.objective, view.objective_id, view.explored) == (None, None, None, {})
        else:
            assert view.hand == state.hands[viewer]
            assert view.objective_id == state.objectives[viewer]
            assert set(view.explored) == {e.cell for e in state.explorations if e.seat == viewer}
        for cell in view.grid:
            assert (cell.face is not None) == (cell.crossed and not cell.magmor)
        text = view.model_dump_json()
        assert not [card for card in CARDS if f'"{card}"' in text], "views never name terrain cards"
        others = [o for seat, o in enumerate(state.objectives) if seat != viewer] + state.set_aside
        assert not [o for o in others if f'"{o}"' in text], "another seat's objective is visible"
        other = perturb_hidden(state, viewer, rng)
        changed += other.model_dump() != state.model_dump()
        assert GAME.view(other, viewer) == view, f"view of {viewer} depends on hidden information"
    return changed


def check_events(events: list[Event], after: MagmorState) -> None:
    for event in events:
        assert event.key.startswith("magmor.event.")
        if event.key in PRIVATE_KEYS:
            assert event.seats is not None and len(event.seats) == 1
            assert event.params["seat"] == event.seats[0]
            continue
        assert event.public, event
        assert not SECRET_PARAMS & set(event.params), event
        assert not [p for p in event.params if p.startswith("value_")], event  # objective values
        if FACE_PARAMS & set(event.params):
            # A public face is only ever one that is now crossed.
            assert event.key == "magmor.event.revealed" and event.params["cell"] in after.path


def check_state(state: MagmorState) -> None:
    assert conserved(state)
    assert all(count >= 0 for h in state.hands for count in h.values())
    assert all(count >= 0 for count in state.piles.values())
    assert all(HONOUR_MIN <= h <= HONOUR_MAX for h in state.honour)
    assert 0 <= state.day <= 17
    assert GAME.load_state(state.model_dump_json()) == state
    decision = GAME.decision(state)
    if decision is None:
        assert state.phase == "over"
        return
    # A decision is only ever put to a seat with a real choice.
    legal = GAME.legal_actions(state, decision.actors[0])
    if decision.kind == "magmor.choose":
        assert legal is not None and sum(a.kind == "choose" for a in legal) == 2
    elif decision.kind == "magmor.split":
        assert legal is None and sum(state.taken.values()) > 0
    elif decision.kind == "magmor.pay":
        assert legal is not None and any(isinstance(a, Pay) for a in legal) and Pass() in legal
    else:
        assert legal is not None and any(isinstance(a, PayMagMor) for a in legal)
    assert GAME.final_events(state) == []


def play_randomly(
    players: int, seed: int, choice_seed: int, *, checks: bool
) -> tuple[MagmorState, list[tuple[int, MagmorAction]], list[Event]]:
    chooser = Rng(seed=choice_seed)
    probe = Rng(seed=choice_seed + 1)
    state = GAME.new_game(players, seed)
    history: list[tuple[int, MagmorAction]] = []
    log: list[Event] = list(GAME.opening_events(state))
    changed = 0
    if checks:
        check_state(state)
        check_events(log, state)
        changed += check_views(state, probe)
    while (decision := GAME.decision(state)) is not None:
        assert len(history) < MAX_ACTIONS, "the game must end"
        seat = decision.actors[0]
        action = random_action(state, seat, chooser)
        state, events = GAME.play(state, seat, action)
        history.append((seat, action))
        log += events
        if checks:
            check_state(state)
            check_events(events, state)
            changed += check_views(state, probe)
    if checks:
        assert changed > 0, "the perturbation never changed anything: the leak check would be vacuous"
    return state, history, log


@settings(PROPERTY_SETTINGS, max_examples=10)
@given(games_strategy)
def test_random_play_is_sound(game: tuple[int, int, int]) -> None:
    """Random legal play (random splits included) never crashes, conserves the 50 cards
    (MM-4.9.3), keeps honour and days in range, ends, and never leaks hidden information
    through a view or a public event (MM-4.10.2, MM-4.10.3, R10, R23, R24). 10 games, each
    checked at every step (the replay test below plays 25 more without the checks); the
    25-game soak is ``pytest -m slow``."""
    random_play_is_sound(game)


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(games_strategy)
def test_random_play_is_sound_soak(game: tuple[int, int, int]) -> None:
    """The soak: 25 checked random games."""
    random_play_is_sound(game)


def random_play_is_sound(game: tuple[int, int, int]) -> None:
    players, seed, choice_seed = game
    state, history, log = play_randomly(players, seed, choice_seed, checks=True)
    assert state.phase == "over" and state.success is not None
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sorted(s.seat for s in outcome.standings) == list(range(players))
    assert outcome.standings[0].rank == 1 and outcome.winners
    final = GAME.final_events(state)
    assert final and all(event.public for event in final)
    assert any(e.key == "magmor.event.success" or e.key == "magmor.event.failure" for e in log)
    assert len(history) < MAX_ACTIONS


@PROPERTY_SETTINGS
@given(games_strategy)
def test_replay_is_deterministic(game: tuple[int, int, int]) -> None:
    """The same seed and the same actions give the same state and the same events."""
    players, seed, choice_seed = game
    state, history, log = play_randomly(players, seed, choice_seed, checks=False)
    replay = GAME.new_game(players, seed)
    replay_log = list(GAME.opening_events(replay))
    for seat, action in history:
        # Through JSON, as the bot's action log would store it.
        parsed = GAME.parse_action(action.model_dump(mode="json"))
        replay, events = GAME.play(replay, seat, parsed)
        replay_log += events
    assert replay.model_dump() == state.model_dump()
    assert replay_log == log


@settings(max_examples=15, deadline=None, derandomize=True)
@given(st.integers(3, 5), st.integers(0, 2**32))
def test_ai_games_are_sound(players: int, seed: int) -> None:
    """Whole AI games stay legal and conserve the cards; the AI sees only its own view."""
    state = GAME.new_game(players, seed)
    bots = [GAME.ai(seat) for seat in range(players)]
    steps = 0
    while (decision := GAME.decision(state)) is not None:
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, bots[seat].act(GAME.view(state, seat), decision))
        assert conserved(state)
        steps += 1
        assert steps < MAX_ACTIONS
    assert GAME.outcome(state) is not None
