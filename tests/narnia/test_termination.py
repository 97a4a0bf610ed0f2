"""Every Narnia game ends, within a bound on its actions derived from the rules
(issue "Every game ends"; the driver is ``tests/termination.py``).

Why a game ends
---------------
The round cap (NA-4.8.9, R34 revised) ends the game at the end of round ``cap`` (100
unless the host chose another, 1 to 1000); it may end sooner, the moment the Witch owns no
territory (NA-5.1, R31) or when every player is eliminated (NA-4.8.8, R30). So a game has
at most ``cap`` rounds, and the bound is the setup plus what ``cap`` rounds can ask. With
no cap (the host's explicit ``None``) no end is promised: R34 records a lone player and
the Witch trading territories past round 660, so that case has no bound and is not tested
here.

``decision()`` only asks where someone has a real choice: a lone legal answer (the last
free start territory, a turn where only a pass is legal (R7), a lone Witch pair...) is
played by the engine (``rules.FORCED``, docs/decisions.md "Forced choices are played by
the engine") and is no ``play`` call, which only makes the count smaller. Dice, bag draws,
shuffles and the ``evil_spell`` re-rolls (NA-4.7.3) are the engine's, never an action.

Setup
-----
Twelve Witch tokens (NA-3.4, R11) then twelve Peter tokens (NA-3.5), one placement each;
the last of each goes to the one free start left and is forced: **22** actions.

What one round can ask (``decision()``'s phases)
------------------------------------------------
* **draw** (NA-4.1.3, D5): one per card drawn; the round card ends the loop (NA-4.1.4),
  each ``courage`` card drawn adds one draw;
* **courage** (NA-4.7.11, R26): the extra turn is one action (NA-4.2.1) plus at most one
  follow-up: the placement of the token a reinforce drew (``place_reinforcement``,
  NA-4.2.2) or the move-in after a conquest (``invade``, NA-4.5.1). No round effect is
  active yet (R26), so no Aslan question: **2** per courage card;
* **the round card's effect** (NA-4.1.5), by type (§8.3 counts): ``turn_to_stone`` one
  ``stone`` (NA-4.7.1); ``evil_spell`` one ``spell_loss`` per loser, every active player
  but the safe one: at most ``p - 1`` (NA-4.7.3, R21); ``witch_attack`` one pair
  (``witch_attack``, NA-4.7.4), and the Witch's conquest moves in by itself (NA-4.5.2);
  ``treachery`` one (NA-4.7.5, R22); ``surprise_attack`` one, taken or declined
  (NA-4.7.8, R24); ``reinforcements_k`` one placement per token, ``k`` at most (NA-4.7.7,
  R25); ``blizzard``, ``terror``, ``invincible_strength`` none; ``aslans_strength`` none
  now, but the Aslan questions below;
* **turn** (NA-4.1.7, NA-4.2.1): the sequence is the card's 4 colours reduced to the
  ``p`` in play (NA-4.1.6, R38), each a turn at most once: ``p`` turns, each one action
  plus at most one follow-up as for courage: **2p**;
* **aslan** (NA-4.4.6, NA-4.7.9, R18), only in a round whose card is ``aslans_strength``:
  the holder is asked after every throw he loses while his re-roll is unused; a re-roll
  uses it (so at most **1**), and each "keep" lets the throw stand lost, which costs him a
  token (NA-4.4.8 attacking, NA-4.4.7 defending) or, defending, his flag, which ends the
  battle with the territory (NA-4.4.7). He fights at most twice in the round: in his one
  turn (courage turns come before the card, R26) and in the Witch's end-of-round attack
  (NA-4.6.7; no ``witch_attack`` card that round). The tokens he loses are distinct Peter
  tokens (a player territory holds only Peter tokens, NA-4.7.5 sends betrayed ones the
  other way): none comes back to him in the round unless his turn was a reinforce, and then
  he did not attack. So at most 64 tokens (§8.2) + 1 flag + 1 re-roll: **66**. This is
  the one question a player can be asked again and again (the default, D16, always keeps),
  and the token supply is what bounds it. "Keep, don't ask again" only asks less (no more
  questions in that battle). The bot's ruling R-A1 (once per battle, at most 2 a round)
  is withdrawn (docs/decisions.md); a game started under it asks less, and within this
  bound too;
* **witch_pair** (NA-4.6.4, NA-4.6.5): the victim's choice, at most **1**; a Witch
  conquest asks nothing (NA-4.5.2).

The deck (per pass)
-------------------
The deck is the 26 cards (NA-3.7, §8.3): 24 with a sequence, 2 ``courage``. It is only
rebuilt when a card must be drawn from an empty deck (NA-4.8.4, R27), i.e. in a card step,
when no card is in play: the last round card was discarded at cleanup (NA-4.1.11) and a
courage card is discarded before the next draw (R26). So every pass through the deck is
all 26 cards, and each card is drawn once per pass. Every sequence card drawn is a round
card, so round ``r``'s card is the ``r``-th sequence card drawn, in pass ``ceil(r / 24)``,
and every courage card drawn by the end of round ``r`` belongs to one of those passes. So
``cap`` rounds use at most ``P = ceil(cap / 24)`` passes, and in each pass every card type
is the round card at most as many times as the deck holds it, and ``courage`` is drawn at
most twice. Round by round the worst case is much larger: a reshuffle mid-loop can bring
both courage cards back (2 from the old deck, then 2 from the new one, whose other 24
cards end the loop): 5 draws, 4 extra turns (8 actions), 66 Aslan questions, ``2p`` and
1: ``80 + 2p`` a round, 8422 / 8622 / 8822 at cap 100. Counting by pass instead:

    action_bound(p, cap) = 22 + cap x (1 + 2p + 1) + ceil(cap / 24) x (2 x (1 + 2) + E(p))

where ``E(p) = 2x1 + 1x(p - 1) + 3x1 + 2x1 + 3x1 + 2x2 + 1x3 + 3x1 + 2x66 = 151 + p`` are
the effects of one pass's 24 round cards (stone, evil spell, witch attack, treachery,
reinforcements 1, 2, 3, surprise attack, Aslan's strength). At cap 100 (5 passes): **1417,
1622 and 1827** actions for 2, 3 and 4 players; the longest sampled games take under 1000. The
tests also check every term round by round and pass by pass (``CountingNarnia``), so a
derivation step the engine broke fails by name even while the total stays under the bound.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Event
from games.narnia import GAME, NarniaAction, NarniaGame, NarniaState
from games.narnia.actions import Attack, Keep, Reinforce
from games.narnia.data import CARD_IDS, CARD_TYPE, CARD_TYPES, DEFAULT_ROUND_CAP, SEQUENCE, TOKEN_SUPPLY
from games.narnia.setup import PLACEMENTS
from tests.narnia.narnia_helpers import BLUE, RED, WITCH, Rig, make_state
from tests.termination import POLICIES, MixedGame, Policy, RandomAction, play_mixed, seats_plan

PLAYERS = (2, 3, 4)

# NA-3.4 / NA-3.5: 12 + 12 placements; the last of each has one free start left (forced).
SETUP_ACTIONS = 2 * (PLACEMENTS - 1)  # 22
# §8.3 / NA-3.7: the deck, its sequence cards (one per round) and its courage cards.
DECK = len(CARD_IDS)  # 26
ROUND_CARDS = sum(1 for card in CARD_IDS if SEQUENCE[card])  # 24
COURAGE = DECK - ROUND_CARDS  # 2
# NA-4.7.11 / R26: a courage card's extra turn, one action and at most one follow-up
# (no Aslan question: no round effect is active yet).
COURAGE_ACTIONS = 1 + 1
# NA-4.2.1 + NA-4.2.2 / NA-4.5.1: a turn's action and its placement or move-in.
TURN_ACTIONS = 1 + 1
# NA-4.4.6 / NA-4.7.9 / R18: each kept lost throw costs one of his (at most 64) Peter tokens
# or his flag; one re-roll uses the card up.
ASLAN_ASKS = sum(TOKEN_SUPPLY["peter"].values()) + 1 + 1  # 66
# Round by round: a reshuffle mid-loop can bring both courage cards back (NA-4.8.4 / R27).
COURAGE_PER_ROUND = 2 * COURAGE  # 4
# A typical game's length (a few hundred to under 1000 actions at cap 100): leave points are drawn
# within it so that leaving mid-game is exercised. It plays no part in the bound.
LEAVE_HORIZON = 600


def effect_actions(card_type: str, players: int) -> int:
    """The most actions a round card's effect asks (NA-4.7), Aslan's questions included."""
    return {
        "turn_to_stone": 1,  # NA-4.7.1: one stone
        "blizzard": 0,  # NA-4.7.2: a skipped turn
        "evil_spell": players - 1,  # NA-4.7.3 / R21: one loss per player but the safe one
        "witch_attack": 1,  # NA-4.7.4: the drawer's pair; the Witch moves in by herself
        "treachery": 1,  # NA-4.7.5 / R22
        "terror": 0,  # NA-4.7.6
        "reinforcements_1": 1,  # NA-4.7.7 / R25: one placement per token
        "reinforcements_2": 2,
        "reinforcements_3": 3,
        "surprise_attack": 1,  # NA-4.7.8 / R24: remove or decline
        "aslans_strength": ASLAN_ASKS,  # NA-4.7.9: the questions of the round (module docstring)
        "invincible_strength": 0,  # NA-4.7.10
    }[card_type]


def passes(rounds: int) -> int:
    """The passes through the deck that ``rounds`` rounds draw from (NA-4.8.4, R27)."""
    return math.ceil(rounds / ROUND_CARDS)


def per_round(players: int) -> int:
    """What every round can ask whatever its card."""
    return (
        1  # NA-4.1.3: the draw of the round card
        + players * TURN_ACTIONS  # NA-4.1.6-4.1.7: p turns, each an action and a follow-up
        + 1  # NA-4.6.5: the victim's choice of the Witch's pair
    )


def per_pass(players: int) -> int:
    """What one pass through the deck can add: its courage cards and its round cards' effects."""
    courage = COURAGE * (1 + COURAGE_ACTIONS)  # NA-4.7.11: a draw and an extra turn each
    effects = sum(
        card.count * effect_actions(card.id, players) for card in CARD_TYPES.values() if card.has_sequence
    )
    return courage + effects


