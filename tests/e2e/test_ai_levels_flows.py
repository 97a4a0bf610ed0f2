"""AI levels through SimCord, in English and Italian: the host adds a hard and an
easy seat from the lobby's buttons, the lobby and the board name each level,
the hard seat thinks in the bot's worker process, and the game runs to its
final board, which names the levels; the export records them."""

from __future__ import annotations

import json

import pytest
import simcord

from bot.model import table_of
from games.core.verify import verify
from games.registry import GAMES
from tests.e2e.helpers import make_table, open_lobby

WORDS = {
    "en": ("🤖 Add AI · hard", "🤖 Add AI · easy", "Start", "AI 1 · hard", "AI 2 · easy"),
    "it": (
        "🤖 Aggiungi IA · difficile",
        "🤖 Aggiungi IA · facile",
        "Inizia",
        "IA 1 · difficile",
        "IA 2 · facile",
    ),
}


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_host_adds_a_hard_and_an_easy_seat(simcord_env: simcord.Env, language: str) -> None:
    add_hard, add_easy, start, hard_name, easy_name = WORDS[language]
    simcord_env.settle_timeout = 120  # a hard seat thinks for real (a worker process starts, then searches)
    table = make_table(simcord_env, ["alice"])
    alice = table.players[0]
    lobby = await open_lobby(table, "magmor", language=language)
    await alice.click(lobby, label=add_hard)
    answer = await alice.click(lobby, label=add_easy)
    assert answer.response is not None
    seats = answer.response.embeds[0].fields[0].value or ""
    assert f"🤖 {hard_name}" in seats and f"🤖 {easy_name}" in seats
    await alice.click(lobby, label=start)
    info = table_of(await table.row())
    assert [(s.ai, s.level) for s in info.seats] == [(False, "normal"), (True, "hard"), (True, "easy")]
    board = table.board()
    assert hard_name in json.dumps(board.embeds[0].to_dict(), ensure_ascii=False)

    await alice.slash(table.channel, "leave")  # the AI seats (and hers, at normal) play the game out
    finished = await table.row()
    assert finished.status == "finished"
    [edited] = [m for m in table.channel.history() if m.id == board.id]  # the board, edited in place
    final = json.dumps(edited.embeds[0].to_dict(), ensure_ascii=False)
    assert hard_name in final and easy_name in final
    result = await alice.slash(table.channel, "log")
    assert result.response is not None
    [attachment] = result.response.attachments
    export = json.loads(await attachment.read())
    assert [(s["name"], s.get("level")) for s in export["seats"]] == [
        ("alice", "normal"),  # she left: the AI finished her seat at normal
        (hard_name, "hard"),
        (easy_name, "easy"),
    ]
    verdict = verify(export, GAMES)
    assert verdict.ok, verdict.problems


async def test_rules_say_what_each_level_does(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["alice"])
    answer = await table.players[0].slash(table.channel, "rules", game="tirnanog")
    assert answer.ephemeral and answer.response is not None
    [field] = [f for f in answer.response.embeds[0].fields if f.name == "🤖 AI seats"]
    assert all(word in (field.value or "") for word in ("**Easy**", "**Normal**", "**Hard**", "never sees"))
