"""The change step as a road: a change of a table, made, answered, then published.

Every operation of the table service that changes a table returns a
:class:`Step`. A cog enters it::

    async with bot.service.join(channel_id, user.id, name) as (row, table):
        await interaction.response.defer()  # Discord is answered first
    # left: the change is published (the channel, open panels, the pages)

Entering makes the change: it is committed with its outbox notice in one
transaction (``TableCore.commit``, ``bot.lobby``). The body answers whoever asked
(the member sees their click answered before anything else is posted). Leaving
publishes it (``bot.changes.Changes.after``), whatever the body did: the change
is committed, so it is published even when the answer failed. A step that is
never entered changes nothing, so a change cannot be made and its publishing
forgotten.

Awaited instead of entered (tests, benches, tools: nobody to answer), a step
makes the change and leaves its notice to whoever publishes the channel next,
the scheduler's tick at the latest, as after a restart. The cogs enter every
step (``tests/platform/test_house.py`` holds that).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from types import TracebackType
from typing import Any, Generic, TypeVar

from bot.model import Applied
from bot.store import GameRow

T = TypeVar("T", covariant=True)

# What a step publishes: a change of a game (its AI stretch may go on) or of a
# lobby (its row); None when nothing changed after all (a refused takeover).
Committed = Applied | GameRow | None
After = Callable[[Applied | GameRow], Awaitable[None]]


class Step(Generic[T]):
    def __init__(
        self, make: Callable[[], Awaitable[T]], made: Callable[[Any], Committed], after: After
    ) -> None:
        self._make, self._made, self._after = make, made, after
        self._committed: Committed = None

    async def __aenter__(self) -> T:
        value = await self._make()
        self._committed = self._made(value)
        return value

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        committed, self._committed = self._committed, None
        if committed is not None:
            await self._after(committed)

    def __await__(self) -> Generator[Any, None, T]:
        return self._make().__await__()


async def unpublished(_: Applied | GameRow) -> None:
    """A service without a runtime (tests, benches): notices wait for a tick."""
