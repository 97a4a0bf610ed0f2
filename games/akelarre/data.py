"""The Akelarre card data (spec §8), loaded and validated at import.

``data.toml`` next to this module is the spec's TOML verbatim. A malformed
file fails the import with a pydantic ``ValidationError`` naming the broken
constraint (spec §8, "Constraints checked").

Card ids follow the spec's grammar: ``<family code><value><copy letter>``
(``F2a`` … ``W6b``) or ``<family code>J`` for a family's joker (``GJ``). The
copy letter only tells copies apart and carries no rules meaning.
"""

from __future__ import annotations

import re
import tomllib
from importlib.resources import files
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GameInfo(_Frozen):
    id: str
    name: str
    authors: list[str]
    players_min: int
    players_max: int
    team_variant_players: int
    hand_size: int
    group_min_cards: int
    group_complete_cards: int
    value_min: int
    value_max: int
    buy_meeting_place_cost: int
    max_meeting_places_per_player: int
    max_purchases_per_turn: int
    most_cards_bonus: int
    non_favourite_card_points: int
    joker_points: int
    stall_safeguard_rounds: int
    meeting_places_at_start: dict[int, int]
    deck_after_deal: dict[int, int]


class Family(_Frozen):
    id: str
    code: str = Field(pattern=r"^[A-Z]$")
    order: int
    en_plural: str
    en_singular: str
    it_plural: str
    it_singular: str
    favourite_card_id: str
    cards: list[str]


class ForestSpirit(_Frozen):
    arrows: list[int]


class AkelarreData(_Frozen):
    game: GameInfo
    labels: dict[str, dict[str, str]]
    creature_counts: dict[str, int]
    families: list[Family]
    forest_spirit: ForestSpirit

    @model_validator(mode="after")
    def _check(self) -> AkelarreData:
        info = self.game
        if len(self.families) != 5:
            raise ValueError("there are 5 families (§2.2)")
        if [f.order for f in self.families] != [1, 2, 3, 4, 5]:
            raise ValueError("families are listed in canonical order 1..5")
        if len({f.code for f in self.families}) != 5 or len({f.id for f in self.families}) != 5:
            raise ValueError("family ids and codes are unique")
        values = list(range(info.value_min, info.value_max + 1))
        if values != [2, 3, 4, 5, 6]:
            raise ValueError("values run from 2 to 6: there is no 1 (§2.3)")
        expected_keys = {str(v) for v in values} | {"joker"}
        if set(self.creature_counts) != expected_keys:
            raise ValueError("creature_counts lists every value and the joker")
        if self.creature_counts["joker"] != 1:
            raise ValueError("exactly one joker per family (§2.3)")
        per_family = sum(self.creature_counts.values())
        if per_family != 21:
            raise ValueError("21 cards per family (§2.3)")
        seen: set[str] = set()
        for family in self.families:
            if family.favourite_card_id != f"FAV-{family.code}":
                raise ValueError(f"{family.id}: favourite card id is FAV-<code>")
            if len(family.cards) != per_family or len(set(family.cards)) != per_family:
                raise ValueError(f"{family.id}: {per_family} distinct cards")
            for value in values:
                copies = [c for c in family.cards if re.fullmatch(rf"{family.code}{value}[a-f]", c)]
                if len(copies) != self.creature_counts[str(value)]:
                    raise ValueError(f"{family.id}: wrong number of {value}s")
            if family.cards.count(f"{family.code}J") != 1:
                raise ValueError(f"{family.id}: one joker {family.code}J")
            seen |= set(family.cards)
        if len(seen) != 105:
            raise ValueError("105 creature cards in all (§2.3)")
        if not info.players_min == 2 or not info.players_max == 4 or info.team_variant_players != 4:
            raise ValueError("2 to 4 players, teams with 4 (AK-1.1)")
        for players in range(info.players_min, info.players_max + 1):
            if info.deck_after_deal.get(players) != 105 - info.hand_size * players:
                raise ValueError(f"{players} players: deck after the deal is 105 - 7n (§2.5)")
            if info.meeting_places_at_start.get(players) not in self.forest_spirit.arrows:
                raise ValueError(f"{players} players: the starting places are a Forest Spirit arrow")
        if max(self.forest_spirit.arrows) != info.max_meeting_places_per_player:
            raise ValueError("the highest arrow is the place cap (R3)")
        if info.group_min_cards != 3 or info.group_complete_cards != 5:
            raise ValueError("groups open with 3 and are complete at 5 (AK-3.1)")
        if set(self.labels) != {"en", "it"}:
            raise ValueError("labels in English and Italian")
        return self


