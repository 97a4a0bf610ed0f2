"""AI levels through SimCord, in English and Italian: the host adds a hard and an
easy seat from the lobby's buttons, the lobby and the board name each level,
the hard seat thinks in the bot's worker process, and the game runs to its
final board, which names the levels; the export records them."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
import simcord

from bot.model import table_of
from bot.thinking import seat_seed
from cogs.kit.presenter import PRESENTERS
from games.core.search import SearchPlayer
from games.core.verify import verify
from games.registry import GAMES
from tests.e2e.helpers import make_table, open_lobby, start_game

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
    final = json.dumps((await table.final_board()).embeds[0].to_dict(), ensure_ascii=False)
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


HINT_WORDS = {
    "en": (
        "🤖 Add AI · hard",
        "🤖 Add AI · easy",
        "Start",
        "Hint",
        "💡 Best here: ",
        "💡 1 hint",
        "off at this table",
    ),
    "it": (
        "🤖 Aggiungi IA · difficile",
        "🤖 Aggiungi IA · facile",
        "Inizia",
        "Suggerimento",
        "💡 Qui conviene: ",
        "💡 1 suggerimento",
        "suggerimenti sono spenti",
    ),
}


def private_text(result: simcord.InteractionResult) -> str:
    """The private answer to a deferred click (the deferral's message, edited or followed up)."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None
    return message.content or ""


def as_dict(component: Any) -> dict[str, Any]:
    return component if isinstance(component, dict) else dict(component.to_dict())


def components_json(message: simcord.ResponseMessage) -> str:
    return json.dumps([as_dict(row) for row in message.components])


def legal_index_control(message: simcord.ResponseMessage, index: int) -> tuple[str, str | None] | None:
    """The panel control that plays legal action ``index``: (custom_id, select value)."""
    for row in message.components:
        for item in as_dict(row).get("components", []):
            custom_id = str(item.get("custom_id", ""))
            if custom_id.endswith(f":a:L.{index}"):
                return custom_id, None
            if custom_id.endswith(":s:L") and any(o["value"] == str(index) for o in item.get("options", [])):
                return custom_id, str(index)
    return None


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_member_asks_for_a_hint_plays_it_and_the_final_board_counts_it(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Narnia, alice with a hard and an easy AI (a practice table: hints on by
    default): she opens her panel, asks for a hint (private, in her language:
    the hard search on her own view), plays the hinted move from the panel,
    leaves, and the final board names the levels and her hint."""
    add_hard, add_easy, start, button, title, counted, _ = HINT_WORDS[language]
    simcord_env.settle_timeout = 240
    # SimCord's members speak en-US; her private panel and hint follow her Discord language.
    for module in ("cogs.panel", "cogs.hints"):
        monkeypatch.setattr(sys.modules[module], "lang", lambda interaction: language)
    table = make_table(simcord_env, ["alice"], channel="narnia")
    alice = table.players[0]
    lobby = await open_lobby(table, "narnia", language=language, rounds=5)  # short: hard thinks for real
    await alice.click(lobby, label=add_hard)
    await alice.click(lobby, label=add_easy)
    await alice.click(lobby, label=start)
    board = table.board()
    game = GAMES["narnia"]
    for _ in range(50):
        row = await table.row()
        state = game.load_state(row.state or "")
        decision = game.decision(state)
        assert decision is not None
        if 0 in decision.actors:
            break
        await simcord_env.advance_time(table.bot.settings.scheduler_interval_seconds)
    else:
        raise AssertionError("alice never had a decision")
    info = table_of(row)
    view = game.view(state, 0)
    advice = SearchPlayer(game, 0, seat_seed(info, 0)).advise(view, decision)
    panel = await alice.click(board, custom_id=f"gm:{table.channel.id}:hand")
    assert panel.response is not None
    asked = await alice.click(panel.response, label=button)
    assert asked.ephemeral
    move = PRESENTERS["narnia"].describe_action(view, advice.move.model_dump(mode="json"), language)
    assert private_text(asked).startswith(f"{title}{move}"), private_text(asked)
    assert table_of(await table.row()).seats[0].hints == 1
    # She plays it from her panel.
    legal = [a.model_dump(mode="json") for a in game.legal_actions(state, 0) or []]
    control = legal_index_control(panel.response, legal.index(advice.move.model_dump(mode="json")))
    assert control is not None, "the hinted move is one of the panel's controls"
    custom_id, value = control
    if value is None:
        played = await alice.click(panel.response, custom_id=custom_id)
    else:
        played = await alice.select(panel.response, [value], custom_id=custom_id)
    assert played.acknowledged
    log = await table.bot.store.actions((await table.row()).id)
    assert any(a.source == "player" and a.action == advice.move.model_dump(mode="json") for a in log)

    await alice.slash(table.channel, "leave")  # the AI seats play the game out
    assert (await table.row()).status == "finished"
    final = json.dumps((await table.final_board()).embeds[0].to_dict(), ensure_ascii=False)
    hard_name, easy_name = WORDS[language][3:]
    assert hard_name in final and easy_name in final and counted in final
    exported = await alice.slash(table.channel, "log")  # /log's export counts her hint too
    assert exported.response is not None
    [attachment] = exported.response.attachments
    seats = json.loads(await attachment.read())["seats"]
    assert [(s.get("level"), s.get("hints")) for s in seats] == [
        ("normal", 1),
        ("hard", None),
        ("easy", None),
    ]


async def test_a_hint_with_another_member_seated_is_refused_unless_the_host_enabled_it(
    simcord_env: simcord.Env,
) -> None:
    """Alice, bob and carol at one table: no Hint button in the panel; with /play
    hints: True the button is there and answers."""
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    board = await start_game(table, "magmor")
    alice = table.players[0]
    hint_id = f"gm:{table.channel.id}:hint"
    panel = await alice.click(board, custom_id=f"gm:{table.channel.id}:hand")
    assert panel.response is not None and hint_id not in components_json(panel.response)
    # The service refuses it too, with the reason (a panel drawn before a member took
    # an AI seat over may still show the button): tests/platform/test_hints.py.
    assert table_of(await table.row()).seats[0].hints == 0

    await alice.slash(table.channel, "end")
    board = await start_game(table, "magmor", hints=True)
    row = await table.row()
    state = GAMES["magmor"].load_state(row.state or "")
    decision = GAMES["magmor"].decision(state)
    assert decision is not None
    actor = table.players[decision.actors[0]]
    panel = await actor.click(board, custom_id=f"gm:{table.channel.id}:hand")
    assert panel.response is not None and hint_id in components_json(panel.response)
    asked = await actor.click(panel.response, custom_id=hint_id)
    assert asked.ephemeral and private_text(asked).startswith("💡 Best here: ")
