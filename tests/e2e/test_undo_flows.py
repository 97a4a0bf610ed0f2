"""Take-backs through SimCord, in English and Italian (games.core.undo, cogs/undo.py).

I Talismani del Tempo, three members: ann plays her cards in secret, her panel
offers ↩️ Undo, she takes the play back (the channel is told, nothing of her
cards), plays again; bob and cid play, which reveals everything, and then
``/undo`` is refused, saying why, in the member's language. The host ends the
game; the export, with the play and its take-back in the log, verifies."""

from __future__ import annotations

import json
import sys
from typing import Any

import discord
import pytest
import simcord

from bot.i18n import t
from games.core.verify import verify
from games.registry import GAMES
from tests.e2e.helpers import (
    Table,
    button,
    custom_ids,
    make_table,
    options_of,
    panel,
    player_of,
    select_id,
    start_game,
)

TALISMANI = GAMES["talismani"]
SEED = 7

WORDS = {
    "en": ("Undo", "Your last move was taken back", "took back their last move", "everyone has chosen"),
    "it": (
        "Annulla",
        "La tua ultima mossa è stata annullata",
        "ha ripreso la sua ultima mossa",
        "tutti hanno scelto",
    ),
}
STALE = {"en": "That panel was out of date", "it": "Quel pannello era scaduto"}


def undo_id(message: Any) -> str | None:
    return next((cid for cid in custom_ids(message) if cid.endswith(":undo")), None)


def button_label(message: Any, custom_id: str) -> str:
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", []):
            if c.get("custom_id") == custom_id:
                return str(c.get("label"))
    raise AssertionError(f"no button {custom_id}")


async def play_secretly(
    table: Table, seat: int
) -> tuple[simcord.MemberActor, simcord.ResponseMessage, list[str]]:
    """The seat picks a legal play among its panel's cards and confirms it; the panel after."""
    player = await player_of(table, seat)
    shown = await panel(table, player)
    state = await table.state()
    offered = set(options_of(shown, "pick"))
    plays = [
        a for a in TALISMANI.legal_actions(state, seat) or [] if a.kind == "play" and set(a.cards) <= offered
    ]
    cards = list(plays[0].cards)
    picked = await player.select(shown, cards, custom_id=select_id(shown, "pick"))
    assert picked.response is not None
    confirm = button(picked.response, "confirm")
    assert confirm is not None
    done = await player.click(picked.response, custom_id=confirm)
    assert done.response is not None and done.response.ephemeral
    return player, done.response, cards


@pytest.mark.parametrize("language", ["en", "it"])
async def test_a_secret_play_is_taken_back_until_everyone_has_played(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    label, done_text, public_text, refused_text = WORDS[language]
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)  # a repeatable deal
    # SimCord's members speak en-US; private answers follow the member's Discord language.
    for module in ("cogs.panel", "cogs.undo", "bot.replies"):
        monkeypatch.setattr(sys.modules[module], "lang", lambda interaction: language)
    table = make_table(simcord_env, ["ann", "bob", "cid"], channel="talismani")
    await start_game(table, "talismani", language=language)
    before = await table.state()
    board_before = table.board().embeds[0].to_dict()

    ann, shown, cards = await play_secretly(table, 0)
    undo = undo_id(shown)
    assert undo is not None, "her panel offers the take-back"
    assert button_label(shown, undo) == label
    taken = await ann.click(shown, custom_id=undo)
    assert taken.response is not None and taken.response.ephemeral
    assert done_text in (taken.response.content or "")
    assert undo_id(taken.response) is None, "nothing more to take back"
    assert await table.state() == before, "the table is as before her play"
    assert table.board().embeds[0].to_dict() == board_before, "the board goes back"
    row = await table.row()
    ann_name = row.table["seats"][0]["name"]
    told = [m.content or "" for m in table.channel.history() if public_text in (m.content or "")]
    assert told and ann_name in told[-1], "the channel is told who took a move back"
    for card in cards:
        assert all(card not in cid for message in table.channel.history() for cid in custom_ids(message))

    await play_secretly(table, 0)
    await play_secretly(table, 1)
    bob = await player_of(table, 1)
    _, last, _ = await play_secretly(table, 2)  # the last play: all are revealed
    # Each is told, in one small line, why ↩️ Undo went (until their next turn).
    assert undo_id(last) is None
    why = "-# ↩️ " + t("undo.refused.revealed", language)  # the last play shows every card played
    assert why in last.embeds[0].description.splitlines()
    why = "-# ↩️ " + t("undo.refused.chosen", language)
    assert why in ((await panel(table, bob)).embeds[0].description or "").splitlines()
    refused = await bob.slash(table.channel, "undo")
    assert refused.ephemeral and refused.response is not None
    assert refused_text in (refused.response.content or "")
    after_refusal = await table.row()

    host = table.players[0]
    shown_log = await host.slash(table.channel, "log")
    assert shown_log.response is not None
    # /log answers in the asker's Discord language (SimCord's members speak English).
    assert WORDS["en"][2] in (shown_log.response.content or ""), "/log shows the take-back"
    await host.slash(table.channel, "end")
    assert (await table.row()).version == after_refusal.version + 1, "the refusal and /log changed nothing"
    result = await host.slash(table.channel, "log")
    assert result.response is not None
    [attachment] = result.response.attachments
    export = json.loads(await attachment.read())
    sources = [a["source"] for a in export["actions"]]
    assert sources.count("undo") == 1 and sources.count("player") == 4
    verdict = verify(export, GAMES)
    assert verdict.ok and verdict.undos == 1, verdict.problems


