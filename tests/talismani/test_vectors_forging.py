"""The spec's test vectors TV-14 to TV-23, by id: forging, illegal plays, scoring and the end,
the deck and the change-order limits. Seats are 0-based: P1 is seat 0. TV-01 to TV-13 are in
test_vectors.py."""

from __future__ import annotations

import pytest

from games.talismani import (
    GAME,
    ChangeOrder,
    ChooseStake,
    Forge,
    Pick,
    PlayCards,
    SetAside,
    Talisman,
    Weather,
)
from games.talismani.data import COMPOSITION, FIRST_TALISMAN, deck, is_fairy, kind_of, value_of
from tests.talismani.talismani_helpers import (
    act,
    assert_refused,
    find,
    make_state,
    play_turn,
)

# -- TV-14 to TV-18: forging ---------------------------------------------------------------------------


def test_tv14_winning_combination_is_not_forged() -> None:
    state = make_state(3, [["sun-5", "sun-6"], ["sun-8"], ["rain-8"]])
    state, _ = play_turn(state, {0: ["sun-5", "sun-6"], 1: ["sun-8"], 2: ["rain-8"]})
    assert state.winner == 0 and state.phase == "stake"  # no set-aside decision (R19)
    assert sorted(state.pool) == ["rain-8", "sun-5", "sun-6", "sun-8"]
    state, _ = act(state, 0, ChooseStake(card="sun-8"))
    assert state.sharing_order == [2, 1]
    state, _ = act(state, 2, Pick(card="sun-5"))
    state, _ = act(state, 1, Pick(card="sun-6"))
    assert "rain-8" in state.hands[2] and state.forged[0] == []


def test_tv15_declining_to_set_aside() -> None:
    state = make_state(2, [["sun-5"], ["sun-2", "sun-3"]])
    state, _ = play_turn(state, {0: ["sun-5"], 1: ["sun-2", "sun-3"]})
    state, events = act(state, 1, SetAside(yes=False))
    assert find(events, "kept_in_pool")
    assert sorted(state.pool) == ["sun-2", "sun-3", "sun-5"]
    state, _ = act(state, 0, ChooseStake(card="sun-3"))
    assert {"sun-2", "sun-5"} <= set(state.hands[1])
    assert state.forged == [[], []] and state.pending == [[], []]


def test_tv16_sharing_order_with_every_kind_of_play() -> None:
    state = make_state(6, [["sun-9"], ["JKa"], ["fog-3", "fog-5"], ["CO5"], ["rain-2"], ["CS1"]])
    state, _ = play_turn(
        state, {0: ["sun-9"], 1: ["JKa"], 2: ["fog-3", "fog-5"], 3: ["CO5"], 4: ["rain-2"], 5: ["CS1"]}
    )
    assert state.winner == 0 and state.aside_seats == []  # Fog 3 + 5 is no combination
    assert GAME.decision(state).seats == [5]  # type: ignore[union-attr]
    assert len(state.pool) == 7
    state, _ = act(state, 5, ChooseStake(card="sun-9"))
    assert GAME.decision(state).seats == [3]  # type: ignore[union-attr]  # CO5 resolves
    state, _ = act(state, 3, ChangeOrder(suit="rain", position=2))
    assert state.sharing_order == [1, 2, 4, 3, 5]
    takers = []
    while state.phase == "share":
        seat = state.to_pick()
        assert seat is not None
        takers.append(seat)
        state, _ = act(state, seat, Pick(card=state.pool[0]))
    # The last card goes to P2 without a choice.
    assert takers == [1, 2, 4, 3, 5]
    sizes = [len(h) for h in state.hands]
    assert sizes[1] == 3 - 1 + 2


def test_tv17_no_sharers() -> None:
    state = make_state(
        2,
        [["rain-2", "rain-6"], ["fog-4", "fog-5"]],
        row=["rain", "sun", "fog", "snow", "clouds", "storm"],
        pad=4,
    )
    state, _ = play_turn(state, {0: ["rain-2", "rain-6"], 1: ["fog-4", "fog-5"]})
    state, _ = act(state, 1, SetAside(yes=True))
    state, events = act(state, 0, ChooseStake(card="rain-6"))
    assert state.pending[1] == [Talisman(suit="fog", cards=["fog-4", "fog-5"])]
    assert state.discard == ["rain-2"] and find(events, "pool_discarded")
    assert state.hand_sizes() == [2, 2]


