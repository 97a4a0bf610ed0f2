"""Playing Mag Mor in the Activity's page by clicking, as a member does: the helpers of
``test_magmor_page.py``. A seat's move is the engine AI's choice from that seat's own view
(spec §10), made through the page's controls only: a candidate tapped on the grid then its
Explore or Cross button, the found cards tapped onto players (or a ready-made split, or
Keep everything) then Confirm, a toll category's Pay, Mag Mor's two cards, Pass."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from games.magmor import MagmorState
from games.registry import GAMES
from tests.activity.browser.pages import TablePage

MM = GAMES["magmor"]


def wanted(state: MagmorState, seat: int) -> dict[str, Any]:
    """The §10 player's move for ``seat``, from its own view, as the engine's JSON."""
    decision = MM.decision(state)
    assert decision is not None and seat in decision.actors
    return dict(MM.ai(seat).act(MM.view(state, seat), decision).model_dump(mode="json"))


async def click(page: TablePage, selector: str) -> None:
    """Click the first control ``selector`` names (see akelarre_clicks.click: no wait for it
    to hold still; a missing control fails by the timeout, a disabled one by the move that
    never comes)."""
    await page.frame.locator(selector).first.click(timeout=5000, force=True)


def cards_key(cards: dict[str, int]) -> str:
    """Mag Mor's two cards as the page names its button (decide.mjs: ``axe1+water1``)."""
    return "+".join(f"{res}{cards[res]}" for res in sorted(cards) if cards[res])


Split = Callable[[], Awaitable[None]]


async def perform(
    page: TablePage, action: dict[str, Any], how: str = "tap", before_confirm: Split | None = None
) -> str:
    """Make ``action`` through the page. A split is made ``how``: ``tap`` (every card onto
    its player), ``preset`` (the ready-made split equal to it, if listed, else taps) or
    ``keep`` (the one-tap Keep everything, where it keeps everything) or ``drag`` (every card
    dragged onto its player, as on a desktop). Returns how it was made."""
    kind = str(action["kind"])
    if kind in ("explore", "choose"):
        await click(page, f'.mm-grid [data-cell="{action["cell"]}"]')  # looked at on the grid first
        await click(page, f'[data-act="{kind}"][data-cell="{action["cell"]}"]')
    elif kind == "split":
        return await split(page, action["allocation"], how, before_confirm)
    elif kind == "pay":
        await click(page, f'[data-act="pay"][data-res="{action["resource"]}"]')
    elif kind == "pay_magmor":
        await click(page, f'[data-act="pay_magmor"][data-cards="{cards_key(action["cards"])}"]')
    else:
        await click(page, '[data-act="pass"]')
    return kind


async def split(
    page: TablePage, allocation: dict[str, dict[str, int]], how: str, before_confirm: Split | None
) -> str:
    given = {int(seat): {r: n for r, n in cards.items() if n} for seat, cards in allocation.items()}
    given = {seat: cards for seat, cards in given.items() if cards}
    if how == "keep" and len(given) == 1:
        seat = await page.frame.evaluate("() => Number(document.querySelector('.mm-zone.me').dataset.zone)")
        if seat in given:
            await click(page, '[data-act="keep"]')
            return "keep"
    if how == "preset":  # among those shown (the first few, before "more")
        presets = json.loads(await page.frame.evaluate(PRESETS))
        index = next((i for i, shares in enumerate(presets) if shares == _plain(given)), None)
        if index is not None:
            await click(page, f'[data-preset="{index}"]')
            if before_confirm is not None:
                await before_confirm()
            await click(page, '[data-act="split"]')
            return "preset"
    for seat, cards in sorted(given.items()):
        for res, n in cards.items():
            for _ in range(n):
                token = f'.mm-pool [data-token="{res}"]'
                if how == "drag":  # as on a desktop: the card dragged onto its player
                    await drag(page, token, f'[data-zone="{seat}"]')
                else:
                    await click(page, token)
                    await click(page, f'[data-zone="{seat}"] .mm-zone-head')
    if before_confirm is not None:
        await before_confirm()
    await click(page, '[data-act="split"]')
    return "drag" if how == "drag" else "tap"


async def drag(page: TablePage, source: str, target: str) -> None:
    """HTML5 drag and drop from ``source`` onto ``target``, as the browser fires it: one
    DataTransfer through dragstart, dragover and drop (Playwright's mouse drag does not
    reach into the harness's frame)."""
    carried = await page.frame.evaluate_handle("new DataTransfer()")
    card = await page.frame.locator(source).first.element_handle(timeout=5000)
    await card.dispatch_event("dragstart", {"dataTransfer": carried})
    for event in ("dragenter", "dragover", "drop"):
        await page.frame.locator(target).first.dispatch_event(event, {"dataTransfer": carried}, timeout=5000)
    await card.dispatch_event("dragend", {"dataTransfer": carried})  # the card drawn anew by now: no matter


def _plain(given: dict[int, dict[str, int]]) -> list[list[Any]]:
    return [[seat, [list(item) for item in sorted(cards.items())]] for seat, cards in sorted(given.items())]


# The ready-made splits the page shows, each as its button names its allocation
# (``data-shares``: [seat, [[resource, count], ...]] by seat, resources by name).
PRESETS = """() => JSON.stringify([...document.querySelectorAll('[data-preset]')].map((b) =>
  JSON.parse(b.dataset.shares)))"""
