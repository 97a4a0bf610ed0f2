"""Short garbage-collector pauses (bot.memory): the bot's own process freezes
what it built while starting, out of the collector's full passes (without it,
bench.hard_tables at 1,000 tables saw the loop stall ~100 ms); a test's bot,
built and dropped, never freezes anything."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
import simcord

import bot.__main__ as entry
from bot.client import GameMasterBot
from bot.memory import freeze_startup
from tests.factory import make_bot

FROZEN: list[bool] = []


class Node:
    other: Node | None = None


def test_freezing_leaves_what_lives_now_out_and_still_collects_what_comes_later() -> None:
    before = gc.get_freeze_count()
    try:
        freeze_startup()
        assert gc.get_freeze_count() > before
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle made after the freeze
        ref = weakref.ref(a)
        del a, b
        gc.collect()
        assert ref() is None
    finally:
        gc.unfreeze()


@pytest.fixture
def simcord_bot(database: str, monkeypatch: pytest.MonkeyPatch) -> GameMasterBot:
    FROZEN.clear()
    monkeypatch.setattr("bot.client.freeze_startup", lambda: FROZEN.append(True))
    bot = make_bot(database)
    bot.own_process = True
    return bot


async def test_the_bot_s_own_process_freezes_once_it_has_started(simcord_env: simcord.Env) -> None:
    assert FROZEN == [True]


def test_a_bot_is_not_its_process_s_own_unless_told(database: str) -> None:
    assert make_bot(database).own_process is False


def test_python_m_bot_runs_as_its_own_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    built: list[bool] = []

    class Recorder:
        def __init__(self, settings: object, *, own_process: bool = False) -> None:
            built.append(own_process)

        def run(self, token: str, log_handler: object) -> None:
            raise KeyboardInterrupt

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "gm.db"))
    monkeypatch.setattr("bot.client.GameMasterBot", Recorder)
    assert entry.main() == 0
    assert built == [True]
