"""The Narnia catalogs: every key the engine emits, in English and Italian alike."""

from __future__ import annotations

import re

import pytest

from bot.render import TERRITORY_FORMS
from games.core.simulate import ai_game
from games.narnia import GAME
from games.narnia.data import CARD_IDS, CARD_TYPES, TERRITORIES
from games.narnia.rules import DECISION_RULE
from tests import catalogs

SOURCES = catalogs.sources("narnia")
EN, IT = catalogs.load("narnia", "en"), catalogs.load("narnia", "it")
placeholders = catalogs.placeholders


def emitted_keys(kind: str) -> set[str]:
    return catalogs.emitted_keys("narnia", kind)


def test_same_keys_and_placeholders() -> None:
    assert set(EN) == set(IT)
    assert {k: placeholders(v) for k, v in EN.items()} == {k: placeholders(v) for k, v in IT.items()}
    assert all(v.strip() for v in [*EN.values(), *IT.values()])
    assert all(key.startswith(("narnia.", "game.narnia.")) for key in EN)  # its name, its words
    sections = [v for k, v in [*EN.items(), *IT.items()] if k.startswith("narnia.rules.")]
    assert len(sections) == 20 and all(len(text) <= 1024 for text in sections)  # /rules' fields


def test_names_for_everything_the_ui_shows() -> None:
    """24 territories, 26 cards (+ their types), each card's text, colours, every decision."""
    assert {f"narnia.territory.{t}" for t in TERRITORIES} <= set(EN)
    assert {f"narnia.card.{c}" for c in CARD_IDS} | {f"narnia.card.{t}" for t in CARD_TYPES} <= set(EN)
    assert {f"narnia.card_text.{c}" for c in CARD_IDS} <= set(EN)
    assert {f"narnia.colour.{c}" for c in ("red", "blue", "green", "yellow", "white")} <= set(EN)
    decisions = {f"narnia.decision.{phase}" for phase in DECISION_RULE}
    assert decisions <= set(EN) and all(placeholders(EN[k]) == {"seat"} for k in decisions)
    assert {"narnia.outcome.witch_defeated", "narnia.outcome.all_eliminated"} <= set(EN)


def test_every_territory_has_its_article_and_prepositions() -> None:
    """Texts say "nell'Accampamento di Aslan", not "in Accampamento di Aslan": every name has
    each form a text may ask for (bot.render derives ``{territory_in}`` and the like)."""
    for form in TERRITORY_FORMS:
        assert {k for k in EN if k.startswith(f"narnia.territory_{form}.")} == {
            f"narnia.territory_{form}.{t}" for t in TERRITORIES
        }
    assert IT["narnia.territory_in.aslan_camp"] == "nell'Accampamento di Aslan"
    assert IT["narnia.territory_from.frozen_falls"] == "dalle Cascate Ghiacciate"
    assert IT["narnia.territory_the.caldron_pool"] == "lo Stagno del Calderone"
    assert EN["narnia.territory_in.stone_table"] == "at the Stone Table"


def with_forms(params: dict[str, object]) -> dict[str, object]:
    """An event's params as bot.render gives them to the text: each territory with its forms."""
    out = dict(params)
    for key, value in params.items():
        if key == "territory" or key.endswith("_territory"):
            out.update({f"{key}_{form}": value for form in TERRITORY_FORMS})
    return out


def test_every_event_and_error_key_is_listed_and_none_is_stale() -> None:
    for kind in ("event", "error"):
        listed = {k for k in EN if k.startswith(f"narnia.{kind}.")}
        assert listed == emitted_keys(kind)


def test_errors_format_with_their_params() -> None:
    source = "\n".join(path.read_text() for path in SOURCES)
    checked = 0
    for match in re.finditer(
        r'RuleError\(\s*"(narnia\.error\.[a-z_]+)",\s*[^,)]+((?:,\s*\w+=[^,)]+)*)', source
    ):
        key, params = match.group(1), match.group(2)
        names = set(re.findall(r"(\w+)=", params))
        assert placeholders(EN[key]) <= names, (key, names)
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("players", [2, 3, 4])
def test_event_placeholders_match_params(players: int) -> None:
    """Every event of real games has the params its text needs, in both languages; battle
    events carry their live-message id."""
    seen: set[str] = set()
    for seed in range(3):
        _state, events, _actions = ai_game(GAME, players, seed)
        for event in events:
            seen.add(event.key)
            assert event.public
            params = with_forms(event.params)
            missing = placeholders(EN[event.key]) - set(params)
            assert not missing, (event.key, missing)
            EN[event.key].format(**params)
            IT[event.key].format(**params)
            if "throw" in event.key or "battle" in event.key:
                assert str(event.params["live"]).startswith("battle-")
    assert len(seen) > 25
