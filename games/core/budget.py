"""How hard the ``hard`` player thinks (games.core.search): a count, not a clock,
so a seed gives the same move on any machine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    iterations: int = 100  # worlds sampled and played out per decision
    candidates: int = 8  # at most this many moves compared (the normal player's always among them)
    exploration: float = 0.7  # UCB1's constant: higher spreads the worlds more evenly
