"""Sharded processes on one database (SHARD_COUNT / SHARD_IDS): each process runs
only its own guilds' deadlines and publishes only their outbox, only the process
running shard 0 syncs the slash commands, and the settings refuse shard ids that
cannot work. ``Shards`` itself against Discord's formula, in Python and in SQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest
import simcord
from hypothesis import given
from hypothesis import strategies as st
from pydantic import SecretStr, ValidationError

from bot.client import GameMasterBot, now
from bot.settings import Settings
from bot.shards import EVERY_SHARD, Shards
from tests.factory import make_bot, make_settings, open_store

ROOT = Path(__file__).resolve().parents[2]
SNOWFLAKES = st.integers(min_value=0, max_value=2**63 - 1)


def discord_shard(guild_id: int, count: int) -> int:
    """Discord's own formula (developer docs, "Sharding")."""
    return (guild_id >> 22) % count


# -- Shards -------------------------------------------------------------------


@given(guild_id=SNOWFLAKES, count=st.integers(min_value=1, max_value=16), data=st.data())
def test_owns_follows_discords_formula(guild_id: int, count: int, data: st.DataObject) -> None:
    ids = data.draw(st.sets(st.integers(0, count - 1), min_size=1))
    shards = Shards(count, tuple(sorted(ids)))
    assert shards.shard_of(guild_id) == discord_shard(guild_id, count)
    assert shards.owns(guild_id) == (discord_shard(guild_id, count) in ids)


def test_every_shard_filters_nothing() -> None:
    assert EVERY_SHARD.everything and EVERY_SHARD.where("guild_id") == ("", ())
    assert Shards(2, (1, 0)).everything and Shards(2, (0, 1)).where("guild_id") == ("", ())
    assert not Shards(2, (1,)).everything
    assert Shards(2, (1,)).owns(None) is False  # no guild: shard 0's, as Discord sends DMs there
    with pytest.raises(ValueError):
        Shards(2, (2,))


async def test_where_selects_discords_shards_in_sql(database: str) -> None:
    """The SQL clause on each backend agrees with the formula, for real
    snowflakes (up to 2**63 - 1) and a game without a guild."""
    store = await open_store(database)
    try:
        guilds: list[int | None] = [
            None,
            0,
            (1 << 22) - 1,
            1 << 22,
            81384788765712384,  # Discord API's guild, the docs' example
            175928847299117063,
            613425648685547541,
            1234567890123456789,
            2**63 - 1,
            *((n << 22) | 12345 for n in range(12)),
        ]
        for channel, guild in enumerate(guilds, start=1):
            await store.create(channel, guild, "magmor", {}, 0.0)
        for shards in (
            Shards(2, (0,)),
            Shards(2, (1,)),
            Shards(3, (0, 2)),
            Shards(5, (4,)),
            Shards(16, (3, 7)),
        ):
            where, params = shards.where("guild_id")
            rows = await store.fetch(f"SELECT channel_id FROM games WHERE 1 = 1{where}", params)
            chosen = {int(r["channel_id"]) for r in rows}
            expected = {
                channel
                for channel, guild in enumerate(guilds, start=1)
                if discord_shard(guild or 0, shards.count) in shards.ids
            }
            assert chosen == expected, shards
            assert expected and expected != set(range(1, len(guilds) + 1))  # a real split
    finally:
        await store.close()


# -- one process's guilds -----------------------------------------------------


async def start_magmor(
    bot: GameMasterBot, env: simcord.Env, guild: simcord.GuildHandle, channel: simcord.ChannelHandle
) -> int:
    """A Mag Mor game started through the service, as another process's click
    would have: committed, its notices still in the outbox."""
    names = ["alice", "bob", "carol"]
    users = [guild.add_member(env.create_user(f"{name}-{guild.id}")) for name in names]
    row, _ = await bot.service.open_lobby(
        channel.id, guild.id, users[0].id, names[0], "magmor", seats=3, speed="live", language="en"
    )
    for user, name in zip(users[1:], names[1:], strict=True):
        await bot.service.join(channel.id, user.id, name)
    await bot.service.start(channel.id, users[0].id, False)
    return row.id


async def version_of(bot: GameMasterBot, game_id: int) -> int:
    row = await bot.store.get(game_id)
    assert row is not None
    return row.version


def handles(shard_ids: list[int] | None, shard: int) -> bool:
    return shard_ids is None or shard in shard_ids


SPLITS = [pytest.param([1], id="ids-1"), pytest.param([0], id="ids-0"), pytest.param(None, id="all")]


