"""Taking back an action (games.talismani.undo): one example per action kind, then random games.

Nothing is random after setup (TT-4.2), so the only reason the game gives is UNDO_REVEALED: for the
choice that completes a secret, simultaneous decision (the plays TT-5.4, the set-aside answers TT-8.1).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from games.core import Decision, Event
from games.core.protocol import UNDO_DICE, UNDO_DRAW, UNDO_REVEALED
from games.talismani import (
    GAME,
    ChangeOrder,
    ChangeWeather,
    Choice,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    Talisman,
    TalismaniAction,
    TalismaniState,
    Weather,
)
from tests.talismani.talismani_helpers import act, find, keys, make_state, play_turn

SUN_TALISMAN = Talisman(suit="sun", cards=["sun-3", "sun-4"])  # the helpers' row has Sun dominant
QUOTED = re.compile(r'"([^"]*)"')  # every string in an event's JSON parameters


def strings_in(event: Event) -> set[str]:
    return set(QUOTED.findall(json.dumps(event.params)))


def names_card(event: Event, card: str) -> bool:
    return card in strings_in(event)


# -- play and forge: a secret choice (TT-5.4) -------------------------------------------------------


def test_tt_5_4_secret_play_before_the_last_may_be_taken_back() -> None:
    """R34: a play may be changed until the last player has submitted; the others learn only 'chosen'."""
    state = make_state(3, [["sun-3"], ["sun-2"], ["rain-2"]])
    state, events = act(state, 0, PlayCards(cards=["sun-3"]))
    assert GAME.undo_refusal(PlayCards(cards=["sun-3"]), events) is None
    assert not any(names_card(e, "sun-3") for e in events if e.public)


def test_tt_9_6_secret_forge_before_the_last_may_be_taken_back() -> None:
    """TT-5.1 (f): a forge is a secret choice like any play."""
    state = make_state(3, [["fog-1"], ["rain-2"], ["snow-2"]], pending={0: [SUN_TALISMAN]})
    state, events = act(state, 0, Forge())
    assert GAME.undo_refusal(Forge(), events) is None
    assert state.phase == "play" and state.chosen() == [0]


def test_tt_5_4_last_play_reveals_every_play_and_is_refused() -> None:
    """TT-5.4 / TT-6.1: the last play locks and reveals all the choices at once."""
    state = make_state(3, [["sun-3"], ["sun-2"], ["rain-2"]])
    state, first = act(state, 0, PlayCards(cards=["sun-3"]))
    state, second = act(state, 1, PlayCards(cards=["sun-2"]))
    state, events = act(state, 2, PlayCards(cards=["rain-2"]))
    assert GAME.undo_refusal(PlayCards(cards=["rain-2"]), events) == UNDO_REVEALED
    # The reason: the last player now sees the cards the others chose in secret.
    assert any(e.public and names_card(e, "sun-3") for e in find(events, "reveal"))
    assert GAME.undo_refusal(PlayCards(cards=["sun-3"]), first) is None
    assert GAME.undo_refusal(PlayCards(cards=["sun-2"]), second) is None


def test_tt_9_6_last_choice_being_a_forge_is_refused() -> None:
    """TT-5.1 (f) / TT-8.4 a: completing the set with (f) reveals the plays just the same."""
    state = make_state(3, [["fog-1"], ["rain-2"], ["snow-2"]], pending={0: [SUN_TALISMAN]})
    state, _ = act(state, 1, PlayCards(cards=["rain-2"]))
    state, _ = act(state, 2, PlayCards(cards=["snow-2"]))
    state, events = act(state, 0, Forge())
    assert GAME.undo_refusal(Forge(), events) == UNDO_REVEALED
    assert any(names_card(e, "rain-2") for e in find(events, "revealed_play"))


def test_tt_7_last_play_of_a_void_turn_is_refused() -> None:
    """TV-08 / TT-7.2: only specials and a lone Joker; the reveal shows them before they are discarded."""
    state = make_state(3, [["JKa"], ["CS1"], ["CW7"]], stake="snow-6")
    state, _ = act(state, 0, PlayCards(cards=["JKa"]))
    state, _ = act(state, 1, PlayCards(cards=["CS1"]))
    state, events = act(state, 2, PlayCards(cards=["CW7"]))
    assert "void_turn" in keys(events) and state.turn == 2 and state.phase == "play"
    assert GAME.undo_refusal(PlayCards(cards=["CW7"]), events) == UNDO_REVEALED


def test_tt_12_2_last_play_that_ends_the_game_is_refused_for_the_reveal() -> None:
    """TV-09: a void turn empties the hands and the game ends in the same action; the reveal is the reason."""
    state = make_state(3, [["JKa"], ["CS1"], ["CW7"]], stake="snow-6", pad=1)
    state, events = play_turn(state, {0: ["JKa"], 1: ["CS1"], 2: ["CW7"]})
    assert state.phase == "over" and "hand_empty" in keys(events)
    assert GAME.undo_refusal(PlayCards(cards=["CW7"]), events) == UNDO_REVEALED


def test_tt_8_3_last_play_that_runs_the_turn_on_is_refused_for_the_reveal() -> None:
    """TT-8.3 / TT-8.4 a: a one-card pool makes the stake at once and the (f) player forges, all in the
    last play's action; nothing of that is drawn or hidden, so the reason stays the reveal."""
    state = make_state(2, [["sun-5"], ["fog-1"]], pending={1: [SUN_TALISMAN]})
    state, forge = act(state, 1, Forge())
    state, events = act(state, 0, PlayCards(cards=["sun-5"]))
    assert {"new_stake", "forged"} <= set(keys(events)) and state.phase == "weather"
    assert GAME.undo_refusal(Forge(), forge) is None
    assert GAME.undo_refusal(PlayCards(cards=["sun-5"]), events) == UNDO_REVEALED


