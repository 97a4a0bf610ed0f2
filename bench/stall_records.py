"""The stall watch's records: what a stall, a reading of the threads' clocks, a store
trip and a member's move hold (``bench/stall_watch.py`` takes them)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TICK = 0.002  # the watchdog's look, seconds
THRESHOLD = 0.020  # a heartbeat later than this is a stall
ROOT = str(Path(__file__).resolve().parent.parent)
IDLE = ("wait", "get", "select", "poll", "_worker", "_recv", "recv_bytes", "sleep", "acquire")


def stack_of(frame: Any, depth: int = 40) -> tuple[str, ...]:
    """A stack, innermost first: ``file:line function``, the project's paths relative."""
    out: list[str] = []
    while frame is not None and len(out) < depth:
        code = frame.f_code
        name = code.co_filename
        name = name[len(ROOT) + 1 :] if name.startswith(ROOT) else Path(name).name
        out.append(f"{name}:{frame.f_lineno} {code.co_name}")
        frame = frame.f_back
    return tuple(out)


def where(stack: tuple[str, ...]) -> str:
    """A stack in one line: its innermost frame and the project's innermost two."""
    if not stack:
        return "(no Python frame)"
    ours = [f for f in stack if f.split(":")[0].split("/")[0] in ("bot", "cogs", "games", "bench")]
    shown = [stack[0], *[f for f in ours[:2] if f != stack[0]]]
    return " < ".join(shown)


def sched(path: str) -> tuple[int, int]:
    """A task's CPU time and run-queue wait, ns (``/proc/.../schedstat``)."""
    try:
        with open(path, "rb") as f:
            cpu, queued, _ = f.read().split()
        return int(cpu), int(queued)
    except (OSError, ValueError):
        return 0, 0


@dataclass
class Reading:
    at: float
    threads: dict[int, int]  # thread ident -> CPU ns
    loop: tuple[int, int]  # the loop thread's CPU and run-queue wait, ns
    children: dict[int, tuple[int, int]]  # child pid -> CPU and run-queue wait, ns


@dataclass
class Stall:
    start: float
    end: float
    loop_stacks: list[tuple[str, ...]] = field(default_factory=list)
    busy: dict[str, float] = field(default_factory=dict)  # other threads' CPU ms in the window
    busy_stacks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    children_ms: dict[str, float] = field(default_factory=dict)
    loop_cpu_ms: float = 0.0
    loop_queue_ms: float = 0.0
    gc_ms: float = 0.0
    gc_generations: list[int] = field(default_factory=list)

    @property
    def ms(self) -> float:
        return (self.end - self.start) * 1000

    @property
    def blocked_ms(self) -> float:
        return max(0.0, self.ms - self.loop_cpu_ms - self.loop_queue_ms)

    def cause(self) -> str:
        """What the window was spent on, most first."""
        if self.gc_ms >= 0.4 * self.ms:
            return f"gc gen {max(self.gc_generations)}"
        parts = {"loop ran": self.loop_cpu_ms, "no core": self.loop_queue_ms, "gil": self.blocked_ms}
        top = max(parts, key=lambda k: parts[k])
        if top == "loop ran":
            stack = Counter(where(s) for s in self.loop_stacks).most_common(1)
            return f"loop ran: {stack[0][0] if stack else '(in C, unsampled)'}"
        if top == "gil":
            holder = max(self.busy, key=lambda k: self.busy[k], default="(none ran)")
            return f"gil held by {holder}"
        return "no core (run queue)"

    def line(self) -> str:
        others = ", ".join(
            f"{k} {v:.0f}" for k, v in sorted(self.busy.items(), key=lambda kv: -kv[1]) if v >= 1
        )
        children = ", ".join(f"{k} {v:.0f}" for k, v in self.children_ms.items() if v >= 1)
        gc_part = f" gc {self.gc_ms:.0f} (gen {self.gc_generations})" if self.gc_generations else ""
        return (
            f"{self.ms:6.1f} ms: loop ran {self.loop_cpu_ms:.0f}, no core {self.loop_queue_ms:.0f},"
            f" blocked {self.blocked_ms:.0f};{gc_part} threads [{others}] children [{children}]"
            f" => {self.cause()}"
        )


@dataclass
class Trip:
    queued: float
    began: float = 0.0
    done: float = 0.0
    resumed: float = 0.0


@dataclass
class Move:
    started: float
    ended: float = 0.0
    loop_s: float = 0.0  # the move's own steps on the loop
    cpu_s: float = 0.0  # the loop thread's CPU in them
    steps: int = 0
    lock_s: float = 0.0  # waiting for the channel's lock
    store_lock_s: float = 0.0  # waiting for the store's lock (every trip of the SQLite store)
    trips: list[Trip] = field(default_factory=list)

    @property
    def ms(self) -> float:
        return (self.ended - self.started) * 1000

    def parts(self) -> dict[str, float]:
        """Where the move's time went, ms."""
        queue = sum(t.began - t.queued for t in self.trips) * 1000
        sqlite = sum(t.done - t.began for t in self.trips) * 1000
        resume = sum(t.resumed - t.done for t in self.trips) * 1000
        loop, lock, store_lock = self.loop_s * 1000, self.lock_s * 1000, self.store_lock_s * 1000
        return {
            "own steps": loop,
            "(their CPU)": self.cpu_s * 1000,
            "store queue": queue,
            "in sqlite": sqlite,
            "trip resume": resume,
            "channel lock": lock,
            "store lock": store_lock,
            "other waits": max(0.0, self.ms - loop - queue - sqlite - resume - lock - store_lock),
        }
