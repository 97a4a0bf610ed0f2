"""Events: what happened, as a catalog key + parameters + an audience."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Event(BaseModel):
    """One thing that happened.

    ``seats`` is the audience: ``None`` means public (every player and every
    spectator); a list means only those seats may see it. Hidden information
    may appear only in events addressed to the seats allowed to know it.
    Parameter names say how the bot renders them (``bot/render.py``):
    ``seat``/``*_seat`` seat numbers (player names); ``resource``/``*_resource``,
    ``territory``/``*_territory``, ``suit``/``*_suit``, ``card``/``*_card`` ids
    (catalog names ``<game>.resource|territory|suit|card.<id>``); ``cards``/``*_cards`` bundles
    (id -> count); ``cards_list``/``*_cards_list`` lists of card ids; anything
    else is inserted as it is.

    A public event with a ``live`` parameter (e.g. ``live="battle-7"``) belongs
    to a *live message*, one public message the bot keeps editing as the thing
    it shows unfolds (a Narnia battle, throw by throw). The game's presenter
    draws that message from the view; the event is not printed as a line of
    its own (it still reads well in ``/log``).
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
