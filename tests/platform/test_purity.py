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
# The CLI entry point times its own run (it prints "seconds"); it holds no rules.
CLOCK_ALLOWED = {GAMES / "__main__.py"}
# The only module that may build random generators: from the seed held in the state.
RANDOM_ALLOWED = {GAMES / "core" / "rng.py"}


def _imports(tree: ast.AST) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module.split(".")[0], node.lineno))
    return found


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
                problems.append(f"{path}:{line} imports random (use the state's Rng)")
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
