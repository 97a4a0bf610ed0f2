"""One test per rule and per refusal (key, rule id, state unchanged), decisions, defaults,
views and the end of the game."""

from __future__ import annotations

import pytest

from games.core import RuleError
from games.tirnanog import GAME, Consolidate, Declare, Discard, TakeCreatures, TakeTerritory
from games.tirnanog.data import PILE_TYPES, is_fountain
from games.tirnanog.state import VP_SOURCES, TirNanOgState
from tests.tirnanog.tirnanog_helpers import (
    assert_refused,
    find,
    gained,
    hand_codes,
    make_state,
    names,
    play,
    species,
)

# -- refusals ------------------------------------------------------------------------------------


def test_take_from_an_empty_display() -> None:
    """TNO-4.2.1 / TNO-4.7.4: no action A with an empty display (final cycle)."""
    state = make_state(2, hands=["DE", "DE"], display="", deck="", round=2, final_cycle=True)
    assert_refused(
        state, 0, TakeCreatures(species=species("DE")), "tirnanog.error.display_empty", "TNO-4.2.1"
    )


@pytest.mark.parametrize(
    ("codes", "key"),
    [
        ("D", "tirnanog.error.take_count"),
        ("DEF", "tirnanog.error.take_count"),
        ("DD", "tirnanog.error.not_in_display"),
        ("", "tirnanog.error.take_count"),
    ],
)
def test_take_creatures_refusals(codes: str, key: str) -> None:
    """TNO-4.2.2 / R12: exactly 2 cards, both in the display."""
    state = make_state(2, display="DEFGC")
    assert_refused(state, 0, TakeCreatures(species=species(codes)), key, "TNO-4.2.2")


def test_unknown_species_and_pile() -> None:
    state = make_state(2)
    error = assert_refused(
        state, 0, TakeCreatures(species=["dragon", "satyr"]), "tirnanog.error.unknown_species", "TNO-4.2.2"
    )
    assert error.params == {"species": "satyr"}
    assert_refused(state, 0, TakeTerritory(terrain="fountain"), "tirnanog.error.unknown_pile", "TNO-4.3.1")


def test_take_from_an_empty_pile() -> None:
    """TNO-4.3.5: an empty pile stays empty."""
    state = make_state(2, piles={"river": []})
    assert_refused(state, 0, TakeTerritory(terrain="river"), "tirnanog.error.pile_empty", "TNO-4.3.5")


def test_reserve_limit_counts_the_reserve_only() -> None:
    """TNO-4.3.2 / R14: consolidated cards do not count."""
    state = make_state(
        2, reserves={0: ["river_04"]}, stacks={0: ["castle_02", "temple_03"]}, piles={"river": []}
    )
    assert_refused(
        make_state(2, reserves={0: ["river_04", "castle_02"]}),
        0,
        TakeTerritory(terrain="forest"),
        "tirnanog.error.reserve_limit",
        "TNO-4.3.2",
    )
    after, _ = play(state, 0, TakeTerritory(terrain="forest"))  # 4 + 2 = 6
    assert len(after.reserves[0]) == 2


def test_second_visible_territory_of_a_type() -> None:
    """TNO-4.3.3: the starting plain forbids another plain; a covered castle does not count."""
    state = make_state(2, reserves={0: ["plain_01"]}, stacks={0: ["castle_02", "river_01"]})
    error = assert_refused(
        state, 0, TakeTerritory(terrain="plain"), "tirnanog.error.type_visible", "TNO-4.3.3"
    )
    assert error.params["terrain"] == "plain"
    assert_refused(state, 0, TakeTerritory(terrain="river"), "tirnanog.error.type_visible", "TNO-4.3.3")
    assert TakeTerritory(terrain="castle") in (GAME.legal_actions(state, 0) or [])


def test_a_fountain_on_top_never_conflicts() -> None:
    """R15: a fountain has no territory type."""
    state = make_state(2, stacks={0: ["fountain_1"]})
    assert GAME.view(state, 0).seats[0].visible_types == []


