"""No secret in the logs at any level: whole games at
LOG_LEVEL=DEBUG through the bot's own logging setup, on both stores, with the
Activity's pages signed in beside them; then the whole log (every logger, as the
root handler writes it) is searched for every hidden hand at every version, the
deck, the favourites and objectives, the seed, the salt, and every token.

The games are played by members clicking their panels in SimCord (as
``bench.channel`` plays them); the pages exchange a code (the client secret goes to
the fake Discord), sign in with the access token (the bot's token asks for the
instance) and play a move of their own."""

from __future__ import annotations

import io
import json
import logging
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
import simcord
from _pytest.logging import LogCaptureHandler
from pydantic import SecretStr

from bench.channel import Run, tapped
from bot.client import GameMasterBot
from bot.logs import HELD, secrets_of, setup_logging
from bot.model import Applied, LogRow, table_of
from cogs.activity.server import ActivityServer
from games.registry import GAMES
from tests.activity.conftest import activity, fake_discord  # noqa: F401 (fixtures)
from tests.activity.fake_discord import BOT_TOKEN, CLIENT_SECRET, FakeDiscord
from tests.factory import make_bot, make_settings

PLAYERS = 3
INSTANCE = "i-secret-logs"


@contextmanager
def debug_logging(database: str = "gamemaster.db") -> Iterator[io.StringIO]:
    """The bot's own logging at DEBUG into a buffer, as ``python -m bot`` sets it up with
    the Activity's settings; every level put back afterwards."""
    root = logging.getLogger()
    names = [*HELD, "gamemaster"]
    kept = (root.handlers[:], root.level, {name: logging.getLogger(name).level for name in names})
    settings = make_settings(database, discord_client_secret=SecretStr(CLIENT_SECRET))
    buffer = io.StringIO()
    setup_logging("DEBUG", secrets_of(settings), stream=buffer)
    [ours] = root.handlers
    try:
        yield buffer
    finally:
        # pytest's handlers of the phase that is over stay gone; its session's come back.
        root.handlers[:] = [
            *(h for h in root.handlers if h is not ours),
            *(h for h in kept[0] if not isinstance(h, LogCaptureHandler) and h not in root.handlers),
        ]
        root.setLevel(kept[1])
        for name, level in kept[2].items():
            logging.getLogger(name).setLevel(level)


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    with debug_logging() as buffer:
        yield buffer


@pytest.fixture
def simcord_bot(database: str, debug_log: io.StringIO) -> GameMasterBot:
    """The bot of both stores, built once the logging is set up (as in production)."""
    return make_bot(database)


@pytest_asyncio.fixture
async def states(simcord_env: simcord.Env) -> AsyncIterator[list[Any]]:
    """Every state the table service commits, in order."""
    bot = simcord_env.bot
    assert isinstance(bot, GameMasterBot)
    core = bot.service._core
    commit, seen = core.commit, []

    async def recorded(applied: Applied, log_rows: list[LogRow], **options: Any) -> None:
        await commit(applied, log_rows, **options)
        seen.append(applied.state)

    core.commit = recorded  # type: ignore[method-assign]
    yield seen


def renderings(value: Any) -> set[str]:
    """How ``value`` would read in a log line: JSON either way, or Python's repr."""
    return {json.dumps(value), json.dumps(value, separators=(",", ":")), repr(value)}


def hidden_of(game: str, state: Any) -> set[str]:
    """What no other player could see in this state, as search terms specific enough
    never to match innocent text (whole lists and hands, never a lone card name)."""
    found: set[str] = set()
    if game == "akelarre":
        for hand in state.hands:
            if len(hand) >= 2:
                found |= renderings(hand)
        for cards in (state.deck, state.favourites, state.unused_favourites):
            if len(cards) >= 2:
                found |= renderings(cards)
    else:
        for hand in state.hands:
            found |= renderings(dict(hand))
        found |= renderings(state.objectives) | renderings(state.set_aside)
    return found


def leaks(log: str, terms: dict[str, set[str]]) -> dict[str, list[str]]:
    """For each kind of secret, the terms the log holds."""
    return {
        kind: sorted(t for t in found if t in log)
        for kind, found in terms.items()
        if any(t in log for t in found)
    }


