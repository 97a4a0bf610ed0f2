"""What a page is sent is what its generated types say (cogs/activity/wire.py, tools/page_types.py).

The messages are built as dicts where they are sent; these tests play the first moves of
every game with a page, through two pages, and check each message the pages get against
the models the types are generated from: the shell's (``extra="forbid"``: a key sent that
the models do not know fails), the game's page state (``table.view``) and its actions
(``table.legal``), each read back to exactly what was sent."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from aiohttp import ClientWebSocketResponse
from pydantic import BaseModel, Field, TypeAdapter

from cogs.activity.wire import ErrorMessage, HintMessage, PongMessage, StateMessage
from cogs.kit.presenter import PRESENTERS
from games.registry import GAMES
from tests.activity.conftest import ALICE, BOB, CHANNEL, Rig
from tests.activity.pages import page_presenters
from tests.activity.test_server import open_page
from tools.page_types import page_model

SENT: TypeAdapter[StateMessage | ErrorMessage | HintMessage | PongMessage] = TypeAdapter(
    Annotated[StateMessage | ErrorMessage | HintMessage | PongMessage, Field(discriminator="type")]
)
MOVES = 6  # the first moves of a game: every page's state changes a few times


def checked(game: str, message: dict[str, Any]) -> dict[str, Any]:
    """``message`` read through the wire's models: the shell's, then the game's."""
    SENT.validate_python(message)
    table = message.get("table") if message["type"] == "state" else None
    if table is not None and table["view"] is not None:
        model: type[BaseModel] = page_model(PRESENTERS[game])
        assert model.model_validate(table["view"]).model_dump(mode="json") == table["view"]
    actions = GAMES[game].action_adapter
    for action in table["legal"] if table is not None else ():
        assert actions.dump_python(actions.validate_python(action), mode="json") == action
    return message


class Page:
    """A page's socket and the last state it was sent."""

    def __init__(self, game: str, ws: ClientWebSocketResponse, first: dict[str, Any]) -> None:
        self.game, self.ws, self.last = game, ws, checked(game, first)

    async def receive(self, timeout: float = 10) -> dict[str, Any]:
        message = checked(self.game, await self.ws.receive_json(timeout=timeout))
        if message["type"] == "state":
            self.last = message
        return message

    async def state_at(self, version: int) -> dict[str, Any]:
        """The page's table at ``version`` or later (every message before it checked too)."""
        while self.last["table"] is None or self.last["table"]["version"] < version:
            await self.receive()
        table: dict[str, Any] = self.last["table"]
        return table

    async def answer(self, *kinds: str, timeout: float = 5) -> dict[str, Any]:
        """The page's next message of one of ``kinds`` (a state an AI's move brought may come first)."""
        while (message := await self.receive(timeout))["type"] not in kinds:
            assert message["type"] == "state", message
        return message


def asked(table: dict[str, Any]) -> bool:
    """Is this page's seat asked to decide now (its moves listed or not)?"""
    decision = table["decision"]
    seat = table["seat"]
    if decision is None or seat not in decision["seats"] or seat in decision["done"]:
        return False
    # In turn (``ordered``): only the first seat still to answer is asked now.
    waiting = [s for s in decision["seats"] if s not in decision["done"]]
    return decision["mode"] != "ordered" or waiting[0] == seat


@pytest.mark.parametrize("game", [presenter.game_id for presenter in page_presenters()])
async def test_every_message_a_page_gets_is_what_its_types_say(rig: Rig, game: str) -> None:
    service = rig.bot.service
    await service.open_lobby(
        CHANNEL, 1, ALICE, "alice", game, seats=None, speed="live", language="en", hints=True
    )
    await service.join(CHANNEL, BOB, "bob")
    await service.add_ai(CHANNEL, ALICE, False)
    pages: list[Page] = []
    for token in ("tok-alice", "tok-bob"):
        pages.append(Page(game, *await open_page(rig, token)))
        assert pages[-1].last["table"]["status"] == "lobby"
    await pages[0].ws.send_json({"v": 1, "type": "ping"})
    await pages[0].answer("pong")

    await rig.bot.changes.after(await service.start(CHANNEL, ALICE, False))
    hinted, moved = False, 0
    for _ in range(MOVES):
        await rig.bot.changes.settled()
        found = await service.active(CHANNEL)
        if found is None:
            break
        acting = [page for page in pages if asked(await page.state_at(found[0].version))]
        if not acting:
            # An AI seat's stretch left for the scheduler's next slice (a loaded machine):
            # run it on as its tick would, and look again.
            if await rig.bot.changes.run_due(CHANNEL) is not None:
                continue
            break
        page, table = acting[0], acting[0].last["table"]
        hint: dict[str, Any] | None = None
        if not hinted or not table["legal"]:  # a hint, or its refusal: either is a message the types know
            await page.ws.send_json({"v": 1, "type": "hint"})
            hint = await page.answer("hint", "error", timeout=30)
            hinted = True
        # A move the engine lists, or (a decision too wide to list, a split) the hint's.
        hinted_move = hint["move"] if hint is not None and hint["type"] == "hint" else None
        move = table["legal"][0] if table["legal"] else hinted_move
        if move is None:
            break
        # A version the page has not seen: refused (an older one may still act where the
        # others only chose in secret meanwhile, TableInfo.fresh).
        await page.ws.send_json({"v": 1, "type": "act", "version": table["version"] + 1, "action": move})
        await page.answer("error")
        await page.ws.send_json({"v": 1, "type": "act", "version": table["version"], "action": move})
        await page.state_at(table["version"] + 1)
        moved += 1
    assert moved, "no page was asked to move"
    for page in pages:
        await page.ws.close()
