"""An attacker beside ``bench.activity_viewers``'s honest pages: ``--attack signin,hint``.

The attacker runs in a process of its own, from one address (``--attacker-address``, not the
honest pages' 127.0.0.1), as a stranger would:

* ``signin``: a sign-in flood. ``--sockets`` WebSockets send hellos with made-up
  tokens (each new, so no cache can answer it) at ``--signin-rate`` a second
  together, and made-up codes go to ``POST /api/token`` at ``--code-rate``; a socket
  the server closes is opened again, as an attacker's script would.
* ``hint``: a hint flood. A member with a valid token, seated at ``--hint-tables``
  practice tables of their own (hints on), asks for a hint from ``--hint-sockets``
  pages at each, again as soon as each answer comes. The practice tables take the
  games the bot presents by turns (found from the registry), or ``--hint-game``'s.

The fake Discord then runs in a process of its own too (its answers to the flood
are not the bot's work), and what reached it is read from its own record of the
paths it was asked (``FakeDiscord.asked``). An honest member at a practice table of
their own asks for a hint every ``--hint-every`` seconds, alone first, then during the
floods. Printed beside the honest pages' figures: the calls that reached Discord
during the floods by path and per second, against the configured budget where the
settings hold one (or ``--budget``); the honest pages' commit -> every page p50/p99,
every move counted (one whose pages never all got it counts as endless); the loop's
longest stall; the honest hint's time; what the attacker sent and was answered.

    .venv/bin/python -m bench.activity_viewers --parallel 50 --pace 1 --moves 1500 --seconds 30 \
        --attack signin,hint

The attacker's own process is ``bench.activity_flood``.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import math
import pickle
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import aiohttp

from bench.activity_flood import ATTACKER, AttackOptions, attacker
from bot.client import GameMasterBot
from bot.extensions import presented_games
from bot.settings import Settings
from games.registry import GAMES
from tests.activity.fake_discord import FakeDiscord

ATTACKS = ("signin", "hint")
PROBE = 667  # the honest member who asks for a hint now and then
ATTACK_CHANNEL, PROBE_CHANNEL = 9000, 8999
P99_TARGET_MS, STALL_TARGET_MS = 250.0, 50.0
# The process's budget of calls to Discord, where the build has one (the Activity's limits, a
# token bucket added beside this bench): a burst, then so many a second.
BUDGET_SETTINGS = ("activity_discord_burst", "activity_discord_per_second")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--attack", default="", help="an attacker beside the pages: signin,hint")
    parser.add_argument("--signin-rate", type=float, default=800.0, help="made-up hellos a second")
    parser.add_argument("--code-rate", type=float, default=200.0, help="made-up codes a second")
    parser.add_argument("--sockets", type=int, default=50, help="the sign-in flood's sockets")
    parser.add_argument("--hint-tables", type=int, default=2, help="the hint flooder's tables")
    parser.add_argument("--hint-sockets", type=int, default=2, help="the hint flooder's pages a table")
    parser.add_argument(
        "--hint-game",
        choices=presented_games(),
        help="the practice tables' game (default: every one by turns)",
    )
    parser.add_argument("--hint-every", type=float, default=6.0, help="the honest hint's pace, seconds")
    parser.add_argument("--budget", type=float, help="Discord calls a minute, where no setting says")
    parser.add_argument("--seconds", type=float, default=30.0, help="the floods' length at most")
    parser.add_argument("--attacker-address", default="127.0.0.2", help="the attacker's own address")
    parser.add_argument("--against", help=argparse.SUPPRESS)  # the attacker's own process
    parser.add_argument("--fake-discord", action="store_true", help=argparse.SUPPRESS)


def options_of(args: argparse.Namespace) -> AttackOptions | None:
    kinds = frozenset(k for k in str(args.attack).split(",") if k)
    if not kinds:
        return None
    if not kinds <= set(ATTACKS):
        raise SystemExit(
            f"--attack: {', '.join(sorted(kinds - set(ATTACKS)))}? (one of {', '.join(ATTACKS)})"
        )
    return AttackOptions(
        kinds,
        max(0.0, args.signin_rate),
        max(0.0, args.code_rate),
        max(1, args.sockets),
        max(1, args.hint_tables),
        max(1, args.hint_sockets),
        args.hint_game,
        max(0.5, args.hint_every),
        args.budget,
        max(1.0, args.seconds),
        args.attacker_address,
    )


def hint_games(named: str | None) -> list[str]:
    """The practice tables' games, by turns: ``named``, or every game the bot presents."""
    return [named] if named is not None else presented_games()