def action_bound(players: int, cap: int) -> int:
    """The most ``play`` calls a game of ``players`` with round cap ``cap`` can take."""
    return (
        SETUP_ACTIONS  # NA-3.4 / NA-3.5: 22 placements
        + cap * per_round(players)  # NA-4.8.9: at most cap rounds, 2p + 2 each
        + passes(cap) * per_pass(players)  # NA-3.7 / NA-4.8.4: courage and card effects per pass
    )


def round_worst(players: int) -> int:
    """One round's worst case taken alone (module docstring), the check of every round."""
    return (
        1
        + COURAGE_PER_ROUND  # NA-4.1.3-4.1.4: the round card's draw and up to 4 courage draws
        + COURAGE_PER_ROUND * COURAGE_ACTIONS  # NA-4.7.11: their extra turns
        + max(effect_actions(kind, players) for kind, card in CARD_TYPES.items() if card.has_sequence)  # 66
        + players * TURN_ACTIONS  # NA-4.1.7: the sequence's turns
        + 1  # NA-4.6.5: the Witch's pair
    )


# -- counting every action by its term -----------------------------------------------------


@dataclass
class RoundLog:
    """What one round drew and asked."""

    card: str | None = None  # the round card
    courage: int = 0  # courage cards drawn
    asked: Counter[str] = field(default_factory=Counter)


