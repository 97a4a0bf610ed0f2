"""The Activity page's wire (cogs/talismani/page_state.py): made from each seat's own view, it
never holds another seat's hand nor a secret play before the reveal, and shows the reveal, the
stake won and what each play the seat may make is worth."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cogs.talismani.page_state import TalismaniPage, card_of, page_state
from games.registry import GAMES
from games.talismani import PlayCards, TalismaniState, TalismaniView
from games.talismani.data import FIRST_TALISMAN
from tests.talismani.talismani_helpers import make_state

TT = GAMES["talismani"]


def page(state: TalismaniState, seat: int | None) -> TalismaniPage:
    view = TT.view(state, seat)
    assert isinstance(view, TalismaniView)
    return page_state(view, seat)


def strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in (str(k), *strings(v))}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    return {value} if isinstance(value, str) else set()


def secret_cards(state: TalismaniState, seat: int | None) -> set[str]:
    """What ``seat`` may not see now: the other hands (their cards that are nowhere public)."""
    public = set(state.pool) | set(state.discard) | {state.stake or ""}
    for s in range(state.players):
        public |= set(state.won[s])
        public |= {c for t in [*state.forged[s], *state.pending[s]] for c in t.cards}
    public |= {c for p in state.plays for c in p.cards}
    hidden: set[str] = set()
    for s in range(state.players):
        if s != seat:
            hidden |= set(state.hands[s]) - public
    return hidden


@pytest.mark.parametrize("players", [2, 3])
def test_a_whole_game_never_shows_another_seat_s_hand_or_secret_play(players: int) -> None:
    state = TT.new_game(players, seed=4)
    moves = 0
    while (decision := TT.decision(state)) is not None:
        for seat in [*range(players), None]:
            shown = page(state, seat)
            words = strings(json.loads(shown.model_dump_json()))
            assert not words & secret_cards(state, seat), (seat, state.phase)
            if seat is None:
                assert shown.hand == [] and shown.mine is None and shown.offers == []
            else:
                assert sorted(c.id for c in shown.hand) == sorted(state.hands[seat])
            # Before the reveal a secret play's cards are still in its hand: hidden above too.
            if state.phase == "play":
                chosen = {p.seat for p in shown.players if p.status == "chosen"}
                assert chosen == set(state.chosen())
            else:  # who acts now, as the engine's decision names them
                acting = {p.seat for p in shown.players if p.status in ("acting", "choosing")}
                assert acting == set(decision.actors), (state.phase, acting)
        seat = decision.actors[0]
        action = TT.ai(seat).act(TT.view(state, seat), decision)
        state, _ = TT.play(state, seat, action)
        moves += 1
        assert moves < 2000
    final = page(state, 0)
    assert final.phase == "over" and all(p.status == "" for p in final.players)


def test_a_secret_play_is_only_in_its_own_seat_s_page() -> None:
    state = make_state(3, [["sun-5"], ["sun-2", "sun-3"], ["rain-4"]])
    state, _ = TT.play(state, 0, PlayCards(cards=["sun-5"]))
    mine, other, watcher = page(state, 0), page(state, 1), page(state, None)
    assert mine.mine == ["sun-5"] and mine.offers == []
    assert other.mine is None and watcher.mine is None
    assert "sun-5" not in other.model_dump_json() and "sun-5" not in watcher.model_dump_json()
    assert [p.status for p in other.players] == ["chosen", "choosing", "choosing"]
    # Seat 1 still picks: its pair of suns is offered with its worth, a combination (TT-9.1).
    pair = next(o for o in other.offers if o.cards == ["sun-2", "sun-3"])
    assert (pair.total, pair.suit, pair.place, pair.combination) == (5, "sun", 1, True)


def test_the_reveal_names_the_winner_and_the_stake_won() -> None:
    state = make_state(2, [["sun-5"], ["sun-1", "sun-4"]], pad=3)
    state, _ = TT.play(state, 0, PlayCards(cards=["sun-5"]))
    state, _ = TT.play(state, 1, PlayCards(cards=["sun-1", "sun-4"]))
    shown = page(state, None)
    assert shown.reveal is not None
    assert shown.reveal.winner == 0
    assert shown.reveal.stake == card_of(FIRST_TALISMAN)
    assert [p.seat for p in shown.reveal.plays] == [0, 1]
    assert shown.reveal.plays[0].winner and shown.reveal.plays[1].total == 5
    assert shown.players[0].score == "1"


def test_cards_are_described_for_the_page() -> None:
    fairy = {"id": "sun-4", "kind": "fairy", "suit": "sun", "value": 4}
    assert card_of("sun-4").model_dump(exclude_none=True) == fairy
    assert card_of("CW7").special == "change_weather" and card_of("CW7").number == 7
    assert card_of("JKa").kind == "joker"
    assert card_of(FIRST_TALISMAN).kind == "first"
