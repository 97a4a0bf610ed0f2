"""Akelarre's Activity page says every word from the catalog: each key its modules ask for
(``w("key")``, ``counted("key", n)``, ``nodesOf(w, "key", ...)``) is in both languages, and
none of its own words lies unused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, catalog

PAGE = Path(__file__).parents[2] / "cogs" / "akelarre" / "page"
MODULES = "*.mjs"  # the page and the parts it is split into
# w("key"), counted("key", n), and nodesOf(w, "key", ...) (a word with pictures among its parts).
ASKED = re.compile(r'\b(?:w|counted)\(\s*"([a-z_]+)"|\bnodesOf\(\s*w,\s*"([a-z_]+)"')


def asked() -> set[str]:
    """The page's own keys its modules name (``akelarre.page.<key>``)."""
    sources = [path.read_text(encoding="utf-8") for path in sorted(PAGE.glob(MODULES))]
    return {called or parted for source in sources for called, parted in ASKED.findall(source)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_the_page_asks_for_is_in_the_catalog(language: str) -> None:
    words = catalog(language)
    missing = {key for key in asked() if f"akelarre.page.{key}" not in words}
    assert missing == set()


def test_every_word_of_the_page_is_used() -> None:
    own = {key.removeprefix("akelarre.page.") for key in catalog("en") if key.startswith("akelarre.page.")}
    assert own - asked() == set()
