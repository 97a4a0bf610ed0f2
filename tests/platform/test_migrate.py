"""``python -m bot.store.migrate SQLITE_FILE POSTGRESQL_URL``: an SQLite deployment moved into PostgreSQL.

The SQLite side is built through the table service, as the bot builds it: a
finished game, an /end'ed one, a game still playing with its deadline, a lobby,
pending and published outbox notices, meta. After the copy every row must be
equal in PostgreSQL, the playing game must go on there (versions and ids
continue), the finished game's export must verify, and each refusal (a target
that holds data, a missing file) and a failed copy must leave both sides as
they were.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from bot.export import export_game
from bot.model import Applied
from bot.store import Store, migrate
from bot.table import TableService
from games.core.verify import verify
from games.registry import GAMES
from tests.factory import make_settings, open_store, start_with_an_ai
from tests.postgres_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
GUILD = 1
ALICE, BOB, CAROL = 11, 12, 13
FINISHED, ENDED, PLAYING, LOBBY, NEW = 101, 102, 103, 104, 105
PASSWORD = "s3cret-Pa55word"  # the test server trusts everyone: a password is accepted and ignored
# Every table's rows in one order, the same in both databases.
ORDER = {
    "games": "id",
    "actions": "game_id, version",
    "outbox": "id",
    "results": "game_id, seat",
    "meta": "key",
}


@pytest_asyncio.fixture
async def pg_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database, with a password in its URL."""
    url = await postgres_server.new_database()
    yield url.replace("postgres@", f"postgres:{PASSWORD}@", 1)
    await postgres_server.drop_database(url)


def _service(store: Store, database: str, now: float = 1_000.0) -> TableService:
    return TableService(store, make_settings(database), lambda: now)


async def _act(service: TableService, channel: int, applied: Applied) -> Applied:
    """Whoever must decide plays their default move (the AI seat plays inside the service)."""
    decision = applied.decision
    assert decision is not None
    seat = decision.actors[0]
    user = applied.table.seats[seat].user_id
    assert user is not None
    action = applied.game.default_action(applied.state, seat)
    return await service.act(channel, user, action.model_dump(), version=applied.row.version)


async def _build(path: Path) -> None:
    """The SQLite deployment to move: every kind of row the bot writes."""
    store = await open_store(path)
    try:
        service = _service(store, str(path))
        applied = await start_with_an_ai(service, FINISHED)
        for _ in range(10_000):
            if applied.finished:
                break
            applied = await _act(service, FINISHED, applied)
        assert applied.finished and applied.outcome is not None
        applied = await start_with_an_ai(service, ENDED, "talismani")
        for _ in range(3):
            applied = await _act(service, ENDED, applied)
        await service.end(ENDED, ALICE, False)
        applied = await start_with_an_ai(service, PLAYING, "narnia")
        await _act(service, PLAYING, applied)
        await service.open_lobby(
            LOBBY, GUILD, CAROL, "carol", "akelarre", seats=4, speed="async", language="it"
        )
        await service.join(LOBBY, ALICE, "alice")
        # The publisher's work: a notice partly sent, one published, and the
        # newest one published and already deleted, so SQLite's AUTOINCREMENT
        # counter is past the highest id left (the copy must not reuse it).
        notices = await store.pending_notices(PLAYING)
        await store.notice_progress(notices[0], 1)
        await store.notice_done(notices[0], now=1_500.0)
        await store.execute("DELETE FROM outbox WHERE id = (SELECT MAX(id) FROM outbox)")
        await store.set_meta("command_tree", "hash-1")
        await store.set_meta("note", "è già così")
    finally:
        await store.close()


async def _dump(store: Store) -> dict[str, list[dict[str, Any]]]:
    return {
        table: [dict(r) for r in await store.fetch(f"SELECT * FROM {table} ORDER BY {order}")]
        for table, order in ORDER.items()
    }


async def _pg_tables(url: str) -> set[str]:
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )
    finally:
        await connection.close()
    return {str(r["table_name"]) for r in rows}


