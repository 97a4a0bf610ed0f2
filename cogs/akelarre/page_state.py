"""What Akelarre's page is sent as ``table.view`` (``Presenter.page_state``): the table as
the page draws it, from the seat's own view (its hand and favourite only in its own page).

Besides what the engine's view holds, the page is told what it would otherwise work out by
the rules: how many cards a draw would bring into this seat's hand and which ones each
discard pile would give (AK-8.2: from the top, the latest discard first, up to a hand of
seven), so it shows "you would get" without knowing the hand's size or a draw's order."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.akelarre.face import (
    HAND_SIZE,
    AkelarreView,
    Held,
    PaymentView,
    PileView,
    PlaceView,
    SeatView,
    Step,
)


class _Page(BaseModel):
    model_config = ConfigDict(frozen=True)


class Stall(_Page):
    """The safeguard against a game without draws from the deck (R26)."""

    turns: int = Field(description="Consecutive turns without a deck draw.")
    limit: int = Field(description="The turns allowed; 0: the safeguard is off.")
    blocked: bool = Field(description="Only the deck may be drawn from now.")


class AkelarrePage(_Page):
    """Akelarre's table as its page draws it."""

    seat: int | None = Field(description="The viewer's seat; null for a spectator.")
    step: Step = Field(description="The step of the turn.")
    active: int = Field(description="Whose turn it is (an owner choosing a payment is payment.owner).")
    final_round: bool
    final_queue: list[int] = Field(description="Seats still to take their final turn, the current one first.")
    seats: list[SeatView]
    places: list[PlaceView] = Field(description="Every meeting place and its group.")
    piles: list[PileView] = Field(
        description="The discard piles in family order, bottom first (public, R24)."
    )
    deck_count: int
    held: Held | None = Field(description="A card taken and not yet placed (it lies face up).")
    payment: PaymentView | None = Field(description="An owner's payment being chosen (AK-6.3).")
    purchase: list[str] = Field(description="The cards listed so far for a purchase (R19).")
    stall: Stall
    hand: list[str] | None = Field(description="The seat's own hand; null in anyone else's page.")
    favourite: str | None = Field(description="The seat's own secret favourite family.")
    favourites: list[str] | None = Field(description="Every seat's favourite, once the game is over (R25).")
    draw_count: int = Field(
        description="How many cards a draw would bring into this seat's hand (AK-8.2); 0 without one."
    )
    gives: dict[str, list[str]] = Field(
        description="Family → the cards a draw from its pile would bring into this seat's hand now, "
        "the first drawn first (AK-8.2); {} without a hand."
    )


def page_state(view: AkelarreView, seat: int | None) -> AkelarrePage:
    hand = view.hand
    room = HAND_SIZE - len(hand) if hand is not None else 0
    return AkelarrePage(
        seat=view.seat,
        step=view.step,
        active=view.active,
        final_round=view.final_round,
        final_queue=list(view.final_queue),
        seats=list(view.seats),
        places=list(view.places),
        piles=list(view.piles),
        deck_count=view.deck_count,
        held=view.held,
        payment=view.payment,
        purchase=list(view.purchase),
        stall=Stall(turns=view.stall_turns, limit=view.stall_limit, blocked=view.stall_blocked),
        hand=list(hand) if hand is not None else None,
        favourite=view.favourite,
        favourites=list(view.favourites) if view.favourites is not None else None,
        # The top of a pile is its last card: a draw takes from there (games/akelarre/drawing.do_draw).
        draw_count=room,
        gives={pile.family: pile.cards[::-1][:room] for pile in view.piles if pile.cards and room > 0},
    )
