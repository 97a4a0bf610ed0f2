"""Unit tests per rule (NA-3, NA-4, NA-5) where no §6 vector covers it, the refusals the issue
lists (localised key + rule id, state unchanged), the decision map and the §9 defaults."""

from __future__ import annotations

import pytest

from games.core import RuleError
from games.narnia import (
    GAME,
    Attack,
    Deploy,
    Draw,
    Invade,
    Keep,
    Move,
    Pass,
    PlaceReinforcement,
    PlaceWitch,
    Reinforce,
    Reroll,
    Surprise,
    Treachery,
    WitchPairChoice,
    tokens,
)
from games.narnia.data import PETER_START, TERRITORIES, WITCH_START
from games.narnia.state import Token
from tests.narnia.narnia_helpers import (
    BLUE,
    GREEN,
    RED,
    WITCH,
    Rig,
    assert_refused,
    find,
    make_state,
    play,
    show,
    stack,
    token_count,
)

BLUE_HOME = {"cair_paravel": (BLUE, "1P")}


def red_turn(board: dict[str, tuple[int | None, str]], **fields: object) -> object:
    return make_state(2, {**board, **BLUE_HOME}, **fields)  # type: ignore[arg-type]


# -- refusals the issue lists ---------------------------------------------------------------


def test_attack_refusals() -> None:
    """NA-4.2.4: only from an own territory with a token into an adjacent Witch territory."""
    state = red_turn(
        {"chippingford": (RED, "3P"), "dancing_lawn": (RED, ""), "tumnus_cave": (RED, "1P")},
    )
    cases = [
        (Attack(source="chippingford", target="witch_camp"), "narnia.error.not_adjacent"),
        (Attack(source="chippingford", target="tumnus_cave"), "narnia.error.not_witch_territory"),
        (Attack(source="chippingford", target="beavers_dam"), "narnia.error.not_witch_territory"),
        (Attack(source="cair_paravel", target="wolf_den"), "narnia.error.not_your_territory"),
        (Attack(source="dancing_lawn", target="witch_camp"), "narnia.error.flag_cannot_attack"),
        (Attack(source="chippingford", target="atlantis"), "narnia.error.unknown_territory"),
    ]
    state.territories["beavers_dam"].owner = BLUE  # type: ignore[attr-defined]
    for action, key in cases:
        assert_refused(state, RED, action, key, "NA-4.2.4")  # type: ignore[arg-type]


def test_move_refusals() -> None:
    """NA-4.2.3 / R36: adjacent, both his own, at least one token he really has."""
    state = red_turn({"chippingford": (RED, "3P 2P"), "tumnus_cave": (RED, ""), "great_woods": (RED, "")})
    cases = [
        (Move(source="chippingford", target="great_woods", tokens=[3]), "narnia.error.not_adjacent"),
        (Move(source="chippingford", target="dwarf_mines", tokens=[3]), "narnia.error.not_your_territory"),
        (Move(source="cair_paravel", target="aslan_camp", tokens=[1]), "narnia.error.not_your_territory"),
        (Move(source="chippingford", target="tumnus_cave", tokens=[]), "narnia.error.no_tokens_chosen"),
        (Move(source="chippingford", target="tumnus_cave", tokens=[3, 3]), "narnia.error.tokens_not_there"),
        (Move(source="chippingford", target="tumnus_cave", tokens=[1]), "narnia.error.tokens_not_there"),
    ]
    for action, key in cases:
        assert_refused(state, RED, action, key, "NA-4.2.3")  # type: ignore[arg-type]


def test_acting_out_of_sequence_cites_the_decision_rule() -> None:
    """NA-4.1.7: only the colour whose turn it is may act (the core's not_your_turn)."""
    state = red_turn({"chippingford": (RED, "3P")})
    assert_refused(state, BLUE, Pass(), "error.not_your_turn", "NA-4.1.7")  # type: ignore[arg-type]
    assert_refused(state, RED, Draw(), "narnia.error.wrong_action", "NA-4.1.7")  # type: ignore[arg-type]


