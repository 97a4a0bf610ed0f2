"""Token buckets: a burst, then a steady rate (issue 40's limits on what one
socket or one member may ask of the server).

A bucket holds up to ``burst`` tokens and gains ``rate`` a second; each thing
asked for takes one. A member clicking as people click never meets it; a script
that sends as fast as it can gets ``burst`` things done, then ``rate`` a second.
The clock is the event loop's monotonic one, passed in so tests can move it."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field


@dataclass
class Bucket:
    burst: float
    rate: float  # tokens gained a second
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    at: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens, self.at = self.burst, self.clock()

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        """One token if there is one: False (and nothing taken) when the bucket is empty."""
        self._fill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def give_back(self) -> None:
        """A token taken for something that did not happen after all."""
        self.tokens = min(self.burst, self.tokens + 1.0)

    def full(self) -> bool:
        self._fill()
        return self.tokens >= self.burst


class Buckets:
    """One bucket per key (a member at a table...), made on first use; full
    buckets are forgotten now and then, so keys that come and go cost nothing."""

    def __init__(self, burst: float, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self._buckets: dict[Hashable, Bucket] = {}

    def of(self, key: Hashable) -> Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= 1024:  # a full bucket is a new one: forget those
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full()}
            bucket = self._buckets[key] = Bucket(self.burst, self.rate, self.clock)
        return bucket

    def take(self, key: Hashable) -> bool:
        return self.of(key).take()
