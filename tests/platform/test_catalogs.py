"""English and Italian catalogs (the platform's, and each game's beside its code):
the same keys, the same placeholders."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from bot.extensions import presented_games
from bot.i18n import (
    LANGUAGES,
    LOCALES_DIR,
    catalog,
    catalog_files,
    engine_catalog,
    face_catalog,
    face_extras,
    join,
    placeholders,
    plural_category,
    plural_forms,
    t,
)
from games.registry import GAMES
from tests.catalogs import flatten


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


def catalog_pairs() -> list[tuple[Path, Path]]:
    """Every catalog file in English with its Italian twin: the platform's, and
    each registered game's own (games/<id>/locales/) and its face's (cogs/<id>/locales/)."""
    pairs = [(en, LOCALES_DIR / "it" / en.name) for en in sorted((LOCALES_DIR / "en").glob("*.toml"))]
    for game_id in GAMES:
        pairs.append((engine_catalog(game_id, "en"), engine_catalog(game_id, "it")))
        face_en, face_it = face_catalog(game_id, "en"), face_catalog(game_id, "it")
        if face_en is not None and face_it is not None:
            pairs.append((face_en, face_it))
        extras = face_extras(game_id, "en")
        pairs += [(en, en.parents[1] / "it" / en.name) for en in extras]
        assert [it for _, it in pairs[len(pairs) - len(extras) :]] == face_extras(game_id, "it")
    return pairs


def keys_of(path: Path) -> dict[str, str]:
    with path.open("rb") as handle:
        return flatten("", tomllib.load(handle), {})


def test_every_game_s_words_are_beside_its_code_in_both_languages() -> None:
    for language in LANGUAGES:
        assert all(engine_catalog(game_id, language).is_file() for game_id in GAMES)
        faces = [face_catalog(game_id, language) for game_id in presented_games()]
        assert all(path is not None and path.is_file() for path in faces)
        assert catalog_files(language) == [pair[LANGUAGES.index(language)] for pair in catalog_pairs()]


def test_each_catalog_file_and_its_twin_have_the_same_keys_and_placeholders() -> None:
    for en_path, it_path in catalog_pairs():
        en, it = keys_of(en_path), keys_of(it_path)
        assert sorted(set(en) ^ set(it)) == [], en_path
        assert {k: placeholders(v) for k, v in en.items()} == {k: placeholders(v) for k, v in it.items()}


def test_a_game_s_words_are_its_own_and_no_key_is_written_twice() -> None:
    """Keys are merged from many files: one written twice would silently win or lose."""
    for language in LANGUAGES:
        seen: dict[str, Path] = {}
        for path in catalog_files(language):
            keys = keys_of(path)
            assert sorted(set(keys) & set(seen)) == [], path
            seen |= dict.fromkeys(keys, path)
        for game_id in GAMES:
            own = (f"{game_id}.", f"game.{game_id}.")
            assert all(key.startswith(own) for key in keys_of(engine_catalog(game_id, language)))
            face = face_catalog(game_id, language)
            assert face is None or all(key.startswith(own) for key in keys_of(face))
            for extra in face_extras(game_id, language):
                assert all(key.startswith(own) for key in keys_of(extra)), extra


def test_every_declared_option_has_its_words_in_its_game_s_catalog() -> None:
    """/play's options and the lobby's fields are worded by the game declaring them."""
    options = [(game_id, o) for game_id, game in GAMES.items() for o in game.options]
    assert {o.name for _, o in options} >= {"teams", "rounds"}
    for language in LANGUAGES:
        for game_id, option in options:
            own = keys_of(engine_catalog(game_id, language))
            assert sorted(set(option.word_keys()) - set(own)) == [], (game_id, option.name, language)
            assert len(own[f"{option.words}.description"]) <= 100  # Discord's limit


def test_a_line_said_to_its_actor_stands_for_an_event_line() -> None:
    """``<game>.event_you.<name>`` is ``<game>.event.<name>`` said to its own actor on
    their page (cogs/activity/shown.py, ``heard``): an event line must stand behind
    it, and it may use no parameter that line does not (the event carries no other)."""
    en = catalog("en")
    yours = [k for k in en if ".event_you." in k]
    for key in yours:
        line = key.replace(".event_you.", ".event.")
        assert line in en, key
        assert placeholders(en[key]) <= placeholders(en[line]), key
