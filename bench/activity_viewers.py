"""How soon do the Activity's pages see a change? ``python -m bench.activity_viewers``.

The Activity's web server (``cogs.activity``) with a real table service on
SQLite and a fake Discord on the loopback address (``tests.activity.fake_discord``);
``--tables`` live tables, every game the bot presents in turn (:func:`played_games`:
the registry's, none named here), each with ``--pages``
connected pages (two players and spectators, in English and Italian by turns, so
each change is drawn for several seat and language pairs); the games' presenters
registered as their cogs do (the final record, the page's words), and what the
bot built while starting frozen out of the garbage collector's sight, as the bot
does. The pages run in a second process, as browsers do, each reading every
message whole. Members' moves go through the service and the change step, as a
click's do: one table after another, or ``--parallel`` tables at once, each as
soon as its last move reached its pages or, with ``--pace``, a move every so many
seconds (members' pace rather than as fast as the machine goes).

Measured: from a move's commit (``TableService.act`` returned) to every page of
its table holding the new version (p50 / p99); the event loop's longest stall seen
by a 5 ms ticker (target ≤ 50 ms, as for the AI seats), the loop thread's own
CPU time in that wait (where the two differ, the machine gave its cores to
another process meanwhile) and the longest such stretch of its own; the garbage
collector's full passes (CPU time) and the longest.

    .venv/bin/python -m bench.activity_viewers                 # 50 tables x 4 pages, one move at a time
    .venv/bin/python -m bench.activity_viewers --parallel 50 --pace 1 --moves 600  # a move a second at each
    .venv/bin/python -m bench.activity_viewers --parallel 50 --moves 600  # every table at once, flat out
    .venv/bin/python -m bench.activity_viewers --processes 2 --tables 250 --pages 4  # activity_processes.py
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import json
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer
from pydantic import SecretStr

from bench.activity_attack import Attack, FakeDiscordProcess, add_arguments, main_of_children, options_of
from bot.extensions import face, presented_games
from bot.memory import freeze_startup
from cogs.activity.server import ActivityServer
from cogs.kit.presenter import Presenter, register
from games.registry import GAMES
from tests.activity.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from tests.factory import make_bot, start_with_an_ai

USERS = (11, 12, 13, 14, 15, 16)  # 11 and 12 play (tests.factory), the rest watch
LOCALES = ("en-US", "it")  # the users' Discord languages, by turns
FIRST_CHANNEL = 1000
STALL_TARGET_MS = 50.0


def played_games() -> list[str]:
    """The tables' games, by turns: every game the bot presents (its face, found from the
    registry), its presenter registered as its cog does (the page's words, data and
    final record come from it). Whether the shell has a module to draw a game or not,
    its pages are sent its state: what is measured is the server's side."""
    played = []
    for game_id in presented_games():
        presenter = getattr(importlib.import_module(face(game_id) or ""), "PRESENTER", None)
        if isinstance(presenter, Presenter):
            register(presenter)
            played.append(game_id)
    return played


async def collect_arrivals(
    child: asyncio.subprocess.Process, arrivals: dict[tuple[int, int], list[float]]
) -> None:
    """Each page's arrival, as the pages' process reports it (one line each:
    channel, version, when), kept by (channel, version)."""
    assert child.stdout is not None
    async for line in child.stdout:
        channel, version, at = line.split()
        arrivals.setdefault((int(channel), int(version)), []).append(float(at))


