"""The leader's split as it is built, shown to every page of the channel (issue 42: "the
leader's draft visible to everyone while it is built"), so the chat haggles over something
concrete. Promises bind no one and are not tracked (MM-4.3.5, R14): the draft is never a move,
never stored, and goes when the split is made (cogs/activity/drafts.py).

The page sends its draft as the split action's allocation, possibly partial: ``{"allocation":
{"<seat>": {"<resource>": n}}}``. It is read against the leader's own view: only while the
leader splits, only seats at the table, only the found cards and no more of each than were
found. What the others are shown is who gets what of the found cards, which are public
(``MagmorView.taken``): nothing of a hand, an objective or an explored face."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.model import TableError
from cogs.magmor.page_state import Cards, Resource, Share
from cogs.magmor.words import RESOURCES
from games.magmor.face import MagmorView

MAX_CARDS = 99  # far above any find (a terrain yields a handful): a count past it is no draft


class _Sent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    allocation: dict[int, dict[Resource, int]]


class MagmorDraft(BaseModel):
    """The leader's split so far, as every page is shown it."""

    model_config = ConfigDict(frozen=True)

    shares: list[Share] = Field(
        description="who gets what so far, by seat; cards not listed are not given yet"
    )


def page_draft(view: MagmorView, seat: int, draft: dict[str, object]) -> MagmorDraft:
    """``draft``, the splitting leader's allocation so far, checked against its own view."""
    if view.phase != "split" or view.leader != seat:
        raise TableError("magmor.error.not_split_phase")
    try:
        sent = _Sent.model_validate(draft)
    except ValidationError:
        raise TableError("magmor.page.draft_bad") from None
    given: dict[str, int] = dict.fromkeys(RESOURCES, 0)
    shares = []
    for to, cards in sorted(sent.allocation.items()):
        if not 0 <= to < view.players:
            raise TableError("magmor.page.draft_bad_seat")
        if any(not 0 <= n <= MAX_CARDS for n in cards.values()):
            raise TableError("magmor.page.draft_bad_cards")
        for res, n in cards.items():
            given[res] += n
        kept = [
            Cards(res=res, n=n) for res, n in sorted(cards.items(), key=lambda c: RESOURCES.index(c[0])) if n
        ]
        if kept:
            shares.append(Share(seat=to, cards=kept))
    if any(given[r] > view.taken.get(r, 0) for r in RESOURCES):
        raise TableError("magmor.page.draft_bad_cards")
    return MagmorDraft(shares=shares)
