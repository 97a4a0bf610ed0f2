"""The test vectors of spec §6 on scoring, buying and the team game (TV-19 … TV-27), by id;
the rest are in test_vectors.py."""

from __future__ import annotations

from games.akelarre import (
    GAME,
    Add,
    Buy,
    ChoosePayment,
    Discard,
    Draw,
    EndTurn,
    Pay,
)
from games.akelarre.scoring import Score, rank, scores_of
from tests.akelarre.akelarre_helpers import (
    act,
    assert_refused,
    find,
    group,
    make_state,
)

ANNA, BRUNO, CARLA, DARIO = 0, 1, 2, 3
# -- TV-19 … TV-25: scoring ------------------------------------------------------------


def test_tv19_scoring_three_players() -> None:
    """TV-19, AK-12."""
    anna = ["W2a", "W3a", "W4a", "W5a", "W6a", "W4b", "F4a"]
    bruno = ["F3a", "G3a", "D3a", "N3a", "WJ", "G4a", "D4a", "N4a"]
    carla = ["D2a", "D3b", "DJ", "D5a", "D6a"]
    scores = scores_of([anna, bruno, carla], ["witches", "fairies", "druids"], False)
    assert [(s.cards, s.card_points, s.bonus, s.total) for s in scores] == [
        (7, 25, 0, 25),
        (8, 9, 8, 17),
        (5, 16, 0, 16),
    ]
    outcome = rank(scores, False)
    assert [(s.seat, s.rank, s.winner) for s in outcome.standings] == [
        (0, 1, True),
        (1, 2, False),
        (2, 3, False),
    ]
    assert outcome.standings[0].details["favourite"] == "witches"


def pile(favourite: list[str], others: int, jokers: int = 0) -> list[str]:
    """A point pile: these favourite cards, ``others`` 1-point cards and jokers."""
    pool = ["N2a", "N2b", "N2c", "N2d", "N2e", "N2f", "N3a", "N3b", "N3c", "N3d", "N3e", "N4a", "N4b"]
    return favourite + pool[:others] + ["WJ", "GJ"][:jokers]


def test_tv20_most_cards_tie_with_two_players() -> None:
    """TV-20, R20."""
    scores = scores_of(
        [pile(["F2a", "F2b", "F3a"], 7), pile(["G2a", "G2b"], 8)], ["fairies", "goblins"], False
    )
    assert [(s.cards, s.card_points, s.bonus, s.total) for s in scores] == [(10, 14, 8, 22), (10, 12, 8, 20)]
    assert rank(scores, False).winners == [ANNA]


def test_tv21_most_cards_tie_with_three_players() -> None:
    """TV-21, R20: the shared bonus decides."""
    piles = [
        pile(["F4a", "F4b", "F5a"], 7),
        pile(["G3a", "G4a"], 8),
        pile(["D6a", "D6b", "D5a", "D5b", "D4a"], 1),
    ]
    scores = scores_of(piles, ["fairies", "goblins", "druids"], False)
    assert [s.card_points for s in scores] == [20, 15, 27]
    assert [s.total for s in scores] == [28, 23, 27]
    assert rank(scores, False).winners == [ANNA]


def test_tv22_a_tie_for_first_place_is_a_draw() -> None:
    """TV-22, AK-12.5, R22."""

    def score(seat: int, total: int) -> Score:
        return Score(
            seat=seat,
            favourite="fairies",
            cards=1,
            favourite_cards=0,
            favourite_points=0,
            other_cards=0,
            other_points=0,
            jokers=0,
            card_points=total,
            bonus=0,
            total=total,
        )

    outcome = rank([score(0, 24), score(1, 24), score(2, 20)], False)
    assert outcome.winners == [ANNA, BRUNO] and outcome.params["draw"] is True
    assert [(s.seat, s.rank) for s in outcome.standings] == [(0, 1), (1, 1), (2, 3)]


