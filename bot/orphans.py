"""Worker processes end when the bot's process dies.

The hard AI's workers (``bot.thinking``) are spawned processes that wait for
work on a pipe; a bot killed outright (SIGKILL, the OOM killer, a container
stopped hard) never tells them to stop, and they went on running, a search
and all, with multiprocessing's resource tracker beside them, whose pipe they
hold open. Each worker now watches its parent from the start
(:func:`end_with_parent`, the pool's initializer):

* on Linux, the kernel signals it the moment its parent dies
  (``prctl(PR_SET_PDEATHSIG)``). The kernel means the parent *thread* that
  spawned it, and the pool spawns from whichever thread first asks it for
  work; so the signal's handler ends the worker only if its parent process
  really changed, and a thread ending alone changes nothing;
* everywhere, a thread of the worker's looks at its parent process every
  half second and ends the worker once it changed (the fallback, and the
  watch that outlives an ignored signal).

Once the workers are gone the tracker reads the end of its pipe and exits too.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from types import FrameType

PR_SET_PDEATHSIG = 1  # linux/prctl.h
DEATH_SIGNAL = signal.SIGUSR1  # not SIGTERM: the pool terminates broken workers with it
WATCH_SECONDS = 0.5


def end_with_parent(parent: int) -> None:
    """A worker's initializer: end this process when ``parent`` (the bot) dies."""
    if sys.platform.startswith("linux"):
        _ask_the_kernel(parent)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)  # it died while this worker was starting


def orphaned(parent: int) -> bool:
    return os.getppid() != parent


def _ask_the_kernel(parent: int) -> None:
    def on_signal(signum: int, frame: FrameType | None) -> None:
        if orphaned(parent):
            os._exit(1)

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        signal.signal(DEATH_SIGNAL, on_signal)
        libc.prctl(PR_SET_PDEATHSIG, int(DEATH_SIGNAL), 0, 0, 0)
    except (OSError, AttributeError, ValueError):
        pass  # no prctl here: the watching thread is enough


def _watch(parent: int) -> None:
    while not orphaned(parent):
        time.sleep(WATCH_SECONDS)
    os._exit(1)
