"""The hard player's short list of Narnia moves (games/narnia/candidates.py): legal,
few, and naming the choices that decide a game: attack or wait, and the final
conquest (NA-5.1, NA-5.4)."""

from __future__ import annotations

import random

from games.core.search import SearchPlayer
from games.narnia import GAME
from games.narnia.actions import Attack, Invade, Pass, Reinforce
from games.narnia.ai import Board, NarniaAI
from games.narnia.candidates import SHORT
from games.narnia.data import TERRITORIES
from games.narnia.game import ENDGAME
from games.narnia.state import NarniaState
from tests.narnia.narnia_helpers import BLUE, GREEN, RED, make_state


def positions(games: int) -> list[NarniaState]:
    """Every position of a few normal 3-player games."""
    out: list[NarniaState] = []
    for seed in range(games):
        state = GAME.new_game(3, 300 + seed, {})
        players = [GAME.ai(seat) for seat in range(3)]
        while (decision := GAME.decision(state)) is not None:
            out.append(state)
            seat = decision.actors[0]
            state, _ = GAME.play(state, seat, players[seat].act(GAME.view(state, seat), decision))
    return out


def test_the_short_list_is_legal_distinct_and_short() -> None:
    turns = invasions = 0
    for state in positions(3):
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.actors[0]
        legal = GAME.legal_actions(state, seat)
        assert legal is not None
        listed = GAME.search_candidates(state, seat, random.Random(0))
        assert listed and all(action in legal for action in listed)
        assert len(listed) == len({action.model_dump_json() for action in listed})
        if len(legal) <= SHORT or state.phase not in ("turn", "courage", "invade", "treachery"):
            assert listed == legal  # few, or few enough for the search to sample from
            continue
        assert len(listed) <= SHORT
        if state.phase in ("turn", "courage"):
            turns += 1
            assert Pass() in listed  # waiting is always a choice (R7)
            assert Reinforce() in listed or not sum(state.peter_bag.values())
            board = Board(GAME.view(state, seat))
            attacks = board.attacks()
            if attacks:
                listed_chances = [
                    board.attack_chance(a.source, a.target) for a in listed if isinstance(a, Attack)
                ]
                assert max(listed_chances) == max(chance for chance, _, _ in attacks)
        if state.phase == "invade":
            invasions += 1
            assert Invade(tokens=[]) in listed
    assert turns > 20 and invasions > 0


def test_hard_makes_the_final_conquest_that_wins_the_tie_where_normal_waits() -> None:
    """NA-5.1, NA-5.4: the Witch keeps one territory; red and blue hold 8 each. Red's
    conquest (a 36 % chance) ends the game with red on 9; if red waits, blue's three
    3s attack next and win. Normal reinforces (its threshold is 60 %, §10.2); hard,
    comparing waiting with the attack, attacks."""
    board = {"glasswater": (None, "2W"), "aslan_camp": (RED, "2P 1P"), "minotaur_ridge": (BLUE, "3P 3P 3P")}
    rest = [t for t in TERRITORIES if t not in board]
    for territory, owner in zip(rest, [RED] * 7 + [BLUE] * 7 + [GREEN] * 7, strict=True):
        board[territory] = (owner, "1P")
    state = make_state(3, board)
    assert state.sequence[:2] == [RED, BLUE] and state.actor == RED
    view = GAME.view(state, RED)
    decision = GAME.decision(state)
    assert decision is not None
    assert NarniaAI(RED).act(view, decision) == Reinforce()
    assert GAME.search_candidates(state, RED, random.Random(0))[0] == Attack(
        source="aslan_camp", target="glasswater"
    )
    for seed in range(3):
        advice = SearchPlayer(GAME, RED, seed).advise(view, decision)
        assert advice.move == Attack(source="aslan_camp", target="glasswater"), seed
        assert advice.share > advice.normal_share


def test_hard_plays_the_normal_move_until_the_endgame_and_searches_it_to_the_end() -> None:
    """Before the Witch is down to ENDGAME territories the search's departures were
    measured to be worth nothing (docs/decisions.md): hard plays the normal move there
    without sampling a world. From then on it searches without a horizon."""
    early = GAME.new_game(3, 5, {})
    players = [GAME.ai(seat) for seat in range(3)]
    checked = 0
    while (decision := GAME.decision(early)) is not None and checked < 30:
        seat = decision.actors[0]
        view = GAME.view(early, seat)
        assert GAME.search_budget_for(view).worlds == 0
        advice = SearchPlayer(GAME, seat, 1).advise(view, decision)
        assert advice.move == advice.normal == players[seat].act(view, decision) and advice.worlds == 0
        early, _ = GAME.play(early, seat, advice.move)
        checked += 1
    board = {"glasswater": (None, "2W"), "aslan_camp": (RED, "2P 1P")}
    late = make_state(3, board, rest=BLUE)
    budget = GAME.search_budget_for(GAME.view(late, RED))
    assert budget == GAME.endgame_budget and budget.worlds > 0 and budget.horizon is None
    witch = [t for t in TERRITORIES if t != "aslan_camp"][: ENDGAME + 1]
    crowded = make_state(3, {t: (None, "") for t in witch} | {"aslan_camp": (RED, "2P")}, rest=BLUE)
    assert GAME.search_budget_for(GAME.view(crowded, RED)).worlds == 0
