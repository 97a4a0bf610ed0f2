"""Battles (NA-4.4), conquest (NA-4.5), Aslan's re-roll (NA-4.4.6) and the checks after a battle.

A battle runs throw after throw inside one call. It stops early only to offer Aslan's re-roll
to its holder after a throw he loses with the re-roll unused (phase ``aslan``, NA-4.7.9, D16),
unless he answered "keep, don't ask again" earlier in this battle; the answer resumes it.
Functions return True when the battle is over and the round may go on (the caller resumes
the round), False when a decision is now pending (``aslan``, ``invade``) or the game is over.
"""

from __future__ import annotations

from typing import Literal

from games.core import Event
from games.core.events import public
from games.narnia import tokens
from games.narnia.state import Battle, BattleCause, NarniaState, PausedThrow, Side, Territory, Throw

KEEP_BATTLES = 8


def effective_dice(state: NarniaState, territory: Territory) -> int:
    """Dice for the top token (NA-4.4.3): its effective value (NA-4.3.5), or 1 for the flag."""
    if not territory.stack:
        return 1
    if territory.owner is not None and territory.owner == state.effects.invincible:
        return 3  # NA-4.7.10 / R19: every token of the holder counts 3; his flag still rolls 1
    return territory.stack[0].value


def roll(state: NarniaState, dice: int) -> list[int]:
    return sorted((state.rng.randint(1, 6) for _ in range(dice)), reverse=True)


def compare(
    attacker: list[int], defender: list[int]
) -> tuple[list[Literal["attacker", "defender", "tie"]], Side]:
    """NA-4.4.4-4.4.5: pair the sorted dice; the attacker needs strictly more pair wins."""
    pairs: list[Literal["attacker", "defender", "tie"]] = [
        "attacker" if a > d else "defender" if d > a else "tie"
        for a, d in zip(sorted(attacker, reverse=True), sorted(defender, reverse=True), strict=False)
    ]
    winner: Side = "attacker" if pairs.count("attacker") > pairs.count("defender") else "defender"
    return pairs, winner


def current(state: NarniaState) -> Battle:
    return state.battles[-1]


def live(battle: Battle) -> str:
    return f"battle-{battle.id}"


def player_of(battle: Battle) -> int:
    """The human side of a battle (one side is always the Witch, NA-4.4.1)."""
    seat = battle.attacker if battle.attacker is not None else battle.defender
    assert seat is not None
    return seat


def start(
    state: NarniaState,
    attacker: int | None,
    source: str,
    target: str,
    cause: BattleCause,
    events: list[Event],
) -> bool:
    defender = state.territories[target].owner
    state.battle_counter += 1
    battle = Battle(
        id=state.battle_counter,
        attacker=attacker,
        defender=defender,
        source=source,
        target=target,
        cause=cause,
    )
    state.battles = [*state.battles, battle][-KEEP_BATTLES:]
    if cause == "attack" and attacker is not None:
        state.last_attack[attacker] = battle.id  # R33: every attack action counts, won or lost
        if len(state.last_attack_round) < state.players:  # a game saved before rounds were kept
            state.last_attack_round = [None] * state.players
        state.last_attack_round[attacker] = state.round
        state.last_attacker = attacker
        key = "narnia.event.battle_started"
    else:
        key = (
            "narnia.event.witch_battle_started"
            if cause == "witch_round"
            else "narnia.event.witch_card_battle"
        )
    events.append(
        public(
            key,
            live=live(battle),
            seat=player_of(battle),
            source_territory=source,
            target_territory=target,
            attacker_stack=tokens.joined(tokens.values(state.territories[source].stack)),
            defender_stack=tokens.joined(tokens.values(state.territories[target].stack)),
        )
    )
    return fight(state, events)


