"""Helpers that build precise Tir Nan Og Wars states for the test vectors and rule tests.

Creatures are written with the spec's short codes (D E F G C); territories by
id, a face-down stack card with a trailing ``↓`` (as spec §6 writes it).
A uniquely named module (not conftest) so test folders do not clash.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from games.core import Event, Rng, RuleError
from games.tirnanog import GAME, StackCard, TirNanOgAction, TirNanOgState
from games.tirnanog.data import (
    CREATURES,
    FOUNTAINS,
    PILE_TYPES,
    SPECIES,
    TERRITORIES,
    is_fountain,
    species_of,
)
from games.tirnanog.rules import apply
from games.tirnanog.state import VP_SOURCES
from tests import engine

CODES = {"D": "dragon", "E": "elf", "F": "fairy", "G": "griffin", "C": "centaur"}


def species(codes: str) -> list[str]:
    """ "GCCD" -> ["griffin", "centaur", "centaur", "dragon"]."""
    return [CODES[c] for c in codes]


class Creatures:
    """Hands out distinct creature ids by species."""

    def __init__(self) -> None:
        self.free: dict[str, list[str]] = {s: [c for c in CREATURES if species_of(c) == s] for s in SPECIES}

    def take(self, codes: str) -> list[str]:
        return [self.free[CODES[c]].pop(0) for c in codes]

    def rest(self) -> list[str]:
        # Interleaved by species, so that a deck built from it is mixed.
        pools = [list(p) for p in self.free.values()]
        out: list[str] = []
        while any(pools):
            for pool in pools:
                if pool:
                    out.append(pool.pop(0))
        for pool in self.free.values():
            pool.clear()
        return out


def stack(cards: Sequence[str]) -> list[StackCard]:
    return [StackCard(card=c.rstrip("↓"), face_up=not c.endswith("↓")) for c in cards]


def make_state(
    players: int,
    *,
    hands: Sequence[str] | None = None,
    display: str = "DEFGC",
    deck: str | int | None = None,
    discard: str | int = "",
    reserves: Mapping[int, Sequence[str]] | None = None,
    stacks: Mapping[int, Sequence[str]] | None = None,
    piles: Mapping[str, Sequence[str]] | None = None,
    first_player: int = 0,
    active: int = 0,
    round: int = 1,
    final_cycle: bool = False,
    vp: Mapping[int, Mapping[str, int]] | None = None,
) -> TirNanOgState:
    """A turn-start state. Unnamed creatures fill the deck (or ``deck`` cards of them,
    the rest removed); piles not given hold the unused territories of their type in id
    order, without fountains (unused fountains are set aside as removed)."""
    pool = Creatures()
    hand_cards = [pool.take(h) for h in (hands or ["DEF"] * players)]
    display_cards = pool.take(display)
    discard_cards = pool.take(discard) if isinstance(discard, str) else []
    deck_cards = pool.take(deck) if isinstance(deck, str) else []
    rest = pool.rest()
    if isinstance(discard, int):
        discard_cards, rest = rest[:discard], rest[discard:]
    if deck is None:
        deck_cards, rest = rest, []
    elif isinstance(deck, int):
        deck_cards, rest = rest[:deck], rest[deck:]
    removed = rest
    reserves_ = [list((reserves or {}).get(s, [])) for s in range(players)]
    stacks_ = [stack((stacks or {}).get(s, [])) for s in range(players)]
    used = {c for r in reserves_ for c in r} | {c.card for s in stacks_ for c in s}
    given = {t: list(cards) for t, cards in (piles or {}).items()}
    used |= {c for cards in given.values() for c in cards}
    pile_cards: dict[str, list[str]] = {}
    for terrain in PILE_TYPES:
        if terrain in given:
            pile_cards[terrain] = given[terrain]
        else:
            pile_cards[terrain] = [t for t in TERRITORIES if TERRITORIES[t].type == terrain and t not in used]
            used |= set(pile_cards[terrain])
    removed += [t for t in TERRITORIES if t not in used]
    removed += [f for f in FOUNTAINS if f not in used]
    scores = [dict.fromkeys(VP_SOURCES, 0) for _ in range(players)]
    for seat, sources in (vp or {}).items():
        scores[seat].update(sources)
    return TirNanOgState(
        players=players,
        rng=Rng(seed=7),
        deck=deck_cards,
        display=display_cards,
        discard=discard_cards,
        hands=hand_cards,
        reserves=reserves_,
        stacks=stacks_,
        piles=pile_cards,
        removed=removed,
        vp=scores,
        first_player=first_player,
        active=active,
        round=round,
        exhaustions=round - 1 + (1 if final_cycle else 0),
        final_cycle=final_cycle,
    )


def play(state: TirNanOgState, seat: int, action: TirNanOgAction) -> tuple[TirNanOgState, list[Event]]:
    return GAME.play(state, seat, action)


def hand_codes(state: TirNanOgState, seat: int) -> str:
    """A hand as sorted short codes ("DDE")."""
    back = {v: k for k, v in CODES.items()}
    return "".join(sorted(back[species_of(c)] for c in state.hands[seat]))


def names(events: list[Event]) -> list[str]:
    return [event.key.removeprefix("tirnanog.event.") for event in events]


def find(events: list[Event], name: str) -> list[Event]:
    return engine.find("tirnanog", events, name)


def gained(events: list[Event], source: str) -> dict[int, int]:
    """VP gained from ``source`` in these events, by seat."""
    out: Counter[int] = Counter()
    for event in find(events, f"vp_{source}"):
        out[event.params["seat"]] += event.params["vp"]
    return dict(out)


def assert_refused(
    state: TirNanOgState, seat: int, action: TirNanOgAction, key: str, rule: str | None
) -> RuleError:
    """The action raises RuleError(key, rule) and changes nothing (tests.engine)."""
    return engine.assert_refused(GAME, apply, state, seat, action, key, rule)


def accounted(state: TirNanOgState) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Every creature, territory and fountain in every zone (each must appear once)."""
    creatures: Counter[str] = Counter([*state.deck, *state.display, *state.discard])
    for hand in state.hands:
        creatures.update(hand)
    territories: Counter[str] = Counter()
    fountains: Counter[str] = Counter(state.out_of_game)
    zones = [c for r in state.reserves for c in r]
    zones += [c.card for s in state.stacks for c in s]
    zones += [c for pile in state.piles.values() for c in pile]
    for card in [*zones, *state.removed]:
        if card in CREATURES:
            creatures[card] += 1
        elif is_fountain(card):
            fountains[card] += 1
        else:
            territories[card] += 1
    return creatures, territories, fountains


def conserved(state: TirNanOgState) -> bool:
    """58 creatures, 46 territories and 6 fountains, each exactly once (none are lost)."""
    creatures, territories, fountains = accounted(state)
    return (
        creatures == Counter(list(CREATURES))
        and territories == Counter(list(TERRITORIES))
        and fountains == Counter(list(FOUNTAINS))
    )