def seats(game_id: str) -> int:
    """Three seats (the asker and two AIs), where the game seats three; else the nearest it does."""
    game = GAMES[game_id]
    return max(game.min_players, min(3, game.max_players))


def main_of_children(args: argparse.Namespace) -> bool:
    """Run the attacker's or the fake Discord's process where ``args`` ask for one."""
    if args.fake_discord:
        asyncio.run(serve_fake_discord())
        return True
    if args.against:
        options = options_of(args)
        assert options is not None
        asyncio.run(attacker(args.against, options))
        return True
    return False


# -- the fake Discord's process ------------------------------------------------
class FakeDiscordProcess:
    """``fake`` served from a process of its own (as aiohttp's TestServer serves it in ours)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.port = 0
        self._child: asyncio.subprocess.Process | None = None

    async def start_server(self) -> None:
        # The whole fake, whatever fields it holds (tokens, instances, lifetimes), to our own child.
        keep = base64.b64encode(pickle.dumps(replace(self.fake, asked=[])))
        self._child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.activity_viewers",
            "--fake-discord",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self._child.stdin is not None and self._child.stdout is not None
        self._child.stdin.write(keep + b"\n")
        await self._child.stdin.drain()
        self.port = int(await self._child.stdout.readline())

    def make_url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def asked(self) -> list[str]:
        """Every path the fake was asked, from its own record."""
        async with aiohttp.ClientSession() as http, http.get(self.make_url("/bench/asked")) as response:
            paths = await response.json()
        assert isinstance(paths, list)
        return [str(p) for p in paths]

    async def close(self) -> None:
        if self._child is not None and self._child.returncode is None:
            self._child.terminate()
            await self._child.wait()


async def serve_fake_discord() -> None:
    """The fake's process: its state on stdin, its port on stdout, until it is ended."""
    from aiohttp import web

    fake = pickle.loads(base64.b64decode(sys.stdin.buffer.readline()))
    assert isinstance(fake, FakeDiscord)
    app = fake.app()

    async def asked(request: web.Request) -> web.Response:
        return web.json_response(fake.asked)

    app.router.add_get("/bench/asked", asked)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    server = getattr(site, "_server", None)
    assert server is not None
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Event().wait()


