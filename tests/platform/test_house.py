"""The house's shape (docs/architecture.md): three floors that import only
downwards, no import circle anywhere (late imports inside functions included),
no module over 500 lines and no class over 300 in games/, bot/ and cogs/, and a
game's face (cogs/<id>/) that imports only the kit (cogs/kit/), bot/ and its own game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "bot", "cogs")
FLOOR = {"games": 1, "bot": 2, "cogs": 3}
MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 300


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports, at any depth of its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from a.b import c` imports module a.b.c where c is one, else a name of a.b.
            targets = [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def test_the_graph_is_read() -> None:
    edges = graph()
    assert "games.core" in edges["games.magmor.game"]
    assert "bot.model" in edges["bot.play"]


def test_every_import_points_to_the_same_floor_or_below() -> None:
    upward = [
        (name, target)
        for name, targets in graph().items()
        for target in targets
        if FLOOR[target.split(".")[0]] > FLOOR[name.split(".")[0]]
    ]
    assert upward == []


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of two or more modules: the circles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    return found


def test_a_circle_is_found() -> None:
    toy = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(toy) == [["a", "b", "c"]]


def test_there_is_no_import_circle() -> None:
    assert circles(graph()) == []


def test_no_module_or_class_is_too_long() -> None:
    too_long: list[str] = []
    for name, path in modules().items():
        text = path.read_text()
        if text.count("\n") > MAX_MODULE_LINES:
            too_long.append(f"{name}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    too_long.append(f"{name}.{node.name}: {lines} lines")
    assert too_long == []


SQL = re.compile(r"\b(SELECT\s+\S+.*\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b", re.S)


def test_sql_lives_only_in_the_store() -> None:
    """SQL is the store's (bot/store/): the rest of the house asks it by method."""
    found = [
        name
        for name, path in modules().items()
        if not name.startswith("bot.store") and SQL.search(path.read_text())
    ]
    assert found == []


def test_the_sql_check_sees_sql() -> None:
    assert SQL.search('rows = await db.fetch("SELECT id FROM outbox WHERE sent = 0")')
    assert not SQL.search("a select of the cards from the hand")


def test_cogs_never_reach_the_store() -> None:
    """Cogs speak to the table service (``bot.service``) and the runtime
    (``bot.changes``); the store behind them is not theirs to read or write
    (its row types, such as ``GameRow``, they may name)."""
    found = [
        f"{name}: {line.strip()}"
        for name, path in modules().items()
        if name.startswith("cogs")
        for line in path.read_text().splitlines()
        if re.search(r"\w\.store\b", line) and not line.lstrip().startswith(("#", "from ", "import "))
    ]
    assert found == []


def faces() -> list[str]:
    """The game faces: a package ``cogs/<id>/`` beside a game package ``games/<id>/``."""
    return sorted(
        path.parent.name
        for path in (ROOT / "cogs").glob("*/__init__.py")
        if (ROOT / "games" / path.parent.name / "__init__.py").exists()
    )


def face_reaches(edges: dict[str, set[str]]) -> list[str]:
    """What a face imports beyond the kit (``cogs.kit``), ``bot``, its own game and
    the games' shared core (``games.core``: the types a face names, such as
    ``Decision`` and ``Outcome``, live there)."""
    found: list[str] = []
    for face in faces():
        allowed = (f"cogs.{face}", "cogs.kit", "bot", f"games.{face}", "games.core")
        for name, targets in edges.items():
            if name == f"cogs.{face}" or name.startswith(f"cogs.{face}."):
                found.extend(
                    f"{name} -> {target}"
                    for target in sorted(targets)
                    if not any(target == a or target.startswith(f"{a}.") for a in allowed)
                )
    return found


def test_the_faces_are_found() -> None:
    assert "narnia" in faces()
    assert "kit" not in faces()


def test_a_face_imports_only_the_kit_bot_and_its_game() -> None:
    """A face (``cogs/<id>/``) draws with the kit, speaks through ``bot`` and reads
    its own game: never a feature cog, a publisher, or another game or face."""
    assert face_reaches(graph()) == []
