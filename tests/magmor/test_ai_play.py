"""The ``normal`` computer player makes sensible choices in hand-built positions.

Each position is one a person who wants to reach Mag Mor (and win on honour)
would play one way: the AI must too. The AI reads only its seat's view.
"""

from __future__ import annotations

from games.magmor import GAME, Choose, MagmorAction, MagmorState, Pass, Pay, PayMagMor, Split, keep_all
from games.magmor.ai import payment_choice
from games.magmor.grid import CELLS, MAGMOR
from tests.magmor.magmor_helpers import hand, make_state, play, start

TO_F4 = ["A1", "B1", "C1", "D1", "E1", "F1", "F2", "F3", "F4"]
TO_E6 = ["A1", "B1", "C1", "D1", "E1", "E2", "E3", "E4", "E5", "E6"]


def ai_move(state: MagmorState, seat: int) -> MagmorAction:
    decision = GAME.decision(state)
    assert decision is not None and seat in decision.seats
    return GAME.ai(seat).act(GAME.view(state, seat), decision)


def test_pays_a_dear_category_when_the_crossing_decides_the_expedition() -> None:
    """F5 on day 15: a difficult crossing ends the game at day 17 (MM-4.6.1). Water x3
    is left and only seat 1 can pay it, with its most valuable cards (obj-01: water 3).
    It pays, where the §10 rule (the D6 default) would pass (cost 9 > 2 + 1 + 2)."""
    state, _ = start(
        make_state(
            3,
            cards={"F5": "desert-1"},  # 3 players: found 3 axe, 2 water; pay water x3, medicine x1
            path=TO_F4,
            day=15,
            hands=[hand(), hand(water=3, axe=1), hand(medicine=1, food=1)],
            objectives=["obj-05", "obj-01", "obj-03"],
        )
    )
    state, _ = play(state, 0, keep_all(state))  # the leader keeps 2 water: not enough to pay
    # The leader could pay nothing and passed automatically (R7): seat 1 acts.
    assert state.phase == "pay" and state.acted == [0]
    assert ai_move(state, 1) == Pay(resource="water")
    assert payment_choice(GAME.view(state, 1)) == Pass()


def test_leader_feeds_a_payer_rather_than_keeping_everything() -> None:
    """lake-1 with 3 players finds 3 axe and 2 water and asks axe x2 and food x1. The
    leader holds the only food, and nobody else holds an axe: keeping every axe would
    leave axe x2 unpaid. The leader gives 2 axes to another player (who can then pay)
    and still keeps what its objective values (obj-01: water 3)."""
    state, _ = start(
        make_state(
            3,
            cards={"B1": "lake-1"},
            hands=[hand(food=1, water=1), hand(medicine=2), hand(pickaxe=2)],
            objectives=["obj-01", "obj-03", "obj-04"],
        )
    )
    state, _ = play(state, 0, Choose(cell="B1"))
    move = ai_move(state, 0)
    assert isinstance(move, Split)
    given = {seat: cards.get("axe", 0) for seat, cards in move.allocation.items() if seat != 0}
    assert max(given.values(), default=0) >= 2
    assert move.allocation[0].get("water", 0) == 2
    # Played out: the leader pays food, the fed player axe, and the crossing is easy.
    state, _ = play(state, 0, move)
    state, _ = play(state, 0, ai_move(state, 0))
    while state.phase == "pay":
        seat = state.still_to_act()[0]
        state, _ = play(state, seat, ai_move(state, seat))
    assert state.last_crossing == "easy"


def test_leader_chooses_the_terrain_the_party_can_pay() -> None:
    """From A1, B1 is a mountain asking 3 pickaxes (its hint, MM-4.2.4), and nobody
    holds a pickaxe; A2 is hill-2, asking food x2 and water x1, which the leader and
    seat 1 hold. The leader heads for A2."""
    state, _ = start(
        make_state(
            3,
            cards={"B1": "mountain-1", "A2": "hill-2"},
            hands=[hand(food=2, medicine=1), hand(water=1, axe=1), hand(medicine=2)],
            objectives=["obj-06", "obj-07", "obj-08"],
        )
    )
    assert state.phase == "choose" and state.candidates == ["B1", "A2"]
    assert ai_move(state, 0) == Choose(cell="A2")


def test_pays_at_mag_mor_when_success_hangs_on_it() -> None:
    """Mag Mor on day 16: a difficult crossing fails the expedition (R3). Seat 0 holds
    only cards its objective values 3 (obj-01: water), yet pays 2 of them."""
    state, _ = start(
        make_state(
            3,
            path=TO_E6,
            day=16,
            hands=[hand(water=3), hand(food=2), hand(axe=2)],
            objectives=["obj-01", "obj-03", "obj-05"],
        )
    )
    assert state.phase == "magmor" and state.still_to_act()[0] == 0
    assert ai_move(state, 0) == PayMagMor(cards={"water": 2})


def test_the_move_depends_on_the_view_only() -> None:
    """Cannot peek: reshuffling what seat 0 cannot see (the other hands, keeping their
    sizes and the cards they hold together; the other objectives; the face-down
    cards with equal backs) leaves its view, and so its move, unchanged."""
    state, _ = start(
        make_state(
            4,
            cards={"B1": "lake-1", "A2": "hill-2"},
            hands=[hand(food=1, axe=1), hand(medicine=2, water=1), hand(pickaxe=2), hand(food=1)],
            objectives=["obj-01", "obj-03", "obj-04", "obj-09"],
        )
    )
    hidden = state.model_copy(deep=True)
    hidden.hands[1], hidden.hands[2] = hand(pickaxe=2, water=1), hand(medicine=2)
    hidden.objectives[1:] = ["obj-10", "obj-02", "obj-06"]
    same_back = [
        (a, b)
        for a in CELLS
        for b in CELLS
        if a < b
        and MAGMOR not in (a, b)
        and a not in state.path
        and b not in state.path
        and a not in state.candidates
        and b not in state.candidates
    ]
    for a, b in same_back[:50]:
        view = GAME.view(hidden, 0)
        hidden.grid[a], hidden.grid[b] = hidden.grid[b], hidden.grid[a]
        if GAME.view(hidden, 0) != view:
            hidden.grid[a], hidden.grid[b] = hidden.grid[b], hidden.grid[a]
    assert hidden.grid != state.grid and hidden.hands != state.hands
    assert GAME.view(hidden, 0) == GAME.view(state, 0)
    assert ai_move(hidden, 0) == ai_move(state, 0)
