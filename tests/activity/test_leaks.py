"""No hidden card in any message sent to a page other than its owner's:
whole games played through the pages' own WebSockets, every message each page
gets recorded and held against the true state at that version.

Each member's page plays its seat (the engine's AI choosing from the view that
page was sent, now and then one of the page's ``legal`` actions at random); the
AI seats play through the table service as in the channel; a member without a
seat watches. Every ``state`` a page gets must be exactly its own seat's
``view`` and, when that seat acts, its ``legal_actions`` (else none), and must
hold nothing another seat hides: Akelarre's other hands and deck (their card
ids), another seat's favourite family before the end (AK-11.2, R36 for a
partner), another seat's private lines; Narnia hides only the order of its deck
and bags (no deck list, no RNG). A ``hint`` reaches the asking page alone."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse, WSMsgType

from bot.model import Applied, LogRow, TableInfo, table_of
from bot.render import event_text
from bot.store import GameRow
from cogs import akelarre, narnia
from cogs.activity.marked import masked, parts
from cogs.activity.shown import heard, you_key
from cogs.kit.presenter import PRESENTERS
from games.akelarre.state import AkelarreState
from games.core import Decision, Event, GameState
from games.narnia.state import NarniaState
from games.registry import GAMES
from tests.activity.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, Rig
from tests.activity.pages import page_view
from tests.activity.test_server import open_page

TOKENS = {ALICE: "tok-alice", BOB: "tok-bob", CAROL: "tok-carol", DAVE: "tok-dave"}
RANDOM_SHARE = 0.2  # of a page's moves, one of its ``legal`` actions at random
# What a page's table holds (cogs/activity/shown.py): a field added there is looked at here.
TABLE = {"game", "status", "version", "seat", "seats", "decision", "prompt", "legal", "hints", "view"}
TABLE |= {"lines", "outcome", "final", "ranked", "lobby", "deadline", "undo"}


@pytest.fixture(autouse=True)
def presenters(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games' presenters, as their cogs register them in the bot (the final
    record, the page's words, the hint in words)."""
    monkeypatch.setitem(PRESENTERS, "akelarre", akelarre.PRESENTER)
    monkeypatch.setitem(PRESENTERS, "narnia", narnia.PRESENTER)


def not_known_yet(expected: Any, sent: Any) -> Any:
    """``expected`` with null wherever ``sent`` has a ``chance`` still being worked out
    (Narnia's odds: a page is sent what is known, cogs/narnia/page_state.py)."""
    if isinstance(expected, dict) and isinstance(sent, dict):
        out = {key: not_known_yet(value, sent.get(key)) for key, value in expected.items()}
        if "chance" in sent and sent["chance"] is None:
            out["chance"] = None
        return out
    if isinstance(expected, list) and isinstance(sent, list):
        return [not_known_yet(e, s) for e, s in zip(expected, sent, strict=False)] + expected[len(sent) :]
    return expected


@dataclass
class Page:
    user: int
    seat: int | None
    language: str
    ws: ClientWebSocketResponse
    got: list[dict[str, Any]] = field(default_factory=list)

    @property
    def table(self) -> dict[str, Any]:
        return next(m["table"] for m in reversed(self.got) if m["type"] == "state")

    @property
    def version(self) -> int:
        return int(self.table["version"])

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.got if m["type"] == "error"]

    async def read(self) -> None:
        async for frame in self.ws:
            if frame.type == WSMsgType.TEXT:
                self.got.append(json.loads(frame.data))