# -- set aside: simultaneous answers, secret until all are in (TT-8.1, R13) -----------------------


def set_aside_state() -> TalismaniState:
    """Seat 0 wins with Sun 9; seats 1 and 2 played forging combinations (TT-9.1) and must answer."""
    state = make_state(4, [["sun-9"], ["rain-2", "rain-3"], ["fog-4", "fog-5"], ["snow-7"]])
    state, _ = play_turn(state, {0: ["sun-9"], 1: ["rain-2", "rain-3"], 2: ["fog-4", "fog-5"], 3: ["snow-7"]})
    assert state.phase == "set_aside" and state.aside_seats == [1, 2]
    return state


def test_tt_8_1_set_aside_answer_before_the_last_may_be_taken_back() -> None:
    state, events = act(set_aside_state(), 1, SetAside(yes=False))
    assert keys(events) == ["aside_decided"] and state.phase == "set_aside"
    assert GAME.undo_refusal(SetAside(yes=False), events) is None


def test_tt_8_1_last_set_aside_answer_reveals_the_answers_and_is_refused() -> None:
    """R13: once the last answer is in, every answer is announced."""
    state, _ = act(set_aside_state(), 1, SetAside(yes=False))
    state, events = act(state, 2, SetAside(yes=True))
    shown = {e.params["seat"]: e.key for e in events if e.key.endswith(("set_aside", "kept_in_pool"))}
    assert shown == {1: "talismani.event.kept_in_pool", 2: "talismani.event.set_aside"}
    assert GAME.undo_refusal(SetAside(yes=True), events) == UNDO_REVEALED


