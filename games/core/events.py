"""Events: what happened, as a catalog key + parameters + an audience."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Event(BaseModel):
    """One thing that happened.

    ``seats`` is the audience: ``None`` means public (every player and every
    spectator); a list means only those seats may see it. Hidden information
    may appear only in events addressed to the seats allowed to know it.
    Parameters whose name is ``seat`` or ends in ``_seat`` hold seat numbers;
    the bot renders them as player names.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    seats: list[int] | None = None

    @property
    def public(self) -> bool:
        return self.seats is None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)


def public(key: str, /, **params: Any) -> Event:
    return Event(key=key, params=params)


def private(seat: int, key: str, /, **params: Any) -> Event:
    return Event(key=key, params=params, seats=[seat])
