"""The whole state of a Tir Nan Og Wars game, hidden parts included (never shown as is).

Seats are the cyclic order of TNO-3.1 ("clockwise" = increasing seat number,
modulo the count). Lists that are piles have their visible or next card at
index 0 (the creature deck's next draw, a territory pile's top); a
consolidated stack is listed bottom -> top, as the spec writes it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.core import GameState
from games.tirnanog.data import PILE_TYPES, SPECIES, species_of, type_of

# turn: the active player chooses A, B or C (TNO-4.1.2); hand_limit: discard down to 7
# (TNO-4.2.3); declare: a fountain dispute's declarations (TNO-4.5.2); dispute_discard:
# the winner's discards (TNO-4.5.7); over: the game has ended (TNO-5.3).
Phase = Literal["turn", "hand_limit", "declare", "dispute_discard", "over"]

# Where VP come from (spec §9 notes): the score sheet is kept by source.
VP_SOURCES: tuple[str, ...] = ("scoring1", "scoring2", "festival", "temple", "castle", "volcano")


class StackCard(BaseModel):
    """A consolidated card: face down it is a blank (TNO-2.6, R31)."""

    card: str
    face_up: bool = True


class Dispute(BaseModel):
    """A magic fountain dispute (TNO-4.5), from the reveal of the fountain to the winner's discards."""

    fountain: str
    terrain: str  # the pile it was revealed in
    revealer: int
    order: list[int]  # declaration order: the revealer, then clockwise (TNO-4.5.2)
    declarations: dict[int, bool] = Field(default_factory=dict)  # public as soon as made
    # After every declaration: the participants in declaration order, the result.
    participants: list[int] = Field(default_factory=list)
    winner: int | None = None
    to_discard: int = 0  # the winner's discards still to choose (TNO-4.5.7)

    def next_declarer(self) -> int | None:
        return next((seat for seat in self.order if seat not in self.declarations), None)


class ShownHand(BaseModel):
    """A participant's hand as every player saw it at a dispute's reveal (TNO-4.5.3, R24)."""

    seat: int
    cards: dict[str, int]  # the hand by species, at the reveal
    counts: dict[str, int]  # hand plus the face-up top's symbols (TNO-4.5.4)
    profile: list[int]  # the counts, largest first (TNO-4.5.5)


class ShownDispute(BaseModel):
    """The last dispute's reveal, public once every player has declared (TNO-4.5.3): kept so
    that a table drawn afterwards (the Activity's page) can show the hands together, as the
    event that announced them did."""

    fountain: str
    turn: int  # the turn it happened in
    revealer: int
    participants: list[int]
    winner: int | None = None
    defeated: list[int] = Field(default_factory=list)
    hands: list[ShownHand] = Field(default_factory=list)


class TirNanOgState(GameState):
    game: str = "tirnanog"
    deck: list[str]  # creature ids, next draw first; secret order
    display: list[str]  # creature ids, left to right (TNO-3.4)
    discard: list[str] = Field(default_factory=list)  # public (R10)
    hands: list[list[str]]  # private
    reserves: list[list[str]]  # public, in the order taken
    stacks: list[list[StackCard]]  # bottom -> top
    piles: dict[str, list[str]]  # type -> cards, top first; order below the top secret (R9)
    removed: list[str] = Field(default_factory=list)  # setup removals: secret, never back (R6)
    out_of_game: list[str] = Field(default_factory=list)  # fountains nobody won (TNO-4.5.5, .8)
    vp: list[dict[str, int]]  # seat -> source -> VP (VP_SOURCES)
    first_player: int
    active: int
    turn: int = 1  # turns started so far, all players together
    round: int = 1  # R42: 1 until the first exhaustion, then 2
    exhaustions: int = 0
    final_cycle: bool = False
    phase: Phase = "turn"
    dispute: Dispute | None = None
    hand_limit_discard: int = 0  # cards to discard at TNO-4.2.3
    shown: ShownDispute | None = None  # the last dispute's public reveal

    # -- helpers every module uses ---------------------------------------------------
    @property
    def last_seat(self) -> int:
        """TNO-3.1: the player immediately before the first player."""
        return (self.first_player - 1) % self.players

    def top(self, seat: int) -> StackCard | None:
        stack = self.stacks[seat]
        return stack[-1] if stack else None

    def face_up_top(self, seat: int) -> str | None:
        """The card whose power works (TNO-4.6.1), if any."""
        top = self.top(seat)
        return top.card if top is not None and top.face_up else None

    def hand_counts(self, seat: int) -> dict[str, int]:
        return species_counts(self.hands[seat])

    def total_vp(self, seat: int) -> int:
        return sum(self.vp[seat].values())

    def visible_types(self, seat: int) -> set[str]:
        """TNO-2.7 / R15: reserve types plus the face-up top's type (fountains never conflict)."""
        types = {type_of(card) for card in self.reserves[seat]}
        top = self.face_up_top(seat)
        if top is not None:
            types.add(type_of(top))
        types.discard("fountain")
        return types

    def pile_tops(self) -> dict[str, str | None]:
        return {t: (self.piles[t][0] if self.piles[t] else None) for t in PILE_TYPES}


def species_counts(creatures: list[str]) -> dict[str, int]:
    """Creature ids -> a count for every species, in species order."""
    counts = dict.fromkeys(SPECIES, 0)
    for creature in creatures:
        counts[species_of(creature)] += 1
    return counts


def bundle(counts: dict[str, int]) -> dict[str, int]:
    """A species bundle for events (rendered "2 dragons and 1 elf"): zero counts dropped."""
    return {s: n for s, n in counts.items() if n}