def test_tv23_buying_meeting_places() -> None:
    """TV-23, AK-9, R3, R19."""
    points = {BRUNO: ["G6a", "D6a", "W6a", "G4a", "N4a", "F3a", "F3b", "F5a"]}
    state = make_state(
        2, [["N2a", "D2a"], ["W2a"]], points=points, active=BRUNO, favourites=["nymphs", "fairies"]
    )
    state.step = "buy"  # after drawing
    assert GAME.legal_actions(state, BRUNO) == [EndTurn(), Buy()]
    state, _ = act(state, BRUNO, Buy())
    for card in ["G6a", "D6a", "W6a", "G4a"]:
        state, events = act(state, BRUNO, Pay(card=card))
        assert events == [] and state.step == "pay"
    assert_refused(state, BRUNO, Pay(card="G6a"), "akelarre.error.not_in_points", "AK-9.2")
    state, events = act(state, BRUNO, Pay(card="N4a"))
    assert state.piles["goblins"] == ["G6a", "G4a"] and state.piles["druids"] == ["D6a"]
    assert state.piles["witches"] == ["W6a"] and state.piles["nymphs"] == ["N4a"]
    assert state.points[BRUNO] == ["F3a", "F3b", "F5a"]
    assert [p.id for p in state.places_of(BRUNO)] == ["P2-1", "P2-2", "P2-3"]
    assert state.place("P2-3") is not None and group(state, "P2-3") == []
    assert find(events, "bought")[0].params["cards_list"] == ["G6a", "D6a", "W6a", "G4a", "N4a"]
    # On a later turn a second purchase is refused: the cap of 3 (R3).
    state.points[BRUNO] += ["G2a", "G2b", "G2c"]
    state.active, state.step = BRUNO, "buy"
    assert_refused(state, BRUNO, Buy(), "akelarre.error.place_cap", "R3")
    few = make_state(3, [["N2a"], ["W2a"], ["G2a"]], points={ANNA: ["F2a", "F3a", "F4a", "F5a"]})
    assert_refused(few, ANNA, Buy(), "akelarre.error.buy_needs_five", "AK-9.1")


def test_tv24_team_scoring() -> None:
    """TV-24, AK-13.3, R21."""
    piles = [
        ["N2a", "N3a", "N4a", "N5a", "N6a"],
        ["G2a", "G3a", "G4a", "G5a", "G6a", "F2a", "D2a", "N2b"],
        ["F5a", "G5b", "D5a", "N5b", "W5a"],
        ["W3a", "W3b"],
    ]
    scores = scores_of(piles, ["nymphs", "goblins", "fairies", "witches"], True)
    assert [s.total for s in scores] == [20, 31, 9, 6]
    assert [s.team_total for s in scores] == [29, 37, 29, 37]
    outcome = rank(scores, True)
    assert sorted(outcome.winners) == [BRUNO, DARIO] and outcome.standings[0].score == 37


def test_tv25_a_favourite_joker_scores_zero() -> None:
    """TV-25, AK-12.2."""
    assert scores_of([["F2a", "F3a", "FJ", "F5a", "F6a"]], ["fairies"], False)[0].card_points == 16


def test_tv26_the_owner_is_the_partner() -> None:
    """TV-26, AK-6.5, R16."""
    hands = [["N3a"], ["N4a"], ["W6a", "G2a"], ["N5a"]]
    state = make_state(4, hands, groups={"P1-1": ["F6a", "G6a", "D6a", "N6a"]}, active=CARLA, teams=True)
    state, _ = act(state, CARLA, Add(place="P1-1", cards=["W6a"]))
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "akelarre.payment" and decision.seats == [ANNA]
    state, _ = act(state, ANNA, ChoosePayment(cards=["F6a", "W6a"]))
    assert len(state.points[ANNA]) == 2 and len(state.points[CARLA]) == 3


def test_tv27_stall_safeguard() -> None:
    """TV-27, R26, AK-8.8: 20 turns of pile draws, then only the deck; a deck draw resets it."""
    many = {
        "fairies": ["F2a", "F2b", "F2c", "F2d", "F2e", "F2f", "F3a", "F3b", "F3c", "F3d"],
        "goblins": ["G2a", "G2b", "G2c", "G2d", "G2e", "G2f", "G3a", "G3b", "G3c", "G3d"],
    }
    hands = [
        ["N2a", "N4a", "W3a", "D6a", "W5a", "N6a", "D2a"],
        ["N2b", "N4b", "W3b", "D6b", "W5b", "N6b", "D2b"],
    ]
    state = make_state(2, hands, piles=many)
    for turn in range(20):
        seat = state.active
        hand = state.hands[seat]
        state, _ = act(state, seat, Discard(card=hand[0]))
        source = next(
            s
            for s in ("fairies", "goblins", "druids", "nymphs", "witches")
            if Draw(source=s) in (GAME.legal_actions(state, seat) or [])
        )
        state, events = act(state, seat, Draw(source=source))
        assert state.stall_turns == turn + 1
    assert find(events, "stall")
    seat = state.active
    state, events = act(state, seat, Discard(card=state.hands[seat][0]))
    # Only the deck is offered, so the draw is made at once from the deck; the counter resets.
    assert find(events, "drew_deck") and state.stall_turns == 0
    blocked = state.model_copy(deep=True)
    blocked.stall_turns, blocked.step = 20, "draw"
    assert GAME.legal_actions(blocked, blocked.active) == [Draw(source="deck")]
    assert_refused(blocked, blocked.active, Draw(source="fairies"), "akelarre.error.stall", "R26")
    seat = state.active
    state, _ = act(state, seat, Discard(card=state.hands[seat][0]))
    assert len(GAME.legal_actions(state, seat) or []) > 1  # the piles are allowed again
