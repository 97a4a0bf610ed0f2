"""What a seat (or a spectator) sees: everything, since Narnia hides nothing (spec §9, R39).

``view(state, seat)`` is the same for every seat except the ``seat`` field. It carries all the
board needs (territories top first, bags per value, the round's card, sequence and effects, the
pending decision's details, the last battles) and all the AI needs: the AI reads only this.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.core.copying import fast_copy
from games.narnia.data import START, TERRITORIES, Origin
from games.narnia.state import (
    Battle,
    NarniaState,
    Phase,
    RoundEffects,
    SpellRoll,
    Stage,
    Token,
    WitchPair,
    trusted,
)

__all__ = ["NarniaView", "SeatView", "TerritoryView", "build_view"]


class SeatView(BaseModel):
    seat: int
    colour: str
    eliminated: bool
    territories: int  # how many he owns (his score, NA-5.2)
    tokens: int  # how many tokens stand in his territories
    last_attack: int | None  # battle id of his latest attack on the Witch (R33)


class TerritoryView(BaseModel):
    id: str
    start: Origin  # the start symbol printed on the board (setup only)
    free: bool  # setup only: nobody has placed a token here yet
    owner: int | None  # a seat, None = the White Witch (or free during setup)
    stack: list[Token]  # top first; [] = only the flag


class NarniaView(BaseModel):
    seat: int | None
    players: int
    phase: Phase
    stage: Stage
    round: int
    actor: int | None  # who must act now (the first of ``spell_losers`` for evil_spell)
    seats: list[SeatView]
    territories: list[TerritoryView]  # in data order (spec §8.5)
    peter_bag: dict[int, int]  # value -> tokens left (R39)
    witch_bag: dict[int, int]
    deck_count: int
    discard: list[str]  # card ids, oldest first
    # Setup (NA-3.3-3.5).
    setup_card: str | None
    setup_order: list[int]
    setup_placed: int
    # The round (NA-4.1).
    drawer: int | None
    round_card: str | None
    courage_cards: list[str]  # courage cards drawn this round (NA-4.7.11)
    sequence: list[int]  # seats in the round's order, reduced to the colours in play
    turn_index: int  # index into ``sequence`` of the turn under way (-1 before the first)
    last_actor: int | None
    effects: RoundEffects  # blizzard victim, Aslan holder (+ used), invincible holder
    # Pending decision details.
    drawn: list[Token]  # tokens drawn and waiting to be placed (setup or reinforcements)
    required_value: int | None  # the natural value turn_to_stone / evil_spell demands now
    spell_rolls: list[SpellRoll]  # evil_spell dice, one entry per (re-)roll
    spell_safe: int | None
    spell_losers: list[int]  # evil_spell: still to give up a token, in order
    witch_pairs: list[WitchPair]  # the legal (source, target) pairs of a Witch attack choice
    battles: list[Battle]  # the last 8; the last one may be under way / paused / invading
    battle_counter: int
    last_attacker: int | None  # the most recent attacker of the Witch (NA-5.4 tie-break)
    end_reason: str | None
    round_cap: int | None  # NA-4.8.9: the last round, None for no cap
    aslan_once: bool  # R-A1: Aslan's question once per battle (off in games from before it)

    def territory(self, tid: str) -> TerritoryView:
        return self.territories[TERRITORIES.index(tid)]

    @property
    def battle(self) -> Battle | None:
        if self.battles and (self.battles[-1].result is None or self.phase == "invade"):
            return self.battles[-1]
        return None


def build_view(state: NarniaState, seat: int | None) -> NarniaView:
    """The board as data; the per-territory rows skip re-validation (they copy checked state)."""
    seats = []
    for s in range(state.players):
        mine = [t for t in state.territories.values() if t.owner == s]
        seats.append(
            trusted(
                SeatView,
                seat=s,
                colour=state.colours[s],
                eliminated=state.eliminated[s],
                territories=len(mine),
                tokens=sum(len(t.stack) for t in mine),
                last_attack=state.last_attack[s],
            )
        )
    territories = []
    for tid in TERRITORIES:
        placed = state.territories.get(tid)
        territories.append(
            trusted(
                TerritoryView,
                id=tid,
                start=START[tid],
                free=placed is None,
                owner=placed.owner if placed is not None else None,
                stack=list(placed.stack) if placed is not None else [],
            )
        )
    actor = state.spell_losers[0] if state.phase == "spell_loss" and state.spell_losers else state.actor
    return NarniaView(
        seat=seat,
        players=state.players,
        phase=state.phase,
        stage=state.stage,
        round=state.round,
        actor=None if state.phase == "over" else actor,
        seats=seats,
        territories=territories,
        peter_bag=dict(state.peter_bag),
        witch_bag=dict(state.witch_bag),
        deck_count=len(state.deck),
        discard=list(state.discard),
        setup_card=state.setup_card,
        setup_order=list(state.setup_order),
        setup_placed=state.setup_placed,
        drawer=state.drawer,
        round_card=state.round_card,
        courage_cards=list(state.courage_cards),
        sequence=list(state.sequence),
        turn_index=state.turn_index,
        last_actor=state.last_actor,
        effects=state.effects.model_copy(),
        drawn=list(state.drawn),
        required_value=state.required_value,
        spell_rolls=[r.model_copy(deep=True) for r in state.spell_rolls],
        spell_safe=state.spell_safe,
        spell_losers=list(state.spell_losers),
        witch_pairs=list(state.witch_pairs),
        battles=fast_copy(state.battles),
        battle_counter=state.battle_counter,
        last_attacker=state.last_attacker,
        end_reason=state.end_reason,
        round_cap=state.round_cap,
        aslan_once=state.aslan_once,
    )
