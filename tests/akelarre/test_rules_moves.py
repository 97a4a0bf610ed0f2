"""Akelarre's rules beyond the refusals, cited by id: setup and options, moves, legal actions,
the automatic steps, the defaults (§9), views and events; every refusal is in test_rules.py."""

from __future__ import annotations

import pytest

from games.akelarre import (
    GAME,
    Add,
    Buy,
    CancelPurchase,
    CancelTake,
    ChoosePayment,
    Discard,
    Done,
    Draw,
    EndTurn,
    Open,
    Take,
)
from games.akelarre.defaults import discard_choice, payment_choice
from games.core import RuleError
from tests.akelarre.akelarre_helpers import (
    act,
    assert_refused,
    find,
    group,
    keys,
    make_state,
    other_favourites,
    run,
    view_json,
)
from tests.akelarre.test_rules import RUN4, buying, drawing, final, held, table

ANNA, BRUNO, CARLA, DARIO = 0, 1, 2, 3
# -- setup and options ----------------------------------------------------------------


def test_options() -> None:
    """AK-1.1, R26: teams only with 4 players; the safeguard may be disabled; unknown options refused."""
    assert GAME.new_game(4, 1, {"teams": True}).teams
    with pytest.raises(RuleError) as caught:
        GAME.new_game(3, 1, {"teams": True})
    assert (caught.value.key, caught.value.rule) == ("akelarre.error.teams_need_four", "AK-1.1")
    with pytest.raises(RuleError) as caught:
        GAME.new_game(3, 1, {"colour": "green"})
    assert caught.value.key == "akelarre.error.unknown_option"
    assert GAME.new_game(2, 1, {"stall_safeguard": False}).stall_limit == 0
    assert GAME.new_game(2, 1).stall_limit == 20
    with pytest.raises(RuleError):
        GAME.new_game(5, 1)


