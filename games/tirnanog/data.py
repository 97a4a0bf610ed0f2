"""The Tir Nan Og Wars card data (spec §8.3), loaded and validated at import.

``data.toml`` is the spec's TOML verbatim. A malformed file fails the import
with a pydantic ``ValidationError`` naming the broken constraint (§8.2).

Ids: creature cards ``<species>_<nn>`` (``dragon_01`` … ``centaur_11``, §8.3's
note), territories and fountains as in the file (``plain_01``, ``fountain_4``).
Creature cards of one species are interchangeable, so actions name species;
the ids only let the tests account for every card.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib.resources import files
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# The "?" symbol: any creature may pay it (TNO-4.4.1).
ANY = "any"

Power = Literal["discount", "income", "fairy_festival", "duel", "fewest_cards", "none"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Meta(_Frozen):
    game: str
    name_it: str
    players_min: int
    players_max: int
    hand_limit: int
    display_size: int
    starting_hand: int
    reserve_value_limit: int
    take_creatures: int


class PlayerCount(_Frozen):
    creature_remove_per_species: int
    territory_remove_per_type: int


class Species(_Frozen):
    name_it: str
    plural_it: str
    code: str
    count: int
    aliases_it: list[str] = []


class TerritoryType(_Frozen):
    name_it: str
    name_it_alt: str | None = None
    value: int
    vp: int
    power: Power
    power_timing: Literal["continuous", "end_of_own_turn", "immediate", "none"]
    count: int


class Territory(_Frozen):
    id: str
    type: str
    value: int
    symbols: list[str]


class TirNanOgData(_Frozen):
    meta: Meta
    player_counts: dict[int, PlayerCount]
    species: dict[str, Species]
    types: dict[str, TerritoryType]
    territory: list[Territory] = Field(min_length=1)
    fountain: list[Territory] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> TirNanOgData:
        # TNO-2.1 / R2: 58 creatures, 12/12/12/11/11.
        if sum(s.count for s in self.species.values()) != 58 or len(self.species) != 5:
            raise ValueError("58 creature cards of 5 species (TNO-2.1)")
        if sorted(self.player_counts) != list(range(self.meta.players_min, self.meta.players_max + 1)):
            raise ValueError("one player_counts row per player count (TNO-2.2)")
        # TNO-2.3 / R3: 46 territories, 11 plains and 7 of each other type.
        if len(self.territory) != 46 or len({t.id for t in self.territory}) != 46:
            raise ValueError("46 distinct territory cards (TNO-2.3)")
        by_type = Counter(t.type for t in self.territory)
        for type_id, info in self.types.items():
            expected = 0 if type_id == "fountain" else info.count
            if by_type[type_id] != expected:
                raise ValueError(f"{type_id}: {by_type[type_id]} cards, expected {expected} (TNO-2.3)")
        # TNO-2.4 / TNO-2.5: 6 fountains, never removed, no symbols.
        if len(self.fountain) != self.types["fountain"].count or len({f.id for f in self.fountain}) != 6:
            raise ValueError("6 distinct fountains (TNO-2.5)")
        for card in [*self.territory, *self.fountain]:
            info = self.types[card.type]
            # R4: one territory value per type.
            if card.value != info.value:
                raise ValueError(f"{card.id}: value {card.value}, its type says {info.value} (R4)")
            bad = [s for s in card.symbols if s != ANY and s not in self.species]
            if bad:
                raise ValueError(f"{card.id}: unknown symbols {bad}")
        if any(f.type != "fountain" or f.symbols for f in self.fountain):
            raise ValueError("fountains have no creature symbols (TNO-2.5)")
        if any(not t.symbols for t in self.territory):
            raise ValueError("every territory has a requirement (TNO-2.3)")
        # §8.2 #2: every removal by player count is possible, and every card fits the reserve.
        smallest_species = min(s.count for s in self.species.values())
        smallest_type = min(i.count for k, i in self.types.items() if k != "fountain")
        for row in self.player_counts.values():
            if row.creature_remove_per_species >= smallest_species:
                raise ValueError("a species would run out at setup (TNO-2.2)")
            if row.territory_remove_per_type >= smallest_type:
                raise ValueError("a territory type would run out at setup (TNO-2.4)")
        if max(t.value for t in self.territory) > self.meta.reserve_value_limit:
            raise ValueError("a territory too valuable for any reserve (TNO-4.3.2)")
        return self


def parse(text: str) -> TirNanOgData:
    """Validate the text of a data file (tests feed broken variants through here)."""
    raw: dict[str, Any] = tomllib.loads(text)
    return TirNanOgData.model_validate(raw)


def load() -> TirNanOgData:
    return parse(files("games.tirnanog").joinpath("data.toml").read_text(encoding="utf-8"))


DATA = load()
META = DATA.meta

SPECIES: tuple[str, ...] = tuple(DATA.species)  # dragon, elf, fairy, griffin, centaur
FAIRY = "fairy"
# The six pile types in the file's order (fountains have no pile of their own).
PILE_TYPES: tuple[str, ...] = tuple(t for t in DATA.types if t != "fountain")
TYPES = DATA.types

TERRITORIES: dict[str, Territory] = {t.id: t for t in DATA.territory}
FOUNTAINS: dict[str, Territory] = {f.id: f for f in DATA.fountain}
CARDS: dict[str, Territory] = {**TERRITORIES, **FOUNTAINS}

CREATURES: tuple[str, ...] = tuple(
    f"{species}_{n:02d}" for species, info in DATA.species.items() for n in range(1, info.count + 1)
)


def species_of(creature: str) -> str:
    """``dragon_07`` -> ``dragon``."""
    return creature.rsplit("_", 1)[0]


def type_of(card: str) -> str:
    return CARDS[card].type


def value_of(card: str) -> int:
    """The territory value in the yellow circle (a fountain: 0, R4)."""
    return CARDS[card].value


def vp_of(card: str) -> int:
    """VP at each scoring while face up (TNO-5.1): river 3, fountain 4, others 2."""
    return TYPES[type_of(card)].vp


def power_of(card: str) -> Power:
    return TYPES[type_of(card)].power


def is_fountain(card: str) -> bool:
    return card in FOUNTAINS


def requirement(card: str) -> tuple[dict[str, int], int]:
    """TNO-4.4.1: species symbols by species (every species present, maybe 0) and the "?" count."""
    symbols = CARDS[card].symbols
    return {s: symbols.count(s) for s in SPECIES}, symbols.count(ANY)


def species_symbols(card: str) -> dict[str, int]:
    """Creature symbols of a face-up card, "?" ignored (TNO-4.5.4, TNO-4.6.3)."""
    return requirement(card)[0]


def cost(card: str) -> int:
    """The number of symbols (the full cost, before a plain's discount)."""
    return len(CARDS[card].symbols)