PENDING_STORM = {0: [Talisman(suit="storm", cards=["storm-3", "storm-4"])]}


def test_tv18a_forge_not_allowed_when_not_dominant() -> None:
    state = make_state(
        3,
        [["fog-1"], ["sun-2"], ["rain-2"]],
        row=["sun", "storm", "rain", "snow", "clouds", "fog"],
        pending=PENDING_STORM,
    )
    assert_refused(state, 0, Forge(), "talismani.error.cannot_forge", "TT-9.6")
    assert Forge() not in GAME.legal_actions(state, 0)  # type: ignore[operator]


def test_tv18b_forge_play_and_void_turn() -> None:
    row = ["storm", "sun", "rain", "snow", "clouds", "fog"]
    state = make_state(3, [["fog-1"], ["CS1"], ["CW7"]], row=row, pending=PENDING_STORM)
    assert Forge() in GAME.legal_actions(state, 0)  # type: ignore[operator]
    state, events = play_turn(state, {0: "forge", 1: ["CS1"], 2: ["CW7"]})
    assert state.void  # only specials: void, but P1 still forges (TT-7.3)
    assert state.forged[0] == PENDING_STORM[0] and state.pending[0] == []
    assert find(events, "revealed_forge")


def test_tv18b_forger_is_not_a_sharer() -> None:
    row = ["storm", "sun", "rain", "snow", "clouds", "fog"]
    state = make_state(3, [["fog-1"], ["sun-2"], ["rain-2"]], row=row, pending=PENDING_STORM)
    state, _ = play_turn(state, {0: "forge", 1: ["sun-2"], 2: ["rain-2"]})
    state, _ = act(state, 1, ChooseStake(card="sun-2"))
    assert state.forged[0] == PENDING_STORM[0]
    assert state.sharing_order == [2]


def test_tv18c_ordinary_play_keeps_talisman_pending() -> None:
    row = ["storm", "sun", "rain", "snow", "clouds", "fog"]
    state = make_state(3, [["fog-1"], ["sun-2"], ["rain-2"]], row=row, pending=PENDING_STORM)
    state, _ = play_turn(state, {0: ["fog-1"], 1: ["sun-2"], 2: ["rain-2"]})
    state, _ = act(state, 1, ChooseStake(card="sun-2"))
    assert state.sharing_order == [0, 2]  # R18: he shares
    assert state.pending[0] == PENDING_STORM[0] and state.forged[0] == []


# -- TV-19: illegal plays ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "key"),
    [
        (["sun-3", "rain-3"], "talismani.error.two_suits"),
        (["CS1", "sun-3"], "talismani.error.special_not_alone"),
        (["JKa", "JKb"], "talismani.error.two_jokers"),
        (["JKa", "CW7"], "talismani.error.special_not_alone"),
    ],
)
def test_tv19_illegal_pairs(cards: list[str], key: str) -> None:
    state = make_state(3, [["sun-3", "rain-3", "CS1", "JKa", "JKb", "CW7"], ["sun-2"], ["rain-2"]])
    assert_refused(state, 0, PlayCards(cards=cards), key, "TT-5.2")


def test_tv19_three_cards_and_no_cards() -> None:
    state = make_state(3, [["sun-3", "sun-4", "sun-5"], ["sun-2"], ["rain-2"]])
    assert_refused(
        state, 0, PlayCards(cards=["sun-3", "sun-4", "sun-5"]), "talismani.error.too_many_cards", "TT-5.1"
    )
    assert_refused(state, 0, PlayCards(cards=[]), "talismani.error.no_cards", "TT-5.3")
    assert_refused(state, 0, Forge(), "talismani.error.cannot_forge", "TT-9.6")


# -- TV-20 / TV-21: scoring and the end ----------------------------------------------------------------


