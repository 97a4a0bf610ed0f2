"""Tir Nan Og Wars' words, shared by the board, the panel and the final screen: the game's
things in the catalog's words, creature counts, VP by source, and lines fitted to an embed field."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.i18n import join, t
from cogs.kit.controls import FIELD_LIMIT
from games.tirnanog.face import META, SPECIES, VP_SOURCES, TirNanOgView

EMOJI = {"dragon": "🐉", "elf": "🧝", "fairy": "🧚", "griffin": "🦅", "centaur": "🐎", "any": "❓"}
LIMIT = META.reserve_value_limit


def ui(key: str, language: str, **params: Any) -> str:
    return t(f"tirnanog.ui.{key}", language, **params)


def as_view(view: BaseModel) -> TirNanOgView:
    assert isinstance(view, TirNanOgView)
    return view


# -- words for the game's things ------------------------------------------------


def species(name: str, language: str) -> str:
    """ "🐉 Dragon"."""
    return t(f"tirnanog.resource.{name}", language)


def counted(name: str, count: int, language: str) -> str:
    """ "2 🐉 dragons" (CLDR plural)."""
    return t(f"tirnanog.resource_count.{name}", language, count=count)


def creatures(counts: dict[str, int], language: str, *, sep: str | None = None) -> str:
    """A bundle of creatures in words: "2 🐉 dragons and 1 🧚 fairy" (or joined by ``sep``)."""
    parts = [counted(s, n, language) for s in SPECIES if (n := counts.get(s, 0))]
    if not parts:
        return ui("no_creatures", language)
    return sep.join(parts) if sep else join(parts, language)


def territory(card: str, language: str) -> str:
    return t(f"tirnanog.territory.{card}", language)


def terrain(kind: str, language: str) -> str:
    return t(f"tirnanog.terrain.{kind}", language)


def vp(count: int, language: str) -> str:
    return t("tirnanog.count.vp", language, count=count)


def cards(count: int, language: str) -> str:
    return t("tirnanog.count.cards", language, count=count)


def symbols(counts: dict[str, int], anys: int = 0) -> str:
    """Short creature counts with the species' emojis: "2 🐉 + 1 ❓"."""
    parts = [f"{n} {EMOJI[s]}" for s in SPECIES if (n := counts.get(s, 0))]
    if anys:
        parts.append(f"{anys} {EMOJI['any']}")
    return " + ".join(parts)


def vp_sources(by_source: dict[str, Any], language: str) -> str:
    """ "intermediate scoring 4 + fairy festival 3": every non-zero source."""
    return " + ".join(
        f"{t(f'tirnanog.source.{source}', language)} {int(by_source[source])}"
        for source in VP_SOURCES
        if by_source.get(source)
    )


def fit(lines: list[str]) -> str:
    """Lines joined within a field's limit: whole lines only."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > FIELD_LIMIT - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out) or "-"
