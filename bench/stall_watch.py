"""Where the event loop's stalls and the slowest moves go: a watchdog beside the loop.

``python -m bench.hard_tables --attribute`` runs it. A heartbeat task on the
loop marks the time every millisecond; a watchdog thread looks every
:data:`TICK` seconds and, once the beat is late by more than the threshold
(20 ms), samples the loop thread's stack (``sys._current_frames``) until the
beat comes back. For each stall it then knows, from the kernel's per-thread
clocks over the stall's window:

* the loop thread's own CPU (it ran: a long callback, whose frames the samples name),
* its run-queue wait (ready to run, no core free: the machine's load, or the
  bot's own worker processes on the same cores),
* the rest, blocked: on the GIL, which another thread of the process held
  (the threads that ran in the window are listed with their frames), or a
  garbage collection in another thread (``gc.callbacks`` times each one).

A probe times the members' moves: each store trip (queued behind others on the
store's one thread, in SQLite, then waiting for the loop to resume the move),
the move's own steps on the loop, and the rest (the channel's lock, the loop
busy after other awaits). Nothing here changes what the bot does; it costs the
loop a few microseconds a beat and a patched ``aiosqlite`` trip.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import os
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Coroutine, Generator
from functools import partial
from typing import Any

import aiosqlite

from bench.stall_records import IDLE, THRESHOLD, TICK, Move, Reading, Stall, Trip, sched, stack_of, where
from bot.table_core import TableCore

MOVE: contextvars.ContextVar[Move | None] = contextvars.ContextVar("move", default=None)


class Timed(Coroutine[Any, Any, Any]):
    """A coroutine whose steps on the loop are added to the move under way."""

    def __init__(self, inner: Coroutine[Any, Any, Any]) -> None:
        self.inner = inner

    def _timed(self, step: Callable[[], Any]) -> Any:
        before = MOVE.get()
        began, cpu = time.perf_counter(), time.thread_time()
        try:
            return step()
        finally:
            move = before or MOVE.get()
            if move is not None:
                move.loop_s += time.perf_counter() - began
                move.cpu_s += time.thread_time() - cpu
                move.steps += 1

    def send(self, value: Any) -> Any:
        return self._timed(partial(self.inner.send, value))

    def throw(self, *args: Any) -> Any:
        return self._timed(partial(self.inner.throw, *args))

    def close(self) -> None:
        self.inner.close()

    def __await__(self) -> Generator[Any, None, Any]:
        return self.inner.__await__()


def suspended(callback: Any) -> str:
    """Where a loop callback's task stands (its innermost await), or the callback."""
    task = getattr(callback, "__self__", None)
    get_coro = getattr(task, "get_coro", None)
    if get_coro is None:
        return getattr(callback, "__qualname__", type(callback).__name__)
    coro = get_coro()
    coro = getattr(coro, "inner", coro)  # a Timed member
    chain: list[str] = []
    while coro is not None:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        if frame is not None:
            chain.append(stack_of(frame, 1)[0])
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    ours = [f for f in chain if f.split("/")[0] in ("bot", "cogs", "games", "bench")]
    return " > ".join(ours[-2:] or chain[-1:]) or "(done)"


