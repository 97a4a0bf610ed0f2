"""How often strangers may make the Activity's server do something costly:
token buckets (a small burst, then a steady rate), one per socket, per
address, or for the whole process, with bounded memory.

A bucket holds up to ``burst`` units and refills at ``per_second``; an act
takes one unit, and is refused while the bucket is empty. ``Buckets`` keys
them (an address, a socket) and forgets the least recently used key past
``size``: a flood of made-up addresses costs a fixed amount of memory, and a
forgotten key only starts again full, which the process's own bucket (a key
nobody can multiply) still bounds.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from ipaddress import ip_address

Clock = Callable[[], float]


@dataclass
class Bucket:
    burst: float
    per_second: float
    clock: Clock = time.monotonic
    units: float = field(init=False)
    at: float = field(init=False)

    def __post_init__(self) -> None:
        self.units, self.at = self.burst, self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self.units = min(self.burst, self.units + (now - self.at) * self.per_second)
        self.at = now

    def wait(self) -> float:
        """Seconds until one unit is there (0: now)."""
        self._refill()
        if self.units >= 1:
            return 0.0
        if self.per_second <= 0:
            return float("inf")
        return (1 - self.units) / self.per_second

    def take(self) -> float:
        """Take one unit if there is one (then 0), else the seconds to wait."""
        wait = self.wait()
        if wait == 0:
            self.units -= 1
        return wait

    def allow(self) -> bool:
        """Take one unit if there is one: False (and nothing taken) when empty."""
        return self.take() == 0

    def give(self) -> None:
        """One unit back (an act that turned out to cost nothing)."""
        self._refill()
        self.units = min(self.burst, self.units + 1)

    @property
    def full(self) -> bool:
        self._refill()
        return self.units >= self.burst


class Buckets:
    """One bucket per key, at most ``size`` keys (least recently used forgotten)."""

    def __init__(self, burst: float, per_second: float, *, size: int = 4096, clock: Clock = time.monotonic):
        self.burst, self.per_second, self.size, self.clock = burst, per_second, size, clock
        self._buckets: OrderedDict[Hashable, Bucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def of(self, key: Hashable) -> Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = Bucket(self.burst, self.per_second, self.clock)
            while len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(key)
        return bucket

    def wait(self, key: Hashable) -> float:
        return self.of(key).wait()

    def take(self, key: Hashable) -> float:
        return self.of(key).take()

    def give(self, key: Hashable) -> None:
        if key in self._buckets:  # a forgotten key is full again anyway
            self._buckets[key].give()

    def forget(self, key: Hashable) -> None:
        self._buckets.pop(key, None)


class Calls:
    """The calls to Discord that strangers can cause: per address and, for the
    whole process, a budget well under Discord's invalid-request limit (10,000
    answers 401, 403 or 429 in 10 minutes block the bot's address).

    A call takes a unit from both before it is sent (so calls in flight count),
    and a call Discord answered with success gives them back: what is bounded is
    what Discord counts against the bot, while members' real sign-ins (a restart
    reconnecting every page) are not held back by the budget."""

    def __init__(
        self,
        *,
        address_burst: float,
        address_per_second: float,
        budget_burst: float,
        budget_per_second: float,
        clock: Clock = time.monotonic,
    ) -> None:
        self.addresses = Buckets(address_burst, address_per_second, clock=clock)
        self.budget = Bucket(budget_burst, budget_per_second, clock)
        # A member Discord confirmed (their language, where their instance is): charged to
        # them, at an address's rate, not to the process, so strangers draining the budget
        # do not lock members out; what Discord refuses them is bounded per member.
        self.members = Buckets(address_burst, address_per_second, clock=clock)

    def admit(self, address: str) -> tuple[str, float] | None:
        """None, and one unit taken from each; or why not (``too_many`` for the
        address, ``crowded`` for the process) and the seconds to wait."""
        mine, everyone = self.addresses.wait(address), self.budget.wait()
        if everyone > 0:
            return "crowded", everyone
        if mine > 0:
            return "too_many", mine
        self.addresses.take(address)
        self.budget.take()
        return None

    def answered(self, address: str, ok: bool) -> None:
        if ok:
            self.addresses.give(address)
            self.budget.give()

    def admit_member(self, member: int) -> tuple[str, float] | None:
        """As :meth:`admit`, for a call on behalf of a member Discord confirmed."""
        wait = self.members.take(member)
        return None if wait == 0 else ("too_many", wait)

    def answered_member(self, member: int, ok: bool) -> None:
        if ok:
            self.members.give(member)


def client_address(remote: str | None, headers: Mapping[str, str], trust_proxy: bool) -> str:
    """Who is asking: the connection's address, or, behind a trusted reverse
    proxy, the right-most address of X-Forwarded-For (the one the proxy itself
    added; the ones to its left are whatever the client claimed)."""
    if trust_proxy:
        forwarded = headers.get("X-Forwarded-For", "").split(",")[-1].strip()
        try:
            return str(ip_address(forwarded))
        except ValueError:
            pass  # no header, or not an address: the connection's own
    return remote or "unknown"
