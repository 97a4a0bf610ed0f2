"""Taking an action back (Game.undo_refusal): one example per action kind and per reason,
citing the rule that draws or reveals, then random games checking every answer against what
each action really drew and showed."""

from __future__ import annotations

import random

import pytest

from games.core import Event
from games.core.protocol import UNDO_DRAW, UNDO_REVEALED
from games.tirnanog import (
    GAME,
    Consolidate,
    Declare,
    Discard,
    TakeCreatures,
    TakeTerritory,
    TirNanOgAction,
    TirNanOgState,
)
from games.tirnanog.data import PILE_TYPES
from tests.tirnanog.tirnanog_helpers import find, make_state, names, species


def played(
    state: TirNanOgState, seat: int, action: TirNanOgAction
) -> tuple[TirNanOgState, list[Event], str | None]:
    after, events = GAME.play(state, seat, action)
    return after, events, GAME.undo_refusal(action, events)


def dispute(players: int, hands: list[str], river: list[str]) -> TirNanOgState:
    """Seat 0 takes the river pile's top and reveals the fountain under it (TNO-4.5.1): the
    reveal itself may not be taken back."""
    state = make_state(players, hands=hands, piles={"river": river})
    state, events, answer = played(state, 0, TakeTerritory(terrain="river"))
    assert answer == UNDO_REVEALED and find(events, "fountain_revealed") and state.phase == "declare"
    return state


# -- action A: take two creatures -------------------------------------------------------------------


def test_taking_creatures_refills_from_the_deck() -> None:
    """TNO-4.2.4: the display is refilled from the face-down deck. Its order was shuffled at
    setup, so the RNG does not move: the refill's event is the reason."""
    state = make_state(2)
    after, events, answer = played(state, 0, TakeCreatures(species=species("DE")))
    assert answer == UNDO_DRAW and find(events, "refilled")
    assert len(after.deck) == len(state.deck) - 2 and after.rng.counter == state.rng.counter


def test_the_first_exhaustion_reshuffles() -> None:
    """TNO-4.7.2 / R37: the last card drawn ends round 1; the discards are shuffled."""
    state = make_state(2, hands=["DE", "DE"], display="CCDEF", deck="D", discard=3)
    after, events, answer = played(state, 0, TakeCreatures(species=species("CC")))
    assert answer == UNDO_DRAW and find(events, "reshuffled")
    assert after.rng.counter > state.rng.counter and after.round == 2


def test_taking_over_the_hand_limit_waits_for_the_discards() -> None:
    """TNO-4.2.3 / R13: over 7 cards the player discards before the refill: the cards taken
    were face up, nothing is drawn yet."""
    state = make_state(2, hands=["DDEEFGC", "DEF"], display="CCDEF")
    after, events, answer = played(state, 0, TakeCreatures(species=species("CC")))
    assert answer is None and after.phase == "hand_limit" and after.deck == state.deck
    assert not find(events, "refilled")


def test_taking_in_the_final_cycle() -> None:
    """TNO-4.7.4: the final cycle never refills; the next seat chooses."""
    state = make_state(2, hands=["DE", "DE"], display="DEF", deck="", round=2, final_cycle=True)
    after, _, answer = played(state, 0, TakeCreatures(species=species("DE")))
    assert answer is None and (after.phase, after.active) == ("turn", 1)


# -- the hand-limit discard -------------------------------------------------------------------------


def test_the_hand_limit_discard_is_followed_by_the_refill() -> None:
    """TNO-4.2.3 / TNO-4.2.4 / R13: discards first, then the refill draws."""
    state = make_state(2, hands=["DDEEFGC", "DEF"], display="CCDEF")
    state, _, _ = played(state, 0, TakeCreatures(species=species("CC")))
    _, events, answer = played(state, 0, Discard(species=species("DE")))
    assert answer == UNDO_DRAW and names(events)[:2] == ["discarded", "refilled"]


def test_the_hand_limit_discard_in_the_final_cycle() -> None:
    """TNO-4.7.4 / R10: the player's own cards go face up, nothing is drawn."""
    state = make_state(2, hands=["DDEEFGC", "DEF"], display="CCD", deck="", round=2, final_cycle=True)
    state, _, _ = played(state, 0, TakeCreatures(species=species("CC")))
    after, _, answer = played(state, 0, Discard(species=species("DE")))
    assert answer is None and (after.phase, after.active) == ("turn", 1)


