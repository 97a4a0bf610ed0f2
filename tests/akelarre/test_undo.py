"""Take-backs in Akelarre (games.akelarre.undo): which actions may be taken back, rule by
rule, and a property over random games. Allowed means that the action drew nothing
from the deck and showed nothing its actor could not already tell."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.akelarre import (
    GAME,
    Add,
    AkelarreAction,
    AkelarreState,
    Buy,
    CancelPurchase,
    CancelTake,
    ChoosePayment,
    Discard,
    Done,
    Draw,
    EndTurn,
    Open,
    Pay,
    Take,
)
from games.core import Event
from games.core.protocol import UNDO_DRAW, UNDO_REVEALED
from tests.akelarre.akelarre_helpers import act, find, keys, make_state
from tests.engine import same_in_every_world

ANNA, BRUNO, CARLA = 0, 1, 2
OTHERS = [["G3e", "G4d"], ["D3e", "D4d"]]  # two kinds each: never a forced discard
FIVE_POINTS = ["F2a", "F3a", "F4a", "F5a", "F6a"]


def table(hand: list[str], **kwargs: Any) -> AkelarreState:
    """3 players, Anna (P1) in Phase A with ``hand``; 40 cards in the deck by default."""
    return make_state(3, [hand, *OTHERS], **kwargs)


def refusal(
    state: AkelarreState, seat: int, action: AkelarreAction
) -> tuple[str | None, AkelarreState, list[Event]]:
    after, events = act(state, seat, action)
    return GAME.undo_refusal(action, events), after, events


def buying(bruno: list[str] | None = None, **kwargs: Any) -> AkelarreState:
    """Anna has drawn and may buy a place (AK-9.1): six cards in her point pile."""
    hands = [["N2c", "D3a"], bruno if bruno is not None else OTHERS[0], OTHERS[1]]
    state = make_state(3, hands, points={ANNA: [*FIVE_POINTS, "G2a"]}, **kwargs)
    state.step = "buy"
    return state


def final(hand: list[str], bruno: list[str] | None = None) -> AkelarreState:
    """2 players, the deck gone (AK-10.1): Anna's final turn, then Bruno's, the last (R17)."""
    state = make_state(2, [hand, bruno if bruno is not None else ["G3e", "G4d"]], deck=0)
    state.final, state.last_drawer, state.final_queue = True, BRUNO, [ANNA, BRUNO]
    return state


# -- Phase A moves: only the actor's own cards and public ones move ---------------------


def test_ak_5_1_open_is_allowed() -> None:
    """AK-5.1 / AK-5.10: the cards come from the actor's own hand and the move is public."""
    state = table(["F2c", "F3c", "F4c", "N2c"])
    reason, _, events = refusal(state, ANNA, Open(place="P1-1", cards=["F2c", "F3c", "F4c"]))
    assert reason is None and keys(events) == ["opened_run"]


def test_ak_6_2_add_that_captures_on_her_own_place_is_allowed() -> None:
    """AK-5.2 / AK-6.2 / R29: F5 and F6 complete Anna's run; the capture is public."""
    state = table(["F5a", "F6a", "N2c"], groups={"P1-1": ["F2a", "F3a", "F4a"]})
    reason, _, events = refusal(state, ANNA, Add(place="P1-1", cards=["F5a", "F6a"]))
    assert reason is None and keys(events) == ["added", "captured"]


def test_ak_6_3_add_completing_on_another_place_is_allowed() -> None:
    """AK-6.3 / R15: the play waits for the owner's choice, which hides nothing."""
    state = table(["F6a", "N2c"], groups={"P2-1": ["F2a", "F3a", "F4a", "F5a"]})
    reason, after, _ = refusal(state, ANNA, Add(place="P2-1", cards=["F6a"]))
    assert reason is None and after.step == "payment"


def test_ak_6_3_the_owners_choice_is_allowed() -> None:
    """AK-6.3 / R15: the owner keeps 2 of 5 face-up cards; then Anna's Phase A goes on."""
    state = table(["F6a", "N2c"], groups={"P2-1": ["F2a", "F3a", "F4a", "F5a"]})
    state, _ = act(state, ANNA, Add(place="P2-1", cards=["F6a"]))
    reason, after, _ = refusal(state, BRUNO, ChoosePayment(cards=["F5a", "F6a"]))
    assert reason is None and (after.active, after.step) == (ANNA, "play")


def test_ak_5_5_take_and_cancel_take_are_allowed() -> None:
    """AK-5.5 / AK-5.6 / R6: a card of a 4-card group, face up, is lifted and put back."""
    groups = {"P1-1": ["N3b", "N4a", "N5a", "NJ@6"], "P2-1": ["F6b", "G6a", "D6a"]}
    state = table(["N2c", "F6a"], groups=groups)
    reason, state, _ = refusal(state, ANNA, Take(place="P1-1", card="NJ"))
    assert reason is None
    reason, _, events = refusal(state, ANNA, CancelTake())
    assert reason is None and keys(events) == ["take_cancelled"]


