"""The Tir Nan Og Wars catalogs: every key the engine emits, in English and Italian alike.

A plural message is a TOML table keyed by CLDR plural categories (``{ one = …, other = … }``)
and counts as one message; this file reads the catalogs itself, so it does not depend on
how the shared reader treats such tables."""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import engine_catalog
from games.core.simulate import ai_game
from games.tirnanog import GAME
from games.tirnanog.data import CARDS, PILE_TYPES, SPECIES, TYPES
from games.tirnanog.state import VP_SOURCES

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "games" / "tirnanog").glob("*.py"))
PLURAL = frozenset({"zero", "one", "two", "few", "many", "other"})


def is_plural(value: object) -> bool:
    return isinstance(value, dict) and "other" in value and set(value) <= PLURAL


def flatten(prefix: str, table: dict[str, Any], out: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Dotted key -> its forms (a plain message has the one form ``other``)."""
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if is_plural(value):
            out[full] = {k: str(v) for k, v in value.items()}
        elif isinstance(value, dict):
            flatten(full, value, out)
        else:
            out[full] = {"other": str(value)}
    return out


def load(language: str) -> dict[str, dict[str, str]]:
    with engine_catalog("tirnanog", language).open("rb") as handle:
        return flatten("", tomllib.load(handle), {})


EN, IT = load("en"), load("it")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def all_placeholders(forms: dict[str, str]) -> set[str]:
    return set().union(*(placeholders(text) for text in forms.values()))


def emitted(kind: str) -> set[str]:
    pattern = re.compile(rf'"(tirnanog\.{kind}\.[a-z0-9_]+)"')
    return {key for path in SOURCES for key in pattern.findall(path.read_text())}


def test_same_keys_and_placeholders() -> None:
    assert set(EN) == set(IT)
    for key in EN:
        assert all_placeholders(EN[key]) == all_placeholders(IT[key]), key
        # Every form of one message takes the same parameters.
        for forms in (EN[key], IT[key]):
            assert all(placeholders(text) == all_placeholders(forms) for text in forms.values()), key
            assert all(text.strip() for text in forms.values()), key
    sections = [v["other"] for k, v in [*EN.items(), *IT.items()] if k.startswith("tirnanog.rules.")]
    assert len(sections) == 20 and all(len(text) <= 1024 for text in sections)  # /rules' fields
    assert EN["game.tirnanog.name"] == {"other": "Tir Nan Og Wars"}


def test_plural_messages_are_keyed_by_count() -> None:
    plurals = [key for key, forms in EN.items() if len(forms) > 1]
    assert len(plurals) > 15
    for key in plurals:
        assert {"one", "other"} <= set(EN[key]) and {"one", "other"} <= set(IT[key])
        assert "count" in all_placeholders(EN[key]), key


def test_every_card_species_type_power_and_source_has_a_name() -> None:
    for catalog in (EN, IT):
        assert {f"tirnanog.territory.{c}" for c in CARDS} <= set(catalog)
        assert {f"tirnanog.resource.{s}" for s in SPECIES} <= set(catalog)
        assert {f"tirnanog.resource_count.{s}" for s in SPECIES} <= set(catalog)
        assert {f"tirnanog.terrain.{t}" for t in TYPES} <= set(catalog)
        assert {f"tirnanog.power.{TYPES[t].power}" for t in TYPES} <= set(catalog)
        assert {f"tirnanog.power_text.{TYPES[t].power}" for t in TYPES} <= set(catalog)
        assert {f"tirnanog.source.{s}" for s in VP_SOURCES} <= set(catalog)
    assert IT["tirnanog.territory.plain_01"]["other"] == "🌾 Pianura (grifone, elfo)"
    assert IT["tirnanog.resource_count.griffin"] == {
        "one": "{count} 🦅 grifone",
        "other": "{count} 🦅 grifoni",
    }
    assert IT["tirnanog.terrain.forest"]["other"].endswith("Bosco") and len(PILE_TYPES) == 6


def test_every_key_the_engine_uses_is_in_the_catalog() -> None:
    used = emitted("event") | emitted("error") | emitted("outcome")
    assert len(emitted("event")) > 40 and len(emitted("error")) > 12
    assert sorted(used - set(EN)) == []
    kinds = set(re.findall(r'kind="tirnanog\.(\w+)"', (ROOT / "games/tirnanog/game.py").read_text()))
    decisions = {f"tirnanog.decision.{k}" for k in kinds}
    assert len(decisions) == 4 and decisions <= set(EN)
    # Public ping texts name the player.
    assert all(all_placeholders(EN[k]) == {"seat"} for k in decisions)


def test_no_unused_event_or_error_keys() -> None:
    for kind in ("event", "error"):
        listed = {k for k in EN if k.startswith(f"tirnanog.{kind}.")}
        assert listed == emitted(kind)


def test_public_lines_never_say_you() -> None:
    """Public lines name the player; only private texts (errors, the deal) and the rules
    summary (help for the reader) address 'you'; nothing is gendered."""
    # Private too: the page's prompt to the seat that decides (tirnanog.decision_you.*) and
    # the page's log line said to the seat an event names (tirnanog.event_you.*).
    private = (
        "tirnanog.event.dealt",
        "tirnanog.rules.",
        "tirnanog.error.",
        "tirnanog.decision_you.",
        "tirnanog.event_you.",
    )
    for key, forms in EN.items():
        assert not re.search(r"\b(he|she|his|her|him)\b", " ".join(forms.values()), re.IGNORECASE), key
        if key.startswith(private):
            continue
        for text in forms.values():
            assert not re.search(r"\b(you|your|his|her)\b", text, re.IGNORECASE), (key, text)
    for key, forms in IT.items():
        if key.startswith(private):
            continue
        for text in forms.values():
            assert not re.search(r"\b(tu|tuo|tua|tuoi|tue|hai)\b", text, re.IGNORECASE), (key, text)
    assert not re.search(r"[a-z]+_\d\d", " ".join(f["other"] for f in EN.values()))  # no internal ids


def render(language: dict[str, dict[str, str]], key: str, params: dict[str, Any]) -> str:
    forms = language[key]
    count = params.get("count")
    text = forms.get("one" if count == 1 else "other", forms["other"])
    return text.format(**params)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_event_placeholders_match_params(players: int) -> None:
    seen: set[str] = set()
    for seed in range(5):
        state, events, _actions = ai_game(GAME, players, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert all_placeholders(EN[outcome.reason]) <= set(outcome.params)
        for event in events:
            seen.add(event.key)
            assert all_placeholders(EN[event.key]) <= set(event.params), event.key
            render(EN, event.key, event.params)
            render(IT, event.key, event.params)
    assert len(seen) > 35


def test_errors_format_with_their_params() -> None:
    source = "\n".join(path.read_text() for path in SOURCES)
    checked = 0
    for match in re.finditer(
        r'RuleError\(\s*"(tirnanog\.error\.[a-z_]+)",\s*[^,)]+((?:,\s*\w+=[^,)]+)*)', source
    ):
        key, params = match.group(1), match.group(2)
        names = set(re.findall(r"(\w+)=", params))
        assert all_placeholders(EN[key]) <= names, (key, names)
        checked += 1
    assert checked >= 15


def test_the_bot_reads_the_catalog() -> None:
    """The bot's own loader finds the game's name and picks plural forms by ``count``."""
    from bot.i18n import has, t

    assert has("game.tirnanog.name") and has("tirnanog.event.refilled")
    one = t("tirnanog.event.refilled", "it", count=1, cards="1 🐉 drago", deck_size=3)
    many = t("tirnanog.event.refilled", "en", count=2, cards="2 🐉 dragons", deck_size=3)
    assert one.startswith("Il display si riempie con 1 carta:") and many.startswith("2 cards refill")
