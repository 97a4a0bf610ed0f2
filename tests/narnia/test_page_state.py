"""Narnia's page state (cogs/narnia/page_state.py): the attacks a seat's page offers carry
the chance the channel's ⚔️ menu shows, none is worked out while the page state is made,
and ``page_work`` names what is missing for the work thread, after which all are known."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cogs.narnia import PRESENTER
from games.narnia import GAME, odds
from games.narnia.ai import Board, ranked_attacks
from tests.narnia.narnia_helpers import BLUE, RED, make_state
from tests.narnia.test_odds_off_loop import LONG, LONG_PAIR


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    odds.forget()
    yield
    odds.forget()


def test_the_attacks_are_the_menu_s_with_the_chances_known_and_null_until_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = make_state(2, LONG, rest=RED)
    view = GAME.view(state, RED)
    real_small, real_long = odds._small, odds._long

    def refuse(*_: object) -> float:
        raise AssertionError("a chance worked out while the page state was made")

    monkeypatch.setattr(odds, "_small", refuse)
    monkeypatch.setattr(odds, "_long", refuse)
    cold = PRESENTER.page_state(view, RED)
    assert cold.attacks and all(a.chance is None for a in cold.attacks)  # long: not known yet
    work = PRESENTER.page_work(view, RED)
    assert work is not None
    monkeypatch.setattr(odds, "_small", real_small)
    monkeypatch.setattr(odds, "_long", real_long)
    work()
    assert PRESENTER.page_work(view, RED) is None  # nothing left to work out
    monkeypatch.setattr(odds, "_small", refuse)
    monkeypatch.setattr(odds, "_long", refuse)
    warm = PRESENTER.page_state(view, RED)
    menu = [(source, target, round(100 * chance)) for chance, source, target in ranked_attacks(Board(view))]
    assert [(a.source, a.target, a.chance) for a in warm.attacks] == menu  # the menu's order and numbers
    assert ("lantern_waste", "beavers_dam", round(100 * odds.conquest(*LONG_PAIR))) in menu


def test_only_the_attacking_seat_s_page_gets_its_attacks() -> None:
    state = make_state(2, LONG, rest=RED)
    for seat in (BLUE, None):
        page = PRESENTER.page_state(GAME.view(state, seat), seat)
        assert (page.attacks, page.witch_choices) == ([], [])
        assert PRESENTER.page_work(GAME.view(state, seat), seat) is None
