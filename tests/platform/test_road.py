"""The change step is the road (bot/step.py, bot/changes.py): every change of a
table, the lobby's too, is made by entering a step of the table service and
published when it is left, after its caller's answer; publishers go in the
order they declare; no cog reaches past the service into its core."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.changes import CHANNEL, PAGES, PANELS, Changes
from bot.model import Applied, TableError
from bot.shards import EVERY_SHARD
from bot.step import Step
from bot.store import GameRow
from bot.table import TableService
from tests.factory import make_settings, open_store

ROOT = Path(__file__).resolve().parents[2]
HOST, BOB, CAROL = 100, 101, 102
Heard = list[tuple[str, int]]


async def recorded(database: str) -> tuple[TableService, Heard]:
    """A service whose steps publish into a list, as ``("published", version)``."""
    store = await open_store(database)
    service = TableService(store, make_settings(database), clock=lambda: 1000.0)
    heard: Heard = []

    async def after(committed: Applied | GameRow) -> None:
        row = committed if isinstance(committed, GameRow) else committed.row
        heard.append(("published", row.version))

    service.published_by(after)
    return service, heard


async def test_a_step_publishes_once_its_body_has_answered(database: str) -> None:
    service, heard = await recorded(database)
    async with service.open_lobby(7, 1, HOST, "host", "magmor", seats=3, speed="live", language="en") as (
        row,
        _,
    ):
        heard.append(("answered", row.version))
    async with service.join(7, BOB, "bob") as (row, table):
        heard.append(("answered", row.version))
        assert [s.user_id for s in table.seats] == [HOST, BOB]
    async with service.join(7, CAROL, "carol"):
        pass
    async with service.start(7, HOST, may_manage=False) as applied:
        heard.append(("answered", applied.row.version))
    assert heard == [
        ("answered", 1),
        ("published", 1),
        ("answered", 2),
        ("published", 2),
        ("published", 3),
        ("answered", 4),
        ("published", 4),
    ]
    await service.store.close()


async def test_a_step_is_published_even_when_its_answer_fails(database: str) -> None:
    service, heard = await recorded(database)
    await service.open_lobby(7, 1, HOST, "host", "magmor", seats=3, speed="live", language="en")
    with pytest.raises(RuntimeError):
        async with service.join(7, BOB, "bob"):
            raise RuntimeError("Discord did not take the answer")
    assert heard == [("published", 2)]  # committed: published all the same
    await service.store.close()


async def test_a_refused_step_changes_and_publishes_nothing(database: str) -> None:
    service, heard = await recorded(database)
    await service.open_lobby(7, 1, HOST, "host", "magmor", seats=3, speed="live", language="en")
    with pytest.raises(TableError):
        async with service.join(7, HOST, "host"):
            raise AssertionError("a refused step has no body to run")
    assert heard == []
    assert [n.version for n in await service.store.pending_notices(7)] == [1]  # the opening's only
    await service.store.close()


async def test_an_awaited_step_leaves_its_notice_for_the_tick(database: str) -> None:
    """Tests, benches and tools await a step: the change is made, and whoever
    publishes the channel next (the scheduler's tick) publishes it."""
    service, heard = await recorded(database)
    row, _ = await service.open_lobby(7, 1, HOST, "host", "magmor", seats=3, speed="live", language="en")
    await service.join(7, BOB, "bob")
    assert heard == []
    notices = await service.store.pending_notices(7)
    assert [(n.version, n.payload["kind"]) for n in notices] == [(1, "lobby"), (2, "lobby")]
    assert [n.payload["opened"] for n in notices] == [True, False]
    assert {n.game_id for n in notices} == {row.id}
    await service.store.close()


async def test_every_lobby_change_leaves_a_lobby_notice(database: str) -> None:
    """Join, leave, an AI seat, cancel, and a rematch's lobby: each is a change
    every publisher hears of (the channel's lobby message, panels, pages)."""
    service, _ = await recorded(database)
    await service.open_lobby(7, 1, HOST, "host", "magmor", seats=3, speed="live", language="en")
    await service.join(7, BOB, "bob")
    await service.leave_lobby(7, BOB)
    await service.add_ai(7, HOST, may_manage=False)
    await service.cancel(7, HOST, may_manage=False)
    kinds = [n.payload["kind"] for n in await service.store.pending_notices(7)]
    assert kinds == ["lobby"] * 5

    await service.open_lobby(8, 1, HOST, "host", "magmor", seats=3, speed="live", language="en")
    await service.add_ai(8, HOST, may_manage=False)
    await service.add_ai(8, HOST, may_manage=False)
    started = await service.start(8, HOST, may_manage=False)
    ended = await service.end(8, HOST, may_manage=False)
    assert ended.finished
    row, _ = await service.rematch(8, started.row.id, HOST, "host")
    rematched = [n for n in await service.store.pending_notices(8) if n.game_id == row.id]
    assert [(n.version, n.payload) for n in rematched] == [(1, {"kind": "lobby", "opened": True})]
    await service.store.close()


class Stand:
    """A publisher that says when it was flushed."""

    def __init__(self, name: str, order: int, flushed: list[str]) -> None:
        self.name, self.order, self.flushed = name, order, flushed

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        self.flushed.append(self.name)

    async def announce(self, channel_id: int, text: str) -> bool:
        return False


async def test_publishers_go_in_the_order_they_declare(tmp_path: Path) -> None:
    """Not in the order the cogs that add them load: added in reverse, the same order."""
    store = await open_store(tmp_path / "road.db")
    service = TableService(store, make_settings(tmp_path / "road.db"), clock=lambda: 1000.0)
    orders = []
    for added in (["pages", "channel", "panels"], ["panels", "channel", "pages"]):
        flushed: list[str] = []
        changes = Changes(service, lambda: EVERY_SHARD)
        for name in added:
            changes.add(Stand(name, {"pages": PAGES, "channel": CHANNEL, "panels": PANELS}[name], flushed))
        await changes.publish(7)
        orders.append(flushed)
    assert orders == [["pages", "channel", "panels"]] * 2
    await store.close()


# -- the cogs go by the road --------------------------------------------------------------


def cog_sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text())) for path in sorted((ROOT / "cogs").rglob("*.py"))]


def steps() -> set[str]:
    """The service's operations that return a step (a change of a table)."""
    return set(TableService.STEPS)


async def test_the_service_names_its_changes_as_steps(tmp_path: Path) -> None:
    assert steps() >= {"open_lobby", "join", "leave_lobby", "add_ai", "cancel", "start", "practice"}
    assert steps() >= {"rematch", "act", "undo", "leave_game", "end", "answer_request"}
    store = await open_store(tmp_path / "road.db")
    service = TableService(store, make_settings(tmp_path / "road.db"), clock=lambda: 1000.0)
    made = [service.join(7, BOB, "bob"), service.cancel(7, HOST, False), service.undo(7, BOB)]
    assert all(isinstance(step, Step) for step in made)  # nothing is made until entered
    assert await store.latest(7) is None
    await store.close()


def test_no_cog_reaches_past_the_service() -> None:
    """The service names every operation a cog uses: its core is its own."""
    reached = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, tree in cog_sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ("core", "_core")
    ]
    assert reached == []


def test_every_cog_enters_the_steps_it_takes() -> None:
    """A step awaited in a cog would make its change without publishing it after
    the answer: a cog enters it (``async with``), or hands it to code that does."""
    named = steps()
    awaited = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, tree in cog_sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Await)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Attribute)
        and node.value.func.attr in named
        and "service" in ast.unparse(node.value.func.value)
    ]
    assert awaited == []
