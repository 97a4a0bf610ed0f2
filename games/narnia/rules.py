"""Checking and applying actions, listing the legal ones, and playing forced moves.

Every check runs before the first change, so a refused action leaves even the private working
copy untouched. Each refusal names the spec rule it enforces. After every action, decisions
with a single legal answer (a pass when nothing else is possible, R7; the last free start
territory; a lone Witch pair...) are played at once, so nobody waits for a non-choice.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from games.core import Event, RuleError
from games.core.events import public
from games.narnia import battle, flow, setup, tokens
from games.narnia.actions import (
    Attack,
    Deploy,
    Draw,
    Invade,
    Keep,
    KeepQuiet,
    Move,
    NarniaAction,
    Pass,
    PlaceReinforcement,
    PlaceWitch,
    Reinforce,
    Reroll,
    SpellLoss,
    Stone,
    Surprise,
    Treachery,
    WitchPairChoice,
)
from games.narnia.cards import highest_value
from games.narnia.data import NEIGHBOURS, TERRITORIES
from games.narnia.state import NarniaState, WitchPair
from games.narnia.witch import candidates, round_pairs

# The rule each decision enforces (cited when someone acts out of turn or sends a wrong action).
DECISION_RULE: dict[str, str] = {
    "place_witch": "NA-3.4",
    "deploy": "NA-3.5",
    "draw": "NA-4.1.3",
    "courage": "NA-4.7.11",
    "turn": "NA-4.1.7",
    "place_reinforcement": "NA-4.2.2",
    "stone": "NA-4.7.1",
    "spell_loss": "NA-4.7.3",
    "treachery": "NA-4.7.5",
    "surprise": "NA-4.7.8",
    "witch_attack": "NA-4.7.4",
    "witch_pair": "NA-4.6.5",
    "invade": "NA-4.5.1",
    "aslan": "NA-4.4.6",
}
ALLOWED: dict[str, frozenset[str]] = {
    "place_witch": frozenset({"place_witch"}),
    "deploy": frozenset({"deploy"}),
    "draw": frozenset({"draw"}),
    "courage": frozenset({"reinforce", "move", "attack", "pass"}),
    "turn": frozenset({"reinforce", "move", "attack", "pass"}),
    "place_reinforcement": frozenset({"place_reinforcement"}),
    "stone": frozenset({"stone"}),
    "spell_loss": frozenset({"spell_loss"}),
    "treachery": frozenset({"treachery"}),
    "surprise": frozenset({"surprise", "pass"}),
    "witch_attack": frozenset({"witch_pair"}),
    "witch_pair": frozenset({"witch_pair"}),
    "invade": frozenset({"invade"}),
    "aslan": frozenset({"reroll", "keep", "keep_quiet"}),
}
# Decisions played at once when they have exactly one legal answer.
FORCED = frozenset(
    {
        "place_witch",
        "deploy",
        "courage",
        "turn",
        "place_reinforcement",
        "stone",
        "spell_loss",
        "treachery",
        "witch_attack",
        "witch_pair",
    }
)


def actor(state: NarniaState) -> int | None:
    if state.phase == "over":
        return None
    if state.phase == "spell_loss":
        return state.spell_losers[0]
    return state.actor


# -- checks ------------------------------------------------------------------------


def _territory(tid: str, rule: str) -> None:
    if tid not in TERRITORIES:
        raise RuleError("narnia.error.unknown_territory", rule, territory_id=tid)


def _own(state: NarniaState, seat: int, tid: str, rule: str) -> None:
    _territory(tid, rule)
    placed = state.territories.get(tid)
    if placed is None or placed.owner != seat:
        raise RuleError("narnia.error.not_your_territory", rule, territory=tid)


def _witch_owned(state: NarniaState, tid: str, rule: str) -> None:
    _territory(tid, rule)
    placed = state.territories.get(tid)
    if placed is None or placed.owner is not None:
        raise RuleError("narnia.error.not_witch_territory", rule, territory=tid)


def _adjacent(source: str, target: str, rule: str) -> None:
    if target not in NEIGHBOURS[source]:
        raise RuleError("narnia.error.not_adjacent", rule, source_territory=source, target_territory=target)


def _holds(state: NarniaState, tid: str, wanted: list[int], rule: str) -> None:
    have = Counter(tokens.values(state.territories[tid].stack))
    if any(v not in (1, 2, 3) for v in wanted) or any(have[v] < n for v, n in Counter(wanted).items()):
        raise RuleError(
            "narnia.error.tokens_not_there",
            rule,
            territory=tid,
            tokens=tokens.joined(sorted(wanted, reverse=True)),
        )


def check_move(state: NarniaState, seat: int, action: Move) -> None:
    """NA-4.2.3 / R36: adjacent, both his own, at least one token, tokens the source holds."""
    _own(state, seat, action.source, "NA-4.2.3")
    _own(state, seat, action.target, "NA-4.2.3")
    _adjacent(action.source, action.target, "NA-4.2.3")
    if not action.tokens:
        raise RuleError("narnia.error.no_tokens_chosen", "NA-4.2.3")
    _holds(state, action.source, action.tokens, "NA-4.2.3")


def check_attack(state: NarniaState, seat: int, action: Attack) -> None:
    """NA-4.2.4: from his own territory holding a token, into an adjacent Witch territory."""
    _own(state, seat, action.source, "NA-4.2.4")
    _witch_owned(state, action.target, "NA-4.2.4")
    _adjacent(action.source, action.target, "NA-4.2.4")
    if not state.territories[action.source].stack:
        raise RuleError("narnia.error.flag_cannot_attack", "NA-4.2.4", territory=action.source)


def check_pair(state: NarniaState, seat: int, action: WitchPairChoice) -> WitchPair:
    card = state.phase == "witch_attack"
    rule = "NA-4.7.4" if card else "NA-4.6.2"
    _territory(action.source, rule)
    _territory(action.target, rule)
    pair = WitchPair(source=action.source, target=action.target)
    if pair not in candidates(state, seat):
        raise RuleError(
            "narnia.error.not_witch_pair",
            rule,
            source_territory=action.source,
            target_territory=action.target,
        )
    if pair in state.witch_pairs:
        return pair
    if card:
        if not state.territories[pair.source].stack:
            raise RuleError("narnia.error.witch_source_empty", "NA-4.7.4", territory=pair.source)
        raise RuleError("narnia.error.witch_not_highest", "NA-4.7.4", territory=pair.source)
    pairs, _ = round_pairs(state, seat)
    if pair not in pairs:
        raise RuleError("narnia.error.witch_source_empty", "NA-4.6.3", territory=pair.source)
    raise RuleError("narnia.error.witch_needs_three", "NA-4.6.4", territory=pair.source)


def check_removal(state: NarniaState, seat: int, tid: str, rule: str) -> None:
    """turn_to_stone / evil_spell: a top token of the required (highest) value of his own."""
    _own(state, seat, tid, rule)
    stack = state.territories[tid].stack
    if not stack or stack[0].value != state.required_value:
        raise RuleError("narnia.error.not_highest_value", rule, territory=tid, value=state.required_value)


# -- applying ---------------------------------------------------------------------


def apply(state: NarniaState, seat: int, action: NarniaAction) -> list[Event]:
    events: list[Event] = []
    handle(state, seat, action, events)
    autoplay(state, events)
    return events


def handle(state: NarniaState, seat: int, action: NarniaAction, events: list[Event]) -> None:
    phase = state.phase
    if phase == "over":
        raise RuleError("error.game_over")
    if action.kind not in ALLOWED[phase]:
        if isinstance(action, Reroll | Keep | KeepQuiet):
            raise RuleError("narnia.error.no_aslan", "NA-4.7.9")
        raise RuleError("narnia.error.wrong_action", DECISION_RULE[phase], action=action.kind)
    done = False
    if isinstance(action, Draw):
        done = flow.draw_card(state, events)
    elif isinstance(action, PlaceWitch | Deploy):
        _territory(action.territory, DECISION_RULE[phase])
        if action.territory not in setup.free_starts(state):
            raise RuleError("narnia.error.not_free_start", DECISION_RULE[phase], territory=action.territory)
        setup.place(state, seat, action.territory, events)
    elif isinstance(action, Reinforce | Move | Attack) or (isinstance(action, Pass) and phase != "surprise"):
        done = take_turn(state, seat, action, events)
    elif isinstance(action, PlaceReinforcement):
        _own(state, seat, action.territory, "NA-4.2.2")
        token = state.drawn.pop(0)
        tokens.insert(state.territories[action.territory].stack, token)
        events.append(
            public(
                "narnia.event.reinforcement_placed", seat=seat, territory=action.territory, value=token.value
            )
        )
        done = not state.drawn
    elif isinstance(action, Stone | SpellLoss):
        rule = DECISION_RULE[phase]
        check_removal(state, seat, action.territory, rule)
        token = state.territories[action.territory].stack.pop(0)
        tokens.give_back(state, token)
        key = "narnia.event.turned_to_stone" if phase == "stone" else "narnia.event.spell_loss"
        events.append(public(key, seat=seat, territory=action.territory, value=token.value))
        done = phase == "stone" or next_spell_loser(state)
    elif isinstance(action, Treachery):
        _own(state, seat, action.source, "NA-4.7.5")
        _witch_owned(state, action.target, "NA-4.7.5")
        if not state.territories[action.source].stack:
            raise RuleError("narnia.error.no_token_there", "NA-4.7.5", territory=action.source)
        token = state.territories[action.source].stack.pop(0)  # R22: a top token
        tokens.insert(state.territories[action.target].stack, token)
        events.append(
            public(
                "narnia.event.betrayed",
                seat=seat,
                source_territory=action.source,
                target_territory=action.target,
                value=token.value,
            )
        )
        done = True
    elif isinstance(action, Surprise):
        _witch_owned(state, action.territory, "NA-4.7.8")
        stack = state.territories[action.territory].stack
        if not 0 <= action.index < len(stack):
            raise RuleError("narnia.error.no_token_there", "NA-4.7.8", territory=action.territory)
        token = stack.pop(action.index)  # R24: any depth, never the flag
        tokens.give_back(state, token)
        events.append(
            public("narnia.event.surprise", seat=seat, territory=action.territory, value=token.value)
        )
        done = True
    elif isinstance(action, Pass):  # declining surprise_attack (R24)
        events.append(public("narnia.event.surprise_declined", seat=seat))
        done = True
    elif isinstance(action, WitchPairChoice):
        done = witch_attack(state, seat, check_pair(state, seat, action), events)
    elif isinstance(action, Invade):
        source = battle.current(state).source
        _holds(state, source, action.tokens, "NA-4.5.1")
        battle.invade(state, action.tokens, events)
        done = True
    elif isinstance(action, KeepQuiet) and state.aslan_once:
        # R-A1's games (withdrawn ruling): a keep already holds for the battle there.
        raise RuleError("narnia.error.wrong_action", DECISION_RULE[phase], action=action.kind)
    elif isinstance(action, Reroll | Keep | KeepQuiet):
        done = battle.answer_aslan(state, action.kind, events)
    if done:
        flow.resume(state, events)


def take_turn(
    state: NarniaState, seat: int, action: Reinforce | Move | Attack | Pass, events: list[Event]
) -> bool:
    """One action of a turn (NA-4.2.1), in a sequence turn or a courage extra turn."""
    if isinstance(action, Reinforce) and not tokens.bag_size(state, "peter"):
        raise RuleError("narnia.error.peter_bag_empty", "NA-4.8.2")
    if isinstance(action, Move):
        check_move(state, seat, action)
    if isinstance(action, Attack):
        check_attack(state, seat, action)
    if state.phase == "turn":
        state.last_actor = seat  # NA-4.1.9 / R7: acting or passing takes the turn; courage does not (R26)
    if isinstance(action, Reinforce):
        token = tokens.draw(state, "peter")
        state.drawn = [token]
        state.phase = "place_reinforcement"
        events.append(tokens.announce_draw(seat, token))
        return False
    if isinstance(action, Move):
        source, target = state.territories[action.source], state.territories[action.target]
        moved = tokens.take_values(source, action.tokens)
        assert moved is not None
        for token in moved:
            tokens.insert(target.stack, token)
        tokens.resort(source.stack)
        events.append(
            public(
                "narnia.event.moved",
                seat=seat,
                source_territory=action.source,
                target_territory=action.target,
                tokens=tokens.joined(sorted(action.tokens, reverse=True)),
                count=len(action.tokens),
            )
        )
        return True
    if isinstance(action, Attack):
        return battle.start(state, seat, action.source, action.target, "attack", events)
    events.append(public("narnia.event.passed", seat=seat))
    return True


def witch_attack(state: NarniaState, seat: int, pair: WitchPair, events: list[Event]) -> bool:
    card = state.phase == "witch_attack"
    state.witch_pairs = []
    events.append(
        public(
            "narnia.event.witch_pair_chosen",
            seat=seat,
            source_territory=pair.source,
            target_territory=pair.target,
        )
    )
    if not card and tokens.bag_size(state, "witch"):
        # NA-4.6.6: after the choice, a Witch token joins the source (not for the card, R15).
        token = tokens.draw(state, "witch")
        tokens.insert(state.territories[pair.source].stack, token)
        events.append(
            public("narnia.event.witch_reinforced", seat=seat, territory=pair.source, value=token.value)
        )
    return battle.start(
        state, None, pair.source, pair.target, "witch_card" if card else "witch_round", events
    )


def next_spell_loser(state: NarniaState) -> bool:
    """Pass evil_spell to the next loser (R21); True when everyone has paid."""
    state.spell_losers = state.spell_losers[1:]
    if not state.spell_losers:
        state.required_value = None
        return True
    state.actor = state.spell_losers[0]
    state.required_value = highest_value(state, state.spell_losers[0])
    return False


# -- legal actions ------------------------------------------------------------------


def sub_multisets(stack_values: list[int]) -> list[list[int]]:
    """Every distinct multiset of the values, empty included, largest values first."""
    counts = Counter(stack_values)
    ranges = [range(counts[v] + 1) for v in (3, 2, 1)]
    return [[3] * a + [2] * b + [1] * c for a, b, c in product(*ranges)]


def turn_actions(state: NarniaState, seat: int) -> list[NarniaAction]:
    out: list[NarniaAction] = []
    if tokens.bag_size(state, "peter"):
        out.append(Reinforce())
    mine = state.owned(seat)
    for source in mine:
        stack = state.territories[source].stack
        if not stack:
            continue
        for target in sorted(NEIGHBOURS[source]):
            placed = state.territories.get(target)
            if placed is None:
                continue
            if placed.owner is None:
                out.append(Attack(source=source, target=target))
            elif placed.owner == seat:
                for chosen in sub_multisets(tokens.values(stack)):
                    if chosen:
                        out.append(Move(source=source, target=target, tokens=chosen))
    out.append(Pass())
    return out


def only_pass(state: NarniaState, seat: int) -> bool:
    """R7: nothing but a pass is legal (cheap check, no listing)."""
    if tokens.bag_size(state, "peter"):
        return False
    for source in state.owned(seat):
        if state.territories[source].stack and any(
            other in state.territories and state.territories[other].owner in (None, seat)
            for other in NEIGHBOURS[source]
        ):
            return False
    return True


def removal_territories(state: NarniaState, seat: int) -> list[str]:
    return [
        tid
        for tid in state.owned(seat)
        if state.territories[tid].stack and state.territories[tid].stack[0].value == state.required_value
    ]


def legal_actions(state: NarniaState, seat: int) -> list[NarniaAction]:
    if actor(state) != seat:
        return []
    phase = state.phase
    if phase == "draw":
        return [Draw()]
    if phase == "place_witch":
        return [PlaceWitch(territory=t) for t in setup.free_starts(state)]
    if phase == "deploy":
        return [Deploy(territory=t) for t in setup.free_starts(state)]
    if phase in ("turn", "courage"):
        return turn_actions(state, seat)
    if phase == "place_reinforcement":
        return [PlaceReinforcement(territory=t) for t in state.owned(seat)]
    if phase == "stone":
        return [Stone(territory=t) for t in removal_territories(state, seat)]
    if phase == "spell_loss":
        return [SpellLoss(territory=t) for t in removal_territories(state, seat)]
    if phase == "treachery":
        witch = state.owned(None)
        return [
            Treachery(source=s, target=t)
            for s in state.owned(seat)
            if state.territories[s].stack
            for t in witch
        ]
    if phase == "surprise":
        out: list[NarniaAction] = []
        for tid in state.owned(None):
            seen = set()
            for index, token in enumerate(state.territories[tid].stack):
                if token not in seen:  # equal tokens are interchangeable: list each kind once
                    seen.add(token)
                    out.append(Surprise(territory=tid, index=index))
        out.append(Pass())
        return out
    if phase in ("witch_attack", "witch_pair"):
        return [WitchPairChoice(source=p.source, target=p.target) for p in state.witch_pairs]
    if phase == "invade":
        source = state.territories[battle.current(state).source]
        return [Invade(tokens=chosen) for chosen in sub_multisets(tokens.values(source.stack))]
    if phase == "aslan":
        # D16: keep is the default; "keep, don't ask again" spares the holder the rest of
        # this battle's questions (R-A1's games asked once per battle anyway).
        return [Reroll(), Keep()] if state.aslan_once else [Reroll(), Keep(), KeepQuiet()]
    return []


def forced_action(state: NarniaState) -> NarniaAction | None:
    seat = actor(state)
    if seat is None or state.phase not in FORCED:
        return None
    if state.phase in ("turn", "courage"):
        return Pass() if only_pass(state, seat) else None
    options = legal_actions(state, seat)
    return options[0] if len(options) == 1 else None


def autoplay(state: NarniaState, events: list[Event]) -> None:
    while (action := forced_action(state)) is not None:
        seat = actor(state)
        assert seat is not None
        handle(state, seat, action, events)