@dataclass
class Game:
    """A whole game's pages, and every committed state by version."""

    rig: Rig
    game: str
    pages: list[Page] = field(default_factory=list)
    states: dict[int, GameState] = field(default_factory=dict)
    readers: list[asyncio.Task[None]] = field(default_factory=list)

    def record(self) -> None:
        core = self.rig.bot.service._core
        commit = core.commit

        async def recorded(applied: Applied, log_rows: list[LogRow], **options: Any) -> None:
            await commit(applied, log_rows, **options)
            assert applied.state is not None
            self.states[applied.row.version] = applied.state.model_copy(deep=True)

        core.commit = recorded  # type: ignore[method-assign]

    async def open(self, user: int, seat: int | None, language: str) -> Page:
        ws, first = await open_page(self.rig, TOKENS[user])
        page = Page(user, seat, language, ws, [first])
        assert first["language"] == language and first["table"]["seat"] == seat
        self.pages.append(page)
        self.readers.append(asyncio.create_task(page.read()))
        return page

    async def quiet(self) -> tuple[GameRow, TableInfo, GameState]:
        """The table once no AI seat is to act and every page shows its version."""
        engine = GAMES[self.game]
        for _ in range(2500):
            await self.rig.bot.changes.settled()
            row = await self.rig.bot.service._core.latest(CHANNEL)
            assert row is not None
            info, state = table_of(row), self.rig.bot.service.state_of(row)
            assert state is not None
            if all(p.version == row.version for p in self.pages):
                decision = engine.decision(state) if row.status == "playing" else None
                if decision is None or any(info.seat_of(u) in decision.actors for u in TOKENS):
                    return row, info, state
            await asyncio.sleep(0.002)
        raise AssertionError("the table never settled")

    async def play_out(self, seed: int) -> GameRow:
        """Every member's move from their page until the game's end."""
        engine, rng = GAMES[self.game], random.Random(seed)
        members = {p.seat: p for p in self.pages if p.seat is not None}
        for _ in range(3000):
            row, _info, state = await self.quiet()
            if row.status != "playing":
                return row
            decision = engine.decision(state)
            assert decision is not None
            seat = next(s for s in decision.actors if s in members)
            page, table = members[seat], members[seat].table
            legal = table["legal"]
            assert legal, table["decision"]
            if rng.random() < RANDOM_SHARE:
                action = rng.choice(legal)
            else:  # the normal player's move, from what the page was sent
                # The page is sent a state made from its seat's own view (checked in check()).
                own = engine.view(state, seat)
                chosen = engine.ai(seat).act(own, Decision.model_validate(table["decision"]))
                action = chosen.model_dump(mode="json")
            await page.ws.send_json({"v": 1, "type": "act", "version": row.version, "action": action})
            for _ in range(2500):
                if page.version > row.version or page.errors():
                    break
                await asyncio.sleep(0.002)
            assert not page.errors(), (action, page.errors())
        raise AssertionError("the game did not end")

    async def ask_hint(self) -> dict[str, Any]:
        """The page whose seat acts now asks for a hint; the answer comes to it."""
        row, _info, state = await self.quiet()
        decision = GAMES[self.game].decision(state)
        assert decision is not None
        page = next(p for p in self.pages if p.seat in decision.actors)
        await page.ws.send_json({"v": 1, "type": "hint"})
        for _ in range(3000):
            hints = [m for m in page.got if m["type"] in ("hint", "error")]
            if hints:
                assert hints[0]["type"] == "hint" and hints[0]["version"] == row.version, hints
                return hints[0]
            await asyncio.sleep(0.01)
        raise AssertionError("no hint came")

    async def close(self) -> None:
        for page in self.pages:
            await page.ws.close()
        await asyncio.gather(*self.readers)

    async def check(self, final: GameRow) -> None:
        """Every message every page got, against the state at its version."""
        engine = GAMES[self.game]
        actions = await self.rig.bot.service.store.actions(final.id)
        info = table_of(final)
        marked = masked(info)  # the names as the page gets them (cogs/activity/marked.py)
        for page in self.pages:
            # An event said to its own actor reads in the second person on their page.
            visible = {
                json.dumps(parts(event_text(self.game, marked, as_said(e, page.seat), page.language)))
                for e in events(actions)
                if e.visible_to(page.seat)
            }
            private_lines = {
                flat(parts(event_text(self.game, marked, e, page.language)))
                for e in events(actions)
                if not e.visible_to(page.seat)
            } - visible
            assert private_lines or self.game == "narnia"  # something was hidden from it
            assert not page.errors()
            states = [m for m in page.got if m["type"] == "state"]
            assert len(states) > 20 and states[-1]["table"]["status"] == "finished"
            for message in states:
                table = message["table"]
                state = self.states[table["version"]]
                assert set(table) == TABLE and table["seat"] == page.seat
                assert table["lobby"] is None  # only a lobby's (seats and options: nothing hidden)
                assert message["language"] == page.language
                assert table["view"] == not_known_yet(page_view(self.game, state, page.seat), table["view"])
                decision = engine.decision(state) if table["status"] == "playing" else None
                assert table["decision"] == (decision.model_dump(mode="json") if decision else None)
                outcome = engine.outcome(state)
                assert table["outcome"] == (outcome.model_dump(mode="json") if outcome else None)
                acting = decision is not None and page.seat in decision.actors
                legal = engine.legal_actions(state, page.seat) if acting and page.seat is not None else []
                assert table["legal"] == [a.model_dump(mode="json") for a in legal or ()]
                lines = {json.dumps(line) for line in table["lines"]}
                assert lines <= visible, lines - visible
                # The ranking's lines, one per standing, best first, each naming its seat alone:
                # there a page calls its own seat "You" (main.mjs), and nowhere else in the record.
                ranked = [table["final"][index] for index in table["ranked"]]
                named = [[p["seat"] for p in line if isinstance(p, dict)] for line in ranked]
                assert named == [[s.seat] for s in (outcome.standings if outcome else [])]
                said = [flat(table["prompt"] or []), *(flat(line) for line in table["final"])]
                assert not [line for line in private_lines if any(line in text for text in said)]
                assert not hidden_keys(message)
                if isinstance(state, AkelarreState):
                    akelarre_hides(message, state, page.seat)
                elif isinstance(state, NarniaState):
                    narnia_hides(message, state)


