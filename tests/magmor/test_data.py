"""The Mag Mor data file against the design constraints of spec §8.1."""

from __future__ import annotations

import re
from collections import Counter
from importlib.resources import files
from pathlib import Path
from statistics import mean

import pytest
from pydantic import ValidationError

from games.magmor.data import CARDS, DATA, HONOUR_VP, OBJECTIVES, RESOURCES, TERRAIN_TYPES, parse
from games.magmor.turn import active_rows

TEXT = files("games.magmor").joinpath("data.toml").read_text(encoding="utf-8")
SPEC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "magmor.md"


def totals(rows_of: str, players: int) -> dict[str, int]:
    out: Counter[str] = Counter()
    for card in CARDS.values():
        for row in active_rows(getattr(card, rows_of), players):
            out[row.res] += row.qty
    return dict(out)


def test_data_file_is_the_spec_block_verbatim() -> None:
    """§8.3: data.toml is the spec's TOML block, unchanged."""
    spec = SPEC.read_text(encoding="utf-8")
    block = re.search(r"### 8\.3 Data file\s+```toml\n(.*?)```", spec, re.S)
    assert block is not None
    assert block.group(1) == TEXT


def test_counts_from_the_text() -> None:
    """§8.1.1-2: 35 terrain cards, 7 per type, each back with a type, an explore cost and a hint;
    5 resources of 10 cards; 10 objectives; Mag Mor finds nothing and asks 2 per player."""
    assert len(CARDS) == 35
    assert Counter(card.terrain for card in CARDS.values()) == dict.fromkeys(TERRAIN_TYPES, 7)
    assert set(TERRAIN_TYPES) == {"hill", "mountain", "desert", "lake", "swamp"}
    assert RESOURCES == ("water", "food", "axe", "pickaxe", "medicine")
    assert all(r.pile == 10 for r in DATA.resource)
    assert len(OBJECTIVES) == 10
    assert DATA.magmor_card.found == [] and DATA.magmor_card.pay_per_player == 2
    for card in CARDS.values():
        assert card.terrain and card.explore_cost in RESOURCES and card.hint in RESOURCES


def test_hint_is_pay_row_one_with_two_or_three() -> None:
    """§8.1.3 / R22: the hint type is pay row 1 (active with 3 players too), quantity 2 or 3."""
    for card in CARDS.values():
        assert card.pay[0].res == card.hint and card.pay[0].qty in (2, 3), card.id
        assert card.explore_cost != card.hint, card.id


def test_example_cards() -> None:
    """§8.1.4-6: desert-1 is the rulebook's desert; desert-2 costs medicine; lake-1..5 hint axe."""
    desert1 = CARDS["desert-1"]
    assert [(r.res, r.qty) for r in desert1.found] == [("axe", 3), ("water", 2), ("food", 2)]
    assert [(r.res, r.qty) for r in desert1.pay] == [("water", 3), ("medicine", 1), ("pickaxe", 2)]
    assert (CARDS["desert-2"].terrain, CARDS["desert-2"].explore_cost, CARDS["desert-2"].hint) == (
        "desert",
        "medicine",
        "water",
    )
    assert all(CARDS[f"lake-{i}"].hint == "axe" for i in range(1, 6))


def test_card_structure() -> None:
    """§8.1.7-9: 3 rows per box, distinct types, one type shared by the boxes, quantities 1-3,
    bottom rows at most 2."""
    for card in CARDS.values():
        for box in (card.found, card.pay):
            assert len(box) == 3 and len({r.res for r in box}) == 3
            assert all(1 <= r.qty <= 3 for r in box)
            assert box[-1].qty <= 2
        assert len({r.res for r in card.found} & {r.res for r in card.pay}) == 1, card.id


def test_balance_across_types() -> None:
    """§8.1 balance: every type 7 times in each row position of both boxes; found 40 (30 with 3p);
    pay 34-35 (25-26 with 3p); hint and explore cost on 7 cards each."""
    for box in ("found", "pay"):
        for position in range(3):
            assert Counter(getattr(c, box)[position].res for c in CARDS.values()) == dict.fromkeys(
                RESOURCES, 7
            )
    assert totals("found", 4) == dict.fromkeys(RESOURCES, 40)
    assert totals("found", 3) == dict.fromkeys(RESOURCES, 30)
    assert all(v in (34, 35) for v in totals("pay", 4).values())
    assert all(v in (25, 26) for v in totals("pay", 3).values())
    assert Counter(c.hint for c in CARDS.values()) == dict.fromkeys(RESOURCES, 7)
    assert Counter(c.explore_cost for c in CARDS.values()) == dict.fromkeys(RESOURCES, 7)
    for terrain in TERRAIN_TYPES:
        costs = Counter(c.explore_cost for c in CARDS.values() if c.terrain == terrain)
        assert max(costs.values()) <= 2, terrain


