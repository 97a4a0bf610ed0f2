"""Setting up a game (NA-3): colours, bags, the setup-order card, the Witch's garrison and
Peter's deployment, then the deck and the first drawer."""

from __future__ import annotations

from typing import Any

from games.core import Event, Rng, RuleError
from games.core.events import public
from games.narnia import flow, tokens
from games.narnia.data import (
    CARD_IDS,
    DEFAULT_ROUND_CAP,
    MAX_ROUND_CAP,
    PETER_START,
    PLAYER_COLOURS,
    SEQUENCE,
    WITCH_START,
    Origin,
)
from games.narnia.state import NarniaState, Territory

PLACEMENTS = len(WITCH_START)  # 12 Witch tokens, then 12 Peter tokens (NA-3.4, NA-3.5)


def colours_option(options: dict[str, Any], players: int) -> list[str]:
    """D1: seat i gets red, blue, green, yellow in that order unless the host passes
    ``colours`` (distinct player colours, one per seat)."""
    value = options.get("colours")
    if value is None:
        return list(PLAYER_COLOURS[:players])
    if (
        not isinstance(value, list | tuple)
        or len(value) != players
        or len(set(value)) != players
        or any(colour not in PLAYER_COLOURS for colour in value)
    ):
        raise RuleError("narnia.error.colours", "NA-3.1", players=players)
    return [str(colour) for colour in value]


def round_cap_option(options: dict[str, Any]) -> int | None:
    """NA-4.8.9 / R34: ``round_cap`` is a number of rounds (1 to MAX_ROUND_CAP) or None
    for no cap; absent, the default cap."""
    if "round_cap" not in options:
        return DEFAULT_ROUND_CAP
    value = options["round_cap"]
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUND_CAP:
        raise RuleError("narnia.error.round_cap", "NA-4.8.9", max=MAX_ROUND_CAP)
    return value


def aslan_option(options: dict[str, Any]) -> bool:
    """The withdrawn ruling R-A1 (Aslan's question once per battle): off in every new game;
    on only in the replay of a game started under it, whose export names it
    (``NarniaGame.rulings``)."""
    value = options.get("aslan_once", False)
    if not isinstance(value, bool):
        raise RuleError("narnia.error.aslan_once", "NA-4.4.6")
    return value


def new_state(players: int, seed: int, options: dict[str, Any]) -> NarniaState:
    colours = colours_option(options, players)
    round_cap = round_cap_option(options)
    aslan_once = aslan_option(options)
    rng = Rng(seed=seed)
    # NA-3.3 / R10: draw until a card with a sequence comes up (a courage card goes back).
    setup_card = next(card for card in rng.shuffled(CARD_IDS) if SEQUENCE[card])
    state = NarniaState(
        players=players,
        rng=rng,
        colours=colours,
        phase="place_witch",
        territories={},
        peter_bag=tokens.full_bag("peter"),
        witch_bag=tokens.full_bag("witch"),
        deck=[],
        eliminated=[False] * players,
        last_attack=[None] * players,
        last_attack_round=[None] * players,
        setup_card=setup_card,
        round_cap=round_cap,
        aslan_once=aslan_once,
    )
    state.setup_order = flow.reduced_sequence(state, setup_card)
    next_placement(state, [])
    return state


def placer(state: NarniaState, placement: int) -> int:
    """Both placements go round the setup order from its first colour (R10)."""
    return state.setup_order[(placement % PLACEMENTS) % len(state.setup_order)]


def round_of(state: NarniaState) -> list[int]:
    """The seats that place next, in turn, the current placer first: one go round the
    setup order, cut at the end of the Witch's or Peter's placements (NA-3.4, NA-3.5)."""
    placed = state.setup_placed
    end = PLACEMENTS if placed < PLACEMENTS else 2 * PLACEMENTS
    return [placer(state, k) for k in range(placed, min(end, placed + len(state.setup_order)))]


def next_placement(state: NarniaState, events: list[Event]) -> None:
    placed = state.setup_placed
    if placed >= 2 * PLACEMENTS:
        finish(state, events)
        return
    seat = placer(state, placed)
    origin: Origin = "witch" if placed < PLACEMENTS else "peter"
    token = tokens.draw(state, origin)  # R11: shown before its territory is chosen
    state.drawn = [token]
    state.phase = "place_witch" if origin == "witch" else "deploy"
    state.actor = seat
    events.append(tokens.announce_draw(seat, token))


def place(state: NarniaState, seat: int, territory: str, events: list[Event]) -> None:
    """Put the drawn token on a free start territory (the caller checked it)."""
    token = state.drawn.pop(0)
    witch_side = state.phase == "place_witch"
    state.territories[territory] = Territory(owner=None if witch_side else seat, stack=[token])
    state.setup_placed += 1
    key = "narnia.event.witch_placed" if witch_side else "narnia.event.deployed"
    events.append(public(key, seat=seat, territory=territory, value=token.value))
    next_placement(state, events)


def finish(state: NarniaState, events: list[Event]) -> None:
    """NA-3.7-3.8: shuffle all 26 cards; the last placer draws round 1's card."""
    state.deck = state.rng.shuffled(CARD_IDS)
    state.discard = []
    state.drawer = placer(state, 2 * PLACEMENTS - 1)
    events.append(public("narnia.event.setup_done", seat=state.drawer))
    flow.begin_round(state, events)


def free_starts(state: NarniaState) -> list[str]:
    starts = WITCH_START if state.phase == "place_witch" else PETER_START
    return [tid for tid in starts if tid not in state.territories]
