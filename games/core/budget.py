"""How hard the ``hard`` player thinks (games.core.search): a count, not a clock,
so a seed gives the same move on any machine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    worlds: int = 24  # hidden worlds sampled per decision; every candidate is played out in each
    candidates: int = 4  # at most this many moves compared (the normal player's always among them)
    # Moves a world is played out before it is scored as it stands (Game.standing_now);
    # None plays every world to its end. Long games need it to think within a second.
    horizon: int | None = None
    # Moves all of a decision's playouts may simulate together; None: no cap. Early in a
    # game a playout is long and late it is short: the cap stops sampling worlds once
    # they have cost this much, so an opening decision thinks no longer than a late one.
    moves: int | None = None

    @property
    def playouts(self) -> int:
        """Games played out per decision, at most."""
        return self.worlds * self.candidates
