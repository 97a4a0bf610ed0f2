"""Which table a page is sent, as the table changes around it: a lobby, a seat
that changes hands mid-game, a game that ends and the channel's next one."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse

from bot import render
from bot.extensions import presented_games
from bot.model import TableInfo
from bot.rematch import rematch
from bot.takeover import answer_request, request_seat
from cogs.activity import shown as shown_module
from cogs.activity.shown import Drawn, Shown, shown
from cogs.activity.viewers import state_message
from games.core import Event
from games.registry import GAMES
from tests.activity.conftest import ALICE, BOB, CHANNEL, DAVE, Rig
from tests.activity.pages import page_presenters
from tests.activity.test_server import open_page

AK = GAMES["akelarre"]


async def next_state(ws: ClientWebSocketResponse, at: int = 0) -> dict[str, Any]:
    """The page's next state (at version ``at`` or later)."""
    while True:
        message: dict[str, Any] = await ws.receive_json(timeout=5)
        if message["type"] == "state" and message["table"]["version"] >= at:
            return message


def engine_table(rig: Rig, table: dict[str, Any], seat: int | None) -> None:
    """The page shows ``seat`` and the engine's view for it at that version."""
    assert table["seat"] == seat
    assert table["view"] == rig.channel.views[table["version"]][seat]


async def test_a_page_open_on_a_lobby_sees_the_game_start(rig: Rig) -> None:
    service = rig.bot.service
    await service.open_lobby(
        CHANNEL, 1, ALICE, "alice", "akelarre", seats=None, speed="live", language="en", hints=True
    )
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False)
    page, first = await open_page(rig, "tok-alice")
    lobby = first["table"]
    assert (lobby["status"], lobby["seat"], lobby["view"], lobby["decision"]) == ("lobby", 0, None, None)
    assert (lobby["legal"], lobby["hints"], lobby["outcome"], lobby["final"]) == ([], False, None, [])
    assert [s["name"] for s in lobby["seats"]][:2] == ["alice", "bob"]
    assert first["words"]["activity.page.lobby"]
    assert first["page"] == "games/akelarre/page.mjs"  # Akelarre's face has a page: the shell loads it

    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    started = (await next_state(page))["table"]
    assert started["status"] == "playing" and started["view"]["hand"]
    engine_table(rig, started, 0)
    assert started["hints"] is True  # the host turned hints on


async def test_a_seat_that_changes_hands_changes_the_view_at_the_next_change(rig: Rig) -> None:
    service = rig.bot.service
    await service.open_lobby(
        CHANNEL, 1, ALICE, "alice", "akelarre", seats=None, speed="live", language="en", hints=True
    )
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False)
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await rig.bot.changes.settled()
    watcher, first = await open_page(rig, "tok-dave")
    # A member without a seat: the public view, nothing to do, no hints even where they are on.
    assert (first["table"]["seat"], first["table"]["legal"], first["table"]["hints"]) == (None, [], False)
    assert first["table"]["view"]["hand"] is None
    leaver, _ = await open_page(rig, "tok-bob")

    # Dave takes the AI's seat (3): his page now shows that seat's hand.
    await request_seat(service._core, CHANNEL, DAVE, "dave", None)
    done = await answer_request(service._core, CHANNEL, ALICE, False, 2, DAVE, confirm=True)
    assert done.applied is not None
    await rig.bot.changes.after(done.applied)
    taken = (await next_state(watcher))["table"]
    engine_table(rig, taken, 2)
    assert taken["view"]["hand"] and taken["view"]["favourite"]
    assert [s["ai"] for s in taken["seats"]] == [False, False, False]

    # Bob leaves for good (an AI takes his seat): his page is a spectator's from the next change.
    applied = await service.leave_game(CHANNEL, BOB)
    await rig.bot.changes.after(applied)
    await rig.bot.changes.settled()
    left = (await next_state(leaver, applied.row.version))["table"]
    engine_table(rig, left, None)
    assert (left["view"]["hand"], left["view"]["favourite"], left["legal"], left["hints"]) == (
        None,
        None,
        [],
        False,
    )


async def test_the_channel_s_next_game_reaches_the_open_pages(rig: Rig) -> None:
    """A rematch numbers its versions from 1 again: the pages still get it."""
    service = rig.bot.service
    await service.open_lobby(CHANNEL, 1, ALICE, "alice", "akelarre", seats=None, speed="live", language="en")
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False)
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    await rig.bot.changes.settled()
    page, _ = await open_page(rig, "tok-bob")
    ended = await service.end(CHANNEL, ALICE, may_manage=False)
    await rig.bot.changes.after(ended)
    final = (await next_state(page))["table"]
    assert final["status"] == "finished" and final["version"] > 3

    await rematch(service._core, CHANNEL, ended.row.id, BOB, "bob")
    await rig.bot.changes.after(await service.start(CHANNEL, BOB, False))
    again = (await next_state(page))["table"]
    assert again["status"] == "playing" and again["version"] < final["version"]
    engine_table(rig, again, 1)
    assert again["outcome"] is None and again["final"] == []


async def test_a_line_is_drawn_once_and_again_for_new_names(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawing: list[str] = []  # the events drawn, by key

    def event_text(game: str, info: TableInfo, event: Event, language: str) -> str:
        drawing.append(event.key)
        return render.event_text(game, info, event, language)

    monkeypatch.setattr(shown_module, "event_text", event_text)
    service = rig.bot.service
    await service.open_lobby(CHANNEL, 1, ALICE, "alice", "akelarre", seats=None, speed="live", language="en")
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False)
    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    drawn = Drawn()
    at = await shown(service, CHANNEL, drawn)
    assert at is not None
    first = at.lines(None, "en")
    assert any("**alice**" in line or "**bob**" in line for line in first), first
    drawn_first = len(drawing)
    assert at.lines(None, "en") == first and len(drawing) == drawn_first  # drawn once, then read
    later = await shown(service, CHANNEL, drawn)  # the next change: the same actions are not drawn again
    assert later is not None and later.lines(None, "en") == first and len(drawing) == drawn_first
    assert at.lines(0, "en") != first  # alice's own lines beside the public ones
    # A seat taken over names its new holder in the lines drawn from then on.
    renamed = at.info.model_copy(deep=True)
    renamed.seats[0].name, renamed.seats[1].name = "alicia", "roberto"
    again = Shown(at.row, renamed, at.state, at.recent, drawn).lines(None, "en")
    names = {"**alice**": "**alicia**", "**bob**": "**roberto**"}
    for old, new in names.items():
        first = [line.replace(old, new) for line in first]
    assert again == first


def test_the_page_draws_only_the_games_whose_face_has_a_page() -> None:
    """The page's shell names no game: the first state of a game says where its page's
    module is, the ``page.mjs`` of its face's ``page`` folder, or that it has none."""
    with_page = {presenter.game_id: presenter for presenter in page_presenters()}
    assert with_page
    for game_id in presented_games():
        sent = state_message({"game": game_id}, "en")["page"]
        if game_id in with_page:
            folder = with_page[game_id].page_folder()
            assert folder is not None and (folder / "page.mjs").is_file()
            assert sent == f"games/{game_id}/page.mjs"
        else:
            assert sent is None
    assert state_message({"game": "no-such-game"}, "en")["page"] is None