async def run(
    tables: int, pages: int, moves: int, parallel: int, pace: float = 0.0, attack: Attack | None = None
) -> None:
    played = played_games()
    fake = FakeDiscord(
        users={
            f"tok-{u}": {"id": str(u), "username": f"u{u}", "locale": LOCALES[i % len(LOCALES)]}
            for i, u in enumerate(USERS)
        }
    )
    for c in range(tables):
        channel = {"channel_id": str(FIRST_CHANNEL + c)}
        fake.instances[f"i{c}"] = {"location": channel, "users": [str(u) for u in USERS]}
    discord: TestServer | FakeDiscordProcess = (
        TestServer(fake.app(), host="127.0.0.1") if attack is None else attack.seat(fake)
    )
    await discord.start_server()
    folder = tempfile.TemporaryDirectory()
    bot = make_bot(
        Path(folder.name) / "gamemaster.db",
        discord_client_id=CLIENT_ID,
        discord_client_secret=SecretStr(CLIENT_SECRET),
        activity_port=1,  # not bound: the test server serves the app
        discord_api_base=str(discord.make_url("")).rstrip("/"),
        # Six users stand for the members of every table here (a member has pages on
        # one table, not fifty): the per-member tab cap is not what is measured.
        activity_sockets_per_member=len(USERS) * tables,
    )
    await bot.store.open()
    server = ActivityServer(bot.service, bot.changes, bot.settings)
    bot.changes.publishers.insert(0, server.viewers)
    site = TestServer(server.app(), host="127.0.0.1")
    await site.start_server()
    for c in range(tables):
        applied = await start_with_an_ai(bot.service, FIRST_CHANNEL + c, played[c % len(played)])
        await bot.changes.after(applied)
    if attack is not None:
        await attack.tables(bot)
    await bot.changes.settled()
    freeze_startup()  # as the bot does once it has started (bot.client.setup_hook); pages come later

    arrivals: dict[tuple[int, int], list[float]] = {}
    # The pages in a process of their own, as browsers are: what the loop and the
    # garbage collector measured here carry is the bot's alone.
    base = str(site.make_url("")).rstrip("/")
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.activity_viewers",
        "--pages-of",
        base,
        "--tables",
        str(tables),
        "--pages",
        str(pages),
        stdout=asyncio.subprocess.PIPE,
    )

    collector = asyncio.create_task(collect_arrivals(child, arrivals))
    while sum(len(v) for v in arrivals.values()) < tables * pages:
        await asyncio.sleep(0.01)
    if attack is not None:
        await attack.start(base)

    stalls: list[float] = []  # how late each tick woke
    busy: list[float] = []  # the loop's own CPU time in that wait (not another process's turn)

    async def tick() -> None:
        last, last_cpu = time.perf_counter(), time.thread_time()
        while True:
            await asyncio.sleep(0.005)
            now, cpu = time.perf_counter(), time.thread_time()
            stalls.append(now - last - 0.005)
            busy.append(cpu - last_cpu)
            last, last_cpu = now, cpu

    pauses: list[float] = []  # the CPU time of the garbage collector's full passes, which stop the loop too
    began = [0.0]

    def collected(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.thread_time()
        elif info["generation"] == 2:
            pauses.append(time.thread_time() - began[0])

    gc.callbacks.append(collected)
    ticker = asyncio.create_task(tick())
    latencies: list[float] = []
    commits: list[tuple[tuple[int, int], float]] = []  # every move, for the attack's report
    by_game: dict[str, int] = dict.fromkeys(played, 0)  # the moves each game's tables made
    made = 0

    async def one_move(channel: int) -> bool:
        """The member whose turn it is at ``channel`` plays; False when none may."""
        found = await bot.service.active(channel)
        if found is None or found[0].status != "playing":
            return False
        row, info = found
        game = GAMES[row.game]
        state = bot.service.state_of(row)
        decision = game.decision(state)
        if decision is None:
            return False
        seat = decision.actors[0]
        user = info.seats[seat].user_id
        if user is None or info.seats[seat].ai:
            return False
        action = game.default_action(state, seat).model_dump(mode="json")
        applied = await bot.service.act(channel, user, action, version=row.version)
        by_game[row.game] += 1
        committed = time.perf_counter()
        await bot.changes.after(applied)
        key = (channel, applied.row.version)
        commits.append((key, committed))
        while time.perf_counter() - committed < 1.0:  # a second at most, however late the loop wakes
            if len(arrivals.get(key, [])) >= pages:
                break
            await asyncio.sleep(0.001)
        got = arrivals.get(key, [])
        if len(got) >= pages:
            latencies.append(max(got) - committed)
        return True

    async def mover(lane: int) -> None:
        """Lane ``lane``'s tables, a move at a time, until the moves are made."""
        nonlocal made
        mine = [FIRST_CHANNEL + c for c in range(lane, tables, parallel)]
        turn = idle = 0
        await asyncio.sleep(pace * lane / parallel)  # the lanes' moves spread over the pace
        while made < moves and idle <= moves and not (attack is not None and attack.over()):
            if pace:
                await asyncio.sleep(pace)
            if await one_move(mine[turn % len(mine)]):
                made += 1
            else:
                idle += 1
                await bot.changes.settled()  # an AI seat's stretch, or the game is over
            turn += 1

    started = time.perf_counter()
    await asyncio.gather(*(mover(lane) for lane in range(min(parallel, tables))))
    elapsed = time.perf_counter() - started
    ticker.cancel()
    gc.callbacks.remove(collected)
    if attack is not None:
        await attack.report(bot.settings, commits, arrivals, pages, stalls, busy)
    # Under a flood no move may reach its pages within the second waited: the attack's lines say how late.
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [math.nan] * 99
    stall = max(stalls) * 1000
    print(
        f"{tables} tables x {pages} pages ({tables * pages} viewers), {len(latencies)} moves, "
        f"{min(parallel, tables)} at once{f' every {pace:g} s' if pace else ''}, "
        f"{len(latencies) / elapsed:.0f} moves/s: "
        f"commit -> every page of the table p50 {quantiles[49] * 1000:.1f} ms, "
        f"p99 {quantiles[98] * 1000:.1f} ms; "
        f"longest loop stall {stall:.1f} ms (target <= {STALL_TARGET_MS:.0f}: "
        f"{'PASS' if stall <= STALL_TARGET_MS else 'FAIL'}), the loop's own CPU in it "
        f"{busy[stalls.index(max(stalls))] * 1000:.1f} ms, "
        f"its longest own stretch {max(busy) * 1000:.1f} ms; "
        f"{len(pauses)} full GC passes, the longest {max(pauses, default=0) * 1000:.1f} ms; "
        f"moves by game: {', '.join(f'{game} {count}' for game, count in by_game.items())}"
    )
    child.terminate()
    await child.wait()
    collector.cancel()
    await site.close()
    await server.stop()
    await discord.close()
    await bot.store.close()
    folder.cleanup()


async def read_pages(bases: list[str], tables: int, pages: int) -> None:
    """The pages' process: ``pages`` pages on each table, each reading every message
    whole, as a page does, and saying on stdout when a state arrived (``time.perf_counter``
    is the machine's monotonic clock, the same in both processes). With several
    ``bases`` (bot processes), a table's pages go to them by turns."""

    async def read(ws: aiohttp.ClientWebSocketResponse, channel: int) -> None:
        async for frame in ws:
            message = json.loads(frame.data)
            if message["type"] == "state" and message["table"]:
                sys.stdout.write(f"{channel} {message['table']['version']} {time.perf_counter()}\n")
                sys.stdout.flush()

    # aiohttp's client allows 100 connections by default: these pages are more.
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        readers = []
        for c in range(tables):
            for n, user in enumerate(USERS[:pages]):
                ws = await http.ws_connect(f"{bases[(c + n) % len(bases)]}/ws")
                await ws.send_json(
                    {"v": 1, "type": "hello", "access_token": f"tok-{user}", "instance_id": f"i{c}"}
                )
                readers.append(asyncio.create_task(read(ws, FIRST_CHANNEL + c)))
        await asyncio.gather(*readers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pages", type=int, default=4, choices=range(1, len(USERS) + 1))
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--parallel", type=int, default=1, help="tables moving at once")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds between a lane's moves")
    add_arguments(parser)  # --attack (bench.activity_attack)
    parser.add_argument("--pages-of", help=argparse.SUPPRESS)  # the pages' own process, on this server
    parser.add_argument(
        "--processes", type=int, help="bot processes on PostgreSQL (bench/activity_processes.py)"
    )
    args = parser.parse_args()
    if args.processes:
        from bench.activity_processes import run_processes

        asyncio.run(run_processes(args.processes, args.tables, args.pages, args.moves, max(1, args.parallel)))
        return
    if args.pages_of:
        asyncio.run(read_pages([args.pages_of], args.tables, args.pages))
        return
    if main_of_children(args):  # the attacker's or the fake Discord's own process
        return
    attack = options_of(args)
    asyncio.run(
        run(
            args.tables,
            args.pages,
            args.moves,
            max(1, args.parallel),
            max(0.0, args.pace),
            Attack(attack) if attack else None,
        )
    )


if __name__ == "__main__":
    main()