# -- action B: take a territory ---------------------------------------------------------------------


def test_taking_a_territory_shows_the_next_card() -> None:
    """TNO-4.3.4 / R9: the pile's next card, secret until now, becomes visible."""
    state = make_state(2)
    after, events, answer = played(state, 0, TakeTerritory(terrain="forest"))
    assert answer == UNDO_REVEALED
    assert find(events, "pile_top")[0].params["territory"] == after.piles["forest"][0]


def test_taking_the_last_card_of_a_pile() -> None:
    """TNO-4.3.5 / R9: a pile left empty shows nothing (its size was public)."""
    state = make_state(2, piles={"river": ["river_01"]})
    after, events, answer = played(state, 0, TakeTerritory(terrain="river"))
    assert answer is None and find(events, "pile_empty") and after.active == 1


# -- action C: consolidate --------------------------------------------------------------------------


def test_consolidating_a_volcano() -> None:
    """TNO-4.4.3 / TNO-4.6.7: the payment is the player's own choice from his hand, and the
    volcano compares hand sizes, which are public."""
    state = make_state(2, hands=["DDDE", "DE"], reserves={0: ["volcano_01"]})
    after, events, answer = played(state, 0, Consolidate(territory="volcano_01", payment=species("DDD")))
    assert answer is None and find(events, "volcano") and after.active == 1


def test_consolidating_a_forest_reveals_the_fairies() -> None:
    """TNO-4.6.3 / R32: every player reveals the fairies in his hand."""
    state = make_state(2, hands=["FFE", "FD"], reserves={0: ["forest_01"]})
    _, events, answer = played(state, 0, Consolidate(territory="forest_01", payment=species("FFE")))
    assert answer == UNDO_REVEALED and find(events, "vp_festival")


# -- the fountain dispute ---------------------------------------------------------------------------


def test_declarations_before_the_last_one() -> None:
    """TNO-4.5.2 / R22: a declaration shows only the declarer's own choice."""
    state = dispute(3, ["DEF", "DEF", "DEF"], ["river_01", "fountain_1", "river_02"])
    state, events, answer = played(state, 0, Declare(take_part=True))
    assert answer is None and names(events) == ["declared_in"]
    state, events, answer = played(state, 1, Declare(take_part=False))
    assert answer is None and names(events) == ["declared_out"]


def test_the_last_declaration_reveals_the_hands() -> None:
    """TNO-4.5.3: when everybody has declared, the participants show their hands."""
    state = dispute(3, ["DDDDEF", "E", "G"], ["river_01", "fountain_1", "river_02"])
    state, _, _ = played(state, 0, Declare(take_part=True))
    state, _, _ = played(state, 1, Declare(take_part=True))
    after, events, answer = played(state, 2, Declare(take_part=True))
    assert answer == UNDO_REVEALED and find(events, "dispute_revealed")
    assert after.phase == "dispute_discard"


def test_nobody_takes_part_and_the_next_card_shows() -> None:
    """TNO-4.5.8 / R21: no hand is shown, but the pile's next card is."""
    state = dispute(2, ["DE", "DE"], ["river_01", "fountain_1", "river_02"])
    state, _, _ = played(state, 0, Declare(take_part=False))
    _, events, answer = played(state, 1, Declare(take_part=False))
    assert answer == UNDO_REVEALED and names(events)[:3] == ["declared_out", "dispute_nobody", "pile_top"]


def test_nobody_takes_part_and_the_pile_is_empty() -> None:
    """TNO-4.5.8 / TNO-4.3.5: the last declaration shows nothing hidden: no hand, no card."""
    state = dispute(2, ["DE", "DE"], ["river_01", "fountain_1"])
    state, _, _ = played(state, 0, Declare(take_part=False))
    after, events, answer = played(state, 1, Declare(take_part=False))
    assert answer is None and find(events, "pile_empty") and after.phase == "turn"


def test_the_winners_discard_shows_the_next_card() -> None:
    """TNO-4.5.7 / R21: the winner discards his own cards, then the pile's next card shows."""
    state = dispute(3, ["DDDDEF", "E", "G"], ["river_01", "fountain_1", "river_02"])
    for seat in (0, 1, 2):
        state, _, _ = played(state, seat, Declare(take_part=True))
    _, events, answer = played(state, 0, Discard(species=species("DEF")))
    assert answer == UNDO_REVEALED and names(events)[:2] == ["winner_discarded", "pile_top"]


