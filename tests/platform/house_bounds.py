"""Two rules of the house that read the files themselves (tests/platform/test_house.py).

**Nothing names a place outside the project**: a clone is the whole project, so no
file may point at a developer's machine (an absolute home or work folder), at a
folder beside the checkout (``../shared``) or climb above the checkout from its own
path (``ROOT.parent``, ``Path(__file__).parents[n]`` past the root, a ``../`` that
leaves it).

**The platform keeps no list of the games**: the games come from the registry
(``games.registry.GAMES``) and say what they have through their declarations (a
face's page folder, ``Presenter.page_folder``), so adding one touches only its own folders. In
the platform (``bot/``, the parts of ``cogs/`` that are no game's face, the page's
shell) and its tests (``tests/platform``, ``tests/activity``, ``tests/e2e/helpers.py``)
no literal names two games or more, no branch tests for one game by name, and the
page's shell names none."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

from bot.extensions import face_folder
from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
TEXT = {".py", ".mjs", ".js", ".md", ".toml", ".txt", ".yml", ".yaml", ".json", ".cfg", ".ini", ".sh"}
SKIPPED = {".git", "node_modules", ".venv", "sdk", "__pycache__", ".mypy_cache", ".ruff_cache"}
PLATFORM_TESTS = {("tests", "platform"), ("tests", "activity")}
PLATFORM_HELPERS = ("tests", "e2e", "helpers.py")

# A developer's machine: a work or home folder, a Windows drive; a folder beside the checkout.
OUTSIDE = re.compile(r"/work/|/home/\w|/root/|/Users/\w|\b[A-Z]:\\\\\w|\.\./shared\b|\bROOT\.parent\b")
PARENTS = re.compile(r"__file__.*\.parents\[(\d+)\]")
UPWARD = re.compile(r"(?<![\w}/.])((?:\.\./)+)")

# The files that must name such a place, each with why.
MAY_NAME_OUTSIDE: dict[str, str] = {
    "tests/platform/house_bounds.py": "it spells out the places it looks for",
    "tests/platform/test_house.py": "its check that the rule sees a place outside names one",
}

# Platform tests that still state a face's own ways game by game, each with why.
MAY_NAME_GAMES: dict[str, str] = {
    "tests/platform/test_picture_names.py": "whose names each game's picture draws (Mag Mor's the leader's "
    "alone, Narnia's map nobody's) is not declared by the faces yet, so this test says it per game",
    "tests/platform/test_secret_logs.py": "what a game keeps secret is its own state's fields, which no game "
    "declares yet, so this test names them per game",
}


def files() -> list[Path]:
    """The project's files: those git tracks, or, outside a checkout, all but caches and builds."""
    try:
        listed = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        paths = [ROOT / line for line in listed.splitlines()]
    except (OSError, subprocess.CalledProcessError):
        paths = [p for p in ROOT.rglob("*") if not SKIPPED & set(p.relative_to(ROOT).parts)]
    return [
        p for p in paths if p.suffix in TEXT and p.is_file() and not SKIPPED & set(p.relative_to(ROOT).parts)
    ]


def places_outside(path: Path, text: str) -> list[str]:
    """Each line of ``path`` that names a place outside the project."""
    depth = len(path.relative_to(ROOT).parts)  # parents[depth - 1] is the root
    found: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        climbs = [m for m in UPWARD.finditer(line) if not (path.parent / m[1]).resolve().is_relative_to(ROOT)]
        if OUTSIDE.search(line) or climbs or any(int(m[1]) >= depth for m in PARENTS.finditer(line)):
            found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    return found


def named_games(node: ast.AST) -> set[str]:
    """The game ids a literal names among its own elements (a dict: its keys)."""
    if isinstance(node, ast.Dict):
        elements: list[ast.expr | None] = list(node.keys)
    elif isinstance(node, ast.List | ast.Tuple | ast.Set):
        elements = list(node.elts)
    else:
        return set()
    return {e.value for e in elements if isinstance(e, ast.Constant) and e.value in GAMES}


def branches_on(test: ast.AST) -> set[str]:
    """The game ids a condition compares something with."""
    return {
        operand.value
        for node in ast.walk(test)
        if isinstance(node, ast.Compare)
        for operand in (node.left, *node.comparators)
        if isinstance(operand, ast.Constant) and operand.value in GAMES
    }


def lists_of_games(path: Path, text: str) -> list[str]:
    """Each place in ``path`` (Python, or a page's JavaScript) that names games by hand."""
    where = path.relative_to(ROOT)
    if path.suffix != ".py":
        ids = "|".join(map(re.escape, GAMES))
        # A string, an object's key or a module's path naming a game.
        hits = re.findall(rf"[\"'`]({ids})[\"'`]|(?:^|[{{,])\s*({ids})\s*:|/({ids})\.mjs", text, re.M)
        return [f"{where}: names {sorted({''.join(hit) for hit in hits})}"] if hits else []
    found: list[str] = []
    for node in ast.walk(ast.parse(text)):
        if len(listed := named_games(node)) >= 2:
            found.append(f"{where}:{getattr(node, 'lineno', 0)}: a list of games {sorted(listed)}")
        conditions: list[ast.AST] = []
        if isinstance(node, ast.If | ast.IfExp | ast.While):
            conditions = [node.test]
        elif isinstance(node, ast.comprehension):
            conditions = list(node.ifs)
        elif isinstance(node, ast.match_case):
            conditions = [node.pattern]
        for condition in conditions:
            named = branches_on(condition) | {
                p.value.value
                for p in ast.walk(condition)
                if isinstance(p, ast.MatchValue)
                and isinstance(p.value, ast.Constant)
                and p.value.value in GAMES
            }
            if named:
                line = getattr(condition, "lineno", 0)
                found.append(f"{where}:{line}: a branch on {sorted(named)}")
    return found


def platform_files() -> list[Path]:
    """The platform and its tests: no game's engine, face or own test."""
    faces = {folder.resolve() for game_id in GAMES if (folder := face_folder(game_id)) is not None}
    out: list[Path] = []
    for path in files():
        parts = path.relative_to(ROOT).parts
        face = any(path.is_relative_to(folder) for folder in faces)
        in_platform = parts[0] == "bot" or (parts[0] == "cogs" and not face)
        in_tests = parts[:2] in PLATFORM_TESTS or parts == PLATFORM_HELPERS
        # A game's own file beside the platform's (its page in the shell's folder, its page's test).
        own = any(game_id in path.name for game_id in GAMES)
        if (in_platform or in_tests) and path.suffix in {".py", ".mjs", ".js"} and not own:
            out.append(path)
    return out
