"""The data file: verbatim from spec §8.3, every constraint of §2 and §8.2 checked at import."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from games.tirnanog import data

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "docs" / "rules" / "tirnanog.md"


def test_the_data_file_is_the_spec_toml_verbatim() -> None:
    text = SPEC.read_text()
    block = text.split("### 8.3 Data file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    assert (ROOT / "games" / "tirnanog" / "data.toml").read_text() == block


def test_counts() -> None:
    """TNO-2.1 / TNO-2.3 / TNO-2.5 / §8.2 #1."""
    assert len(data.CREATURES) == 58
    assert Counter(data.species_of(c) for c in data.CREATURES) == {
        "dragon": 12,
        "elf": 12,
        "fairy": 12,
        "griffin": 11,
        "centaur": 11,
    }
    assert len(data.TERRITORIES) == 46 and len(data.FOUNTAINS) == 6
    assert Counter(t.type for t in data.TERRITORIES.values()) == {
        "plain": 11,
        "castle": 7,
        "forest": 7,
        "river": 7,
        "temple": 7,
        "volcano": 7,
    }
    assert data.PILE_TYPES == ("plain", "castle", "forest", "river", "temple", "volcano")


def test_values_and_scores_by_type() -> None:
    """TNO-2.3 / R4."""
    values = {t: data.TYPES[t].value for t in data.TYPES}
    assert values == {
        "plain": 2,
        "castle": 3,
        "forest": 2,
        "river": 4,
        "temple": 3,
        "volcano": 1,
        "fountain": 0,
    }
    assert {t: data.TYPES[t].vp for t in data.TYPES} == {
        "plain": 2,
        "castle": 2,
        "forest": 2,
        "river": 3,
        "temple": 2,
        "volcano": 2,
        "fountain": 4,
    }


def test_rulebook_example_cards() -> None:
    """§8.2 #4."""
    assert data.CARDS["plain_01"].symbols == ["griffin", "elf"]
    assert data.CARDS["volcano_01"].symbols == ["dragon", "any", "any"]
    assert data.CARDS["castle_01"].symbols == ["griffin", "centaur", "centaur", "any"]


def test_symbol_supply_and_costs() -> None:
    """§8.2 #6-7: the requirement totals and the cost per type; forests always want a fairy."""
    symbols = Counter(s for t in data.TERRITORIES.values() for s in t.symbols)
    assert symbols == {"dragon": 23, "elf": 23, "fairy": 18, "griffin": 21, "centaur": 21, "any": 35}
    costs = {t.type: set() for t in data.TERRITORIES.values()}
    for card in data.TERRITORIES.values():
        costs[card.type].add(len(card.symbols))
    assert costs == {"plain": {2}, "volcano": {3}, "forest": {3}, "temple": {3}, "castle": {4}, "river": {4}}
    assert all("fairy" in t.symbols for t in data.TERRITORIES.values() if t.type == "forest")
    assert all(
        max(Counter(t.symbols).values()) <= 2 or t.symbols.count("any") > 2 for t in data.TERRITORIES.values()
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('id = "plain_11"\ntype = "plain"\nvalue = 2', 'id = "plain_11"\ntype = "plain"\nvalue = 3'),  # R4
        (
            '[species.centaur]\nname_it = "centauro"\nplural_it = "centauri"\ncode = "C"\ncount = 11',
            '[species.centaur]\nname_it = "centauro"\nplural_it = "centauri"\ncode = "C"\ncount = 12',
        ),  # 59
        (
            'id = "fountain_6"\ntype = "fountain"\nvalue = 0\nsymbols = []',
            'id = "fountain_6"\ntype = "fountain"\nvalue = 0\nsymbols = ["elf"]',
        ),  # TNO-2.5
        (
            'symbols = ["griffin", "elf"]        # rulebook example (Alfredo)',
            'symbols = ["satyr", "elf"]',
        ),  # R1: no satyr species
        ("territory_remove_per_type = 2", "territory_remove_per_type = 7"),  # TNO-2.4
    ],
)
def test_broken_files_are_refused(old: str, new: str) -> None:
    text = (ROOT / "games" / "tirnanog" / "data.toml").read_text()
    assert old in text
    with pytest.raises(ValidationError):
        data.parse(text.replace(old, new, 1))


def test_requirements() -> None:
    assert data.requirement("castle_01") == (
        {"dragon": 0, "elf": 0, "fairy": 0, "griffin": 1, "centaur": 2},
        1,
    )
    assert data.cost("river_05") == 4 and data.requirement("fountain_1") == (
        dict.fromkeys(data.SPECIES, 0),
        0,
    )
