"""The Talismani catalogs: every key the engine emits, in English and Italian alike."""

from __future__ import annotations

import re

import pytest

from bot.i18n import has
from games.core.simulate import ai_game
from games.talismani import GAME
from games.talismani.data import ALL_CARDS, SUITS
from tests import catalogs

ROOT = catalogs.ROOT
SOURCES = catalogs.sources("talismani")
EN, IT = catalogs.load("talismani", "en"), catalogs.load("talismani", "it")
placeholders = catalogs.placeholders


def emitted_keys(kind: str) -> set[str]:
    return catalogs.emitted_keys("talismani", kind)


def test_same_keys_and_placeholders() -> None:
    assert set(EN) == set(IT)
    assert {k: placeholders(v) for k, v in EN.items()} == {k: placeholders(v) for k, v in IT.items()}
    assert all(v.strip() for v in [*EN.values(), *IT.values()])
    sections = [v for k, v in [*EN.items(), *IT.items()] if k.startswith("talismani.rules.")]
    assert len(sections) == 24 and all(len(text) <= 1024 for text in sections)  # /rules' fields
    assert EN["game.talismani.name"] == IT["game.talismani.name"]  # the lobby's list of games
    assert has("game.talismani.name")


def test_every_card_and_suit_has_a_name() -> None:
    for catalog in (EN, IT):
        assert {f"talismani.card.{c}" for c in ALL_CARDS} <= set(catalog)
        assert {f"talismani.suit.{s}" for s in SUITS} <= set(catalog)
    assert EN["talismani.card.sun-4"] == "☀️ Sun 4" and IT["talismani.card.sun-4"] == "☀️ Sole 4"


def test_every_key_the_engine_uses_is_in_the_catalog() -> None:
    used = emitted_keys("event") | emitted_keys("error") | emitted_keys("outcome")
    assert len(emitted_keys("event")) > 25 and len(emitted_keys("error")) > 10
    assert sorted(used - set(EN)) == []
    kinds = set(re.findall(r'kind="talismani\.(\w+)"', (ROOT / "games/talismani/game.py").read_text()))
    kinds |= {"change_order", "change_weather"}  # built as f"talismani.{phase}"
    decisions = {f"talismani.decision.{k}" for k in kinds}
    assert len(decisions) == 7 and decisions <= set(EN)
    # A one-seat decision names its player; the set-aside decision names every player
    # still deciding ({seats}, cogs.channel.publisher.decision_line); the play concerns everyone.
    simultaneous = {"talismani.decision.play", "talismani.decision.set_aside"}
    assert all(placeholders(EN[k]) == {"seat"} for k in decisions - simultaneous)
    assert placeholders(EN["talismani.decision.play"]) == set()
    assert placeholders(EN["talismani.decision.set_aside"]) == {"seats"}


def test_no_unused_event_or_error_keys() -> None:
    for kind in ("event", "error"):
        listed = {k for k in EN if k.startswith(f"talismani.{kind}.")}
        assert listed == emitted_keys(kind)


@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_event_placeholders_match_params(players: int) -> None:
    seen: set[str] = set()
    for seed in range(4):
        state, events, _actions = ai_game(GAME, players, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert placeholders(EN[outcome.reason]) <= set(outcome.params)
        for event in events:
            seen.add(event.key)
            assert placeholders(EN[event.key]) <= set(event.params), event.key
            EN[event.key].format(**event.params)
            IT[event.key].format(**event.params)
    assert len(seen) > 15


def test_errors_format_with_their_params() -> None:
    source = "\n".join(path.read_text() for path in SOURCES)
    checked = 0
    for match in re.finditer(
        r'RuleError\(\s*"(talismani\.error\.[a-z_]+)",\s*"[^"]*"((?:,\s*\w+=[^,)]+)*)', source
    ):
        key, params = match.group(1), match.group(2)
        names = set(re.findall(r"(\w+)=", params))
        assert placeholders(EN[key]) <= names, (key, names)
        checked += 1
    assert checked >= 10
