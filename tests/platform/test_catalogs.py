"""English and Italian catalogs: the same keys, the same placeholders."""

from __future__ import annotations

from bot.i18n import LANGUAGES, catalog, placeholders


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
