"""How many sockets one address and one member may hold open.

Before its hello a socket is nobody's: it counts against the address it came
from (``SocketCaps.per_address`` such sockets at once), so a stranger cannot
hold a thousand sockets open waiting to sign in. Once signed in it counts
against its member instead (``per_member`` tabs at once), however many
addresses the member's tabs come from.

A member over the cap is refused on the NEW socket, with a clear reason; the
old ones stay. Closing the oldest instead would make a member with one tab too
many chase themself: the closed page reconnects (``main.mjs`` retries every
close), closes the next oldest, and so on for ever. A reload does not meet the
cap: the browser closes the old page's socket as it leaves, and a socket whose
network died silently is dropped by the heartbeat, after which the retrying
page gets in by itself.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass(eq=False)
class Door:
    """One socket as the caps count it: by its address until it signs in, then by its member."""

    address: str
    user_id: int | None = None


class SocketCaps:
    def __init__(self, per_address: int, per_member: int) -> None:
        self.per_address, self.per_member = per_address, per_member
        self.unsigned: Counter[str] = Counter()  # address -> sockets not signed in yet
        self.members: Counter[int] = Counter()  # user id -> signed-in sockets

    def open(self, address: str) -> Door | None:
        """A new socket from ``address``; None (not counted) when it holds its share already."""
        if self.unsigned[address] >= self.per_address:
            return None
        self.unsigned[address] += 1
        return Door(address)

    def sign(self, door: Door, user_id: int) -> bool:
        """``door``'s socket signed in as ``user_id``: False (counted as it was)
        when that member has all the sockets they may."""
        if door.user_id == user_id:
            return True  # a hello again, from the same member
        if self.members[user_id] >= self.per_member:
            return False
        self.close(door)
        self.members[user_id] += 1
        door.user_id = user_id
        return True

    def close(self, door: Door) -> None:
        """``door``'s socket goes (or changes member)."""
        if door.user_id is None:
            self._drop(self.unsigned, door.address)
        else:
            self._drop(self.members, door.user_id)

    @staticmethod
    def _drop(counts: Counter[Any], key: object) -> None:
        counts[key] -= 1
        if counts[key] <= 0:
            del counts[key]
