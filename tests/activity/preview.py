"""Screenshots of the Activity's pages, for review without Discord:

    .venv/bin/python -m tests.activity.preview --out preview/activity [--game narnia] [--language it]

Seeded deals of each game with a page (its face has a page folder: ``Presenter.page_folder``)
are played by one member (seat 1) and AI seats, on the real bot's table service, with the
Activity's server on a loopback port, the fake Discord of the tests and the real page in
Debian's chromium (the browser tests' harness). The member's moves are the normal AI's
choices from their own view. In the lobby (``00-lobby``), the first time the member
faces each kind of decision, and at the end of the first deal, the member's page is saved
at phone, desktop and picture-in-picture size: ``<out>/<game>/<nn>-<decision>-<size>-<language>.png``. Further
deals (``--deals``, 3 at most by default) are played at the same table, each from a lobby of
its own that the pages follow (saved as ``00-lobby<n>``, the deal's number), until the member
has faced every kind the game has (its ``<game>.decision.*`` words name them); any never
faced is named.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from unittest.mock import patch

from aiohttp import web
from playwright.async_api import Browser
from pydantic import SecretStr

from bot.client import GameMasterBot
from bot.i18n import catalog
from cogs.activity import server as served
from cogs.activity.server import ActivityServer
from cogs.kit.presenter import register
from games.registry import GAMES
from tests.activity.browser.chromium import launched
from tests.activity.browser.pages import (
    DESKTOP,
    PHONE,
    PIP,
    TablePage,
    chromium_path,
    open_page,
    with_harness,
)
from tests.activity.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from tests.activity.pages import page_presenters
from tests.factory import make_bot

CHANNEL, MEMBER = 100, 11
SIZES = {"phone": PHONE, "desktop": DESKTOP, "pip": PIP}
LOCALES = {"en": "en-US", "it": "it"}
MOVES = 3000  # a bound on the member's moves: every game ends well before
READY_MS = 60_000

# The games with a page, as their cogs register them in the bot: a page's words, data
# and final record come from their presenters.
PAGES = [presenter.game_id for presenter in page_presenters()]
for presenter in page_presenters():
    register(presenter)


async def _listen(app: web.Application) -> tuple[web.AppRunner, str]:
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    return runner, f"http://127.0.0.1:{port}"


async def _lobby(bot: GameMasterBot, game: str, language: str) -> int:
    """The member's lobby with two AI seats; its version (the page shows it before Start)."""
    service = bot.service
    await service.open_lobby(CHANNEL, 1, MEMBER, "Alice", game, seats=None, speed="live", language=language)
    for _ in range(2):
        row, _ = await service.add_ai(CHANNEL, MEMBER, False)
    await bot.changes.after(row)
    return row.version


async def _open(bot: GameMasterBot, seed: int) -> None:
    service = bot.service
    with patch("bot.lobby.secrets.randbits", return_value=seed):  # the same game each run
        applied = await service.start(CHANNEL, MEMBER, False)
    await bot.changes.after(applied)
    await bot.changes.settled()


async def _shoot(
    pages: dict[str, TablePage], version: int, out: Path, name: str, language: str
) -> list[Path]:
    """Each page saved once it shows ``version``: the files written."""
    for size, page in pages.items():
        # A machine shared with others can be slow: the review waits for the page as a
        # patient member would (the tests keep their own bounds).
        await page.ready(version, timeout=READY_MS)
        await page.page.wait_for_timeout(150)  # the page's own drawing after the state
        await page.page.screenshot(path=str(out / f"{name}-{size}-{language}.png"))
    return [out / f"{name}-{size}-{language}.png" for size in pages]


async def _play(
    bot: GameMasterBot, engine: Any, pages: dict[str, TablePage], out: Path, language: str, seen: set[str]
) -> list[Path]:
    """The member plays one deal to its end, its page saved the first time it faces each
    kind of decision (``seen`` holds those of the deals before)."""
    saved: list[Path] = []
    for _ in range(MOVES):
        found = await bot.service.active(CHANNEL)
        if found is None:
            break
        row, _info = found
        state = bot.service.state_of(row)
        decision = engine.decision(state)
        if decision is None or 0 not in decision.actors:
            await bot.changes.settled()
            await asyncio.sleep(0.05)
            continue
        kind = decision.kind.split(".")[-1]
        if kind not in seen:
            seen.add(kind)
            saved += await _shoot(pages, row.version, out, f"{len(seen):02d}-{kind}", language)
        # Off the loop: a long think would leave the pages' pings unanswered, and a
        # page that hears nothing for a while takes its socket for dead and reconnects.
        action: Any = await asyncio.to_thread(engine.ai(0).act, engine.view(state, 0), decision)
        applied = await bot.service.act(CHANNEL, MEMBER, action.model_dump(mode="json"), version=row.version)
        await bot.changes.after(applied)
        await bot.changes.settled()
    return saved