class StallWatch:
    """The heartbeat, the watchdog thread, the GC's clock and the moves' probe."""

    def __init__(self, threshold: float = THRESHOLD) -> None:
        self.threshold = threshold
        self.beat = time.perf_counter()
        self.stalls: list[Stall] = []
        self.collections: list[tuple[float, float, int, str]] = []  # start, end, generation, thread
        self.moves: list[Move] = []
        self.trips: list[Trip] = []
        self._gc_started: dict[int, float] = {}
        self._running = False
        self._readings: deque[Reading] = deque(maxlen=2000)
        self._children: dict[int, str] = {}
        self.seconds: list[Reading] = []  # a reading a second: where the cores went
        self._thread = threading.Thread(target=self._watch, name="stall-watch", daemon=True)
        self._heart: asyncio.Task[None] | None = None
        self._execute: Any = None
        self.callbacks: list[tuple[float, float, str]] = []  # CPU s, wall s, where its task stopped
        self.callback_count = 0
        self.callback_cpu = 0.0

    # -- starting and stopping ------------------------------------------------
    def start(self, children: dict[int, str] | None = None, store: Any = None) -> None:
        """From the loop's thread: beat, watch, time the GC and the store's trips."""
        self._store = store
        if store is not None and isinstance(getattr(store, "_lock", None), asyncio.Lock):
            store._lock = _TimedLock(store._lock, store=True)
        self.beat = time.perf_counter()
        self.loop_thread = threading.current_thread()
        self._loop_ident = threading.get_ident()
        self._loop_sched = f"/proc/self/task/{threading.get_native_id()}/schedstat"
        self._children = dict(children or {})
        self._running = True
        self._heart = asyncio.get_running_loop().create_task(self._beat())
        gc.callbacks.append(self._gc)
        self._execute = aiosqlite.Connection._execute
        aiosqlite.Connection._execute = _timed_execute(self._execute, self.trips)  # type: ignore[method-assign]
        self._handle_run = asyncio.events.Handle._run
        asyncio.events.Handle._run = _clocked_run(self._handle_run, self)  # type: ignore[method-assign]
        self._lock = TableCore.lock
        TableCore.lock = _timed_lock(self._lock)  # type: ignore[method-assign]
        self._thread.start()

    async def stop(self) -> None:
        self._running = False
        if self._heart is not None:
            self._heart.cancel()
            await asyncio.gather(self._heart, return_exceptions=True)
        gc.callbacks.remove(self._gc)
        aiosqlite.Connection._execute = self._execute  # type: ignore[method-assign]
        TableCore.lock = self._lock  # type: ignore[method-assign]
        if isinstance(getattr(self._store, "_lock", None), _TimedLock):
            self._store._lock = self._store._lock.lock
        asyncio.events.Handle._run = self._handle_run  # type: ignore[method-assign]
        self._thread.join()

    async def _beat(self) -> None:
        while self._running:
            await asyncio.sleep(0.001)
            self.beat = time.perf_counter()

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        ident = threading.get_ident()
        if phase == "start":
            self._gc_started[ident] = time.perf_counter()
        elif ident in self._gc_started:
            began = self._gc_started.pop(ident)
            name = threading.current_thread().name
            self.collections.append((began, time.perf_counter(), info["generation"], name))

    # -- the watchdog ---------------------------------------------------------
    def _read(self) -> Reading:
        threads: dict[int, int] = {}
        for thread in threading.enumerate():
            if thread.ident is None or thread is threading.current_thread():
                continue
            with contextlib.suppress(OSError):  # a thread that has just ended
                threads[thread.ident] = time.clock_gettime_ns(time.pthread_getcpuclockid(thread.ident))
        children = {pid: sched(f"/proc/{pid}/schedstat") for pid in self._children}
        return Reading(time.perf_counter(), threads, sched(self._loop_sched), children)

    def _watch(self) -> None:
        stall: Stall | None = None
        before: Reading | None = None
        while self._running:
            time.sleep(TICK)
            reading = self._read()
            if not self.seconds or reading.at - self.seconds[-1].at >= 1.0:
                self.seconds.append(reading)
            beat = self.beat
            late = reading.at - beat
            if stall is None:
                if late > self.threshold:
                    before = next((r for r in reversed(self._readings) if r.at <= beat), None)
                    before = before or (self._readings[0] if self._readings else reading)
                    stall = Stall(beat, 0.0)
                    self._sample(stall)
                else:
                    self._readings.append(reading)
                continue
            if beat > stall.start:  # the loop is back
                stall.end = beat
                self._close(stall, before, reading)
                stall = None
                self._readings.clear()
            else:
                self._sample(stall)
            self._readings.append(reading)

    def _sample(self, stall: Stall) -> None:
        frames = sys._current_frames()
        names = {t.ident: t.name for t in threading.enumerate()}
        for ident, frame in frames.items():
            stack = stack_of(frame)
            if ident == self.loop_thread.ident:
                stall.loop_stacks.append(stack)
            elif ident != threading.get_ident() and stack and not stack[0].split(" ")[-1].startswith(IDLE):
                stall.busy_stacks.setdefault(names.get(ident, str(ident)), stack)

    def _close(self, stall: Stall, before: Reading | None, after: Reading) -> None:
        if before is not None:
            names = {t.ident: t.name for t in threading.enumerate()}
            for ident, cpu in after.threads.items():
                if ident == self.loop_thread.ident or ident not in before.threads:
                    continue
                spent = (cpu - before.threads[ident]) / 1e6
                if spent > 0.05:
                    name = names.get(ident, str(ident))
                    stall.busy[name] = stall.busy.get(name, 0.0) + spent
            stall.loop_cpu_ms = (after.loop[0] - before.loop[0]) / 1e6
            stall.loop_queue_ms = (after.loop[1] - before.loop[1]) / 1e6
            for pid, name in self._children.items():
                if pid in before.children and pid in after.children:
                    stall.children_ms[name] = (after.children[pid][0] - before.children[pid][0]) / 1e6
            # The window the clocks cover is a tick wider than the stall at each end.
            scale = stall.ms / max(1e-9, (after.at - before.at) * 1000)
            stall.loop_cpu_ms *= scale
            stall.loop_queue_ms *= scale
            stall.busy = {k: v * scale for k, v in stall.busy.items()}
            stall.children_ms = {k: v * scale for k, v in stall.children_ms.items()}
        for began, ended, generation, _ in self.collections[-50:]:
            overlap = min(ended, stall.end) - max(began, stall.start)
            if overlap > 0:
                stall.gc_ms += overlap * 1000
                stall.gc_generations.append(generation)
        self.stalls.append(stall)

    # -- the moves ------------------------------------------------------------
    def begin_move(self) -> Move:
        move = Move(time.perf_counter())
        MOVE.set(move)
        return move

    def end_move(self, move: Move) -> None:
        move.ended = time.perf_counter()
        MOVE.set(None)
        self.moves.append(move)

    # -- the report -----------------------------------------------------------
    def cores(self) -> list[str]:
        """Where the cores went, second by second (the first ten) and in all: percent
        of a core each ran, and the loop's wait for one (the run queue)."""
        lines = ["cores, % of one: loop ran / loop waited for a core / the bot's other threads / each child"]
        spans = list(zip(self.seconds, self.seconds[1:], strict=False))
        if spans:
            spans = [*spans[:10], (self.seconds[0], self.seconds[-1])]
        for number, (a, b) in enumerate(spans):
            wall = (b.at - a.at) * 1e9
            threads = sum(
                cpu - a.threads[i] for i, cpu in b.threads.items() if i in a.threads and i != self._loop_ident
            )
            children = " ".join(
                f"{self._children[pid]} {100 * (b.children[pid][0] - a.children[pid][0]) / wall:.0f}"
                for pid in self._children
                if pid in a.children and pid in b.children
            )
            label = "all" if number == len(spans) - 1 else f"{a.at - self.seconds[0].at:3.0f} s"
            lines.append(
                f"  {label}: loop {100 * (b.loop[0] - a.loop[0]) / wall:.0f}"
                f" / {100 * (b.loop[1] - a.loop[1]) / wall:.0f}"
                f" / threads {100 * threads / wall:.0f} / {children}"
            )
        return lines

    def report(self, slowest: float = 0.01) -> str:
        load = os.getloadavg()[0]
        lines = [
            f"load average at the end {load:.1f};"
            f" stalls over {self.threshold * 1000:.0f} ms: {len(self.stalls)}"
        ]
        lines += self.cores()
        causes: dict[str, list[float]] = {}
        for stall in self.stalls:
            causes.setdefault(stall.cause(), []).append(stall.ms)
        for cause, ms in sorted(causes.items(), key=lambda kv: -sum(kv[1])):
            lines.append(f"  {len(ms):4d} x, max {max(ms):6.1f} ms, sum {sum(ms):7.0f} ms: {cause}")
        lines.append("the longest stalls:")
        for stall in sorted(self.stalls, key=lambda s: -s.ms)[:8]:
            lines.append("  " + stall.line())
            for line, count in Counter(where(s) for s in stall.loop_stacks).most_common(3):
                lines.append(f"      loop {count}x: {line}")
            for name, stack in list(stall.busy_stacks.items())[:4]:
                lines.append(f"      {name}: {where(stack)}")
        by_gen: dict[int, list[float]] = {}
        for began, ended, generation, _ in self.collections:
            by_gen.setdefault(generation, []).append((ended - began) * 1000)
        for generation, ms in sorted(by_gen.items()):
            lines.append(
                f"gc gen {generation}: {len(ms)} collections, max {max(ms):.1f} ms, sum {sum(ms):.0f} ms"
            )
        lines.append(
            f"loop callbacks: {self.callback_count}, {self.callback_cpu:.1f} s of the loop thread's CPU;"
            f" the longest by CPU (cpu / wall ms: where its task stopped):"
        )
        for cpu, wall, stopped in sorted(self.callbacks, reverse=True)[:12]:
            lines.append(f"  {cpu * 1000:6.1f} / {wall * 1000:6.1f}: {stopped}")
        spots = Counter(at for *_, at in self.callbacks)
        lines.append(
            f"callbacks over {LONG_CALLBACK * 1000:.0f} ms CPU: {len(self.callbacks)}, by where they stopped:"
        )
        for spot, times in spots.most_common(8):
            lines.append(f"  {times:5d} x {spot}")
        busy = sum(t.done - t.began for t in self.trips)
        lines.append(f"store trips: {len(self.trips)}, the store's thread busy {busy:.1f} s in SQLite")
        if self.moves:
            ordered = sorted(self.moves, key=lambda m: -m.ms)
            slow = ordered[: max(5, int(len(ordered) * slowest))]
            lines.append(f"members' moves: {len(ordered)}; where the time went (mean ms):")
            for label, group in (("all", ordered), (f"slowest {len(slow)}", slow)):
                split = [m.parts() for m in group]
                mean = {k: sum(p[k] for p in split) / len(split) for k in split[0]}
                total = sum(m.ms for m in group) / len(group)
                shown = ", ".join(f"{k} {v:.1f}" for k, v in mean.items())
                lines.append(f"  {label}: {total:.1f} = {shown}")
            for move in slow[:8]:
                overlap = [s for s in self.stalls if s.start < move.ended and s.end > move.started]
                where_ms = ", ".join(f"{k} {v:.1f}" for k, v in move.parts().items())
                causes_seen = "; ".join(f"{s.ms:.0f} ms {s.cause()}" for s in overlap)
                lines.append(
                    f"  {move.ms:6.1f} ms ({len(move.trips)} trips): {where_ms}  | stalls: {causes_seen}"
                )
        return "\n".join(lines)