async def sign_in_pages(
    guild_id: int,
    fake: FakeDiscord,
    port: int,
    members: list[simcord.MemberActor],
    channel: simcord.ChannelHandle,
) -> tuple[list[str], list[aiohttp.ClientWebSocketResponse], aiohttp.ClientSession]:
    """Each member's page exchanges a fresh code and signs in with the token it got."""
    tokens = []
    fake.instances[INSTANCE] = {
        "location": {"channel_id": str(channel.id), "guild_id": str(guild_id)},
        "users": [str(m.id) for m in members],
    }
    http = aiohttp.ClientSession()
    pages = []
    for member in members:
        code, token = f"code-{secrets.token_hex(12)}", f"access-{secrets.token_hex(16)}"
        fake.codes[code] = token
        fake.users[token] = {"id": str(member.id), "username": member.name, "locale": "en-US"}
        answer = await http.post(f"http://127.0.0.1:{port}/api/token", json={"code": code})
        assert answer.status == 200 and (await answer.json())["access_token"] == token
        page = await http.ws_connect(f"http://127.0.0.1:{port}/ws")
        await page.send_json({"v": 1, "type": "hello", "access_token": token, "instance_id": INSTANCE})
        first = await page.receive_json(timeout=10)
        assert first["type"] == "state", first
        tokens.append(token)
        pages.append(page)
    return tokens, pages, http


# Whole games on SQLite. On PostgreSQL the first turns by default (its writes are the same
# statements; a whole game there beside the server's start outlasted pytest's timeout on
# a loaded machine), and Akelarre's whole game in `pytest -m slow`, as
# tests.e2e.helpers.WHOLE_GAME has it.
WHOLE = 10_000  # turns: to the end


@pytest.mark.parametrize(
    ("database", "game", "turns"),
    [
        ("sqlite", "akelarre", WHOLE),
        pytest.param("postgres", "akelarre", WHOLE, marks=pytest.mark.slow),
        ("sqlite", "magmor", WHOLE),
        ("postgres", "magmor", 6),
    ],
    indirect=["database"],
)
async def test_a_whole_game_at_debug_logs_no_secret(
    simcord_env: simcord.Env,
    fake_discord: tuple[FakeDiscord, str],  # noqa: F811
    activity: ActivityServer,  # noqa: F811
    states: list[Any],
    debug_log: io.StringIO,
    game: str,
    turns: int,
) -> None:
    # A click on PostgreSQL, beside the pages, once took over SimCord's 5 s to settle in a
    # full run on a loaded machine: the test is about the log, not the speed.
    simcord_env.settle_timeout = 60
    guild = simcord_env.create_guild(name="Secrets")
    channel = guild.create_text_channel(game)
    members = [guild.add_member(simcord_env.create_user(f"m{n}")) for n in range(PLAYERS)]
    port = activity.settings.activity_port
    assert port is not None
    with tapped() as requests:
        run = Run(simcord_env, channel, game, members, "reuse", requests)
        await run.lobby("en")
        tokens, pages, http = await sign_in_pages(guild.id, fake_discord[0], port, members, channel)
        row = await run.bot.store.latest(channel.id)
        assert row is not None and row.state is not None
        run.seat_users = [s["user_id"] for s in row.table["seats"]]
        # A move from a page, then the rest of the game in the channel.
        state = GAMES[game].load_state(row.state)
        decision = GAMES[game].decision(state)
        assert decision is not None
        seat = decision.actors[0]
        page = pages[[m.id for m in members].index(run.seat_users[seat])]
        action = GAMES[game].default_action(state, seat).model_dump(mode="json")
        await page.send_json({"v": 1, "type": "act", "version": row.version, "action": action})
        while (message := await page.receive_json(timeout=10))["type"] != "state":
            pass
        assert message["table"]["version"] > row.version
        for open_page in pages:
            await open_page.close()
        await http.close()
        await run.play(turns=turns)
    row = await run.bot.store.latest(channel.id)
    assert row is not None and run.f.stopped is None, run.f.stopped
    assert row.status == ("finished" if turns == WHOLE else "playing")
    table = table_of(row)
    assert len(states) > (20 if turns == WHOLE else 5)

    log = debug_log.getvalue()
    assert logging.getLogger("gamemaster.table").isEnabledFor(logging.DEBUG)
    hidden: set[str] = set()
    for seen in states[:-1] if turns == WHOLE else states:  # a finished game's last state is public
        hidden |= hidden_of(game, seen)
    terms = {
        "hidden": hidden,
        "seed": {str(table.seed)},
        "salt": {table.salt},
        "bot token": {BOT_TOKEN},
        "client secret": {CLIENT_SECRET},
        "access tokens": set(tokens),
        "interaction tokens": {"simcord_interaction_", "simcord_webhook_"},
    }
    assert len(str(table.seed)) >= 6 and len(table.salt) == 32
    found = leaks(log, terms)
    assert not found, {
        kind: [term[:40] + "…" for term in found_terms[:3]] for kind, found_terms in found.items()
    }


