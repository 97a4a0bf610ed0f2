"""English and Italian catalogs: the same keys, the same placeholders."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, catalog, join, placeholders, plural_category, plural_forms, t


def test_key_parity() -> None:
    en, it = catalog("en"), catalog("it")
    assert len(en) > 100
    assert sorted(set(en) - set(it)) == []
    assert sorted(set(it) - set(en)) == []


def test_placeholder_parity() -> None:
    en, it = catalog("en"), catalog("it")
    mismatched = {
        k: (placeholders(en[k]), placeholders(it[k]))
        for k in en
        if placeholders(en[k]) != placeholders(it[k])
    }
    assert mismatched == {}


def test_no_empty_strings() -> None:
    for language in LANGUAGES:
        empty = [k for k, v in catalog(language).items() if not v.strip()]
        assert empty == [], language


def test_button_labels_fit_discord() -> None:
    for language in LANGUAGES:
        texts = catalog(language)
        long = [k for k, v in texts.items() if ".button" in k and len(v) > 80]
        assert long == []


def _all_forms(language: str) -> dict[str, list[str]]:
    forms = plural_forms(language)
    return {
        key: list(forms[key].values()) if key in forms else [text] for key, text in catalog(language).items()
    }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2])
def test_every_message_renders_with_counts(language: str, count: int) -> None:
    """Every message, every plural form, renders with counts 0, 1 and 2 and
    all its placeholders filled: nothing left in braces, no format error."""
    for key, text in catalog(language).items():
        params = {name: count if name == "count" else f"<{name}>" for name in placeholders(text)}
        params["count"] = count
        rendered = t(key, language, **params)
        assert "{" not in rendered.replace("{{", ""), (key, rendered)
        assert "}" not in rendered.replace("}}", ""), (key, rendered)


def test_plural_forms_pick_the_cldr_category() -> None:
    for language in LANGUAGES:
        for key, forms in plural_forms(language).items():
            # Every form a count of 0, 1 or 2 selects in this language is written out.
            needed = {plural_category(language, n) for n in (0, 1, 2)}
            assert needed <= set(forms), (language, key, sorted(forms))
    assert plural_category("en", 1) == "one" and plural_category("en", 0) == "other"
    assert plural_category("it", 1) == "one" and plural_category("it", 2) == "other"


def test_plural_forms_share_placeholders() -> None:
    for language in LANGUAGES:
        for key, forms in plural_forms(language).items():
            names = {frozenset(placeholders(text)) for text in forms.values()}
            assert len(names) == 1, (language, key)


def test_no_hand_written_plural_endings() -> None:
    """Counts go through CLDR plural forms, not "token(s)" / "carta/e"."""
    pattern = re.compile(r"\w\((s|es|i|e)\)|\w/(e|i)\b")
    for language in LANGUAGES:
        bad = {k: v for k, forms in _all_forms(language).items() for v in forms if pattern.search(v)}
        assert bad == {}, language


def test_lists_follow_each_language() -> None:
    assert join(["a", "b", "c"], "en") == "a, b, and c"
    assert join(["a", "b", "c"], "it") == "a, b e c"
    assert join(["a"], "it") == "a" and join([], "en") == ""
