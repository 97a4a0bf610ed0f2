"""Command sync keeps the Activity's Entry Point command.

Enabling Activities makes Discord add a global Entry Point command (type 4,
handler 2). A bulk overwrite of the global commands that leaves it out is
refused (error 50240), and discord.py's ``CommandTree.sync`` sends only the
tree's commands. ``FakeDiscord`` stands in for Discord's two global-command
routes with that rule; SimCord (which takes no Entry Point: its command routes
refuse the fields ``id`` and ``handler``) checks the list sent without one and
the dev guild's sync."""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord

from bot.client import GameMasterBot
from tests.factory import make_bot

pytestmark = pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # no store of its own

# As Discord lists it (GET /applications/{id}/commands) once Activities are on.
ENTRY_POINT: dict[str, Any] = {
    "id": "1300000000000000001",
    "application_id": "1300000000000000000",
    "version": "1300000000000000002",
    "default_member_permissions": None,
    "type": 4,
    "name": "launch",
    "description": "",
    "dm_permission": True,
    "contexts": [0, 1, 2],
    "integration_types": [0, 1],
    "nsfw": False,
    "handler": 2,
}
OLD_COMMAND: dict[str, Any] = {
    "id": "1300000000000000003",
    "type": 1,
    "name": "gone",
    "description": "An old one",
}


class FakeDiscord:
    """Discord's global command list, refusing a bulk overwrite without its Entry Point."""

    def __init__(self, commands: list[dict[str, Any]]) -> None:
        self.commands, self.sent = commands, list[list[dict[str, Any]]]()

    async def get_global_commands(self, application_id: int) -> list[dict[str, Any]]:
        return copy.deepcopy(self.commands)

    async def bulk_upsert_global_commands(
        self, application_id: int, payload: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        self.sent.append(copy.deepcopy(payload))
        if any(c["type"] == 4 for c in self.commands) and not any(c.get("type") == 4 for c in payload):
            response = SimpleNamespace(status=400, reason="Bad Request")
            message = "You cannot remove this app's Entry Point command in a bulk update operation"
            raise discord.HTTPException(response, {"code": 50240, "message": message})  # type: ignore[arg-type]
        self.commands = copy.deepcopy(payload)
        return self.commands


def _fake(bot: GameMasterBot, monkeypatch: pytest.MonkeyPatch, commands: list[dict[str, Any]]) -> FakeDiscord:
    fake = FakeDiscord(commands)
    monkeypatch.setattr(bot.http, "get_global_commands", fake.get_global_commands)
    monkeypatch.setattr(bot.http, "bulk_upsert_global_commands", fake.bulk_upsert_global_commands)
    bot.settings = bot.settings.model_copy(update={"sync_commands": "always"})
    return fake


# What the bulk overwrite's request declares of a command, and in which JSON types
# (Discord's API spec, ApplicationCommandUpdateRequest; "name" is required).
DECLARED: dict[str, tuple[type, ...]] = {
    "id": (str, type(None)),
    "type": (int, type(None)),
    "handler": (int, type(None)),
    "name": (str,),
    "name_localizations": (dict, type(None)),
    "description": (str, type(None)),
    "description_localizations": (dict, type(None)),
    "options": (list, type(None)),
    "default_member_permissions": (int, type(None)),
    "dm_permission": (bool, type(None)),
    "contexts": (list, type(None)),
    "integration_types": (list, type(None)),
}


def as_the_request_declares(command: dict[str, Any]) -> None:
    assert "name" in command
    for key, value in command.items():
        assert key in DECLARED, f"{key} is not a field of the sync request"
        assert isinstance(value, DECLARED[key]), f"{key}: {value!r}"
        assert not isinstance(value, bool) or bool in DECLARED[key], (
            f"{key}: {value!r}"
        )  # JSON true is no integer


def _sent_entry_point(listed: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in listed.items() if k not in ("application_id", "version", "nsfw")}


async def test_an_existing_entry_point_is_kept(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = simcord_env.bot
    assert isinstance(bot, GameMasterBot)
    fake = _fake(bot, monkeypatch, [OLD_COMMAND, ENTRY_POINT])
    with pytest.raises(discord.HTTPException) as refused:  # what a plain sync meets
        await bot.tree.sync()
    assert refused.value.code == 50240
    await bot.sync_commands()
    # The old command gone; the Entry Point kept, in the fields the request declares.
    assert fake.sent[-1] == [*await bot.command_payload(), _sent_entry_point(ENTRY_POINT)]
    as_the_request_declares(fake.sent[-1][-1])


@pytest.mark.parametrize("permissions", ["0", "32", "8589934592"])
async def test_an_entry_point_s_permissions_go_back_as_an_integer(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, permissions: str
) -> None:
    """Discord lists a command's default_member_permissions as a string (a bit set
    past 2^53); the sync request declares an integer."""
    bot = simcord_env.bot
    assert isinstance(bot, GameMasterBot)
    listed = {**ENTRY_POINT, "default_member_permissions": permissions, "guild_id": None}
    fake = _fake(bot, monkeypatch, [listed])
    await bot.sync_commands()
    [sent] = [c for c in fake.sent[-1] if c.get("type") == 4]
    assert sent["default_member_permissions"] == int(permissions)
    assert set(sent) == set(ENTRY_POINT) - {"application_id", "version", "nsfw"}
    as_the_request_declares(sent)


async def test_without_an_entry_point_the_list_is_the_tree(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = simcord_env.bot
    assert isinstance(bot, GameMasterBot)
    # The start's sync, through SimCord: one read of the global list, one PUT of the tree.
    syncs = [r for r in simcord_env.http_requests if r.path.endswith("/commands")]
    assert [r.method for r in syncs] == ["GET", "PUT"]
    assert syncs[1].json == await bot.command_payload()
    fake = _fake(bot, monkeypatch, [OLD_COMMAND])
    await bot.sync_commands()
    assert fake.sent == [await bot.command_payload()]


async def test_a_dev_guild_sync_is_unaffected(database: str) -> None:
    guild_id = 1400000000000000000
    bot = make_bot(database, dev_guild_id=guild_id)
    async with simcord.run(bot) as env:
        syncs = [(r.method, r.path) for r in env.http_requests if r.path.endswith("/commands")]
        assert syncs == [("PUT", f"/applications/{bot.application_id}/guilds/{guild_id}/commands")]
