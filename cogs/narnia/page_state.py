"""What Narnia's page is sent as ``table.view`` (``Presenter.page_state``): the board as the
page draws it, and, for the seat whose attack it is, each attack with its chance to conquer
as the channel's ⚔️ menu shows it.

Narnia hides nothing (spec §9): every seat's page shows the same board. The chances are
the panel's own (``ai.Board``: ``attacks`` ranked by ``ranked_attacks``, ``witch_chance``
for the Witch's attacks the victim chooses among), read under ``known_only`` as the panel
reads them on the event loop: a chance not worked out yet is sent as null (the page says
"…"), and ``page_work`` names those battles for the work thread, as ``odds_ahead`` does for
the panel, so that the next state has them. The page never works a chance out itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cogs.narnia.odds_ahead import work
from cogs.narnia.words import percent
from games.narnia.face import (
    Battle,
    Board,
    NarniaView,
    Pair,
    Phase,
    RoundEffects,
    SeatView,
    TerritoryView,
    Throw,
    Token,
    known_only,
    ranked_attacks,
)

# The phases in which the seat picks an attack (the ⚔️ menu), and those in which the
# Witch's victim picks where she attacks (her chances, as the panel's pair options).
ATTACKING = ("turn", "courage")
CHOOSING_FOR_THE_WITCH = ("witch_pair", "witch_attack")


class _Page(BaseModel):
    model_config = ConfigDict(frozen=True)


class Chance(_Page):
    """An attack with its chance to conquer, in whole percent as the channel's menus show it."""

    source: str = Field(description="The attacking territory.")
    target: str = Field(description="The territory attacked.")
    chance: int | None = Field(
        description="The chance to conquer in whole percent; null while still worked out."
    )


class Paused(_Page):
    """A throw lost by the Aslan holder, waiting for his answer (NA-4.4.6)."""

    attacker_dice: list[int] = Field(description="Sorted highest first.")
    defender_dice: list[int]
    flag: bool = Field(description="The defender's flag is rolling (no token left).")


class BattleShown(_Page):
    """A battle throw by throw (NA-4.4); ``result`` null while it goes on or waits for Aslan."""

    id: int
    attacker: int | None = Field(description="The attacking seat; null for the Witch.")
    defender: int | None = Field(description="The defending seat; null for the Witch.")
    source: str
    target: str
    cause: Literal["attack", "witch_round", "witch_card"]
    throws: list[Throw]
    result: Literal["conquered", "repelled"] | None
    invasion: list[int] = Field(description="The token values moved in after a player's conquest.")
    paused: Paused | None


class NarniaPage(_Page):
    """Narnia's board as its page draws it."""

    seat: int | None = Field(description="The viewer's seat; null for a spectator.")
    phase: Phase = Field(description="What is being decided.")
    round: int
    round_cap: int | None = Field(description="The last round, where the table set one.")
    round_card: str | None = Field(description="The card drawn for this round.")
    courage_cards: list[str] = Field(description="Courage cards drawn this round (NA-4.7.11).")
    deck_count: int
    drawer: int | None = Field(description="Who draws this round's card.")
    actor: int | None = Field(description="Who must act now.")
    sequence: list[int] = Field(description="The seats in the round's order.")
    turn_index: int = Field(description="Index into sequence of the turn under way (-1 before the first).")
    setup_order: list[int]
    effects: RoundEffects
    peter_bag: dict[int, int] = Field(description="Token value → tokens left in Peter's bag.")
    witch_bag: dict[int, int] = Field(description="Token value → tokens left in the Witch's bag.")
    seats: list[SeatView]
    territories: list[TerritoryView] = Field(description="Every territory, its owner and stack (top first).")
    drawn: list[Token] = Field(description="Tokens drawn and waiting to be placed.")
    required_value: int | None = Field(description="The value Turn to Stone or Evil Spell demands now.")
    aslan_once: bool
    battles: list[BattleShown] = Field(description="The last battles; the last may be under way.")
    attacks: list[Chance] = Field(
        description="The seat's attacks, best first as the ⚔️ menu ranks them; [] when it is not attacking."
    )
    witch_choices: list[Chance] = Field(
        description="The Witch's attacks the seat may choose among, with her chance; [] otherwise."
    )


def battle_shown(battle: Battle) -> BattleShown:
    paused = battle.paused
    return BattleShown(
        id=battle.id,
        attacker=battle.attacker,
        defender=battle.defender,
        source=battle.source,
        target=battle.target,
        cause=battle.cause,
        throws=list(battle.throws),
        result=battle.result,
        invasion=list(battle.invasion),
        paused=Paused(
            attacker_dice=paused.attacker_dice, defender_dice=paused.defender_dice, flag=paused.flag
        )
        if paused is not None
        else None,
    )


def chances(view: NarniaView, seat: int | None) -> tuple[list[Chance], list[Chance]]:
    """The seat's attacks and the Witch's it chooses among, with the chances known now."""
    if seat is None or view.seat != seat or view.actor != seat:
        return [], []
    board = Board(view)
    if view.phase in ATTACKING:
        ranked = ranked_attacks(board)
        return [Chance(source=s, target=t, chance=_known(c)) for c, s, t in ranked], []
    if view.phase in CHOOSING_FOR_THE_WITCH:
        reinforced = (
            view.phase == "witch_pair"
        )  # her reinforcement not drawn yet: counted as a 2, as the panel does
        return [], [
            Chance(
                source=p.source,
                target=p.target,
                chance=_known(board.witch_chance(p.source, p.target, reinforced)),
            )
            for p in view.witch_pairs
        ]
    return [], []


def _known(chance: float) -> int | None:
    shown = percent(chance)
    return shown if isinstance(shown, int) else None


def page_state(view: NarniaView, seat: int | None) -> NarniaPage:
    with known_only():  # on the event loop: no chance is worked out here (page_work does it)
        attacks, witch_choices = chances(view, seat)
    return NarniaPage(
        seat=view.seat,
        phase=view.phase,
        round=view.round,
        round_cap=view.round_cap,
        round_card=view.round_card,
        courage_cards=list(view.courage_cards),
        deck_count=view.deck_count,
        drawer=view.drawer,
        actor=view.actor,
        sequence=list(view.sequence),
        turn_index=view.turn_index,
        setup_order=list(view.setup_order),
        effects=view.effects,
        peter_bag=dict(view.peter_bag),
        witch_bag=dict(view.witch_bag),
        seats=list(view.seats),
        territories=list(view.territories),
        drawn=list(view.drawn),
        required_value=view.required_value,
        aslan_once=view.aslan_once,
        battles=[battle_shown(b) for b in view.battles],
        attacks=attacks,
        witch_choices=witch_choices,
    )


def unknown(view: NarniaView, seat: int | None) -> set[Pair]:
    """The battles whose chance ``seat``'s page would show and no cache holds yet."""
    with known_only() as missing:
        chances(view, seat)
    return missing


def page_work(view: NarniaView, seat: int | None) -> Callable[[], None] | None:
    """The chances ``seat``'s page shows that are not known yet, to work out on the work thread."""
    battles = unknown(view, seat)
    return None if not battles else lambda: work(battles)