def speak(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """SimCord's members speak en-US; private answers follow the member's Discord language."""
    for module in ("cogs.panel", "cogs.undo", "bot.replies"):
        monkeypatch.setattr(sys.modules[module], "lang", lambda interaction: language)


@pytest.mark.parametrize("language", ["en", "it"])
async def test_an_old_panels_undo_takes_nothing_back(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """↩️ Undo carries the version its panel was drawn for: on a panel from
    before the latest move, it takes nothing back and shows the current panel."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    speak(monkeypatch, language)
    table = make_table(simcord_env, ["ann", "bob", "cid"], channel="talismani")
    await start_game(table, "talismani", language=language)
    ann, old, _ = await play_secretly(table, 0)  # a panel with ↩️ Undo for this play
    old_undo = undo_id(old)
    assert old_undo is not None
    newer = await panel(table, ann)  # My hand again: the newer panel takes the play back
    undo = undo_id(newer)
    assert undo is not None
    await ann.click(newer, custom_id=undo)
    await play_secretly(table, 0)  # and she plays again
    row, state = await table.row(), await table.state()

    late = await ann.click(old, custom_id=old_undo)
    assert late.response is not None and late.response.ephemeral
    assert STALE[language] in (late.response.content or "")
    assert await table.state() == state and (await table.row()).version == row.version, "nothing taken back"
    assert undo_id(late.response) not in (None, old_undo), "the current panel, with its own ↩️ Undo"


@pytest.mark.parametrize("language", ["en", "it"])
async def test_an_undo_drawn_before_it_carried_a_version_is_answered(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``gm:<channel>:undo``, the button's id before it carried a version, may
    still sit in a panel: its click takes nothing back and is answered."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    speak(monkeypatch, language)
    table = make_table(simcord_env, ["ann", "bob", "cid"], channel="talismani")
    await start_game(table, "talismani", language=language)
    ann, _, _ = await play_secretly(table, 0)
    row, state = await table.row(), await table.state()
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    legacy = f"gm:{table.channel.id}:undo"
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Undo", custom_id=legacy))
    sent = await channel.send("an old panel", view=view)
    view.stop()
    old = next(m for m in table.channel.history() if m.id == sent.id)
    late = await ann.click(old, custom_id=legacy)
    assert late.acknowledged and late.ephemeral and late.response is not None
    assert STALE[language] in (late.response.content or "")
    assert await table.state() == state and (await table.row()).version == row.version, "nothing taken back"


@pytest.mark.parametrize("language", ["en", "it"])
async def test_an_undo_drawn_before_anothers_secret_play_is_out_of_date(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen once: in a simultaneous decision an Undo stayed valid until the decision
    closed. After bob's secret play, ann's ↩️ from before it takes nothing back
    and is answered in her language with her current panel, whose ↩️ works."""
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    speak(monkeypatch, language)
    table = make_table(simcord_env, ["ann", "bob", "cid"], channel="talismani")
    await start_game(table, "talismani", language=language)
    ann, old, _ = await play_secretly(table, 0)
    old_undo = undo_id(old)
    assert old_undo is not None
    await play_secretly(table, 1)  # the decision stays open: cid has still to play
    row, state = await table.row(), await table.state()
    late = await ann.click(old, custom_id=old_undo)
    assert late.response is not None and late.response.ephemeral
    assert STALE[language] in (late.response.content or "")
    assert await table.state() == state and (await table.row()).version == row.version, "nothing taken back"
    undo = undo_id(late.response)
    assert undo not in (None, old_undo), "the current panel, with its own ↩️ Undo"
    taken = await ann.click(late.response, custom_id=undo)
    assert taken.response is not None and WORDS[language][1] in (taken.response.content or "")
    decision = TALISMANI.decision(await table.state())
    assert decision is not None and 0 in decision.actors and 1 not in decision.actors, "bob's play stands"
