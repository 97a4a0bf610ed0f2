"""The Narnia data file (spec §8.5, verbatim in ``data.toml``), loaded and validated at import.

The map, the token split, the deck and the colours are designed data (spec §8.1-§8.3); the
validators below re-check every constraint the spec lists, so a broken edit of the file fails
the import with a pydantic ``ValidationError`` naming the constraint.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib.resources import files
from itertools import permutations
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Origin = Literal["peter", "witch"]
PLAYER_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Meta(_Frozen):
    game: Literal["narnia"]
    map_status: str
    tokens_status: str
    deck_status: str
    colors_status: str
    territory_count: int
    edge_count: int


class TerritoryData(_Frozen):
    id: str
    name_en: str
    name_it: str
    start: Origin
    x: float
    y: float
    neighbors: list[str]


class Adjacency(_Frozen):
    edges: list[tuple[str, str]]


class Colour(_Frozen):
    id: str
    name_en: str
    name_it: str
    used_by: Literal["player", "witch"]


class PlayerCount(_Frozen):
    players: int
    start_territories_each: int
    witch_tokens_placed_each: int


class TokenSupply(_Frozen):
    side: Origin
    value: int = Field(ge=1, le=3)
    count: int = Field(ge=0)


class CardType(_Frozen):
    id: str
    name_en: str
    name_it: str
    side: Origin
    count: int = Field(ge=1)
    has_sequence: bool
    text_en: str
    text_it: str


class CardData(_Frozen):
    id: str
    type: str
    sequence: list[str]


class NarniaData(_Frozen):
    meta: Meta
    territories: list[TerritoryData]
    adjacency: Adjacency
    colors: list[Colour]
    player_counts: list[PlayerCount]
    tokens: list[TokenSupply]
    card_types: list[CardType]
    cards: list[CardData]

    @model_validator(mode="after")
    def _check_map(self) -> NarniaData:
        ids = [t.id for t in self.territories]
        if len(ids) != self.meta.territory_count or len(set(ids)) != len(ids) or len(ids) != 24:
            raise ValueError("24 distinct territories (NA-2)")
        starts = Counter(t.start for t in self.territories)
        if starts != Counter({"witch": 12, "peter": 12}):
            raise ValueError("12 witch_start and 12 peter_start territories (§8.1.1)")
        known = set(ids)
        by_id = {t.id: t for t in self.territories}
        pairs = set()
        for territory in self.territories:
            if set(territory.neighbors) - known or territory.id in territory.neighbors:
                raise ValueError(f"{territory.id}: unknown or self neighbour")
            for other in territory.neighbors:
                if territory.id not in by_id[other].neighbors:
                    raise ValueError(f"{territory.id}-{other}: adjacency is not symmetric (§8.1.3)")
                pairs.add(frozenset((territory.id, other)))
        edges = {frozenset(edge) for edge in self.adjacency.edges}
        if edges != pairs or len(self.adjacency.edges) != self.meta.edge_count:
            raise ValueError("the edges list must match the neighbour lists exactly (§8.1.3)")
        for territory in self.territories:
            if territory.start == "peter" and not any(by_id[n].start == "witch" for n in territory.neighbors):
                raise ValueError(f"{territory.id}: a Peter start must border the Witch (NA-3.6)")
        reached, frontier = {ids[0]}, [ids[0]]
        while frontier:
            for other in by_id[frontier.pop()].neighbors:
                if other not in reached:
                    reached.add(other)
                    frontier.append(other)
        if reached != known:
            raise ValueError("the map must be connected (§8.1.4)")
        return self

    @model_validator(mode="after")
    def _check_pieces(self) -> NarniaData:
        player = [c.id for c in self.colors if c.used_by == "player"]
        if tuple(player) != PLAYER_COLOURS:
            raise ValueError("the player colours are red, blue, green, yellow (§8.3)")
        for count in self.player_counts:
            if count.start_territories_each * count.players != 12:
                raise ValueError("the 12 Peter start territories are shared evenly (NA-3.5)")
            if count.witch_tokens_placed_each * count.players != 12:
                raise ValueError("the 12 Witch tokens are placed evenly (R11)")
        for side in ("peter", "witch"):
            if sum(t.count for t in self.tokens if t.side == side) != 64:
                raise ValueError(f"64 {side} tokens (NA-2)")
        types = {t.id: t for t in self.card_types}
        if Counter(card.type for card in self.cards) != {t.id: t.count for t in types.values()}:
            raise ValueError("card counts must match the card types (§8.3)")
        if len(self.cards) != 26 or len({card.id for card in self.cards}) != 26:
            raise ValueError("26 distinct cards (§8.3)")
        sequences = []
        for card in self.cards:
            if types[card.type].has_sequence:
                if sorted(card.sequence) != sorted(PLAYER_COLOURS):
                    raise ValueError(f"{card.id}: a sequence is a permutation of the 4 colours")
                sequences.append(tuple(card.sequence))
            elif card.sequence:
                raise ValueError(f"{card.id}: this card type has no sequence")
        if sorted(sequences) != sorted(permutations(PLAYER_COLOURS)):
            raise ValueError("the 24 sequences are the 24 permutations, once each (§8.3)")
        return self


def parse(text: str) -> NarniaData:
    """Validate the text of a data file (tests feed broken variants through here)."""
    raw: dict[str, Any] = tomllib.loads(text)
    return NarniaData.model_validate(raw)


def load() -> NarniaData:
    return parse(files("games.narnia").joinpath("data.toml").read_text(encoding="utf-8"))


DATA = load()

TERRITORIES: tuple[str, ...] = tuple(t.id for t in DATA.territories)
NEIGHBOURS: dict[str, frozenset[str]] = {t.id: frozenset(t.neighbors) for t in DATA.territories}
START: dict[str, Origin] = {t.id: t.start for t in DATA.territories}
WITCH_START: tuple[str, ...] = tuple(t for t in TERRITORIES if START[t] == "witch")
PETER_START: tuple[str, ...] = tuple(t for t in TERRITORIES if START[t] == "peter")
CARD_TYPES: dict[str, CardType] = {t.id: t for t in DATA.card_types}
CARD_IDS: tuple[str, ...] = tuple(card.id for card in DATA.cards)
CARD_TYPE: dict[str, str] = {card.id: card.type for card in DATA.cards}
SEQUENCE: dict[str, tuple[str, ...]] = {card.id: tuple(card.sequence) for card in DATA.cards}
TOKEN_SUPPLY: dict[Origin, dict[int, int]] = {
    "peter": {t.value: t.count for t in DATA.tokens if t.side == "peter"},
    "witch": {t.value: t.count for t in DATA.tokens if t.side == "witch"},
}
TOTAL_TOKENS = sum(sum(values.values()) for values in TOKEN_SUPPLY.values())
WITCH_TOKENS_EACH: dict[int, int] = {c.players: c.witch_tokens_placed_each for c in DATA.player_counts}
MIN_PLAYERS = min(WITCH_TOKENS_EACH)
MAX_PLAYERS = max(WITCH_TOKENS_EACH)
# NA-4.8.9 / R34: the round cap a table gets unless its host chose another (or none), and
# the largest the host may choose (a bound still: "none" is the explicit way to have none).
DEFAULT_ROUND_CAP = 100
MAX_ROUND_CAP = 1000


def adjacent(a: str, b: str) -> bool:
    return b in NEIGHBOURS[a]
