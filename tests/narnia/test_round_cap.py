"""The round cap (NA-4.8.9, R34 revised): 100 rounds by default, another cap or none
at the host's choice; the game ends at the end of the cap's round and is scored by
NA-5.2-5.4. Built from the table that was seen stuck: two seats eliminated and the
third, an AI, trading territories with the Witch for hundreds of rounds."""

from __future__ import annotations

import json

import pytest

from bot.i18n import LANGUAGES, t
from cogs.narnia import PRESENTER
from games.core import Event, RuleError
from games.narnia import GAME, NarniaState, flow
from games.narnia.data import DEFAULT_ROUND_CAP, MAX_ROUND_CAP, TERRITORIES
from tests.narnia.narnia_helpers import BLUE, GREEN, RED, make_state
from tools.preview import embed_text, table_for

# With this seed the lone AI seat and the Witch are still trading territories at round 400
# when no cap stops them (measured: python - < the lone_seat loop below, cap None).
LONE_SEED = 3
SURVIVOR = GREEN


def lone_seat(seed: int = LONE_SEED, options: dict[str, object] | None = None) -> NarniaState:
    """A 3-player game played by the AI to the start of round 3; then the Witch takes every
    territory of red and blue (their tokens back in Peter's bag, her flags on them), so
    both are out (NA-4.8.6) and green, an AI seat, is left alone against the Witch."""
    state = GAME.new_game(3, seed, options)
    bots = [GAME.ai(seat) for seat in range(3)]
    while not (state.round == 3 and state.phase == "draw"):
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, bots[seat].act(GAME.view(state, seat), decision))
    for territory in state.territories.values():
        if territory.owner in (RED, BLUE):
            for token in territory.stack:
                state.peter_bag[token.value] += 1
            territory.owner, territory.stack = None, []
    state.eliminated = [True, True, False]
    state.drawer = state.actor = SURVIVOR
    return state


def play_ai(state: NarniaState, *, until_round: int | None = None) -> tuple[NarniaState, list[Event], int]:
    bots = [GAME.ai(seat) for seat in range(state.players)]
    events: list[Event] = []
    moves = 0
    while (decision := GAME.decision(state)) is not None:
        if until_round is not None and state.round > until_round:
            break
        seat = decision.actors[0]
        state, more = GAME.play(state, seat, bots[seat].act(GAME.view(state, seat), decision))
        events += more
        moves += 1
    return state, events, moves


def test_the_lone_seat_game_ends_by_the_default_cap_and_names_the_winner() -> None:
    """The position seen stuck ends at the end of round 100: green holds territories, the
    Witch too, and green wins by NA-5.3 (the eliminated score 0, NA-4.8.6)."""
    state, events, _ = play_ai(lone_seat())
    assert state.round_cap == DEFAULT_ROUND_CAP == 100
    assert state.phase == "over" and state.end_reason == "round_cap" and state.round == 100
    assert state.owned(None) and state.owned(SURVIVOR)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "round_cap"
    assert outcome.winners == [SURVIVOR]
    assert outcome.params["round_cap"] == 100
    assert [e.key for e in events].count("narnia.event.round_cap_reached") == 1
    final = GAME.final_events(state)
    score = len(state.owned(SURVIVOR))
    assert final == [
        Event(key="narnia.event.final_winner", params={"seat": 2, "territories": score, "count": score})
    ]


def test_without_a_cap_the_same_table_runs_on() -> None:
    """What the cap is for: the same position with no cap is still going at round 150."""
    state, _, _ = play_ai(lone_seat(options={"round_cap": None}), until_round=150)
    assert state.round_cap is None and state.phase != "over" and state.round > 150


def test_the_host_may_choose_another_cap() -> None:
    """A cap of 5: the game ends at the end of round 5, after that round's Witch attack."""
    state, events, _ = play_ai(GAME.new_game(4, 11, {"round_cap": 5}))
    assert state.end_reason == "round_cap" and state.round == 5
    keys = [e.key for e in events]
    assert keys.index("narnia.event.round_cap_reached") == len(keys) - 1
    assert "narnia.event.round_started" in keys
    assert sum(1 for e in events if e.key == "narnia.event.round_started" and e.params["round"] == 5) == 1