def test_tv20_scoring_and_tie_breaks() -> None:
    row = ["rain", "sun", "fog", "snow", "clouds", "storm"]

    def t(suit: str) -> Talisman:
        return Talisman(suit=suit, cards=[f"{suit}-0"])

    state = make_state(
        4,
        [[], [], [], []],
        row=row,
        stake=None,
        won={0: [FIRST_TALISMAN, "snow-1"], 1: ["snow-2"], 2: ["snow-3", "snow-4", "snow-5"], 3: ["snow-6"]},
        forged={0: [t("sun")], 1: [t("rain"), t("fog")], 2: [t("snow")], 3: [t("rain"), t("sun")]},
    )
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [s.score for s in outcome.standings] == [5, 5, 5, 5]
    assert outcome.winners == [0]
    assert [s.seat for s in outcome.standings] == [0, 3, 1, 2]
    # Without A: D beats B on the second talisman (Sun 2 before Fog 3).
    state.won[0], state.forged[0] = [], []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [3]


def test_tv21_game_ends_after_the_change_weather_phase() -> None:
    state = make_state(
        3, [["sun-5"], ["rain-2"], ["fog-2"]], row=["sun", "storm", "rain", "snow", "fog", "clouds"]
    )
    state.hands[0] = ["sun-5"]
    state, _ = play_turn(state, {0: ["sun-5"], 1: ["rain-2"], 2: ["fog-2"]})
    state, _ = act(state, 0, ChooseStake(card="rain-2"))
    state, _ = act(state, 2, Pick(card="sun-5"))
    assert state.phase == "weather" and state.hands[0] == []
    state, events = act(state, 0, Weather(rotate=True))
    assert state.phase == "over"
    assert state.row == ["storm", "rain", "snow", "fog", "clouds", "sun"]
    assert "rain-2" in state.discard and state.stake is None
    assert [e.params["seat"] for e in find(events, "hand_empty")] == [0]


# -- TV-22 / TV-23 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "hand"),
    [
        (2, 40, 20),
        (3, 54, 18),
        (4, 64, 16),
        (5, 75, 15),
        (6, 84, 14),
        (7, 91, 13),
        (8, 96, 12),
        (9, 99, 11),
        (10, 100, 10),
    ],
)
def test_tv22_deck_composition(players: int, size: int, hand: int) -> None:
    cards = deck(players)
    assert len(cards) == size == COMPOSITION[players].deck_size and len(set(cards)) == size
    state = GAME.new_game(players, seed=players)
    assert state.hand_sizes() == [hand] * players
    assert sorted(c for h in state.hands for c in h) == sorted(cards)
    assert state.stake == FIRST_TALISMAN and FIRST_TALISMAN not in cards
    zeros = [c for c in cards if is_fairy(c) and value_of(c) == 0]
    assert (zeros == []) == (players in (2, 3))
    order_cards = [c for c in cards if not is_fairy(c) and kind_of(c) in ("reverse_order", "change_order")]
    assert (order_cards == []) == (players in (2, 4))
    assert {"JKa", "JKb"} <= set(cards)
    if players == 10:
        assert len(set(cards)) == 100


def test_tv23_change_order_limits() -> None:
    state = make_state(3, [["sun-8"], ["CO5"], ["fog-2"]])
    state, _ = play_turn(state, {0: ["sun-8"], 1: ["CO5"], 2: ["fog-2"]})
    state, _ = act(state, 0, ChooseStake(card="fog-2"))
    assert state.phase == "change_order"
    assert_refused(state, 1, ChangeOrder(suit="sun", position=3), "talismani.error.dominant_fixed", "TT-10.5")
    assert_refused(state, 1, ChangeOrder(suit="fog", position=1), "talismani.error.bad_position", "TT-10.5")
    moved, _ = act(state, 1, ChangeOrder(suit="fog", position=2))
    assert moved.row == ["sun", "fog", "rain", "snow", "clouds", "storm"]
    same, _ = act(state, 1, ChangeOrder(suit="rain", position=2))
    assert same.row == ["sun", "rain", "snow", "clouds", "fog", "storm"]