async def _main(*args: str) -> int:
    """The command's main function, as ``python -m bot.store.migrate`` calls it (in a
    thread: it runs its own event loop)."""
    return await asyncio.to_thread(migrate.main, list(args))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot.store.migrate", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_every_row_moves_and_the_games_go_on(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A fixed seed: default play ends every game, but some seeds make a long game.
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 67_710_261_677_276)
    sqlite_file = tmp_path / "gamemaster.db"
    await _build(sqlite_file)
    source = await open_store(sqlite_file)
    before = await _dump(source)
    board = await source.leaderboard(GUILD)
    [sequence] = await source.fetch("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'")
    await source.close()
    assert before["results"] and before["meta"] and before["outbox"]
    assert sequence["seq"] > before["outbox"][-1]["id"]  # the deleted notice
    assert any(r["published_at"] is None for r in before["outbox"])
    assert {r["status"] for r in before["games"]} == {"finished", "playing", "lobby"}

    # Small batches, so the paging from SQLite is exercised.
    monkeypatch.setattr(migrate, "BATCH_ROWS", 3)
    assert await _main(str(sqlite_file), pg_url) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for table, rows in before.items():
        assert f"  {table}: {len(rows)} rows" in out
    assert "Checked:" in out and "DATABASE_URL" in out
    assert PASSWORD not in out and pg_url not in out

    target = await open_store(pg_url)
    try:
        # Every row equal, column by column, read through the PostgreSQL store.
        assert await _dump(target) == before
        source = await open_store(sqlite_file)
        try:
            for game in before["games"]:
                assert await target.get(game["id"]) == await source.get(game["id"])
                assert await target.actions(game["id"]) == await source.actions(game["id"])
        finally:
            await source.close()
        assert await target.get_meta("note") == "è già così"
        assert await target.leaderboard(GUILD) == board
        assert board.games == 1 and board.abandoned == 1
        assert [n.id for n in await target.pending_notices(PLAYING)] == [
            r["id"] for r in before["outbox"] if r["channel_id"] == PLAYING and r["published_at"] is None
        ]

        # The finished and the /end'ed game's exports verify from PostgreSQL.
        for channel in (FINISHED, ENDED):
            row = await target.latest_finished(channel)
            assert row is not None
            export = json.loads(json.dumps(await export_game(target, row)))
            verdict = verify(export, GAMES)
            assert verdict.ok, verdict.problems
            assert verdict.actions > 0

        # The playing game goes on: its deadline is due there, a move is applied
        # on top of the copied version, and new rows get fresh ids.
        playing = await target.active(PLAYING)
        assert playing is not None and playing.deadline_at is not None
        assert await target.due(playing.deadline_at) == [PLAYING]
        service = _service(target, pg_url, now=2_000.0)
        state = GAMES[playing.game].load_state(playing.state or "")
        decision = GAMES[playing.game].decision(state)
        assert decision is not None
        seat = decision.actors[0]
        user = playing.table["seats"][seat]["user_id"]
        action = GAMES[playing.game].default_action(state, seat)
        applied = await service.act(PLAYING, user, action.model_dump(), version=playing.version)
        assert applied.row.version > playing.version
        copied_versions = [a["version"] for a in before["actions"] if a["game_id"] == playing.id]
        assert copied_versions[-1] == playing.version
        log = await target.actions(playing.id)
        assert [a.version for a in log] == copied_versions + list(
            range(playing.version + 1, applied.row.version + 1)
        )
        notice_ids = [r["id"] for r in await target.fetch("SELECT id FROM outbox ORDER BY id")]
        assert notice_ids[-1] > sequence["seq"]  # never the deleted notice's id again

        await service.join(LOBBY, BOB, "bob")  # the lobby goes on too
        row, _ = await service.open_lobby(
            NEW, GUILD, BOB, "bob", "magmor", seats=None, speed="live", language="en"
        )
        assert row.id == max(g["id"] for g in before["games"]) + 1
    finally:
        await target.close()


async def test_the_command_refuses_a_target_that_holds_data_and_hides_the_password(
    tmp_path: Path, pg_url: str
) -> None:
    sqlite_file = tmp_path / "gamemaster.db"
    store = await open_store(sqlite_file)
    try:
        await _service(store, str(sqlite_file)).open_lobby(
            LOBBY, GUILD, ALICE, "alice", "magmor", seats=None, speed="live", language="en"
        )
    finally:
        await store.close()

    done = _run(str(sqlite_file), pg_url)
    assert done.returncode == 0, done.stderr
    assert "  games: 1 rows" in done.stdout
    assert PASSWORD not in done.stdout + done.stderr

    # Run again: the target now holds games. Nothing changes on either side.
    target = await open_store(pg_url)
    copied = await _dump(target)
    await target.close()
    file_before = _digest(sqlite_file)
    again = _run(str(sqlite_file), pg_url)
    assert again.returncode == 2
    assert again.stdout == ""
    [line] = again.stderr.strip().splitlines()
    assert line.startswith("error: ") and "already holds data (games: 1" in line
    assert PASSWORD not in line and "Traceback" not in again.stderr
    target = await open_store(pg_url)
    try:
        assert await _dump(target) == copied
    finally:
        await target.close()
    assert _digest(sqlite_file) == file_before


async def test_a_target_with_only_meta_is_refused_too(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot started once on PostgreSQL leaves meta rows: still not empty, never merged."""
    sqlite_file = tmp_path / "gamemaster.db"
    await (await open_store(sqlite_file)).close()
    target = await open_store(pg_url)
    try:
        await target.set_meta("command_tree", "hash-2")
    finally:
        await target.close()
    assert await _main(str(sqlite_file), pg_url) == 2
    out, err = capsys.readouterr()
    assert out == "" and "already holds data (meta: 1)" in err


async def test_a_missing_sqlite_file_is_refused_and_not_created(tmp_path: Path, pg_url: str) -> None:
    missing = tmp_path / "nowhere" / "gamemaster.db"
    done = _run(str(missing), pg_url)
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line == f"error: {missing} does not exist (nothing was copied)"
    assert not missing.exists() and not missing.parent.exists()
    assert await _pg_tables(pg_url) == set()  # the target was not even opened


async def test_a_failed_copy_leaves_the_target_empty(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row PostgreSQL rejects (a NUL in text), in the last table copied:
    the games, actions and results already sent are rolled back with it."""
    sqlite_file = tmp_path / "gamemaster.db"
    store = await open_store(sqlite_file)
    try:
        await start_with_an_ai(_service(store, str(sqlite_file)), PLAYING)
        await store.set_meta("broken", "a\x00b")
    finally:
        await store.close()
    assert await _main(str(sqlite_file), pg_url) == 1
    _, err = capsys.readouterr()
    [line] = err.strip().splitlines()
    assert line.startswith("error: the migration failed, nothing was copied: ")
    assert PASSWORD not in line
    target = await open_store(pg_url)
    try:
        assert await _dump(target) == {table: [] for table in ORDER}
    finally:
        await target.close()


def test_help_says_the_bot_must_be_stopped() -> None:
    done = _run("--help")
    assert done.returncode == 0
    assert "SQLITE_FILE" in done.stdout and "POSTGRESQL_URL" in done.stdout
    assert "STOPPED" in done.stdout
