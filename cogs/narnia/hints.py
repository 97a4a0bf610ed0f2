"""The panel's hint: one of the player's own legal actions in words, an imperative line
("Attack the Frozen Lake (1) from Lantern Waste…"), drawn from the seat's own view.

Narnia hides nothing (spec §9), so the line may name any stack on the board; it still only
says what the view shows: stacks as they stand (for a move, what it leaves behind) and the
chances the panel's menus print (``ai.Board``), never a die or token still to be drawn. Words,
names and emoji are the panel's own (``words.py``); the sentences are ``narnia.hint.*`` keys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, assert_never

from bot.i18n import t
from cogs.narnia.controls import invasion_source
from cogs.narnia.words import COLOUR_EMOJI, WITCH_EMOJI, card_name, form, percent, stack_text, stack_words, ui
from cogs.narnia.words import values as joined
from games.narnia.face import (
    ACTION_ADAPTER,
    Attack,
    Board,
    Deploy,
    Draw,
    Invade,
    Keep,
    KeepQuiet,
    Move,
    NarniaAction,
    NarniaView,
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
    peter_neighbours,
)


def hint(key: str, language: str, **params: Any) -> str:
    return t(f"narnia.hint.{key}", language, **params)


def describe_action(
    view: NarniaView, action: dict[str, Any], language: str, names: Sequence[str] = ()
) -> str:
    """``action`` (a legal action of ``view.seat``, as JSON) as one line for that player."""
    parsed: NarniaAction = ACTION_ADAPTER.validate_python(action)
    v, lang = view, language
    match parsed:
        case Draw():
            return hint("draw", lang)
        case PlaceWitch(territory=tid):
            return hint(
                "place_witch", lang, mark=WITCH_EMOJI, value=_drawn(v), territory_on=form(tid, "on", lang)
            )
        case Deploy(territory=tid):
            mark = COLOUR_EMOJI[v.seats[_seat(v)].colour]
            return hint("deploy", lang, mark=mark, value=_drawn(v), territory_on=form(tid, "on", lang))
        case PlaceReinforcement(territory=tid):
            # The first drawn token goes first (NA-4.7.7: a card may have drawn several).
            return hint(
                "place_reinforcement",
                lang,
                value=_drawn(v),
                territory_on=form(tid, "on", lang),
                stack=stack_text(v, tid, lang),
            )
        case Reinforce():
            return hint("reinforce", lang, count=sum(v.peter_bag.values()))
        case Move(source=source, target=target, tokens=moved):
            return _move(v, "move", source, target, moved, lang)
        case Attack(source=source, target=target):
            return _attack(v, source, target, lang)
        case Pass():
            return _pass(v, lang)
        case Invade(tokens=moved):
            return _invade(v, moved, lang)
        case WitchPairChoice(source=source, target=target):
            return _witch_pair(v, source, target, lang)
        case Stone(territory=tid):
            return _removal(v, "turn_to_stone", tid, lang)
        case SpellLoss(territory=tid):
            return _removal(v, "evil_spell", tid, lang)
        case Treachery(source=source, target=target):
            return _treachery(v, source, target, lang)
        case Surprise(territory=tid, index=index):
            return _surprise(v, tid, index, lang)
        case Reroll():
            return _aslan(v, "reroll", lang)
        case Keep():
            return _aslan(v, "keep", lang)
        case KeepQuiet():
            return _aslan(v, "keep_quiet", lang)
        case _:  # mypy checks that every kind of the union has its case
            assert_never(parsed)


def _seat(v: NarniaView) -> int:
    assert v.seat is not None, "a hint is for a player's own view"
    return v.seat


def _drawn(v: NarniaView) -> int:
    """The value of the token about to be placed: the first drawn, unplaced one."""
    assert v.drawn, "placing needs a drawn token"
    return v.drawn[0].value


def _values(v: NarniaView, tid: str) -> list[int]:
    return [token.value for token in v.territory(tid).stack]


def _without(stack: Iterable[int], removed: Iterable[int]) -> list[int]:
    """What stays of a stack (top first) once these values leave it: equal tokens are alike."""
    gone = Counter(removed)
    kept = []
    for value in stack:
        if gone[value]:
            gone[value] -= 1
        else:
            kept.append(value)
    return kept


def _move(v: NarniaView, key: str, source: str, target: str, moved: list[int], lang: str) -> str:
    """A strategic move (NA-4.2.3) or the tokens moving in after a conquest (NA-4.5.1)."""
    left = _without(_values(v, source), moved)
    return hint(
        key,
        lang,
        count=len(moved),
        tokens=joined(moved),
        source_from=form(source, "from", lang),
        target_to=form(target, "to", lang),
        left=stack_words(left, lang),
    )


def _attack(v: NarniaView, source: str, target: str, lang: str) -> str:
    # The whole source stack fights (NA-4.2.4); the chance is the one the attack menu shows.
    return hint(
        "attack",
        lang,
        target_the=form(target, "the", lang),
        target_stack=stack_text(v, target, lang),
        source_from=form(source, "from", lang),
        source_stack=stack_text(v, source, lang),
        chance=percent(Board(v).attack_chance(source, target)),
    )


def _pass(v: NarniaView, lang: str) -> str:
    """``pass`` passes a turn (NA-4.2.5) or declines the Surprise Attack (NA-4.7.8, R24)."""
    if v.phase == "surprise":
        return hint("decline", lang, card=card_name("surprise_attack", lang))
    return hint("pass_courage" if v.phase == "courage" else "pass", lang)


def _invade(v: NarniaView, moved: list[int], lang: str) -> str:
    source = invasion_source(v)
    battle = v.battle
    assert battle is not None
    if not moved:  # the conquered territory is held by its flag alone (NA-4.5.1)
        return hint(
            "invade_none",
            lang,
            source_in=form(source, "in", lang),
            source_stack=stack_text(v, source, lang),
            target_the=form(battle.target, "the", lang),
        )
    return _move(v, "invade", source, battle.target, moved, lang)


def _witch_pair(v: NarniaView, source: str, target: str, lang: str) -> str:
    """Where the Witch attacks you. The Attack card draws her no token (NA-4.7.4, R15); at the
    end of the round she draws one first (NA-4.6.6), unless her bag is empty (NA-4.8.3). That
    token is not drawn yet: the chance counts it as a 2, as the panel's menu does."""
    reinforced = v.phase == "witch_pair" and sum(v.witch_bag.values()) > 0
    return hint(
        "witch_reinforced" if reinforced else "witch_attack",
        lang,
        target_the=form(target, "the", lang),
        target_stack=stack_text(v, target, lang),
        source_from=form(source, "from", lang),
        source_stack=stack_text(v, source, lang),
        chance=percent(Board(v).witch_chance(source, target, reinforced)),
    )


