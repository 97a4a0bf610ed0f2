"""How loud is a table in its channel? ``python -m bench.channel`` (``--game G``, ``--turns N``).

Each game (or the one given) is played by scripted members (``--players``, 3 by
default; no AI seats) through SimCord against the real bot: ``/play``, Join and
Start in the lobby, then every move through the member's private panel (My hand
on the board, or the panel they opened before, and the buttons and selects it
shows; bench/channel_players.py). Members pick their moves as the game's normal
AI would, from their own view. Nothing calls the table service.

What is measured, per game, over ``--turns`` turns (a turn runs from one turn
change to the next; a turn change is a move after which the set of members who
must act includes someone who was not acting before, read from the stored
state's decision): new channel messages per turn (ordinary turns, battles,
reveals and the end apart), pings per turn change and pings to a member already
acting, how far the live board sits above the channel's newest message at each
turn change, the acting members' interactions per turn (by decision kind),
clicks answered with a stale-panel refresh, and Discord writes per turn (posts,
edits, deletes, uploads), counted from every REST request the bot makes
(SimCord's router, wrapped in this process). docs/channel.md says how each figure
is counted. One JSON object is printed, a key per game.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import statistics
import sys
import tempfile
import types
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord
from pydantic import SecretStr

from bench.channel_players import DRIVERS, REFRESH, NoControl, PanelUI, Refused, StalePanel, wanted_of
from bench.channel_weight import board_characters, sent_bytes, uploads

# The tests import these from here too (bench.channel was their home).
from bench.discord_requests import MENTION as MENTION
from bench.discord_requests import WRITES as WRITES
from bench.discord_requests import Request as Request
from bench.discord_requests import tapped as tapped
from bench.discord_requests import writes
from bot.client import GameMasterBot
from bot.i18n import t
from bot.settings import Settings
from games.core import Decision
from games.registry import GAMES

NAMES = ["ann", "bob", "cid", "dee", "eve", "fay", "gus", "hal", "ida", "jon"]
# Public events that make a turn other than ordinary: a battle's live message, hidden choices revealed.
REVEALS = frozenset({"talismani.event.reveal", "tirnanog.event.dispute_revealed"})
# A round's end: a turn in which a new round began, the first one aside.
ROUND_STARTS = frozenset({"narnia.event.round_started"})
KINDS = ("ordinary", "battle", "reveal", "end")


# -- what is counted --
@dataclass
class Turn:
    start: int  # index in the request log where the turn began
    version: int  # the game's version when it began
    kind: str = "ordinary"
    messages: int = 0
    round_end: bool = False
    interactions: int = 0
    writes: Counter[str] = field(default_factory=Counter)
    channel_writes: Counter[str] = field(default_factory=Counter)
    sent: tuple[int, int] = (0, 0)  # JSON bytes, file bytes


@dataclass
class Figures:
    turns: list[Turn] = field(default_factory=list)
    change_pings: list[int] = field(default_factory=list)
    pings_to_actor: int = 0
    pings_off_change: int = 0
    board_distances: list[int] = field(default_factory=list)
    acts: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    moves: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # by decision/move kind
    stale: Counter[str] = field(default_factory=Counter)
    fallbacks: int = 0
    stopped: str | None = None
    start: dict[str, Any] = field(default_factory=dict)
    posts_seen: int = 0
    deleted: int = 0
    history: int = 0
    boards: list[int] = field(default_factory=list)  # characters of each board posted
    player_turns: list[tuple[int, int]] = field(default_factory=list)  # uploads: all, the panels'


def spread(values: Sequence[float]) -> dict[str, float | int]:
    return {
        "count": len(values),
        "mean": round(statistics.fmean(values), 2) if values else 0.0,
        "max": max(values) if values else 0,
    }


def report(f: Figures, options: dict[str, Any]) -> dict[str, Any]:
    by_kind = {kind: spread([t.messages for t in f.turns if t.kind == kind]) for kind in KINDS}
    n = len(f.turns) or 1
    return {
        **options,
        "turns": len(f.turns),
        "finished": any(t.kind == "end" for t in f.turns),
        "stopped": f.stopped,
        "start": f.start,
        "messages_per_turn": {**by_kind, "all": spread([t.messages for t in f.turns])},
        "messages_per_round_end": spread([t.messages for t in f.turns if t.round_end]),
        "pings_per_turn_change": spread(f.change_pings),
        "pings_to_actor": f.pings_to_actor,
        "pings_off_change": f.pings_off_change,
        "board_distance_max": max(f.board_distances, default=0),
        "board_distance_mean": spread(f.board_distances)["mean"],
        "interactions_per_turn": {
            **spread([t.interactions for t in f.turns]),
            "by_decision": {kind: spread(counts) for kind, counts in sorted(f.acts.items())},
            "by_move": {kind: spread(counts) for kind, counts in sorted(f.moves.items())},
            "by_turn_kind": {
                kind: spread([t.interactions for t in f.turns if t.kind == kind])
                for kind in KINDS
                if any(t.kind == kind for t in f.turns)
            },
        },
        "stale_refreshes": sum(f.stale.values()),
        "stale_refreshes_on": dict(f.stale),
        "writes_per_turn": {
            **{w: round(sum(t.writes[w] for t in f.turns) / n, 2) for w in WRITES},
            "channel": {w: round(sum(t.channel_writes[w] for t in f.turns) / n, 2) for w in WRITES},
        },
        "board_characters": spread(f.boards),
        "bytes_per_turn": {
            "json": round(sum(t.sent[0] for t in f.turns) / n),
            "files": round(sum(t.sent[1] for t in f.turns) / n),
        },
        "uploads_per_player_turn": {
            **spread([u for u, _ in f.player_turns]),
            "panels": spread([p for _, p in f.player_turns]),
        },
        "fallbacks": f.fallbacks,
        "channel_posts_seen": f.posts_seen,
        "channel_deleted": f.deleted,
        "channel_history": f.history,
    }


# -- one game, played through SimCord --
@dataclass
class Seen:
    """The table as the stored state has it after a move."""

    version: int
    game_id: int
    actors: frozenset[int]  # user ids of the members who must act
    kind: str | None  # the decision's kind (None: over)
    seat: int | None = None  # the first actor's seat
    state: Any = None
    decision: Decision | None = None


class Run:
    def __init__(
        self,
        env: simcord.Env,
        channel: simcord.ChannelHandle,
        game: str,
        members: list[simcord.MemberActor],
        panels: str,
        log: list[Request],
    ) -> None:
        self.env, self.channel, self.game, self.members, self.panels = env, channel, game, members, panels
        self.log = log  # every request the bot made, in order
        self.f = Figures()
        self.seat_users: list[int] = []
        self.trace: Callable[[str], Any] | None = None  # --trace: each move, its clicks and posts
        self.clicks: list[str] = []
        self.wanted_kind = ""  # the kind of the move the member set out to play
        self.shown: dict[int, simcord.ResponseMessage] = {}  # each member's panel, as they left it
        self.act_interactions = 0
        self.stale_texts = tuple(t("error.stale_refreshed", lang) for lang in ("en", "it"))

    @property
    def bot(self) -> GameMasterBot:
        assert isinstance(self.env.bot, GameMasterBot)
        return self.env.bot

    async def seen(self) -> Seen:
        row = await self.bot.store.latest(self.channel.id)
        assert row is not None and row.state is not None
        game = GAMES[row.game]
        state = game.load_state(row.state)
        decision = game.decision(state) if row.status == "playing" else None
        if decision is None:
            return Seen(row.version, row.id, frozenset(), None, state=state)
        users = [s["user_id"] for s in row.table["seats"]]
        actors = frozenset(users[s] for s in decision.actors)
        return Seen(row.version, row.id, actors, decision.kind, decision.actors[0], state, decision)

    def board_distance(self) -> int | None:
        """Messages below the live board (the one with the My hand button), or None without one."""
        hand = f"gm:{self.channel.id}:hand"
        history = self.channel.history()
        self.f.history = len(history)
        for below, message in enumerate(reversed(history)):
            for row in message.components:
                if any(getattr(c, "custom_id", None) == hand for c in getattr(row, "children", [row])):
                    return below
        return None

    async def clicked(self, result: simcord.InteractionResult, what: str) -> None:
        self.act_interactions += 1
        response = result.response
        stale = response is not None and any(s in (response.content or "") for s in self.stale_texts)
        if stale:
            self.f.stale[what] += 1
        self.clicks.append(what + ("(stale)" if stale else ""))

    async def lobby(self, language: str) -> None:
        host, *guests = self.members
        start = len(self.log)
        await host.slash(self.channel, "play", game=self.game, language=language)
        lobby = self.channel.last_message
        assert lobby is not None
        for guest in guests:
            await guest.click(lobby, custom_id=f"gm:{self.channel.id}:lobby:join")
        await host.click(lobby, custom_id=f"gm:{self.channel.id}:lobby:start")
        done = self.log[start:]
        self.f.start = {
            "channel_posts": sum(r.public_post for r in done),
            "pings": sum(len(r.pings) for r in done),
            "writes": dict(writes(done)),
        }

    async def open_hand(self, member: simcord.MemberActor) -> PanelUI:
        """My hand on the live board: a fresh private panel."""
        board = self.channel.history()[-1 - (self.board_distance() or 0)]
        result = await member.click(board, custom_id=f"gm:{self.channel.id}:hand")
        await self.clicked(result, "hand")
        assert result.response is not None and result.ephemeral
        return PanelUI(member, result.response, self.stale_texts, self.clicked)

    async def move(self, member: simcord.MemberActor, seen: Seen) -> None:
        """The member plays what they want through their panel: the one they left open
        (``--panels reuse``) or a new one from My hand; a stale panel is redrawn by the
        bot and the member plays on from it; a panel without the wanted control is
        refreshed with its 🔄 first."""
        assert seen.seat is not None
        wanted = wanted_of(self.game, seen.state, seen.seat)
        self.wanted_kind = str(wanted.get("kind", "?"))
        kept = self.shown.get(member.id)
        fresh = kept is None or self.panels == "fresh"  # a panel just drawn for this decision
        if kept is None or self.panels == "fresh":
            ui = await self.open_hand(member)
        else:
            ui = PanelUI(member, kept, self.stale_texts, self.clicked)
        try:
            for _ in range(4):
                try:
                    await DRIVERS[self.game](ui, seen.state, seen.seat, dict(wanted))
                    return
                except StalePanel:
                    fresh = True
                except NoControl:
                    if fresh:
                        raise
                    fresh = True
                    with suppress(StalePanel):
                        await ui.press(REFRESH, exact=True)
        except (NoControl, Refused) as error:
            print(f"{self.game}: {seen.kind}: {error}; the first legal control instead", file=sys.stderr)
            self.f.fallbacks += 1
            ui = await self.open_hand(member)
            await ui.first_legal()
        finally:
            self.shown[member.id] = ui.shown

    async def play(self, turns: int) -> None:
        seen = await self.seen()
        distance = self.board_distance()
        self.f.change_pings.append(self.f.start["pings"])  # the Start is the first turn change
        self.f.board_distances.append(distance or 0)
        turn = Turn(len(self.log), seen.version)
        budget = 200 * turns + 200
        mover: tuple[int, int] | None = None  # the member of the running player-turn, where it began
        while len(self.f.turns) < turns and seen.kind is not None:
            budget -= 1
            if budget < 0:
                self.f.stopped = "move budget spent"
                return
            member = self.member_of(seen)
            begin, self.act_interactions, self.clicks = len(self.log), 0, []
            if mover is None or mover[0] != member.id:
                self.player_turn(mover, begin)
                mover = (member.id, begin)
            try:
                await self.move(member, seen)
            except (NoControl, Refused, StalePanel) as error:
                self.f.stopped = f"{seen.kind}: {error}"
                return
            now = await self.seen()
            if now.version == seen.version:
                self.f.stopped = f"no move landed at {seen.kind}"
                return
            assert seen.kind is not None
            self.f.acts[seen.kind].append(self.act_interactions)
            self.f.moves[f"{seen.kind}/{self.wanted_kind}"].append(self.act_interactions)
            turn.interactions += self.act_interactions
            pings = [u for r in self.log[begin:] for u in r.pings]
            self.f.pings_to_actor += sum(u in seen.actors for u in pings)
            # A quiet round (Narnia's set-up placements) is one turn for the channel.
            going_on = now.decision is not None and now.decision.goes_on(seen.decision)
            changed = bool(now.actors - seen.actors) and not going_on
            if self.trace is not None:
                self.trace(self.traced(member, seen, now, begin, changed))
            if changed:
                self.f.change_pings.append(len(pings))
                self.f.board_distances.append(self.board_distance() or 0)
            else:
                self.f.pings_off_change += len(pings)
            if changed or now.kind is None:
                await self.close(turn, now)
                turn = Turn(len(self.log), now.version)
            seen = now
        self.player_turn(mover, len(self.log))

    def player_turn(self, mover: tuple[int, int] | None, end: int) -> None:
        """Close the player-turn that began at ``mover[1]``: its uploads."""
        if mover is not None:
            done = self.log[mover[1] : end]
            self.f.player_turns.append((uploads(done), uploads(done, panels=True)))

    def traced(self, member: simcord.MemberActor, seen: Seen, now: Seen, begin: int, changed: bool) -> str:
        lines = [
            f"[{self.game} v{seen.version}] {member.name}: {seen.kind} ({', '.join(self.clicks)})"
            + (" -> turn change" if changed else "")
        ]
        for r in self.log[begin:]:
            if r.write is not None:
                text = str(r.message.get("content") or "").replace("\n", " | ")[:150]
                post = "PUBLIC " if r.public_post else ""
                lines.append(f"    {post}{r.write} {r.route}{' +file' * r.files} pings={r.pings} {text}")
        return "\n".join(lines)

    def member_of(self, seen: Seen) -> simcord.MemberActor:
        """The member of the decision's first actor (simultaneous decisions: one member at a time)."""
        assert seen.seat is not None
        return next(m for m in self.members if m.id == self.seat_users[seen.seat])

    async def close(self, turn: Turn, now: Seen) -> None:
        done = self.log[turn.start :]
        turn.messages = sum(r.public_post for r in done)
        turn.writes, turn.channel_writes = writes(done), writes(done, "channel")
        turn.sent = sent_bytes(done)
        events = [
            e
            for entry in await self.bot.store.actions(now.game_id)
            if turn.version < entry.version <= now.version
            for e in entry.events
            if e.get("seats") is None
        ]
        turn.round_end = any(
            e.get("key") in ROUND_STARTS and (e.get("params") or {}).get("round", 1) > 1 for e in events
        )
        if now.kind is None:
            turn.kind = "end"
        elif any("live" in (e.get("params") or {}) for e in events):
            turn.kind = "battle"
        elif any(e.get("key") in REVEALS for e in events):
            turn.kind = "reveal"
        self.f.turns.append(turn)
        if self.trace is not None:
            self.trace(f"== turn {len(self.f.turns)}: {turn.kind}, {turn.messages} channel messages")


