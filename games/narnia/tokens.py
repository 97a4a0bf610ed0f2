"""Bags and stacks: drawing, returning, inserting and re-sorting tokens (NA-3.2, NA-4.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.core import Event
from games.core.events import public
from games.narnia.data import TOKEN_SUPPLY, Origin
from games.narnia.state import NarniaState, Territory, Token


def full_bag(origin: Origin) -> dict[int, int]:
    return dict(TOKEN_SUPPLY[origin])


def bag(state: NarniaState, origin: Origin) -> dict[int, int]:
    return state.peter_bag if origin == "peter" else state.witch_bag


def bag_size(state: NarniaState, origin: Origin) -> int:
    return sum(bag(state, origin).values())


def draw(state: NarniaState, origin: Origin) -> Token:
    """One token, uniformly random over the tokens in the bag (NA-3.2, R40)."""
    counts = bag(state, origin)
    index = state.rng.randint(0, sum(counts.values()) - 1)
    for value in sorted(counts):
        if index < counts[value]:
            counts[value] -= 1
            return Token(value=value, origin=origin)
        index -= counts[value]
    raise ValueError(f"draw from an empty {origin} bag")


def give_back(state: NarniaState, token: Token) -> None:
    """A removed token goes back into the bag of its origin (NA-4.3.6, R1)."""
    counts = bag(state, token.origin)
    counts[token.value] = counts.get(token.value, 0) + 1


def insert(stack: list[Token], token: Token) -> None:
    """Directly below the last token of greater or equal value (NA-4.3.4)."""
    position = 0
    while position < len(stack) and stack[position].value >= token.value:
        position += 1
    stack.insert(position, token)


def resort(stack: list[Token]) -> None:
    """A stable sort by natural value, descending (NA-4.3.4, R2)."""
    stack.sort(key=lambda token: -token.value)


def values(stack: Iterable[Token]) -> list[int]:
    return [token.value for token in stack]


def joined(numbers: Iterable[int]) -> str:
    """``[6, 5, 3]`` -> ``"6 5 3"``: dice and token lists as event parameters."""
    return " ".join(str(n) for n in numbers)


def take_values(territory: Territory, wanted: list[int]) -> list[Token] | None:
    """Remove tokens of these natural values (a multiset) from the stack, lowest first so the
    remaining order stays valid; None (and no change) if the stack does not hold them all."""
    have = Counter(values(territory.stack))
    if any(have[value] < count for value, count in Counter(wanted).items()):
        return None
    taken: list[Token] = []
    for value in sorted(wanted):
        for position in range(len(territory.stack) - 1, -1, -1):
            if territory.stack[position].value == value:
                taken.append(territory.stack.pop(position))
                break
    return taken


def announce_draw(seat: int, token: Token) -> Event:
    key = "narnia.event.peter_token_drawn" if token.origin == "peter" else "narnia.event.witch_token_drawn"
    return public(key, seat=seat, value=token.value)
