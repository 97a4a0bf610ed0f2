"""A bot-like parent for tests/platform/test_orphans.py, and the work its hard-AI
worker processes do (this module is importable by the spawned workers).

``python -m tests.platform.orphan_work``: starts the thinker's worker pool the
way the bot does (from a thread of the AI lane), keeps one worker busy with
Python code like a search, prints the workers' and the resource tracker's
process ids as JSON, and waits to be killed."""

from __future__ import annotations

import json
import os
import threading
import time


def pid() -> int:
    """The worker's process id."""
    time.sleep(0.05)
    return os.getpid()


def spin(seconds: float) -> int:
    """A search's stand-in: the worker busy with Python code for ``seconds``."""
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        n += 1
    return n


def main() -> None:
    from multiprocessing import resource_tracker

    from bot.thinking import Thinker

    thinker = Thinker(2, 60)

    def start() -> list[int]:
        pool = thinker.pool()
        # As many at once as there are workers: each is spawned, and answers.
        futures = [pool.submit(pid) for _ in range(2)]
        [future.result() for future in futures]
        pool.submit(spin, 600)
        return sorted(pool._processes)

    workers = thinker.lane().submit(start).result()
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    print(json.dumps({"workers": workers, "tracker": tracker}), flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
