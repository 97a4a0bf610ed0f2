"""The test vectors of spec §6.1 to §6.4 (TV-01 … TV-18), by id, on rigged states and decks;
the powers, rounds, scoring and the end are in test_vectors_powers.py."""

from __future__ import annotations

import pytest

from games.tirnanog import GAME, Consolidate, Declare, Discard, TakeCreatures, TakeTerritory
from games.tirnanog.dispute import dispute_counts, profile
from games.tirnanog.scoring import stack_vp
from games.tirnanog.state import TirNanOgState
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

# -- 6.1 rulebook examples -----------------------------------------------------------------


def tv01_state() -> TirNanOgState:
    # Alfredo = S1 (seat 0), Alex = S2 (seat 1), Carlo = S3 (seat 2); "satiro" = griffin (R1).
    return make_state(
        3,
        hands=["GG", "DFF", "CG"],
        stacks={0: ["plain_01"], 1: ["volcano_01"], 2: ["castle_01"]},
        piles={"river": ["river_03", "fountain_4", "river_05"]},
    )


def test_tv01_fountain_dispute_rulebook_example() -> None:
    """TV-01: profiles (3,1), (2,2), (3,2): Carlo wins, Alfredo and Alex flip, Carlo discards
    his whole hand (3 participants, 2 cards, R27), no VP; the next river shows; Alfredo's turn ends."""
    state, events = play(tv01_state(), 0, TakeTerritory(terrain="river"))
    assert state.phase == "declare" and state.reserves[0] == ["river_03"]
    assert find(events, "fountain_revealed")[0].params == {
        "seat": 0,
        "terrain": "river",
        "territory": "fountain_4",
    }
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == [0, 1, 2] and decision.mode == "ordered"
    for seat in (0, 1, 2):
        state, events = play(state, seat, Declare(take_part=True))
    revealed = find(events, "dispute_revealed")[0].params
    assert [h["profile"] for h in revealed["hands"]] == [[3, 1, 0, 0, 0], [2, 2, 0, 0, 0], [3, 2, 0, 0, 0]]
    assert revealed["winner_seat"] == 2 and revealed["defeated_seats"] == [0, 1]
    assert [s.model_dump() for s in state.stacks[0]] == [{"card": "plain_01", "face_up": False}]
    assert [s.model_dump() for s in state.stacks[1]] == [{"card": "volcano_01", "face_up": False}]
    assert [(c.card, c.face_up) for c in state.stacks[2]] == [("castle_01", True), ("fountain_4", True)]
    assert state.hands[2] == [] and gained(events, "castle") == {}
    assert all(state.total_vp(seat) == 0 for seat in range(3))
    assert find(events, "winner_discarded")[0].params["cards"] == {"griffin": 1, "centaur": 1}
    assert (
        state.piles["river"] == ["river_05"] and find(events, "pile_top")[0].params["territory"] == "river_05"
    )
    assert state.active == 1 and state.phase == "turn" and state.dispute is None
    # Order of effects (TNO-4.5.9): the reveal, the flips, the fountain placed, the discard.
    order = names(events)
    assert order.index("dispute_revealed") < order.index("territory_flipped") < order.index("dispute_won")
    assert order.index("dispute_won") < order.index("winner_discarded") < order.index("pile_top")


def test_tv02_temple_duel_rulebook_example() -> None:
    """TV-02: Alfredo 8 beats Carlo 5 (+2), loses to Alex 9 (Alex +3); Alex's bottom volcano is
    outside the top-3 window."""
    state = make_state(
        3,
        hands=["DEG", "DEF", "DEF"],
        reserves={0: ["temple_01"]},
        stacks={
            0: ["castle_02", "plain_03"],
            1: ["volcano_02", "plain_04", "castle_03", "river_01"],
            2: ["volcano_01", "river_02"],
        },
    )
    # plain_03 is the face-up top, so temple_01 [dragon, elf, ?] costs 2 (the "?" waived).
    state, events = play(state, 0, Consolidate(territory="temple_01", payment=species("DE")))
    assert find(events, "duel")[0].params["strength"] == 8
    duel = {e.params["defender_seat"]: e.key.rsplit(".", 1)[1] for e in events if "duel_" in e.key}
    assert duel == {1: "duel_lost", 2: "duel_won"}
    assert [e.params["defender_strength"] for e in find(events, "duel_lost")] == [9]
    assert gained(events, "temple") == {0: 2, 1: 3}
    assert state.vp[2]["temple"] == 0