def test_consolidate_refusals() -> None:
    """TNO-4.4.1: the card must be in the reserve, the creatures in the hand and matching."""
    state = make_state(2, hands=["GCCD", "DEF"], reserves={0: ["castle_01"]})
    assert_refused(
        state,
        0,
        Consolidate(territory="river_01", payment=species("GCCD")),
        "tirnanog.error.not_in_reserve",
        "TNO-4.4.1",
    )
    error = assert_refused(
        state,
        0,
        Consolidate(territory="castle_01", payment=species("GCCE")),
        "tirnanog.error.not_in_hand",
        "TNO-4.4.1",
    )
    assert error.params == {"cards": {"elf": 1, "griffin": 1, "centaur": 2}}
    assert_refused(
        state,
        0,
        Consolidate(territory="castle_01", payment=["griffin", "centaur", "centaur", "wizard"]),
        "tirnanog.error.unknown_species",
        "TNO-4.4.1",
    )


def test_fairies_pay_a_question_mark() -> None:
    """R17: any species, fairies included, pays a "?"."""
    state = make_state(2, hands=["GCCF", "DEF"], reserves={0: ["castle_01"]})
    after, _ = play(state, 0, Consolidate(territory="castle_01", payment=species("GCCF")))
    assert after.hands[0] == []


def test_discard_refusals_at_the_hand_limit() -> None:
    """TNO-4.2.3: exactly the excess, and only cards of the hand."""
    state = make_state(2, hands=["DDEEFGC", "DEF"], display="CCDEF")
    state, _ = play(state, 0, TakeCreatures(species=species("CC")))
    assert_refused(state, 0, Discard(species=species("DEF")), "tirnanog.error.discard_count", "TNO-4.2.3")
    error = assert_refused(
        state, 0, Discard(species=species("GG")), "tirnanog.error.not_in_hand", "TNO-4.2.3"
    )
    assert error.params == {"cards": {"griffin": 2}}
    assert_refused(state, 0, TakeCreatures(species=species("DE")), "tirnanog.error.not_now", "TNO-4.2.3")


def dispute_state(players: int = 3, hands: list[str] | None = None, **fields: object) -> TirNanOgState:
    state = make_state(
        players,
        hands=hands or ["DEF"] * players,
        piles={"river": ["river_01", "fountain_1", "river_02"]},
        **fields,  # type: ignore[arg-type]
    )
    state, _ = play(state, 0, TakeTerritory(terrain="river"))
    return state


def test_declaration_refusals() -> None:
    """TNO-4.5.2 / R22: in order from the revealer, once each; not outside a dispute."""
    state = dispute_state()
    error = assert_refused(
        state, 1, Declare(take_part=True), "tirnanog.error.declare_out_of_order", "TNO-4.5.2"
    )
    assert error.params == {"next_seat": 0}
    state, _ = play(state, 0, Declare(take_part=True))
    assert_refused(state, 0, Declare(take_part=False), "tirnanog.error.already_declared", "TNO-4.5.2")
    assert_refused(state, 1, TakeCreatures(species=species("DE")), "tirnanog.error.not_now", "TNO-4.5.2")
    assert_refused(make_state(2), 0, Declare(take_part=True), "tirnanog.error.no_dispute", "TNO-4.5.2")


def test_winner_discard_refusals_and_choice() -> None:
    """TNO-4.5.7: the winner chooses as many cards as there were participants."""
    state = dispute_state(3, hands=["DDDDEF", "E", "G"])
    for seat in (0, 1, 2):
        state, events = play(state, seat, Declare(take_part=True))
    assert state.phase == "dispute_discard" and find(events, "winner_must_discard")[0].params["count"] == 3
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "tirnanog.dispute_discard" and decision.seats == [0]
    assert_refused(state, 0, Discard(species=species("DD")), "tirnanog.error.discard_count", "TNO-4.5.7")
    assert_refused(state, 0, Discard(species=species("DDC")), "tirnanog.error.not_in_hand", "TNO-4.5.7")
    assert_refused(state, 1, Discard(species=species("E")), "error.not_your_turn", "TNO-4.5.7")
    state, events = play(state, 0, Discard(species=species("DEF")))
    assert hand_codes(state, 0) == "DDD" and state.active == 1 and state.dispute is None
    assert names(events) == ["winner_discarded", "pile_top", "turn_started"]


