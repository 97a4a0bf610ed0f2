"""The hard AI's worker processes end when the bot's process dies (bot.orphans).

Seen once: after a SIGKILL of the bot, its workers were still running 20 s
later, with multiprocessing's resource tracker. A real bot-like parent
(``python -m tests.platform.orphan_work``) starts the thinker's pool from an AI
lane thread and keeps a worker busy; once it is killed, its workers and the
tracker are gone within a few seconds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from bot.thinking import Thinker
from tests.platform.orphan_work import pid

ROOT = Path(__file__).resolve().parents[2]
GONE_WITHIN = 5.0  # seconds


def running(process: int) -> bool:
    """Still running: neither gone nor a zombie (a dead process nobody has reaped:
    an orphan's new parent, the container's first process, may never reap it)."""
    try:
        state = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(process, 0)
        except ProcessLookupError:
            return False
        return True
    return state not in ("Z", "X")


def test_workers_end_when_the_bot_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-m", "tests.platform.orphan_work"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    children: list[int] = []
    try:
        assert parent.stdout is not None
        started = json.loads(parent.stdout.readline())
        children = [*started["workers"], started["tracker"]]
        assert len(started["workers"]) == 2 and started["tracker"] is not None
        assert all(running(c) for c in children), "the pool is up"
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + GONE_WITHIN
        while time.monotonic() < deadline and any(running(c) for c in children):
            time.sleep(0.1)
        assert [c for c in children if running(c)] == [], "workers outlived the bot"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for child in children:  # whatever this test started and still runs: not left behind
            if running(child):
                os.kill(child, signal.SIGKILL)


def test_workers_outlive_the_thread_that_started_them() -> None:
    """The kernel's parent-death signal follows the thread that spawned a worker;
    that thread ending alone (the bot still running) ends no worker."""
    thinker = Thinker(1, 60)
    found: list[int] = []
    starter = threading.Thread(target=lambda: found.append(thinker.pool().submit(pid).result()))
    try:
        starter.start()
        starter.join(timeout=120)
        assert found, "the worker answered"
        time.sleep(1.5)  # a death signal, were it sent, and the watch's half second
        assert running(found[0])
        assert thinker.pool().submit(pid).result(timeout=60) == found[0], "the same worker works on"
    finally:
        thinker.close()
