"""Properties over random legal play for 2, 3 and 4 players: every card in exactly one zone,
VP only go up, no hand in a public view or event before a dispute's reveal (and no seat's
view shows another's hand), every game ends, the same seed and actions give the same state,
the §9 defaults are always legal and the views list the same legal actions as the rules."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Event, Rng
from games.tirnanog import GAME, Declare, TirNanOgAction, TirNanOgState
from games.tirnanog.defaults import legal as legal_from_view
from tests.tirnanog.tirnanog_helpers import conserved

# §8.2: AI games take 60-100 turns; random play is slower but every action A draws from the
# deck and B/C use up finite piles and reserves, so games end well within this bound.
MAX_ACTIONS = 3000
SETTINGS = settings(max_examples=15, deadline=None, derandomize=True)
PLAYERS = st.sampled_from([2, 3, 4])
SECRET_PARAMS = {"cards", "hands", "total_cards", "counts"}


def scrambled(state: TirNanOgState, keep: int | None) -> TirNanOgState:
    """The same state with everything ``keep`` may not see changed: the other hands (same
    sizes, other cards), the deck order, the RNG."""
    other = state.model_copy(deep=True)
    hidden = [c for seat, hand in enumerate(other.hands) if seat != keep for c in hand] + other.deck
    hidden = Rng(seed=len(hidden) + 1).shuffled(hidden)
    for seat, hand in enumerate(other.hands):
        if seat != keep:
            other.hands[seat] = [hidden.pop() for _ in hand]
    other.deck = hidden
    other.rng = Rng(seed=other.rng.seed + 1, counter=3)
    return other


def check_views(state: TirNanOgState, viewer: int) -> None:
    """Views depend on nothing hidden: not on other hands, the deck order or the RNG."""
    for seat in (None, viewer):
        assert GAME.view(scrambled(state, seat), seat) == GAME.view(state, seat)
    assert GAME.view(state, None).hand is None


def check_declaration_events(
    before: TirNanOgState, seat: int, action: TirNanOgAction, after: TirNanOgState, events: list[Event]
) -> None:
    """Before the reveal, declarations publish no hand: the same events whatever the hands."""
    if not isinstance(action, Declare) or after.phase != "declare":
        return
    for event in events:
        assert event.public and not SECRET_PARAMS & set(event.params), event.key
    _, again = GAME.play(scrambled(before, None), seat, action)
    assert again == events


def vp_table(state: TirNanOgState) -> list[dict[str, int]]:
    return [dict(v) for v in state.vp]


def random_game(
    players: int, seed: int, choices: int, checks: bool = True
) -> tuple[TirNanOgState, list[TirNanOgAction]]:
    """Half the time the §10 AI, otherwise a random legal action (kind first)."""
    chooser = random.Random(choices)
    state = GAME.new_game(players, seed)
    actions: list[TirNanOgAction] = []
    while (decision := GAME.decision(state)) is not None:
        assert len(actions) < MAX_ACTIONS, "the game did not end"
        seat = decision.actors[0]
        legal = GAME.legal_actions(state, seat)
        assert legal, (state.phase, seat)
        if checks:
            view = GAME.view(state, seat)
            assert legal_from_view(view) == legal
            assert GAME.default_action(state, seat) in legal
            assert len(legal) > 1 or state.phase == "declare", "forced steps are played by the engine"
        if chooser.random() < 0.5:
            action = GAME.ai(seat).act(GAME.view(state, seat), decision)
            assert action in legal
        else:
            kind = chooser.choice(sorted({a.kind for a in legal}))
            action = chooser.choice([a for a in legal if a.kind == kind])
        before = state
        state, events = GAME.play(state, seat, action)
        actions.append(action)
        if checks:
            assert conserved(state), (state.phase, state.turn)
            old, new = vp_table(before), vp_table(state)
            assert all(new[s][k] >= old[s][k] for s in range(players) for k in old[s])
            check_views(state, len(actions) % players)
            check_declaration_events(before, seat, action, state, events)
    return state, actions


@given(players=PLAYERS, seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
@SETTINGS
def test_random_play_is_sound(players: int, seed: int, choices: int) -> None:
    state, _ = random_game(players, seed, choices)
    assert state.phase == "over" and state.final_cycle and state.round == 2
    outcome = GAME.outcome(state)
    assert outcome is not None and sorted(s.seat for s in outcome.standings) == list(range(players))
    assert outcome.winners and all(s.score == state.total_vp(s.seat) for s in outcome.standings)
    assert len(GAME.final_events(state)) == players  # every hand revealed, once


@given(players=PLAYERS, seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
@settings(max_examples=6, deadline=None, derandomize=True)
def test_replay_is_deterministic(players: int, seed: int, choices: int) -> None:
    """seed + actions replays to the same state, JSON round trips included."""
    final, actions = random_game(players, seed, choices, checks=False)
    again, _ = random_game(players, seed, choices, checks=False)
    assert again == final
    state = GAME.new_game(players, seed)
    for index, action in enumerate(actions):
        decision = GAME.decision(state)
        assert decision is not None
        state, _ = GAME.play(
            state, decision.actors[0], GAME.parse_action(json.loads(action.model_dump_json()))
        )
        if index % 40 == 0:
            state = GAME.load_state(state.model_dump_json())
    assert state.model_dump() == final.model_dump()


def test_a_dispute_reveals_hands_only_at_the_end() -> None:
    """A full game where disputes happen: before the last declaration no public event or
    view carries a hand; the reveal is one event with every participant's hand."""
    reveals = 0
    for seed in range(6):
        state = GAME.new_game(3, seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            action = GAME.ai(seat).act(GAME.view(state, seat), decision)
            before = state
            state, events = GAME.play(state, seat, action)
            check_declaration_events(before, seat, action, state, events)
            for event in events:
                if event.key == "tirnanog.event.dispute_revealed":
                    reveals += 1
                    assert before.dispute is not None
                    assert [h["seat"] for h in event.params["hands"]] == [
                        s
                        for s in before.dispute.order
                        if before.dispute.declarations.get(s)
                        or (s == seat and action == Declare(take_part=True))
                    ]
    assert reveals > 0