def test_tt_8_1_lone_set_aside_answer_is_refused() -> None:
    """R13: a lone deciding seat's answer, secret until given, is announced at once (conservative)."""
    state = make_state(3, [["sun-8"], ["rain-2", "rain-3"], ["fog-4"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["rain-2", "rain-3"], 2: ["fog-4"]})
    state, events = act(state, 1, SetAside(yes=True))
    assert "set_aside" in keys(events) and state.phase == "stake"
    assert GAME.undo_refusal(SetAside(yes=True), events) == UNDO_REVEALED


# -- open decisions on face-up things -------------------------------------------------------------


def test_tt_8_3_stake_choice_may_be_taken_back_even_when_reverse_order_follows() -> None:
    """TT-8.3 / R35: the pool is face up; TT-10.4 Reverse order then acts at once, with no choice."""
    state = make_state(3, [["sun-6"], ["RO3"], ["rain-2"]])
    state, _ = play_turn(state, {0: ["sun-6"], 1: ["RO3"], 2: ["rain-2"]})
    state, events = act(state, 0, ChooseStake(card="RO3"))
    assert {"new_stake", "reversed"} <= set(keys(events))
    assert GAME.undo_refusal(ChooseStake(card="RO3"), events) is None


def test_tt_10_5_change_order_may_be_taken_back() -> None:
    state = make_state(3, [["sun-8"], ["CO5"], ["fog-2"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["CO5"], 2: ["fog-2"]})
    state, _ = act(state, 0, ChooseStake(card="fog-2"))
    state, events = act(state, 1, ChangeOrder(suit="storm", position=2))
    assert "order_changed" in keys(events)
    assert GAME.undo_refusal(ChangeOrder(suit="storm", position=2), events) is None


def change_weather_state() -> TalismaniState:
    state = make_state(3, [["sun-8"], ["CW7"], ["fog-2"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["CW7"], 2: ["fog-2"]})
    state, _ = act(state, 0, ChooseStake(card="CW7"))
    assert state.phase == "change_weather"
    return state


def test_tt_10_6_change_weather_card_may_be_taken_back() -> None:
    state, events = act(change_weather_state(), 1, ChangeWeather(rotate=True))
    assert "rotated" in keys(events) and state.phase == "share"
    assert GAME.undo_refusal(ChangeWeather(rotate=True), events) is None


def test_tt_8_6_sharing_pick_from_the_face_up_pool_may_be_taken_back() -> None:
    """TT-8.6: the pool is face up; the last card then goes to the other sharer and turn 2 starts."""
    state, _ = act(change_weather_state(), 1, ChangeWeather(rotate=False))
    assert state.to_pick() == 2
    state, events = act(state, 2, Pick(card="sun-8"))
    assert [e.params["card"] for e in find(events, "picked")] == ["sun-8", "fog-2"]
    assert state.turn == 2 and state.phase == "play"
    assert GAME.undo_refusal(Pick(card="sun-8"), events) is None


def weather_state(pad: int) -> TalismaniState:
    """Seat 0 wins with Sun 8 and must decide the Change-weather phase (TT-11.2)."""
    pending = {2: [Talisman(suit="fog", cards=["fog-4", "fog-5"])]}
    state = make_state(3, [["sun-8"], ["rain-2"], ["snow-2"]], pending=pending, pad=pad)
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["rain-2"], 2: ["snow-2"]})
    state, _ = act(state, 0, ChooseStake(card="sun-8"))
    state, _ = act(state, 2, Pick(card="rain-2"))
    assert state.phase == "weather"
    return state


def test_tt_11_2_change_weather_phase_may_be_taken_back() -> None:
    state, events = act(weather_state(pad=3), 0, Weather(rotate=True))
    assert "rotated" in keys(events) and state.turn == 2
    assert GAME.undo_refusal(Weather(rotate=True), events) is None


def test_tt_12_3_ending_the_game_shows_nothing_hidden_in_its_events() -> None:
    """TT-12.3: the game ends with seat 0's hand empty; the stake and the pending talisman are discarded,
    all public already. The game lets it be; the platform refuses a move that ended the game."""
    before = weather_state(pad=1)
    state, events = act(before, 0, Weather(rotate=False))
    assert state.phase == "over" and {"hand_empty", "pending_discarded"} <= set(keys(events))
    hidden = {card for hand in before.hands for card in hand}
    assert hidden and not any(names_card(e, card) for e in events for card in hidden)
    assert GAME.undo_refusal(Weather(rotate=False), events) is None


# -- random games ---------------------------------------------------------------------------------


def closes_a_secret_decision(before: Decision, after: Decision | None) -> bool:
    """The action was the last answer of a simultaneous decision (the others' answers now shown)."""
    return before.mode == "simultaneous" and not (after is not None and after.continues(before))


def with_other_secrets(state: TalismaniState, seat: int) -> TalismaniState:
    """``state`` with every secret but ``seat``'s changed: other plays swapped for (f), other
    set-aside answers flipped (who has chosen stays the same)."""
    choices = [c if s == seat or c is None else Choice(forge=True) for s, c in enumerate(state.choices)]
    answers = {s: (a if s == seat else not a) for s, a in state.aside_answers.items()}
    return state.model_copy(update={"choices": choices, "aside_answers": answers})


def view_json(state: TalismaniState, seat: int | None) -> str:
    return GAME.view(state, seat).model_dump_json()


def check_allowed(before: TalismaniState, after: TalismaniState, seat: int, events: list[Event]) -> None:
    """An action that may be taken back drew nothing and showed nothing hidden to anyone else."""
    assert after.rng.counter == before.rng.counter, "randomness drawn (TT-4.2)"
    # Cards in hands are hidden, and so are the cards played in secret (they leave the hand at the reveal).
    hidden = {card for hand in before.hands for card in hand}
    for event in events:
        if event.seats == [seat]:
            continue  # the seat's own private events may say its own choice
        shown = hidden & strings_in(event)
        assert not shown, (event.key, shown)
    if after.phase in ("play", "set_aside"):
        # Still secret: what another seat sees (the public view plus its own) does not depend on the
        # others' secrets.
        other = (seat + 1) % after.players
        assert view_json(after, other) == view_json(with_other_secrets(after, other), other)


# One game per count, 2 (the smallest table) to 10: about 6,000 actions, a few seconds.
GAMES = [(players, 2) for players in range(2, 11)]


def test_random_games_refuse_exactly_the_reveals_and_never_hide_a_draw() -> None:
    """Random legal games, 2 to 10 players: allowed => no randomness drawn and nothing hidden shown;
    randomness drawn => refused; refused exactly when a secret decision closes (TT-5.4, TT-8.1)."""
    seen: Counter[tuple[str, str | None]] = Counter()
    for players, seed in GAMES:
        rng = random.Random(seed * 100 + players)
        state = GAME.new_game(players, seed)
        while (before := GAME.decision(state)) is not None:
            seat = rng.choice(before.actors)
            action: TalismaniAction = GAME.random_action(state, seat, rng)
            after, events = GAME.play(state, seat, action)
            answer = GAME.undo_refusal(action, events)
            drew = after.rng.counter != state.rng.counter
            if answer is None:
                check_allowed(state, after, seat, events)
            if drew:
                assert answer is not None, (action, keys(events))
            if answer in (UNDO_DICE, UNDO_DRAW):
                assert drew, (action, answer)
            assert (answer is not None) == closes_a_secret_decision(before, GAME.decision(after)), (
                action,
                answer,
                keys(events),
            )
            seen[(action.kind, answer)] += 1
            state = after
    # Every branch was met, or the checks above proved less than they claim.
    kinds = ["play", "forge", "set_aside", "stake", "change_order", "change_weather", "pick", "weather"]
    assert all(seen[(kind, None)] for kind in kinds), seen
    assert all(seen[(kind, UNDO_REVEALED)] for kind in ("play", "forge", "set_aside")), seen


def test_changing_the_others_secrets_changes_what_their_owners_see() -> None:
    """The random games' view check can fail: a view that showed a secret play or a set-aside answer
    would differ once the secrets are changed, as each owner's own view does."""
    state, _ = act(make_state(3, [["sun-3"], ["sun-2"], ["rain-2"]]), 0, PlayCards(cards=["sun-3"]))
    assert view_json(state, 0) != view_json(with_other_secrets(state, -1), 0)
    state, _ = act(set_aside_state(), 1, SetAside(yes=False))
    assert view_json(state, 1) != view_json(with_other_secrets(state, -1), 1)