def tv03_state(river_face_down: bool = False) -> TirNanOgState:
    river = "river_05↓" if river_face_down else "river_05"
    return make_state(
        2,
        reserves={0: ["volcano_03"]},
        stacks={0: ["plain_01", "castle_02", river]},
        piles={"castle": ["castle_04"], "river": ["river_01"], "volcano": ["volcano_01"]},
    )


def test_tv03_visible_territories() -> None:
    """TV-03: the buried castle does not count; the top river and the reserve volcano do."""
    state = tv03_state()
    assert sorted(state.visible_types(0)) == ["river", "volcano"]
    assert_refused(state, 0, TakeTerritory(terrain="river"), "tirnanog.error.type_visible", "TNO-4.3.3")
    assert_refused(state, 0, TakeTerritory(terrain="volcano"), "tirnanog.error.type_visible", "TNO-4.3.3")
    after, _ = play(state, 0, TakeTerritory(terrain="castle"))
    assert after.reserves[0] == ["volcano_03", "castle_04"]
    assert GAME.view(after, None).seats[0].reserve_value == 4
    # A face-down river has no type: the river becomes legal (1 + 4 = 5 <= 7).
    flipped = tv03_state(river_face_down=True)
    assert TakeTerritory(terrain="river") in (GAME.legal_actions(flipped, 0) or [])


# -- 6.2 setup --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "creatures", "deck", "territories", "pile_sizes"),
    [
        (4, {"dragon": 12, "elf": 12, "fairy": 12, "griffin": 11, "centaur": 11}, 41, 46, [8] * 6),
        (3, {"dragon": 10, "elf": 10, "fairy": 10, "griffin": 9, "centaur": 9}, 34, 40, [8, 7, 7, 7, 7, 7]),
        (2, {"dragon": 8, "elf": 8, "fairy": 8, "griffin": 7, "centaur": 7}, 27, 34, [8, 6, 6, 6, 6, 6]),
    ],
    ids=["TV-04", "TV-05", "TV-06"],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tv04_tv05_tv06_setup(
    players: int, creatures: dict[str, int], deck: int, territories: int, pile_sizes: list[int], seed: int
) -> None:
    """TV-04/05/06: removals, 3-card hands, a display of 5, the deck, the starting plains,
    one fountain per pile never on top, 0 VP."""
    from games.tirnanog.data import PILE_TYPES, is_fountain, species_of, type_of

    state = GAME.new_game(players, seed)
    used = [*state.deck, *state.display, *(c for h in state.hands for c in h)]
    assert {s: sum(1 for c in used if species_of(c) == s) for s in creatures} == creatures
    assert all(len(h) == 3 for h in state.hands) and len(state.display) == 5 and len(state.deck) == deck
    assert state.discard == []
    in_play = [c for pile in state.piles.values() for c in pile if not is_fountain(c)]
    in_play += [c for r in state.reserves for c in r]
    assert len(in_play) == territories
    assert all(len(r) == 1 and type_of(r[0]) == "plain" for r in state.reserves)
    assert [len(state.piles[t]) for t in PILE_TYPES] == pile_sizes
    assert sum(pile_sizes) == {4: 48, 3: 43, 2: 38}[players]
    for pile in state.piles.values():
        assert sum(1 for c in pile if is_fountain(c)) == 1 and not is_fountain(pile[0])
    assert all(state.total_vp(s) == 0 for s in range(players))
    assert state.active == state.first_player and state.round == 1 and not state.final_cycle


# -- 6.3 actions and limits -------------------------------------------------------------------


def test_tv07_taking_under_the_limit() -> None:
    """TV-07: hand 4 + F, G = 6, no discard, the display refilled with 2 (deck 10 -> 8)."""
    state = make_state(2, hands=["DDEC", "DEF"], display="DEFGC", deck=10)
    state, events = play(state, 0, TakeCreatures(species=species("FG")))
    assert hand_codes(state, 0) == "CDDEFG"
    assert len(state.display) == 5 and len(state.deck) == 8
    assert "hand_limit" not in names(events)
    assert find(events, "refilled")[0].params["count"] == 2


def test_tv08_taking_at_the_limit() -> None:
    """TV-08: 7 + C, C = 9: exactly 2 discarded (D and E), before the refill (R13)."""
    state = make_state(2, hands=["DDEEFGC", "DEF"], display="CCDEF", deck=10)
    state, events = play(state, 0, TakeCreatures(species=species("CC")))
    assert state.phase == "hand_limit" and state.hand_limit_discard == 2
    assert len(state.display) == 3 and len(state.deck) == 10  # not refilled yet
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "tirnanog.hand_limit" and decision.seats == [0]
    assert_refused(state, 0, Discard(species=species("D")), "tirnanog.error.discard_count", "TNO-4.2.3")
    state, events = play(state, 0, Discard(species=species("DE")))
    assert hand_codes(state, 0) == "CCCDEFG"
    assert sorted(c.split("_")[0] for c in state.discard) == ["dragon", "elf"]
    assert names(events).index("discarded") < names(events).index("refilled")
    assert len(state.display) == 5 and state.active == 1


