"""The serialised, translated command tree against Discord's limits (DESIGN §6.3).

discord.py does not check description lengths, option or choice counts, nor
the 8,000-character budget per command, so we do."""

from __future__ import annotations

import re
from typing import Any

import discord
import simcord

from bot.client import GameMasterBot
from cogs.kit.acts import ActButton, ActSelect
from cogs.kit.controls import PAYLOAD
from cogs.lobby import LobbyButton
from cogs.panel import HandButton
from cogs.rematch import RematchButton

NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
SUBCOMMAND_TYPES = (1, 2)


def _names(item: dict[str, Any]) -> list[str]:
    return [item["name"], *(item.get("name_localizations") or {}).values()]


def _descriptions(item: dict[str, Any]) -> list[str]:
    return [item.get("description", ""), *(item.get("description_localizations") or {}).values()]


def check(command: dict[str, Any], path: str, errors: list[str]) -> int:
    """Append every violated limit to ``errors``; return the characters counted."""
    for name in _names(command):
        if not NAME.match(name) or name != name.lower():
            errors.append(f"{path}: bad name {name!r}")
    for text in _descriptions(command):
        if not 1 <= len(text) <= 100:
            errors.append(f"{path}: description of {len(text)} characters")
    total = max(map(len, _names(command))) + max(map(len, _descriptions(command)))
    options = command.get("options") or []
    if len(options) > 25:
        errors.append(f"{path}: more than 25 options")
    seen_required_end = False
    for locale in {"default", *(loc for o in options for loc in (o.get("name_localizations") or {}))}:
        names = [
            o["name"] if locale == "default" else (o.get("name_localizations") or {}).get(locale, o["name"])
            for o in options
        ]
        if len(names) != len(set(names)):
            errors.append(f"{path}: duplicate option names in {locale}")
    for option in options:
        if option["type"] not in SUBCOMMAND_TYPES:
            if option.get("required"):
                if seen_required_end:
                    errors.append(f"{path} {option['name']}: required after optional")
            else:
                seen_required_end = True
        total += check(option, f"{path} {option['name']}", errors)
        choices = option.get("choices") or []
        if len(choices) > 25 or (choices and option.get("autocomplete")):
            errors.append(f"{path} {option['name']}: choices")
        for choice in choices:
            names = _names(choice)
            if any(not 1 <= len(n) <= 100 for n in names):
                errors.append(f"{path} {option['name']}: choice name length")
            if isinstance(choice["value"], str) and len(choice["value"]) > 100:
                errors.append(f"{path} {option['name']}: choice value length")
            total += max(map(len, names)) + len(str(choice["value"]))
    return total


async def test_command_tree_fits_discord_limits(simcord_env: simcord.Env) -> None:
    bot = simcord_env.bot
    assert isinstance(bot, GameMasterBot)
    payload = await bot.command_payload()
    names = {c["name"] for c in payload}
    assert {"play", "hand", "status", "rules", "log", "leave", "end", "stats"} <= names
    errors: list[str] = []
    for command in payload:
        total = check(command, command["name"], errors)
        assert total <= 8000, command["name"]
    assert errors == []
    assert len(payload) <= 100


async def test_commands_are_translated_to_italian(simcord_env: simcord.Env) -> None:
    bot = simcord_env.bot
    assert isinstance(bot, GameMasterBot)
    play = next(c for c in await bot.command_payload() if c["name"] == "play")
    assert play["name_localizations"] == {"it": "gioca"}
    assert play["description_localizations"]["it"].startswith("Apri un tavolo")
    game = next(o for o in play["options"] if o["name"] == "game")
    assert game["name_localizations"] == {"it": "gioco"}
    assert play["contexts"] == [0]  # guild only
    stats = next(c for c in await bot.command_payload() if c["name"] == "stats")
    assert stats["name_localizations"] == {"it": "statistiche"} and stats["contexts"] == [0]
    assert [o["name_localizations"] for o in stats["options"]] == [{"it": "gioco"}, {"it": "membro"}]


def test_custom_ids_fit_in_100_characters() -> None:
    channel = 10**19 - 1  # the longest snowflake
    version = 10**9 - 1
    payload = "x" * 60  # the longest payload PAYLOAD admits
    assert re.fullmatch(PAYLOAD, payload)
    items = [
        HandButton(channel),
        LobbyButton(channel, "cancel"),
        RematchButton(channel, 10**18),
        ActButton.make(channel, version, payload, "label"),
        ActSelect.make(channel, version, payload, "pick", [discord.SelectOption(label="a")]),
    ]
    for item in items:
        assert len(item.custom_id) <= 100, item.custom_id