def decisions(game: str) -> set[str]:
    """Every kind of decision ``game`` has: its channel's words name each (``<game>.decision.<kind>``)."""
    prefix = f"{game}.decision."
    return {key.removeprefix(prefix) for key in catalog("en") if key.startswith(prefix)}


NOT_BUILT = "The Activity's page is not built: run scripts/build-activity (needs npm), then this again."


async def _further_deal(
    bot: GameMasterBot,
    game: str,
    language: str,
    pages: dict[str, TablePage],
    out: Path,
    seed: int,
    deal: int,
    seen: set[str],
) -> list[Path]:
    """Deal number ``deal`` (from 0; 1 and on: further deals) at the same table, once the one
    before ended: its lobby opened again and saved as the pages follow it, then started and
    played, each kind of decision not in ``seen`` saved the first time it is faced."""
    lobby = await _lobby(bot, game, language)
    saved = await _shoot(pages, lobby, out, f"00-lobby{deal + 1}", language)
    await _open(bot, seed + deal)
    return saved + await _play(bot, GAMES[game], pages, out, language, seen)


async def preview(
    game: str,
    language: str,
    out: Path,
    seed: int,
    browser: Browser,
    deals: int = 1,
    sizes: Mapping[str, dict[str, int]] = SIZES,
) -> list[Path]:
    """``game``'s deals in ``language`` at ``sizes`` (each a page of its own), saved in ``out``:
    the files written."""
    out.mkdir(parents=True, exist_ok=True)
    engine = GAMES[game]
    with tempfile.TemporaryDirectory() as folder:
        fake = FakeDiscord(
            codes={f"code-{size}": "tok-member" for size in SIZES},
            users={"tok-member": {"id": str(MEMBER), "username": "alice", "locale": LOCALES[language]}},
            instances={
                "i-table": {"location": {"channel_id": str(CHANNEL), "guild_id": "1"}, "users": [str(MEMBER)]}
            },
        )
        discord_runner, discord_base = await _listen(fake.app())
        bot = make_bot(
            Path(folder) / "preview.db",
            discord_client_id=CLIENT_ID,
            discord_client_secret=SecretStr(CLIENT_SECRET),
            discord_api_base=discord_base,
        )
        await bot.store.open()
        server = ActivityServer(bot.service, bot.changes, bot.settings)
        bot.changes.publishers.append(server.viewers)
        runner, base = await _listen(with_harness(server.app()))
        saved: list[Path] = []
        pages: dict[str, TablePage] = {}
        try:
            lobby = await _lobby(bot, game, language)
            pages = {
                size: await open_page(
                    browser,
                    base,
                    user=MEMBER,
                    code=f"code-{size}",
                    instance="i-table",
                    channel=CHANNEL,
                    viewport=viewport,
                    locale=LOCALES[language],
                )
                for size, viewport in sizes.items()
            }
            # The lobby in the page (lobby.mjs).
            saved += await _shoot(pages, lobby, out, "00-lobby", language)
            await _open(bot, seed)
            seen: set[str] = set()
            saved += await _play(bot, engine, pages, out, language, seen)
            for deal in range(1, deals):
                if not decisions(game) - seen:
                    break
                saved += await _further_deal(bot, game, language, pages, out, seed, deal, seen)
            missing = sorted(decisions(game) - seen)
            if missing:
                print(f"{game} ({language}): the member never faced {', '.join(missing)} in {deals} deal(s)")
            latest = await bot.service.latest(CHANNEL)
            assert latest is not None and latest.status == "finished", "the game did not end"
            saved += await _shoot(pages, latest.version, out, "99-final", language)
            for page in pages.values():
                if page.errors:
                    raise SystemExit(f"the page reported errors: {page.errors}")
        finally:
            for page in pages.values():  # gone before the server: its sockets closed, not waited on
                await page.page.context.close()
            await runner.cleanup()
            await server.stop()
            await bot.changes.settled()
            await bot.store.close()
            await discord_runner.cleanup()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("preview/activity"))
    parser.add_argument("--game", choices=PAGES)
    parser.add_argument("--language", choices=sorted(LOCALES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--deals", type=int, default=3, help="deals played at most until the member has faced every decision"
    )
    args = parser.parse_args()
    asyncio.run(previews(args))


async def previews(args: argparse.Namespace) -> None:
    """Every game and language asked for, in one chromium."""
    if not served.SDK.exists():  # the page would wait for its SDK until a timeout
        raise SystemExit(NOT_BUILT)
    path = chromium_path()
    if path is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")
    async with launched(path) as chromium:
        for game in [args.game] if args.game else PAGES:
            for language in [args.language] if args.language else sorted(LOCALES):
                browser = await chromium.ready()  # the last game's pages closed
                saved = await preview(game, language, args.out / game, args.seed, browser, args.deals)
                print(f"{game} ({language}): {len(saved)} screenshots in {args.out / game}")


if __name__ == "__main__":
    main()
