"""Message catalogs (English and Italian) and the slash-command translator.

Catalogs are TOML files, found as the registry finds games: the platform's
own in ``bot/locales/<language>/``, and each registered game's beside its code,
``locales/<language>.toml`` in the engine's folder (``games/<id>/``: its name,
rules, events, refusals, options) and in its face's (``cogs/<id>/``: the board's
and the panel's words, and beside them any ``locales/<language>/*.toml``, such
as the How to play guide's ``guide.toml``). Nested tables give dotted keys (``[magmor.event]
explored = ...`` is ``magmor.event.explored``).
Public text uses the table's language; ephemeral text the clicking user's
Discord locale.

A message that depends on a number is a table keyed by CLDR plural category
(``cards = { one = "{count} card", other = "{count} cards" }``); :func:`t`
picks the form for its ``count`` parameter with Babel's CLDR plural rules, so
Italian and English each get their own grammar (Italian also has ``many``).
Lists are joined with CLDR's list patterns (:func:`join`: "a, b, and c" /
"a, b e c").
"""

from __future__ import annotations

import inspect
import string
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import discord
from babel import Locale
from babel.lists import format_list
from discord import app_commands

from bot.extensions import FACES, face_folder
from games.registry import GAMES

LANGUAGES = ("en", "it")
LOCALES_DIR = Path(__file__).parent / "locales"
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})


def is_plural(value: object) -> bool:
    """A catalog table that is one message with plural forms, not a key prefix."""
    return isinstance(value, dict) and "other" in value and set(value) <= PLURAL_CATEGORIES


def _flatten(
    prefix: str, table: dict[str, Any], out: dict[str, str], forms: dict[str, dict[str, str]]
) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if is_plural(value):
            forms[full] = {category: str(text) for category, text in value.items()}
            out[full] = forms[full]["other"]
        elif isinstance(value, dict):
            _flatten(full, value, out, forms)
        else:
            out[full] = str(value)


def engine_catalog(game_id: str, language: str) -> Path:
    """A registered game's own words: ``locales/<language>.toml`` beside its
    ``Game`` class (``games/<id>/locales/``)."""
    return Path(inspect.getfile(type(GAMES[game_id]))).parent / "locales" / f"{language}.toml"


def face_catalog(game_id: str, language: str) -> Path | None:
    """The words of a game's Discord face: ``locales/<language>.toml`` in its
    folder (``cogs/<id>/locales/``); None for a game without a face."""
    folder = face_folder(game_id)
    return None if folder is None else folder / "locales" / f"{language}.toml"


def face_extras(game_id: str, language: str) -> list[Path]:
    """More words of a game's face, one file a feature (``cogs/<id>/locales/
    <language>/*.toml``, e.g. the How to play guide): a feature's words in a
    file of their own, beside the face's catalog rather than inside it."""
    folder = face_folder(game_id)
    return [] if folder is None else sorted((folder / "locales" / language).glob("*.toml"))


def catalog_files(language: str) -> list[Path]:
    """Every catalog file of ``language``: the platform's, then each registered
    game's own and its face's (with its extras), in the games' catalogue order."""
    files = sorted((LOCALES_DIR / language).glob("*.toml"))
    for game_id in GAMES:
        files += [engine_catalog(game_id, language)]
        face = face_catalog(game_id, language)
        files += [face] if face is not None else []
        files += face_extras(game_id, language)
    return [path for path in dict.fromkeys(files) if path.is_file()]


def _registry() -> tuple[object, ...]:
    """What the catalogs depend on: the games registered and where their faces are
    (a game registered later, like the test suite's sixth, brings its words)."""
    return (*GAMES.values(), *FACES.items())  # cheap: asked at every lookup


@cache
def _load_for(
    language: str, registry: tuple[object, ...]
) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    out: dict[str, str] = {}
    forms: dict[str, dict[str, str]] = {}
    for path in catalog_files(language):
        with path.open("rb") as handle:
            _flatten("", tomllib.load(handle), out, forms)
    return out, forms


def _load(language: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    return _load_for(language, _registry())


def catalog(language: str) -> dict[str, str]:
    """Every message of ``language`` by dotted key (a plural message by its ``other`` form)."""
    return _load(language)[0]


def plural_forms(language: str) -> dict[str, dict[str, str]]:
    """The messages of ``language`` that have plural forms: key → category → text."""
    return _load(language)[1]


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(language)


def plural_category(language: str, count: int) -> str:
    """CLDR's plural category of ``count`` in ``language`` (``one``, ``many``, ``other``…)."""
    return str(_locale(language).plural_form(abs(count)))


def join(items: list[str], language: str) -> str:
    """``items`` as a list in running text ("a, b, and c" / "a, b e c")."""
    return format_list(items, locale=_locale(language)) if items else ""


def warm() -> None:
    """Every language's catalog and locale data loaded now: babel reads its locale data
    at the first list or plural, and what is loaded while the bot starts is frozen out
    of the garbage collector's full passes with the rest (``bot.memory``)."""
    for language in LANGUAGES:
        catalog(language)
        join(["a", "b", "c"], language)
        plural_category(language, 2)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def language_of(locale: discord.Locale | str | None) -> str:
    """Italian for Italian clients, English for everyone else."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "it" if value.startswith("it") else "en"


class _Default(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _text(key: str, language: str, count: Any) -> str | None:
    texts, plurals = _load(language)
    forms = plurals.get(key)
    if forms is not None and isinstance(count, int):
        return forms.get(plural_category(language, count)) or forms["other"]
    return texts.get(key)


def t(key: str, language: str, /, **params: Any) -> str:
    """The text of ``key`` in ``language`` (the plural form for ``count``),
    falling back to English, then the key itself."""
    count = params.get("count")
    text = _text(key, language, count) or _text(key, "en", count) or key
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
