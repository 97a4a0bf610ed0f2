"""Playing Akelarre in the Activity's page by clicking, as a member does: the helpers of
``test_akelarre_page.py``. A seat's move is the engine AI's choice from that seat's own view
(spec §10), matched to one of the seat's legal actions and then made through the page's
controls only: hand cards, then a lit place (and the joker's value where it asks), a lit
card of a group of 4, a lit pile or the deck, the step's buttons, the point-pile cards of a
purchase, the owner's two cards."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Browser, BrowserContext

from games.akelarre.data import family_of, kind_of
from games.akelarre.state import AkelarreState
from games.registry import GAMES
from tests.activity.browser.pages import TablePage
from tests.akelarre.akelarre_helpers import same

AK = GAMES["akelarre"]


class Recording:
    """A browser whose pages record every WebSocket message they receive (``frames``), to
    check what reached a page besides what it shows. Passed to ``open_page`` as the browser."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.frames: list[str] = []

    async def new_context(self, **options: Any) -> BrowserContext:
        context = await self.browser.new_context(**options)
        context.on("page", lambda page: page.on("websocket", self._watch))
        return context

    def _watch(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(str(payload)))


def chosen(state: AkelarreState, seat: int) -> dict[str, Any]:
    """The §10 player's move for ``seat``, from its own view, as the legal action listing it."""
    decision = AK.decision(state)
    assert decision is not None and seat in decision.actors
    wanted = AK.ai(seat).act(AK.view(state, seat), decision).model_dump(mode="json")
    legal = [a.model_dump(mode="json") for a in AK.legal_actions(state, seat) or []]
    return next(a for a in legal if same(state, a) == same(state, wanted))


async def click(page: TablePage, selector: str) -> None:
    """Click the first enabled control ``selector`` names: the mouse's own press and release on
    it. Without Playwright's wait for the control to hold still (a whole game makes a few
    hundred clicks): a control that is missing or disabled fails the test all the same, the
    one by the timeout, the other by the move that never comes (a disabled button takes no click).
    The cards still gliding to their places (motion.mjs, under 400 ms) settle first, as a
    member's eye lets them: a press where a card is passing through would take its neighbour."""
    await page.frame.evaluate(SETTLED)
    await page.frame.locator(selector).first.click(timeout=5000, force=True)


# Every animation of a finite length the page is running, finished.
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""


async def pick_hand(page: TablePage, card: str) -> None:
    """Pick a hand card of ``card``'s kind that is not picked yet."""
    await click(page, f'.ak-hand button[data-card^="{kind_of(card)}"]:not(.chosen)')


async def perform(
    page: TablePage,
    action: dict[str, Any],
    picked: Callable[[], Awaitable[None]] | None = None,
    *,
    by_pile: bool = False,
) -> bool:
    """Make ``action`` (one of the seat's legal actions) through the page's controls;
    ``picked``: called once an open's or add's cards are picked (to look at the page then);
    ``by_pile``: a discard by clicking the pile rather than the Discard button.
    True if the page asked for the joker's value (several fit: R11, R12)."""
    kind = action["kind"]
    if kind in ("open", "add"):
        for card in action["cards"]:
            await pick_hand(page, card)
        if picked is not None:
            await picked()
        await click(page, f'[data-place="{action["place"]}"] .ak-target')
        if await page.frame.locator("[data-joker]").count():
            await click(page, f'[data-joker="{action["joker_value"]}"]')
            return True
    elif kind == "take":
        await click(page, f'[data-place="{action["place"]}"] button[data-card="{action["card"]}"]')
    elif kind == "discard":  # the card, then the Discard button or its family's lit pile
        await pick_hand(page, action["card"])
        await click(
            page, f'button[data-pile="{family_of(action["card"])}"]' if by_pile else '[data-act="discard"]'
        )
    elif kind == "draw":
        await click(page, f'button[data-pile="{action["source"]}"]')
    elif kind == "pay":
        await click(page, f'.ak-pay button[data-card^="{kind_of(action["card"])}"]:not(.chosen)')
    elif kind == "choose_payment":
        for card in action["cards"]:
            await click(page, f'.ak-payment button[data-card="{card}"]')
        await click(page, '[data-act="keep"]')
    else:  # done, cancel_take, buy, end_turn, cancel_purchase
        await click(page, f'[data-act="{kind}"]')
    return False
