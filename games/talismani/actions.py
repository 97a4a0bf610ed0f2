"""What a player can do: a discriminated union on ``kind``.

Card lists are checked by the rules (not by pydantic), so that an illegal
play is refused with a rule error and a rule id (TV-19), not a parse error.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayCards(_Action):
    """TT-5.1 (a)-(e): one or two cards from the hand, e.g. ``{"kind": "play", "cards": ["sun-4"]}``."""

    kind: Literal["play"] = "play"
    cards: list[str]


class Forge(_Action):
    """TT-5.1 (f) / TT-9.6: play no cards and forge the pending talismans of the dominant suit."""

    kind: Literal["forge"] = "forge"


class SetAside(_Action):
    """TT-8.1: set a non-winning forging combination aside (yes) or leave it in the pool."""

    kind: Literal["set_aside"] = "set_aside"
    yes: bool = True


class ChooseStake(_Action):
    """TT-8.3: the pool card that becomes the next stake."""

    kind: Literal["stake"] = "stake"
    card: str


class ChangeOrder(_Action):
    """TT-10.5: take the weather card of ``suit`` (not the dominant) and put it at
    ``position`` (1-based, 2 to 6); its own position puts it back unchanged."""

    kind: Literal["change_order"] = "change_order"
    suit: str
    position: int


class ChangeWeather(_Action):
    """TT-10.6: the Change-weather card's player keeps the row or rotates it (TT-11.2)."""

    kind: Literal["change_weather"] = "change_weather"
    rotate: bool


class Pick(_Action):
    """TT-8.6: a sharer takes one pool card into his hand."""

    kind: Literal["pick"] = "pick"
    card: str


class Weather(_Action):
    """TT-11.2: the winner keeps the row or rotates the dominant suit to the end."""

    kind: Literal["weather"] = "weather"
    rotate: bool


TalismaniAction = Annotated[
    PlayCards | Forge | SetAside | ChooseStake | ChangeOrder | ChangeWeather | Pick | Weather,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[TalismaniAction] = TypeAdapter(TalismaniAction)
