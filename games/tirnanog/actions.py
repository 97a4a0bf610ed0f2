"""What a player can do: a discriminated union on ``kind``.

Creature cards of one species are interchangeable, so actions name species
(``["dragon", "fairy"]``), never card ids: one legal action per distinct
multiset. Species, piles and territories are plain strings checked by the
rules, so a wrong one is refused with a rule error and a rule id, not a parse
error.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TakeCreatures(_Action):
    """Action A (TNO-4.2): 2 display cards by species (1 when the display holds only 1);
    the leftmost card of each named species is taken."""

    kind: Literal["take_creatures"] = "take_creatures"
    species: list[str]


class TakeTerritory(_Action):
    """Action B (TNO-4.3): the visible card of the pile of type ``terrain``."""

    kind: Literal["take_territory"] = "take_territory"
    terrain: str


class Consolidate(_Action):
    """Action C (TNO-4.4): reserve card ``territory`` paid with creatures of these species.
    With a face-up plain on top the payment is one card shorter; which symbol is waived
    follows from the payment (TNO-4.4.2)."""

    kind: Literal["consolidate"] = "consolidate"
    territory: str
    payment: list[str]


class Discard(_Action):
    """Discards by species: down to 7 cards (TNO-4.2.3) or a dispute winner's (TNO-4.5.7)."""

    kind: Literal["discard"] = "discard"
    species: list[str]


class Declare(_Action):
    """A fountain dispute declaration (TNO-4.5.2): take part or not."""

    kind: Literal["declare"] = "declare"
    take_part: bool


TirNanOgAction = Annotated[
    TakeCreatures | TakeTerritory | Consolidate | Discard | Declare,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[TirNanOgAction] = TypeAdapter(TirNanOgAction)
