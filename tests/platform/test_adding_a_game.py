"""docs/adding-a-game.md stays true: every file and folder it names is there (for every game,
where it names one by ``<id>``), every module, hook and class member it names can be found, and
the page's shape is the shell's. A move or a rename that leaves the guide behind fails here."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path
from typing import Any

from bot.i18n import LANGUAGES
from cogs.activity.pages import SHELL_PREFIX
from cogs.kit.bound import BoundPresenter, Hooks
from cogs.kit.guide_picture import presenter_of
from cogs.kit.presenter import Presenter
from games.core import Game
from games.core.budget import Budget
from games.core.options import Option, Setting, Variant
from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "adding-a-game.md"
NAMED = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"^[\w.<>-]+(/[\w.<>*-]*)+$")  # cogs/<id>/page/, bot/extensions.py
MODULE = re.compile(r"^(games|bot|cogs)(\.[\w<>]+)+")  # games.registry.register(GAME), cogs.<id>
MEMBER = re.compile(r"^([A-Z]\w+)\.(\w+)")  # Presenter.page_folder, Option.word_keys()
CLASSES: dict[str, type] = {
    c.__name__: c for c in (Presenter, BoundPresenter, Game, Option, Setting, Variant, Budget)
}


def named() -> list[str]:
    return sorted(set(NAMED.findall(GUIDE.read_text(encoding="utf-8"))))


def with_page(game_id: str) -> bool:
    presenter = presenter_of(game_id)
    return presenter is not None and presenter.page_folder() is not None


def test_every_path_the_guide_names_is_there() -> None:
    paths = [name for name in named() if PATH.match(name) and not name.startswith(("/", "@"))]
    assert len(paths) > 20, paths
    missing = []
    for path in paths:
        if "<id>" not in path:
            found = [ROOT / path]
        else:
            # A game's own file: every game has it, and each game with a page its page's.
            games = [g for g in GAMES if with_page(g)] if "/page" in path else list(GAMES)
            assert games, path
            found = [ROOT / path.replace("<id>", game) for game in games]
        found = [Path(str(p).replace("<language>", language)) for p in found for language in LANGUAGES]
        missing += [str(p.relative_to(ROOT)) for p in found if not p.exists()]
    assert missing == []


def _resolve(dotted: str) -> Any:
    """The object ``dotted`` names: the longest module prefix, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(dotted)


def test_every_module_and_name_the_guide_names_is_found() -> None:
    modules = [m[0] for name in named() if (m := MODULE.match(name))]
    assert "games.registry.register" in modules and "bot.extensions.FACES" in modules
    for dotted in modules:
        for game in GAMES if "<id>" in dotted else [""]:
            _resolve(dotted.replace("<id>", game))


def test_every_class_member_the_guide_names_exists() -> None:
    members = [m.groups() for name in named() if (m := MEMBER.match(name)) and m[1] in CLASSES]
    assert ("Presenter", "page_folder") in members
    for owner, member in members:
        cls = CLASSES[owner]
        fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
        assert hasattr(cls, member) or member in fields, f"{owner}.{member}"


def test_every_part_the_guide_names_answers_a_hook() -> None:
    hooks = {field.name for field in dataclasses.fields(Hooks)}
    parts = [name.split(".") for name in named() if re.fullmatch(r"[a-z]+\.[a-z_]+", name)]
    answered = [(part, hook) for part, hook in parts if hook in hooks]
    assert len(answered) >= 4, parts
    assert {"page_state", "page_data"} <= hooks  # the page's own hooks, which the guide's page step names


def test_the_page_s_shape_is_the_shell_s() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    shell = (ROOT / "cogs" / "activity" / "static" / "app" / "page.mjs").read_text(encoding="utf-8")
    assert "export function definePage(" in shell
    assert f'from "{SHELL_PREFIX}page.mjs"' in text and f'from "{SHELL_PREFIX}dom.mjs"' in text
    for key in ("url", "styles", "fresh", "draw"):  # what the guide's example gives definePage
        assert f"{key}:" in text and re.search(r"@property \{.*\} \[?" + key + r"\]? ", shell), key
