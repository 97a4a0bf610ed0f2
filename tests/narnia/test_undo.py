"""Taking an action back (Game.undo_refusal): one example per action kind, citing the rule
that makes it random or not, then random games checking the answer against what each action
really drew. Narnia hides nothing (R39), so only dice and draws are ever refused."""

from __future__ import annotations

import random

import pytest

from games.core import Event
from games.core.protocol import UNDO_DICE, UNDO_DRAW
from games.narnia import (
    GAME,
    Attack,
    Deploy,
    Draw,
    Invade,
    Keep,
    Move,
    NarniaAction,
    NarniaState,
    Pass,
    PlaceReinforcement,
    PlaceWitch,
    Reinforce,
    Reroll,
    SpellLoss,
    Stone,
    Surprise,
    Treachery,
    WitchPairChoice,
)
from games.narnia.data import WITCH_START
from tests.narnia.narnia_helpers import BLUE, RED, WITCH, Rig, find, make_state

BLUE_HOME = {"cair_paravel": (BLUE, "1P")}


def red_turn(board: dict[str, tuple[int | None, str]], **fields: object) -> NarniaState:
    """RED's turn, first of the round's sequence; BLUE (who may reinforce) plays next."""
    return make_state(2, {**board, **BLUE_HOME}, **fields)


def played(
    state: NarniaState, seat: int, action: NarniaAction
) -> tuple[NarniaState, list[Event], str | None]:
    after, events = GAME.play(state, seat, action)
    return after, events, GAME.undo_refusal(action, events)


# -- refused: a die was rolled --------------------------------------------------------------------


