"""The live battle messages: each battle told in public, throw by throw, then
its result."""

from __future__ import annotations

from pydantic import BaseModel

from bot.model import TableInfo
from bot.render import seat_name
from cogs.narnia.words import as_view, form, stack_words, territory, ui, values, who
from games.narnia.face import Battle, NarniaView, Throw

PAIR_MARKS = {True: "✅", False: "❌", None: "🟰"}  # a pair won by the player / by the Witch / tied


def live_message(table: TableInfo, view: BaseModel, key: str, language: str) -> str | None:
    v = as_view(view)
    battle = next((b for b in v.battles if f"battle-{b.id}" == key), None)
    return None if battle is None else battle_text(table, v, battle, language)


def battle_text(table: TableInfo, v: NarniaView, battle: Battle, language: str) -> str:
    head = ui(
        f"battle_{battle.cause}",
        language,
        attacker=who(table, battle.attacker, language),
        defender=who(table, battle.defender, language),
        source=territory(battle.source, language),
        target=territory(battle.target, language),
        target_the=form(battle.target, "the", language),
        target_in=form(battle.target, "in", language),
        source_from=form(battle.source, "from", language),
    )
    player = battle.attacker if battle.attacker is not None else battle.defender
    rule = "-# " + ui("battle_rule", language, player=who(table, player, language))
    throws = [throw_text(table, battle, n, throw, language) for n, throw in enumerate(battle.throws, 1)]
    if len(throws) > 10:  # keep the message well under Discord's 2,000 characters
        throws = [*throws[:2], "…", *throws[-7:]]
    tail = []
    if battle.paused is not None:
        p = battle.paused
        tail.append(
            ui(
                "aslan_wait",
                language,
                attacker_dice=values(p.attacker_dice),
                defender_dice=values(p.defender_dice),
                seat=who(table, v.effects.aslan, language),
            )
        )
    if battle.result == "conquered":
        tail.append(
            ui(
                "conquered" if battle.attacker is not None else "witch_conquered",
                language,
                attacker=who(table, battle.attacker, language),
                defender=who(table, battle.defender, language),
                target_the=form(battle.target, "the", language),
            )
        )
        # Tokens moved in, once the conqueror has chosen (the Witch always moves one in).
        choosing = v.phase == "invade" and v.battle is not None and v.battle.id == battle.id
        if battle.invasion:
            tail.append(ui("invaded", language, count=len(battle.invasion), tokens=values(battle.invasion)))
        elif battle.attacker is not None and not choosing:
            tail.append(ui("invaded_none", language))
    elif battle.result == "repelled":
        tail.append(
            ui(
                "repelled",
                language,
                defender=who(table, battle.defender, language),
                target_in=form(battle.target, "in", language),
            )
        )
    return "\n".join([head, rule, *throws, *tail])


def throw_text(table: TableInfo, battle: Battle, number: int, throw: Throw, language: str) -> str:
    def side(seat: int | None) -> str:
        return ui("witch_short", language) if seat is None else seat_name(table, seat)

    # ✅ / ❌ from the player's side: a pair the Witch wins is ❌ whether she attacks or defends.
    player_attacks = battle.attacker is not None
    marks = []
    for a, d, pair in zip(throw.attacker_dice, throw.defender_dice, throw.pairs, strict=False):
        sign = ">" if pair == "attacker" else "<" if pair == "defender" else "="
        won = None if pair == "tie" else (pair == "attacker") == player_attacks
        marks.append(f"{a}{sign}{d} {PAIR_MARKS[won]}")
    won_pairs = sum(r == "attacker" for r in throw.pairs)
    lost_pairs = sum(r == "defender" for r in throw.pairs)
    winner = side(battle.attacker if throw.winner == "attacker" else battle.defender)
    # The winner's pairs first: "wins 2–0", whoever attacked.
    high, low = (won_pairs, lost_pairs) if throw.winner == "attacker" else (lost_pairs, won_pairs)
    score = f"{high}–{low}"
    tied = throw.winner == "defender" and won_pairs == lost_pairs
    result = ui("throw_tie" if tied else "throw_win", language, winner=winner, score=score)
    line = ui(
        "throw",
        language,
        number=number,
        attacker=side(battle.attacker),
        defender=side(battle.defender),
        attacker_dice=values(throw.attacker_dice),
        defender_dice=values(throw.defender_dice) + (f" {ui('flag_die', language)}" if throw.flag else ""),
        pairs=", ".join(marks) or "-",
        result=result,
        attacker_stack=stack_words(throw.attacker_stack, language),
        defender_stack=stack_words(throw.defender_stack, language),
    )
    if throw.rerolled is not None and throw.original_dice is not None:
        line += " " + ui("rerolled", language, dice=values(throw.original_dice))
    return line
