"""Message catalogs (English and Italian) and the slash-command translator.

Catalogs are TOML files in ``bot/locales/<language>/``; nested tables give
dotted keys (``[magmor.event] explored = ...`` is ``magmor.event.explored``).
Public text uses the table's language; ephemeral text the clicking user's
Discord locale.
"""

from __future__ import annotations

import string
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

LANGUAGES = ("en", "it")
LOCALES_DIR = Path(__file__).parent / "locales"


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@cache
def catalog(language: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((LOCALES_DIR / language).glob("*.toml")):
        with path.open("rb") as handle:
            _flatten("", tomllib.load(handle), out)
    return out


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def language_of(locale: discord.Locale | str | None) -> str:
    """Italian for Italian clients, English for everyone else."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "it" if value.startswith("it") else "en"


class _Default(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, language: str, /, **params: Any) -> str:
    """The text of ``key`` in ``language``, falling back to English, then the key."""
    text = catalog(language).get(key) or catalog("en").get(key) or key
    return text.format_map(_Default(params)) if params else text


def has(key: str) -> bool:
    return key in catalog("en")


class CatalogTranslator(app_commands.Translator):
    """Slash-command names and descriptions from the catalogs (``cmd.*`` keys).

    A ``locale_str`` carries its catalog key in ``extras["key"]``; strings
    without one (discord.py wraps every parameter name) stay untranslated.
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not key or locale is not discord.Locale.italian:
            return None
        return catalog("it").get(key)


def cmd(key: str) -> app_commands.locale_str:
    """A slash-command string: English from the catalog, Italian via the translator."""
    return app_commands.locale_str(catalog("en")[key], key=key)
