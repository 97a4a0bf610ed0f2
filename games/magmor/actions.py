"""What a player can do: a discriminated union on ``kind``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Explore(_Action):
    """The leader peeks at a candidate's face for one card (MM-4.2.4)."""

    kind: Literal["explore"] = "explore"
    cell: str


class Choose(_Action):
    """The leader names the terrain to cross (MM-4.2.5)."""

    kind: Literal["choose"] = "choose"
    cell: str


class Split(_Action):
    """seat -> {resource: count}; unlisted seats get nothing (MM-4.3.4, R13)."""

    kind: Literal["split"] = "split"
    allocation: dict[int, dict[str, int]]


class Pay(_Action):
    """Pay the whole unpaid category of this type (MM-4.4.3)."""

    kind: Literal["pay"] = "pay"
    resource: str


class PayMagMor(_Action):
    """Pay exactly two cards at Mag Mor (MM-4.7.2, R28)."""

    kind: Literal["pay_magmor"] = "pay_magmor"
    cards: dict[str, int]


class Pass(_Action):
    kind: Literal["pass"] = "pass"


MagmorAction = Annotated[Explore | Choose | Split | Pay | PayMagMor | Pass, Field(discriminator="kind")]

ACTION_ADAPTER: TypeAdapter[MagmorAction] = TypeAdapter(MagmorAction)
