"""The Mag Mor catalogs: every key the engine emits, in English and Italian alike."""

from __future__ import annotations

import re

import pytest

from games.core.simulate import ai_game
from games.magmor import GAME
from games.magmor.data import RESOURCES, TERRAIN_TYPES
from tests import catalogs

ROOT = catalogs.ROOT
SOURCES = catalogs.sources("magmor")
EN, IT = catalogs.load("magmor", "en"), catalogs.load("magmor", "it")
placeholders = catalogs.placeholders


def emitted_keys(kind: str) -> set[str]:
    return catalogs.emitted_keys("magmor", kind)


def test_same_keys_and_placeholders() -> None:
    """Both languages hold exactly the same keys with the same placeholders, none empty."""
    assert set(EN) == set(IT)
    assert {k: placeholders(v) for k, v in EN.items()} == {k: placeholders(v) for k, v in IT.items()}
    assert all(v.strip() for v in [*EN.values(), *IT.values()])
    assert all(key.startswith(("magmor.", "game.magmor.")) for key in EN)  # its name, its words


def test_every_key_the_engine_uses_is_in_the_catalog() -> None:
    """Events, errors, outcomes and decisions named in the source all have a text."""
    used = emitted_keys("event") | emitted_keys("error") | emitted_keys("outcome")
    assert len(emitted_keys("event")) > 20 and len(emitted_keys("error")) > 15
    assert sorted(used - set(EN)) == []
    decisions = {
        f"magmor.decision.{k.removeprefix('magmor.')}"
        for k in re.findall(
            r'"(magmor\.(?:choose|split|pay|magmor))"', (ROOT / "games/magmor/game.py").read_text()
        )
    }
    assert len(decisions) == 4 and decisions <= set(EN)
    assert all(placeholders(EN[k]) == {"seat"} for k in decisions)
    assert {f"magmor.resource.{r}" for r in RESOURCES} <= set(EN)
    assert {f"magmor.terrain.{t}" for t in TERRAIN_TYPES} <= set(EN)


def test_no_unused_event_or_error_keys() -> None:
    """The catalog holds no stale event or error text."""
    for kind in ("event", "error"):
        listed = {k for k in EN if k.startswith(f"magmor.{kind}.")}
        assert listed == emitted_keys(kind)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_event_placeholders_match_params(players: int) -> None:
    """Every event of real games has its params for the catalog's placeholders."""
    seen: set[str] = set()
    for seed in range(15):
        state, events, _actions = ai_game(GAME, players, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert placeholders(EN[outcome.reason]) <= set(outcome.params)
        for event in events:
            seen.add(event.key)
            missing = placeholders(EN[event.key]) - set(event.params)
            assert not missing, (event.key, missing)
            EN[event.key].format(**event.params)
            IT[event.key].format(**event.params)
    assert len(seen) > 20


def test_errors_format_with_their_params() -> None:
    """Every RuleError raised by the engine names its placeholders (checked on the source)."""
    source = "\n".join(path.read_text() for path in SOURCES)
    checked = 0
    for match in re.finditer(
        r'RuleError\(\s*"(magmor\.error\.[a-z_]+)",\s*"[^"]*"((?:,\s*\w+=[^,)]+)*)', source
    ):
        key, params = match.group(1), match.group(2)
        names = set(re.findall(r"(\w+)=", params))
        assert placeholders(EN[key]) <= names, (key, names)
        checked += 1
    assert checked >= 15