def test_aslan_reroll_refused_without_the_card_or_the_offer() -> None:
    """NA-4.7.9: no re-roll without the card, or when no lost throw is waiting."""
    state = red_turn({"chippingford": (RED, "3P")})
    assert_refused(state, RED, Reroll(), "narnia.error.no_aslan", "NA-4.7.9")  # type: ignore[arg-type]
    state.effects.aslan = RED  # type: ignore[attr-defined]
    assert_refused(state, RED, Keep(), "narnia.error.no_aslan", "NA-4.7.9")  # type: ignore[arg-type]


def test_witch_pair_refusals() -> None:
    """NA-4.6.2: an adjacent (Witch, own) pair; NA-4.6.4: a value-3 source when one exists;
    NA-4.6.3: a flag-only source when the Witch's bag is empty."""
    board = {
        "fords_of_beruna": (BLUE, "2P"),
        "frozen_lake": (WITCH, "3W"),
        "wolf_den": (WITCH, ""),
        "shuddering_wood": (WITCH, "1W"),
        "stone_table": (BLUE, ""),
        "witch_camp": (BLUE, ""),
        "aslan_camp": (BLUE, ""),
        "great_woods": (BLUE, ""),
        "minotaur_ridge": (BLUE, ""),
    }
    state = make_state(2, board, rest=RED, phase="witch_pair", stage="witch", actor=BLUE, turn_index=2)
    state.witch_pairs = [p for p in __import__("games.narnia.witch").narnia.witch.round_pairs(state, BLUE)[1]]
    for action in (
        WitchPairChoice(source="witch_castle", target="fords_of_beruna"),
        WitchPairChoice(source="frozen_lake", target="chippingford"),
    ):
        assert_refused(state, BLUE, action, "narnia.error.not_witch_pair", "NA-4.6.2")
    bad = WitchPairChoice(source="shuddering_wood", target="fords_of_beruna")
    assert_refused(state, BLUE, bad, "narnia.error.witch_needs_three", "NA-4.6.4")
    state.witch_bag = {1: 0, 2: 0, 3: 0}
    flag_only = WitchPairChoice(source="wolf_den", target="fords_of_beruna")
    assert_refused(state, BLUE, flag_only, "narnia.error.witch_source_empty", "NA-4.6.3")


def test_setup_refusals() -> None:
    """NA-3.4 / NA-3.5: a free start territory of the right kind."""
    state = GAME.new_game(2, 3)
    seat = state.actor
    assert seat is not None and state.phase == "place_witch"
    assert_refused(state, seat, PlaceWitch(territory="chippingford"), "narnia.error.not_free_start", "NA-3.4")
    assert_refused(state, seat, Deploy(territory=WITCH_START[0]), "narnia.error.wrong_action", "NA-3.4")
    state, _ = play(state, seat, PlaceWitch(territory=WITCH_START[0]))
    assert_refused(
        state, state.actor, PlaceWitch(territory=WITCH_START[0]), "narnia.error.not_free_start", "NA-3.4"
    )  # type: ignore[arg-type]


def test_other_refusals() -> None:
    """Treachery needs an own token and a Witch target (NA-4.7.5); surprise a Witch token
    (NA-4.7.8); reinforcements go on own territories (NA-4.2.2); invasions only move tokens
    the source holds (NA-4.5.1)."""
    board = {"chippingford": (RED, "2P"), "tumnus_cave": (RED, ""), "witch_castle": (WITCH, "3W")}
    treachery = red_turn(board, phase="treachery", stage="card")
    assert_refused(
        treachery,
        RED,
        Treachery(source="tumnus_cave", target="witch_castle"),
        "narnia.error.no_token_there",
        "NA-4.7.5",
    )
    assert_refused(
        treachery,
        RED,
        Treachery(source="chippingford", target="cair_paravel"),
        "narnia.error.not_witch_territory",
        "NA-4.7.5",
    )
    surprise = red_turn(board, phase="surprise", stage="card")
    assert_refused(
        surprise,
        RED,
        Surprise(territory="chippingford", index=0),
        "narnia.error.not_witch_territory",
        "NA-4.7.8",
    )
    placing = red_turn(board, phase="place_reinforcement", drawn="2P")
    assert_refused(
        placing,
        RED,
        PlaceReinforcement(territory="cair_paravel"),
        "narnia.error.not_your_territory",
        "NA-4.2.2",
    )


