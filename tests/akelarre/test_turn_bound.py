"""R-T1, the bot's ruling that bounds one turn (issue "Every game ends").

AK-5.5-5.8 and R39 let a take-only move carry a card from a 4-card group into a
3-card group, and AK-5.7 sets no limit on moves, so the next move could take the
same card back, for ever; the engine's ``cancel_take`` and ``cancel_purchase``
made two more loops. R-T1: within one turn a card taken from a group (a take put
back included) is not taken again, and giving up a purchase ends the turn (R19:
one purchase per turn). ``test_termination.py`` derives the bound it gives.
"""

from __future__ import annotations

import json

from bot.model import Seat, TableInfo
from bot.render import error_text
from games.akelarre import (
    GAME,
    Add,
    AkelarreAction,
    AkelarreState,
    Buy,
    CancelPurchase,
    CancelTake,
    Done,
    EndTurn,
    Open,
    Pay,
    Take,
)
from tests.akelarre.akelarre_helpers import act, assert_refused, keys, make_state, run

ANNA, BRUNO, CARLA = 0, 1, 2
OTHERS = [["G3e", "G4d"], ["D3e", "D4d"]]
# A poker on Anna's place and a 3-card Fairies run on Bruno's: F5a may shuttle.
POKER = {"P1-1": ["F5a", "D5a", "W5a", "G5a"], "P2-1": ["F2a", "F3a", "F4a"]}


def table(hand: list[str], **kwargs: object) -> AkelarreState:
    """Anna (P1) to play with ``hand`` in a 3-player game."""
    return make_state(3, [hand, *OTHERS], **kwargs)  # type: ignore[arg-type]


def legal(state: AkelarreState, seat: int) -> list[AkelarreAction]:
    return list(GAME.legal_actions(state, seat) or [])


def shuttle_start() -> AkelarreState:
    """The colleague's repro: 2 players, seed 0. Seat 1 plays its AI turn (it opens
    P2-1 with three 2s), then seat 0 opens P1-1 with F2c G2e DJ W2b."""
    state = GAME.new_game(2, 0)
    while state.active == 1:
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.ai(seat).act(GAME.view(state, seat), decision))
    state, _ = act(state, 0, Open(place="P1-1", cards=["F2c", "G2e", "DJ", "W2b"]))
    return state


def test_the_shuttle_is_refused_at_the_repeat() -> None:
    """take P1-1 DJ, add P2-1 [] (legal: AK-5.5, AK-5.8, R39), then take P2-1 DJ: refused."""
    state = shuttle_start()
    assert [a for a in legal(state, 0) if isinstance(a, Take)] == [Take(place="P1-1", card="DJ")]
    state, events = run(state, 0, Take(place="P1-1", card="DJ"), Add(place="P2-1", cards=[]))
    assert keys(events) == ["took", "added"] and state.taken == ["DJ"]
    place = state.place("P2-1")
    assert place is not None and "DJ" in [p.card for p in place.group] and len(place.group) == 4
    error = assert_refused(state, 0, Take(place="P2-1", card="DJ"), "akelarre.error.taken_this_turn", "R-T1")
    assert error.params["card"] == "DJ"
    assert not any(isinstance(a, Take) for a in legal(state, 0))
    # The AI and the default, on the seat's own view, never pick it either.
    decision = GAME.decision(state)
    assert decision is not None
    assert GAME.ai(0).act(GAME.view(state, 0), decision) in legal(state, 0)
    assert GAME.default_action(state, 0) in legal(state, 0)
    assert GAME.view(state, None).taken == ["DJ"]


def test_the_refusal_is_explained_with_the_ruling() -> None:
    """The catalog says what is forbidden and why, in both languages, with the rule id."""
    state = shuttle_start()
    state, _ = run(state, 0, Take(place="P1-1", card="DJ"), Add(place="P2-1", cards=[]))
    error = assert_refused(state, 0, Take(place="P2-1", card="DJ"), "akelarre.error.taken_this_turn", "R-T1")
    info = TableInfo(host_id=1, language="en", speed="live", max_seats=2, seats=[Seat(name="Dario")] * 2)
    english = error_text("akelarre", info, error, "en")
    italian = error_text("akelarre", info, error, "it")
    assert "Druids joker" in english and "only once per turn" in english and "(rule R-T1)" in english
    assert "Druidi" in italian and "una sola volta per turno" in italian and "(regola R-T1)" in italian
    assert "DJ" not in english and "DJ" not in italian  # a card is named, never shown by its id


