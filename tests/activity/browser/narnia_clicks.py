"""Playing Narnia in the Activity's page by clicks only, as a member does: every
choice is the engine's §10 player's (``GAMES["narnia"].ai(seat)``, asked from the
member's own view), made through the page's controls (map taps, buttons, token
pickers), never by sending the action itself. Checks on the way that the page
offers exactly what the engine allows, and shows the dice the engine rolled.

``NARNIA_SHOTS=<folder>``: save screenshots there at each kind of decision, at the
phone, picture-in-picture and desktop sizes, in the member's language."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.narnia.state import NarniaState
from games.registry import GAMES
from tests.activity.browser.pages import DESKTOP, PHONE, PIP, TablePage

NARNIA = GAMES["narnia"]
PLACES = ("place_witch", "deploy", "place_reinforcement", "stone", "spell_loss")
BUTTONS = ("draw", "reinforce", "pass", "reroll", "keep", "keep_quiet")
SIZES = {"phone": PHONE, "pip": PIP, "desktop": DESKTOP}


def cell(page: TablePage, territory: str) -> Any:
    return page.frame.locator(f'polygon.nb-cell[data-territory="{territory}"]')


async def clickable(page: TablePage) -> set[str]:
    """The territories the page lets the member tap now."""
    found = await page.frame.eval_on_selector_all(
        'polygon.nb-cell[role="button"]', "cells => cells.map(c => c.dataset.territory)"
    )
    return set(found)


async def marked(page: TablePage, mark: str) -> set[str]:
    found = await page.frame.eval_on_selector_all(
        f"polygon.nb-cell.{mark}", "cells => cells.map(c => c.dataset.territory)"
    )
    return set(found)


async def chances(page: TablePage) -> dict[str, str]:
    """The attacks the page lists with their chance to conquer: target -> text."""
    found = await page.frame.eval_on_selector_all(
        ".nb-chances li", "items => items.map(i => [i.dataset.target, i.textContent])"
    )
    return dict(found)


async def press(page: TablePage, kind: str) -> None:
    await page.frame.locator(f'button.nb-btn[data-kind="{kind}"]').click()


async def pick(page: TablePage, stack: list[Any], values: list[int]) -> None:
    """Tap the stack's tokens holding these values (tokens of a value are alike)."""
    wanted = Counter(values)
    for index, token in enumerate(stack):
        if wanted[token.value] > 0:
            wanted[token.value] -= 1
            await page.frame.locator(f'.nb-token[data-token-index="{index}"]').click()


def _dice_selector(battle: int, throw: int | str, side: str) -> str:
    return f'[data-battle="{battle}"] .nb-throw[data-throw="{throw}"] .nb-dice[data-side="{side}"] .nb-die'


async def shown_dice(page: TablePage, battle: int, throw: int | str, side: str) -> list[int]:
    return (await many_shown_dice(page, [(battle, throw, side)]))[0]


async def many_shown_dice(page: TablePage, where: list[tuple[int, int | str, str]]) -> list[list[int]]:
    """The dice shown at each (battle, throw, side), read in one trip to the page: a whole
    game asks this after every move, for every throw so far."""
    read = (
        "selectors => selectors.map(s => [...document.querySelectorAll(s)].map(d => Number(d.dataset.value)))"
    )
    found = await page.frame.evaluate(read, [_dice_selector(*w) for w in where])
    return [[int(v) for v in values] for values in found]


@dataclass
class Shots:
    """Screenshots at each kind of decision, once per language (only with NARNIA_SHOTS)."""

    folder: Path | None = field(
        default_factory=lambda: Path(p) if (p := os.environ.get("NARNIA_SHOTS")) else None
    )
    taken: set[str] = field(default_factory=set)

    async def __call__(self, page: TablePage, moment: str, language: str) -> None:
        if self.folder is None or f"{moment}-{language}" in self.taken:
            return
        self.taken.add(f"{moment}-{language}")
        self.folder.mkdir(parents=True, exist_ok=True)
        await page.page.emulate_media(reduced_motion="reduce")
        for size, viewport in SIZES.items():
            await page.page.set_viewport_size(viewport)  # type: ignore[arg-type]
            await page.page.wait_for_timeout(120)
            await page.page.screenshot(path=str(self.folder / f"narnia-{moment}-{language}-{size}.png"))
        await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]


Moment = Callable[[str], Awaitable[None]]


async def act_in_page(page: TablePage, state: NarniaState, seat: int, moment: Moment) -> str:
    """The seat does what the §10 player would do, through the page only; returns the
    action's kind once the table has moved on."""
    decision = NARNIA.decision(state)
    assert decision is not None
    view = NARNIA.view(state, seat)
    wanted = NARNIA.ai(seat).act(view, decision).model_dump(mode="json")
    legal = [a.model_dump(mode="json") for a in NARNIA.legal_actions(state, seat)]
    kind = wanted["kind"]
    before = await page.version()
    if kind in PLACES:
        assert await clickable(page) == {a["territory"] for a in legal}, "only the legal places are clickable"
        await moment("setup" if state.stage == "setup" else kind)
        await cell(page, wanted["territory"]).click()
    elif kind in BUTTONS:
        if kind in ("reroll", "keep", "keep_quiet"):
            await aslan_shown(page, state)
            await moment("aslan")
        await press(page, kind)
    elif kind in ("attack", "move"):
        await pair(page, legal, wanted, ("source", "target"), moment)
        if kind == "move":
            await pick(page, state.territories[wanted["source"]].stack, wanted["tokens"])
            await press(page, "confirm")
    elif kind == "treachery":
        await pair(page, legal, wanted, ("source", "target"), moment)
    elif kind == "witch_pair":
        await pair(page, legal, wanted, ("target", "source"), moment)
    elif kind == "surprise":
        await cell(page, wanted["territory"]).click()
        await page.frame.locator(f'.nb-token[data-token-index="{wanted["index"]}"]').click()
    elif kind == "invade":
        await invade(page, state, wanted, moment)
    else:
        raise AssertionError(f"no page control for {wanted}")
    await page.ready(before + 1)
    return kind


