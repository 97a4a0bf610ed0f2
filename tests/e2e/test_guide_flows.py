"""A way in, through SimCord, in English and Italian (cogs/guide.py): /help, How to
play from the lobby and from the board, Practice vs AI (a table of AI seats with
hints on, or a polite refusal where the channel is busy), and /rules in sections."""

from __future__ import annotations

import sys
from typing import Any

import pytest
import simcord

from bot.hints import hints_on
from bot.i18n import t
from bot.model import table_of
from tests.e2e.helpers import custom_ids, labels, make_table, open_lobby

# The words each language shows: /help's title and its first command, How to play's
# title for Narnia and its Practice button, the practice answer, the busy refusal,
# a /rules section of Narnia.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "help": "📖 Game Master: how it works",
        "play": "`/play` — Open a table",
        "guide": "📖 How to play Narnia (Risiko Junior)",
        "practice": "Practice vs AI",
        "opened": "🤖 Your practice table of **Mag Mor** is open: you against 2 AI players",
        "busy": "This channel already has a table, open or playing",
        "section": "⚔️ Battle",
    },
    "it": {
        "help": "📖 Game Master: come funziona",
        "play": "`/gioca` — Apri un tavolo",
        "guide": "📖 Come si gioca: Narnia (Risiko Junior)",
        "practice": "Allenati contro l'IA",
        "opened": "🤖 Il tuo tavolo di allenamento è aperto, **Mag Mor**: tu contro 2 giocatori IA",
        "busy": "In questo canale c'è già un tavolo, aperto o in corso",
        "section": "⚔️ Il combattimento",
    },
}


