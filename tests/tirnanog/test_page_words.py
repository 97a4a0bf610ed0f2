"""Tir Nan Og Wars' Activity page says every word from the catalog: each key its modules name
(``"tirnanog.page.<key>"``, and the families they name by a value: a species, a terrain, a VP
source, a declaration, a dispute's result, a pile's refusal) is there in both languages, and
none of the page's own words lies unused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, catalog
from games.tirnanog.data import PILE_TYPES, SPECIES, TYPES
from games.tirnanog.state import VP_SOURCES

PAGE = Path(__file__).parents[2] / "cogs" / "tirnanog" / "page"
NAMED = re.compile(r'"(tirnanog\.(?:page|power)\.[a-z_.]+)"')
# Keys made from a value (`tirnanog.page.species.${species}`): the values each family takes.
FAMILIES: dict[str, tuple[str, ...]] = {
    "tirnanog.page.species.": (*SPECIES, "any"),
    "tirnanog.page.terrain.": (*PILE_TYPES, "fountain"),
    "tirnanog.page.source.": VP_SOURCES,
    "tirnanog.page.declared_": ("in", "out", "now", "later"),
    "tirnanog.page.result_": ("won", "lost", "tie"),
    "tirnanog.page.why_": ("reserve_limit", "type_visible"),
    "tirnanog.power.": tuple(sorted({t.power for t in TYPES.values()})),
}


def sources() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(PAGE.glob("*.mjs")))


def asked() -> set[str]:
    text = sources()
    for prefix in FAMILIES:
        assert f"`{prefix}${{" in text, prefix  # the family is named by a value, as listed
    named = set(NAMED.findall(text))
    return named | {prefix + value for prefix, values in FAMILIES.items() for value in values}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_the_page_asks_for_is_in_the_catalog(language: str) -> None:
    words = catalog(language)
    assert {key for key in asked() if key not in words} == set()


def test_every_word_of_the_page_is_used() -> None:
    own = {key for key in catalog("en") if key.startswith("tirnanog.page.")}
    assert own - asked() == set()


def test_no_italian_word_of_the_page_is_left_in_english() -> None:
    """Each Italian word differs from its English one; the game's Italian words, not the
    English ones ("Display", "Round"), stand in them."""
    en, it = catalog("en"), catalog("it")
    own = [key for key in en if key.startswith("tirnanog.page.")]
    assert [key for key in own if en[key] == it[key]] == []
    left = re.compile(r"\b(Display|Round|Clear)\b", re.IGNORECASE)
    said = {key: re.sub(r"\{\w+\}", "", str(it[key])) for key in own}  # not the {round} parameter
    assert [key for key in own if left.search(said[key])] == []


def test_clear_is_not_the_shell_s_undo() -> None:
    """Clear (the pick) and the shell's Undo (the last move) stand side by side: never one word."""
    for language in LANGUAGES:
        words = catalog(language)
        undo = str(words["activity.page.undo"]).replace("↩️", "").strip()
        assert str(words["tirnanog.page.clear"]).strip() != undo