async def pair(
    page: TablePage,
    legal: list[dict[str, Any]],
    wanted: dict[str, Any],
    steps: tuple[str, str],
    moment: Moment,
) -> None:
    """A choice of two territories: the first among the legal ones, then the second
    among those the legal actions pair with it."""
    first, second = steps
    kinds = {wanted["kind"]} | ({"attack", "move"} if wanted["kind"] in ("attack", "move") else set())
    actions = [a for a in legal if a["kind"] in kinds]
    assert await clickable(page) == {a[first] for a in actions}
    await cell(page, wanted[first]).click()
    seconds = {a[second] for a in actions if a[first] == wanted[first]}
    offered = await clickable(page)
    others = {a[first] for a in actions} - {wanted[first]}
    assert offered == seconds | others | {wanted[first]}, (offered, seconds)
    if wanted["kind"] == "attack":
        attacks = {a["target"] for a in actions if a["kind"] == "attack" and a["source"] == wanted["source"]}
        assert await marked(page, "attack") == attacks
        # Each attack says its chance to conquer, as the server sent it (cogs/narnia/page_state.py).
        assert set(await chances(page)) == attacks
        await moment("attack")
    elif wanted["kind"] == "witch_pair":
        await moment("witch-attack")
    elif wanted["kind"] == "treachery":
        await moment("treachery")
    await cell(page, wanted[second]).click()


async def invade(page: TablePage, state: NarniaState, wanted: dict[str, Any], moment: Moment) -> None:
    battle = state.battles[-1]
    assert await page.frame.locator(f'[data-battle="{battle.id}"][data-result="conquered"]').count() == 1
    await moment("invade")
    stack = state.territories[battle.source].stack
    if not wanted["tokens"]:
        await press(page, "invade-none")
    elif len(wanted["tokens"]) == len(stack):
        await press(page, "invade-all")
    else:
        await pick(page, stack, wanted["tokens"])
        await press(page, "confirm")


async def aslan_shown(page: TablePage, state: NarniaState) -> None:
    """The throw waiting for Aslan's answer shows the dice the engine rolled."""
    battle = state.battles[-1]
    assert battle.paused is not None
    assert await shown_dice(page, battle.id, "paused", "attacker") == battle.paused.attacker_dice
    assert await shown_dice(page, battle.id, "paused", "defender") == battle.paused.defender_dice


async def battles_shown(page: TablePage, state: NarniaState) -> int:
    """Every battle the view keeps shows each throw's dice as the engine rolled them."""
    where: list[tuple[int, int | str, str]] = []
    rolled: list[list[int]] = []
    for battle in state.battles:
        for number, thrown in enumerate(battle.throws, 1):
            where += [(battle.id, number, "attacker"), (battle.id, number, "defender")]
            rolled += [thrown.attacker_dice, thrown.defender_dice]
    shown = await many_shown_dice(page, where)
    for place, seen, wanted in zip(where, shown, rolled, strict=True):
        assert seen == wanted, place
    return len(state.battles)


async def decision_in_view(page: TablePage) -> list[str]:
    """At picture-in-picture size (Discord's small frame), the decision's controls that
    are no choice of territory (its buttons, the tokens to pick, the confirm) and the
    first territory offered as a button are inside the frame without scrolling; returns
    what was checked (data-kind, or "option"/"token"). The page is left at phone size."""
    await page.page.set_viewport_size(PIP)  # type: ignore[arg-type]
    try:
        found = await page.frame.evaluate(
            """() => {
              const panel = document.querySelector(".nb-decide");
              if (!panel) return { out: [], seen: [] };
              const controls = [...panel.querySelectorAll(".nb-buttons button, .nb-extra button")];
              const first = panel.querySelector(".nb-options button");
              if (first) controls.push(first);
              const out = [], seen = [];
              for (const node of controls) {
                const box = node.getBoundingClientRect();
                const name = node.dataset.kind || (node.dataset.option ? "option" : "token");
                seen.push(name);
                const out_of_frame = box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5;
                if (box.width === 0 || box.top < 0 || out_of_frame) {
                  out.push([name, node.textContent, box.top, box.bottom, innerHeight]);
                }
              }
              return { out, seen };
            }"""
        )
    finally:
        await page.page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    assert found["out"] == [], found["out"]
    return [str(name) for name in found["seen"]]


async def lines_starting_with_a_dash(page: TablePage) -> list[str]:
    """The battles' texts where a "—" begins a line as drawn (it wrapped away from the
    word before it)."""
    found = await page.frame.evaluate(
        """() => {
          const bad = [];
          const root = document.querySelector(".nb-battles");
          if (!root) return bad;
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent;
            for (let i = text.indexOf("—"); i >= 0; i = text.indexOf("—", i + 1)) {
              const dash = document.createRange();
              dash.setStart(node, i);
              dash.setEnd(node, i + 1);
              const box = dash.getBoundingClientRect();
              if (!box.height) continue;  // not drawn (an earlier battle, folded)
              const before = document.createRange();
              if (i > 0) { before.setStart(node, i - 1); before.setEnd(node, i); }
              else if (node.previousSibling) before.selectNode(node.previousSibling);
              else { bad.push(text); continue; }
              const rects = before.getClientRects();
              const last = rects[rects.length - 1];
              if (!last || box.top >= last.bottom - 1) bad.push(text);
            }
          }
          return bad;
        }"""
    )
    return [str(text) for text in found]