def speaks(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """SimCord's members speak en-US; private answers follow the member's Discord language."""
    for module in ("cogs.guide", "cogs.table", "bot.replies"):
        monkeypatch.setattr(sys.modules[module], "lang", lambda interaction: language)


def text_of(message: Any) -> str:
    return "\n".join([message.content or "", *(str(e.to_dict()) for e in message.embeds)])


def rows(message: Any) -> int:
    return len(message.components)


def guide_id(message: Any) -> str:
    return next(cid for cid in custom_ids(message) if ":guide:" in cid)


@pytest.mark.parametrize("language", ["en", "it"])
async def test_help_says_what_the_bot_does_privately(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    speaks(monkeypatch, language)
    table = make_table(simcord_env, ["ann"], channel="games")
    shown = await table.players[0].slash(table.channel, "help")
    assert shown.ephemeral and shown.response is not None
    embed = shown.response.embeds[0]
    assert embed.title == WORDS[language]["help"]
    assert WORDS[language]["play"] in (embed.description or "")
    assert "Akelarre" in (embed.description or "") and len(embed.fields) == 3
    # Without DOCS_URL the players' guide is named by its path in the project.
    assert "`docs/playing.md`" in str(embed.fields[2].value) and "](" not in str(embed.fields[2].value)
    picks = [cid for cid in custom_ids(shown.response) if ":help:" in cid]
    assert picks == [f"gm:{table.channel.id}:help:guide", f"gm:{table.channel.id}:help:practice"]
    assert not table.channel.history()  # nothing in the channel


@pytest.mark.parametrize("language", ["en", "it"])
async def test_help_links_the_players_guide_where_the_docs_are_published(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The bot cannot link a file on its disk: DOCS_URL says where docs/ is published."""
    speaks(monkeypatch, language)
    bot: Any = simcord_env.bot
    published = "https://example.org/gamemaster/blob/main/docs/"
    monkeypatch.setattr(bot, "settings", bot.settings.model_copy(update={"docs_url": published}))
    table = make_table(simcord_env, ["ann"], channel="games")
    shown = await table.players[0].slash(table.channel, "help")
    assert shown.response is not None
    guide = shown.response.embeds[0].fields[2]
    assert guide.name == t("help.guide", language)
    assert "](https://example.org/gamemaster/blob/main/docs/playing.md)" in str(guide.value)


async def test_help_is_aiuto_in_italian(simcord_env: simcord.Env) -> None:
    bot: Any = simcord_env.bot
    command = next(c for c in await bot.command_payload() if c["name"] == "help")
    assert command["name_localizations"]["it"] == "aiuto"


@pytest.mark.parametrize("language", ["en", "it"])
async def test_how_to_play_from_the_lobby_and_the_board(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The lobby's and the board's How to play: the goal, a turn, three rules, the
    labelled picture and Practice, privately; both messages stay within 5 rows."""
    speaks(monkeypatch, language)
    table = make_table(simcord_env, ["ann", "bob"], channel="narnia")
    ann, bob = table.players
    lobby = await open_lobby(table, "narnia", language=language)
    assert rows(lobby) <= 5 and guide_id(lobby) == f"gm:{table.channel.id}:guide:narnia"
    shown = await bob.click(lobby, custom_id=guide_id(lobby))  # anyone may read it, seated or not
    assert shown.ephemeral and shown.response is not None
    embed = shown.response.embeds[0]
    assert embed.title == WORDS[language]["guide"]
    # the goal, a turn, three rules, and Narnia's set-up a new game opens on
    assert len(embed.fields) == 4 and "NA-4.4.5" in str(embed.to_dict())
    setup = next(f for f in embed.fields if f.name == t("guide.setup", language))
    assert "NA-3.4" in str(setup.value)
    assert [a.filename for a in shown.response.attachments] == ["guide.png"]
    assert embed.image.url == "attachment://guide.png"
    assert WORDS[language]["practice"] in labels(shown.response)

    await bob.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    await ann.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    board = table.board()
    assert rows(board) <= 5 and guide_id(board) == f"gm:{table.channel.id}:guide:narnia"
    again = await ann.click(board, custom_id=guide_id(board))
    assert again.ephemeral and again.response is not None
    assert again.response.embeds[0].title == WORDS[language]["guide"]


@pytest.mark.parametrize("language", ["en", "it"])
async def test_practice_opens_a_table_against_the_ai_with_hints_on(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Practice from How to play (picked in /help): a Mag Mor table in this channel, the
    member as host against AI seats, started, hints on; then refused there, politely."""
    speaks(monkeypatch, language)
    table = make_table(simcord_env, ["ann", "bob"], channel="practice")
    ann, bob = table.players
    helped = await ann.slash(table.channel, "help")
    assert helped.response is not None
    shown = await ann.select(helped.response, ["magmor"], custom_id=f"gm:{table.channel.id}:help:guide")
    assert shown.ephemeral and shown.response is not None
    practice = next(cid for cid in custom_ids(shown.response) if ":practice:" in cid)
    opened = await ann.click(shown.response, custom_id=practice)
    assert opened.ephemeral and opened.response is not None
    assert WORDS[language]["opened"] in (opened.response.content or "")
    row = await table.row()
    info = table_of(row)
    assert row.game == "magmor" and row.status == "playing" and info.language == language
    assert info.host_id == ann.id and info.seats[0].user_id == ann.id
    assert [seat.ai for seat in info.seats] == [False, True, True]
    assert hints_on(info, 0)
    board = table.board()  # published in the channel, with the member's My hand
    assert f"gm:{table.channel.id}:hand" in custom_ids(board)

    helped = await bob.slash(table.channel, "help")  # bob would practise too: the channel is playing
    assert helped.response is not None
    busy = await bob.select(helped.response, ["narnia"], custom_id=f"gm:{table.channel.id}:help:practice")
    assert busy.ephemeral and busy.response is not None
    assert WORDS[language]["busy"] in (busy.response.content or "")
    assert (await table.row()).id == row.id  # nothing opened


async def test_practice_is_refused_while_a_lobby_is_open(simcord_env: simcord.Env) -> None:
    table = make_table(simcord_env, ["ann", "bob"], channel="lobby")
    ann, bob = table.players
    await open_lobby(table, "akelarre")
    helped = await bob.slash(table.channel, "help")
    assert helped.response is not None
    pick = f"gm:{table.channel.id}:help:practice"
    refused = await bob.select(helped.response, ["akelarre"], custom_id=pick)
    assert refused.ephemeral and refused.response is not None
    assert WORDS["en"]["busy"] in (refused.response.content or "")
    row = await table.row()
    assert row.status == "lobby" and [s.user_id for s in table_of(row).seats] == [ann.id]


@pytest.mark.parametrize("language", ["en", "it"])
async def test_rules_come_in_sections(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    speaks(monkeypatch, language)
    table = make_table(simcord_env, ["ann"], channel="rules")
    rules = await table.players[0].slash(table.channel, "rules", game="narnia")
    assert rules.ephemeral and rules.response is not None
    embed = rules.response.embeds[0]
    names = [field.name for field in embed.fields]
    assert WORDS[language]["section"] in names and len(names) == 7  # five sections, the AI levels, the rules
    assert all(len(field.value or "") <= 1024 for field in embed.fields) and len(embed) <= 6000
    # Without DOCS_URL the exact rules are named by their page's path in the project.
    assert names[-1] == t("rules.exact_title", language)
    assert "`docs/rules/narnia.md`" in str(embed.fields[-1].value) and "](" not in str(embed.fields[-1].value)


async def test_rules_link_the_exact_rules_where_the_docs_are_published(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot: Any = simcord_env.bot
    published = "https://example.org/gamemaster/blob/main/docs"
    monkeypatch.setattr(bot, "settings", bot.settings.model_copy(update={"docs_url": published}))
    table = make_table(simcord_env, ["ann"], channel="rules")
    rules = await table.players[0].slash(table.channel, "rules", game="akelarre")
    assert rules.response is not None
    exact = rules.response.embeds[0].fields[-1]
    assert "](https://example.org/gamemaster/blob/main/docs/rules/akelarre.md)" in str(exact.value)