def term(state: NarniaState) -> str:
    """The term of the bound an action in this state belongs to."""
    phase = state.phase
    if phase in ("place_witch", "deploy"):
        return "setup"
    if phase in ("draw", "aslan", "witch_pair"):
        return phase
    if phase == "courage" or state.stage == "courage":
        return "courage"  # the extra turn and its follow-up
    if phase == "turn" or state.stage == "sequence":
        return "turn"  # a sequence turn and its follow-up
    return "card"  # stage "card": the round card's effect


class CountingNarnia(NarniaGame):
    """The Narnia game, counting its actions by round and term: the same rules (every call
    goes to ``NarniaGame``), so each term of the bound can be checked on its own."""

    def __init__(self) -> None:
        self.rounds: dict[int, RoundLog] = {0: RoundLog()}
        self.reshuffles: list[int] = []

    def play(self, state: NarniaState, seat: int, action: NarniaAction) -> tuple[NarniaState, list[Event]]:
        assert self.decision(state) is not None, "an action after the end"
        if state.phase == "draw":
            # The premise of the pass argument: at a draw no card is in play (R26, R27).
            assert state.round_card is None and len(state.deck) + len(state.discard) == DECK
        self.rounds[state.round].asked[term(state)] += 1
        after, events = super().play(state, seat, action)
        current = state.round
        for event in events:
            if event.key == "narnia.event.round_started":
                current = event.params["round"]
                self.rounds[current] = RoundLog()
            elif event.key == "narnia.event.deck_reshuffled":
                self.reshuffles.append(event.params["count"])
            elif event.key == "narnia.event.card_drawn":
                log = self.rounds[current]
                if SEQUENCE[event.params["card"]]:
                    assert log.card is None, "NA-4.1.4: one round card a round"
                    log.card = event.params["card"]
                else:
                    log.courage += 1
        return after, events