def test_tv09_reserve_value_limit() -> None:
    """TV-09: 6 + 3 and 6 + 2 are too much; 6 + 1 = 7 is allowed (R14)."""
    state = make_state(
        2,
        reserves={0: ["plain_05", "river_04"]},
        piles={
            "castle": ["castle_03"],
            "temple": ["temple_02"],
            "volcano": ["volcano_05"],
            "forest": ["forest_06"],
        },
    )
    for terrain in ("castle", "temple", "forest"):
        error = assert_refused(
            state, 0, TakeTerritory(terrain=terrain), "tirnanog.error.reserve_limit", "TNO-4.3.2"
        )
        assert error.params["limit"] == 7
    after, _ = play(state, 0, TakeTerritory(terrain="volcano"))
    assert after.reserves[0] == ["plain_05", "river_04", "volcano_05"]


def test_tv10_exact_payment() -> None:
    """TV-10: castle_01 [G, C, C, ?] without discount."""
    state = make_state(2, hands=["GCCDDE", "DEF"], reserves={0: ["castle_01"]})
    legal = GAME.legal_actions(state, 0) or []
    assert Consolidate(territory="castle_01", payment=species("DGCC")) in legal  # canonical order
    for bad, key in [
        ("GCC", "tirnanog.error.payment_count"),
        ("GCDD", "tirnanog.error.wrong_creatures"),
        ("GCCDE", "tirnanog.error.payment_count"),
    ]:
        assert_refused(state, 0, Consolidate(territory="castle_01", payment=species(bad)), key, "TNO-4.4.1")
    after, _ = play(state, 0, Consolidate(territory="castle_01", payment=species("GCCD")))
    assert hand_codes(after, 0) == "DE"


def test_tv11_plain_discount() -> None:
    """TV-11: with plain_06 on top the castle costs 3; the waived symbol is the payer's choice."""
    state = make_state(2, hands=["GCCDD", "DEF"], reserves={0: ["castle_01"]}, stacks={0: ["plain_06"]})
    legal = GAME.legal_actions(state, 0) or []
    for ok in ("CCD", "GCC", "GCD"):
        action = Consolidate(territory="castle_01", payment=species(ok))
        assert any(sorted(a.payment) == sorted(action.payment) for a in legal if isinstance(a, Consolidate))
        play(state, 0, action)
    assert_refused(
        state,
        0,
        Consolidate(territory="castle_01", payment=species("DDC")),
        "tirnanog.error.wrong_creatures",
        "TNO-4.4.2",
    )
    assert_refused(
        state,
        0,
        Consolidate(territory="castle_01", payment=species("GCCD")),
        "tirnanog.error.payment_count",
        "TNO-4.4.2",
    )
    after, events = play(state, 0, Consolidate(territory="castle_01", payment=species("GCC")))
    assert find(events, "consolidated_discount")
    assert [c.card for c in after.stacks[0]] == ["plain_06", "castle_01"]
    assert not GAME.view(after, None).seats[0].discount  # used up


def test_tv12_discount_lost_in_a_dispute() -> None:
    """TV-12: plain_02 turned face down by a lost dispute: temple_03 costs the full 3."""
    state = make_state(
        2,
        hands=["DDDD", "GCF"],
        stacks={1: ["plain_02"]},
        reserves={1: ["temple_03"]},
        piles={"river": ["river_01", "fountain_1", "river_02"]},
    )
    state, _ = play(state, 0, TakeTerritory(terrain="river"))
    state, _ = play(state, 0, Declare(take_part=True))
    state, events = play(state, 1, Declare(take_part=True))
    assert find(events, "territory_flipped")[0].params == {"seat": 1, "territory": "plain_02"}
    assert state.active == 1 and not state.stacks[1][-1].face_up
    payments = [a for a in GAME.legal_actions(state, 1) or [] if isinstance(a, Consolidate)]
    assert payments and all(len(a.payment) == 3 for a in payments)
    assert_refused(
        state,
        1,
        Consolidate(territory="temple_03", payment=species("GC")),
        "tirnanog.error.payment_count",
        "TNO-4.4.1",
    )


