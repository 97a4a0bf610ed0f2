"""Randomness held in the state: a seed and a draw counter.

Every draw builds a fresh generator from ``(seed, counter)`` and bumps the
counter, so ``seed + actions`` always replays to the same state and a state
loaded from JSON continues exactly where it stopped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")


class Rng(BaseModel):
    seed: int
    counter: int = 0

    def _next(self) -> random.Random:
        generator = random.Random(f"{self.seed}:{self.counter}")
        self.counter += 1
        return generator

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._next().shuffle(out)
        return out

    def randint(self, low: int, high: int) -> int:
        """A whole number in ``[low, high]``, both ends included."""
        return self._next().randint(low, high)

    def pick(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("pick from an empty sequence")
        return items[self._next().randrange(len(items))]