def fight(state: NarniaState, events: list[Event]) -> bool:
    """Throw until the attacker has no token or the flag is beaten (NA-4.4.9)."""
    battle = current(state)
    while True:
        source, target = state.territories[battle.source], state.territories[battle.target]
        if not source.stack:
            return finish(state, "repelled", events)
        attacker_dice = roll(state, effective_dice(state, source))
        defender_dice = roll(state, effective_dice(state, target))
        flag = not target.stack
        _, winner = compare(attacker_dice, defender_dice)
        holder = state.effects.aslan
        if holder is not None and not state.effects.aslan_used:
            side: Side | None = (
                "attacker" if battle.attacker == holder else "defender" if battle.defender == holder else None
            )
            if side is not None and winner != side and not asked(state, battle, side):
                # NA-4.4.6 / NA-4.7.9 / R18: after each throw he loses, the holder may
                # re-roll his own dice (never the Witch's).
                battle.paused = PausedThrow(
                    attacker_dice=attacker_dice, defender_dice=defender_dice, flag=flag, holder_side=side
                )
                state.phase = "aslan"
                state.actor = holder
                events.append(
                    public(
                        "narnia.event.aslan_offered",
                        live=live(battle),
                        seat=holder,
                        attacker_dice=tokens.joined(attacker_dice),
                        defender_dice=tokens.joined(defender_dice),
                    )
                )
                return False
        ended = resolve(state, attacker_dice, defender_dice, flag, None, None, events)
        if ended is not None:
            return ended


def asked(state: NarniaState, battle: Battle, side: Side) -> bool:
    """Whether the holder has said he wants no more questions in this battle: his
    "keep, don't ask again" (D16, recorded on the battle). In a game started under the
    withdrawn ruling R-A1 a plain keep said so: he was asked at the first throw he lost
    in the battle only (the re-roll stays unused until he takes it, so a throw he lost
    before means he was asked then), and such a game plays on as its log was played.

    A throw he wins is never asked about: re-rolling his own winning dice can only
    lose it, so not asking there is how the question is put, not a rule."""
    if battle.aslan_quiet:
        return True
    return state.aslan_once and any(throw.winner != side for throw in battle.throws)


def answer_aslan(state: NarniaState, answer: str, events: list[Event]) -> bool:
    """The holder's answer to a paused throw (NA-4.7.9): re-roll all his dice once
    (``reroll``), keep (``keep``), or keep and be asked no more in this battle
    (``keep_quiet``)."""
    battle = current(state)
    paused = battle.paused
    assert paused is not None
    battle.paused = None
    holder = state.effects.aslan
    assert holder is not None
    attacker_dice, defender_dice = paused.attacker_dice, paused.defender_dice
    rerolled: Side | None = None
    original: list[int] | None = None
    if answer == "reroll":
        state.effects.aslan_used = True
        rerolled = paused.holder_side
        if rerolled == "attacker":
            original, attacker_dice = attacker_dice, roll(state, len(attacker_dice))
            new = attacker_dice
        else:
            original, defender_dice = defender_dice, roll(state, len(defender_dice))
            new = defender_dice
        events.append(
            public(
                "narnia.event.aslan_rerolled",
                live=live(battle),
                seat=holder,
                old_dice=tokens.joined(original),
                new_dice=tokens.joined(new),
            )
        )
    elif answer == "keep_quiet":
        battle.aslan_quiet = True
        events.append(public("narnia.event.aslan_kept_quiet", live=live(battle), seat=holder))
    else:
        events.append(public("narnia.event.aslan_kept", live=live(battle), seat=holder))
    ended = resolve(state, attacker_dice, defender_dice, paused.flag, rerolled, original, events)
    if ended is not None:
        return ended
    return fight(state, events)