# -- the bench's side, in the bot's process -------------------------------------
@dataclass
class Attack:
    """The attacker's seats and process, the honest hint, and the report."""

    options: AttackOptions
    discord: FakeDiscordProcess | None = None
    probe_alone: list[float] = field(default_factory=list)
    probe_during: list[float] = field(default_factory=list)
    probe_refused: Counter[str] = field(default_factory=Counter)
    asked_before: int = 0
    began: float = 0.0
    _child: asyncio.subprocess.Process | None = None
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _http: aiohttp.ClientSession | None = None
    _bot: GameMasterBot | None = None

    def seat(self, fake: FakeDiscord) -> FakeDiscordProcess:
        """The attacker's and the honest asker's tokens and instances; the fake, served apart."""
        for user in (ATTACKER, PROBE):
            fake.users[f"tok-{user}"] = {"id": str(user), "username": f"u{user}", "locale": "en-US"}
        for k in range(self.options.hint_tables):
            fake.instances[f"attack{k}"] = {
                "location": {"channel_id": str(ATTACK_CHANNEL + k)},
                "users": [str(ATTACKER)],
            }
        fake.instances["probe"] = {"location": {"channel_id": str(PROBE_CHANNEL)}, "users": [str(PROBE)]}
        self.discord = FakeDiscordProcess(fake)
        return self.discord

    async def tables(self, bot: GameMasterBot) -> None:
        """Practice tables (every other seat an AI: hints on) for the attacker and the honest asker."""
        self._bot = bot
        channels = [(PROBE_CHANNEL, PROBE)] + [
            (ATTACK_CHANNEL + k, ATTACKER) for k in range(self.options.hint_tables)
        ]
        games = hint_games(self.options.hint_game)
        for index, (channel, user) in enumerate(channels):
            game = games[index % len(games)]
            await bot.service.open_lobby(
                channel,
                1,
                user,
                f"u{user}",
                game,
                seats=seats(game),
                speed="live",
                language="en",
                ai_level="normal",
            )
            await bot.changes.after(await bot.service.start(channel, user, False))
        await bot.changes.settled()

    async def start(self, base: str) -> None:
        """The honest hint alone, then the attacker's process, until it says its floods run."""
        assert self.discord is not None
        self._http = aiohttp.ClientSession()
        probe = await self._probe_page(base)
        await self._ask(probe)  # the first starts the thinker's worker process: not counted
        for _ in range(2):
            seconds, key = await self._ask(probe)
            if key == "hint":
                self.probe_alone.append(seconds)
        o = self.options
        argv = [
            "--against",
            base,
            "--attack",
            ",".join(sorted(o.kinds)),
            "--signin-rate",
            str(o.signin_rate),
            "--code-rate",
            str(o.code_rate),
            "--sockets",
            str(o.sockets),
            "--hint-tables",
            str(o.hint_tables),
            "--hint-sockets",
            str(o.hint_sockets),
            "--attacker-address",
            o.address,
        ]
        self._child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.activity_viewers",
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self._child.stdout is not None
        await self._child.stdout.readline()  # "ready": its sockets are open and signed in where they can be
        await asyncio.sleep(1.0)  # the floods at full rate
        self.asked_before = len(await self.discord.asked())
        self.began = time.perf_counter()
        self._tasks.append(asyncio.create_task(self._probe_during(probe)))

    def over(self) -> bool:
        """Have the floods run their ``--seconds``? (The honest moves stop then.)"""
        return bool(self.began) and time.perf_counter() - self.began >= self.options.seconds

    async def _probe_page(self, base: str) -> aiohttp.ClientWebSocketResponse:
        assert self._http is not None
        ws = await self._http.ws_connect(f"{base}/ws")
        await ws.send_json({"v": 1, "type": "hello", "access_token": f"tok-{PROBE}", "instance_id": "probe"})
        while (await ws.receive_json(timeout=30))["type"] != "state":
            pass
        return ws

    @staticmethod
    async def _ask(ws: aiohttp.ClientWebSocketResponse) -> tuple[float, str]:
        """One honest hint: its time and what came (``hint`` or the refusal's key)."""
        asked = time.perf_counter()
        await ws.send_json({"v": 1, "type": "hint"})
        while True:
            message = await ws.receive_json(timeout=120)
            if message["type"] == "hint":
                return time.perf_counter() - asked, "hint"
            if message["type"] == "error":
                return time.perf_counter() - asked, str(message["key"])

    async def _probe_during(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        while True:
            await asyncio.sleep(self.options.hint_every)
            seconds, key = await self._ask(ws)
            if key == "hint":
                self.probe_during.append(seconds)
            else:
                self.probe_refused[key] += 1

    async def stop(self) -> tuple[float, list[str], dict[str, Any]]:
        """The floods' length, the paths Discord was asked meanwhile and the attacker's own count."""
        assert self.discord is not None and self._child is not None
        assert self._child.stdin is not None and self._child.stdout is not None
        seconds = time.perf_counter() - self.began
        asked = (await self.discord.asked())[self.asked_before :]
        for task in self._tasks:
            task.cancel()
        self._child.stdin.write(b"stop\n")
        await self._child.stdin.drain()
        line = await self._child.stdout.readline()
        await self._child.wait()
        if self._http is not None:
            await self._http.close()
        if self._bot is not None:
            self._bot.service.thinker.close()  # the hints' worker process
        return seconds, asked, json.loads(line) if line else {}

    async def report(
        self,
        settings: Settings,
        commits: list[tuple[tuple[int, int], float]],
        arrivals: dict[tuple[int, int], list[float]],
        pages: int,
        stalls: list[float],
        busy: list[float],
    ) -> None:
        """Print what the floods cost, with each target's PASS or FAIL."""
        seconds, asked, sent = await self.stop()
        await asyncio.sleep(1.0)  # the pages' last arrivals; a move later than that counts as never
        for line in report_lines(
            settings, self.options, seconds, asked, sent, commits, arrivals, pages, stalls, busy, self
        ):
            print(line)


def budget_of(settings: Settings, options: AttackOptions, seconds: float) -> tuple[float, str] | None:
    """The calls to Discord allowed in ``seconds``, and where that budget was read."""
    if options.budget is not None:  # said on the command line: it wins over the settings
        return options.budget * math.ceil(seconds / 60), f"--budget {options.budget:g} a minute"
    burst, rate = (getattr(settings, name, None) for name in BUDGET_SETTINGS)
    if isinstance(burst, int | float) and isinstance(rate, int | float):
        # Every call counts here, the few a member's sign-in makes too: the judge is the stricter.
        return burst + rate * seconds, f"settings: a burst of {burst:g}, then {rate:g} a second"
    return None


def path_kind(path: str) -> str:
    """A path Discord was asked, without the ids made up in it."""
    return re.sub(r"/activity-instances/[^/]+$", "/activity-instances/{id}", re.sub(r"\d{3,}", "{app}", path))


def report_lines(
    settings: Settings,
    options: AttackOptions,
    seconds: float,
    asked: list[str],
    sent: dict[str, Any],
    commits: list[tuple[tuple[int, int], float]],
    arrivals: dict[tuple[int, int], list[float]],
    pages: int,
    stalls: list[float],
    busy: list[float],
    attack: Attack,
) -> list[str]:
    kinds = ",".join(sorted(options.kinds))
    lines = [f"attack {kinds} for {seconds:.1f} s; the attacker sent: {json.dumps(sent, sort_keys=True)}"]
    by_path = Counter(path_kind(p) for p in asked)
    listed = ", ".join(f"{p} {n} ({n / seconds:.0f}/s)" for p, n in by_path.most_common()) or "none"
    lines.append(
        f"calls reaching Discord during the floods: {len(asked)} ({len(asked) / seconds:.0f}/s): {listed}"
    )
    budget = budget_of(settings, options, seconds)
    if budget is None:
        lines.append("Discord budget: no budget setting in this build and no --budget: raw counts only")
    else:
        allowed, source = budget
        verdict = "PASS" if len(asked) <= allowed else "FAIL"
        lines.append(f"Discord calls {len(asked)} <= budget {allowed:g} ({source}): {verdict}")
    # Every move counted: one whose pages never all got the new version is endless.
    took = [
        max(arrivals[key]) - at if len(arrivals.get(key, [])) >= pages else math.inf for key, at in commits
    ]
    if len(took) >= 2:
        q = statistics.quantiles(took, n=100) if all(map(math.isfinite, took)) else _quantiles(took)
        p50, p99 = q[49] * 1000, q[98] * 1000
        missed = sum(1 for s in took if math.isinf(s))
        verdict = "PASS" if p99 <= P99_TARGET_MS else "FAIL"
        lines.append(
            f"honest pages during the floods: {len(took)} moves ({missed} never reached every page), "
            f"commit -> every page p50 {p50:.1f} ms, p99 {p99:.1f} ms "
            f"(target <= {P99_TARGET_MS:.0f}: {verdict})"
        )
    else:
        lines.append(f"honest pages during the floods: {len(took)} moves, too few to judge: FAIL")
    stall = max(stalls, default=math.inf) * 1000
    # The loop thread's own CPU in that stall: the bot's work, where the rest is the machine's.
    own = busy[stalls.index(max(stalls))] * 1000 if stalls else math.inf
    lines.append(
        f"longest loop stall during the floods {stall:.1f} ms (target <= {STALL_TARGET_MS:.0f}: "
        f"{'PASS' if stall <= STALL_TARGET_MS else 'FAIL'}), the loop's own CPU in it {own:.1f} ms, "
        f"its longest own stretch {max(busy, default=math.inf) * 1000:.1f} ms"
    )
    alone = ", ".join(f"{s:.2f}" for s in attack.probe_alone) or "-"
    during = attack.probe_during
    shown = f"p50 {statistics.median(during):.2f} s, max {max(during):.2f} s" if during else "none answered"
    refused = f", refused {dict(attack.probe_refused)}" if attack.probe_refused else ""
    lines.append(
        f"an honest member's hint at another table: alone {alone} s; during the floods {len(during)} "
        f"answered, {shown}{refused}"
    )
    return lines


def _quantiles(values: list[float]) -> list[float]:
    """Percentile cut points of values holding infinities (statistics.quantiles cannot)."""
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, math.ceil(len(ordered) * i / 100) - 1)] for i in range(1, 100)]
