"""The house's shape (docs/architecture.md): three floors that import only
downwards, no import circle anywhere (late imports inside functions included),
no module over 500 lines and no class over 300 in games/, bot/ and cogs/, and no
file over 500 lines in any of the house's source languages, wherever it lies; a
game's face (cogs/<id>/) imports only the kit (cogs/kit/), bot/ and its own game;
nothing names a place outside the project and the platform keeps no list of the
games (tests/platform/house_bounds.py)."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

from games.registry import GAMES
from tests.platform.house_bounds import (
    MAY_NAME_GAMES,
    MAY_NAME_OUTSIDE,
    files,
    lists_of_games,
    places_outside,
    platform_files,
)

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


def test_nothing_names_a_place_outside_the_project() -> None:
    """A clone is the whole project (tests/platform/house_bounds.py says what counts)."""
    found = [
        line
        for path in files()
        if str(path.relative_to(ROOT)) not in MAY_NAME_OUTSIDE
        for line in places_outside(path, path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_outside_check_sees_a_place_outside() -> None:
    here = ROOT / "tests" / "platform" / "x.py"
    for line in (
        'SPEC = Path("/work/shared/rules/magmor.md")',
        "the specs in `../shared/rules/`",
        "ROOT.parent / 'x'",
    ):
        assert places_outside(here, line), line
    assert places_outside(here, "Path(__file__).resolve().parents[3]")
    assert places_outside(ROOT / "docs" / "x.md", "[spec](../../spec.md)")
    for line in (
        "Path(__file__).resolve().parents[2]",
        "[rules](../docs/rules/)",
        'import("../sdk/index.mjs")',
    ):
        assert not places_outside(here, line), line


def test_the_platform_keeps_no_list_of_the_games() -> None:
    """Games come from the registry and their declarations (house_bounds.py says where)."""
    found = [
        line
        for path in platform_files()
        if str(path.relative_to(ROOT)) not in MAY_NAME_GAMES
        for line in lists_of_games(path, path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_list_check_sees_a_list_of_games() -> None:
    first, second, *_ = GAMES
    here = ROOT / "cogs" / "x.py"
    for code in (f"PAGES = frozenset({{{first!r}, {second!r}}})", f"x = {{{first!r}: 1, {second!r}: 2}}"):
        assert lists_of_games(here, code), code
    assert lists_of_games(here, f"if game == {first!r}:\n    pass")
    assert lists_of_games(here, f"x = [g for g in games if g != {first!r}]")
    shell = ROOT / "cogs" / "x.mjs"
    assert lists_of_games(shell, f"const PAGES = {{\n  {first}: () => import('./{first}.mjs'),\n}};")
    assert lists_of_games(shell, f"const PAGES = {{ {first}: () => import('./{first}.mjs') }};")
    assert not lists_of_games(shell, "const load = () => import(`./${table.game}.mjs`);")
    assert not lists_of_games(here, f"game = GAMES[{first!r}]\nfor g in GAMES:\n    pass")


# The 500 lines hold for every file written in one of the house's source languages,
# wherever it lies (tests/, bench/, tools/ and scripts/ too), not only the Python of
# the three floors above. Not counted: data and words (locale and catalog .toml, JSON,
# the golden records' JSON lines, Markdown), which are as long as what they list; and
# what the house does not write: Discord's SDK, copied from npm into
# cogs/activity/static/sdk by scripts/build-activity, installed packages
# (node_modules, .venv) and caches (every hidden folder but .ci, __pycache__, build).
SOURCE_SUFFIXES = (".py", ".mjs", ".js", ".css", ".html", ".sh")
SHELL = re.compile(r"^#!\S*(/env\s+)?\S*\b(ba|da|z)?sh\b")  # scripts/test, .ci/run: no suffix
NOT_WRITTEN_HERE = {"node_modules", "__pycache__", "build"}
OWN_HIDDEN = {".ci", ".github"}
VENDORED = {ROOT / "cogs" / "activity" / "static" / "sdk"}


def source_files(root: Path = ROOT) -> list[Path]:
    """Every file of the house in a source language, vendored and generated ones left out."""
    found: list[Path] = []
    for folder, dirs, names in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in NOT_WRITTEN_HERE
            and not d.endswith(".egg-info")
            and (not d.startswith(".") or d in OWN_HIDDEN)
            and here / d not in VENDORED
        )
        for name in sorted(names):
            path = here / name
            if name.endswith(SOURCE_SUFFIXES) or ("." not in name and _is_shell(path)):
                found.append(path)
    return found


def _is_shell(path: Path) -> bool:
    with path.open("rb") as file:
        first = file.readline(200)
    return bool(SHELL.match(first.decode("utf-8", "replace")))


def test_every_source_language_is_seen() -> None:
    seen = {path.relative_to(ROOT).as_posix() for path in source_files()}
    for expected in (
        "tests/platform/test_house.py",
        "bench/__init__.py",
        "cogs/activity/static/app/main.mjs",
        "cogs/activity/static/app/table.css",
        "cogs/activity/static/index.html",
        "scripts/test",
        ".ci/run",
    ):
        assert expected in seen
    assert not [name for name in seen if name.startswith(("cogs/activity/static/sdk/", "web/node_modules/"))]


def test_no_source_file_is_over_500_lines() -> None:
    too_long = [
        f"{path.relative_to(ROOT)}: {lines} lines"
        for path in source_files()
        if (lines := path.read_text(encoding="utf-8").count("\n")) > MAX_MODULE_LINES
    ]
    assert too_long == []


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


# -- a game's face reaches its engine only through the engine's named surface --
def game_ids() -> set[str]:
    """Every game package under games/ (found, not listed): the folders with an ``__init__.py``."""
    return {p.parent.name for p in (ROOT / "games").glob("*/__init__.py") if p.parent.name != "core"}


def surface(game: str) -> set[str]:
    """The names ``games/<game>/face.py`` offers its face: its ``__all__``, read, not imported."""
    path = ROOT / "games" / game / "face.py"
    if not path.exists():
        return set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    return set()


def face_faults(name: str, source: str, games_: set[str], surfaces: dict[str, set[str]]) -> list[str]:
    """What module ``name`` (of cogs/) imports of a game's engine that it may not: a game's
    face (``cogs.<game>``) takes from its own engine only the names of ``games.<game>.face``;
    any other cog takes nothing of any game (``games.core`` and ``games.registry`` are the
    platform's)."""
    parts = name.split(".")
    owner = parts[1] if len(parts) > 1 and parts[1] in games_ else None
    faults: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            wanted = [(alias.name, "") for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            wanted = [(node.module, alias.name) for alias in node.names]
        else:
            continue
        for module, what in wanted:
            path = module.split(".")
            if path[0] != "games" or len(path) < 2 or path[1] not in games_:
                continue
            game = path[1]
            door = f"games.{game}.face"
            if game != owner or module != door or what not in surfaces.get(game, set()):
                faults.append(f"{name}: {module} {what}".rstrip())
    return faults


def test_a_face_imports_only_its_engines_surface() -> None:
    """docs/adding-a-game.md: ``games/<game>/face.py`` names what ``cogs/<game>/`` may use."""
    ids = game_ids()
    surfaces = {game: surface(game) for game in ids}
    faces = {game for game in ids if (ROOT / "cogs" / game).is_dir()}
    assert faces, "no game face found"
    assert sorted(g for g in faces if not surfaces[g]) == []  # every face has its surface
    found = [
        fault
        for name, path in modules().items()
        if name.startswith("cogs.")
        for fault in face_faults(name, path.read_text(), ids, surfaces)
    ]
    assert found == []


def test_the_surface_check_sees_a_face_reach_past_it() -> None:
    surfaces = {"dice": {"DiceView"}, "cards": {"Deck"}}
    games_ = set(surfaces)
    fine = "from games.dice.face import DiceView\nfrom games.core import Outcome\n"
    assert face_faults("cogs.dice.board", fine, games_, surfaces) == []
    assert face_faults("cogs.dice.board", "from games.dice.state import DiceState", games_, surfaces)
    assert face_faults("cogs.dice.board", "from games.dice.face import secret", games_, surfaces)
    assert face_faults("cogs.dice.board", "from games.cards.face import Deck", games_, surfaces)
    assert face_faults("cogs.lobby", "import games.dice.face", games_, surfaces)
    assert face_faults("cogs.lobby", "from games.registry import GAMES", games_, surfaces) == []
