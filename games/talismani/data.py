"""The Talismani card data (spec §8), loaded and validated at import.

Everything the rules read about suits, cards and the deck composition comes
from ``data.toml`` next to this module (the spec's TOML verbatim). A malformed
file fails the import with a pydantic ``ValidationError`` naming the broken
constraint (spec §8, "Check for the data file loader").

Card ids: fairies ``<suit>-<value>`` (``sun-4``), specials as in the file
(``CS1`` … ``CW8``, ``JKa``, ``JKb``), and ``first_talisman``.
"""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SpecialKind = Literal["choose_stake", "reverse_order", "change_order", "change_weather", "joker"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GameInfo(_Frozen):
    id: str
    name_it: str
    name_en: str
    players_min: int
    players_max: int


class Suit(_Frozen):
    id: str
    name_en: str
    name_it: str
    aliases_it: list[str] = []


class Fairy(_Frozen):
    value_min: int
    value_max: int
    name_en: str
    name_it: str


class Special(_Frozen):
    id: str
    kind: SpecialKind
    number: int | None = None
    name_en: str
    name_it: str
    aliases_it: list[str] = []

    @model_validator(mode="after")
    def _check(self) -> Special:
        # TT-2.2: the 8 action specials are numbered, the Jokers are not.
        if (self.kind == "joker") != (self.number is None):
            raise ValueError(f"{self.id}: only the Jokers have no number")
        return self


class FirstTalisman(_Frozen):
    id: str
    name_en: str
    name_it: str
    worth_halves: int
    dealt: bool


class Composition(_Frozen):
    players: int
    fairy_values: tuple[int, int]
    specials: list[str]
    deck_size: int
    hand_size: int


class TalismaniData(_Frozen):
    game: GameInfo
    suit: list[Suit]
    fairy: Fairy
    special: list[Special]
    first_talisman: FirstTalisman
    composition: list[Composition] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> TalismaniData:
        suits = [s.id for s in self.suit]
        if len(suits) != 6 or len(set(suits)) != 6:
            raise ValueError("there are 6 distinct suits (TT-2)")
        if (self.fairy.value_min, self.fairy.value_max) != (0, 14):
            raise ValueError("fairy values run from 0 to 14 (TT-2)")
        ids = [s.id for s in self.special]
        if len(ids) != 10 or len(set(ids)) != 10:
            raise ValueError("there are 10 distinct special cards (TT-2.1)")
        numbers = sorted(s.number for s in self.special if s.number is not None)
        if numbers != list(range(1, 9)):
            raise ValueError("the action specials are numbered 1 to 8 (TT-2.2)")
        if self.first_talisman.dealt or self.first_talisman.worth_halves != 2:
            raise ValueError("the First Talisman is never dealt and is worth a whole (R5, TT-8.2)")
        counts = [c.players for c in self.composition]
        if counts != list(range(self.game.players_min, self.game.players_max + 1)):
            raise ValueError("one composition row per player count, in order (TT-2.4)")
        for row in self.composition:
            low, high = row.fairy_values
            if not self.fairy.value_min <= low <= high <= self.fairy.value_max:
                raise ValueError(f"{row.players} players: fairy values out of range")
            if set(row.specials) - set(ids) or len(set(row.specials)) != len(row.specials):
                raise ValueError(f"{row.players} players: unknown or repeated special")
            if row.deck_size != 6 * (high - low + 1) + len(row.specials):
                raise ValueError(f"{row.players} players: the deck does not add up (TT-2.4)")
            if row.deck_size != row.players * row.hand_size:
                raise ValueError(f"{row.players} players: the deck does not divide evenly (TT-3.4)")
        return self


def parse(text: str) -> TalismaniData:
    """Validate the text of a data file (tests feed broken variants through here)."""
    raw: dict[str, Any] = tomllib.loads(text)
    return TalismaniData.model_validate(raw)


def load() -> TalismaniData:
    return parse(files("games.talismani").joinpath("data.toml").read_text(encoding="utf-8"))


DATA = load()

GAME_INFO = DATA.game
SUITS: tuple[str, ...] = tuple(s.id for s in DATA.suit)
SPECIALS: dict[str, Special] = {s.id: s for s in DATA.special}
JOKERS: tuple[str, ...] = tuple(s.id for s in DATA.special if s.kind == "joker")
FIRST_TALISMAN = DATA.first_talisman.id
COMPOSITION: dict[int, Composition] = {c.players: c for c in DATA.composition}
ALL_FAIRIES: tuple[str, ...] = tuple(
    f"{suit}-{value}" for suit in SUITS for value in range(DATA.fairy.value_min, DATA.fairy.value_max + 1)
)
# Every card id the UI may have to name: fairies, specials, the First Talisman.
ALL_CARDS: tuple[str, ...] = (*ALL_FAIRIES, *SPECIALS, FIRST_TALISMAN)


def fairy_id(suit: str, value: int) -> str:
    return f"{suit}-{value}"


def is_fairy(card: str) -> bool:
    return card in _FAIRY_SET


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_action_special(card: str) -> bool:
    """TT-2.2: CS, RO, CO, CW (numbered)."""
    special = SPECIALS.get(card)
    return special is not None and special.kind != "joker"


def suit_of(card: str) -> str:
    """The suit of a fairy card."""
    return card.rsplit("-", 1)[0]


def value_of(card: str) -> int:
    """The printed value of a fairy card."""
    return int(card.rsplit("-", 1)[1])


def number_of(card: str) -> int:
    """The number of an action special (TT-2.2)."""
    number = SPECIALS[card].number
    if number is None:
        raise ValueError(f"{card} has no number")
    return number


def kind_of(card: str) -> SpecialKind:
    return SPECIALS[card].kind


def deck(players: int) -> list[str]:
    """The deck of TT-2.4 / TT-3.3 for ``players``, in a fixed order (shuffle it)."""
    row = COMPOSITION[players]
    low, high = row.fairy_values
    fairies = [fairy_id(suit, value) for suit in SUITS for value in range(low, high + 1)]
    return [*fairies, *row.specials]


_FAIRY_SET = frozenset(ALL_FAIRIES)
