"""Helpers that build precise Akelarre states for the test vectors and rule tests.

A uniquely named module (not conftest) so that other test folders can have their
own helpers without a module-name clash.

Groups are written as card ids, a joker with its value as ``"GJ@5"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.akelarre import GAME, AkelarreAction, AkelarreState, Place, Placed
from games.akelarre.data import ALL_CARDS, FAMILIES, FAVOURITE_CARD, is_joker, kind_of, value_of
from games.akelarre.groups import resolve
from games.akelarre.rules import apply
from games.core import Event, Rng, RuleError
from tests import engine

# Favourites by seat unless a test says otherwise: Fairies, Goblins, Druids, Nymphs.
FAVOURITES = ["fairies", "goblins", "druids", "nymphs"]


def placed(text: str) -> Placed:
    if "@" in text:
        card, value = text.split("@")
        return Placed(card=card, value=int(value))
    value_printed = value_of(text)
    assert value_printed is not None and not is_joker(text), f"{text}: a joker needs a value"
    return Placed(card=text, value=value_printed)


def card_of(text: str) -> str:
    return text.split("@")[0]


def make_state(
    players: int,
    hands: Sequence[Sequence[str]],
    *,
    groups: Mapping[str, Sequence[str]] | None = None,
    place_counts: Mapping[int, int] | None = None,
    deck: int | Sequence[str] = 40,
    piles: Mapping[str, Sequence[str]] | None = None,
    points: Mapping[int, Sequence[str]] | None = None,
    favourites: Sequence[str] | None = None,
    active: int = 0,
    teams: bool = False,
    stall_limit: int | None = None,
) -> AkelarreState:
    """A Phase A state of ``active`` with exactly these hands, groups, piles and
    point piles. ``deck`` is a number of unused cards or the deck itself (top first);
    cards used nowhere are simply out of this rigged game."""
    assert len(hands) == players
    groups = groups or {}
    used = [c for h in hands for c in h]
    used += [card_of(c) for g in groups.values() for c in g]
    used += [c for p in (piles or {}).values() for c in p]
    used += [c for p in (points or {}).values() for c in p]
    if not isinstance(deck, int):
        used += list(deck)
    assert len(used) == len(set(used)), f"a card is used twice: {Counter(used).most_common(1)}"
    unused = [c for c in ALL_CARDS if c not in set(used)]
    deck_cards = unused[:deck] if isinstance(deck, int) else list(deck)
    start = 2 if players == 2 else 1
    counts = {seat: (place_counts or {}).get(seat, start) for seat in range(players)}
    places = [
        Place(
            id=f"P{seat + 1}-{k}", owner=seat, group=[placed(c) for c in groups.get(f"P{seat + 1}-{k}", [])]
        )
        for seat in range(players)
        for k in range(1, counts[seat] + 1)
    ]
    assert set(groups) <= {p.id for p in places}
    chosen = list(favourites or FAVOURITES[:players])
    return AkelarreState(
        players=players,
        rng=Rng(seed=5),
        teams=teams,
        favourites=chosen,
        unused_favourites=[f for f in FAMILIES if f not in chosen],
        hands=[list(h) for h in hands],
        deck=deck_cards,
        piles={f: list((piles or {}).get(f, [])) for f in FAMILIES},
        points=[list((points or {}).get(seat, [])) for seat in range(players)],
        places=places,
        active=active,
        stall_limit=10 * players if stall_limit is None else stall_limit,
    )


def group(state: AkelarreState, place_id: str) -> list[str]:
    """A group as written in the tests: ids, jokers with their value."""
    place = state.place(place_id)
    assert place is not None
    return [f"{p.card}@{p.value}" if is_joker(p.card) else p.card for p in place.group]


def act(state: AkelarreState, seat: int, action: AkelarreAction) -> tuple[AkelarreState, list[Event]]:
    return GAME.play(state, seat, action)


def run(state: AkelarreState, seat: int, *actions: AkelarreAction) -> tuple[AkelarreState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, more = GAME.play(state, seat, action)
        events += more
    return state, events


def keys(events: list[Event]) -> list[str]:
    return engine.keys("akelarre", events)


def find(events: list[Event], name: str) -> list[Event]:
    return engine.find("akelarre", events, name)


def assert_refused(
    state: AkelarreState, seat: int, action: AkelarreAction, key: str, rule: str | None
) -> RuleError:
    """The action raises RuleError(key, rule) and changes nothing (tests.engine)."""
    return engine.assert_refused(GAME, apply, state, seat, action, key, rule)


def all_cards(state: AkelarreState) -> Counter[str]:
    """Every card in every zone, the favourite cards included (110 in a dealt game)."""
    cards: Counter[str] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.deck)
    for pile in state.piles.values():
        cards.update(pile)
    for points in state.points:
        cards.update(points)
    for place in state.places:
        cards.update(p.card for p in place.group)
    if state.held is not None:
        cards[state.held.card] += 1
    if state.payment is not None:
        cards.update(state.payment.cards)
    cards.update(FAVOURITE_CARD[f] for f in [*state.favourites, *state.unused_favourites])
    return cards


def conserved(state: AkelarreState) -> bool:
    """AK-1.3 / AK-1.5: the 110 cards of the box, each in exactly one zone."""
    expected = Counter([*ALL_CARDS, *FAVOURITE_CARD.values()])
    return all_cards(state) == expected


def other_favourites(state: AkelarreState, keep: int | None) -> AkelarreState:
    """The same state with every favourite but ``keep``'s changed (what others cannot know)."""
    changed = [
        f if seat == keep else FAMILIES[(FAMILIES.index(f) + 1) % 5]
        for seat, f in enumerate(state.favourites)
    ]
    return state.model_copy(update={"favourites": changed})


def view_json(state: AkelarreState, seat: int | None) -> str:
    return GAME.view(state, seat).model_dump_json()


def resolved(state: AkelarreState, action: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    """The group an open/add makes (a joker's value left to the default made explicit)."""
    place = state.place(action["place"])
    assert place is not None
    existing = list(place.group) if action["kind"] == "add" else []
    new = [*action["cards"], *([state.held.card] if state.held is not None else [])]
    return tuple((kind_of(p.card), p.value) for p in resolve(existing, new, action.get("joker_value")))


def same(state: AkelarreState, action: dict[str, Any]) -> tuple[Any, ...]:
    """What an action does, whichever copy of identical cards it names."""
    kind = action["kind"]
    if kind in ("open", "add"):
        cards = tuple(sorted(kind_of(c) for c in action["cards"]))
        return (kind, action["place"], cards, resolved(state, action))
    if kind in ("take", "discard", "pay"):
        return (kind, action.get("place"), kind_of(action["card"]))
    if kind == "choose_payment":
        return (kind, tuple(sorted(kind_of(c) for c in action["cards"])))
    if kind == "draw":
        return (kind, action["source"])
    return (kind,)