def check_terms(game: CountingNarnia, players: int, rounds: int) -> None:
    """Each term of ``action_bound``, round by round and pass by pass."""
    assert game.rounds[0].asked == Counter(setup=SETUP_ACTIONS), "NA-3.4 / NA-3.5: 22 placements"
    assert set(game.rounds) == set(range(rounds + 1))
    assert all(count == DECK for count in game.reshuffles), "NA-4.8.4 / R27: every pass is 26 cards"
    for number in range(1, rounds + 1):
        log = game.rounds[number]
        asked = log.asked
        kind = CARD_TYPE[log.card] if log.card is not None else None
        where = f"round {number} ({log.card}): {dict(asked)}"
        assert log.courage <= COURAGE_PER_ROUND, where
        assert asked["draw"] == log.courage + (log.card is not None), where  # D5: every draw asks
        assert asked["courage"] <= COURAGE_ACTIONS * log.courage, where
        assert asked["turn"] <= TURN_ACTIONS * players, where
        assert asked["witch_pair"] <= 1, where
        effect = 0 if kind in (None, "aslans_strength") else effect_actions(kind, players)
        assert asked["card"] <= effect, where
        assert asked["aslan"] <= (ASLAN_ASKS if kind == "aslans_strength" else 0), where
        assert sum(asked.values()) <= round_worst(players), where
    # The pass argument: round r's card is from pass ceil(r / 24), each card once a pass.
    cards = [game.rounds[number].card for number in range(1, rounds + 1)]
    assert None not in cards[:-1], "only the last round may end before its card (NA-5.1)"
    drawn = [card for card in cards if card is not None]
    for start in range(0, len(drawn), ROUND_CARDS):
        block = drawn[start : start + ROUND_CARDS]
        assert len(set(block)) == len(block), "a sequence card twice in one pass"
    courage = sum(game.rounds[number].courage for number in range(1, rounds + 1))
    assert courage <= COURAGE * passes(rounds), "NA-4.7.11: 2 courage cards a pass"
    total = sum(sum(log.asked.values()) for log in game.rounds.values())
    assert total <= action_bound(players, rounds), "the bound holds for the rounds actually played"