def test_the_winners_discard_with_an_empty_pile() -> None:
    """TNO-4.5.7 / R10: the winner's own cards go face up; the pile has nothing more to show."""
    state = dispute(2, ["DDDE", "E"], ["river_01", "fountain_1"])
    for seat in (0, 1):
        state, _, _ = played(state, seat, Declare(take_part=True))
    assert state.phase == "dispute_discard"
    after, events, answer = played(state, 0, Discard(species=species("DD")))
    assert answer is None and names(events)[:2] == ["winner_discarded", "pile_empty"]
    assert after.active == 1


# -- what follows at once ---------------------------------------------------------------------------


def test_a_turn_played_for_the_next_seat() -> None:
    """TNO-4.1.3 / R11: seat 1 can do nothing and passes at once, which shows that his hidden
    hand cannot pay for his reserve: refused."""
    state = make_state(
        3,
        hands=["", "DE", "DDDE"],
        display="DE",
        deck="",
        round=2,
        final_cycle=True,
        reserves={1: ["river_01"], 2: ["volcano_01"]},
        piles={terrain: [] for terrain in PILE_TYPES},
    )
    after, events, answer = played(state, 0, TakeCreatures(species=species("DE")))
    assert answer == UNDO_REVEALED
    assert names(events) == ["took_creatures", "turn_started", "passed", "turn_started"]
    assert (after.phase, after.active) == ("turn", 2)


def test_the_end_of_the_game_shows_every_hand() -> None:
    """TNO-5.3: the game ends after the last seat's final-cycle turn; every hand is shown."""
    state = make_state(
        2,
        hands=["DDE", "DE"],
        display="DE",
        deck="",
        round=2,
        final_cycle=True,
        first_player=1,
        active=0,
        piles={terrain: [] for terrain in PILE_TYPES},
    )
    after, events, answer = played(state, 0, TakeCreatures(species=species("DE")))
    assert answer == UNDO_REVEALED and find(events, "game_end") and after.phase == "over"


# -- every action of random games -------------------------------------------------------------------

GAMES_PER_COUNT = 8


def check_unseen_world(state: TirNanOgState, seat: int, action: TirNanOgAction, events: list[Event]) -> int:
    """An action that may be taken back shows nothing hidden from its player: in a world that
    differs only in what he cannot see (the other hands, the deck order, the piles below their
    tops, the RNG), it looks the same to him. A world where the same action is refused (a turn
    played at once for another seat, whose hand differs there) is left out. Returns how many
    worlds were compared (0 or 1)."""
    other = GAME.sample_world(GAME.view(state, seat), random.Random(state.turn))
    _, again = GAME.play(other, seat, action)
    if GAME.undo_refusal(action, again) is not None:
        return 0
    assert [e for e in again if e.visible_to(seat)] == [e for e in events if e.visible_to(seat)], action
    return 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_refuse_what_drew_or_showed(players: int) -> None:
    """Every action of whole random games: an action that may be taken back drew nothing (the
    RNG did not move, no card left the face-down deck), turned no pile's card face up and
    showed nothing its player could not see; an action that moved the RNG is refused."""
    seen: dict[str | None, set[str]] = {}
    compared = 0
    for seed in range(GAMES_PER_COUNT):
        rng = random.Random(1000 * players + seed)
        state = GAME.new_game(players, seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            action = GAME.random_action(state, seat, rng)
            after, events = GAME.play(state, seat, action)
            answer = GAME.undo_refusal(action, events)
            assert answer in (None, UNDO_DRAW, UNDO_REVEALED), answer
            seen.setdefault(answer, set()).add(action.kind)
            if after.rng.counter != state.rng.counter:
                assert answer is not None, (action, names(events))
            if answer is None:
                assert after.rng.counter == state.rng.counter, action
                assert len(after.deck) == len(state.deck), action  # no card drawn face down
                before_tops = state.pile_tops()
                for terrain, top in after.pile_tops().items():
                    assert top in (before_tops[terrain], None), (action, terrain)  # none turned
                assert after.phase != "over", action  # the end shows every hand
                compared += check_unseen_world(state, seat, action, events)
            state = after
    assert {"take_creatures", "consolidate", "declare"} <= seen.get(None, set())
    assert {"take_creatures", "discard"} <= seen.get(UNDO_DRAW, set())
    assert {"take_territory", "declare"} <= seen.get(UNDO_REVEALED, set())
    assert compared > 50
