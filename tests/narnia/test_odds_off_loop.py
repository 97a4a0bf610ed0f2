"""Issue 39, item 2: Narnia's battle odds stay exact, are kept by what they depend on, and
the panel never works one out on the event loop (figures: ``python -m bench.narnia_odds``)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from fractions import Fraction
from itertools import product

import pytest

from cogs.kit.drawn import work_ahead
from cogs.narnia import PRESENTER
from cogs.panel import draw_panel, panel_context
from games.narnia import GAME, odds
from games.narnia.odds import Pending, conquest, known, known_only, throw_exact
from tests.narnia.narnia_helpers import RED, WITCH, make_state
from tools.preview import controls, table_for


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    odds.forget()
    yield
    odds.forget()


def _exact(attacker: tuple[int, ...], defender: tuple[int, ...], memo: dict[object, Fraction]) -> Fraction:
    """The battle in rationals, by the rules alone (NA-4.4.3-4.4.9): every throw followed."""
    key = (attacker, defender)
    if key not in memo:
        if not attacker:
            memo[key] = Fraction(0)
        else:
            p = throw_exact(attacker[0], defender[0] if defender else 1)
            if not defender:  # the flag: beaten, or the attacker's top token is lost
                memo[key] = p + (1 - p) * _exact(attacker[1:], (), memo)
            else:
                won = _exact(attacker[1:] + attacker[:1], defender[1:], memo)
                lost = _exact(attacker[1:], defender[1:] + defender[:1], memo)
                memo[key] = p * won + (1 - p) * lost
    return memo[key]


def _stacks(most: int) -> list[tuple[int, ...]]:
    """Every sorted stack (NA-4.3.3) of 0 to ``most`` tokens."""
    return [
        (3,) * threes + (2,) * twos + (1,) * ones
        for threes, twos, ones in product(range(most + 1), repeat=3)
        if threes + twos + ones <= most
    ]


def test_kept_chances_are_the_exact_ones_on_a_grid() -> None:
    """Every sorted attacker of up to 5 tokens against every defender of up to 4 (the flag
    alone included), all-3 stacks (invincible strength, NA-4.3.5) among them: the chance
    worked out, the one kept and the one a panel reads are the same number, within 1e-12 of
    the rational one."""
    memo: dict[object, Fraction] = {}
    for attacker in _stacks(5):
        for defender in _stacks(4):
            first = conquest(attacker, defender)
            assert abs(first - _exact(attacker, defender, memo)) < 1e-12, (attacker, defender)
            assert conquest(attacker, defender) == first
            with known_only() as missing:
                assert conquest(attacker, defender) == first
            assert not missing and not isinstance(first, Pending)
            if attacker and defender:
                assert known(attacker, defender) == first


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ((3,) * 9 + (2,) * 4, (3, 2, 2, 1, 1, 1, 1, 1)),  # long: the per-battle memo
        ((1, 1, 3, 3, 2), (2, 1, 2, 2)),  # in mid-battle, rotated (Aslan's question)
        ((3,) * 12, (2, 2, 1)),  # invincible strength
        ((2, 2, 1) * 4, ()),  # the flag alone
    ],
)
def test_long_and_rotated_battles_are_kept_exactly(
    attacker: tuple[int, ...], defender: tuple[int, ...]
) -> None:
    exact = _exact(attacker, defender, {})
    first = conquest(attacker, defender)
    assert abs(first - exact) < 1e-12
    with known_only() as missing:
        assert conquest(attacker, defender) == first and not missing


def test_known_only_works_nothing_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under known_only an unknown chance is a stand-in, named for working out elsewhere."""

    def refuse(*_: object) -> float:
        raise AssertionError("a chance worked out where only known ones may be read")

    monkeypatch.setattr(odds, "_small", refuse)
    monkeypatch.setattr(odds, "_long", refuse)
    with known_only() as missing:
        chance = conquest((3, 2, 1), (2, 2))
        long = conquest((2,) * 20, (1,) * 20)
    assert isinstance(chance, Pending) and isinstance(long, Pending)
    assert missing == {((3, 2, 1), (2, 2)), ((2,) * 20, (1,) * 20)}
    assert conquest((), (1,)) == 0.0  # no battle, and the flag alone, need no working out
    assert conquest((1,), ()) == pytest.approx(15 / 36)


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(odds, "RESULTS", 3)
    battles = [((3,), (n,)) for n in (1, 2, 3)] + [((2,), (1,))]
    for attacker, defender in battles:
        conquest(attacker, defender)
    assert known(*battles[0]) is None  # the least recently used went
    assert all(known(*battle) is not None for battle in battles[1:])