def as_said(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat``'s page words it: its ``event_you`` line to its own actor."""
    said_to = seat is not None and heard(event)[1] == seat
    return event.model_copy(update={"key": you_key(event.key)}) if said_to else event


def flat(line: list[Any]) -> str:
    """A page's marked text as one string, each name as its seat's mark."""
    return "".join(part if isinstance(part, str) else f"<{part['seat']}>" for part in line)


def events(actions: list[Any]) -> Iterator[Event]:
    for action in actions:
        for data in action.events:
            yield Event.model_validate(data)


def walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) pair in a message, nested ones included (key None in lists)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield None, item
            yield from walk(item)


def hidden_keys(message: dict[str, Any]) -> list[str]:
    """Names of what no page is sent: the RNG, the deck itself (its count is public)."""
    return [key for key, _ in walk(message) if key in ("rng", "seed", "counter", "deck", "unused_favourites")]


def narnia_hides(message: dict[str, Any], state: NarniaState) -> None:
    """Narnia's only secrets: the deck's order (and what the RNG will draw)."""
    for key, value in walk(message):
        if isinstance(value, list) and len(state.deck) > 1:
            assert value != state.deck, key
        assert value != state.rng.seed, key


def strings(message: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    for key, value in walk(message):
        if key is not None:
            found.add(key)
        if isinstance(value, str):
            found.add(value)
    return found


def akelarre_secret_cards(state: AkelarreState, seat: int | None) -> set[str]:
    """Card ids ``seat`` may not know: the deck and the other hands, but for the
    cards a hand took face up from a discard pile (AK-8.6)."""
    secret = set(state.deck)
    for other, hand in enumerate(state.hands):
        if other != seat:
            secret |= set(hand) - set(state.shown_in_hand(other))
    return secret


def akelarre_hides(message: dict[str, Any], state: AkelarreState, seat: int | None) -> None:
    seen = strings(message)
    leaked = akelarre_secret_cards(state, seat) & seen
    assert not leaked, leaked
    over = state.step == "over"
    own = state.favourites[seat] if seat is not None else None
    for key, value in walk(message):
        if key == "favourite" and not over:  # every score names its favourite at the end
            assert value in (None, own), (seat, value)
        if key in ("favourites", "scores") and not over:
            assert value is None, key


async def start_akelarre(rig: Rig, *, teams: bool) -> None:
    service = rig.bot.service
    await service.open_lobby(
        CHANNEL,
        1,
        ALICE,
        "alice",
        "akelarre",
        seats=4 if teams else 3,
        speed="live",
        language="en",
        options={"teams": True} if teams else None,
        hints=True,
    )
    await service.join(CHANNEL, BOB, "bob")
    if teams:
        await service.join(CHANNEL, CAROL, "carol")
    await service.add_ai(CHANNEL, ALICE, False)
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await rig.bot.changes.settled()


async def test_akelarre_three_players_nothing_hidden_reaches_another_page(rig: Rig) -> None:
    game = Game(rig, "akelarre")
    game.record()
    await start_akelarre(rig, teams=False)
    alice = await game.open(ALICE, 0, "en")
    await game.open(BOB, 1, "it")
    await game.open(DAVE, None, "en")
    hint = await game.ask_hint()
    asker = next(p for p in game.pages if hint in p.got)
    final = await game.play_out(seed=3)
    await game.close()
    assert final.status == "finished" and GAMES["akelarre"].outcome(game.states[final.version])
    await game.check(final)
    # The hint went to the asking page alone, and holds nothing its seat may not know.
    assert [p for p in game.pages if any(m["type"] == "hint" for m in p.got)] == [asker]
    state = game.states[hint["version"]]
    assert isinstance(state, AkelarreState) and hint["text"]
    assert not akelarre_secret_cards(state, asker.seat) & strings(hint)
    assert alice.table["view"]["favourites"]  # revealed to all at the end (R25)


async def test_akelarre_teams_a_partner_s_hand_and_favourite_stay_hidden(rig: Rig) -> None:
    game = Game(rig, "akelarre")
    game.record()
    rig.discord.instances["i-table"]["users"].append(str(CAROL))
    rig.discord.users["tok-dave"]["locale"] = "it"
    await start_akelarre(rig, teams=True)
    await game.open(ALICE, 0, "en")
    await game.open(BOB, 1, "it")
    await game.open(CAROL, 2, "en")  # alice's partner (AK-13.1): R36 hides each from the other
    await game.open(DAVE, None, "it")
    final = await game.play_out(seed=4)
    await game.close()
    assert final.status == "finished" and game.states[final.version].teams  # type: ignore[attr-defined]
    await game.check(final)


async def test_narnia_no_page_gets_the_deck_or_the_dice_to_come(rig: Rig) -> None:
    game = Game(rig, "narnia")
    game.record()
    service = rig.bot.service
    await service.open_lobby(CHANNEL, 1, ALICE, "alice", "narnia", seats=3, speed="live", language="en")
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False)
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await rig.bot.changes.settled()
    await game.open(ALICE, 0, "en")
    await game.open(BOB, 1, "it")
    await game.open(DAVE, None, "en")
    final = await game.play_out(seed=5)
    await game.close()
    assert final.status == "finished"
    await game.check(final)