def test_invasion_refuses_tokens_the_source_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    state = red_turn({"caldron_pool": (RED, "2P 1P"), "western_wild": (WITCH, "")})
    Rig(monkeypatch).roll([6, 6], [1])
    state, _ = play(state, RED, Attack(source="caldron_pool", target="western_wild"))  # type: ignore[arg-type]
    assert_refused(state, RED, Invade(tokens=[3]), "narnia.error.tokens_not_there", "NA-4.5.1")
    assert_refused(state, RED, Invade(tokens=[2, 2]), "narnia.error.tokens_not_there", "NA-4.5.1")


# -- setup (NA-3) -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_result(players: int) -> None:
    """NA-3.1 / D1 colours by seat; NA-3.4 each places 12/n Witch tokens; NA-3.9 the result;
    NA-3.7 the whole deck shuffled; NA-3.8 the last placer draws."""
    state = GAME.new_game(players, 5)
    assert state.colours == ["red", "blue", "green", "yellow"][:players]
    placed_by: dict[int, int] = {}
    while state.phase in ("place_witch", "deploy"):
        seat = state.actor
        assert seat is not None
        state, events = play(state, seat, GAME.default_action(state, seat))
        for event in find(events, "witch_placed"):
            placed_by[event.params["seat"]] = placed_by.get(event.params["seat"], 0) + 1
    assert placed_by == dict.fromkeys(range(players), 12 // players)
    assert all(
        len(state.territories[t].stack) == 1 and state.territories[t].owner is None for t in WITCH_START
    )
    assert all(
        len(state.territories[t].stack) == 1 and state.territories[t].owner is not None for t in PETER_START
    )
    assert sum(state.peter_bag.values()) == sum(state.witch_bag.values()) == 52
    assert len(state.deck) == 26 and state.discard == [] and state.round == 1
    assert state.drawer == state.setup_order[-1] and state.phase == "draw"
    assert all(state.territories[t].stack[0].origin == "peter" for t in PETER_START)


def test_colours_option() -> None:
    """D1: the host may assign other colours; they must be distinct player colours."""
    state = GAME.new_game(2, 1, {"colours": ["yellow", "green"]})
    assert state.colours == ["yellow", "green"]
    for bad in (["red", "red"], ["white", "red"], ["red"]):
        with pytest.raises(RuleError) as caught:
            GAME.new_game(2, 1, {"colours": bad})
        assert (caught.value.key, caught.value.rule) == ("narnia.error.colours", "NA-3.1")


# -- stacks and tokens (NA-4.3) ---------------------------------------------------------------


def test_insertion_and_resort() -> None:
    """NA-4.3.4 / R2: a new token goes under every token of equal or higher value; re-sorting is
    stable."""
    pile = stack("3W 2W 1W")
    tokens.insert(pile, Token(value=2, origin="peter"))
    assert [f"{t.value}{t.origin[0]}" for t in pile] == ["3w", "2w", "2p", "1w"]
    rotated = stack("1P 2W 3P 2P")
    tokens.resort(rotated)
    assert [f"{t.value}{t.origin[0]}" for t in rotated] == ["3p", "2w", "2p", "1p"]


def test_strategic_move_resorts_and_may_leave_the_flag() -> None:
    """NA-4.2.3 / R36: any tokens, both stacks re-sorted, the source may keep only its flag."""
    state = red_turn({"chippingford": (RED, "3P 1P"), "tumnus_cave": (RED, "2P")})
    state, events = play(state, RED, Move(source="chippingford", target="tumnus_cave", tokens=[1, 3]))  # type: ignore[arg-type]
    assert show(state, "chippingford") == "" and show(state, "tumnus_cave") == "3P 2P 1P"
    assert find(events, "moved")[0].params["tokens"] == "3 1"
    assert state.territories["chippingford"].owner == RED


def test_reinforce_then_place() -> None:
    """NA-4.2.2 / R37: the token is drawn and shown, then placed on any own territory."""
    state = red_turn({"chippingford": (RED, "1P"), "archenland": (RED, "")})
    state, events = play(state, RED, Reinforce())  # type: ignore[arg-type]
    assert state.phase == "place_reinforcement" and len(state.drawn) == 1
    assert find(events, "peter_token_drawn")[0].params["seat"] == RED
    value = state.drawn[0].value
    state, _ = play(state, RED, PlaceReinforcement(territory="archenland"))
    assert state.territories["archenland"].stack[0].value == value and state.last_actor == RED


def test_only_pass_is_played_at_once() -> None:
    """R7: a player with no legal action is passed automatically (empty bag, bare flags)."""
    board = {"chippingford": (RED, "1P"), "cair_paravel": (BLUE, ""), "glasswater": (GREEN, "")}
    state = make_state(3, board, peter_bag={1: 0, 2: 0, 3: 0})
    state, events = play(state, RED, Pass())
    assert [e.params["seat"] for e in find(events, "passed")] == [RED, BLUE, GREEN]
    assert (state.phase, state.actor, state.last_actor) == ("witch_pair", GREEN, GREEN)


def test_nobody_took_a_turn_the_drawer_is_attacked(monkeypatch: pytest.MonkeyPatch) -> None:
    """R8 / NA-4.1.9: with every turn skipped, the drawer is the last actor."""
    board = {"glasswater": (RED, "1P"), "aslan_camp": (RED, "1P"), "minotaur_ridge": (WITCH, "")}
    state = make_state(2, board, phase="draw", stage="card", card=None, deck=["blizzard_1"])
    state, events = play(state, RED, Draw())
    assert find(events, "turn_skipped") and state.last_actor == RED and state.phase == "witch_pair"


def test_deck_reshuffles_the_discards() -> None:
    """NA-4.8.4 / R27: an empty deck is rebuilt from the discards."""
    state = red_turn({"chippingford": (RED, "1P")}, phase="draw", stage="card", card=None)
    state.deck, state.discard = [], ["blizzard_1", "blizzard_2"]  # type: ignore[attr-defined]
    state, events = play(state, RED, Draw())  # type: ignore[arg-type]
    assert find(events, "deck_reshuffled")[0].params == {"count": 2}
    assert len(state.deck) == 1 and state.discard == [] and state.round_card in ("blizzard_1", "blizzard_2")


def test_cleanup_discards_and_expires(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.1.11 / R17: the round card is discarded and every round effect ends."""
    board = {"ettinsmoor": (WITCH, ""), **BLUE_HOME}  # nobody borders the Witch: no attack
    state = make_state(2, board, rest=RED, card="aslans_strength_1", turn_index=1, actor=BLUE)
    state.effects.aslan = RED
    state.effects.invincible = RED
    Rig(monkeypatch)
    state, _ = play(state, BLUE, Pass())  # type: ignore[arg-type]
    assert state.round == 2 and "aslans_strength_1" in state.discard
    assert state.effects.aslan is None and state.effects.invincible is None and state.phase == "draw"


def test_aslan_defending_with_the_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    """R18: the holder may re-roll his flag's die when he defends."""
    board = {"glasswater": (RED, ""), "minotaur_ridge": (WITCH, "2W"), "aslan_camp": (RED, "")}
    state = make_state(2, {**board, **BLUE_HOME}, card="turn_to_stone_2", actor=RED, turn_index=1)
    state.effects.aslan = RED
    Rig(monkeypatch).draw("1W").roll([6, 6], [1], [6], [1], [6])
    state, _ = play(state, RED, Pass())
    state, _ = play(state, RED, WitchPairChoice(source="minotaur_ridge", target="glasswater"))
    paused = state.battles[-1].paused
    assert state.phase == "aslan" and paused is not None and paused.holder_side == "defender" and paused.flag
    state, _ = play(state, RED, Reroll())
    assert state.battles[-1].throws[0].rerolled == "defender"


def test_witch_attacks_never_count_for_the_tie_break(monkeypatch: pytest.MonkeyPatch) -> None:
    """R33: only battles a player starts with the attack action count."""
    state = red_turn({"chippingford": (RED, "3P"), "dwarf_mines": (WITCH, "1W")})
    Rig(monkeypatch).roll([1, 1, 1], [6])
    after, _ = play(state, RED, Attack(source="chippingford", target="dwarf_mines"))  # type: ignore[arg-type]
    assert after.last_attack == [1, None] and after.last_attacker == RED
    assert after.battles[-1].cause == "attack"


def test_witch_conquers_with_a_betrayed_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """R16 / TV-25: the last token used moves in even if it is a Peter token, and stays the
    Witch's; when it later loses it goes back to Peter's bag."""
    board = {"glasswater": (RED, ""), "minotaur_ridge": (WITCH, "2P"), "aslan_camp": (RED, "")}
    state = make_state(2, {**board, **BLUE_HOME}, card="turn_to_stone_2", actor=RED, turn_index=1)
    Rig(monkeypatch).draw("1W").roll([6, 6], [1])
    state, _ = play(state, RED, Pass())
    state, _ = play(state, RED, WitchPairChoice(source="minotaur_ridge", target="glasswater"))
    assert show(state, "glasswater") == "2P" and state.territories["glasswater"].owner is None
    assert show(state, "minotaur_ridge") == "1W"


def test_blizzard_aslan_invincible_cards_set_round_effects() -> None:
    """NA-4.7.2, NA-4.7.9, NA-4.7.10: the drawer gets the effect until cleanup."""
    for card, field, event in (
        ("blizzard_1", "blizzard", "blizzard"),
        ("aslans_strength_1", "aslan", "aslan_holds"),
        ("invincible_strength_1", "invincible", "invincible"),
    ):
        state = red_turn({"chippingford": (RED, "1P")}, phase="draw", stage="card", card=None, deck=[card])
        after, events = play(state, RED, Draw())  # type: ignore[arg-type]
        assert getattr(after.effects, field) == RED and find(events, event)
        assert [e.key for e in events[:2]] == ["narnia.event.card_drawn", f"narnia.card_text.{card}"]


def test_impossible_witch_card_still_sets_the_sequence() -> None:
    """R42: witch_attack without a candidate, turn_to_stone / treachery without tokens."""
    for card in ("witch_attack_2", "turn_to_stone_2", "treachery_2"):
        state = red_turn(
            {"glasswater": (RED, ""), "minotaur_ridge": (RED, "")}, phase="draw", stage="card", card=None
        )
        state.deck = [card]  # type: ignore[attr-defined]
        after, events = play(state, RED, Draw())  # type: ignore[arg-type]
        assert find(events, "no_effect")[0].params == {"seat": RED, "card": card}
        assert after.phase == "turn" and after.sequence == [BLUE, RED]


def test_reinforcements_card_draws_k_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """NA-4.7.7 / R25: k tokens drawn at once, every one placed on own territories."""
    state = red_turn(
        {"chippingford": (RED, ""), "tumnus_cave": (RED, "")}, phase="draw", stage="card", card=None
    )
    state.deck = ["reinforcements_2_1"]  # type: ignore[attr-defined]
    Rig(monkeypatch).draw("3P", "1P")
    state, events = play(state, RED, Draw())  # type: ignore[arg-type]
    assert [e.params["value"] for e in find(events, "peter_token_drawn")] == [3, 1]
    state, _ = play(state, RED, PlaceReinforcement(territory="tumnus_cave"))
    state, _ = play(state, RED, PlaceReinforcement(territory="chippingford"))
    assert (show(state, "tumnus_cave"), show(state, "chippingford")) == ("3P", "1P")
    assert token_count(state) == 128


# -- decisions and defaults (§9) ------------------------------------------------------------------


def test_decision_kinds_rules_and_timeouts() -> None:
    state = red_turn({"chippingford": (RED, "1P")})
    decision = GAME.decision(state)  # type: ignore[arg-type]
    assert decision is not None
    assert (decision.kind, decision.seats, decision.timeout, decision.rule) == (
        "narnia.turn",
        [RED],
        "long",
        "NA-4.1.7",
    )
    state.phase = "witch_pair"  # type: ignore[attr-defined]
    decision = GAME.decision(state)  # type: ignore[arg-type]
    assert decision is not None and (decision.kind, decision.timeout, decision.rule) == (
        "narnia.witch_pair",
        "short",
        "NA-4.6.5",
    )


def test_default_witch_placement_d3() -> None:
    """D3: a 3 on the fewest Peter-start neighbours, a 1 on the most, a 2 in the middle."""
    from games.narnia.ai import Board, place_witch_default

    state = GAME.new_game(2, 1)
    for value, expected in ((3, "ettinsmoor"), (1, "dwarf_mines")):
        state.drawn = [Token(value=value, origin="witch")]
        view = GAME.view(state, state.actor)
        assert place_witch_default(Board(view)).territory == expected
    state.drawn = [Token(value=2, origin="witch")]
    middle = place_witch_default(Board(GAME.view(state, state.actor))).territory
    assert middle not in ("ettinsmoor", "dwarf_mines") and middle in WITCH_START


def test_defaults_d7_d10_d12_d13_d14_d16_d17() -> None:
    from games.narnia.ai import default_action

    board = {
        "chippingford": (RED, "3P 1P"),
        "archenland": (RED, "3P 2P 1P"),
        "caldron_pool": (RED, "1P"),
        "dwarf_mines": (WITCH, "3W 3W"),
        "western_wild": (WITCH, "1W"),
    }
    stone = red_turn(board, phase="stone", stage="card", required_value=3)
    assert default_action(GAME.view(stone, RED)).territory == "archenland"  # type: ignore[arg-type,union-attr]
    treachery = red_turn(board, phase="treachery", stage="card")
    betray = default_action(GAME.view(treachery, RED))  # type: ignore[arg-type]
    assert isinstance(betray, Treachery) and betray.source == "caldron_pool"
    placing = red_turn(board, phase="place_reinforcement", drawn="1P")
    assert default_action(GAME.view(placing, RED)) == PlaceReinforcement(territory="caldron_pool")  # type: ignore[arg-type]
    surprise = red_turn(board, phase="surprise", stage="card")
    assert default_action(GAME.view(surprise, RED)) == Surprise(territory="dwarf_mines", index=0)  # type: ignore[arg-type]
    turn = red_turn(board)
    assert default_action(GAME.view(turn, RED)) == Reinforce()  # type: ignore[arg-type]
    turn.peter_bag = {1: 0, 2: 0, 3: 0}  # type: ignore[attr-defined]
    assert default_action(GAME.view(turn, RED)) == Pass()  # type: ignore[arg-type]
    aslan = red_turn(board, phase="aslan")
    assert default_action(GAME.view(aslan, RED)) == Keep()  # type: ignore[arg-type]


def test_default_invasion_d17(monkeypatch: pytest.MonkeyPatch) -> None:
    """D17: positions 2, 4, ... move in while the source still borders the Witch."""
    state = red_turn({"caldron_pool": (RED, "3P 2P 2P 1P"), "western_wild": (WITCH, "")})
    Rig(monkeypatch).roll([6, 6, 6], [1])
    state, _ = play(state, RED, Attack(source="caldron_pool", target="western_wild"))  # type: ignore[arg-type]
    assert GAME.default_action(state, RED) == Invade(tokens=[2, 1])


def test_views_are_the_same_for_every_seat() -> None:
    """§9 / R39: nothing is hidden; views differ only in the seat field."""
    state = GAME.new_game(3, 8)
    base = GAME.view(state, None).model_dump()
    for seat in range(3):
        view = GAME.view(state, seat).model_dump()
        assert view.pop("seat") == seat
        assert view == {k: v for k, v in base.items() if k != "seat"}
    view = GAME.view(state, None)
    assert sum(view.peter_bag.values()) + sum(view.witch_bag.values()) + len(view.drawn) == 128
    assert [t.id for t in view.territories] == list(TERRITORIES)


def test_legal_moves_one_per_multiset() -> None:
    state = red_turn({"chippingford": (RED, "2P 2P 1P"), "tumnus_cave": (RED, "")})
    legal = GAME.legal_actions(state, RED)  # type: ignore[arg-type]
    assert legal is not None
    moves = [a.tokens for a in legal if isinstance(a, Move) and a.source == "chippingford"]
    assert sorted(moves) == sorted([[2], [2, 2], [1], [2, 1], [2, 2, 1]])
    assert GAME.legal_actions(state, BLUE) == []  # type: ignore[arg-type]