# Red's two frontier stacks against the Witch's: a long battle (12 tokens against 9) and a
# short one, on the map of the presenter's tests.
LONG = {
    "lantern_waste": (RED, "3P 3P 3P 2P 2P 2P 2P 1P 1P 1P 1P 1P"),
    "beavers_dam": (WITCH, "3W 2W 2W 2W 1W 1W 1W 1W 1W"),
    "tumnus_cave": (RED, "2P"),
    "frozen_falls": (WITCH, "3W 3W"),
}
LONG_PAIR = ((3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1), (3, 2, 2, 2, 1, 1, 1, 1, 1))


def _menu(ctx: object) -> list[str]:
    _embed, view = PRESENTER.panel(ctx)  # type: ignore[arg-type]
    menu = next(c for c in controls(view) if str(c.get("custom_id", "")).endswith(":LW"))
    return [str(option["label"]) for option in menu["options"]]  # type: ignore[union-attr]


def test_the_attack_menu_reads_only_known_chances(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ⚔️ menu drawn on the loop works no chance out: unknown ones say "…", and the
    panel's work (on the work thread in the bot) is what fills them in."""
    state = make_state(2, LONG, rest=RED)
    ctx = panel_context(GAME, state, 1, 1, table_for(2, "en"), RED, None, "en")
    real_small, real_long = odds._small, odds._long

    def refuse(*_: object) -> float:
        raise AssertionError("a chance worked out while the panel was drawn")

    monkeypatch.setattr(odds, "_small", refuse)
    monkeypatch.setattr(odds, "_long", refuse)
    labels = _menu(ctx)
    assert len(labels) == 4 and all(": …% to conquer" in label for label in labels)
    work = PRESENTER.panel_work(ctx)
    assert work is not None
    monkeypatch.setattr(odds, "_small", real_small)
    monkeypatch.setattr(odds, "_long", real_long)
    work()
    assert PRESENTER.panel_work(ctx) is None  # nothing left to work out
    monkeypatch.setattr(odds, "_small", refuse)
    monkeypatch.setattr(odds, "_long", refuse)
    labels = _menu(ctx)
    assert not any("…" in label for label in labels)
    assert f": {round(100 * conquest(*LONG_PAIR))}% to conquer" in " ".join(labels)


async def test_a_slow_work_does_not_hold_the_panel_back() -> None:
    """The panel waits for its work at most ``wait``; the work goes on, for the next drawing."""
    release, finished = threading.Event(), threading.Event()

    def work() -> None:
        release.wait(10)
        finished.set()

    await work_ahead(work, wait=0.05)
    assert not finished.is_set()
    release.set()
    await asyncio.get_running_loop().run_in_executor(None, finished.wait, 10)
    assert finished.is_set()


async def test_a_long_battle_is_drawn_pending_then_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's own path (cogs.panel.draw_panel): a long battle still being worked out
    shows "…" once the wait is over; the next drawing shows its chance."""
    release = threading.Event()
    real_long = odds._long

    def slow(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
        release.wait(10)
        return real_long(attacker, defender)

    monkeypatch.setattr(odds, "_long", slow)
    monkeypatch.setattr("cogs.kit.drawn.WORK_WAIT", 0.05)
    state = make_state(2, LONG, rest=RED)
    ctx = panel_context(GAME, state, 1, 1, table_for(2, "en"), RED, None, "en")
    first = await draw_panel(PRESENTER, ctx)
    menu = next(c for c in controls(first.view) if str(c.get("custom_id", "")).endswith(":LW"))
    assert any("…" in str(o["label"]) for o in menu["options"])  # type: ignore[union-attr]
    release.set()
    for _ in range(200):
        if known(*LONG_PAIR) is not None:
            break
        await asyncio.sleep(0.05)
    assert known(*LONG_PAIR) is not None
    assert not any("…" in label for label in _menu(ctx))