def _timed_execute(execute: Any, trips: list[Trip]) -> Any:
    """aiosqlite's trip, timed: queued, begun and done on its thread, resumed on the loop."""

    async def timed(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        trip = Trip(time.perf_counter())

        def run() -> Any:
            trip.began = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                trip.done = time.perf_counter()

        try:
            return await execute(self, run)
        finally:
            trip.resumed = time.perf_counter()
            trips.append(trip)
            move = MOVE.get()
            if move is not None:
                move.trips.append(trip)

    return timed


LONG_CALLBACK = 0.005  # a loop callback that spends more CPU than this is kept


def _clocked_run(run: Callable[[asyncio.Handle], None], watch: StallWatch) -> Any:
    """``Handle._run``, its CPU and wall time measured (the loop's thread's clock)."""

    def clocked(handle: asyncio.Handle) -> None:
        callback = handle._callback  # type: ignore[attr-defined]
        began, cpu = time.perf_counter(), time.thread_time()
        run(handle)
        spent = time.thread_time() - cpu
        watch.callback_count += 1
        watch.callback_cpu += spent
        if spent > LONG_CALLBACK:
            wall = time.perf_counter() - began
            watch.callbacks.append((spent, wall, suspended(callback)))

    return clocked


class _TimedLock:
    """A channel's lock whose waits are added to the move under way."""

    def __init__(self, lock: asyncio.Lock, store: bool = False) -> None:
        self.lock, self.store = lock, store

    async def __aenter__(self) -> None:
        began = time.perf_counter()
        await self.lock.acquire()
        move = MOVE.get()
        if move is not None:
            if self.store:
                move.store_lock_s += time.perf_counter() - began
            else:
                move.lock_s += time.perf_counter() - began

    async def __aexit__(self, *_: object) -> None:
        self.lock.release()

    def locked(self) -> bool:
        return self.lock.locked()


def _timed_lock(lock: Callable[[TableCore, int], asyncio.Lock]) -> Any:
    def timed(self: TableCore, channel_id: int) -> _TimedLock:
        return _TimedLock(lock(self, channel_id))

    return timed


def child_pids(executor: Any, name: str) -> dict[int, str]:
    """The worker processes of a ``ProcessPoolExecutor`` (started), by name."""
    processes = getattr(executor, "_processes", None) or {}
    return {pid: f"{name}[{pid}]" for pid in processes}