def settings(folder: Path) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=SecretStr("bench"),
        database_path=folder / "channel.db",
        shard_count=1,  # SimCord never asks Discord for a recommended count
        ai_workers=0,  # no AI seats: no thinking process
    )


@contextmanager
def patched(seed: int, language: str) -> Iterator[None]:
    """The game's seed is drawn by ``secrets`` at Start: a fixed one makes a run repeatable.
    SimCord's members speak en-US; with ``--language it`` their panels speak Italian too."""
    fixed = types.SimpleNamespace(randbits=lambda bits: seed, token_hex=lambda n: "5eed" * n)
    patches = {
        ("bot.lobby", "secrets"): fixed,
        ("bot.replies", "language_of"): lambda locale: language,
    }
    kept = {(m, name): getattr(importlib.import_module(m), name) for m, name in patches}
    for (m, name), value in patches.items():
        setattr(importlib.import_module(m), name, value)
    try:
        yield
    finally:
        for (m, name), value in kept.items():
            setattr(importlib.import_module(m), name, value)


async def run_game(
    game: str,
    *,
    turns: int,
    language: str,
    seed: int,
    players: int = 3,
    panels: str = "reuse",
    trace: bool = False,
) -> dict[str, Any]:
    players = min(max(players, GAMES[game].min_players), GAMES[game].max_players)
    with tempfile.TemporaryDirectory() as folder, patched(seed, language), tapped() as log:
        client = GameMasterBot(settings(Path(folder)))
        try:
            async with simcord.run(client, settle_timeout=300) as env:
                guild = env.create_guild(name="Bench")
                channel = guild.create_text_channel(game)
                members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
                run = Run(env, channel, game, members, panels, log)
                if trace:
                    run.trace = lambda text: print(text, file=sys.stderr)
                await run.lobby(language)
                row = await client.store.latest(channel.id)
                assert row is not None
                run.seat_users = [s["user_id"] for s in row.table["seats"]]
                await run.play(turns)
                run.f.posts_seen = sum(r.public_post for r in log)
                run.f.deleted = sum(r.write == "deletes" and r.route == "channel" for r in log)
                run.f.boards = board_characters(log, channel.id)
                run.board_distance()  # the channel's history as it ends
        finally:
            await client.store.close()
    options = {"players": players, "language": language, "seed": seed, "panels": panels}
    return report(run.f, options)


async def bench(games: list[str], **options: Any) -> dict[str, Any]:
    return {game: await run_game(game, **options) for game in games}


def main(argv: Sequence[str] | None = None, out: Callable[[str], Any] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.channel", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: every game)")
    parser.add_argument("--turns", type=int, default=20, help="turns measured per game (default 20)")
    parser.add_argument("--language", choices=("en", "it"), default="en")
    parser.add_argument("--seed", type=int, default=1, help="the game seed drawn at Start")
    parser.add_argument("--players", type=int, default=3, help="scripted members (default 3)")
    parser.add_argument("--trace", action="store_true", help="each move, its clicks and writes, on stderr")
    parser.add_argument(
        "--panels",
        choices=("reuse", "fresh"),
        default="reuse",
        help="reuse: a member plays on from the panel they left open; fresh: My hand every move",
    )
    args = parser.parse_args(argv)
    games = [args.game] if args.game else sorted(GAMES)
    figures = asyncio.run(
        bench(
            games,
            turns=args.turns,
            language=args.language,
            seed=args.seed,
            players=args.players,
            panels=args.panels,
            trace=args.trace,
        )
    )
    out(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