DB_PASSWORD = "pg-password-never-shown"
PLANTED = '{"hands": [["W3a", "G2b", "N4c"]], "seed": 281474976710655}'
LIBRARIES = (
    "aiosqlite",
    "asyncpg",
    "asyncpg.pool",
    "aiohttp.access",
    "aiohttp.client",
    "aiohttp.server",
    "aiohttp.web",
    "aiohttp.websocket",
    "discord.http",
    "discord.gateway",
    "discord.client",
    "discord.state",
    "discord.webhook.async_",
)


def test_libraries_never_show_what_passes_through_them_and_ours_speak_at_debug() -> None:
    with debug_logging() as buffer:
        for name in LIBRARIES:
            logging.getLogger(name).debug("planted %s %s", name, PLANTED)
        logging.getLogger("aiosqlite").info("planted executing %s", PLANTED)
        logging.getLogger("aiohttp.access").info('planted 127.0.0.1 "GET /ws?access_token=abc HTTP/1.1" 101')
        logging.getLogger("gamemaster.table").debug("our own line")
        logging.getLogger("discord.gateway").info("the gateway's connection line")
    log = buffer.getvalue()
    assert "planted" not in log, log
    assert "our own line" in log and "the gateway's connection line" in log


def test_a_line_that_gets_through_has_its_secrets_blanked() -> None:
    bearer = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdl"
    lines = [
        f"We are being rate limited. POST /api/v10/webhooks/4242/{bearer}/messages responded with 429.",
        f"POST /api/v10/interactions/77/{bearer}/callback failed",
        f"sent Authorization: Bearer {bearer}",
        f"the bot token is {BOT_TOKEN}, the client secret {CLIENT_SECRET}",
        f'answer {{"access_token": "{bearer}", "token_type": "Bearer"}}',
        "row {'seed': 281474976710655, 'salt': '0123456789abcdef0123456789abcdef'}",
        "asked https://example.org/?token=abcdefgh&page=2 seed=281474976710655",
    ]
    with debug_logging(f"postgresql://gm:{DB_PASSWORD}@127.0.0.1:5432/gm") as buffer:
        logging.getLogger("gamemaster").error(
            "cannot reach postgresql://gm:%s@127.0.0.1:5432/gm", DB_PASSWORD
        )
        for line in lines:
            logging.getLogger("discord.http").warning(line)
        try:
            raise RuntimeError(f"refused {CLIENT_SECRET}")
        except RuntimeError:
            logging.getLogger("gamemaster").exception("a traceback")
    log = buffer.getvalue()
    for secret in (
        DB_PASSWORD,
        bearer,
        BOT_TOKEN,
        CLIENT_SECRET,
        "281474976710655",
        "0123456789abcdef",
        "abcdefgh",
    ):
        assert secret not in log, (secret, log)
    assert log.count("WARNING discord.http") == len(lines) and "rate limited" in log and "RuntimeError" in log


def test_the_search_finds_a_planted_leak() -> None:
    """The game test's search is not blind: a state that reached the log is found."""
    hand = ["W3a", "G2b", "N4c"]
    log = f"DEBUG gamemaster.x state {json.dumps({'hands': [hand]})}"
    assert leaks(log, {"hidden": renderings(hand)}) == {"hidden": [json.dumps(hand)]}
    assert leaks(log.replace(", ", ","), {"hidden": renderings(hand)}) == {
        "hidden": [json.dumps(hand, separators=(",", ":"))]
    }
