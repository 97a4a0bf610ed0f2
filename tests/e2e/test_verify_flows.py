"""Verifiable shuffles through SimCord: the commitment posted at Start, the seed in
no public message before the end, its reveal at the end, and /log's export of a
finished or ended game verifying, in English and Italian."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
import simcord

from bot.model import table_of
from games.core.verify import commitment, verify
from games.registry import GAMES
from tests.e2e.helpers import Table, make_table, open_lobby, start_game


async def _export_of(result: simcord.InteractionResult) -> dict[str, Any]:
    assert result.ephemeral and result.response is not None
    [attachment] = result.response.attachments
    assert attachment.filename.endswith(".json")
    data: dict[str, Any] = json.loads(await attachment.read())
    return data


async def _secrets(table: Table) -> tuple[str, str]:
    info = table_of(await table.row())
    return str(info.seed), info.salt


async def test_an_ai_game_played_out_is_exported_and_verifies(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice"], channel="narnia")
    alice = table.players[0]
    lobby = await open_lobby(table, "narnia")
    await alice.click(lobby, label="🤖 Add AI · normal")
    await alice.click(lobby, label="🤖 Add AI · normal")
    await alice.click(lobby, label="Start")
    seed, salt = await _secrets(table)
    public = table.public_text()
    assert commitment(salt, int(seed)) in public and "sealed" in public
    assert seed not in public and salt not in public  # never before the end
    running = await alice.slash(table.channel, "log")
    assert running.ephemeral and not running.response.attachments  # no export of a running game

    await alice.slash(table.channel, "leave")  # the AI takes the seat and plays the game out
    assert (await table.row()).status == "finished"
    assert f"The seed was `{seed}` and the salt `{salt}`" in table.public_text()

    result = await alice.slash(table.channel, "log")
    assert "python -m games verify narnia-" in result.response.content
    assert "played to the end" in result.response.content
    export = await _export_of(result)
    assert export["seed"] == int(seed) and export["salt"] == salt and not export["ended_early"]
    verdict = verify(export, GAMES)
    assert verdict.ok, verdict.problems


async def test_an_ended_game_is_exported_in_italian(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, _ = table.players
    await start_game(table, language="it")
    seed, salt = await _secrets(table)
    public = table.public_text()
    assert "sono sigillati" not in public and "è sigillato: impegno SHA-256" in public
    assert seed not in public and salt not in public
    await alice.slash(table.channel, "end")
    assert f"Il seme era `{seed}` e il sale `{salt}`" in table.public_text()
    assert "`/registro`" in table.public_text()

    # SimCord's members speak English; the reply follows the member's own language.
    # (The loaded extension is the module in sys.modules: load_extension imports it anew.)
    monkeypatch.setattr(sys.modules["cogs.table"], "lang", lambda interaction: "it")
    result = await bob.slash(table.channel, "log")
    assert "In allegato l'esportazione di Mag Mor" in result.response.content
    assert "terminata in anticipo" in result.response.content
    export = await _export_of(result)
    assert export["ended_early"] and export["actions"][-1]["source"] == "end"
    assert verify(export, GAMES).ok

    # A new table in the channel: /log shows it, and still offers the finished game's export.
    monkeypatch.undo()
    await start_game(table)
    later = await bob.slash(table.channel, "log")
    assert "ended early" in later.response.content
    assert (await _export_of(later))["game_id"] == export["game_id"]
    new_seed, new_salt = await _secrets(table)
    assert new_seed not in table.public_text() and new_salt not in table.public_text()