# -- choosers and one checked game ---------------------------------------------------------


def random_action(state: NarniaState, seat: int, chooser: random.Random) -> NarniaAction:
    """A random legal action, its kind drawn first (as in ``test_properties``), so that
    attacks are as likely as any one of the hundreds of strategic moves."""
    legal = GAME.legal_actions(state, seat)
    assert legal, (state.phase, seat)
    kind = chooser.choice(sorted({action.kind for action in legal}))
    return chooser.choice([action for action in legal if action.kind == kind])


def slow_action(state: NarniaState, seat: int, chooser: random.Random) -> NarniaAction:
    """A seat that asks the most it can: every turn a reinforce (two actions, and big stacks
    for Aslan's questions), every Aslan question kept (so it is asked again, D16)."""
    legal = GAME.legal_actions(state, seat)
    assert legal, (state.phase, seat)
    for preferred in (Keep(), Reinforce()):
        if preferred in legal:
            return preferred
    return random_action(state, seat, chooser)


def play_and_check(
    players: int,
    seed: int,
    policies: list[Policy],
    *,
    leaves: dict[int, int] | None = None,
    choices: int = 0,
    cap: int = DEFAULT_ROUND_CAP,
    chooser: RandomAction = random_action,
    game: CountingNarnia | None = None,
) -> MixedGame:
    bound = action_bound(players, cap)
    game = game or CountingNarnia()
    options = {} if cap == DEFAULT_ROUND_CAP else {"round_cap": cap}
    result = play_mixed(
        game, players, seed, policies, chooser, bound, leaves=leaves, choices=choices, options=options
    )
    state = result.state
    assert isinstance(state, NarniaState)
    assert state.round_cap == cap
    assert GAME.decision(state) is None and state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game ended (NA-4.8.9, NA-5.1, NA-4.8.8)"
    assert sorted(s.seat for s in outcome.standings) == list(range(players)), "every seat is ranked"
    assert 1 <= state.round <= cap, "NA-4.8.9: over by the end of the cap's round"
    if outcome.reason == "round_cap":
        assert state.round == cap and state.owned(None)
    elif outcome.reason == "witch_defeated":
        assert not state.owned(None)  # NA-5.1
    else:
        assert outcome.reason == "all_eliminated" and all(state.eliminated)  # NA-4.8.8
    assert result.actions <= bound
    assert sum(result.by_seat) == result.actions
    assert sum(sum(log.asked.values()) for log in game.rounds.values()) == result.actions
    check_terms(game, players, state.round)
    return result


# -- the tests -----------------------------------------------------------------------------


def test_bound_values() -> None:
    """The numbers the docstring and docs/decisions.md give, and the data they rest on."""
    assert (SETUP_ACTIONS, DECK, ROUND_CARDS, COURAGE, ASLAN_ASKS) == (22, 26, 24, 2, 66)
    assert {p: per_pass(p) for p in PLAYERS} == {p: 6 + 151 + p for p in PLAYERS}
    assert {p: action_bound(p, DEFAULT_ROUND_CAP) for p in PLAYERS} == {2: 1417, 3: 1622, 4: 1827}
    assert {p: SETUP_ACTIONS + DEFAULT_ROUND_CAP * round_worst(p) for p in PLAYERS} == {
        2: 8422,
        3: 8622,
        4: 8822,
    }
    assert action_bound(4, 1) == 22 + 10 + 161 and action_bound(2, 1000) == 22 + 6000 + 42 * 159


