"""The data file: verbatim from spec §8, every constraint checked at import."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from games.akelarre import data

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "docs" / "rules" / "akelarre.md"
FILE = ROOT / "games" / "akelarre" / "data.toml"


def test_the_data_file_is_the_spec_toml_verbatim() -> None:
    block = SPEC.read_text().split("## 8. Data not given by the text", 1)[1].split("```toml\n", 1)[1]
    assert FILE.read_text() == block.split("```", 1)[0]


def test_counts() -> None:
    """§2.3: 5 families × (6, 5, 4, 3, 2 copies of 2–6 + 1 joker) = 105; plus 5 favourite cards."""
    assert len(data.ALL_CARDS) == len(set(data.ALL_CARDS)) == 105
    assert data.FAMILIES == ("fairies", "goblins", "druids", "nymphs", "witches")
    per_value = Counter(data.value_of(c) for c in data.ALL_CARDS)
    assert per_value == {2: 30, 3: 25, 4: 20, 5: 15, 6: 10, None: 5}
    assert sum(v for c in data.ALL_CARDS if (v := data.value_of(c)) is not None) == 5 * 70
    assert len(data.FAVOURITE_CARD) == 5 and data.JOKERS == ("FJ", "GJ", "DJ", "NJ", "WJ")
    assert data.GAME_INFO.deck_after_deal == {2: 91, 3: 84, 4: 77}
    assert data.GAME_INFO.meeting_places_at_start == {2: 2, 3: 1, 4: 1}
    assert (data.MAX_PLACES, data.PLACE_COST, data.BONUS, data.STALL_ROUNDS) == (3, 5, 8, 10)


def test_card_helpers() -> None:
    assert (data.family_of("G5b"), data.value_of("G5b"), data.kind_of("G5b")) == ("goblins", 5, "G5")
    assert data.is_joker("NJ") and data.value_of("NJ") is None and data.family_of("NJ") == "nymphs"
    assert data.sort_cards(["WJ", "F6a", "F2b", "G2a"]) == ["F2b", "F6a", "G2a", "WJ"]
    assert data.label("GJ", 5) == "GJ@5" and data.label("G5a", 5) == "G5a"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"F2a", "F2b", "F2c", "F2d", "F2e", "F2f", ', '"F2a", "F2b", "F2c", "F2d", "F2e", '),  # 20 Fairies
        ('"GJ",\n', '"G6c",\n'),  # a third Goblin 6 instead of the joker
        ("3 = 84", "3 = 85"),  # the deck after the deal does not add up
        ("max_meeting_places_per_player = 3", "max_meeting_places_per_player = 4"),
        ('code = "W"', 'code = "F"'),
    ],
)
def test_broken_files_are_refused(old: str, new: str) -> None:
    text = FILE.read_text()
    assert old in text
    with pytest.raises(ValidationError):
        data.parse(text.replace(old, new, 1))