@pytest.mark.parametrize(
    ("players", "found_range", "pay_range", "found_mean", "pay_mean"),
    [(3, (3, 6), (3, 5), 4.29, 3.66), (4, (4, 7), (4, 7), 5.71, 4.91)],
)
def test_per_card_ranges(
    players: int,
    found_range: tuple[int, int],
    pay_range: tuple[int, int],
    found_mean: float,
    pay_mean: float,
) -> None:
    """§8.1 per-card ranges and means for 3 and for 4-5 players."""
    found = [sum(r.qty for r in active_rows(c.found, players)) for c in CARDS.values()]
    pay = [sum(r.qty for r in active_rows(c.pay, players)) for c in CARDS.values()]
    assert (min(found), max(found)) == found_range
    assert (min(pay), max(pay)) == pay_range
    assert round(mean(found), 2) == found_mean and round(mean(pay), 2) == pay_mean


def test_flavour() -> None:
    """§8.1 flavour: the usual hint on 5 of 7 cards, the other 2 the next two types; the usual
    find on at least 5 cards."""
    for terrain in DATA.terrain_type:
        cards = [c for c in CARDS.values() if c.terrain == terrain.id]
        hints = Counter(c.hint for c in cards)
        assert hints[terrain.usual_hint] == 5
        i = RESOURCES.index(terrain.usual_hint)
        others = {RESOURCES[(i + 1) % 5], RESOURCES[(i + 2) % 5]}
        assert set(hints) - {terrain.usual_hint} == others and all(hints[o] == 1 for o in others)
        assert sum(any(r.res == terrain.usual_find for r in c.found) for c in cards) >= 5


def test_objectives() -> None:
    """§8.1 objectives: permutations of 3,2,1,1,1 on (i, i+1) and (i, i+2); each type worth
    3 on two cards, 2 on two and 1 on six. obj-05 is the rulebook's."""
    pairs = set()
    for values in OBJECTIVES.values():
        assert sorted(values.values()) == [1, 1, 1, 2, 3]
        three = RESOURCES.index(next(r for r, v in values.items() if v == 3))
        two = RESOURCES.index(next(r for r, v in values.items() if v == 2))
        assert (two - three) % 5 in (1, 2)
        pairs.add((three, two))
    assert len(pairs) == 10
    for res in RESOURCES:
        assert Counter(o[res] for o in OBJECTIVES.values()) == {3: 2, 2: 2, 1: 6}
    assert OBJECTIVES["obj-05"] == {"water": 1, "food": 1, "axe": 3, "pickaxe": 2, "medicine": 1}


def test_honour_table() -> None:
    """MM-4.8.3 / R1: the rulebook's table, -10 to +9."""
    assert sorted(HONOUR_VP) == list(range(-10, 10))
    assert [HONOUR_VP[h] for h in range(-10, 10)] == [
        -22, -18, -15, -12, -9, -7, -5, -3, -2, -1, 0, 1, 2, 3, 5, 7, 9, 12, 15, 18,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('id = "swamp-7"', 'id = "swamp-1"'),  # duplicate id
        (
            'pay = [{ res = "food", qty = 2 }, { res = "water", qty = 2 }, { res = "axe", qty = 1 }]\n',
            "pay = []\n",
        ),
        (
            'hint = "water"\nfound = [{ res = "axe", qty = 3 }',
            'hint = "axe"\nfound = [{ res = "axe", qty = 3 }',
        ),
        ("{ honour = 9, vp = 18 },", ""),
        ("values = { water = 3, food = 2, axe = 1, pickaxe = 1, medicine = 1 }", "values = { water = 3 }"),
        ('terrain = "lake"', 'terrain = "forest"'),
        ("pile = 10", "pile = 9"),
        (
            '{ res = "axe", qty = 3 }, { res = "water", qty = 2 }',
            '{ res = "gold", qty = 3 }, { res = "water", qty = 2 }',
        ),
    ],
)
def test_broken_data_is_refused(old: str, new: str) -> None:
    """§8.1: the loader refuses a file that breaks a constraint (checked at import)."""
    assert old in TEXT
    parse(TEXT)  # the real file passes
    with pytest.raises(ValidationError):
        parse(TEXT.replace(old, new, 1))
