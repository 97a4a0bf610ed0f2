"""The families each seat parted with (``AkelarreState.parted``): the naturals it
discarded (AK-7.3) or paid for a place (AK-9.2) lay face up for everyone (AK-11.1).
Players keep their favourite family's naturals (spec §10.5, §10.7), so hard's worlds
rarely deal a seat a family it parted with. A finished game reads and hashes as before."""

from __future__ import annotations

import random

from games.akelarre import GAME
from games.akelarre.actions import Discard, Pay
from games.akelarre.data import family_of, is_joker
from games.akelarre.world import sample_world
from games.arena import game_seed
from tests.akelarre.test_world import positions


def test_every_natural_discarded_or_paid_is_parted_with_in_every_view() -> None:
    discards = pays = 0
    for seed in range(3):
        chooser = random.Random(seed)
        state = GAME.new_game(3, 80 + seed, {})
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            if chooser.random() < 0.3:
                action = GAME.random_action(state, seat, chooser)
            else:
                action = GAME.ai(seat).act(GAME.view(state, seat), decision)
            before, places = state.parted_families(seat), len(state.places_of(seat))
            listed = [*state.purchase, action.card] if isinstance(action, Pay) else []
            state, _ = GAME.play(state, seat, action)
            if state.step == "over":
                break
            after = state.parted_families(seat)
            if isinstance(action, Discard) and not is_joker(action.card):
                assert family_of(action.card) in after
                discards += 1
            if len(state.places_of(seat)) > places:  # the fifth card paid: the place is bought
                assert {family_of(card) for card in listed if not is_joker(card)} <= set(after)
                pays += 1
            elif isinstance(action, Pay):  # listed, not yet paid (a purchase may be cancelled)
                assert after == before
            # A family is added once, in the order first seen, and never removed.
            assert after[: len(before)] == before and len(after) == len(set(after))
            for viewer in (None, 0, 1, 2):
                assert GAME.view(state, viewer).seats[seat].parted == after
        assert state.step == "over"
        assert state.parted == [] and "parted" not in state.model_dump_json()
    assert discards > 20 and pays > 0


def test_a_game_before_its_first_discard_writes_no_parted_field() -> None:
    state = GAME.new_game(4, 3, {"teams": True})
    assert "parted" not in state.model_dump_json() and state.parted_families(0) == []


def test_normal_players_never_part_with_their_favourite() -> None:
    # The ground for world.PARTED_ODDS: 169 natural discards in these six games, none
    # of the discarder's favourite family.
    parted = 0
    for index in range(6):
        state = GAME.new_game(4, game_seed(5, index), {"teams": True})
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            action = GAME.ai(seat).act(GAME.view(state, seat), decision)
            if isinstance(action, Discard | Pay) and not is_joker(action.card):
                assert family_of(action.card) != state.favourites[seat]
                parted += 1
            state, _ = GAME.play(state, seat, action)
    assert parted > 150


def test_worlds_deal_each_seat_a_favourite_it_did_not_part_with() -> None:
    # Past turn 30 of normal team games, worlds give another seat its true favourite
    # most of the time; drawn blind (the same views without what the seats parted
    # with), about one time in four.
    rng = random.Random(1)
    right = blind = total = 0
    for index in range(3):
        state = GAME.new_game(4, game_seed(5, index), {"teams": True})
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            view = GAME.view(state, seat)
            if seat == 0 and view.step == "play" and state.turn > 30:
                world = sample_world(view, rng)
                assert GAME.view(world, 0) == view
                unaware = view.model_copy(
                    update={"seats": [s.model_copy(update={"parted": []}) for s in view.seats]}
                )
                guess = sample_world(unaware, rng)
                for other in (1, 2, 3):
                    right += world.favourites[other] == state.favourites[other]
                    blind += guess.favourites[other] == state.favourites[other]
                    total += 1
            state, _ = GAME.play(state, seat, GAME.ai(seat).act(view, decision))
    assert total > 60
    assert right / total > 0.7 and blind / total < 0.45


def test_positions_of_mixed_games_still_make_worlds_that_match_the_view() -> None:
    rng = random.Random(2)
    for state in positions(4, {"teams": True}, 91, every=7):
        for seat in range(4):
            view = GAME.view(state, seat)
            assert GAME.view(sample_world(view, rng), seat) == view