def test_attack_rolls_dice() -> None:
    """NA-4.2.4 / NA-4.4.3: an attack is a battle, fought at once with dice."""
    state = red_turn({"chippingford": (RED, "2P"), "dwarf_mines": (WITCH, "1W")})
    after, events, answer = played(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    assert answer == UNDO_DICE
    assert after.rng.counter > state.rng.counter and find(events, "battle_started")


def test_reroll_rolls_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.7.9 / NA-4.4.6: Aslan's re-roll throws the holder's dice again."""
    state = red_turn({"chippingford": (RED, "1P"), "dwarf_mines": (WITCH, "1W")})
    state.effects.aslan = RED
    Rig(monkeypatch).roll([1], [6])
    state, _, _ = played(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    assert state.phase == "aslan"
    monkeypatch.undo()  # the re-roll's own die is a real one
    after, events, answer = played(state, RED, Reroll())
    assert answer == UNDO_DICE
    assert after.rng.counter == state.rng.counter + 1 and find(events, "aslan_rerolled")


def test_the_witch_pair_starts_her_battle() -> None:
    """NA-4.6.5-4.6.7: once the victim picks the pair, a Witch token is drawn (NA-4.6.6) and the
    battle is rolled; the dice are the reason given."""
    board = {"glasswater": (RED, ""), "minotaur_ridge": (WITCH, "2W"), "aslan_camp": (RED, "")}
    state = make_state(2, {**board, **BLUE_HOME}, card="turn_to_stone_2", actor=RED, turn_index=1)
    # NA-4.1.10: RED, last of the sequence, passes; the Witch's attack waits for his choice.
    state, events, answer = played(state, RED, Pass())
    assert answer is None and state.phase == "witch_pair"
    after, events, answer = played(state, RED, WitchPairChoice(source="minotaur_ridge", target="glasswater"))
    assert answer == UNDO_DICE
    assert find(events, "witch_reinforced") and find(events, "witch_throw_won") + find(
        events, "witch_throw_lost"
    )
    assert after.rng.counter > state.rng.counter


def test_a_pass_that_ends_in_a_forced_witch_attack() -> None:
    """NA-4.1.10 / NA-4.6.6: RED's pass ends the sequence, the Witch's only pair against him
    is played at once (rules.autoplay), with her reinforcement and her dice: refused."""
    state = make_state(
        2,
        {"glasswater": (RED, "1P"), "minotaur_ridge": (WITCH, "1W")},
        rest=BLUE,
        card="turn_to_stone_2",
        actor=RED,
        turn_index=1,
    )
    after, events, answer = played(state, RED, Pass())
    assert answer == UNDO_DICE
    assert (
        find(events, "passed") and find(events, "witch_reinforced") and find(events, "witch_battle_started")
    )
    assert after.rng.counter > state.rng.counter


def test_a_kept_throw_that_goes_on_rolls_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.4.6 / NA-4.4.9: keeping a lost throw while the attacker has tokens left goes on
    with new throws."""
    state = red_turn({"chippingford": (RED, "3P 3P"), "dwarf_mines": (WITCH, "1W")})
    state.effects.aslan = RED
    Rig(monkeypatch).roll([1, 1, 1], [6], [6, 6, 6], [1], [6, 6, 6], [1])
    state, _, _ = played(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    assert state.phase == "aslan"
    after, events, answer = played(state, RED, Keep())
    assert answer == UNDO_DICE
    assert len(find(events, "throw_lost")) == 1 and len(find(events, "throw_won")) == 2
    assert after.phase == "invade"


def test_evil_spell_drawn_is_a_draw_first() -> None:
    """NA-4.1.3 / NA-4.7.3: the card comes from the face-down deck, then everyone rolls; the
    card drawn is the reason given."""
    state = red_turn(
        {"chippingford": (RED, "2P")}, phase="draw", stage="card", card=None, deck=["evil_spell_1"]
    )
    after, events, answer = played(state, RED, Draw())
    assert answer == UNDO_DRAW and find(events, "spell_rolled")
    assert after.rng.counter > state.rng.counter


# -- refused: a card or token was drawn -----------------------------------------------------------


def test_drawing_the_round_card() -> None:
    """NA-4.1.3: the top card of the face-down deck is turned. The deck was shuffled before
    (NA-3.7), so the RNG does not move: the refusal comes from the action itself."""
    state = red_turn({"chippingford": (RED, "1P")}, phase="draw", stage="card", card=None)
    state.deck = ["blizzard_1", "blizzard_2"]
    after, _, answer = played(state, RED, Draw())
    assert answer == UNDO_DRAW
    assert after.deck == ["blizzard_2"] and after.rng.counter == state.rng.counter


def test_drawing_from_a_reshuffled_deck() -> None:
    """NA-4.8.4 / R27: an empty deck is rebuilt from the shuffled discards."""
    state = red_turn({"chippingford": (RED, "1P")}, phase="draw", stage="card", card=None)
    state.deck, state.discard = [], ["blizzard_1", "blizzard_2"]
    after, events, answer = played(state, RED, Draw())
    assert answer == UNDO_DRAW and find(events, "deck_reshuffled")
    assert after.rng.counter > state.rng.counter


def test_reinforce_draws_from_peters_bag() -> None:
    """NA-4.2.2: the token is drawn at random and shown before it is placed."""
    state = red_turn({"chippingford": (RED, "1P")})
    after, events, answer = played(state, RED, Reinforce())
    assert answer == UNDO_DRAW
    assert find(events, "peter_token_drawn") and after.rng.counter == state.rng.counter + 1


def test_placing_a_witch_token_draws_the_next() -> None:
    """NA-3.4 / R11: the next placer's token is drawn and shown at once."""
    state = GAME.new_game(2, 3)
    seat = state.actor
    assert seat is not None and state.phase == "place_witch"
    after, events, answer = played(state, seat, PlaceWitch(territory=WITCH_START[0]))
    assert answer == UNDO_DRAW
    assert find(events, "witch_token_drawn") and after.rng.counter == state.rng.counter + 1


def test_deploying_draws_the_next_token_and_last_shuffles_the_deck() -> None:
    """NA-3.5: each deployment draws the next Peter token; the last one (played at once when a
    single start territory is left) is followed by the deck's shuffle (NA-3.7)."""
    state = GAME.new_game(2, 3)
    answers: list[str | None] = []
    shuffled = False
    while state.phase in ("place_witch", "deploy"):
        seat = state.actor
        assert seat is not None
        action = GAME.default_action(state, seat)
        before = state
        state, events, answer = played(state, seat, action)
        if isinstance(action, Deploy):
            answers.append(answer)
            assert state.rng.counter > before.rng.counter
            shuffled = shuffled or bool(find(events, "setup_done"))
    assert answers and set(answers) == {UNDO_DRAW} and shuffled


# -- allowed: nothing drawn, nothing rolled --------------------------------------------------------


def test_a_strategic_move() -> None:
    """NA-4.2.3: a move is a free choice among public tokens; BLUE's turn comes next."""
    state = red_turn({"chippingford": (RED, "3P 1P"), "tumnus_cave": (RED, "2P")})
    after, _, answer = played(state, RED, Move(source="chippingford", target="tumnus_cave", tokens=[1]))
    assert answer is None and after.rng.counter == state.rng.counter
    assert (after.phase, after.actor) == ("turn", BLUE)


def test_a_pass_in_the_sequence() -> None:
    """NA-4.2.5 / R7: passing takes the turn; the next colour plays."""
    state = red_turn({"chippingford": (RED, "1P")})
    after, _, answer = played(state, RED, Pass())
    assert answer is None and (after.phase, after.actor) == ("turn", BLUE)


def test_placing_a_drawn_reinforcement() -> None:
    """NA-4.2.2 / R37: the token was drawn by the reinforce before; placing it is a choice."""
    board = {"chippingford": (RED, "1P"), "tumnus_cave": (RED, "")}
    state = red_turn(board, phase="place_reinforcement", drawn="2P")
    after, _, answer = played(state, RED, PlaceReinforcement(territory="tumnus_cave"))
    assert answer is None and after.rng.counter == state.rng.counter and after.actor == BLUE


def test_invading_after_a_conquest(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.5.1 / R5: which tokens move in is a choice; the dice were the attack's."""
    state = red_turn({"caldron_pool": (RED, "2P 1P"), "western_wild": (WITCH, "")})
    Rig(monkeypatch).roll([6, 6], [1])
    state, _, answer = played(state, RED, Attack(source="caldron_pool", target="western_wild"))
    assert answer == UNDO_DICE and state.phase == "invade"
    after, _, answer = played(state, RED, Invade(tokens=[1]))
    assert answer is None and after.actor == BLUE


def test_keeping_a_throw_that_ends_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.4.6 / D16: the kept throw was rolled before the offer; the attacker's last token
    falls, the battle ends (NA-4.4.9) and nothing new is rolled (the rig allows no more dice)."""
    state = red_turn({"chippingford": (RED, "1P"), "dwarf_mines": (WITCH, "1W")})
    state.effects.aslan = RED
    Rig(monkeypatch).roll([1], [6])
    state, _, _ = played(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    assert state.phase == "aslan"
    after, events, answer = played(state, RED, Keep())
    assert answer is None
    assert find(events, "throw_lost") and find(events, "repelled") and after.actor == BLUE


def test_turn_to_stone_choice() -> None:
    """NA-4.7.1 / R20: which highest token to lose is a choice."""
    board = {"chippingford": (RED, "3P"), "tumnus_cave": (RED, "3P 1P")}
    state = red_turn(board, phase="stone", stage="card", required_value=3, turn_index=-1)
    after, _, answer = played(state, RED, Stone(territory="tumnus_cave"))
    assert answer is None and after.phase == "turn"


def test_evil_spell_loss_choice() -> None:
    """NA-4.7.3 / R21: the losers choose one after another; the dice were the card's."""
    board = {"chippingford": (RED, "2P"), "tumnus_cave": (RED, "2P 1P"), "aslan_camp": (BLUE, "1P")}
    state = red_turn(
        board,
        phase="spell_loss",
        stage="card",
        card="evil_spell_1",
        spell_losers=[RED, BLUE],
        required_value=2,
        turn_index=-1,
    )
    after, _, answer = played(state, RED, SpellLoss(territory="tumnus_cave"))
    assert answer is None and after.phase == "spell_loss" and after.spell_losers == [BLUE]


def test_treachery_choice() -> None:
    """NA-4.7.5 / R22: which top token goes to which Witch territory is a choice."""
    board = {"chippingford": (RED, "2P"), "witch_castle": (WITCH, "3W")}
    state = red_turn(board, phase="treachery", stage="card", card="treachery_1", turn_index=-1)
    after, _, answer = played(state, RED, Treachery(source="chippingford", target="witch_castle"))
    assert answer is None and after.phase == "turn"


@pytest.mark.parametrize(
    "action", [Surprise(territory="witch_castle", index=1), Pass()], ids=["surprise", "decline"]
)
def test_surprise_attack_choice(action: NarniaAction) -> None:
    """NA-4.7.8 / R24: removing a Witch token, or declining, is a choice."""
    board = {"chippingford": (RED, "2P"), "witch_castle": (WITCH, "3W 1W")}
    state = red_turn(board, phase="surprise", stage="card", card="surprise_attack_1", turn_index=-1)
    after, _, answer = played(state, RED, action)
    assert answer is None and after.phase == "turn"


# -- every action of random games -------------------------------------------------------------------

GAMES_PER_COUNT = 6
MAX_MOVES = 220  # about 16 rounds after the 24 setup placements: well past the first reshuffles


def check_unseen_world(state: NarniaState, seat: int, action: NarniaAction, events: list[Event]) -> int:
    """R39: with nothing hidden, an action that may be taken back must come out the same in a
    world that differs only in what nobody sees (the deck order, the dice and draws to come).
    Returns how many worlds were compared."""
    other = GAME.sample_world(GAME.view(state, seat), random.Random(state.rng.counter))
    assert other.rng.seed != state.rng.seed
    _, again = GAME.play(other, seat, action)
    assert GAME.undo_refusal(action, again) is None
    assert again == events
    return 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_refuse_exactly_what_drew(players: int) -> None:
    """Every action of random games (capped, every action checked): an action that may be
    taken back drew nothing (the RNG did not move, the deck is untouched) and does not depend
    on anything unseen; an action that moved the RNG is refused."""
    seen: dict[str | None, set[str]] = {}
    compared = 0
    for seed in range(GAMES_PER_COUNT):
        rng = random.Random(1000 * players + seed)
        state = GAME.new_game(players, seed)
        moves = 0
        while (decision := GAME.decision(state)) is not None and moves < MAX_MOVES:
            seat = decision.actors[0]
            action = GAME.random_action(state, seat, rng)
            after, events = GAME.play(state, seat, action)
            answer = GAME.undo_refusal(action, events)
            assert answer in (None, UNDO_DICE, UNDO_DRAW), answer
            seen.setdefault(answer, set()).add(action.kind)
            if after.rng.counter != state.rng.counter:
                assert answer is not None, (action, [e.key for e in events])
            if answer is None:
                assert after.rng.counter == state.rng.counter, action
                assert after.deck == state.deck, action  # no card turned, no shuffle
                compared += check_unseen_world(state, seat, action, events)
            state = after
            moves += 1
    assert {"move", "pass", "place_reinforcement"} <= seen.get(None, set())
    assert {"attack", "witch_pair"} <= seen.get(UNDO_DICE, set())
    assert {"draw", "reinforce", "place_witch", "deploy"} <= seen.get(UNDO_DRAW, set())
    assert compared > 100