def cap_state(counts: dict[int, int], attacks: dict[int, int], *, cap: int = 7) -> NarniaState:
    """The Witch step of round ``cap`` just ended: cleanup is next."""
    seats = [seat for seat, n in counts.items() for _ in range(n)]
    board = {tid: (seat, "1P") for tid, seat in zip(TERRITORIES, seats, strict=False)}
    state = make_state(3, board, phase="turn", stage="witch", round=cap, round_cap=cap)
    state.last_attack = [attacks.get(seat) for seat in range(3)]
    state.last_attack_round = [cap - 1 if seat in attacks else None for seat in range(3)]
    state.last_actor = RED
    return state


def test_at_the_cap_the_tie_break_applies_as_at_any_end() -> None:
    """NA-5.3-5.4: red and blue hold 6 each; blue attacked the Witch last, so blue wins;
    the Witch's territories do not score (R34)."""
    state = cap_state({RED: 6, BLUE: 6, GREEN: 2}, {RED: 10, BLUE: 14})
    events: list[Event] = []
    flow.cleanup(state, events)
    assert state.phase == "over" and state.end_reason == "round_cap"
    assert [e.key for e in events] == ["narnia.event.round_cap_reached"]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [BLUE]
    by_seat = {s.seat: s for s in outcome.standings}
    assert by_seat[BLUE].details["tie_break"] == "won" and by_seat[RED].details["tie_break"] == "lost"
    assert not any(s.details["final_conquest"] for s in outcome.standings)
    assert GAME.decision(state) is None


def test_before_the_cap_cleanup_starts_the_next_round() -> None:
    state = cap_state({RED: 6, BLUE: 6}, {}, cap=7)
    state.round_cap = 8
    events: list[Event] = []
    flow.cleanup(state, events)
    assert state.phase == "draw" and state.round == 8


def test_a_game_saved_before_the_cap_gets_the_default() -> None:
    """Old snapshots have no round_cap: loaded, they get 100 like a new table."""
    data = json.loads(GAME.new_game(2, 5).model_dump_json())
    del data["round_cap"]
    assert GAME.load_state(json.dumps(data)).round_cap == DEFAULT_ROUND_CAP


@pytest.mark.parametrize("bad", [0, -3, MAX_ROUND_CAP + 1, "50", 2.5, True])
def test_a_cap_that_is_not_a_number_of_rounds_is_refused(bad: object) -> None:
    with pytest.raises(RuleError) as refused:
        GAME.new_game(3, 1, {"round_cap": bad})
    assert (refused.value.key, refused.value.rule) == ("narnia.error.round_cap", "NA-4.8.9")
    with pytest.raises(RuleError):
        GAME.check_setting("round_cap", bad)
    for language in LANGUAGES:
        assert str(MAX_ROUND_CAP) in t("narnia.error.round_cap", language, max=MAX_ROUND_CAP)


def test_the_board_shows_the_round_and_the_cap_from_round_one() -> None:
    state = GAME.new_game(2, 4)
    state, _, _ = play_ai(state, until_round=1)
    assert state.round == 2
    for language, expected in (("en", "round {r} of 100"), ("it", "turno {r} di 100")):
        title = PRESENTER.board_embed(table_for(2, language), GAME.view(state, None), None, language).title
        assert title is not None and title.endswith(expected.format(r=state.round)), title
    uncapped = GAME.new_game(2, 4, {"round_cap": None})
    uncapped, _, _ = play_ai(uncapped, until_round=1)
    title = PRESENTER.board_embed(table_for(2, "en"), GAME.view(uncapped, None), None, "en").title
    assert title is not None and " of " not in title


def test_the_final_board_says_the_cap_ended_the_game() -> None:
    state, _, _ = play_ai(lone_seat())
    outcome = GAME.outcome(state)
    assert outcome is not None
    for language, said in (("en", "round cap"), ("it", "limite di turni")):
        table = table_for(3, language)
        text = embed_text(PRESENTER.board_embed(table, GAME.view(state, None), None, language))
        assert said in text and "Narnia is free" not in text
        headline = PRESENTER.final_lines(table, outcome, language)[0]
        assert said in headline and "🦁" not in headline
        assert table.seats[SURVIVOR].name in headline
