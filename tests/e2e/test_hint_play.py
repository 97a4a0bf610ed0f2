"""💡 Hint → ▶ Play it through SimCord, in English and Italian (issue 31).

Alice at a practice table (two AI seats: hints are on by default) opens her
panel, asks for a hint, and plays it with one click: exactly the hinted move,
whatever the game's moves look like (Mag Mor picks a cell on its board, Talismani
a card in a secret choice everybody makes at once). The hint's message becomes
her fresh panel. A Play it whose hint was replaced by a newer one, or whose table
moved on, is refused politely and plays nothing.
"""

from __future__ import annotations

import sys
from typing import Any

import discord
import pytest
import simcord

from bot.client import GameMasterBot
from bot.i18n import t
from bot.model import table_of
from bot.render import seat_names
from cogs.kit.presenter import PRESENTERS
from games.registry import GAMES
from tests.e2e.helpers import Table, custom_ids, make_table, open_lobby, start_game
from tests.factory import make_bot


@pytest.fixture
def simcord_bot(database: str) -> GameMasterBot:
    # The hint's search in the bot's own thread: a worker process to spawn would
    # only make the test slower (the search is the same: bot.thinking).
    return make_bot(database, ai_workers=0)


def hint_message(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The private answer to the deferred Hint click (the deferral's message, or its follow-up)."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None
    return message


async def alice_decides(env: simcord.Env, table: Table) -> Any:
    """Let the AI seats play until alice (seat 0) must decide; the state then."""
    game = GAMES[(await table.row()).game]
    for _ in range(50):
        state = game.load_state((await table.row()).state or "")
        decision = game.decision(state)
        assert decision is not None
        if 0 in decision.actors:
            return state
        await env.advance_time(table.bot.settings.scheduler_interval_seconds)
    raise AssertionError("alice never had a decision")


async def player_moves(table: Table) -> list[dict[str, Any]]:
    return [a.action for a in await table.bot.store.actions((await table.row()).id) if a.source == "player"]


@pytest.mark.parametrize("game_id", ["magmor", "talismani"])
@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_hint_is_played_with_one_click(
    simcord_env: simcord.Env, language: str, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SimCord's members speak en-US; private answers follow the member's Discord language.
    for module in ("cogs.panel", "cogs.hints", "bot.replies"):
        monkeypatch.setattr(sys.modules[module], "lang", lambda interaction: language)
    table = make_table(simcord_env, ["alice"], channel=game_id)
    alice = table.players[0]
    lobby = await open_lobby(table, game_id, language=language)
    for _ in range(2):
        await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:ai")
    await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    state = await alice_decides(simcord_env, table)
    game = GAMES[game_id]
    view = game.view(state, 0)
    opened = await alice.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
    assert opened.response is not None
    panel = opened.response

    # Two hints at the same position: the first one's Play it now names a replaced hint.
    first = hint_message(await alice.click(panel, label=t("hint.button", language)))
    asked = await alice.click(panel, label=t("hint.button", language))
    assert asked.ephemeral
    hinted = hint_message(asked)
    info = table_of(await table.row())
    [kept] = info.hinted
    assert (kept.seat, kept.number) == (0, 2) and info.seats[0].hints == 2
    move = PRESENTERS[game_id].describe_action(view, kept.action, language, seat_names(info))
    text = hinted.content or ""
    title, why, *because, note = text.split("\n")
    assert title == t("hint.title", language, move=move), text
    assert "%" not in why  # advice, not statistics
    # The game's reason, where it has one for this move (issue 39).
    reason = PRESENTERS[game_id].hint_reason(view, kept.action, language)
    assert because == ([t("hint.because", language, reason=reason)] if reason else []), text
    assert note == f"-# {t('hint.note', language)}"
    play_it = t("hint.play", language)
    assert any(custom_id.endswith(":hint:0.2") for custom_id in custom_ids(hinted))

    refused = await alice.click(first, label=play_it)
    assert refused.ephemeral and refused.response is not None
    assert t("hint.error.replaced", language) in (refused.response.content or "")
    assert await player_moves(table) == []

    # Playing the hint: one click, exactly the hinted move.
    version = (await table.row()).version
    played = await alice.click(hinted, label=play_it)
    assert played.acknowledged and played.response is not None
    assert (await player_moves(table)) == [kept.action]
    assert (await table.row()).version > version
    # The hint's message is now her panel, as the table stands after her move.
    fresh = played.response
    assert fresh.id == hinted.id and fresh.embeds
    assert t("hint.title", language, move=move) not in (fresh.content or "")
    assert not any(":hint:" in custom_id for custom_id in custom_ids(fresh))
    assert not any(f":{version}:" in custom_id for custom_id in custom_ids(fresh))

    # The first hint's Play it, now that the table moved on: the current panel instead.
    stale = await alice.click(first, label=play_it)
    assert stale.response is not None and stale.response.embeds
    assert stale.response.content == t("error.stale_refreshed", language)
    assert (await player_moves(table)) == [kept.action]


async def test_a_hint_plays_a_whole_move_the_game_cannot_list(simcord_env: simcord.Env) -> None:
    """Mag Mor's split of the found cards has too many ways to list
    (``legal_actions`` is None: the panel builds it step by step); Play it plays
    the whole split the hint named. Alice plays by hints alone until she has split."""
    table = make_table(simcord_env, ["alice"])
    alice = table.players[0]
    lobby = await open_lobby(table, "magmor", language="en")
    for _ in range(2):
        await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:ai")
    await alice.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    game = GAMES["magmor"]
    for _ in range(40):
        state = await alice_decides(simcord_env, table)
        unlisted = game.legal_actions(state, 0) is None
        opened = await alice.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
        assert opened.response is not None
        hinted = hint_message(await alice.click(opened.response, label=t("hint.button", "en")))
        [kept] = table_of(await table.row()).hinted
        played = await alice.click(hinted, label=t("hint.play", "en"))
        assert played.acknowledged
        assert (await player_moves(table))[-1] == kept.action
        if unlisted:
            assert kept.action["kind"] == "split"
            return
    raise AssertionError("alice never split the found cards")


async def _in_channel(table: Table, custom_id: str) -> discord.Message:
    """A message of the channel holding the control ``custom_id``, as if the bot had
    drawn it where everyone sees it: a hint's Play it is private, and only a forged
    click brings another member's to them (tests/e2e/test_forged_controls.py)."""
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x", custom_id=custom_id))
    sent = await channel.send("a hint's Play it", view=view)
    view.stop()
    return next(m for m in table.channel.history() if m.id == sent.id)


@pytest.mark.parametrize("language", ["en", "it"])
async def test_another_member_s_play_it_says_whose_hint_it_is(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Talismani's first decision is one all make at once (TT-5.4): alice and bob each
    ask a hint at the same version, both their first. Bob's click on alice's Play it
    says it is alice's hint (not "you asked for a newer hint since", and never plays
    bob's own hint 1 instead); his own plays his."""
    for module in ("cogs.panel", "cogs.hints", "bot.replies"):
        monkeypatch.setattr(sys.modules[module], "lang", lambda interaction: language)
    table = make_table(simcord_env, ["alice", "bob", "cid"], channel="talismani")
    alice, bob, _cid = table.players
    await start_game(table, "talismani", hints=True, language=language)
    hints = {}
    for member in (alice, bob):
        opened = await member.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
        assert opened.response is not None
        hints[member] = hint_message(await member.click(opened.response, label=t("hint.button", language)))
    info = table_of(await table.row())
    assert sorted((h.seat, h.number) for h in info.hinted) == [(0, 1), (1, 1)]
    [alices] = [c for c in custom_ids(hints[alice]) if ":hint:" in c]
    assert alices.endswith(":hint:0.1")

    refused = await bob.click(await _in_channel(table, alices), custom_id=alices)
    assert refused.ephemeral and refused.response is not None
    said = refused.response.content or ""
    assert t("hint.error.not_yours", language, name="**alice**") in said, said
    assert t("hint.error.replaced", language) not in said
    assert await player_moves(table) == []

    played = await bob.click(hints[bob], label=t("hint.play", language))
    assert played.acknowledged
    [bobs] = [h.action for h in info.hinted if h.seat == 1]
    assert await player_moves(table) == [bobs]