def _removal(v: NarniaView, card: str, tid: str, lang: str) -> str:
    """Turn to Stone (NA-4.7.1) and Evil Spell (NA-4.7.3): the top token goes, since only a
    stack topped by the required value (the player's highest) is a legal choice."""
    return hint(
        "removal",
        lang,
        card=card_name(card, lang),
        value=_values(v, tid)[0],
        territory_from=form(tid, "from", lang),
        stack=stack_text(v, tid, lang),
    )


def _treachery(v: NarniaView, source: str, target: str, lang: str) -> str:
    """The top token of ``source`` goes to the Witch territory ``target`` (NA-4.7.5)."""
    return hint(
        "treachery",
        lang,
        card=card_name("treachery", lang),
        value=_values(v, source)[0],
        source_from=form(source, "from", lang),
        source_stack=stack_text(v, source, lang),
        target_in=form(target, "in", lang),
        target_stack=stack_text(v, target, lang),
    )


def _surprise(v: NarniaView, tid: str, index: int, lang: str) -> str:
    """Any token of any Witch stack, at any position (NA-4.7.8); a betrayed Peter token is
    named as such (NA-4.7.5), as the panel's menu does."""
    token = v.territory(tid).stack[index]
    return hint(
        "surprise",
        lang,
        card=card_name("surprise_attack", lang),
        value=token.value,
        origin=ui("origin_peter", lang) if token.origin == "peter" else "",
        territory_from=form(tid, "from", lang),
        stack=stack_text(v, tid, lang),
    )


def _aslan(v: NarniaView, key: str, lang: str) -> str:
    """Re-roll or keep the throw just lost (NA-4.4.6, NA-4.7.9; D16: keeping saves the re-roll)."""
    battle = v.battle
    assert battle is not None and battle.paused is not None, "Aslan's choice needs a paused throw"
    paused = battle.paused
    mine, theirs = paused.attacker_dice, paused.defender_dice
    if paused.holder_side == "defender":
        mine, theirs = theirs, mine
    return hint(key, lang, mine=joined(mine), theirs=joined(theirs))


# -- why: one game-level reason, from the move and the seat's own view -------------------


def hint_reason(view: NarniaView, action: dict[str, Any], language: str) -> str | None:
    """Why the hint's move helps the player toward NA-5 (drive the Witch out, hold the most
    territories): counts and chances the board shows, never a token still to be drawn."""
    parsed: NarniaAction = ACTION_ADAPTER.validate_python(action)
    board, lang = Board(view), language
    match parsed:
        case Attack():  # the line names the chance: the reason is what a conquest does for NA-5
            witch, mine = len(board.witch_territories()), len(board.mine(_seat(view)))
            return hint("why.attack", lang, left=witch - 1, yours=mine + 1)
        case PlaceReinforcement(territory=tid) | Move(target=tid) | Deploy(territory=tid):
            return _front(board, tid, lang)
        case PlaceWitch(territory=tid):
            return hint("why.place_witch", lang, count=peter_neighbours(tid))
        case WitchPairChoice(source=source, target=target):
            reinforced = view.phase == "witch_pair" and sum(view.witch_bag.values()) > 0
            return hint(
                "why.witch_pair", lang, chance=percent(board.witch_chance(source, target, reinforced))
            )
        case Pass():
            return hint("why.pass", lang) if view.phase not in ("surprise", "courage") else None
        case _:
            return None


def _front(board: Board, tid: str, lang: str) -> str:
    """A territory of the player's, by the Witch territories it borders (where she attacks
    and where it can attack)."""
    facing = len(board.witch_neighbours(tid))
    return hint("why.front", lang, count=facing) if facing else hint("why.behind", lang)