def parse(text: str) -> AkelarreData:
    """Validate the text of a data file (tests feed broken variants through here)."""
    raw: dict[str, Any] = tomllib.loads(text)
    return AkelarreData.model_validate(raw)


def load() -> AkelarreData:
    return parse(files("games.akelarre").joinpath("data.toml").read_text(encoding="utf-8"))


DATA = load()
GAME_INFO = DATA.game

HAND_SIZE = GAME_INFO.hand_size
MIN_GROUP = GAME_INFO.group_min_cards
COMPLETE = GAME_INFO.group_complete_cards
VALUES: tuple[int, ...] = tuple(range(GAME_INFO.value_min, GAME_INFO.value_max + 1))
PLACE_COST = GAME_INFO.buy_meeting_place_cost
MAX_PLACES = GAME_INFO.max_meeting_places_per_player
BONUS = GAME_INFO.most_cards_bonus
OTHER_POINTS = GAME_INFO.non_favourite_card_points
JOKER_POINTS = GAME_INFO.joker_points
STALL_ROUNDS = GAME_INFO.stall_safeguard_rounds

# Families in canonical order (display, defaults, tie-breaks).
FAMILIES: tuple[str, ...] = tuple(f.id for f in DATA.families)
FAMILY_ORDER: dict[str, int] = {f: i for i, f in enumerate(FAMILIES)}
CODE_FAMILY: dict[str, str] = {f.code: f.id for f in DATA.families}
FAMILY_CODE: dict[str, str] = {f.id: f.code for f in DATA.families}
FAVOURITE_CARD: dict[str, str] = {f.id: f.favourite_card_id for f in DATA.families}
JOKERS: tuple[str, ...] = tuple(f"{f.code}J" for f in DATA.families)
ALL_CARDS: tuple[str, ...] = tuple(card for f in DATA.families for card in f.cards)
_CARD_SET = frozenset(ALL_CARDS)


def is_card(card: str) -> bool:
    return card in _CARD_SET


def family_of(card: str) -> str:
    return CODE_FAMILY[card[0]]


def is_joker(card: str) -> bool:
    return len(card) == 2 and card[1] == "J"


# Looked up, not computed: the hard player's playouts ask for a card's value some
# fifty times a simulated move.
_VALUES: dict[str, int | None] = {card: None if is_joker(card) else int(card[1]) for card in ALL_CARDS}


def value_of(card: str) -> int | None:
    """The printed value of a natural card; ``None`` for a joker."""
    try:
        return _VALUES[card]
    except KeyError:  # not one of the 105 (a typed id the rules will refuse): as before
        return None if is_joker(card) else int(card[1])


def kind_of(card: str) -> str:
    """What a card is, without its copy letter: ``F2a`` → ``F2``, ``GJ`` → ``GJ``.
    Cards of one kind are interchangeable (legal actions list one of them)."""
    return card[:2]


def card_order(card: str) -> tuple[int, int, str]:
    """Canonical order: family, then value, the joker after the naturals."""
    value = value_of(card)
    return (FAMILY_ORDER[family_of(card)], 99 if value is None else value, card)


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=card_order)


def label(card: str, value: int | None) -> str:
    """A card as shown in a group: a joker with its effective value is ``GJ@5``
    (catalog ``akelarre.card.GJ@5``: "Goblins joker as 5"); a natural is its id."""
    return f"{card}@{value}" if is_joker(card) and value is not None else card


def creature_deck() -> list[str]:
    """The 105 creature cards in a fixed order (shuffle them)."""
    return list(ALL_CARDS)
