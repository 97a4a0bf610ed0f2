"""The Mag Mor data file (spec §8.3), loaded and validated at import.

Everything the rules read about cards, objectives and the honour table comes
from ``data.toml`` next to this module. A malformed file fails the import with
a pydantic ``ValidationError`` naming the broken constraint (spec §8.1).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib.resources import files
from itertools import pairwise
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

SCHEMA = "magmor-data/1"


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Row(_Frozen):
    """One row of a face box: a resource type and a quantity (R22)."""

    res: str
    qty: int = Field(ge=1, le=3)


class GameRules(_Frozen):
    min_players: int
    max_players: int
    grid_size: int
    start_cell: str
    magmor_cell: str
    days_last_space: int
    day_advance_easy: int
    day_advance_difficult: int
    magmor_cards_per_player: int
    reduced_rows_player_count: int

    @model_validator(mode="after")
    def _check(self) -> GameRules:
        if not 3 <= self.min_players <= self.max_players:
            raise ValueError("player range must start at 3 or more")
        if self.grid_size != 6 or self.start_cell != "A1" or self.magmor_cell != "F6":
            raise ValueError("the grid is 6 x 6 from A1 to F6 (MM-3.2, R19)")
        if (self.day_advance_easy, self.day_advance_difficult) != (1, 2):
            raise ValueError("days advance by 1 (easy) or 2 (difficult) (MM-4.5)")
        return self


class Resource(_Frozen):
    id: str
    it: str
    pile: int = Field(ge=1)


class StartingHand(_Frozen):
    per_type_taken: int = Field(ge=1)
    per_player: int = Field(ge=1)


class TerrainType(_Frozen):
    id: str
    it: str
    count: int = Field(ge=1)
    usual_hint: str
    usual_find: str


class HonourPoint(_Frozen):
    honour: int
    vp: int


class HonourTable(_Frozen):
    min: int
    max: int
    start: int
    table: list[HonourPoint]

    @model_validator(mode="after")
    def _check(self) -> HonourTable:
        honours = [point.honour for point in self.table]
        if honours != list(range(self.min, self.max + 1)):
            raise ValueError("the honour table must list every honour from min to max once, in order")
        if not self.min <= self.start <= self.max:
            raise ValueError("starting honour outside the track")
        vps = [point.vp for point in self.table]
        if any(b <= a for a, b in pairwise(vps)):
            raise ValueError("VP must grow with honour")
        if dict(zip(honours, vps, strict=True)).get(0) != 0:
            raise ValueError("honour 0 is worth 0 VP")
        return self


class Objective(_Frozen):
    id: str
    values: dict[str, int]


class MagmorCard(_Frozen):
    id: str
    it: str
    found: list[Row]
    pay_per_player: int


class TerrainCard(_Frozen):
    id: str
    terrain: str
    explore_cost: str
    hint: str
    found: list[Row]
    pay: list[Row]

    @model_validator(mode="after")
    def _check(self) -> TerrainCard:
        for name, box in (("found", self.found), ("pay", self.pay)):
            if len(box) != 3:
                raise ValueError(f"{self.id}: the {name} box must have 3 rows")
            if len({row.res for row in box}) != 3:
                raise ValueError(f"{self.id}: the {name} box repeats a type (R22)")
            if box[-1].qty > 2:
                raise ValueError(f"{self.id}: the bottom {name} row holds at most 2 (§8.1.9)")
        # §8.1.3 / R22: the hint is pay row 1 (active in every player count), quantity 2 or 3.
        if self.pay[0].res != self.hint or self.pay[0].qty not in (2, 3):
            raise ValueError(f"{self.id}: the hint must be pay row 1 with quantity 2 or 3")
        if self.explore_cost == self.hint:
            raise ValueError(f"{self.id}: explore cost equals hint")
        shared = {row.res for row in self.found} & {row.res for row in self.pay}
        if len(shared) != 1:
            raise ValueError(f"{self.id}: the boxes must share exactly one type (§8.1.8)")
        return self


class MagmorData(_Frozen):
    schema_id: str = Field(alias="schema")
    game: GameRules
    resource: list[Resource]
    starting_hand: StartingHand
    terrain_type: list[TerrainType]
    honour: HonourTable
    objective: list[Objective]
    magmor_card: MagmorCard
    terrain_card: list[TerrainCard]

    @model_validator(mode="after")
    def _check(self) -> MagmorData:
        if self.schema_id != SCHEMA:
            raise ValueError(f"unknown data schema {self.schema_id!r}")
        resources = [r.id for r in self.resource]
        if len(resources) != 5 or len(set(resources)) != 5:
            raise ValueError("there are 5 distinct resource types")
        if any(r.pile != 10 for r in self.resource):
            raise ValueError("each resource has 10 cards (MM-3.3)")
        known = set(resources)
        dealt = self.starting_hand.per_player * self.game.max_players
        if dealt > self.starting_hand.per_type_taken * len(resources):
            raise ValueError("the starting cards cannot cover the largest table")

        types = {t.id: t for t in self.terrain_type}
        if len(types) != 5 or sum(t.count for t in types.values()) != 35:
            raise ValueError("35 terrain cards in 5 types")
        for terrain_type in types.values():
            if {terrain_type.usual_hint, terrain_type.usual_find} - known:
                raise ValueError(f"{terrain_type.id}: unknown resource in its flavour")

        cards = self.terrain_card
        if len(cards) != self.game.grid_size**2 - 1:
            raise ValueError("one terrain card per cell except Mag Mor's")
        if len({card.id for card in cards}) != len(cards):
            raise ValueError("terrain card ids must be unique")
        per_type = Counter(card.terrain for card in cards)
        for type_id, terrain_type in types.items():
            if per_type[type_id] != terrain_type.count:
                raise ValueError(f"{type_id}: expected {terrain_type.count} cards, got {per_type[type_id]}")
        for card in cards:
            if card.terrain not in types:
                raise ValueError(f"{card.id}: unknown terrain {card.terrain!r}")
            used = {card.explore_cost, card.hint} | {row.res for row in card.found + card.pay}
            if used - known:
                raise ValueError(f"{card.id}: unknown resource {sorted(used - known)}")

        if len(self.objective) != 10 or len({o.id for o in self.objective}) != 10:
            raise ValueError("there are 10 distinct objective cards")
        for objective in self.objective:
            if set(objective.values) != known:
                raise ValueError(f"{objective.id}: must value every resource type")
            if sorted(objective.values.values()) != [1, 1, 1, 2, 3]:
                raise ValueError(f"{objective.id}: values must be a permutation of 3, 2, 1, 1, 1")
        if self.magmor_card.found or self.magmor_card.pay_per_player != self.game.magmor_cards_per_player:
            raise ValueError("Mag Mor finds nothing and asks the per-player cards (MM-4.7)")
        if (self.honour.min, self.honour.max, self.honour.start) != (-10, 9, 0):
            raise ValueError("honour runs from -10 to +9 and starts at 0 (MM-4.8.1)")
        return self


def parse(text: str) -> MagmorData:
    """Validate the text of a data file (tests feed broken variants through here)."""
    raw: dict[str, Any] = tomllib.loads(text)
    return MagmorData.model_validate(raw)


def load() -> MagmorData:
    return parse(files("games.magmor").joinpath("data.toml").read_text(encoding="utf-8"))


DATA = load()

GAME_RULES = DATA.game
RESOURCES: tuple[str, ...] = tuple(r.id for r in DATA.resource)
TERRAIN_TYPES: tuple[str, ...] = tuple(t.id for t in DATA.terrain_type)
CARDS: dict[str, TerrainCard] = {card.id: card for card in DATA.terrain_card}
OBJECTIVES: dict[str, dict[str, int]] = {o.id: dict(o.values) for o in DATA.objective}
HONOUR_VP: dict[int, int] = {point.honour: point.vp for point in DATA.honour.table}
HONOUR_MIN = DATA.honour.min
HONOUR_MAX = DATA.honour.max
PILE_SIZE: dict[str, int] = {r.id: r.pile for r in DATA.resource}
TOTAL_CARDS = sum(PILE_SIZE.values())