def test_first_player_is_random_and_announced() -> None:
    """AK-1.7, R2."""
    firsts = {GAME.new_game(4, seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = GAME.new_game(3, 8)
    events = GAME.opening_events(state)
    assert find(events, "first_player")[0].params["seat"] == state.active
    favourite_events = find(events, "favourite")
    assert [e.seats for e in favourite_events] == [[0], [1], [2]]
    assert all(e.params["suit"] == state.favourites[e.params["seat"]] for e in favourite_events)
    assert all(e.seats for e in find(events, "dealt"))
    assert GAME.opening_events(GAME.new_game(4, 8, {"teams": True}))[-3].key == "akelarre.event.team"


# -- moves ------------------------------------------------------------------------------


def test_a_move_may_add_several_cards() -> None:
    """AK-5.3, R29: F5 and F6 together complete F2-F4."""
    state = table(["F5a", "F6a", "N2c"], groups={"P1-1": ["F2a", "F3a", "F4a"]})
    state, events = act(state, ANNA, Add(place="P1-1", cards=["F5a", "F6a"]))
    assert keys(events) == ["added", "captured"] and len(state.points[ANNA]) == 5


def test_cancel_take_puts_the_card_back_with_its_value() -> None:
    state = table(
        ["N2c", "F6a"], groups={"P1-1": ["N3b", "N4a", "N5a", "NJ@6"], "P2-1": ["F6b", "G6a", "D6a"]}
    )
    before = state.model_dump()
    state, _ = act(state, ANNA, Take(place="P1-1", card="NJ"))
    assert GAME.legal_actions(state, ANNA)[0] == CancelTake()  # type: ignore[index]
    state, events = act(state, ANNA, CancelTake())
    # R-T1: the state is as before, except that NJ counts as taken this turn.
    assert keys(events) == ["take_cancelled"] and state.model_dump() == before | {"taken": ["NJ"]}


def test_a_take_only_move_does_not_count_as_playing() -> None:
    """R7, AK-5.8."""
    groups = {"P1-1": ["F6a", "G6a", "D6a", "W6a"], "P2-1": ["F3b", "F4b", "F5b"]}
    state = table(["N2c", "D3a"], groups=groups)
    state, _ = run(state, ANNA, Take(place="P1-1", card="F6a"))
    assert Done() not in (GAME.legal_actions(state, ANNA) or [])
    assert all(a.kind in ("cancel_take", "add", "open") for a in GAME.legal_actions(state, ANNA) or [])


def test_a_completed_group_pays_the_destination_owner() -> None:
    """R28, R39: Carla takes N6 from Bruno's poker and completes Anna's run with it:
    Anna, the destination's owner, chooses; Bruno's place keeps a 3-card group."""
    groups = {"P2-1": ["N6a", "F6a", "G6a", "D6a"], "P1-1": ["N2a", "N3b", "N4a", "N5a"]}
    hands = [["W2c", "D3a"], ["N6b", "W3a"], ["G2a", "W4a"]]
    state = make_state(3, hands, groups=groups, active=CARLA)
    state, events = run(state, CARLA, Take(place="P2-1", card="N6a"), Add(place="P1-1", cards=[]))
    assert keys(events) == ["took", "added", "completed"]
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == [ANNA]
    assert sorted(group(state, "P2-1")) == ["D6a", "F6a", "G6a"]
    state, _ = act(state, ANNA, GAME.default_action(state, ANNA))
    assert len(state.points[ANNA]) == 2 and len(state.points[CARLA]) == 3
    assert_refused(state, CARLA, Done(), "akelarre.error.must_discard", "AK-7.1")  # R7: no hand card


def test_moves_pause_for_the_owner() -> None:
    """R15: after a completion on another's place only the owner acts, then Phase A goes on."""
    groups = {"P2-1": ["F2a", "F3a", "F4a", "F5a"]}
    state = table(["F6a", "G2a", "D2a", "N2c"], groups=groups)
    state, _ = act(state, ANNA, Add(place="P2-1", cards=["F6a"]))
    assert state.step == "payment" and GAME.legal_actions(state, ANNA) == []
    state, events = act(state, BRUNO, ChoosePayment(cards=["F5a", "F6a"]))
    assert find(events, "paid")[0].params["owner_cards_list"] == ["F5a", "F6a"]
    state, _ = act(state, ANNA, Open(place="P2-1", cards=["G2a", "D2a", "N2c"]))  # freed at once (AK-4.5)
    assert len(group(state, "P2-1")) == 3


def test_hand_never_exceeds_seven() -> None:
    """AK-2.6, AK-8.2: a draw fills up to 7 only."""
    state = drawing(["N2c", "D3a", "G4a", "W5a", "F6a", "N3b", "D4a"])
    assert state.step == "play" and len(state.hands[ANNA]) == 7  # the deck was the only source


# -- legal actions ------------------------------------------------------------------------


def test_legal_actions_are_deduplicated_and_ordered() -> None:
    """Identical cards give one action; the order is: end/discards, takes, adds, opens."""
    state = table(["F2a", "F2b", "G2a", "D2a", "N2c"])
    legal = GAME.legal_actions(state, ANNA) or []
    discards = [a for a in legal if isinstance(a, Discard)]
    assert [a.card for a in discards] == ["F2a", "G2a", "D2a", "N2c"]
    kinds = [a.kind for a in legal]
    assert kinds == sorted(kinds, key=["discard", "done", "take", "add", "open"].index)
    opens = [a for a in legal if isinstance(a, Open)]
    assert len(opens) == len({(a.place, tuple(a.cards), a.joker_value) for a in opens})
    assert all("F2b" not in a.cards for a in opens)
    # 3 of 4 twos, and all 4: 4 + 1 sets on each of the 3 free places (one per seat).
    assert len(opens) == 5 * 3
    again = GAME.legal_actions(state, ANNA)
    assert again == legal  # deterministic


def test_every_listed_action_is_accepted() -> None:
    groups = {"P1-1": ["F5a", "D5a", "W5a", "GJ@5"], "P2-1": ["N2a", "N3b", "N4a"]}
    state = table(["N5a", "NJ", "N6a", "F2a", "F3a", "F4a", "W2c"], groups=groups)
    legal = GAME.legal_actions(state, ANNA) or []
    assert {a.kind for a in legal} == {"discard", "take", "add", "open"}
    for action in legal:
        GAME.play(state, ANNA, action)  # never raises


def test_only_the_actor_has_legal_actions() -> None:
    state = table(["N2c", "D3a"])
    assert GAME.legal_actions(state, BRUNO) == []
    with pytest.raises(RuleError) as caught:
        GAME.play(state, BRUNO, Discard(card="N6b"))
    assert caught.value.key == "error.not_your_turn"


# -- automatic steps -----------------------------------------------------------------------


def test_a_forced_discard_and_draw_are_played_by_the_engine() -> None:
    """docs/decisions.md: one kind of card and no move: the discard and the deck draw are made."""
    state = make_state(2, [["N2c", "D3a"], ["W6a", "W6b"]], deck=10)
    state, events = act(state, ANNA, Discard(card="N2c"))
    assert keys(events)[:3] == ["discarded", "drew_deck", "drew_cards"]
    assert keys(events)[3:] == ["turn", "discarded"]  # Bruno's forced discard
    # Bruno may draw from the deck or Anna's Nymphs pile: a real choice, so it waits.
    assert state.active == BRUNO and state.step == "draw"


# -- defaults (§9) -------------------------------------------------------------------------


def test_default_discard_row_7() -> None:
    """§9 row 7: isolated non-favourite naturals first, highest value, then canonical order."""
    assert discard_choice(["F2a", "F3a", "G6a", "D6a", "N4a"], "fairies") == "N4a"  # G6/D6 pair up
    assert discard_choice(["F2a", "G5a", "D3a"], "witches") == "G5a"
    assert discard_choice(["G5a", "G6a", "D5a"], "fairies") == "G6a"  # none isolated: highest
    assert discard_choice(["F2a", "F5a", "FJ"], "fairies") == "F2a"  # the lowest favourite
    assert discard_choice(["FJ", "GJ"], "fairies") == "GJ"  # jokers last, never the favourite's own


def test_default_payment_row_9() -> None:
    """§9 row 9 / TV-12: favourite naturals by value, then others in canonical order, then jokers."""
    assert payment_choice(["F6a", "G6a", "D6a", "W6a", "N6a"], "nymphs") == ["F6a", "N6a"]
    assert payment_choice(["N2a", "N3a", "N4a", "NJ", "N6a"], "nymphs") == ["N4a", "N6a"]
    assert payment_choice(["G2a", "G3a", "GJ", "G5a", "G6a"], "fairies") == ["G5a", "G6a"]


def test_defaults_for_every_step() -> None:
    """§9 rows 5, 7, 8, 10, 11, 12."""
    state = table(["N2c", "D3a"])
    assert GAME.default_action(state, ANNA) == Discard(card="D3a")
    played = table(["F2a", "F3a", "F4a", "N2c"])
    played, _ = act(played, ANNA, Open(place="P1-1", cards=["F2a", "F3a", "F4a"]))
    assert GAME.default_action(played, ANNA) == Done()
    pile = drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]})
    assert GAME.default_action(pile, ANNA) == Draw(source="deck")
    assert GAME.default_action(buying(), ANNA) == EndTurn()
    paying, _ = act(buying(), ANNA, Buy())
    assert GAME.default_action(paying, ANNA) == CancelPurchase()
    assert GAME.default_action(final(["N2c", "N3b", "N4a"]), ANNA) == Done()
    holding = held(table(["N2c"], groups=RUN4), "P1-1", "W5a")
    assert GAME.default_action(holding, ANNA) == CancelTake()
    with pytest.raises(RuleError):
        GAME.default_action(state, BRUNO)


