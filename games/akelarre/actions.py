"""What a player can do: a discriminated union on ``kind``.

Phase A is a sequence of single moves (AK-2.2): ``open`` and ``add`` place hand
cards; ``take`` lifts one card from a 4-card group (AK-5.5), and the next
``open``/``add`` must include it (AK-5.6: the card never goes to a hand), or
``cancel_take`` puts it back; a card is taken at most once a turn (R-T1). Phase A
ends with ``done`` (after playing a hand card, or in a final turn) or ``discard``
(when no hand card was played). Then ``draw``, then ``buy``/``end_turn`` and, for a
purchase, five ``pay`` picks or ``cancel_purchase``, which ends the turn (R19, R-T1).

Card lists are checked by the rules (not by pydantic), so an illegal move is
refused with a rule error and a rule id, not a parse error.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Open(_Action):
    """AK-5.1: open a group on a free meeting place with hand cards (plus the held
    card, if any). ``joker_value`` declares a joker's value where two fit (R11) or
    an all-joker set's value (R12); ``None`` takes the forced value or the §9 default."""

    kind: Literal["open"] = "open"
    place: str
    cards: list[str]
    joker_value: int | None = None


class Add(_Action):
    """AK-5.2: add hand cards (plus the held card, if any) to the group on ``place``."""

    kind: Literal["add"] = "add"
    place: str
    cards: list[str]
    joker_value: int | None = None


class Take(_Action):
    """AK-5.5: take ``card`` from the 4-card group on ``place``; the next move places it."""

    kind: Literal["take"] = "take"
    place: str
    card: str


class CancelTake(_Action):
    """Put the held card back where it was (nothing else changed since the take).
    R-T1: it still counts as a take, so that card may not be taken again this turn."""

    kind: Literal["cancel_take"] = "cancel_take"


class Done(_Action):
    """AK-2.3: end Phase A after playing a hand card; in a final turn, end the turn (pass)."""

    kind: Literal["done"] = "done"


class Discard(_Action):
    """AK-7: end Phase A by discarding a hand card (only when none was played)."""

    kind: Literal["discard"] = "discard"
    card: str


class Draw(_Action):
    """AK-8: draw up to 7 from the deck (``source="deck"``) or one family's discard pile."""

    kind: Literal["draw"] = "draw"
    source: str


class Buy(_Action):
    """AK-9: start buying a meeting place (then five ``pay`` picks, or ``cancel_purchase``)."""

    kind: Literal["buy"] = "buy"


class Pay(_Action):
    """AK-9.2 / R19: the next point-pile card of the price, in the order listed."""

    kind: Literal["pay"] = "pay"
    card: str


class CancelPurchase(_Action):
    """Give up the purchase before the fifth card (nothing has been paid yet): the turn
    ends without buying (R19: the turn's one purchase; R-T1: it is not started again)."""

    kind: Literal["cancel_purchase"] = "cancel_purchase"


class EndTurn(_Action):
    """Phase C: do not buy; the turn passes to the next player."""

    kind: Literal["end_turn"] = "end_turn"


class ChoosePayment(_Action):
    """AK-6.3: the place's owner keeps these 2 of the 5 completed cards."""

    kind: Literal["choose_payment"] = "choose_payment"
    cards: list[str]


AkelarreAction = Annotated[
    Open
    | Add
    | Take
    | CancelTake
    | Done
    | Discard
    | Draw
    | Buy
    | Pay
    | CancelPurchase
    | EndTurn
    | ChoosePayment,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[AkelarreAction] = TypeAdapter(AkelarreAction)
