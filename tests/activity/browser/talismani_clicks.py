"""Playing I Talismani del Tempo in the Activity's page by clicking, as a member does: the helpers
of ``test_talismani_page.py``. A seat's move is the engine AI's choice from that seat's own view
(spec §10), one of the seat's legal actions, made through the page's controls only: hand cards
then Play, Forge, the set-aside buttons, a played card for the stake or the sharing, a weather
card then its new place (or Keep), Keep or Rotate."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from games.registry import GAMES
from games.talismani import TalismaniState
from tests.activity.browser.akelarre_clicks import click
from tests.activity.browser.pages import PHONE, PIP, TablePage

TT = GAMES["talismani"]


def chosen(state: TalismaniState, seat: int) -> dict[str, Any]:
    """The §10 player's move for ``seat``, from its own view, as the engine's JSON (a legal action)."""
    decision = TT.decision(state)
    assert decision is not None and seat in decision.actors
    action: dict[str, Any] = TT.ai(seat).act(TT.view(state, seat), decision).model_dump(mode="json")
    legal = [a.model_dump(mode="json") for a in TT.legal_actions(state, seat) or []]
    assert action in legal, (action, legal)
    return action


def moment(state: TalismaniState, action: dict[str, Any]) -> str:
    """A name for the kind of decision ``action`` answers (screenshots, the kinds clicked)."""
    kind = str(action["kind"])
    if kind == "play":
        return "play-pair" if len(action["cards"]) == 2 else "play"
    if kind == "set_aside":
        return "set_aside-yes" if action["yes"] else "set_aside-no"
    if kind == "change_order":
        keep = state.row.index(action["suit"]) + 1 == action["position"]
        return "change_order-keep" if keep else "change_order"
    if kind in ("weather", "change_weather"):
        return f"{kind}-rotate" if action["rotate"] else f"{kind}-keep"
    return kind


async def perform(
    page: TablePage,
    state: TalismaniState,
    action: dict[str, Any],
    picked: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Make ``action`` (one of the seat's legal actions) through the page's controls; ``picked``
    is called once a play's cards or a moving weather card are picked (to look at the page then)."""
    kind = action["kind"]
    if kind == "play":
        for card in action["cards"]:
            await click(page, f'.tm-hand button[data-card="{card}"]')
        if picked is not None:
            await picked()
        await click(page, '[data-act="play"]:not([disabled])')
    elif kind == "forge":
        await click(page, '[data-act="forge"]')
    elif kind == "set_aside":
        await click(page, f'[data-act="aside-{"yes" if action["yes"] else "no"}"]')
    elif kind in ("stake", "pick"):
        await click(page, f'.tm-pool button[data-card="{action["card"]}"]:not([disabled])')
    elif kind == "change_order":
        if state.row.index(action["suit"]) + 1 == action["position"]:
            await click(page, '[data-act="keep-order"]')
        else:
            await click(page, f'.tm-row button[data-suit="{action["suit"]}"]')
            if picked is not None:
                await picked()
            await click(page, f'.tm-row button[data-place="{action["position"]}"]')
    elif kind in ("weather", "change_weather"):
        await click(page, '[data-act="rotate"]' if action["rotate"] else '[data-act="keep"]')
    else:
        raise AssertionError(f"no control for {action}")


# What a decision is made with: the prompt, the page's words and controls for it, and every
# control the page offers now (hand cards to pick, played cards to take, weather tiles to move).
DECISION = ".bar .prompt, .tm-controls p, .tm-controls button, .tm button:not([disabled])"


async def decision_in_pip(page: TablePage) -> None:
    """At picture-in-picture size (400x225) the decision's words and every control it is made
    with are whole inside the frame, without scrolling; the page goes back to the phone's size."""
    await page.page.set_viewport_size(PIP)  # type: ignore[arg-type]
    try:
        await page.frame.evaluate("window.scrollTo(0, 0)")
        outside = []
        for node in await page.frame.locator(DECISION).all():
            box = await node.bounding_box()
            if box is None:
                continue  # not drawn at this size (the play's long words: the prompt says them)
            inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= PIP["width"] + 0.5
            if not (inside and box["y"] + box["height"] <= PIP["height"] + 0.5):
                outside.append((await node.evaluate("n => n.outerHTML.slice(0, 120)"), box))
        assert not outside, outside
    finally:
        await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


# Every play of the reveal: drawn, at full opacity (no part of its animation hides it).
REVEAL_SHOWN = """() => [...document.querySelectorAll(".tm-reveal .tm-play")].map((row) => {
  const box = row.getBoundingClientRect();
  return { winner: row.classList.contains("winner"), opacity: getComputedStyle(row).opacity,
    drawn: box.width > 0 && box.height > 0, text: row.innerText.trim() };
})"""


async def reveal_shown(page: TablePage) -> list[dict[str, Any]]:
    """The reveal's rows as the page shows them now (even mid-animation): each whole and opaque."""
    rows: list[dict[str, Any]] = await page.frame.evaluate(REVEAL_SHOWN)
    for row in rows:
        assert row["opacity"] == "1" and row["drawn"] and row["text"], row
    return rows