def test_a_card_taken_and_put_back_may_not_be_taken_again() -> None:
    """A take that was cancelled counts as a take: take, cancel_take, take is refused.
    Other cards may still be taken, and the card may be taken again next turn."""
    state = table(["N2c", "D3a"], groups=POKER)
    state, events = run(state, ANNA, Take(place="P1-1", card="F5a"), CancelTake())
    assert keys(events) == ["took", "take_cancelled"] and state.taken == ["F5a"]
    assert_refused(state, ANNA, Take(place="P1-1", card="F5a"), "akelarre.error.taken_this_turn", "R-T1")
    assert Take(place="P1-1", card="F5a") not in legal(state, ANNA)
    # Another card of the same poker is still offered and taken as before.
    other = table(["N2c", "D3a"], groups={**POKER, "P3-1": ["G2a", "G3a", "G4a"]})
    other, _ = run(other, ANNA, Take(place="P1-1", card="F5a"), CancelTake())
    assert Take(place="P1-1", card="G5a") in legal(other, ANNA)
    other, _ = act(other, ANNA, Take(place="P1-1", card="G5a"))
    assert other.taken == ["F5a", "G5a"]
    # The next turn starts with nothing taken (R-T1 is about one turn).
    state, _ = run(state, ANNA, GAME.default_action(state, ANNA))
    while state.active == ANNA:
        state, _ = act(state, ANNA, GAME.default_action(state, ANNA))
    assert state.active == BRUNO and state.taken == []


def test_a_card_placed_from_the_hand_may_still_be_taken() -> None:
    """R-T1 is about taken cards only: a hand card added this turn may be taken (AK-5.7, TV-1)."""
    state = table(["G5b", "F3b", "F4b", "N2c"], groups={"P1-1": ["F5a", "D5a", "W5a"]})
    state, _ = act(state, ANNA, Add(place="P1-1", cards=["G5b"]))
    assert Take(place="P1-1", card="F5a") in legal(state, ANNA)
    state, events = run(state, ANNA, Take(place="P1-1", card="F5a"), Open(place="P2-1", cards=["F3b", "F4b"]))
    assert keys(events) == ["took", "opened_run"] and state.taken == ["F5a"]


def test_taken_cards_are_forgotten_at_the_final_turns() -> None:
    """Each final turn (AK-10.4) starts with nothing taken, like a normal turn."""
    state = table(["N2c", "D3a"], groups=POKER, deck=0)
    state.final, state.last_drawer, state.final_queue = True, BRUNO, [ANNA, BRUNO]
    state, _ = run(state, ANNA, Take(place="P1-1", card="F5a"), Add(place="P2-1", cards=[]), Done())
    assert state.active == BRUNO and state.taken == []
    assert Take(place="P2-1", card="F5a") in legal(state, BRUNO)


def buying() -> AkelarreState:
    state = table(["N2c", "D3a"], points={ANNA: ["F2a", "F3a", "F4a", "F5a", "F6a", "G2a"]})
    state.step = "buy"
    return state


def test_a_purchase_given_up_ends_the_turn() -> None:
    """R19 (one purchase per turn), R-T1: cancel_purchase ends the turn, so buy,
    cancel, buy... cannot go round; Anna may buy again on her next turn."""
    state = buying()
    assert legal(state, ANNA) == [EndTurn(), Buy()]
    state, _ = run(state, ANNA, Buy(), Pay(card="F2a"))
    state, events = act(state, ANNA, CancelPurchase())
    assert keys(events) == ["turn"] and state.active == BRUNO and state.step == "play"
    assert state.purchase == [] and len(state.points[ANNA]) == 6 and len(state.places_of(ANNA)) == 1
    assert_refused(state, ANNA, Buy(), "error.not_your_turn", "AK-2.1")
    # The default in the pay step (§9 row 11: do not buy) also ends the turn at once.
    state = buying()
    state, _ = act(state, ANNA, Buy())
    assert GAME.default_action(state, ANNA) == CancelPurchase()
    state, _ = act(state, ANNA, GAME.default_action(state, ANNA))
    assert state.active == BRUNO