def test_ak_10_4_a_move_in_a_final_turn_is_allowed() -> None:
    """AK-10.4: a final turn's moves are the same public moves."""
    state = final(["F2c", "F3c", "F4c"])
    reason, _, _ = refusal(state, ANNA, Open(place="P1-1", cards=["F2c", "F3c", "F4c"]))
    assert reason is None


# -- ending Phase A and drawing ------------------------------------------------------------


def test_ak_7_discard_is_allowed_when_the_draw_waits_for_a_choice() -> None:
    """AK-7.3 / AK-8.1: the discard is face up; the deck or the Fairies pile is Anna's choice."""
    state = table(["N2c", "D3a"], piles={"fairies": ["F2a"]})
    reason, after, events = refusal(state, ANNA, Discard(card="N2c"))
    assert reason is None and keys(events) == ["discarded"] and after.step == "draw"


def test_ak_8_1_discard_is_refused_when_the_deck_is_drawn_at_once() -> None:
    """AK-8.1 / AK-8.6: with every pile empty but the one she discarded on (R9), the deck is
    the only source and the engine draws from it at once: Anna sees unknown cards."""
    state = table(["N2c", "D3a"])
    reason, _, events = refusal(state, ANNA, Discard(card="N2c"))
    assert reason == UNDO_DRAW
    assert find(events, "drew_cards")[0].seats == [ANNA]


def test_ak_2_3_done_is_allowed_when_the_draw_waits_and_refused_when_it_does_not() -> None:
    """AK-2.3 / AK-8.1: "done" after playing; the draw then has one source or several."""
    cards = ["F2c", "F3c", "F4c", "N2c"]
    for piles, expected in (({"goblins": ["G2a"]}, None), ({}, UNDO_DRAW)):
        state = table(cards, piles=piles)
        state, _ = act(state, ANNA, Open(place="P1-1", cards=cards[:3]))
        reason, _, _ = refusal(state, ANNA, Done())
        assert reason == expected, piles


def test_ak_8_6_draw_from_the_deck_is_refused() -> None:
    """AK-8.2 / AK-8.6 / AK-11.3: the deck is face down; only the drawer sees the cards."""
    state, _ = act(table(["N2c", "D3a"], piles={"fairies": ["F2a"]}), ANNA, Discard(card="N2c"))
    reason, _, _ = refusal(state, ANNA, Draw(source="deck"))
    assert reason == UNDO_DRAW


def test_r24_draw_from_a_pile_before_buying_is_allowed() -> None:
    """AK-8.2 / R24: the pile's cards were face up; Phase C follows (AK-9.1)."""
    state = table(["N2c", "D3a"], piles={"fairies": ["F2b"]}, points={ANNA: FIVE_POINTS})
    state, _ = act(state, ANNA, Discard(card="N2c"))
    reason, after, _ = refusal(state, ANNA, Draw(source="fairies"))
    assert reason is None and (after.active, after.step) == (ANNA, "buy")


def test_ak_2_1_draw_from_a_pile_that_ends_the_turn_is_refused() -> None:
    """AK-2.1 / AK-7.1: with no purchase possible the turn passes to Bruno, whose hidden hand
    decides whether the engine discards for him at once."""
    state, _ = act(table(["N2c", "D3a"], piles={"fairies": ["F2a"]}), ANNA, Discard(card="N2c"))
    reason, after, events = refusal(state, ANNA, Draw(source="fairies"))
    assert reason == UNDO_REVEALED
    assert find(events, "turn") and after.active == BRUNO


# -- Phase C: buying -------------------------------------------------------------------------


def test_ak_9_buy_and_the_first_picks_are_allowed_the_fifth_is_refused() -> None:
    """AK-9.1 / AK-9.2 / R19 / R23: the point pile is public; the fifth card completes the
    purchase and ends the turn."""
    reason, state, _ = refusal(buying(), ANNA, Buy())
    assert reason is None
    for card in FIVE_POINTS[:4]:
        reason, state, _ = refusal(state, ANNA, Pay(card=card))
        assert reason is None, card
    reason, after, events = refusal(state, ANNA, Pay(card=FIVE_POINTS[4]))
    assert reason == UNDO_REVEALED
    assert find(events, "bought") and after.active == BRUNO


def test_r19_cancel_purchase_and_end_turn_are_refused_the_turn_passes() -> None:
    """R19 / R-T1 / AK-2.1: both end Anna's turn."""
    state, _ = act(buying(), ANNA, Buy())
    reason, after, _ = refusal(state, ANNA, CancelPurchase())
    assert reason == UNDO_REVEALED and after.active == BRUNO
    reason, after, _ = refusal(buying(), ANNA, EndTurn())
    assert reason == UNDO_REVEALED and after.active == BRUNO