def test_tv13_opening_consolidation() -> None:
    """TV-13: plain_01 paid with G, E; no VP; the next consolidation is discounted."""
    state = make_state(2, hands=["GED", "DEF"], reserves={0: ["plain_01"]})
    state, events = play(state, 0, Consolidate(territory="plain_01", payment=species("GE")))
    assert hand_codes(state, 0) == "D" and [c.card for c in state.stacks[0]] == ["plain_01"]
    assert state.reserves[0] == [] and all(state.total_vp(s) == 0 for s in range(2))
    assert not [e for e in events if e.key.startswith("tirnanog.event.vp_")]
    assert GAME.view(state, None).seats[0].discount


# -- 6.4 fountain disputes --------------------------------------------------------------------


def fountain_state(players: int, revealer: int, hands: list[str], **fields: object) -> TirNanOgState:
    piles = {"river": ["river_01", "fountain_1", "river_02"]}
    return make_state(players, hands=hands, piles=piles, active=revealer, **fields)  # type: ignore[arg-type]


def test_tv14_declaration_order() -> None:
    """TV-14: S3 reveals; S3, S4, S1, S2 declare in that order."""
    state = fountain_state(4, 2, ["DEF"] * 4)
    state, _ = play(state, 2, TakeTerritory(terrain="river"))
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == [2, 3, 0, 1] and decision.actors == [2]
    state, _ = play(state, 2, Declare(take_part=False))
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == [3, 0, 1] and decision.done == [2]


def test_tv15_absolute_tie() -> None:
    """TV-15: S1 and S2 tie at (3,2): the fountain leaves the game, nobody discards; S3 is
    beaten and flips forest_07 (R26); S4 is unaffected."""
    state = fountain_state(
        4,
        0,
        ["EED", "GGGCC", "FF", "DEF"],
        stacks={0: ["plain_06"], 1: ["river_03↓"], 2: ["forest_07"], 3: ["castle_02"]},
    )
    assert profile(dispute_counts(state, 0)) == profile(dispute_counts(state, 1)) == (3, 2, 0, 0, 0)
    state, _ = play(state, 0, TakeTerritory(terrain="river"))
    for seat, part in [(0, True), (1, True), (2, True), (3, False)]:
        state, events = play(state, seat, Declare(take_part=part))
    assert find(events, "dispute_tie") and not find(events, "winner_discarded")
    assert state.out_of_game == ["fountain_1"]
    assert [(c.card, c.face_up) for c in state.stacks[0]] == [("plain_06", True)]
    assert [(c.card, c.face_up) for c in state.stacks[2]] == [("forest_07", False)]
    assert [(c.card, c.face_up) for c in state.stacks[3]] == [("castle_02", True)]
    assert [hand_codes(state, s) for s in range(4)] == ["DEE", "CCGGG", "FF", "DEF"]


def test_tv16_single_participant() -> None:
    """TV-16: S2 alone wins with an empty profile-free top, places the fountain, discards E."""
    state = fountain_state(4, 0, ["DEF", "E", "DEF", "DEF"], stacks={1: ["castle_02↓"]})
    state, _ = play(state, 0, TakeTerritory(terrain="river"))
    for seat in (0, 1, 2, 3):
        state, events = play(state, seat, Declare(take_part=seat == 1))
    assert [(c.card, c.face_up) for c in state.stacks[1]] == [("castle_02", False), ("fountain_1", True)]
    assert state.hands[1] == [] and find(events, "winner_discarded")[0].params["cards"] == {"elf": 1}


def test_tv17_nobody_takes_part() -> None:
    """TV-17: the fountain leaves the game; nothing flips; the next card shows."""
    state = fountain_state(3, 0, ["DEF"] * 3, stacks={0: ["plain_01"], 1: ["castle_02"]})
    state, _ = play(state, 0, TakeTerritory(terrain="river"))
    for seat in (0, 1, 2):
        state, events = play(state, seat, Declare(take_part=False))
    assert find(events, "dispute_nobody") and not find(events, "dispute_revealed")
    assert state.out_of_game == ["fountain_1"] and state.piles["river"] == ["river_02"]
    assert all(c.face_up for s in state.stacks for c in s)


def test_tv18_a_fountain_is_lost() -> None:
    """TV-18: S1's top fountain_2 turns face down; its stack then scores 3 + 0."""
    state = fountain_state(2, 1, ["D", "DDDF"], stacks={0: ["river_01", "fountain_2"]})
    state, _ = play(state, 1, TakeTerritory(terrain="river"))
    state, _ = play(state, 1, Declare(take_part=True))
    state, _ = play(state, 0, Declare(take_part=True))
    assert [(c.card, c.face_up) for c in state.stacks[0]] == [("river_01", True), ("fountain_2", False)]
    assert stack_vp(state, 0) == (3, 1)
