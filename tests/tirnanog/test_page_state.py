"""Tir Nan Og Wars' wire to the Activity's page (cogs/tirnanog/page_state.py): each seat's page
holds its own hand and no other; a spectator's none; the page is the same whatever the other
hands hold, until a fountain dispute's reveal shows the participants' hands to everyone."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cogs.tirnanog.page_state import TirNanOgPage, page_state
from games.tirnanog import GAME, TirNanOgState
from games.tirnanog.data import species_of
from games.tirnanog.state import species_counts
from games.tirnanog.world import sample_world
from tests.tirnanog.test_world import positions


def page(state: TirNanOgState, seat: int | None) -> TirNanOgPage:
    return page_state(GAME.view(state, seat), seat)


def own(state: TirNanOgState, seat: int) -> list[str]:
    return sorted(species_of(c) for c in state.hands[seat])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_page_holds_its_own_hand_and_nobody_else_s(players: int) -> None:
    rng = random.Random(players)
    for state in positions(players, seed=40 + players, every=7):
        for seat in range(players):
            mine = page(state, seat)
            assert sorted(mine.hand or []) == own(state, seat)
            assert [p.hand_size for p in mine.seats] == [len(h) for h in state.hands]
            # Redraw everything this seat cannot see: its page does not change.
            world = sample_world(GAME.view(state, seat), rng)
            assert page(world, seat) == mine
        watcher = page(state, None)
        assert watcher.hand is None
        # A spectator sees less than any seat: the other hands of a seat's world change nothing.
        assert page(sample_world(GAME.view(state, 0), rng), None) == watcher


def test_the_wire_is_json_with_cards_to_draw() -> None:
    state = GAME.new_game(3, 5)
    wire = json.loads(page(state, 0).model_dump_json())
    assert len(wire["display"]) == 5 and len(wire["hand"]) == 3
    terrains = ["plain", "castle", "forest", "river", "temple", "volcano"]
    assert [p["terrain"] for p in wire["piles"]] == terrains
    plain = wire["seats"][1]["reserve"][0]
    assert plain["card"]["terrain"] == "plain" and plain["cost"] == len(plain["card"]["symbols"]) == 2
    assert wire["seats"][1]["stack"] == [] and wire["reserve_limit"] == 7 and wire["hand_limit"] == 7
    # Why a pile may not be taken, the rules' own reason, in the seat's page alone.
    plains = wire["piles"][0]
    assert plains["blocked"] == "type_visible" and plains["reserve_after"] == 4  # a starting plain shows
    assert all(p["blocked"] is None for p in wire["piles"][1:])
    assert all(p.blocked is None and p.reserve_after is None for p in page(state, None).piles)


def disputed(players: int, seed: int) -> tuple[TirNanOgState, TirNanOgState]:
    """A game played to a dispute's last declaration with someone taking part: the states just
    before and just after it."""
    for attempt in range(40):
        chooser = random.Random(seed + attempt)
        state = GAME.new_game(players, seed + attempt)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.actors[0]
            if state.phase == "declare" and state.dispute is not None:
                waiting = [s for s in state.dispute.order if s not in state.dispute.declarations]
                action = GAME.action_adapter.validate_python({"kind": "declare", "take_part": True})
                after, _ = GAME.play(state, seat, action)
                if len(waiting) == 1:
                    return state, after
                state = after
                continue
            action = GAME.ai(seat).act(GAME.view(state, seat), decision)
            if chooser.random() < 0.3:
                action = GAME.random_action(state, seat, chooser)
            state, _ = GAME.play(state, seat, action)
    raise AssertionError("no dispute came up")


@pytest.mark.parametrize("players", [2, 4])
def test_the_dispute_shows_every_participant_s_hand_together(players: int) -> None:
    before, after = disputed(players, 300 + players)
    assert before.dispute is not None
    fountain = before.dispute.fountain
    for seat in [*range(players), None]:
        shown = page(before, seat)
        assert shown.dispute is not None and shown.dispute.fountain.id == fountain
        # Before the last declaration, no hand of this dispute is in any page.
        assert shown.reveal is None or shown.reveal.fountain.id != fountain
        revealed = page(after, seat).reveal
        assert revealed is not None and revealed.fountain.id == fountain
        assert revealed.participants == list(before.dispute.order)  # everyone took part
        for hand in revealed.hands:
            cards = Counter({c.species: c.count for c in hand.cards})
            assert cards == Counter({s: n for s, n in species_counts(before.hands[hand.seat]).items() if n})
            assert hand.profile == sorted(hand.profile, reverse=True)