def resolve(
    state: NarniaState,
    attacker_dice: list[int],
    defender_dice: list[int],
    flag: bool,
    rerolled: Side | None,
    original: list[int] | None,
    events: list[Event],
) -> bool | None:
    """Apply one throw (NA-4.4.7-4.4.8); None while the battle goes on."""
    battle = current(state)
    source, target = state.territories[battle.source], state.territories[battle.target]
    pairs, winner = compare(attacker_dice, defender_dice)
    beaten_flag = False
    if winner == "attacker":
        if flag:
            beaten_flag = True  # NA-4.4.7: the flag is beaten, the territory falls
        else:
            tokens.give_back(state, target.stack.pop(0))
            if len(source.stack) >= 2:  # R3: a lone winner stays where it is
                source.stack.append(source.stack.pop(0))
    else:
        tokens.give_back(state, source.stack.pop(0))
        if not flag and len(target.stack) >= 2:  # R3; a winning flag never moves
            target.stack.append(target.stack.pop(0))
    throw = Throw(
        attacker_dice=attacker_dice,
        defender_dice=defender_dice,
        pairs=pairs,
        winner=winner,
        rerolled=rerolled,
        original_dice=original,
        flag=flag,
        attacker_stack=tokens.values(source.stack),
        defender_stack=tokens.values(target.stack),
    )
    battle.throws.append(throw)
    witch_attacks = battle.attacker is None
    won = (winner == "attacker") != witch_attacks  # from the Witch's side when she attacks
    if witch_attacks:
        key = "narnia.event.witch_throw_won" if won else "narnia.event.witch_throw_lost"
    else:
        key = "narnia.event.throw_won" if won else "narnia.event.throw_lost"
    events.append(
        public(
            key,
            live=live(battle),
            seat=player_of(battle),
            number=len(battle.throws),
            attacker_dice=tokens.joined(attacker_dice),
            defender_dice=tokens.joined(defender_dice),
            winner=winner,
            attacker_pairs=pairs.count("attacker"),
            defender_pairs=pairs.count("defender"),
            flag=flag,
            source_territory=battle.source,
            target_territory=battle.target,
            attacker_stack=tokens.joined(throw.attacker_stack),
            defender_stack=tokens.joined(throw.defender_stack),
        )
    )
    if beaten_flag:
        return finish(state, "conquered", events)
    if not source.stack:
        return finish(state, "repelled", events)
    return None


def finish(state: NarniaState, result: Literal["conquered", "repelled"], events: list[Event]) -> bool:
    battle = current(state)
    battle.result = result
    source, target = state.territories[battle.source], state.territories[battle.target]
    params = {"live": live(battle), "seat": player_of(battle), "source_territory": battle.source}
    if result == "repelled":
        tokens.resort(source.stack)  # NA-4.4.10 / R2
        tokens.resort(target.stack)
        key = "narnia.event.repelled" if battle.attacker is not None else "narnia.event.witch_repelled"
        events.append(public(key, territory=battle.target, **params))
        return True
    if battle.attacker is not None:
        # NA-4.5.1: the player's flag replaces the white one; moving tokens in is optional.
        target.owner = battle.attacker
        tokens.resort(source.stack)
        events.append(public("narnia.event.conquered", territory=battle.target, **params))
        if not state.owned(None):
            end_game(state, "witch_defeated", events)  # NA-4.5.3 / NA-5.1 / R31
            return False
        state.phase = "invade"
        state.actor = battle.attacker
        return False
    # NA-4.5.2 / R16: the Witch moves in with exactly the last token used.
    victim = target.owner
    assert victim is not None
    token = source.stack.pop(0)
    target.owner = None
    target.stack = [token]
    tokens.resort(source.stack)
    events.append(
        public("narnia.event.witch_conquered", territory=battle.target, value=token.value, **params)
    )
    if not state.owned(victim):
        state.eliminated[victim] = True  # NA-4.8.6 / R29
        events.append(public("narnia.event.eliminated", seat=victim))
        if all(state.eliminated):
            end_game(state, "all_eliminated", events)  # NA-4.8.8 / R30
            return False
    return True


def invade(state: NarniaState, values: list[int], events: list[Event]) -> None:
    """Move the chosen token values from the attacking territory in (NA-4.5.1, R5); the
    caller has checked that the source holds them."""
    battle = current(state)
    source, target = state.territories[battle.source], state.territories[battle.target]
    moved = tokens.take_values(source, values)
    assert moved is not None
    for token in moved:
        tokens.insert(target.stack, token)
    tokens.resort(source.stack)
    tokens.resort(target.stack)
    battle.invasion = tokens.values(sorted(moved, key=lambda t: -t.value))
    events.append(
        public(
            "narnia.event.invaded",
            live=live(battle),
            seat=player_of(battle),
            source_territory=battle.source,
            target_territory=battle.target,
            tokens=tokens.joined(battle.invasion),
            count=len(moved),
        )
    )


def end_game(
    state: NarniaState, reason: Literal["witch_defeated", "all_eliminated", "round_cap"], events: list[Event]
) -> None:
    state.phase = "over"
    state.end_reason = reason
    state.actor = None
    state.spell_losers = []
    state.witch_pairs = []
    if reason == "witch_defeated":
        events.append(public("narnia.event.witch_defeated", seat=current(state).attacker))
    elif reason == "round_cap":
        events.append(public("narnia.event.round_cap_reached", round=state.round))
    else:
        events.append(public("narnia.event.all_eliminated"))