def test_buy_and_cancel_at_most_once_a_turn_in_whole_games() -> None:
    """A chooser that buys whenever it may and cancels every purchase: one buy per turn."""
    for players in (2, 3):
        state = GAME.new_game(players, 4)
        buys: dict[int, int] = {}
        actions = 0
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            options = legal(state, seat)
            buy_or_cancel = [a for a in options if isinstance(a, (CancelPurchase, Buy))]
            action = (
                buy_or_cancel[0] if buy_or_cancel else GAME.ai(seat).act(GAME.view(state, seat), decision)
            )
            if isinstance(action, Buy):
                buys[state.turn] = buys.get(state.turn, 0) + 1
            state, _ = GAME.play(state, seat, action)
            actions += 1
            assert actions < 2000
        assert buys and max(buys.values()) == 1


def test_a_game_saved_before_the_ruling_still_loads() -> None:
    """Backwards compatible: a state JSON without ``taken`` loads with nothing taken (an
    old game saved with a card held, or in the buy step after a cancelled purchase)."""
    state = table(["N2c", "D3a"], groups=POKER)
    state, _ = act(state, ANNA, Take(place="P1-1", card="F5a"))
    data = json.loads(state.model_dump_json())
    assert data["taken"] == ["F5a"] and GAME.load_state(state.model_dump_json()) == state
    del data["taken"]
    old = GAME.load_state(json.dumps(data))
    assert old.taken == [] and old.held is not None and old.held.card == "F5a"
    old, events = act(old, ANNA, Add(place="P2-1", cards=[]))
    assert keys(events) == ["added"] and old.taken == []
    data = json.loads(buying().model_dump_json())
    assert "taken" not in data
    old = GAME.load_state(json.dumps(data))
    assert legal(old, ANNA) == [EndTurn(), Buy()]
    old, _ = run(old, ANNA, Buy(), CancelPurchase())
    assert old.active == BRUNO


def test_nothing_taken_is_not_written() -> None:
    """``taken`` is written only while it holds a card, so a state between turns and a
    finished game read as before R-T1 (an older export's final-state hash still matches,
    games/core/verify.py)."""
    state = GAME.new_game(2, 0)
    assert "taken" not in state.model_dump() and "taken" not in json.loads(state.model_dump_json())
    state = table(["N2c", "D3a"], groups=POKER, deck=0)
    state.final, state.last_drawer, state.final_queue = True, BRUNO, [BRUNO, ANNA]
    state.active = BRUNO
    state, _ = run(state, BRUNO, Done())
    state, _ = run(state, ANNA, Take(place="P1-1", card="F5a"), Add(place="P2-1", cards=[]))
    assert state.taken == ["F5a"] and "taken" in state.model_dump()
    state, _ = act(state, ANNA, Done())
    assert state.step == "over" and state.taken == [] and "taken" not in state.model_dump()


def test_a_game_played_before_the_ruling_replays_under_its_own_rules() -> None:
    """Exports made before R-T1 (gamemaster-export/1) replay with ``turn_bound`` off
    (AkelarreGame.legacy_settings): the take that is refused now was legal then, and
    "don't buy" went back to the buy step. New tables always have the ruling."""
    assert GAME.legacy_settings == {"turn_bound": False}
    assert GAME.new_game(2, 0).turn_bound and not GAME.new_game(2, 0, {"turn_bound": False}).turn_bound
    state = shuttle_start()
    state.turn_bound = False
    state, events = run(
        state, 0, Take(place="P1-1", card="DJ"), Add(place="P2-1", cards=[]), Take(place="P2-1", card="DJ")
    )
    assert keys(events) == ["took", "added", "took"]
    state = buying()
    state.turn_bound = False
    state, _ = run(state, ANNA, Buy(), Pay(card="F2a"))
    state, _ = act(state, ANNA, CancelPurchase())
    assert state.active == ANNA and state.step == "buy" and state.purchase == []
