"""Hostile names in the channel, played as members through SimCord.

A member's display name goes into the bot's messages (the board, its lines, the
turn's ping, the lobby) as text. Discord shows ``<@id>``, ``<@&id>``, ``<#id>``
and ``@everyone`` written in a message as mention chips (allowed_mentions only
stops the ping), so a member named ``<@alice's id>`` read as alice herself; and a
name's own U+202E turned the rest of its line around. Read from the HTTP log, as
Discord would render each message: a hostile name shows as text, every mention
chip is one the bot meant (and pinged), and no name brings its own bidi control.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import simcord

from tests.e2e.helpers import Table, start_game, step

pytestmark = pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # the words, not the store

# Discord's markdown: a backslash shows the next character as typed, so "\<@1>" is
# text; an unescaped mention is a chip. Escapes are read first, left to right.
TOKEN = re.compile(r"\\.|<(@[!&]?|#)(\d+)>|@(everyone|here)", re.S)
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def chips(text: str) -> list[str]:
    """The mention chips Discord shows in ``text``: "@123", "@&5", "#7", "@everyone"."""
    out = []
    for match in TOKEN.finditer(text):
        if match[1]:
            out.append(f"{match[1].rstrip('!')}{match[2]}")
        elif match[3]:
            out.append(f"@{match[3]}")
    return out


def rendered(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text, flags=re.S)


def texts(payload: dict[str, Any]) -> list[str]:
    """A message's markdown: its content and its embeds' text."""
    out = [str(payload.get("content") or "")]
    for embed in payload.get("embeds") or []:
        out += [str(embed.get(k) or "") for k in ("title", "description")]
        out += [
            str((embed.get("footer") or {}).get("text") or ""),
            str((embed.get("author") or {}).get("name") or ""),
        ]
        for field in embed.get("fields") or []:
            out += [str(field.get("name") or ""), str(field.get("value") or "")]
    return out


def sent(env: simcord.Env) -> list[dict[str, Any]]:
    """What the bot sent or edited into messages (the channel's and interactions')."""
    out = []
    for request in env.http_requests:
        body = request.json
        if request.method in ("POST", "PATCH") and isinstance(body, dict):
            body = body.get("data", body) if "type" in body and "data" in body else body
            if isinstance(body, dict) and ("content" in body or "embeds" in body):
                out.append(body)
    return out


async def test_hostile_names_show_as_text_never_as_mentions(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild(name="Explorers")
    channel = guild.create_text_channel("mag-mor")
    alice = guild.add_member(simcord_env.create_user("alice"))
    hostile = {
        "bob": f"<@{alice.id}>",
        "cid": "@everyone",
        "dan": f"<#{channel.id}> \u202eevil",
        "eve": "محمد",
    }
    others = [guild.add_member(simcord_env.create_user(u, global_name=n)) for u, n in hostile.items()]
    table = Table(simcord_env, guild, channel, [alice, *others])
    await start_game(table, "magmor")
    for _ in range(12):
        await step(table)

    messages = sent(simcord_env)
    assert messages
    pinged_any = False
    for body in messages:
        allowed = {f"@{u}" for u in ((body.get("allowed_mentions") or {}).get("users") or [])}
        for text in texts(body):
            for chip in chips(text):
                # Every chip is one the bot meant: a member it pings in that message.
                assert chip in allowed, (chip, text)
                pinged_any = True
            assert not BIDI.sub("", text).count("\u202e") and "\u202e" not in text, text
    assert pinged_any, "the turns' pings are mentions the bot meant"
    shown = "\n".join(rendered(t) for body in messages for t in texts(body))
    for name in hostile.values():  # each name shows, as typed (less its bidi control)
        assert BIDI.sub("", name) in shown, name
    assert "\u2068محمد\u2069" in shown  # a right-to-left name isolated from the words around it
    # The board (an embed) and the lines (a message's content) both name bob, as text.
    bob = f"\\<@{alice.id}>"
    assert any(bob in t for body in messages if body.get("embeds") for t in texts(body)[1:])
    assert any(bob in str(body.get("content") or "") for body in messages)
