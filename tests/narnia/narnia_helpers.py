"""Helpers that build precise Narnia states and rig dice and bag draws for the vectors.

A uniquely named module (not conftest) so other test folders can have their own helpers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from games.core import Event, Rng, RuleError
from games.narnia import GAME, NarniaAction, NarniaState, Territory, Token, battle, rules, tokens
from games.narnia.data import CARD_IDS, TERRITORIES, TOTAL_TOKENS, Origin
from games.narnia.flow import reduced_sequence
from tests import engine

COLOURS = ("red", "blue", "green", "yellow")
RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
WITCH = None


def stack(text: str) -> list[Token]:
    """``"3P 2P 1W"`` -> tokens, top first (the spec's notation)."""
    out = []
    for item in text.split():
        origin: Origin = "peter" if item[1] == "P" else "witch"
        out.append(Token(value=int(item[0]), origin=origin))
    return out


def show(state: NarniaState, tid: str) -> str:
    """The spec's notation for a territory's stack, e.g. ``"3P 2P"`` ("" = only the flag)."""
    return " ".join(f"{t.value}{'P' if t.origin == 'peter' else 'W'}" for t in state.territories[tid].stack)


def make_state(
    players: int = 4,
    board: Mapping[str, tuple[int | None, str]] | None = None,
    *,
    rest: int | None = WITCH,
    phase: str = "turn",
    actor: int | None = RED,
    drawer: int = RED,
    card: str | None = "turn_to_stone_1",
    stage: str = "sequence",
    turn_index: int = 0,
    drawn: str = "",
    **fields: Any,
) -> NarniaState:
    """A mid-game state. ``board`` maps territories to (owner, stack text); every other
    territory belongs to ``rest`` with only its flag. Bags hold every token not on the board
    (or drawn), so the 128 tokens are all accounted for."""
    placed = dict(board or {})
    territories = {
        tid: Territory(owner=placed[tid][0], stack=stack(placed[tid][1]))
        if tid in placed
        else Territory(owner=rest)
        for tid in TERRITORIES
    }
    state = NarniaState(
        players=players,
        rng=Rng(seed=99),
        colours=list(COLOURS[:players]),
        phase=phase,
        stage=stage,
        round=1,
        territories=territories,
        peter_bag=tokens.full_bag("peter"),
        witch_bag=tokens.full_bag("witch"),
        deck=[c for c in CARD_IDS if c != card],
        eliminated=[False] * players,
        last_attack=[None] * players,
        drawer=drawer,
        round_card=card,
        actor=actor,
        turn_index=turn_index,
        drawn=stack(drawn),
        setup_placed=24,
        aslan_once=False,  # the printed rule, as in every new game (True: started under R-A1, withdrawn)
    )
    if card is not None:
        state.sequence = reduced_sequence(state, card)
    for territory in state.territories.values():
        for token in territory.stack:
            tokens.bag(state, token.origin)[token.value] -= 1
    for token in state.drawn:
        tokens.bag(state, token.origin)[token.value] -= 1
    for key, value in fields.items():
        setattr(state, key, value)
    for seat in range(players):
        if not state.owned(seat):
            state.eliminated[seat] = True
    return state


def token_count(state: NarniaState) -> int:
    """Bags + stacks + drawn-but-unplaced: always 128 (NA-4.8.1)."""
    on_board = sum(len(t.stack) for t in state.territories.values())
    in_bags = sum(state.peter_bag.values()) + sum(state.witch_bag.values())
    return on_board + in_bags + len(state.drawn)


def per_origin(state: NarniaState) -> dict[tuple[Origin, int], int]:
    """Every (origin, value): 64 + 64 tokens split as in §8.2."""
    counts: dict[tuple[Origin, int], int] = {}
    for territory in state.territories.values():
        for token in territory.stack:
            counts[(token.origin, token.value)] = counts.get((token.origin, token.value), 0) + 1
    for token in state.drawn:
        counts[(token.origin, token.value)] = counts.get((token.origin, token.value), 0) + 1
    bags: tuple[tuple[Origin, dict[int, int]], ...] = (("peter", state.peter_bag), ("witch", state.witch_bag))
    for origin, bag in bags:
        for value, count in bag.items():
            counts[(origin, value)] = counts.get((origin, value), 0) + count
    return counts


assert TOTAL_TOKENS == 128


class Rig:
    """Dice and bag draws fixed in advance. Each die list must have exactly the number of
    dice the rules roll (checking NA-4.4.3 as a side effect)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.dice: list[list[int]] = []
        self.draws: list[tuple[Origin, int]] = []
        self.rolled: list[list[int]] = []
        monkeypatch.setattr(battle, "roll", self._roll)
        monkeypatch.setattr(tokens, "draw", self._draw)

    def roll(self, *throws: Iterable[int]) -> Rig:
        self.dice.extend(list(t) for t in throws)
        return self

    def draw(self, *items: str) -> Rig:
        """``"2W"``, ``"3P"``: the next tokens drawn from the bags."""
        for item in items:
            self.draws.append(("peter" if item[1] == "P" else "witch", int(item[0])))
        return self

    def _roll(self, state: NarniaState, dice: int) -> list[int]:
        assert self.dice, f"unexpected roll of {dice} dice"
        values = self.dice.pop(0)
        assert len(values) == dice, f"rolled {dice} dice, rigged {values}"
        self.rolled.append(values)
        return sorted(values, reverse=True)

    def _draw(self, state: NarniaState, origin: Origin) -> Token:
        assert self.draws, f"unexpected draw from the {origin} bag"
        want_origin, value = self.draws.pop(0)
        assert want_origin == origin, (want_origin, origin)
        bag = tokens.bag(state, origin)
        assert bag[value] > 0
        bag[value] -= 1
        return Token(value=value, origin=origin)


def play(
    state: NarniaState, seat: int, action: NarniaAction | dict[str, Any]
) -> tuple[NarniaState, list[Event]]:
    if isinstance(action, dict):
        action = GAME.parse_action(action)
    return GAME.play(state, seat, action)


def keys(events: list[Event]) -> list[str]:
    return engine.keys("narnia", events)


def find(events: list[Event], name: str) -> list[Event]:
    return engine.find("narnia", events, name)


def assert_refused(
    state: NarniaState, seat: int, action: NarniaAction | dict[str, Any], key: str, rule: str | None
) -> RuleError:
    """The action raises RuleError(key, rule) and changes nothing (tests.engine)."""
    if isinstance(action, dict):
        action = GAME.parse_action(action)
    return engine.assert_refused(
        GAME, lambda work, seat, action: rules.handle(work, seat, action, []), state, seat, action, key, rule
    )
