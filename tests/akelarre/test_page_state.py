"""Akelarre's page state (cogs/akelarre/page_state.py): the seat's own hand and favourite
only in its own page, and what a draw would bring, as the engine draws (AK-8.2)."""

from __future__ import annotations

import random

from cogs.akelarre import PRESENTER
from games.akelarre import GAME
from games.akelarre.drawing import do_draw
from games.akelarre.face import HAND_SIZE


def test_a_draw_from_each_pile_gives_what_the_page_says() -> None:
    rng = random.Random(7)
    state = GAME.new_game(3, seed=7)
    for _ in range(400):  # on until some seat, with room in its hand, faces non-empty piles
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        view = GAME.view(state, seat)
        if view.hand is not None and len(view.hand) < HAND_SIZE and any(p.cards for p in view.piles):
            break
        state, _ = GAME.play(state, seat, GAME.random_action(state, seat, rng))
    page = PRESENTER.page_state(view, seat)
    assert page.hand == view.hand and page.favourite == view.favourite
    assert page.draw_count == HAND_SIZE - len(view.hand)
    assert page.gives
    for family, cards in page.gives.items():
        drawn = state.model_copy(deep=True)
        before = list(drawn.hands[seat])
        do_draw(drawn, seat, family, [])
        assert drawn.hands[seat][len(before) :] == cards  # the engine's own draw
    for other in range(3):  # every other seat's page: its own hand, never this one's
        if other != seat:
            assert PRESENTER.page_state(GAME.view(state, other), other).hand == GAME.view(state, other).hand
    watching = PRESENTER.page_state(GAME.view(state, None), None)
    assert (watching.hand, watching.favourite, watching.gives, watching.draw_count) == (None, None, {}, 0)
