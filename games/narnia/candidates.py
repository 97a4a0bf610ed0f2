"""The short list of moves the ``hard`` player compares (games.core.search).

A turn offers every sub-multiset of a stack to every adjacent territory of one's own,
dozens of moves that differ by a token; a handful picked from them at random are
almost all strategic moves, and the choices that decide a game (attack or wait,
reinforce or pass, end the game now or not, NA-5.1) are rarely compared at all.
The list here names those choices, best-looking first, so the search spends its
worlds on them.
"""

from __future__ import annotations

from games.narnia.actions import (
    Attack,
    Invade,
    Move,
    NarniaAction,
    Pass,
    Reinforce,
    Treachery,
)
from games.narnia.ai import Board
from games.narnia.data import NEIGHBOURS
from games.narnia.rules import legal_actions
from games.narnia.state import NarniaState
from games.narnia.views import build_view

SHORT = 5  # moves listed at most: the search compares these and the normal player's


def search_candidates(state: NarniaState, seat: int) -> list[NarniaAction]:
    """A few distinct moves worth comparing for ``seat``, the likeliest first."""
    legal = legal_actions(state, seat)
    if len(legal) <= SHORT:
        return legal
    board = Board(build_view(state, seat))
    phase = state.phase
    if phase in ("turn", "courage"):
        listed = turn(board)
    elif phase == "invade":
        listed = invade(board)
    elif phase == "treachery":
        listed = treachery(board)
    else:
        return legal
    out: list[NarniaAction] = []
    for action in listed:
        if action in legal and action not in out:
            out.append(action)
    return out[:SHORT]


def turn(board: Board) -> list[NarniaAction]:
    """Waiting (a pass, a reinforcement), the two likeliest attacks and the least
    likely one (it may end the game, or keep it going), then moving a whole stack
    forward."""
    attacks = sorted(board.attacks(), key=lambda a: (-a[0], a[1], a[2]))
    listed: list[NarniaAction] = [Attack(source=s, target=t) for _, s, t in attacks[:2]]
    listed += [Reinforce(), Pass()]
    if len(attacks) > 2:
        _, source, target = attacks[-1]
        listed.append(Attack(source=source, target=target))
    frontier = set(board.frontier())
    for source in board.mine():
        values = board.values(source)
        if values and source not in frontier:
            listed += [
                Move(source=source, target=t, tokens=values) for t in sorted(NEIGHBOURS[source] & frontier)
            ]
    return listed  # the caller keeps the legal ones (no reinforcement from an empty bag)


def invade(board: Board) -> list[NarniaAction]:
    """Nothing, every other token (the normal move), all but the top one, all."""
    battle = board.view.battle
    assert battle is not None
    values = sorted(board.values(battle.source), reverse=True)
    return [Invade(tokens=[]), Invade(tokens=values[1::2]), Invade(tokens=values[1:]), Invade(tokens=values)]


def treachery(board: Board) -> list[NarniaAction]:
    """The lowest top token, put far from everyone or next to each rival's front."""
    sources = [t for t in board.mine() if board.values(t)]
    low = min(board.values(t)[0] for t in sources)
    source = min(t for t in sources if board.values(t)[0] == low)
    witch = board.witch_territories()
    distance = board.distance_from_players()
    listed: list[NarniaAction] = [
        Treachery(source=source, target=max(witch, key=lambda t: (distance.get(t, 0), t)))
    ]
    for rival in range(len(board.view.seats)):
        if rival == board.me:
            continue
        theirs = set(board.mine(rival))
        if theirs:
            target = max(witch, key=lambda t: (len(NEIGHBOURS[t] & theirs), t))
            listed.append(Treachery(source=source, target=target))
    return listed