def test_acting_out_of_turn() -> None:
    state = make_state(2)
    with pytest.raises(RuleError) as caught:
        GAME.play(state, 1, TakeCreatures(species=species("DE")))
    assert caught.value.key == "error.not_your_turn" and caught.value.rule == "TNO-4.1.2"


# -- rules ------------------------------------------------------------------------------------------


def test_setup_first_player_and_piles_vary_with_the_seed() -> None:
    """TNO-3.1 / TNO-3.9 / R8: a random first player; fountains anywhere but the top."""
    firsts = {GAME.new_game(4, seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    depths = {
        next(i for i, c in enumerate(GAME.new_game(2, seed).piles["castle"]) if is_fountain(c))
        for seed in range(60)
    }
    assert 0 not in depths and len(depths) >= 4
    state = GAME.new_game(3, 5)
    assert state.last_seat == (state.first_player - 1) % 3


def test_hand_limit_with_one_way_to_discard_is_automatic() -> None:
    """TNO-4.2.3: a hand of one species leaves no choice; the engine discards (docs/decisions.md)."""
    state = make_state(2, hands=["DDDDDDD", "DEF"], display="DDEFG")
    state, events = play(state, 0, TakeCreatures(species=species("DD")))
    assert names(events)[:4] == ["took_creatures", "hand_limit", "discarded", "refilled"]
    assert hand_codes(state, 0) == "DDDDDDD" and state.active == 1


def test_winner_with_as_many_cards_as_participants_discards_all() -> None:
    state = dispute_state(2, hands=["DD", "E"])
    state, _ = play(state, 0, Declare(take_part=True))
    state, events = play(state, 1, Declare(take_part=True))
    assert state.hands[0] == [] and find(events, "winner_discarded")[0].params["count"] == 2


def test_defeated_with_nothing_to_flip() -> None:
    """R30: an empty stack or a face-down top: nothing happens."""
    state = dispute_state(3, hands=["DDD", "E", "G"], stacks={2: ["river_03↓"]})
    for seat in (0, 1, 2):
        state, events = play(state, seat, Declare(take_part=True))
    assert not find(events, "territory_flipped")
    assert not state.stacks[1] and not state.stacks[2][0].face_up


def test_a_won_fountain_covers_the_top_and_its_power() -> None:
    """R28: the fountain covers a castle; the castle's income stops."""
    state = dispute_state(2, hands=["DDD", "E"], stacks={0: ["castle_02"], 1: ["river_01"]})
    state, _ = play(state, 0, Declare(take_part=True))
    state, events = play(state, 1, Declare(take_part=False))
    assert state.stacks[0][-1].card == "fountain_1" and gained(events, "castle") == {}


def test_dispute_counts_ignore_question_marks() -> None:
    """TNO-4.5.4 / R23: volcano_01 [dragon, ?, ?] adds one dragon."""
    from games.tirnanog.dispute import dispute_counts

    state = make_state(2, hands=["DFF", "DEF"], stacks={0: ["volcano_01"]})
    assert dispute_counts(state, 0) == {"dragon": 2, "elf": 0, "fairy": 2, "griffin": 0, "centaur": 0}


def test_castle_income_on_a_pass_and_not_in_others_turns() -> None:
    """R34: the income comes at the end of each own turn, a pass included; never in others' turns."""
    state = make_state(
        2,
        hands=["", "DEF"],
        display="DE",
        deck="",
        round=2,
        final_cycle=True,
        first_player=1,
        active=1,
        stacks={0: ["castle_02"], 1: ["forest_01"]},
        piles={terrain: [] for terrain in PILE_TYPES},
    )
    # Seat 1 takes the last two cards (no income for seat 0 then); seat 0, the last seat,
    # has nothing legal and passes: +1 for seat 1's forest, and the game ends.
    state, events = play(state, 1, TakeCreatures(species=species("DE")))
    order = names(events)
    assert (
        order.index("turn_started")
        < order.index("passed")
        < order.index("vp_castle")
        < order.index("game_end")
    )
    assert gained(events, "castle") == {0: 1} and state.phase == "over"


def test_volcano_counts_the_active_hand_after_paying() -> None:
    """TNO-4.6.7: S1 pays 3 of its 4 cards: 1 card, the fewest."""
    state = make_state(2, hands=["DDDE", "DE"], reserves={0: ["volcano_01"]})
    _, events = play(state, 0, Consolidate(territory="volcano_01", payment=species("DDD")))
    assert gained(events, "volcano") == {0: 3, 1: 1}


def test_powers_work_only_from_a_face_up_top() -> None:
    """TNO-4.6.1 / R20: a covered plain gives no discount; a face-down plain neither."""
    state = make_state(2, stacks={0: ["plain_01", "river_01"], 1: ["plain_02↓"]})
    view = GAME.view(state, None)
    assert not view.seats[0].discount and not view.seats[1].discount


def test_first_exhaustion_discards_include_hand_limit_discards() -> None:
    """R13 / R37: discards made before the refill are in the new deck."""
    state = make_state(2, hands=["DDEEFGC", "DEF"], display="CCDEF", deck="D", discard=3)
    state, _ = play(state, 0, TakeCreatures(species=species("CC")))
    state, events = play(state, 0, Discard(species=species("DE")))
    assert find(events, "reshuffled")[0].params["count"] == 5
    assert len(state.display) == 5 and len(state.deck) == 4


def test_vp_only_from_the_listed_sources() -> None:
    assert VP_SOURCES == ("scoring1", "scoring2", "festival", "temple", "castle", "volcano")


# -- decisions, legal actions, defaults ------------------------------------------------------------


def test_decisions() -> None:
    state = make_state(3, active=1)
    decision = GAME.decision(state)
    assert decision is not None
    assert (decision.kind, decision.seats, decision.mode, decision.rule) == (
        "tirnanog.turn",
        [1],
        "one",
        "TNO-4.1.2",
    )
    state = dispute_state()
    decision = GAME.decision(state)
    assert decision is not None
    assert (decision.kind, decision.mode, decision.rule) == ("tirnanog.declare", "ordered", "TNO-4.5.2")


def test_legal_actions_are_complete_and_ordered() -> None:
    """A in display order, B in pile order, C by reserve card then payment; each one legal."""
    state = make_state(2, hands=["GCCDE", "DEF"], display="DDEFG", reserves={0: ["castle_01"]})
    legal = GAME.legal_actions(state, 0) or []
    takes = [a.species for a in legal if isinstance(a, TakeCreatures)]
    assert takes == [species(x) for x in ["DD", "DE", "DF", "DG", "EF", "EG", "FG"]]
    # castle_01 in the reserve makes the castle pile illegal (TNO-4.3.3).
    assert [a.terrain for a in legal if isinstance(a, TakeTerritory)] == [
        t for t in PILE_TYPES if t != "castle"
    ]
    pays = [a.payment for a in legal if isinstance(a, Consolidate)]
    assert pays == [species("DGCC"), species("EGCC")]
    kinds = [a.kind for a in legal]
    assert kinds == sorted(kinds, key=["take_creatures", "take_territory", "consolidate"].index)
    for action in legal:
        GAME.play(state, 0, action)
    assert GAME.legal_actions(state, 1) == []
    assert GAME.legal_actions(state, 0) == legal


def test_payment_listing_is_per_multiset() -> None:
    """The brief: one action per distinct payment multiset (never per card)."""
    state = make_state(2, hands=["DDEEFFG", "DEF"], reserves={0: ["volcano_01"]}, stacks={0: ["plain_02"]})
    pays = [tuple(a.payment) for a in GAME.legal_actions(state, 0) or [] if isinstance(a, Consolidate)]
    assert len(pays) == len(set(pays)) and all(len(p) == 2 for p in pays)


def test_defaults() -> None:
    """§9 D1/D2: take the 2 cards filling the most missing symbols (fairy first on ties);
    D6 decline; D3 discard unneeded, most copies first, fairies last."""
    state = make_state(2, hands=["DD", "DEF"], display="DEFGC", reserves={0: ["castle_01"]})
    assert GAME.default_action(state, 0) == TakeCreatures(species=species("GC"))
    state = make_state(2, hands=["DD", "DEF"], display="DEFGC", reserves={0: []})
    assert GAME.default_action(state, 0) == TakeCreatures(species=species("DF"))
    disputing = dispute_state()
    assert GAME.default_action(disputing, 0) == Declare(take_part=False)
    limit = make_state(2, hands=["DDDFFGC", "DEF"], display="CCDEF", reserves={0: ["castle_01"]})
    limit, _ = play(limit, 0, TakeCreatures(species=species("CC")))
    # 3 D, 3 C (2 needed by the castle), 2 F, 1 G: a dragon (most copies, unneeded), then a
    # centaur (now the most copies, one beyond the castle's need); fairies kept.
    assert GAME.default_action(limit, 0) == Discard(species=species("DC"))
    with pytest.raises(RuleError):
        GAME.default_action(limit, 1)


def test_default_without_action_a_takes_a_territory() -> None:
    """D1 / D4: display empty: the pile top lacking the fewest creatures (castle_03 lacks 2;
    forest_05 and temple_02 one each), then the lower value (temple 3 > forest 2)."""
    state = make_state(
        2,
        hands=["GE", "DEF"],
        display="",
        deck="",
        round=2,
        final_cycle=True,
        piles={
            "plain": [],
            "castle": ["castle_03"],
            "forest": ["forest_05"],
            "river": [],
            "temple": ["temple_02"],
            "volcano": [],
        },
    )
    assert GAME.default_action(state, 0) == TakeTerritory(terrain="forest")


# -- views and events -------------------------------------------------------------------------------


def test_views_show_one_hand_to_its_owner_only() -> None:
    state = make_state(3, hands=["DDE", "FFG", "C"])
    public = GAME.view(state, None)
    assert public.hand is None and [s.hand_size for s in public.seats] == [3, 3, 1]
    assert GAME.view(state, 1).hand == {"dragon": 0, "elf": 0, "fairy": 2, "griffin": 1, "centaur": 0}
    text = GAME.view(state, 1).model_dump_json()
    assert "dragon_" not in text and "centaur_" not in text  # no card ids at all


def test_public_view_has_the_board() -> None:
    state = dispute_state(3, stacks={1: ["plain_01", "castle_02↓"]})
    state, _ = play(state, 0, Declare(take_part=True))
    view = GAME.view(state, None)
    assert len(view.display) == 5 and view.deck_size == len(state.deck)
    river = next(p for p in view.piles if p.terrain == "river")
    assert (river.top, river.size, river.fountain_inside) == ("fountain_1", 2, True)
    assert view.seats[1].top == "castle_02" and view.seats[1].top_face_up is False
    assert view.seats[1].stack_size == 2 and view.seats[0].reserve == ["river_01"]
    assert view.dispute is not None and view.dispute.declarations == {0: True}
    assert view.dispute.next_seat == 1 and view.round == 1 and not view.final_cycle
    assert set(view.seats[0].vp_by_source) == set(VP_SOURCES)


def test_opening_and_final_events() -> None:
    state = GAME.new_game(3, 4)
    events = GAME.opening_events(state)
    dealt = [e for e in events if e.key == "tirnanog.event.dealt"]
    assert [e.seats for e in dealt] == [[0], [1], [2]]
    assert all(e.public for e in events if e.key != "tirnanog.event.dealt")
    assert GAME.final_events(state) == []
    early = GAME.reveal_events(state)
    assert [e.key for e in early] == ["tirnanog.event.hand_revealed"] * 3


def test_outcome_details_carry_every_point() -> None:
    state = make_state(
        2,
        stacks={0: ["river_01"], 1: ["plain_01"]},
        vp={0: {"scoring1": 3, "festival": 2}, 1: {"temple": 5, "castle": 1, "volcano": 3}},
    )
    assert GAME.outcome(state) is None
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1]
    for standing in outcome.standings:
        details = standing.details
        assert {*VP_SOURCES, "territory_value", "vp"} <= set(details)
        assert sum(details[s] for s in VP_SOURCES) == standing.score == details["vp"]
    assert outcome.standings[1].details["territory_value"] == 4
    final = GAME.final_events(state)
    # The scores are the platform's final record, not repeated as events.
    assert [e.key.rsplit(".", 1)[1] for e in final] == ["hand_revealed"] * 2
