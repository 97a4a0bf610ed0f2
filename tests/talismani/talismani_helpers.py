"""Helpers that build precise Talismani states for the test vectors and rule tests.

A uniquely named module (not conftest) so that other test folders can have their
own helpers without a module-name clash."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from games.core import Event, Rng, RuleError
from games.talismani import GAME, Forge, PlayCards, Talisman, TalismaniAction, TalismaniState
from games.talismani.data import FIRST_TALISMAN, deck
from games.talismani.rules import apply
from tests import engine

ROW = ["sun", "rain", "snow", "clouds", "fog", "storm"]


def make_state(
    players: int,
    hands: Sequence[Sequence[str]],
    *,
    row: Sequence[str] = ROW,
    stake: str | None = FIRST_TALISMAN,
    pending: Mapping[int, Sequence[Talisman]] | None = None,
    won: Mapping[int, Sequence[str]] | None = None,
    forged: Mapping[int, Sequence[Talisman]] | None = None,
    pad: int = 3,
    turn: int = 1,
) -> TalismaniState:
    """A turn-start state with these hands, each padded with unused deck cards up
    to ``pad`` cards (fillers nobody plays, so that no hand empties by accident)."""
    assert len(hands) == players
    used = (
        {c for h in hands for c in h}
        | {stake}
        | {c for ts in (pending or {}).values() for t in ts for c in t.cards}
    )
    fillers = [c for c in deck(players) if c not in used]
    # Fillers of the least dominant suit first: harmless, and never a combination played.
    full = []
    for hand in hands:
        extra = []
        while len(hand) + len(extra) < pad:
            extra.append(fillers.pop())
        full.append([*hand, *extra])
    return TalismaniState(
        players=players,
        rng=Rng(seed=7),
        row=list(row),
        turn_row=list(row),
        hands=full,
        stake=stake,
        won=[list((won or {}).get(s, [])) for s in range(players)],
        forged=[[t.model_copy() for t in (forged or {}).get(s, [])] for s in range(players)],
        pending=[[t.model_copy() for t in (pending or {}).get(s, [])] for s in range(players)],
        choices=[None] * players,
        turn=turn,
    )


def action_for(play: Sequence[str] | str) -> TalismaniAction:
    if play == "forge":
        return Forge()
    return PlayCards(cards=list(play))


def play_turn(
    state: TalismaniState, plays: Mapping[int, Sequence[str] | str]
) -> tuple[TalismaniState, list[Event]]:
    """Every seat submits its secret play (seat order); ``"forge"`` means play (f)."""
    events: list[Event] = []
    for seat in range(state.players):
        state, more = GAME.play(state, seat, action_for(plays[seat]))
        events += more
    return state, events


def act(state: TalismaniState, seat: int, action: TalismaniAction) -> tuple[TalismaniState, list[Event]]:
    return GAME.play(state, seat, action)


def keys(events: list[Event]) -> list[str]:
    return engine.keys("talismani", events)


def find(events: list[Event], name: str) -> list[Event]:
    return engine.find("talismani", events, name)


def assert_refused(
    state: TalismaniState, seat: int, action: TalismaniAction, key: str, rule: str | None
) -> RuleError:
    """The action raises RuleError(key, rule) and changes nothing (tests.engine)."""
    return engine.assert_refused(GAME, apply, state, seat, action, key, rule)


def all_cards(state: TalismaniState) -> Counter[str]:
    """Every card in every zone (TT-4.2: cards only move between zones)."""
    cards: Counter[str] = Counter()
    for hand in state.hands:
        cards.update(hand)
    for won in state.won:
        cards.update(won)
    for talismans in [*state.forged, *state.pending]:
        for talisman in talismans:
            cards.update(talisman.cards)
    if state.phase == "stake":
        # Set aside this turn (TT-8.1) and not yet forged or pending (TT-8.4).
        for talisman in state.aside_now.values():
            cards.update(talisman.cards)
    cards.update(state.pool)
    cards.update(state.discard)
    if state.stake is not None:
        cards[state.stake] += 1
    return cards


def conserved(state: TalismaniState) -> bool:
    """Every dealt card plus the First Talisman, each exactly once."""
    expected = Counter([*deck(state.players), FIRST_TALISMAN])
    return all_cards(state) == expected
