"""Answering interactions: ephemeral replies and errors in the user's language."""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord import app_commands

from bot.i18n import language_of, t
from bot.model import TableError, TableInfo
from bot.render import error_text
from games.core import RuleError

log = logging.getLogger("gamemaster.cogs")


def lang(interaction: discord.Interaction) -> str:
    """Ephemeral text follows the clicking user's Discord language."""
    return language_of(interaction.locale)


def may_manage(interaction: discord.Interaction) -> bool:
    """Moderators (Manage Channel here) may start, cancel and end any table."""
    return bool(interaction.permissions.manage_channels)


def display_name(user: discord.abc.User) -> str:
    # Escaped whole (Discord's names are at most 32 characters; a cut after escaping
    # would lose the end of the name): bot.render.plain gives it back as it is.
    return text_name(user.display_name[:32])


# Bidi embeddings, overrides and isolates (LRE … RLO, LRI … PDI): a name's own would
# reorder the words after it ("U+202E" turns the rest of a line around) or close the
# isolate the name is wrapped in. Marks (LRM, RLM) have no reach and stay.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
FSI, PDI = "\u2068", "\u2069"  # first-strong isolate … pop directional isolate
# "<@id>", "<@&id>", "<#id>", "</cmd:id>", "<t:…>" and "@everyone" / "@here": Discord
# shows them as mention chips (allowed_mentions only stops the ping); a backslash
# before "<" or "@" shows them as typed (Discord's markdown escape, like "\\_").
MENTION_START = re.compile(r"<|@(?=everyone|here)")


def text_name(name: str) -> str:
    """A member's name as the bot's text shows it, kept so on their seat: escaped for
    markdown and for mentions (a name written ``<@id>`` is not another member's
    chip), without bidi controls of its own, and isolated (FSI … PDI) where it holds
    right-to-left letters, so it never reorders the words around it. Left-to-right
    names stay as typed (but escaped): they cannot turn a line around."""
    escaped = MENTION_START.sub(
        lambda m: "\\" + m[0], discord.utils.escape_markdown(BIDI_CONTROLS.sub("", name))
    )
    if any(unicodedata.bidirectional(ch) in ("R", "AL", "AN") for ch in escaped):
        return f"{FSI}{escaped}{PDI}"
    return escaped


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


def explain(
    error: BaseException, language: str, game: str | None = None, table: TableInfo | None = None
) -> str | None:
    """A user-caused error in words, or None for a fault of ours."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, TableError):
        return "⚠️ " + t(error.key, language, **error.params)
    if isinstance(error, RuleError):
        return "⛔ " + error_text(game, table, error, language)
    if isinstance(error, app_commands.CheckFailure):
        return "⚠️ " + t("error.check", language)
    return None


@asynccontextmanager
async def user_errors(
    interaction: discord.Interaction, game: str | None = None, table: TableInfo | None = None
) -> AsyncIterator[None]:
    """Answer refusals the user caused (TableError, RuleError) in their language.
    They are answers, not failures, so they never reach the tree's error handler."""
    try:
        yield
    except (TableError, RuleError) as error:
        await answer_error(interaction, error, game, table)


async def answer_error(
    interaction: discord.Interaction,
    error: BaseException,
    game: str | None = None,
    table: TableInfo | None = None,
) -> None:
    language = lang(interaction)
    text = explain(error, language, game, table)
    if text is None:
        ref = secrets.token_hex(4)
        log.error("interaction failed", exc_info=error, extra={"fields": {"ref": ref}})
        text = t("error.internal", language, ref=ref)
    with contextlib.suppress(discord.HTTPException):  # the token is gone: nothing more to say
        await reply(interaction, text)
