"""The Akelarre catalogs: every key the engine emits, in English and Italian alike."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from bot.i18n import engine_catalog, has
from bot.render import OWN, SUIT_FORMS, event_key
from games.akelarre import GAME
from games.akelarre.data import ALL_CARDS, FAMILIES, JOKERS, VALUES
from games.akelarre.game import STEP_DECISIONS
from games.core.simulate import ai_game
from tests import catalogs

ROOT = catalogs.ROOT
SOURCES = catalogs.sources("akelarre")
EN, IT = catalogs.load("akelarre", "en"), catalogs.load("akelarre", "it")
placeholders = catalogs.placeholders
PLURAL = frozenset({"zero", "one", "two", "few", "many", "other"})


def raw(language: str) -> dict[str, Any]:
    with engine_catalog("akelarre", language).open("rb") as handle:
        return tomllib.load(handle)


def plural_tables(table: dict[str, Any], prefix: str = "") -> dict[str, dict[str, str]]:
    """Plural messages: a table whose keys are CLDR categories, ``other`` included."""
    out: dict[str, dict[str, str]] = {}
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and "other" in value and set(value) <= PLURAL:
            out[full] = value
        elif isinstance(value, dict):
            out |= plural_tables(value, full)
    return out


def emitted_keys(kind: str) -> set[str]:
    return catalogs.emitted_keys("akelarre", kind)


def test_same_keys_and_placeholders() -> None:
    assert set(EN) == set(IT)
    assert {k: placeholders(v) for k, v in EN.items()} == {k: placeholders(v) for k, v in IT.items()}
    assert all(v.strip() for v in [*EN.values(), *IT.values()])
    sections = [v for k, v in [*EN.items(), *IT.items()] if k.startswith("akelarre.rules.")]
    assert len(sections) == 20 and all(len(text) <= 1024 for text in sections)  # /rules' fields
    assert EN["game.akelarre.name"] == IT["game.akelarre.name"] == "Akelarre"
    assert has("game.akelarre.name")  # the lobby's list of games


def test_plural_messages_are_one_message_with_count() -> None:
    """A plural table is one key; every form has the same placeholders, {count} among them."""
    en, it = plural_tables(raw("en")), plural_tables(raw("it"))
    assert set(en) == set(it) and len(en) >= 5
    for forms in [*en.values(), *it.values()]:
        assert {"one", "other"} <= set(forms)
        names = {frozenset(placeholders(text)) for text in forms.values()}
        assert len(names) == 1 and "count" in next(iter(names))
    for key in en:
        assert key in EN and EN[key] == en[key]["other"]


def test_every_card_and_family_has_a_name() -> None:
    """Cards are named by family and value (never by id); a joker also with its value."""
    labels = {f"{joker}@{value}" for joker in JOKERS for value in VALUES}
    for catalog in (EN, IT):
        assert {f"akelarre.card.{c}" for c in ALL_CARDS} | {f"akelarre.card.{x}" for x in labels} <= set(
            catalog
        )
        assert {f"akelarre.suit.{f}" for f in FAMILIES} <= set(catalog)
        assert {f"akelarre.family.{f}" for f in FAMILIES} <= set(catalog)
        assert not any(re.search(r"\b[FGDNW][2-6][a-f]\b", catalog[f"akelarre.card.{c}"]) for c in ALL_CARDS)
    assert EN["akelarre.card.F2a"] == "🧚 2 of Fairies" and IT["akelarre.card.F2a"] == "🧚 2 di Fate"
    assert IT["akelarre.card.GJ@5"] == "🍄 Jolly dei Folletti come 5"
    assert [IT[f"akelarre.suit.{f}"].split()[1] for f in FAMILIES] == [
        "Fate",
        "Folletti",
        "Druidi",
        "Ninfe",
        "Streghe",
    ]


def test_every_key_the_engine_uses_is_in_the_catalog() -> None:
    used = emitted_keys("event") | emitted_keys("error") | emitted_keys("outcome")
    assert len(emitted_keys("event")) > 25 and len(emitted_keys("error")) > 30
    assert sorted(used - set(EN)) == []
    kinds = set(re.findall(r'kind="akelarre\.(\w+)"', (ROOT / "games/akelarre/game.py").read_text()))
    kinds |= {kind.split(".")[1] for kind, _rule in STEP_DECISIONS.values()}
    decisions = {f"akelarre.decision.{k}" for k in kinds}
    assert len(decisions) == 6 and decisions <= set(EN)
    # Decision lines are public: they name their player and never talk to "you".
    assert all(placeholders(EN[k]) == {"seat"} for k in decisions)
    assert not any(re.search(r"\byou", EN[k], re.IGNORECASE) for k in decisions)


def test_no_unused_event_or_error_keys() -> None:
    for kind in ("event", "error"):
        listed = {k for k in EN if k.startswith(f"akelarre.{kind}.")}
        # ``<key>_own``: the line when the actor acts on their own place (bot.render.event_key).
        own = {k for k in listed if k.endswith(OWN) and k.removesuffix(OWN) in emitted_keys(kind)}
        assert listed - own == emitted_keys(kind)
        assert all(placeholders(EN[k]) <= placeholders(EN[k.removesuffix(OWN)]) for k in own)


def test_public_event_texts_never_say_you() -> None:
    private = {"akelarre.event.favourite", "akelarre.event.dealt", "akelarre.event.drew_cards"}
    own = {k + OWN for k in emitted_keys("event") if k + OWN in EN}
    for key in (emitted_keys("event") | own) - private:
        assert not re.search(r"\b(you|your)\b", EN[key], re.IGNORECASE), key
        assert not re.search(r"\b(tu|tuo|tua|hai|puoi|devi)\b", IT[key], re.IGNORECASE), key


def with_forms(params: dict[str, Any]) -> dict[str, Any]:
    """The params as the renderer offers them: a family also with its article
    (``{suit_of}``, bot.render.SUIT_FORMS)."""
    suits = [k for k in params if k == "suit" or k.endswith("_suit")]
    return {**params, **{f"{k}_{form}": params[k] for k in suits for form in SUIT_FORMS}}


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {}), (4, {"teams": True})])
def test_event_placeholders_match_params(players: int, options: dict[str, Any]) -> None:
    seen: set[str] = set()
    forms = plural_tables(raw("en")) | {f"it:{k}": v for k, v in plural_tables(raw("it")).items()}
    for seed in range(3):
        state, events, _actions = ai_game(GAME, players, seed, options)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert placeholders(EN[outcome.reason]) <= set(outcome.params)
        for event in events:
            seen.add(event.key)
            params = with_forms(event.params)
            assert placeholders(EN[event.key]) <= set(params), event.key
            for text in [EN[event.key], IT[event.key], *forms.get(event.key, {}).values()]:
                text.format(**params)
    assert len(seen) > 15


def test_lines_said_to_their_actor_format_and_say_you() -> None:
    """``akelarre.event_you.*``: the page's line to the seat an event's ``{seat}`` names
    (cogs/activity/shown.py). Each stands behind a line with that seat, uses only that
    line's parameters in both languages (nothing hidden is added), speaks to "you", and
    formats with the params every event of a few whole games carries."""
    yours = {k for k in EN if k.startswith("akelarre.event_you.")}
    assert len(yours) > 20 and yours == {k for k in IT if k.startswith("akelarre.event_you.")}
    for key in yours:
        line = key.replace(".event_you.", ".event.")
        assert "seat" in placeholders(EN[line]), key
        for catalog in (EN, IT):
            assert placeholders(catalog[key]) <= placeholders(catalog[line]), key
        assert re.search(r"\b(you|your)\b", EN[key], re.IGNORECASE), key
    forms = plural_tables(raw("en")) | {f"it:{k}": v for k, v in plural_tables(raw("it")).items()}
    said: set[str] = set()
    for players, options in [(3, {}), (4, {"teams": True})]:
        _state, events, _actions = ai_game(GAME, players, 0, options)
        for event in events:
            key = event_key(event).replace(".event.", ".event_you.")
            if key not in EN:
                continue
            said.add(key)
            params = with_forms(event.params)
            for text in [
                EN[key],
                IT[key],
                *forms.get(key, {}).values(),
                *forms.get(f"it:{key}", {}).values(),
            ]:
                text.format(**params)
    assert len(said) > 12


def calls(source: str, name: str) -> list[str]:
    """The argument text of every ``name(...)`` call (balanced parentheses)."""
    out = []
    for match in re.finditer(rf"\b{name}\(", source):
        depth, index = 1, match.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(source[index], 0)
            index += 1
        out.append(source[match.end() : index - 1])
    return out


def test_errors_format_with_their_params() -> None:
    source = "\n".join(path.read_text() for path in SOURCES)
    checked = 0
    for arguments in calls(source, "RuleError"):
        found = re.match(r'\s*"(akelarre\.error\.[a-z_]+)",\s*"[^"]*"(.*)', arguments, re.DOTALL)
        if found is None:
            continue
        key, params = found.group(1), found.group(2)
        names = set(with_forms(dict.fromkeys(re.findall(r"(\w+)=", params))))
        if "**place_params" in params:
            names |= {"place", "owner_seat", "place_number"}
        assert placeholders(EN[key]) <= names, (key, names)
        assert placeholders(IT[key]) <= names, (key, names)
        checked += 1
    assert checked >= 35


@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_set_is_named_by_its_size_and_its_value_apart(size: int) -> None:
    """Seen once: "set of fours" (three 4s) read beside "four of a kind" (four cards) as
    the same thing. The spec's words (tris = three of a kind, poker = four of a kind)
    name the size; the value is a digit, so it never reads as a count."""
    from bot.i18n import t
    from cogs.akelarre.places import group_short, group_text

    families = ["F", "G", "D", "N", "W"][:size]
    cards = [(f"{f}4a", 4) for f in families]
    size_word = {3: "three of a kind of 4s", 4: "four of a kind of 4s", 5: "full set of 4s"}[size]
    size_it = {3: "tris di 4", 4: "poker di 4", 5: "serie di 4"}[size]
    for text in (group_text(cards, "en"), group_short(cards, "en"), group_short(cards, "en", opened=True)):
        assert size_word in text and "fours" not in text, text
    for text in (group_text(cards, "it"), group_short(cards, "it"), group_short(cards, "it", opened=True)):
        assert size_it in text, text
    if size < 5:  # the board picture's heading of a place (a 5th card captures the group)
        assert t(f"akelarre.ui.picture.set_{size}", "en", word="4s") == size_word
        assert t(f"akelarre.ui.picture.set_{size}", "it", word="4") == size_it
