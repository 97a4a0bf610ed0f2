"""Results and statistics through the table service and the store.

Results are written per seat in the transaction that finishes a game, naturally
or by /end; games finished before migration 5 are backfilled; the /stats queries
give the right numbers on a rigged set of games, keep AI seats and abandoned
games apart, and are served by an index (EXPLAIN). Every test runs on SQLite and
on PostgreSQL."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.model import Applied, TableError
from bot.rematch import rematch
from bot.store import Store
from bot.store import postgres as postgres_store
from bot.store import sqlite as sqlite_store
from bot.table import TableService
from games.registry import GAMES
from tests.factory import make_settings, open_store, start_with_an_ai, write_errors

GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
RESULTS_MIGRATION = 4  # the index of migration 5, the same in both backends


@pytest_asyncio.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await open_store(database)
    yield opened
    await opened.close()


def _service(store: Store, database: str) -> TableService:
    return TableService(store, make_settings(database), lambda: 1_000.0)


async def _results(store: Store, game_id: int) -> list[dict[str, Any]]:
    rows = await store.fetch("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
    return [dict(r) for r in rows]


async def _play_to_the_end(service: TableService, channel: int, applied: Applied) -> Applied:
    """The humans play their default moves (the AI seat plays inside the service)."""
    for _ in range(10_000):
        decision = applied.decision
        if decision is None:
            return applied
        seat = decision.actors[0]
        user = applied.table.seats[seat].user_id
        assert user is not None
        action = applied.game.default_action(applied.state, seat)
        applied = await service.act(channel, user, action.model_dump())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_finished_game_writes_one_result_per_seat(
    store: Store, database: str, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed seed: default play ends every game, but some seeds make a long Narnia.
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: 67_710_261_677_276)
    service = _service(store, database)
    applied = await _play_to_the_end(service, 5, await start_with_an_ai(service, 5, game))
    assert applied.finished
    outcome = applied.outcome
    assert outcome is not None
    results = await _results(store, applied.row.id)
    assert [r["seat"] for r in results] == [0, 1, 2]
    assert [(r["user_id"], r["name"], r["ai"], r["level"]) for r in results] == [
        (ALICE, "alice", 0, None),
        (BOB, "bob", 0, None),
        (None, "AI 1 · normal", 1, "normal"),  # an AI seat has no player: it is counted apart
    ]
    by_seat = {s.seat: s for s in outcome.standings}
    for r in results:
        standing = by_seat[r["seat"]]
        assert (r["rank"], bool(r["winner"]), r["score"]) == (standing.rank, standing.winner, standing.score)
        assert r["abandoned"] == 0 and r["guild_id"] == GUILD and r["game"] == game
        assert r["finished_at"] == applied.row.updated_at


async def test_an_ended_game_is_written_as_abandoned_and_a_left_seat_as_ai(
    store: Store, database: str
) -> None:
    service = _service(store, database)
    await start_with_an_ai(service, 5)
    await service.leave_game(5, BOB)  # bob's seat goes to an AI
    playing = await store.active(5)
    assert playing is not None and await _results(store, playing.id) == []  # nothing before the end
    applied = await service.end(5, ALICE, False)
    results = await _results(store, applied.row.id)
    assert [(r["user_id"], r["ai"], r["abandoned"], r["winner"], r["rank"], r["level"]) for r in results] == [
        (ALICE, 0, 1, 0, None, None),
        # the seat bob left was finished by the AI (at normal): not bob's game
        (None, 1, 1, 0, None, "normal"),
        (None, 1, 1, 0, None, "normal"),
    ]
    assert results[1]["name"] == "bob"  # the seat keeps its name for the record


async def test_results_share_the_finishing_transaction(store: Store, database: str) -> None:
    """If the write that finishes the game fails, no result is left behind either."""
    service = _service(store, database)
    await start_with_an_ai(service, 5)
    row = await store.active(5)
    assert row is not None
    row.status, row.result = "finished", {"outcome": None, "seats": row.table["seats"]}
    # An action row with the version the save will write makes its INSERT fail after the UPDATE.
    await store.execute(
        "INSERT INTO actions VALUES (?, ?, NULL, NULL, 'x', '{}', '[]', 0)", (row.id, row.version + 1)
    )
    with pytest.raises(write_errors(store)):
        await store.save(row, actions=[(None, None, "end", {"kind": "end"}, [])], now=2_000.0)
    assert await _results(store, row.id) == []
    reloaded = await store.get(row.id)
    assert reloaded is not None and reloaded.status == "playing"


def _result(seats: list[tuple[int | None, str]], standings: list[tuple[int, bool, int | None]] | None) -> str:
    """A result_json as the table service writes it: seats, and an outcome (None when /end'ed)."""
    outcome = (
        {
            "reason": "x",
            "standings": [
                {"seat": seat, "rank": rank, "winner": winner, "score": score}
                for seat, (rank, winner, score) in enumerate(standings)
            ],
        }
        if standings is not None
        else None
    )
    return json.dumps(
        {
            "outcome": outcome,
            # A seat named "... · hard" played at that level; the others as before levels
            # existed (no level kept: normal).
            "seats": [
                {
                    "user_id": user,
                    "name": name,
                    "ai": user is None,
                    **({"level": "hard"} if "hard" in name else {}),
                }
                for user, name in seats
            ],
        }
    )


# The rigged history of GUILD (and one game elsewhere). (guild, game, seats, standings or None if /end'ed)
RIGGED: list[tuple[int, str, list[tuple[int | None, str]], list[tuple[int, bool, int | None]] | None]] = [
    (
        GUILD,
        "magmor",
        [(ALICE, "alice"), (BOB, "bob"), (None, "AI 1")],
        [(1, True, 30), (2, False, 20), (3, False, 10)],
    ),
    (GUILD, "magmor", [(BOB, "bob"), (ALICE, "alice")], [(1, True, 25), (2, False, 22)]),
    (GUILD, "talismani", [(ALICE, "Alice A."), (None, "AI 1 · hard")], [(2, False, 9), (1, True, 13)]),
    (GUILD, "magmor", [(ALICE, "Alice A."), (BOB, "bob"), (CAROL, "carol")], None),  # /end'ed
    (GUILD, "narnia", [(CAROL, "carol"), (BOB, "bob")], [(1, True, 12), (2, False, 8)]),
    (OTHER_GUILD, "magmor", [(DAVE, "dave"), (ALICE, "alice")], [(1, True, 40), (2, False, 39)]),
]


async def _rig(store: Store) -> None:
    """Finished games written as the service does: a save that sets status and result."""
    for number, (guild, game, seats, standings) in enumerate(RIGGED):
        row = await store.create(100 + number, guild, game, {}, now=float(number))
        row.status, row.result = "finished", json.loads(_result(seats, standings))
        await store.save(row, now=10.0 + number)


async def test_the_queries_on_a_rigged_history(store: Store) -> None:
    await _rig(store)
    board = await store.leaderboard(GUILD)
    got = [(line.key, line.name, line.played, line.won, line.abandoned, line.best) for line in board.lines]
    assert got == [
        # one win each: carol's 1 in 1 beats the others' 1 in 3 on win rate
        (str(CAROL), "carol", 1, 1, 1, 12),
        # alice: the /end'ed game apart, the AI's talismani win not hers; her latest name
        (str(ALICE), "Alice A.", 3, 1, 1, 30),
        (str(BOB), "bob", 3, 1, 1, 25),
    ]
    assert [round(line.rate or 0, 3) for line in board.lines] == [1.0, 0.333, 0.333]
    assert (board.games, board.abandoned) == (4, 1)
    # AI seats: never in a player's figures, and apart by level (a result from before
    # levels existed counts as normal)
    assert [(line.key, line.played, line.won) for line in board.ai] == [("normal", 1, 0), ("hard", 1, 1)]
    magmor = await store.leaderboard(GUILD, "magmor")
    assert [(line.name, line.played, line.won, line.best) for line in magmor.lines] == [
        ("Alice A.", 2, 1, 30),  # the name of her latest game, whichever it was
        ("bob", 2, 1, 25),
    ]
    assert (magmor.games, magmor.abandoned) == (2, 1)
    assert [(line.key, line.played, line.won) for line in magmor.ai] == [("normal", 1, 0)]
    alice = await store.player_stats(GUILD, ALICE)
    assert [(line.key, line.played, line.won, line.abandoned, line.best) for line in alice] == [
        ("magmor", 2, 1, 1, 30),
        ("talismani", 1, 0, 0, 9),
    ]
    assert [line.key for line in await store.player_stats(GUILD, ALICE, "talismani")] == ["talismani"]
    assert await store.player_stats(GUILD, DAVE) == []  # dave played on another server only
    assert await store.player_name(GUILD, ALICE) == "Alice A."
    other = await store.leaderboard(OTHER_GUILD)
    assert [(line.name, line.played, line.won) for line in other.lines] == [("dave", 1, 1), ("alice", 1, 0)]
    empty = await store.leaderboard(999)
    assert (empty.lines, empty.games, empty.abandoned, empty.ai) == ([], 0, 0, [])


async def test_every_stats_query_is_served_by_an_index(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan of every statement /stats runs: SQLite searches an index of
    results, never scans it (a call reads one server's rows, not the table);
    PostgreSQL, kept off sequential scans (its choice on a table this small),
    finds an index of results that serves the guild's rows."""
    await _rig(store)
    ran: list[tuple[str, tuple[Any, ...]]] = []
    real_fetch = store.fetch

    async def spy(sql: str, params: Any = ()) -> list[Any]:
        ran.append((sql, tuple(params)))
        return await real_fetch(sql, params)

    monkeypatch.setattr(store, "fetch", spy)
    await store.leaderboard(GUILD)
    await store.leaderboard(GUILD, "magmor")
    await store.player_stats(GUILD, ALICE)
    await store.player_stats(GUILD, ALICE, "magmor")
    await store.player_name(GUILD, BOB)
    assert len(ran) >= 9
    for sql, params in ran:
        if store.backend == "sqlite":
            plan = [str(r["detail"]) for r in await real_fetch(f"EXPLAIN QUERY PLAN {sql}", params)]
            on_results = [step for step in plan if " results " in f"{step} "]
            assert on_results, (sql, plan)
            for step in on_results:
                assert step.startswith("SEARCH results USING "), (sql, plan)
                assert "INDEX results_by_" in step and "(guild_id=?" in step, (sql, plan)
        else:
            async with store.transaction() as tx:
                await tx.execute("SET LOCAL enable_seqscan = off")
                plan = [str(r[0]) for r in await tx.fetch(f"EXPLAIN {sql}", params)]
            assert not any("Seq Scan on results" in step for step in plan), (sql, plan)
            on_results = [step for step in plan if re.search(r"Index.* (using|on) results_by_", step)]
            assert on_results, (sql, plan)
            assert any("guild_id = " in step for step in plan), (sql, plan)


async def test_finishing_a_game_looks_up_its_own_row_only(db_path: Path) -> None:
    """The trigger's insert reads the finished game by its id, not every game (SQLite's plan)."""
    store = await open_store(db_path)
    plan = [
        str(r["detail"])
        for r in await store.fetch(
            "EXPLAIN QUERY PLAN INSERT OR IGNORE INTO results (game_id, guild_id, game, seat, user_id,"
            " name, ai, rank, winner, score, abandoned, finished_at)"
            " SELECT * FROM finished_seats WHERE game_id = ?",
            (1,),
        )
    ]
    await store.close()
    assert plan[0] == "SEARCH g USING INTEGER PRIMARY KEY (rowid=?)", plan


@pytest.mark.empty_database
async def test_migration_backfills_the_games_finished_before(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = postgres_store if database.startswith("postgresql://") else sqlite_store
    migrations = module.MIGRATIONS
    assert "CREATE TABLE results" in migrations[RESULTS_MIGRATION]
    monkeypatch.setattr(module, "MIGRATIONS", migrations[:RESULTS_MIGRATION])
    old = await open_store(database)
    assert await old.schema_version() == RESULTS_MIGRATION
    await _rig(old)
    unfinished = await old.create(500, GUILD, "magmor", {}, now=1.0)  # a lobby: no result
    await old.close()

    monkeypatch.setattr(module, "MIGRATIONS", migrations)
    new = await open_store(database)
    try:
        assert await new.schema_version() == len(migrations)
        count = await new.fetchrow("SELECT COUNT(*) AS n, COUNT(DISTINCT game_id) AS games FROM results")
        assert count is not None
        assert (count["n"], count["games"]) == (sum(len(seats) for _, _, seats, _ in RIGGED), len(RIGGED))
        assert await _results(new, unfinished.id) == []
        board = await new.leaderboard(GUILD)
        assert [(line.name, line.played, line.won) for line in board.lines] == [
            ("carol", 1, 1),
            ("Alice A.", 3, 1),
            ("bob", 3, 1),
        ]
        # A later finish is written by the trigger, once.
        row = await new.create(600, GUILD, "narnia", {}, now=50.0)
        row.status, row.result = (
            "finished",
            json.loads(_result([(ALICE, "alice"), (None, "AI 1")], [(1, True, 5), (2, False, 1)])),
        )
        await new.save(row, now=60.0)
        await new.save(row, now=61.0)  # saving a finished row again adds nothing
        assert len(await _results(new, row.id)) == 2
    finally:
        await new.close()


async def test_rematch_through_the_service(store: Store, database: str) -> None:
    service = _service(store, database)
    await service.open_lobby(
        5, GUILD, ALICE, "alice", "akelarre", seats=4, speed="async", language="it", options={"teams": True}
    )
    await service.add_ai(5, ALICE, False)
    await service.join(5, BOB, "bob")
    await service.add_ai(5, ALICE, False, "hard")
    await service.start(5, ALICE, False)
    ended = await service.end(5, ALICE, False)
    old_id = ended.row.id

    with pytest.raises(TableError) as refused:
        await rematch(service._core, 5, old_id, CAROL, "carol")
    assert refused.value.key == "rematch.error.not_player"
    with pytest.raises(TableError) as foreign:
        await rematch(service._core, 6, old_id, BOB, "bob")  # another channel's button id
    assert foreign.value.key == "rematch.error.gone"

    row, table = await rematch(service._core, 5, old_id, BOB, "Bob B.")
    assert row.status == "lobby" and row.game == "akelarre" and row.guild_id == GUILD
    assert table.host_id == BOB
    assert [(s.user_id, s.name, s.ai, s.level) for s in table.seats] == [
        (ALICE, "alice", False, "normal"),
        (None, "IA 1 · normale", True, "normal"),  # the table's language names the level
        (BOB, "Bob B.", False, "normal"),
        (None, "IA 2 · difficile", True, "hard"),  # the rematch keeps the level
    ]
    assert (table.speed, table.language, table.max_seats, table.options) == (
        "async",
        "it",
        4,
        {"teams": True},
    )

    with pytest.raises(TableError) as busy:
        await rematch(service._core, 5, old_id, ALICE, "alice")
    assert busy.value.key == "error.channel_busy"
    await service.cancel(5, BOB, False)
    with pytest.raises(TableError) as stale:
        await rematch(service._core, 5, old_id, ALICE, "alice")  # the cancelled rematch is now the latest
    assert stale.value.key == "rematch.error.not_latest"
