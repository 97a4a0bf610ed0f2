"""The battle odds a Narnia panel shows, worked out before it is drawn.

A chance is exact (games.narnia.odds) and exact is slow for long stacks: 20 tokens against 20
take about a second, 35 against 35 over a minute, and the ⚔️ menu shows up to 24 of them. So
the panel never works one out on the event loop: the presenter draws it under
``odds.known_only`` (a chance not known yet shows as "…"), and this module names the battles
it will show that are not known yet, for ``cogs.kit.drawn.work_ahead`` to work out on its thread
first. Most are known already (the cache keeps 4,096 battles) or take milliseconds; a long
one makes the panel wait at most ``WORK_WAIT`` and shows "…" until the next drawing.
"""

from __future__ import annotations

from collections.abc import Callable

from cogs.kit import legal
from cogs.kit.presenter import PanelContext
from cogs.narnia.words import as_view
from games.narnia.face import Board, Pair, conquest, known_only


def unknown(ctx: PanelContext) -> set[Pair]:
    """The battles whose chance this seat's panel shows and no cache holds yet."""
    decision = ctx.decision
    if decision is None or ctx.seat not in decision.actors or ctx.legal is None:
        return set()
    v = as_view(ctx.view)
    board = Board(v)
    with known_only() as missing:
        if v.phase in ("turn", "courage"):
            board.attacks()  # the ⚔️ menu, the attack builder and the hint's attack
        for _, action in legal.legal(ctx):
            if action["kind"] == "witch_pair":  # the Witch's attacks the victim chooses from
                board.witch_chance(action["source"], action["target"], reinforced=v.phase == "witch_pair")
    return missing


def work(battles: set[Pair]) -> None:
    """Work out these battles' chances (on the work thread), each kept for the panel."""
    for attacker, defender in sorted(battles, key=lambda pair: len(pair[0]) * len(pair[1])):
        conquest(attacker, defender)  # the shortest first: they show sooner


def panel_work(ctx: PanelContext) -> Callable[[], None] | None:
    battles = unknown(ctx)
    return None if not battles else lambda: work(battles)