# -- views and events ------------------------------------------------------------------------


def test_views_hide_hands_and_favourites() -> None:
    """AK-11, R36: own hand and own favourite only; not even the partner's."""
    state = GAME.new_game(4, 5, {"teams": True})
    public = GAME.view(state, None)
    assert public.hand is None and public.favourite is None and public.favourites is None
    assert public.teams == [[0, 2], [1, 3]]
    assert view_json(state, None) == view_json(other_favourites(state, None), None)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view.hand == state.hands[seat] and view.favourite == state.favourites[seat]
        # The view is the same whatever the other seats' favourites are.
        assert view_json(state, seat) == view_json(other_favourites(state, seat), seat)


def test_the_public_view_shows_the_table() -> None:
    groups = {"P1-1": ["F2a", "FJ@3", "F4a", "F5a"], "P2-1": ["G6a", "D6a", "W6a"]}
    state = table(["N2c"], groups=groups, piles={"druids": ["D2a", "D3a"]}, points={BRUNO: ["W2a"]})
    view = GAME.view(state, None)
    place = view.places[0]
    assert (place.id, place.owner, place.kind, place.to_complete) == ("P1-1", 0, "run", 1)
    assert [c.label for c in place.cards] == ["F2a", "FJ@3", "F4a", "F5a"] and place.cards[1].value == 3
    assert (
        place.needs_families == ["fairies"] and place.needs_values == [6] and place.takeable == ["F2a", "F5a"]
    )
    assert view.places[1].needs_families == ["fairies", "nymphs"] and view.places[1].needs_values == [6]
    druids = next(p for p in view.piles if p.family == "druids")
    assert (druids.top, druids.size, druids.cards) == ("D3a", 2, ["D2a", "D3a"])
    assert view.seats[BRUNO].point_pile == ["W2a"] and view.hand_sizes == [1, 2, 2]
    assert view.deck_count == 40 and view.active == ANNA and not view.final_round