@pytest.mark.parametrize("shard_ids", SPLITS)
async def test_a_process_runs_only_its_own_guilds_deadlines(
    database: str, shard_ids: list[int] | None
) -> None:
    bot = make_bot(database, shard_count=2, shard_ids=shard_ids)
    assert bot.own_shards == (EVERY_SHARD if shard_ids is None else Shards(2, tuple(shard_ids)))
    async with simcord.run(bot) as env:
        games: dict[int, tuple[int, int]] = {}  # shard -> (game id, channel id)
        for shard in (0, 1):
            guild = env.create_guild(f"shard {shard}", shard_id=shard)
            channel = guild.create_text_channel("mag-mor")
            games[shard] = (await start_magmor(bot, env, guild, channel), channel.id)
        versions = {shard: await version_of(bot, game_id) for shard, (game_id, _) in games.items()}
        # Both deadlines passed (as if the players went quiet), stored as any process would.
        await bot.store.execute(
            "UPDATE games SET deadline_at = ?, reminder_at = NULL WHERE status = 'playing'", (now() - 1,)
        )
        assert set(await bot.store.due(now())) == {channel for _, channel in games.values()}

        await env.advance_time(bot.settings.scheduler_interval_seconds + 1)

        for shard, (game_id, channel_id) in games.items():
            row = await bot.store.get(game_id)
            assert row is not None
            timeouts = [a for a in await bot.store.actions(game_id) if a.source == "timeout"]
            if handles(shard_ids, shard):
                assert timeouts and row.version > versions[shard], shard
                assert channel_id not in await bot.store.due(now())
            else:  # left to the process running that shard: still due, untouched
                assert timeouts == [] and row.version == versions[shard], shard
                assert channel_id in await bot.store.due(now())
                assert channel_id not in await bot.store.due(now(), bot.own_shards)


@pytest.mark.parametrize("shard_ids", SPLITS)
async def test_a_process_publishes_only_its_own_guilds_outbox(
    database: str, shard_ids: list[int] | None
) -> None:
    bot = make_bot(database, shard_count=2, shard_ids=shard_ids)
    async with simcord.run(bot) as env:
        channels: dict[int, simcord.ChannelHandle] = {}
        for shard in (0, 1):
            guild = env.create_guild(f"shard {shard}", shard_id=shard)
            channels[shard] = guild.create_text_channel("mag-mor")
            await start_magmor(bot, env, guild, channels[shard])
            pending = await bot.store.pending_notices(channels[shard].id)
            # The lobby's (/play, two joins) and the start's, none published.
            assert [n.payload["kind"] for n in pending] == ["lobby", "lobby", "lobby", "change"]

        await env.advance_time(bot.settings.scheduler_interval_seconds + 1)

        for shard, channel in channels.items():
            waiting = await bot.store.pending_notices(channel.id)
            if handles(shard_ids, shard):
                assert waiting == [], shard
                assert any("sealed" in (m.content or "") for m in channel.history())  # the start's lines
            else:  # Discord would deliver nothing of that guild here: its own process publishes it
                assert len(waiting) == 4, shard
                assert channel.history() == []
        assert await bot.store.pending_channels(bot.own_shards) == []


# -- commands are synced once ---------------------------------------------------


