"""What the outcome tells the final record: territories, and how the tie-break (NA-5.4) placed
each seat, in rounds a player can check rather than internal battle numbers."""

from __future__ import annotations

import pytest

from games.core import Outcome
from games.narnia import GAME, Attack
from games.narnia.data import TERRITORIES
from games.narnia.state import NarniaState
from tests.narnia.narnia_helpers import BLUE, GREEN, RED, WITCH, YELLOW, Rig, make_state, play


def over_state(counts: dict[int, int], attacks: dict[int, int], rounds: dict[int, int]) -> NarniaState:
    seats = [seat for seat, n in counts.items() for _ in range(n)]
    board = {tid: (seat, "") for tid, seat in zip(TERRITORIES, seats, strict=True)}
    state = make_state(
        3,
        board,
        phase="over",
        actor=None,
        last_attack=[attacks.get(s) for s in range(3)],
        last_attack_round=[rounds.get(s) for s in range(3)],
        end_reason="witch_defeated",
    )
    state.last_attacker = max(attacks, key=lambda s: attacks[s]) if attacks else None
    return state


def details(outcome: Outcome | None, seat: int) -> dict[str, object]:
    assert outcome is not None
    return next(s.details for s in outcome.standings if s.seat == seat)


def test_the_tie_break_is_told_per_seat() -> None:
    """TV-19: red 9, blue 9, green 6; red's attack (round 30) is more recent than blue's."""
    attacks, rounds = {RED: 60, BLUE: 57, GREEN: 61}, {RED: 30, BLUE: 28, GREEN: 31}
    state = over_state({RED: 9, BLUE: 9, GREEN: 6}, attacks, rounds)
    outcome = GAME.outcome(state)
    assert details(outcome, RED) == {
        "territories": 9,
        "last_attack": 60,
        "last_attack_round": 30,
        "tie_break": "won",
        "final_conquest": False,
        "eliminated": False,
    }
    assert details(outcome, BLUE)["tie_break"] == "lost"
    assert details(outcome, BLUE)["last_attack_round"] == 28
    # Green had fewer territories: no tie to break, but the final conquest is remembered.
    assert details(outcome, GREEN)["tie_break"] is None
    assert details(outcome, GREEN)["final_conquest"] is True


def test_tied_players_who_never_attacked_share() -> None:
    """R32: red and green tie on 10 and never attacked; blue made the final conquest."""
    outcome = GAME.outcome(over_state({RED: 10, GREEN: 10, BLUE: 4}, {BLUE: 61}, {BLUE: 20}))
    assert details(outcome, RED)["tie_break"] == details(outcome, GREEN)["tie_break"] == "shared"
    assert details(outcome, RED)["last_attack_round"] is None


def test_an_attack_remembers_its_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """The round of a seat's latest attack is kept for the final record (R33 counts it)."""
    state = make_state(4, {"chippingford": (RED, "3P"), "dwarf_mines": (WITCH, "1W")}, rest=YELLOW)
    state.round = 7
    Rig(monkeypatch).roll([1, 1, 1], [6])
    after, _ = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))  # type: ignore[arg-type]
    assert after.last_attack_round == [7, None, None, None]
    assert after.attack_round(RED) == 7 and after.attack_round(GREEN) is None


def test_nobody_ties_when_the_witch_wins() -> None:
    """NA-4.8.8: every player is out; nobody wins and no tie-break is told."""
    board = {tid: (WITCH, "") for tid in TERRITORIES}
    state = make_state(2, board, phase="over", actor=None, end_reason="all_eliminated")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == []
    assert all(s.details["eliminated"] and s.details["tie_break"] is None for s in outcome.standings)