MIXED_TABLES = {
    "seed": st.integers(0, 2**32),
    "plan": st.integers(0, 2**32),
    "choices": st.integers(0, 2**32),
}


def mixed_table(players: int, seed: int, plan: int, choices: int) -> None:
    policies, leaves = seats_plan(players, random.Random(plan), horizon=LEAVE_HORIZON)
    play_and_check(players, seed, policies, leaves=leaves, choices=choices)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=8, deadline=None, derandomize=True)
@given(**MIXED_TABLES)
def test_mixed_seats_end_within_bound(players: int, seed: int, plan: int, choices: int) -> None:
    """AI, random and default seats, some leaving mid-game to the AI, at the default cap.
    8 tables a count, beside the uniform, small-cap and slow tables below; the 20-table
    soak is ``pytest -m slow``."""
    mixed_table(players, seed, plan, choices)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=20, deadline=None, derandomize=True)
@given(**MIXED_TABLES)
def test_mixed_seats_end_within_bound_soak(players: int, seed: int, plan: int, choices: int) -> None:
    """The mixed tables' soak: 20 for each player count."""
    mixed_table(players, seed, plan, choices)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32),
    plan=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    cap=st.integers(1, 10),
)
def test_small_caps_end_by_their_round(players: int, seed: int, plan: int, choices: int, cap: int) -> None:
    """A host's small cap (NA-4.8.9): the game is over by the end of round ``cap``."""
    policies, leaves = seats_plan(players, random.Random(plan), horizon=20 * cap)
    play_and_check(players, seed, policies, leaves=leaves, choices=choices, cap=cap)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players", PLAYERS)
def test_uniform_tables_end_within_bound(players: int, policy: Policy) -> None:
    """Every seat the same: all defaults (nobody ever answers: every Aslan question kept,
    D16), all random, and all AI (the table everyone left)."""
    longest = 0
    for seed in range(4):
        result = play_and_check(players, seed, [policy] * players, choices=seed)
        longest = max(longest, result.actions)
    assert longest <= action_bound(players, DEFAULT_ROUND_CAP)


@pytest.mark.parametrize("players", PLAYERS)
def test_slow_seats_end_within_bound(players: int) -> None:
    """Seats that ask the most they can (reinforce every turn, keep every Aslan question)."""
    for seed in range(2):
        play_and_check(players, seed, ["random"] * players, choices=seed, chooser=slow_action)


def test_a_holder_keeping_every_lost_throw_is_asked_once_per_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """The aslan term's derivation, played: each kept lost throw costs the holder a token
    (attacking, NA-4.4.8) or his flag (defending, NA-4.4.7), and asks again (D16): five
    tokens lost in his attack and his flag in the Witch's end-of-round attack are six
    questions in one round, all counted under ``aslan``."""
    board = {
        "chippingford": (RED, "1P 1P 1P 1P 1P"),
        "dwarf_mines": (WITCH, "3W"),
        "cair_paravel": (BLUE, "1P"),
    }
    state = make_state(2, board, card="turn_to_stone_2", actor=RED, turn_index=1)
    state.effects.aslan = RED
    # His five 1s lose to her three 6s; her one pair (the only 3 next to him) is played by
    # the engine: her reinforcement, then her 3 against his flag's 1 (NA-4.6.5-4.6.7).
    Rig(monkeypatch).roll(*([1], [6, 6, 6]) * 5, [6, 6, 6], [1]).draw("1W")
    game = CountingNarnia()
    game.rounds[state.round] = RoundLog()
    state, _ = game.play(state, RED, Attack(source="chippingford", target="dwarf_mines"))
    while state.phase == "aslan":
        state, _ = game.play(state, RED, Keep())
    assert [battle.result for battle in state.battles] == ["repelled", "conquered"]
    assert state.territories["chippingford"].owner is None  # NA-4.5.2: the flag fell
    assert game.rounds[1].asked["aslan"] == 6 <= ASLAN_ASKS