def command_syncs(env: simcord.Env) -> list[str]:
    return [r.path for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


@pytest.mark.parametrize(
    ("shard_count", "shard_ids", "syncs"),
    [
        (2, [1], False),
        (3, [1, 2], False),
        (2, [0], True),
        (2, [1, 0], True),
        (2, None, True),
        (1, None, True),
    ],
)
async def test_only_the_process_running_shard_0_syncs_commands(
    database: str, shard_count: int, shard_ids: list[int] | None, syncs: bool
) -> None:
    bot = make_bot(database, shard_count=shard_count, shard_ids=shard_ids)
    assert bot.syncs_commands is syncs
    async with simcord.run(bot) as env:
        assert len(command_syncs(env)) == (1 if syncs else 0), env.transcript()
        digest = await bot.store.get_meta("commands:0")
        assert (digest is not None) is syncs  # the digest belongs to whoever synced


async def test_the_shard_0_process_syncs_for_every_process_once(database: str) -> None:
    """Processes taking turns on one database and one application: shard 1's
    syncs nothing, shard 0's syncs once (and not again for an unchanged tree,
    SYNC_COMMANDS=auto), and shard 1's guilds get the commands it synced."""
    async with simcord.run(make_bot(database, shard_count=2, shard_ids=[1])) as env:
        assert command_syncs(env) == []
        await env.restart_bot(make_bot(database, shard_count=2, shard_ids=[0]))
        assert len(command_syncs(env)) == 1
        await env.restart_bot(make_bot(database, shard_count=2, shard_ids=[0]))  # a rolling restart
        assert len(command_syncs(env)) == 1
        await env.restart_bot(make_bot(database, shard_count=2, shard_ids=[1]))
        assert len(command_syncs(env)) == 1
        guild = env.create_guild("shard 1", shard_id=1)
        channel = guild.create_text_channel("mag-mor")
        host = guild.add_member(env.create_user("alice"))
        # strict_sync (SimCord's default) refuses a command nobody synced: this one was, by shard 0.
        opened = await host.slash(channel, "play", game="magmor")
        assert opened.response is not None and not opened.ephemeral


# -- settings ------------------------------------------------------------------


def test_shard_settings_default_to_one_process_with_automatic_sharding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None, discord_token=SecretStr("t"))  # type: ignore[call-arg]
    assert settings.shard_count is None and settings.shard_ids is None
    bot = GameMasterBot(settings)
    assert bot.shard_count is None and bot.shard_ids is None  # discord.py asks Discord for the count
    assert bot.own_shards == EVERY_SHARD and bot.syncs_commands
    assert isinstance(bot, discord.AutoShardedClient)


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [("2", "0,1", (0, 1)), ("4", " 3 , 1 ", (3, 1)), ("2", "", None), ("2", "1", (1,)), ("", "", None)],
)
def test_shard_ids_come_from_a_comma_list(
    monkeypatch: pytest.MonkeyPatch, count: str, ids: str, expected: tuple[int, ...] | None
) -> None:
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    settings = Settings(_env_file=None, discord_token=SecretStr("t"))  # type: ignore[call-arg]
    assert settings.shard_ids == expected
    bot = GameMasterBot(settings)
    assert bot.shard_ids == (list(expected) if expected else None)
    if expected is not None:
        assert bot.own_shards == Shards(int(count), expected)


@pytest.mark.parametrize(
    ("count", "ids", "field", "reason"),
    [
        (None, [0, 1], "shard_ids", "needs SHARD_COUNT"),
        (2, [1, 1], "shard_ids", "names a shard twice"),
        (2, [2], "shard_ids", "0..1"),
        (2, [-1], "shard_ids", "0..1"),
        (2, "0;1", "shard_ids", "separated by commas"),
        (0, None, "shard_count", "greater than or equal to 1"),
    ],
)
def test_shard_settings_that_cannot_work_are_refused(
    tmp_path: Path, count: int | None, ids: object, field: str, reason: str
) -> None:
    with pytest.raises(ValidationError) as raised:
        make_settings(tmp_path / "gamemaster.db", shard_count=count, shard_ids=ids)
    [error] = raised.value.errors()
    assert error["loc"] == (field,) and reason in error["msg"]


def run_bot(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"SHARD_COUNT", "SHARD_IDS", "DATABASE_URL"}}
    env.update(PYTHONPATH=str(ROOT), **settings)
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )


def test_python_m_bot_refuses_shard_ids_in_one_line_without_secrets(tmp_path: Path) -> None:
    token = "secret-token-must-not-show"
    password = "secret-password-must-not-show"
    done = run_bot(
        tmp_path,
        DISCORD_TOKEN=token,
        SHARD_COUNT="2",
        SHARD_IDS="1,2",
        DATABASE_URL=f"postgresql://gm:{password}@db/gm",
    )
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("error: invalid setting(s): SHARD_IDS must lie in 0..1"), line
    assert "Traceback" not in done.stderr + done.stdout
    assert token not in done.stderr + done.stdout and password not in done.stderr + done.stdout

    done = run_bot(tmp_path, DISCORD_TOKEN=token, SHARD_IDS="0")
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert "SHARD_IDS needs SHARD_COUNT" in line and token not in line


def test_env_example_leaves_one_process_on_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    """.env.example's empty DATABASE_URL, SHARD_COUNT and SHARD_IDS mean unset."""
    for name in ("DATABASE_URL", "DATABASE_POOL_SIZE", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=ROOT / ".env.example", discord_token=SecretStr("t"))  # type: ignore[call-arg]
    assert settings.database_url is None and settings.database_pool_size == 10
    assert settings.shard_count is None and settings.shard_ids is None
