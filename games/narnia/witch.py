"""Where the White Witch may attack a player (NA-4.6.2-4.6.4 at the end of a round, NA-4.7.4 for
the witch_attack card). The victim chooses among the legal pairs."""

from __future__ import annotations

from games.narnia.data import NEIGHBOURS
from games.narnia.state import NarniaState, WitchPair
from games.narnia.tokens import bag_size


def candidates(state: NarniaState, victim: int) -> list[WitchPair]:
    """C: every (Witch territory, victim territory) adjacent pair (NA-4.6.2), in id order."""
    return sorted(
        (
            WitchPair(source=source, target=target)
            for target in state.owned(victim)
            for source in NEIGHBOURS[target]
            if source in state.territories and state.territories[source].owner is None
        ),
        key=lambda pair: (pair.source, pair.target),
    )


def has_value(state: NarniaState, territory: str, value: int) -> bool:
    return any(token.value == value for token in state.territories[territory].stack)


def round_pairs(state: NarniaState, victim: int) -> tuple[list[WitchPair], list[WitchPair]]:
    """The end-of-round attack: (candidates, legal pairs). With an empty Witch bag a flag-only
    source cannot attack (NA-4.6.3, R14); a source holding a natural 3 (either origin) has
    priority, checked before the reinforcement (NA-4.6.4, R13)."""
    pairs = candidates(state, victim)
    if bag_size(state, "witch") == 0:
        pairs = [p for p in pairs if state.territories[p.source].stack]
    threes = [p for p in pairs if has_value(state, p.source, 3)]
    return pairs, threes or pairs


def card_pairs(state: NarniaState, victim: int) -> tuple[list[WitchPair], list[WitchPair]]:
    """witch_attack: only sources holding a token count, and the drawer must pick one holding
    the highest natural value m among them (NA-4.7.4, R15)."""
    pairs = [p for p in candidates(state, victim) if state.territories[p.source].stack]
    if not pairs:
        return [], []
    best = max(token.value for p in pairs for token in state.territories[p.source].stack)
    return pairs, [p for p in pairs if has_value(state, p.source, best)]
