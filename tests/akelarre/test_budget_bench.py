"""The budget judge (bench/akelarre_budget.py) at a toy size: the benchmark's
figures are docs/decisions.md's, not the suite's; here it runs and adds up."""

from __future__ import annotations

from dataclasses import replace

from bench.akelarre_budget import run
from games.core.budget import Budget

TINY = Budget(worlds=2, candidates=2, horizon=4, moves=40)


def test_the_same_budget_twice_never_differs() -> None:
    # The two players share a seed, so equal budgets make equal choices: nothing to judge.
    result = run(TINY, TINY, [3], judge=2)
    assert result["decisions"] > 10
    assert result["differed"] == 0
    assert result["b_minus_a_per_game"] == 0 and result["se_per_game"] == 0


def test_a_bigger_budget_is_judged_where_it_chooses_otherwise() -> None:
    result = run(TINY, replace(TINY, worlds=4, moves=80), [3], judge=3)
    assert 0 < result["differed"] <= result["decisions"]
    assert -0.5 * result["differed"] <= result["b_minus_a_per_game"] <= 0.5 * result["differed"]
    assert result["se_per_game"] >= 0


def test_the_seer_as_b_is_judged_and_each_difference_has_a_leaver() -> None:
    # The seer searches the true hands: it chooses otherwise somewhere in a game, and
    # every such decision is counted once by kind and once by who left the normal move.
    small = Budget(worlds=6, candidates=3, horizon=8, moves=300)
    result = run(small, small, [3], judge=2, seer_b=True)
    assert 0 < result["differed"] <= result["decisions"]
    assert sum(count for count, _ in result["by_kind"].values()) == result["differed"]
    assert sum(count for count, _ in result["by_leaver"].values()) == result["differed"]
    assert set(result["by_leaver"]) <= {"a", "b", "both"}