def test_deck_draws_are_private_and_pile_draws_public() -> None:
    """AK-8.6, AK-11.3."""
    state = drawing(["N2c", "D3a"], piles={"fairies": ["F2a"]})
    state, events = act(state, ANNA, Draw(source="deck"))
    public_events = [e for e in events if e.public]
    assert all("cards_list" not in e.params for e in public_events if e.key.endswith("drew_deck"))
    assert find(events, "drew_cards")[0].seats == [ANNA]


def test_final_events_reveal_every_favourite_and_the_breakdown() -> None:
    """AK-12.6, R25: every dealt favourite, each breakdown; unused favourites never."""
    state = make_state(
        3,
        [["N2c"], ["W6a"], ["G2a"]],
        deck=0,
        points={ANNA: ["F2a", "F3a", "G4a"], BRUNO: ["D5a"]},
        active=ANNA,
    )
    state.final, state.last_drawer, state.final_queue = True, CARLA, [ANNA]
    state, events = act(state, ANNA, Done())
    assert state.step == "over" and keys(events)[-1] == "game_over"
    # The platform's final record reveals and scores at the natural end (cogs/akelarre
    # score_text), so the engine adds no lines then; the reveal events (an early /end,
    # and what the record is drawn from) still give everything.
    assert GAME.final_events(state) == []
    final_events = GAME.reveal_events(state)
    revealed = find(final_events, "favourite_revealed")
    assert [(e.params["seat"], e.params["suit"]) for e in revealed] == [
        (0, "fairies"),
        (1, "goblins"),
        (2, "druids"),
    ]
    assert all(e.public for e in final_events)
    assert not any(e.params.get("suit") in state.unused_favourites for e in final_events)
    score = find(final_events, "score")[0].params
    assert (score["seat"], score["fav_points"], score["other_points"], score["bonus"], score["total"]) == (
        0,
        5,
        1,
        8,
        14,
    )
    assert keys(final_events)[-1] == "game_won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.standings[0].details["favourite"] == "fairies"
    assert GAME.view(state, None).favourites == ["fairies", "goblins", "druids"]
