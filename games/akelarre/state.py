"""The whole state of an Akelarre game, hidden parts included (never shown as is).

Seats are P1…Pn in turn order (R1): "next player" is the next seat number,
wrapping around. Every creature card is in exactly one zone: a hand, the deck,
a discard pile, a point pile, a group on a meeting place, the card held by a
take (AK-5.5, between the take and the move that places it) or a completed
group waiting for its owner's choice (AK-6.3).

Every turn ends (the bot's ruling R-T1): a card taken this turn is never taken
again in it (``taken``), and cancelling a purchase ends the turn (R19: one
purchase per turn), so no run of actions within a turn can repeat itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from games.core import GameState

# The steps of a turn (AK-2.1), split at every decision the rules ask for:
# play: Phase A (moves, then "done" or a discard; in the final round moves then "done");
# draw: Phase B; buy: Phase C (buy a place or end the turn); pay: choosing the 5 cards
# of a purchase (AK-9.2); payment: a place's owner choosing 2 cards (AK-6.3); over.
Step = Literal["play", "draw", "buy", "pay", "payment", "over"]


class Placed(BaseModel):
    """A card lying in a group, with its effective value (AK-3.2); a joker's is
    fixed when it is placed (AK-3.6)."""

    card: str
    value: int


class Place(BaseModel):
    """A meeting place ``P<seat>-<k>`` (AK-4.6) and its group (empty: free)."""

    id: str
    owner: int
    group: list[Placed] = Field(default_factory=list)

    @property
    def free(self) -> bool:
        return not self.group


class Held(BaseModel):
    """A card taken from a 4-card group (AK-5.5) that the next move must place
    into another group (AK-5.6). ``value`` and ``index`` put it back on a cancel."""

    card: str
    place: str
    value: int
    index: int


class Payment(BaseModel):
    """A group completed on another player's place (AK-6.3): its 5 cards wait for
    the owner's choice of 2; the payer (the active player) gets the other 3."""

    place: str
    owner: int
    payer: int
    cards: list[str]


class AkelarreState(GameState):
    game: str = "akelarre"
    teams: bool = False
    # AK-1.3: one family per seat, secret until scoring; the unused ones never revealed (R25).
    favourites: list[str]
    unused_favourites: list[str]
    hands: list[list[str]]
    deck: list[str]  # the draw deck, top first (AK-8.2)
    piles: dict[str, list[str]]  # family → discard pile, bottom first (AK-7.3)
    points: list[list[str]]  # point piles, in the order the cards arrived (R23: public)
    places: list[Place]  # by owner, then in the order acquired (AK-4.6)
    active: int = 0
    step: Step = "play"
    turn: int = 1  # normal turns played so far, this one included
    played: bool = False  # a hand card was played this turn (AK-5.4)
    moved: bool = False  # any move was made this turn (a take-only move is not "playing", R7)
    discarded: str | None = None  # the family pile discarded onto this turn (R9)
    held: Held | None = None
    # R-T1 (a bot ruling): the cards taken from a group this turn (AK-5.5), a take put back
    # included; none of them may be taken again this turn, so every turn ends. Games
    # saved before the ruling have no such field and start with none; it is written
    # only when not empty (see _omit_nothing_taken).
    taken: list[str] = Field(default_factory=list)
    # AK-8.6: the cards of each hand that its seat took from a discard pile, face up for
    # all to see (a card leaves the list as it leaves the hand, ``leave_hand``). Written
    # only while some seat has one, and emptied when the game ends, so older games read
    # and hash as before (see _omit_nothing_taken).
    shown: list[list[str]] = Field(default_factory=list)
    # R-T1 applies (always, but in the replay of a game played before the ruling).
    turn_bound: bool = True
    payment: Payment | None = None
    purchase: list[str] = Field(default_factory=list)  # cards listed so far for a purchase (R19)
    # AK-10: the seat that drew the last deck card, and the final round's seats still to play.
    last_drawer: int | None = None
    final: bool = False
    final_queue: list[int] = Field(default_factory=list)
    # R26: consecutive normal turns without a deck draw; 0 as the limit disables the safeguard.
    stall_turns: int = 0
    stall_limit: int = 0

    @model_serializer(mode="wrap")
    def _omit_nothing_taken(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``taken`` is written only while a card has been taken this turn (``shown``
        only while a hand holds a card from a pile), so a state with neither (every
        state between turns, every finished game) reads and hashes exactly as before
        R-T1 and AK-8.6 were kept: the replay of an older game's export compares its
        final state's hash (games/core/verify.py)."""
        data: dict[str, Any] = handler(self)
        if not data.get("taken"):
            data.pop("taken", None)
        if not any(data.get("shown") or []):
            data.pop("shown", None)
        return data

    def leave_hand(self, seat: int, card: str) -> None:
        """``card`` leaves ``seat``'s hand (played or discarded, face up either way)."""
        self.hands[seat].remove(card)
        if self.shown and card in self.shown[seat]:
            self.shown[seat].remove(card)

    def shown_in_hand(self, seat: int) -> list[str]:
        """AK-8.6: the cards of ``seat``'s hand everyone saw it take from a discard pile."""
        return list(self.shown[seat]) if self.shown else []

    def place(self, place_id: str) -> Place | None:
        return next((p for p in self.places if p.id == place_id), None)

    def places_of(self, seat: int) -> list[Place]:
        return [p for p in self.places if p.owner == seat]

    def team_of(self, seat: int) -> list[int]:
        """AK-13.1: partners in alternate seats (P1+P3, P2+P4); a lone seat otherwise."""
        if not self.teams:
            return [seat]
        return [seat % 2, seat % 2 + 2]

    def stall_blocked(self) -> bool:
        """R26 / AK-8.8: only the deck may be drawn from."""
        return self.stall_limit > 0 and self.stall_turns >= self.stall_limit
