"""The whole state of a Mag Mor game, hidden parts included (never shown as is)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.core import GameState
from games.magmor.data import RESOURCES

Phase = Literal["choose", "split", "pay", "magmor", "over"]
Crossing = Literal["easy", "difficult"]


class Category(BaseModel):
    """An active pay row of the current terrain (MM-4.4.1) and who paid it."""

    res: str
    qty: int
    paid_by: int | None = None


class Exploration(BaseModel):
    """A public exploration: the leader, the cell and the resource discarded (MM-4.2.4)."""

    seat: int
    cell: str
    resource: str


def empty_bundle() -> dict[str, int]:
    return dict.fromkeys(RESOURCES, 0)


class MagmorState(GameState):
    game: str = "magmor"
    # Cell -> terrain card id for the 35 terrain cells; F6 (Mag Mor) is not listed.
    grid: dict[str, str]
    # Every hand and pile always lists all five resource types (zeros included).
    hands: list[dict[str, int]]
    piles: dict[str, int]
    objectives: list[str]  # objective card id dealt to each seat (MM-3.5)
    set_aside: list[str]  # objective cards never seen (R24)
    honour: list[int]
    day: int = 0  # the day track, never past 17 (MM-4.5.3)
    turn: int = 0  # 1-based; turn 1 crosses A1
    leader: int
    # The seat left out of the latest leader selection after a difficult crossing
    # (MM-4.6.2); kept through the turn it affected, for display.
    barred: int | None = None
    phase: Phase = "choose"
    path: list[str] = Field(default_factory=list)  # crossed cells, in order (MM-4.3.1)
    current: str | None = None  # the cell being crossed this turn, once chosen
    candidates: list[str] = Field(default_factory=list)
    explorations: list[Exploration] = Field(default_factory=list)
    taken: dict[str, int] = Field(default_factory=dict)
    shortfall: dict[str, int] = Field(default_factory=dict)
    categories: list[Category] = Field(default_factory=list)
    acted: list[int] = Field(default_factory=list)  # seats that acted in this payment round
    magmor_paid: dict[int, dict[str, int]] = Field(default_factory=dict)
    last_crossing: Crossing | None = None
    success: bool | None = None

    @property
    def position(self) -> str:
        """The last crossed cell (the current cell once the choice is made)."""
        return self.path[-1]

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat].values())

    def payment_order(self) -> list[int]:
        """The leader first, then clockwise (MM-4.4.2, MM-4.7.2)."""
        return [(self.leader + step) % self.players for step in range(self.players)]

    def still_to_act(self) -> list[int]:
        return self.payment_order()[len(self.acted) :]
