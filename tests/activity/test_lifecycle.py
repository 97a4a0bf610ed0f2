"""The Activity's web server starts with the bot only when it is configured,
serves its page, and stops when its extension is unloaded (the bot's close)."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest
from pydantic import SecretStr

import cogs.activity
from bot.client import GameMasterBot
from bot.extensions import extensions
from cogs.activity.viewers import Viewers
from tests.activity.fake_discord import CLIENT_ID, CLIENT_SECRET
from tests.factory import make_bot


async def test_off_unless_configured(tmp_path: Path) -> None:
    assert "cogs.activity" in extensions()
    bot = make_bot(tmp_path / "gamemaster.db", discord_client_id=CLIENT_ID)  # no secret, no port
    await bot.store.open()
    await cogs.activity.setup(bot)
    assert bot.get_cog("Activity") is None
    assert not any(isinstance(p, Viewers) for p in bot.changes.publishers)


async def configured(tmp_path: Path, port: int) -> GameMasterBot:
    """A bot with the Activity configured on ``port``, its extension set up."""
    bot = make_bot(
        tmp_path / "gamemaster.db",
        discord_client_id=CLIENT_ID,
        discord_client_secret=SecretStr(CLIENT_SECRET),
        activity_port=port,
    )
    await bot.store.open()
    await cogs.activity.setup(bot)
    return bot


async def test_started_and_stopped_with_the_bot(tmp_path: Path, unused_tcp_port: int) -> None:
    bot = await configured(tmp_path, unused_tcp_port)
    assert isinstance(bot.changes.ordered()[0], Viewers)  # pages first: a local write
    url = f"http://127.0.0.1:{unused_tcp_port}/"
    async with aiohttp.ClientSession() as http:
        async with http.get(url) as page:
            assert page.status == 200
            html = await page.text()
        # No inline script (the proxy's CSP forbids it): one module, by this build's path.
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
        assert len(scripts) == 1 and html.count("<script") == 1
        attributes, body = scripts[0]
        assert body.strip() == "" and 'type="module"' in attributes
        source = re.search(r'src="([^"]+)"', attributes)
        assert source is not None and source[1].startswith("/static/") and source[1].endswith("/app/main.mjs")
        assert f'content="{CLIENT_ID}"' in html
        async with http.get(url.rstrip("/") + source[1]) as script:
            assert script.status == 200 and script.content_type == "text/javascript"
            assert "immutable" in script.headers["Cache-Control"]  # a new build is a new path
        await bot.remove_cog("Activity")
        with pytest.raises(aiohttp.ClientConnectionError):
            async with http.get(url):
                pass


async def test_an_unbuilt_page_leaves_the_activity_off(
    tmp_path: Path, unused_tcp_port: int, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Configured, but scripts/build-activity never ran (no npm): the bot runs without
    its Activity, says why in the log, and no board offers Open the table."""
    monkeypatch.setattr(cogs.activity, "SDK", tmp_path / "missing" / "index.mjs")
    bot = await configured(tmp_path, unused_tcp_port)
    assert not bot.settings.activity_on
    assert not any(isinstance(p, Viewers) for p in bot.changes.publishers)
    assert "scripts/build-activity" in caplog.text
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.ClientConnectionError):
            async with http.get(f"http://127.0.0.1:{unused_tcp_port}/"):
                pass
    await bot.store.close()