def test_ak_7_1_the_next_seats_forced_discard_shows_its_hand() -> None:
    """AK-7.1 / rules.settle: Anna cannot tell these two tables apart, but ending her turn
    makes the engine discard Bruno's W6 at once in one (his hand is a single kind and has no
    move) and ask Bruno in the other. Taking it back would keep what she learned."""
    forced = buying(bruno=["W6a", "W6b"], piles={"goblins": ["G2b"]})
    asked = buying(bruno=["W6a", "N3a"], piles={"goblins": ["G2b"]})
    assert GAME.view(forced, ANNA) == GAME.view(asked, ANNA)
    reason, after, events = refusal(forced, ANNA, EndTurn())
    assert reason == UNDO_REVEALED
    assert find(events, "discarded")[0].params["seat"] == BRUNO and after.step == "draw"
    reason, after, events = refusal(asked, ANNA, EndTurn())
    assert reason == UNDO_REVEALED
    assert not find(events, "discarded") and after.step == "play"


def test_ak_10_4_done_in_a_final_turn_is_refused() -> None:
    """AK-10.4 / R27 / AK-12.6 / R25: Anna cannot tell these two tables apart, but after her
    final turn the engine passes for Bruno when his hidden hand holds no move (G3 G4 N5),
    which ends the game and reveals the favourites, and asks him when it does (G3 G4 G5)."""
    stuck = final(["N2c"], bruno=["G3e", "G4d", "N5a"])
    moving = final(["N2c"], bruno=["G3e", "G4d", "G5a"])
    assert GAME.view(stuck, ANNA) == GAME.view(moving, ANNA)
    reason, after, events = refusal(stuck, ANNA, Done())
    assert reason == UNDO_REVEALED
    assert keys(events) == ["passed", "final_turn", "passed", "game_over"] and after.step == "over"
    reason, after, events = refusal(moving, ANNA, Done())
    assert reason == UNDO_REVEALED
    assert keys(events) == ["passed", "final_turn"] and after.active == BRUNO


# -- the property ---------------------------------------------------------------------------


# (players, options, seed, actions): two whole games to reach the final round and the end,
# and many openings cut short to keep the test fast (a whole game is some 500 actions).
GAMES: list[tuple[int, dict[str, Any], int, int | None]] = [
    (2, {}, 0, None),
    (4, {"teams": True}, 5, None),
    *((players, {}, seed, 40) for players in (2, 3, 4) for seed in range(1, 6)),
    *((4, {"teams": True}, seed, 40) for seed in range(1, 4)),
]


def test_property_random_games_take_back_only_what_showed_nothing() -> None:
    """Random games for 2, 3 and 4 players and the team game. Where a take-back is
    allowed: no randomness drawn (the RNG counter), no private event, and the same
    outcome for the actor in worlds it cannot tell apart (checked on a quarter of them).
    Where the deck shrank: ``UNDO_DRAW``. Where the turn went to another seat or the
    game ended: refused."""
    answers: Counter[tuple[str, str | None]] = Counter()
    caught: Counter[str] = Counter()  # refused actions the world check tells apart
    for players, options, seed, limit in GAMES:
        rng = random.Random(seed)
        state = GAME.new_game(players, seed, options)
        played = 0
        while (decision := GAME.decision(state)) is not None and played != limit:
            seat = decision.actors[0]
            action = GAME.random_action(state, seat, rng)
            after, events = GAME.play(state, seat, action)
            reason = GAME.undo_refusal(action, events)
            answers[(action.kind, reason)] += 1
            played += 1
            if after.rng.counter != state.rng.counter:
                assert reason is not None, (action, keys(events))
            if len(after.deck) < len(state.deck):
                assert reason == UNDO_DRAW, (action, keys(events))
            if after.active != state.active or after.step == "over":
                assert reason is not None, (action, keys(events))
            if reason is None:
                assert after.rng.counter == state.rng.counter
                assert all(e.seats is None for e in events), (action, keys(events))
                if rng.random() < 1 / 4:
                    assert same_in_every_world(GAME, state, seat, action, after, events, rng, 1), (
                        action,
                        keys(events),
                    )
            elif caught[action.kind] < 3 and not same_in_every_world(
                GAME, state, seat, action, after, events, rng, 1
            ):
                caught[action.kind] += 1
            state = after
    allowed = {kind for kind, reason in answers if reason is None}
    refused = {kind for kind, reason in answers if reason is not None}
    # The property saw every kind on each side it can fall on, so none of it held vacuously.
    assert allowed == {
        "open",
        "add",
        "take",
        "cancel_take",
        "choose_payment",
        "done",
        "discard",
        "draw",
        "buy",
        "pay",
    }, answers
    assert refused == {"done", "discard", "draw", "pay", "cancel_purchase", "end_turn"}, answers
    assert {reason for _kind, reason in answers} == {None, UNDO_DRAW, UNDO_REVEALED}
    # The world check has teeth: it tells apart what the answers refuse.
    assert set(caught) >= {"draw", "discard"}, caught
