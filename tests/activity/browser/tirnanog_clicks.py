"""Playing Tir Nan Og Wars in the Activity's page by clicking, as a member does: the helpers of
``test_tirnanog_page.py``. A seat's move is chosen from its legal actions (the §10 player's,
steered so that every decision comes up: a full hand takes creatures, a member takes part in
every dispute) and then made through the page's controls only: display cards, a pile's top,
a reserve territory and its payment (from the hand, or a ready-made payment), the hand's cards
for a discard, the dispute's buttons."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from games.registry import GAMES
from games.tirnanog.state import TirNanOgState
from tests.activity.browser.pages import TablePage

TN = GAMES["tirnanog"]


def chosen(state: TirNanOgState, seat: int) -> dict[str, Any]:
    """The move a member makes: one of ``seat``'s legal actions."""
    decision = TN.decision(state)
    assert decision is not None and seat in decision.actors
    legal: list[dict[str, Any]] = [a.model_dump(mode="json") for a in TN.legal_actions(state, seat) or []]
    if state.phase == "declare":  # every dispute, to see the hands shown and a winner's discards
        return next(a for a in legal if a["take_part"])
    takes = [a for a in legal if a["kind"] == "take_creatures"]
    if state.phase == "turn" and len(state.hands[seat]) >= 6 and takes:
        return takes[0]  # over the hand limit: the discard down to 7 comes up
    wanted = TN.ai(seat).act(TN.view(state, seat), decision).model_dump(mode="json")
    return next(a for a in legal if same(a, wanted))


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same move, species lists compared as multisets (creatures are interchangeable)."""
    if a.keys() != b.keys():
        return False
    return all(Counter(a[k]) == Counter(b[k]) if isinstance(a[k], list) else a[k] == b[k] for k in a)


async def click(page: TablePage, selector: str) -> None:
    """Click the first control ``selector`` names (see akelarre_clicks.click: no wait for it
    to hold still; a missing one fails by the timeout, a disabled one by the move that never comes)."""
    await page.frame.locator(selector).first.click(timeout=5000, force=True)


async def pick_species(page: TablePage, where: str, species: str) -> None:
    await click(page, f'{where} button[data-species="{species}"]:not(.picked):not([disabled])')


async def perform(
    page: TablePage,
    action: dict[str, Any],
    picked: Callable[[], Awaitable[None]] | None = None,
    *,
    ready_made: bool = False,
) -> None:
    """Make ``action`` through the page's controls; ``picked`` is called once its cards are
    picked (to look at the page then); ``ready_made``: a payment by its one-tap button
    where the page offers several."""
    kind = action["kind"]
    frame = page.frame
    if kind == "declare":
        await click(page, f'[data-act="{"take_part" if action["take_part"] else "stay_out"}"]')
        return
    if kind == "take_creatures":
        for species in action["species"]:
            await pick_species(page, ".tn-display", species)
    elif kind == "take_territory":
        await click(page, f'.tn-piles [data-pile="{action["terrain"]}"] button.tn-terr')
    elif kind == "consolidate":
        await click(page, f'.tn-player.me button[data-reserve="{action["territory"]}"]')
        wanted = sorted(action["payment"])
        offers = frame.locator(".tn-ready [data-pay]")
        count = await offers.count()
        if ready_made and count:
            for index in range(count):
                pay = str(await offers.nth(index).get_attribute("data-pay"))
                if sorted(pay.split(",")) == wanted:
                    await offers.nth(index).click(timeout=5000, force=True)
                    break
        shown = sorted(
            [
                str(await c.get_attribute("data-species"))
                for c in await frame.locator(".tn-hand .picked").all()
            ]
        )
        if shown != wanted:  # picked by hand: the one payment, or card by card
            for card in await frame.locator(".tn-hand .picked").all():
                await card.click(timeout=5000, force=True)
            for species in action["payment"]:
                await pick_species(page, ".tn-hand", species)
    elif kind == "discard":
        for species in action["species"]:
            await pick_species(page, ".tn-hand", species)
    if picked is not None:
        await picked()
    await click(page, f'[data-act="{kind}"]')
