"""The round card's effect, resolved as soon as it is drawn (NA-4.1.5, NA-4.7).

``resolve`` returns True when the effect is complete (the round goes on), False when it opened
a decision for the drawer (or, for evil_spell, the losers). A card whose effect is impossible
still sets the round's sequence (R42).
"""

from __future__ import annotations

from games.core import Event
from games.core.events import public
from games.narnia import battle, tokens, witch
from games.narnia.data import CARD_TYPE
from games.narnia.state import NarniaState, SpellRoll

REINFORCEMENTS = {"reinforcements_1": 1, "reinforcements_2": 2, "reinforcements_3": 3}


def highest_value(state: NarniaState, seat: int) -> int | None:
    """The highest natural value among the seat's tokens on the board (NA-4.7.1), if any."""
    tops = [t.stack[0].value for t in state.territories.values() if t.owner == seat and t.stack]
    return max(tops) if tops else None


def resolve(state: NarniaState, card: str, events: list[Event]) -> bool:
    kind = CARD_TYPE[card]
    drawer = state.drawer
    assert drawer is not None
    state.actor = drawer
    if kind == "turn_to_stone":
        value = highest_value(state, drawer)
        if value is None:
            return no_effect(state, card, events)  # R20
        state.required_value = value
        state.phase = "stone"
        return False
    if kind == "blizzard":
        state.effects.blizzard = drawer  # NA-4.7.2
        events.append(public("narnia.event.blizzard", seat=drawer))
        return True
    if kind == "evil_spell":
        return evil_spell(state, events)
    if kind == "witch_attack":
        _, legal = witch.card_pairs(state, drawer)
        if not legal:
            return no_effect(state, card, events)  # NA-4.7.4: no candidate, nothing happens
        state.witch_pairs = legal
        state.phase = "witch_attack"
        return False
    if kind == "treachery":
        if highest_value(state, drawer) is None:
            return no_effect(state, card, events)  # R22
        state.phase = "treachery"
        return False
    if kind == "terror":
        return terror(state, events)
    if kind in REINFORCEMENTS:
        # NA-4.7.7 / R25 / NA-4.8.2: up to k tokens, all shown, all to be placed.
        count = min(REINFORCEMENTS[kind], tokens.bag_size(state, "peter"))
        for _ in range(count):
            token = tokens.draw(state, "peter")
            state.drawn.append(token)
            events.append(tokens.announce_draw(drawer, token))
        if not count:
            return no_effect(state, card, events)
        state.phase = "place_reinforcement"
        return False
    if kind == "surprise_attack":
        if not any(t.stack for t in state.territories.values() if t.owner is None):
            return no_effect(state, card, events)
        state.phase = "surprise"
        return False
    if kind == "aslans_strength":
        state.effects.aslan = drawer  # NA-4.7.9: one re-roll until cleanup (R17, R18)
        events.append(public("narnia.event.aslan_holds", seat=drawer))
        return True
    if kind == "invincible_strength":
        state.effects.invincible = drawer  # NA-4.7.10 / R19
        events.append(public("narnia.event.invincible", seat=drawer))
        return True
    raise ValueError(f"no effect for card type {kind!r}")


def no_effect(state: NarniaState, card: str, events: list[Event]) -> bool:
    events.append(public("narnia.event.no_effect", seat=state.drawer, card=card))
    return True


def terror(state: NarniaState, events: list[Event]) -> bool:
    """Every value-1 token in every player-owned territory goes back to Peter's bag, at any
    depth; Witch territories (betrayed tokens included) and flags are untouched (NA-4.7.6, R23)."""
    removed = 0
    for territory in state.territories.values():
        if territory.owner is None:
            continue
        for token in [t for t in territory.stack if t.value == 1]:
            tokens.give_back(state, token)
            removed += 1
        territory.stack = [t for t in territory.stack if t.value != 1]
    events.append(public("narnia.event.terror", count=removed))
    return True


def clockwise_from(state: NarniaState, seat: int) -> list[int]:
    return [(seat + step) % state.players for step in range(state.players)]


def evil_spell(state: NarniaState, events: list[Event]) -> bool:
    """NA-4.7.3 / R21: every active player rolls; only those tied for the highest re-roll until
    one is alone on top; every other active player gives up one of his highest tokens, choosing
    in clockwise order from the drawer."""
    drawer = state.drawer
    assert drawer is not None
    rolling = [s for s in clockwise_from(state, drawer) if state.active(s)]
    state.spell_rolls = []
    while True:
        rolls = {seat: battle.roll(state, 1)[0] for seat in rolling}
        state.spell_rolls.append(SpellRoll(rolls=rolls))
        for seat, die in rolls.items():
            events.append(public("narnia.event.spell_rolled", seat=seat, roll=die))
        best = max(rolls.values())
        rolling = [seat for seat in rolling if rolls[seat] == best]
        if len(rolling) == 1:
            break
    safe = rolling[0]
    state.spell_safe = safe
    events.append(public("narnia.event.spell_safe", seat=safe))
    losers = []
    for seat in clockwise_from(state, drawer):
        if seat == safe or not state.active(seat):
            continue
        if highest_value(state, seat) is None:
            events.append(public("narnia.event.spell_nothing", seat=seat))
        else:
            losers.append(seat)
    if not losers:
        return True
    state.spell_losers = losers
    state.required_value = highest_value(state, losers[0])
    state.phase = "spell_loss"
    state.actor = losers[0]
    return False
