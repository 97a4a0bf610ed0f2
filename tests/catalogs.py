"""Reading a game's catalog files as the engine tests need them (shared by every game)."""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path
from typing import Any

from bot.i18n import engine_catalog, face_catalog

ROOT = Path(__file__).resolve().parents[1]


PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})


def flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> dict[str, str]:
    """Dotted keys; a plural message (a table of CLDR categories) is one key, by its ``other`` form."""
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and "other" in value and set(value) <= PLURAL_CATEGORIES:
            out[full] = str(value["other"])
        elif isinstance(value, dict):
            flatten(full, value, out)
        else:
            out[full] = str(value)
    return out


def load(game: str, language: str) -> dict[str, str]:
    """The keys of ``games/<game>/locales/<language>.toml`` (the engine's catalog)."""
    with engine_catalog(game, language).open("rb") as handle:
        return flatten("", tomllib.load(handle), {})


def load_face(game: str, language: str) -> dict[str, str]:
    """The keys of ``cogs/<game>/locales/<language>.toml`` (the presenter's catalog)."""
    path = face_catalog(game, language)
    assert path is not None, f"{game} has no Discord face"
    with path.open("rb") as handle:
        return flatten("", tomllib.load(handle), {})


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def sources(game: str) -> list[Path]:
    return sorted((ROOT / "games" / game).glob("*.py"))


def emitted_keys(game: str, kind: str) -> set[str]:
    """Every ``<game>.<kind>.<name>`` key written literally in the engine's code."""
    pattern = re.compile(rf'"({game}\.{kind}\.[a-z_]+)"')
    return {key for path in sources(game) for key in pattern.findall(path.read_text())}
