"""In a real browser: the page opened outside Discord says where the table
opens from, in the browser's language; the page's policy is in force (nothing inline
runs, nothing elsewhere is reached); another site can neither frame the page nor use
its socket or sign-in."""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot.i18n import t
from tests.activity.browser.pages import DESKTOP, PHONE, open_page
from tests.activity.conftest import ALICE, CHANNEL, Rig
from tests.factory import start_with_an_ai

# Where the screenshots go for a look (SHOTS=folder), else the test's own folder.
SHOTS = os.environ.get("SHOTS")


@pytest.mark.parametrize(("locale", "language"), [("en-US", "en"), ("it-IT", "it")])
async def test_the_page_opened_outside_discord_says_it_opens_from_discord(
    web_rig: Rig, browser: Any, tmp_path: Path, locale: str, language: str
) -> None:
    context = await browser.new_context(viewport=PHONE, locale=locale)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    await page.goto(f"{web_rig.base}/")  # a browser tab: no frame_id, no instance, no Discord
    await page.wait_for_selector("#app[data-state=outside]", state="attached", timeout=10_000)
    shown = (await page.inner_text("#outside")).strip()
    button = t("launch.button", language)
    assert shown == "\n\n".join(
        [t("activity.outside.title", language), t("activity.outside.how", language, button=button)]
    )
    assert button in shown and "🖥️" in shown
    assert await page.is_hidden("#app")
    assert await page.get_attribute("html", "lang") == language
    assert errors == []  # not the SDK's "frame_id query param is not defined"
    assert web_rig.discord.asked == []
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(folder / f"outside-phone-{language}.png"))
    await page.set_viewport_size(DESKTOP)
    await page.screenshot(path=str(folder / f"outside-desktop-{language}.png"))
    await context.close()


async def test_inside_discord_the_outside_words_stay_hidden(web_rig: Rig, browser: Any) -> None:
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    assert await page.frame.is_hidden("#outside") and await page.frame.is_visible("#app")


async def test_the_policy_is_in_force_in_the_browser(web_rig: Rig, browser: Any) -> None:
    """The table loads with no violation (a game's module and style sheet included);
    an injected inline script does not run and a foreign address is not reached."""
    applied = await start_with_an_ai(web_rig.bot.service, CHANNEL, "akelarre")
    await web_rig.bot.changes.after(applied)
    await web_rig.bot.changes.settled()
    page = await open_page(
        browser, web_rig.base, user=ALICE, code="code-alice", instance="i-table", channel=CHANNEL
    )
    await page.frame.wait_for_selector("#board > *")
    assert page.errors == []  # a refused load is a console error
    tried = await page.frame.evaluate(
        """async () => {
          const seen = [];
          document.addEventListener("securitypolicyviolation", (e) => seen.push(e.effectiveDirective));
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.append(script);
          let reached = true;
          try { await fetch("http://127.0.0.2:9/"); } catch { reached = false; }
          await new Promise((done) => setTimeout(done, 200));
          return { ran: window.injected === true, reached, seen };
        }"""
    )
    assert tried["ran"] is False and tried["reached"] is False
    assert {"script-src-elem", "connect-src"} <= set(tried["seen"])


EVIL = """<!doctype html><html><body>
<iframe src="{base}/?frame_id=f&instance_id=i-table&platform=desktop&channel_id=100"></iframe>
<script>
window.socket = "pending";
const ws = new WebSocket("{ws}/ws");
ws.onopen = () => {{ window.socket = "open"; }};
ws.onerror = () => {{ window.socket = "refused"; }};
fetch("{base}/api/token", {{method: "POST", mode: "no-cors", body: JSON.stringify({{code: "code-alice"}}),
  headers: {{"Content-Type": "text/plain"}}}}).finally(() => {{ window.posted = true; }});
</script></body></html>"""


async def test_another_site_can_neither_frame_the_page_nor_use_its_socket_or_sign_in(
    web_rig: Rig, browser: Any
) -> None:
    base = web_rig.base
    ws_base = base.replace("http://", "ws://")
    evil = web.Application()

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=EVIL.format(base=base, ws=ws_base), content_type="text/html")

    evil.router.add_get("/", page)
    runner = web.AppRunner(evil, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.2", 0)  # another origin: not the loopback name 127.0.0.1
    await site.start()
    port = runner.addresses[0][1]
    context = await browser.new_context()
    try:
        tab = await context.new_page()
        console: list[str] = []
        refused = asyncio.Event()  # the refusal is written once the frame's answer is read

        def heard(text: str) -> None:
            console.append(text)
            if "frame-ancestors" in text:
                refused.set()

        tab.on("console", lambda message: heard(message.text))
        await tab.goto(f"http://127.0.0.2:{port}/")
        await tab.wait_for_function("window.socket !== 'pending' && window.posted === true", timeout=10_000)
        assert await tab.evaluate("window.socket") == "refused"
        framed = next(f for f in tab.frames if f is not tab.main_frame)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(refused.wait(), timeout=5)
        assert any("frame-ancestors" in line for line in console), console
        assert not framed.url.startswith(base)  # the browser's error page instead of the table
        assert web_rig.discord.asked == []  # the stolen code was never exchanged
        assert "code-alice" in web_rig.discord.codes
    finally:
        await context.close()
        await runner.cleanup()
