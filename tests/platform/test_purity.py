"""DESIGN §2: games/ imports neither discord, aiosqlite, PIL, bot nor cogs,
uses no global random state and reads no clock."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"
FORBIDDEN_MODULES = {
    "discord",
    "aiosqlite",
    "PIL",
    "bot",
    "cogs",
    "time",
    "datetime",
    "secrets",
    "os",
    "asyncio",
}
# The CLI entry point times its own run (it prints "seconds") and the arena times
# each AI decision (it prints think_ms); neither holds rules.
CLOCK_ALLOWED = {GAMES / "__main__.py", GAMES / "arena.py"}
# The only module that may build random generators from the seed held in the state.
RANDOM_ALLOWED = {GAMES / "core" / "rng.py"}
# Elsewhere ``random`` may be imported only to name or build a private, seeded
# ``random.Random`` (an AI decision's own source, games/core/search.py): never the
# module's global generator (random.shuffle, random.choice...).
PRIVATE_GENERATOR = {"Random"}


def _imports(tree: ast.AST) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module.split(".")[0], node.lineno))
    return found


def _random_uses(tree: ast.AST) -> list[tuple[str, int]]:
    """Every ``random.<name>`` and ``from random import <name>`` in a module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            found.append((node.attr, node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [(alias.name, node.lineno) for alias in node.names]
    return found


def test_the_purity_check_catches_the_global_generator() -> None:
    bad = ast.parse("import random\nrandom.shuffle(x)\nfrom random import choice\n")
    good = ast.parse("import random\ndef f(rng: random.Random) -> None:\n    random.Random(3)\n")
    assert sorted(name for name, _ in _random_uses(bad)) == ["choice", "shuffle"]
    assert all(name in PRIVATE_GENERATOR for name, _ in _random_uses(good))


def test_games_is_pure() -> None:
    files = sorted(GAMES.rglob("*.py"))
    assert len(files) > 5
    problems = []
    for path in files:
        tree = ast.parse(path.read_text(), filename=str(path))
        for module, line in _imports(tree):
            if module == "time" and path in CLOCK_ALLOWED:
                continue
            if module == "random" and path not in RANDOM_ALLOWED:
                problems += [
                    f"{path}:{use} uses random.{name}, the global generator (use the state's Rng)"
                    for name, use in _random_uses(tree)
                    if name not in PRIVATE_GENERATOR
                ]
            if module in FORBIDDEN_MODULES:
                problems.append(f"{path}:{line} imports {module}")
    assert problems == []


def test_rng_never_touches_the_global_generator() -> None:
    source = (GAMES / "core" / "rng.py").read_text()
    tree = ast.parse(source)
    calls = [
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "random"
    ]
    assert calls == ["Random"], calls  # only instances, seeded from (seed, counter)
