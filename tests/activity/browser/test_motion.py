"""What changed, shown moving (cogs/activity/static/app/motion.mjs, used by every game's
page through definePage): a card glides to its place, a territory taken turns to its new
colour; short, and nothing moves for a member who asks for less motion
(prefers-reduced-motion). And a seat's own name on its page is "You" (ctx.name)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import t
from tests.activity.browser.pages import open_page
from tests.activity.browser.test_shell import SEED, practice
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig

# Picks the first lit hand card, as a tap does, and counts what then moves on the page.
PICK = """() => {
  const card = document.querySelector(".ak-hand button.ak-card.legal, button.ak-card.legal");
  card.click();
  const moving = document.getAnimations();
  const timings = moving.map((a) => a.effect.getComputedTiming().duration);
  return { moving: moving.length, longest: Math.max(0, ...timings) };
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
async def test_a_picked_card_moves_unless_the_member_asks_for_less_motion(
    web_rig: Rig, browser: Any, motion: Any
) -> None:
    at = await practice(web_rig, "akelarre", seed=SEED)
    page = await open_page(
        browser,
        web_rig.base,
        user=ALICE,
        code="code-alice",
        instance="i-table",
        channel=CHANNEL,
        reduced_motion=motion,
    )
    await page.ready(at)
    moved = await page.frame.evaluate(PICK)
    if motion == "reduce":
        assert moved["moving"] == 0, moved
    else:
        assert moved["moving"] >= 1 and 0 < moved["longest"] <= 400, moved  # short
    assert page.errors == []


async def test_a_territory_taken_changes_colour_in_sight_unless_reduced(web_rig: Rig, browser: Any) -> None:
    """Narnia's first decisions place tokens: the member's tap changes a territory's owner,
    which the page shows turning to its new colour (none of it under reduced motion)."""
    at = await practice(web_rig, "narnia")
    pages = {  # alice plays; bob (no seat) watches with less motion
        motion: await open_page(
            browser,
            web_rig.base,
            user=user,
            code=code,
            instance="i-table",
            channel=CHANNEL,
            reduced_motion=motion,  # type: ignore[arg-type]
        )
        for motion, user, code in (("no-preference", ALICE, "code-alice"), ("reduce", BOB, "code-bob"))
    }
    for page in pages.values():
        await page.ready(at)
        # Every animation the page starts from now on, kept (a finished one leaves getAnimations).
        await page.frame.evaluate(
            """() => {
              window.started = [];
              const animate = Element.prototype.animate;
              Element.prototype.animate = function (...args) {
                window.started.push(this.dataset.territory || String(this.className));
                return animate.apply(this, args);
              };
            }"""
        )
    mine = pages["no-preference"]
    await mine.frame.locator("polygon.nb-cell.legal").first.click()
    found = await web_rig.bot.service.active(CHANNEL)
    assert found is not None
    for page in pages.values():
        await page.ready(at + 1)
    started = {motion: await page.frame.evaluate("() => window.started") for motion, page in pages.items()}
    assert started["reduce"] == []
    assert any(isinstance(name, str) and name for name in started["no-preference"]), started
    assert all(page.errors == [] for page in pages.values())


async def test_a_seat_s_own_name_on_its_page_is_you(web_rig: Rig, browser: Any) -> None:
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL, wait=False
    )
    module = f"/static/{web_rig.server.build}/app/page.mjs"
    words = {"activity.page.you_name": t("activity.page.you_name", "it")}
    names = await page.frame.evaluate(
        """async ([module, words]) => {
            const { definePage } = await import(module);
            let said = null;
            const draw = (ctx) => {
              said = [0, 1].map(ctx.name);
              return null;
            };
            const page = definePage({ url: location.href, draw });
            const seats = [{ name: "alice" }, { name: "bob" }];
            const table = { version: 1, seat: 0, seats, view: null, legal: [] };
            const shell = { word: (key) => words[key] ?? key, act: () => {} };
            page.render(document.createElement("div"), table, shell);
            return said;
        }""",
        [module, words],
    )
    assert names == ["Tu", "bob"]
