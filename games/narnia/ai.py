"""The §9 default choices and the §10 computer player.

Both read only a seat's :class:`NarniaView` (the game hides nothing, so a view is the whole
board, but the AI still never touches the state: it cannot peek at the RNG).
"""

from __future__ import annotations

from collections import deque

from games.core import Decision
from games.narnia.actions import (
    Attack,
    Deploy,
    Draw,
    Invade,
    Keep,
    Move,
    NarniaAction,
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
from games.narnia.aslan_odds import card_value, reroll_is_better
from games.narnia.data import NEIGHBOURS, PETER_START, START, TERRITORIES, WITCH_START
from games.narnia.odds import conquest
from games.narnia.views import NarniaView


class Board:
    """Read-only questions about a view."""

    def __init__(self, view: NarniaView) -> None:
        if view.seat is None:
            raise ValueError("a player's choices need his own seat's view")
        self.view = view
        self.me: int = view.seat
        self.by_id = {t.id: t for t in view.territories}

    def owner(self, tid: str) -> int | None:
        return self.by_id[tid].owner

    def placed(self, tid: str) -> bool:
        return not self.by_id[tid].free

    def witch(self, tid: str) -> bool:
        return self.placed(tid) and self.owner(tid) is None

    def values(self, tid: str) -> list[int]:
        return [token.value for token in self.by_id[tid].stack]

    def strength(self, tid: str) -> int:
        return sum(self.values(tid))

    def mine(self, seat: int | None = None) -> list[str]:
        who = self.me if seat is None else seat
        return [t.id for t in self.view.territories if not t.free and t.owner == who]

    def witch_territories(self) -> list[str]:
        return [t.id for t in self.view.territories if not t.free and t.owner is None]

    def witch_neighbours(self, tid: str) -> list[str]:
        return sorted(n for n in NEIGHBOURS[tid] if self.witch(n))

    def frontier(self) -> list[str]:
        return [tid for tid in self.mine() if self.witch_neighbours(tid)]

    def dice(self, tid: str, extra: int | None = None) -> tuple[int, ...]:
        """Dice per token, top first, with invincible_strength counted (NA-4.3.5)."""
        values = self.values(tid)
        if extra is not None:
            values = sorted([*values, extra], reverse=True)
        if self.owner(tid) is not None and self.owner(tid) == self.view.effects.invincible:
            return tuple(3 for _ in values)
        return tuple(values)

    def attack_chance(self, source: str, target: str, extra: int | None = None) -> float:
        return conquest(self.dice(source, extra), self.dice(target))

    def witch_chance(self, source: str, target: str, reinforced: bool) -> float:
        attacker = self.values(source)
        if reinforced:
            attacker = sorted([*attacker, 2], reverse=True)  # the unknown reinforcement, about a 2
        return conquest(tuple(attacker), self.dice(target))

    def attacks(self) -> list[tuple[float, str, str]]:
        return [
            (self.attack_chance(source, target), source, target)
            for source in self.mine()
            if self.values(source)
            for target in self.witch_neighbours(source)
        ]

    def distance_from_players(self) -> dict[str, int]:
        """Graph distance of every territory from the nearest player territory."""
        start = [tid for tid in TERRITORIES if self.placed(tid) and self.owner(tid) is not None]
        distance = dict.fromkeys(start, 0)
        queue = deque(start)
        while queue:
            tid = queue.popleft()
            for other in NEIGHBOURS[tid]:
                if other not in distance:
                    distance[other] = distance[tid] + 1
                    queue.append(other)
        return distance


# -- §9 defaults -----------------------------------------------------------------------


def peter_neighbours(tid: str) -> int:
    return sum(1 for n in NEIGHBOURS[tid] if START[n] == "peter")


def place_witch_default(board: Board) -> PlaceWitch:
    """D3: a 3 where fewest Peter starts border, a 1 where most do, a 2 in the middle."""
    free = sorted((t for t in WITCH_START if not board.placed(t)), key=lambda t: (peter_neighbours(t), t))
    value = board.view.drawn[0].value
    if value == 3:
        return PlaceWitch(territory=free[0])
    if value == 1:
        most = peter_neighbours(free[-1])
        return PlaceWitch(territory=min(t for t in free if peter_neighbours(t) == most))
    return PlaceWitch(territory=free[len(free) // 2])


def deploy_default(board: Board) -> Deploy:
    """D4: bordering most of his own; then the weakest adjacent Witch stack; then by id."""
    mine = set(board.mine())

    def key(tid: str) -> tuple[int, int, str]:
        weakest = min((board.strength(n) for n in board.witch_neighbours(tid)), default=99)
        return (-len(NEIGHBOURS[tid] & mine), weakest, tid)

    return Deploy(territory=min((t for t in PETER_START if not board.placed(t)), key=key))


def threat(board: Board, tid: str) -> int:
    return sum(board.strength(n) for n in board.witch_neighbours(tid)) - board.strength(tid)


def place_default(board: Board) -> PlaceReinforcement:
    """D12: the frontier territory most threatened (adjacent Witch strength minus own)."""
    frontier = board.frontier()
    if not frontier:
        return PlaceReinforcement(territory=min(board.mine()))
    return PlaceReinforcement(territory=min(frontier, key=lambda t: (-threat(board, t), t)))


def removal_default(board: Board, spell: bool) -> Stone | SpellLoss:
    """D7/D9: the required value from the biggest stack, preferring no Witch neighbour."""
    required = board.view.required_value
    options = [t for t in board.mine() if board.values(t) and board.values(t)[0] == required]
    best = min(options, key=lambda t: (-len(board.values(t)), bool(board.witch_neighbours(t)), t))
    return SpellLoss(territory=best) if spell else Stone(territory=best)


def treachery_default(board: Board) -> Treachery:
    """D10: the lowest top token, from his biggest such stack; into the Witch territory
    farthest from every player territory."""
    sources = [t for t in board.mine() if board.values(t)]
    low = min(board.values(t)[0] for t in sources)
    source = min((t for t in sources if board.values(t)[0] == low), key=lambda t: (-len(board.values(t)), t))
    distance = board.distance_from_players()
    target = min(board.witch_territories(), key=lambda t: (-distance.get(t, 0), t))
    return Treachery(source=source, target=target)


def pair_default(board: Board, reinforced: bool) -> WitchPairChoice:
    """D11/D18: the legal pair where the Witch is least likely to conquer; then a target
    with more tokens; then by id."""
    best = min(
        board.view.witch_pairs,
        key=lambda p: (
            round(board.witch_chance(p.source, p.target, reinforced), 9),
            -len(board.values(p.target)),
            p.source,
            p.target,
        ),
    )
    return WitchPairChoice(source=best.source, target=best.target)


def surprise_default(board: Board) -> Surprise | Pass:
    """D13: the highest token of an adjacent Witch territory (fewest tokens, then id), else
    of any Witch territory."""
    adjacent = {n for t in board.mine() for n in board.witch_neighbours(t)}
    stacked = [t for t in board.witch_territories() if board.values(t)]
    pool = [t for t in stacked if t in adjacent] or stacked
    if not pool:
        return Pass()
    best = min(pool, key=lambda t: (-max(board.values(t)), len(board.values(t)), t))
    values = board.values(best)
    return Surprise(territory=best, index=values.index(max(values)))


def invade_alternate(board: Board) -> Invade:
    """D17 / §10.2: if the source still borders the Witch, move positions 2, 4, 6... of the
    sorted source stack; otherwise move everything."""
    battle = board.view.battle
    assert battle is not None
    values = sorted(board.values(battle.source), reverse=True)
    if board.witch_neighbours(battle.source):
        return Invade(tokens=values[1::2])
    return Invade(tokens=values)


def default_action(view: NarniaView) -> NarniaAction:
    board = Board(view)
    phase = view.phase
    if phase == "place_witch":
        return place_witch_default(board)
    if phase == "deploy":
        return deploy_default(board)
    if phase == "draw":
        return Draw()
    if phase in ("turn", "courage"):
        return Reinforce() if sum(view.peter_bag.values()) else Pass()  # D6 / D14
    if phase == "place_reinforcement":
        return place_default(board)
    if phase in ("stone", "spell_loss"):
        return removal_default(board, phase == "spell_loss")
    if phase == "treachery":
        return treachery_default(board)
    if phase == "surprise":
        return surprise_default(board)
    if phase in ("witch_attack", "witch_pair"):
        return pair_default(board, reinforced=phase == "witch_pair" and sum(view.witch_bag.values()) > 0)
    if phase == "invade":
        return invade_alternate(board)
    if phase == "aslan":
        return Keep()  # D16
    raise ValueError(f"no decision in phase {phase!r}")


# -- §10 computer player ------------------------------------------------------------------


def ranked_attacks(board: Board) -> list[tuple[float, str, str]]:
    """Every attack the seat can make as (chance to conquer, source, target), best first as
    §10.2 ranks them: the highest chance; on a tie, a target with fewer Witch neighbours
    (easier to keep), then one holding more high-value tokens. The panel lists them so."""
    return sorted(
        board.attacks(),
        key=lambda a: (
            round(a[0], 9),
            -len(board.witch_neighbours(a[2])),
            sum(v for v in board.values(a[2]) if v >= 2),
            a[1],
            a[2],
        ),
        reverse=True,
    )


class NarniaAI:
    """Spec §10: good enough to fill a seat and play to the end without blunders."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: NarniaView, decision: Decision) -> NarniaAction:
        board = Board(view)
        phase = view.phase
        if phase in ("turn", "courage"):
            return self.turn(board)
        if phase == "place_reinforcement":
            return self.placement(board)
        if phase == "witch_attack" or phase == "witch_pair":
            return self.witch_pair(
                board, reinforced=phase == "witch_pair" and sum(view.witch_bag.values()) > 0
            )
        if phase in ("stone", "spell_loss"):
            return removal_default(board, phase == "spell_loss")  # §10.3 = D7/D9
        if phase == "surprise":
            return self.surprise(board)
        if phase == "aslan":
            return self.aslan(board)
        return default_action(view)  # setup (§10.4 = D3/D4), draw, treachery (§10.3 = D10), invade

    def turn(self, board: Board) -> NarniaAction:
        ranked = ranked_attacks(board)
        best = ranked[0] if ranked else None
        invincible = board.view.effects.invincible == board.me
        if best is not None and (best[0] >= 0.60 or (invincible and best[0] >= 0.40)):
            return Attack(source=best[1], target=best[2])
        if sum(board.view.peter_bag.values()):
            return Reinforce()
        if best is not None and best[0] >= 0.30:
            return Attack(source=best[1], target=best[2])
        for tid in board.mine():  # consolidate: interior tokens forward
            if board.values(tid) and not board.witch_neighbours(tid):
                forward = [n for n in sorted(NEIGHBOURS[tid]) if n in board.frontier()]
                if forward:
                    return Move(source=tid, target=forward[0], tokens=board.values(tid))
        return Pass()

    def placement(self, board: Board) -> PlaceReinforcement:
        """§10.2 step 3: where an extra token most improves the best attack; then the most
        threatened frontier territory."""
        frontier = board.frontier()
        if not frontier:
            return place_default(board)

        def gain(tid: str) -> float:
            return max(board.attack_chance(tid, target, extra=2) for target in board.witch_neighbours(tid))

        best = max(frontier, key=lambda t: (round(gain(t), 9), threat(board, t), t))
        return PlaceReinforcement(territory=best)

    def witch_pair(self, board: Board, reinforced: bool) -> WitchPairChoice:
        """§10.3: minimise the Witch's chance x (1 + 0.2 x my tokens in the target)."""
        best = min(
            board.view.witch_pairs,
            key=lambda p: (
                round(
                    board.witch_chance(p.source, p.target, reinforced)
                    * (1 + 0.2 * len(board.values(p.target))),
                    9,
                ),
                len(board.values(p.source)),  # a flag-only source attacks with one token
                p.source,
                p.target,
            ),
        )
        return WitchPairChoice(source=best.source, target=best.target)

    def surprise(self, board: Board) -> Surprise | Pass:
        """§10.3: remove the top token that most raises my next conquest chance."""
        options: list[tuple[float, str]] = []
        for _, source, target in board.attacks():
            if not board.values(target):
                continue
            before = board.attack_chance(source, target)
            after = conquest(board.dice(source), board.dice(target)[1:])
            options.append((after - before, target))
        if options:
            _, target = max(options, key=lambda o: (round(o[0], 9), o[1]))
            return Surprise(territory=target, index=0)
        return surprise_default(board)

    def aslan(self, board: Board) -> Reroll | Keep:
        """Re-roll when that wins the battle more often than keeping the throw and the card
        (asked again after each later throw he loses, D16), the card counted at its value
        in his later battle this round if he keeps it unused (games.narnia.aslan_odds).
        §10.3's fixed rule (a fresh roll wins at least 35 %) gave up chances both ways: a
        re-roll spent on a throw that mattered little, a keep where the battle hung on it."""
        battle = board.view.battle
        assert battle is not None and battle.paused is not None
        paused = battle.paused
        attacks = paused.holder_side == "attacker"
        mine, theirs = paused.attacker_dice, paused.defender_dice
        if not attacks:
            mine, theirs = theirs, mine
        bonus = later_defence(board) if attacks and battle.cause == "attack" else 0.0
        better, _, _ = reroll_is_better(
            board.dice(battle.source), board.dice(battle.target), attacks, mine, theirs, bonus
        )
        return Reroll() if better else Keep()


def later_defence(board: Board) -> float:
    """What Aslan's card still unused is worth after the holder's own attack: if no turn
    comes after his this round, the Witch attacks him at its end (NA-4.1.9-4.1.10, R17),
    where the pair he would choose (NarniaAI.witch_pair) holds with the card so much more
    often. Her reinforcement is counted as a 2 as there (NA-4.6.6)."""
    view = board.view
    later = view.sequence[view.turn_index + 1 :]
    if any(not view.seats[seat].eliminated and view.effects.blizzard != seat for seat in later):
        return 0.0  # another player acts after him: she attacks that one (NA-4.1.9)
    reinforced = sum(view.witch_bag.values()) > 0
    pairs = [
        (source, target)
        for target in board.mine()
        for source in board.witch_neighbours(target)
        if reinforced or board.values(source)  # NA-4.6.3 / R14
    ]
    threes = [pair for pair in pairs if 3 in board.values(pair[0])]  # NA-4.6.4 / R13
    if not (threes or pairs):
        return 0.0
    source, target = min(
        threes or pairs,
        key=lambda p: (
            round(board.witch_chance(p[0], p[1], reinforced) * (1 + 0.2 * len(board.values(p[1]))), 9),
            len(board.values(p[0])),
            p,
        ),
    )
    witch = tuple(sorted([*board.values(source), *([2] if reinforced else [])], reverse=True))
    return card_value(witch, board.dice(target))
