"""The whole state of a Talismani game, hidden parts included (never shown as is).

Seat numbers are the seating cycle of TT-3.1 (the bot seats players in a
random order); "clockwise" means increasing seat number, modulo the count.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.core import GameState

# The phases of TT-4.1, split at every decision the rules ask for:
# play (TT-5), set_aside (TT-8.1), stake (TT-8.3), change_order (TT-10.5),
# change_weather (TT-10.6), share (TT-8.6), weather (TT-11), over (TT-12.3).
Phase = Literal["play", "set_aside", "stake", "change_order", "change_weather", "share", "weather", "over"]

# TT-5.1 (a)-(f).
PlayKind = Literal["single", "pair", "joker_pair", "special", "joker", "forge"]


class Choice(BaseModel):
    """A secret play (TT-5.4): cards from the hand, or forge (f) with no cards."""

    cards: list[str] = Field(default_factory=list)
    forge: bool = False


class Talisman(BaseModel):
    """A forging combination set aside (pending) or forged (TT-9): its suit and cards."""

    suit: str
    cards: list[str]


class RevealedPlay(BaseModel):
    """One play as revealed (TT-6), public from the reveal on (R35).

    ``rank`` is the 1-based place in the reveal's ranking: fairy plays from the
    strongest (rank 1 is the winner), then action specials by ascending number,
    then lone Jokers (R11 order), then forge plays. ``share_rank`` is the
    position in the sharing order of TT-6.6 (0 = lowest, picks first), or None
    for forge plays.
    """

    seat: int
    cards: list[str]
    kind: PlayKind
    suit: str | None = None
    total: int | None = None
    top: int | None = None
    combination: bool = False  # a forging combination (TT-9.1)
    rank: int = 0
    share_rank: int | None = None


class SpecialStep(BaseModel):
    """An action special waiting to resolve at TT-8.5, by number (TT-10.1)."""

    card: str
    seat: int


class TalismaniState(GameState):
    game: str = "talismani"
    # TT-2.5 zones.
    row: list[str]  # the weather row, suit ids, dominant first (TT-3.2)
    hands: list[list[str]]  # private
    stake: str | None  # a card id or "first_talisman"; None once discarded at the end
    won: list[list[str]] = Field(default_factory=list)  # captured stakes (TT-8.2)
    forged: list[list[Talisman]] = Field(default_factory=list)  # forged talismans (TT-9.7)
    pending: list[list[Talisman]] = Field(default_factory=list)  # set aside, not forged (TT-9.3)
    discard: list[str] = Field(default_factory=list)
    pool: list[str] = Field(default_factory=list)  # revealed played cards not yet assigned
    turn: int = 1
    phase: Phase = "play"
    # TT-5: secret choices of this turn, one slot per seat (None: not chosen yet).
    choices: list[Choice | None] = Field(default_factory=list)
    # The row at the start of this turn: (f) eligibility and TT-8.4 b use it (R16, R40).
    turn_row: list[str] = Field(default_factory=list)
    # Public after the reveal: the plays of the latest reveal, ranked.
    plays: list[RevealedPlay] = Field(default_factory=list)
    reveal_turn: int | None = None
    void: bool = False
    winner: int | None = None
    # TT-8.1: seats that must decide to set aside; their secret answers until all decided.
    aside_seats: list[int] = Field(default_factory=list)
    aside_answers: dict[int, bool] = Field(default_factory=dict)
    aside_now: dict[int, Talisman] = Field(default_factory=dict)  # set aside this turn
    forgers: list[int] = Field(default_factory=list)  # seats that chose (f) this turn
    chooser: int | None = None  # who chooses the new stake (TT-8.3)
    specials: list[SpecialStep] = Field(default_factory=list)  # still to resolve (TT-8.5)
    cw_acted: bool = False  # a Change-weather card acted this turn (TT-11.1)
    sharing_order: list[int] = Field(default_factory=list)  # TT-6.6, lowest first
    picks: int = 0  # sharing picks made so far this turn (TT-8.6)

    def hand_sizes(self) -> list[int]:
        return [len(hand) for hand in self.hands]

    def dominant(self) -> str:
        return self.row[0]

    def to_pick(self) -> int | None:
        """Whose sharing pick it is (TT-8.6): round the sharing order."""
        if self.phase != "share" or not self.sharing_order:
            return None
        return self.sharing_order[self.picks % len(self.sharing_order)]

    def chosen(self) -> list[int]:
        """The seats that have submitted their play this turn (public, R35)."""
        return [seat for seat, choice in enumerate(self.choices) if choice is not None]

    def forge_ready(self, seat: int) -> list[Talisman]:
        """TT-9.6 / R40: pending talismans of ``seat`` whose suit is dominant at the start of the turn."""
        dominant = self.turn_row[0] if self.turn_row else self.row[0]
        return [t for t in self.pending[seat] if t.suit == dominant]
