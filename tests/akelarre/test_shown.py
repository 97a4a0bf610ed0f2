"""AK-8.6: the cards a player takes from a discard pile were face up, so everyone
knows they are in that hand until they leave it (played or discarded, face up
again). Every view lists them (``SeatView.shown``) and the hard player's worlds deal
them to their holder; a finished game, or one that never drew from a pile, reads and
hashes as before."""

from __future__ import annotations

import random

from games.akelarre import GAME, AkelarreState
from games.akelarre.actions import Draw
from games.akelarre.drawing import DECK
from games.akelarre.world import sample_world
from tests.akelarre.test_world import positions


def pile_draws(players: int, options: dict[str, object], seed: int) -> list[AkelarreState]:
    """The positions of a mixed game right after a draw from a discard pile."""
    out: list[AkelarreState] = []
    previous: AkelarreState | None = None
    for state in positions(players, dict(options), seed, every=1):
        if (
            previous is not None
            and previous.step == "draw"
            and any(len(state.piles[f]) < len(previous.piles[f]) for f in state.piles)
        ):
            out.append(state)
        previous = state
    return out


def test_a_pile_draw_is_shown_in_every_view_until_the_cards_leave_the_hand() -> None:
    checked = left = 0
    for seed in range(3):
        previous: AkelarreState | None = None
        for state in positions(3, {}, 40 + seed, every=1):
            if previous is not None and state.step != "over":
                for seat in range(3):
                    shown = state.shown_in_hand(seat)
                    assert set(shown) <= set(state.hands[seat]) and len(shown) == len(set(shown))
                    for viewer in (None, 0, 1, 2):
                        assert GAME.view(state, viewer).seats[seat].shown == shown
                    before = set(previous.shown_in_hand(seat))
                    gone = before - set(shown)
                    for card in gone:  # it left the hand face up: on a place, a pile or a point pile
                        assert card not in state.hands[seat]
                        left += 1
                    drawn = [f for f in state.piles if len(state.piles[f]) < len(previous.piles[f])]
                    if previous.step == "draw" and previous.active == seat and drawn:
                        [family] = drawn
                        taken = previous.piles[family][len(state.piles[family]) :]
                        assert set(taken) <= set(shown)
                        checked += 1
            previous = state
        assert previous is not None and previous.step == "over"
        assert previous.shown == [] and "shown" not in previous.model_dump_json()
    assert checked > 5 and left > 5


def test_a_game_that_never_drew_from_a_pile_writes_no_shown_field() -> None:
    state = GAME.new_game(3, 7, {})
    while state.step != "draw":
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        state, _ = GAME.play(state, seat, GAME.ai(seat).act(GAME.view(state, seat), decision))
    after, _ = GAME.play(state, state.active, Draw(source=DECK))
    assert "shown" not in after.model_dump_json() and after.shown_in_hand(state.active) == []


def test_every_world_deals_the_shown_cards_to_their_holder() -> None:
    rng = random.Random(5)
    checked = 0
    for players, options in ((3, {}), (4, {"teams": True})):
        for state in pile_draws(players, options, 60 + players)[:8]:
            for seat in range(players):
                view = GAME.view(state, seat)
                world = sample_world(view, rng)
                assert GAME.view(world, seat) == view
                for other in range(players):
                    assert set(state.shown_in_hand(other)) <= set(world.hands[other])
                checked += 1
    assert checked > 20
