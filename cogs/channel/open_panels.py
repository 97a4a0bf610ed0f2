"""Panels that stay current: every private panel a member opened in the last
minutes is redrawn in place when the table changes, so a click on it acts
instead of only refreshing it (DESIGN §5).

A panel is an ephemeral answer to an interaction, and Discord lets the bot edit
that answer with the interaction's token for 15 minutes. The tokens stay in this
process's memory only (never in the store, never in a log line); a panel older
than the window, or one a restart forgot, answers its next click as before (a
stale click redraws it). One panel per member and channel, the latest opened or
clicked; edits are coalesced: a panel being edited when the table changes again
gets one more edit afterwards, never a queue.

It is a publisher of the change pipeline (``bot.changes``): each change's
``flush`` redraws the channel's open panels after the board and the lines.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import discord

from bot.client import GameMasterBot
from bot.i18n import t
from bot.model import Sitting, TableError
from cogs.kit.controls import EMBED_TEXT, EMBED_TOTAL
from cogs.kit.drawn import Panel

log = logging.getLogger("gamemaster.panels")

# Discord accepts edits of an interaction's answer for 15 minutes; a minute is
# kept in hand for the edit's own way there.
WINDOW = timedelta(minutes=14)

# Draws a member's panel as it is now: the embed, controls and picture, from the table;
# the time it stops being kept current (its interaction's token expires), for it to say.
Draw = Callable[[Sitting, str, datetime], Awaitable[Panel]]


def kept_until(interaction: discord.Interaction) -> datetime:
    """Until when the panel answering ``interaction`` is kept current."""
    return interaction.created_at + WINDOW


def with_expiry(embed: discord.Embed, speed: str, until: datetime, language: str) -> discord.Embed:
    """At a table with long deadlines (``async``) a panel may stay open longer than it
    is kept current: it says until when, in Discord's timestamps (the member's clock,
    "in 13 minutes", then "2 hours ago"), and what to press after. A live table's turns
    come sooner than that: no line there."""
    if speed != "async":
        return embed
    line = "-# " + t(
        "panel.kept_until",
        language,
        time=discord.utils.format_dt(until, "t"),
        when=discord.utils.format_dt(until, "R"),
    )
    text = f"{embed.description}\n{line}" if embed.description else line
    if len(text) <= EMBED_TEXT and len(embed) + len(line) + 1 <= EMBED_TOTAL:  # else left out whole
        embed.description = text
    return embed


@dataclass
class OpenPanel:
    interaction: discord.Interaction  # its token edits the panel: memory only
    language: str
    version: int  # the table's version the panel shows
    acting: bool  # drawn while the member had a decision to make
    picture: str | None = None  # the digest of the picture it shows (cogs.kit.drawn), if known
    editing: asyncio.Lock = field(default_factory=asyncio.Lock)
    again: bool = False  # the table changed while an edit was under way


class OpenPanels:
    def __init__(self, bot: GameMasterBot, draw: Draw) -> None:
        self.bot = bot
        self.draw = draw
        self._open: dict[int, dict[int, OpenPanel]] = {}  # channel -> member -> panel

    def remember(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        version: int,
        language: str,
        acting: bool,
        picture: str | None = None,
    ) -> None:
        """The member's panel in this channel is now the answer to ``interaction``,
        drawn at ``version`` (``acting``: with a decision of theirs; ``picture``: the
        digest of the picture it shows)."""
        panels = self._open.setdefault(channel_id, {})
        panels[interaction.user.id] = OpenPanel(interaction, language, version, acting, picture)

    def forget(self, channel_id: int, user_id: int, panel: OpenPanel | None = None) -> None:
        """Stop keeping the member's panel (only ``panel``, if given: a newer one stays)."""
        panels = self._open.get(channel_id, {})
        if panel is None or panels.get(user_id) is panel:
            panels.pop(user_id, None)

    async def flush(self, channel_id: int, *, wait: bool = True) -> None:
        """Redraw every open panel of the channel whose controls the change made stale."""
        panels = self._open.get(channel_id)
        if not panels:
            return
        now = discord.utils.utcnow()
        for user_id, panel in list(panels.items()):
            if now - panel.interaction.created_at > WINDOW:
                self.forget(channel_id, user_id, panel)  # Discord would refuse the edit
                continue
            if panel.editing.locked():
                panel.again = True  # the running edit draws once more when done
                continue
            await self._edit(channel_id, user_id, panel)
        if not self._open.get(channel_id):
            self._open.pop(channel_id, None)

    async def _edit(self, channel_id: int, user_id: int, panel: OpenPanel) -> None:
        async with panel.editing:
            while True:
                panel.again = False
                try:
                    at = await self.bot.service.sitting(channel_id, user_id)
                except TableError:
                    self.forget(channel_id, user_id, panel)  # the game is over, or the member left
                    return
                # A panel whose controls still act (others' hidden choices in a
                # simultaneous decision) shows nothing new: no write for it; nor
                # does the panel of a member who was waiting and still waits (its
                # 🔄 redraws it when they look): the edits go where a click is due.
                decision = at.game.decision(at.state)
                acting = decision is not None and at.seat in decision.actors
                due = acting or panel.acting
                if due and not at.table.fresh(at.row.version, panel.version):
                    drawn = await self.draw(at, panel.language, kept_until(panel.interaction))
                    # The picture is sent again only if it changed: a waiting member's
                    # hand seldom does when others play.
                    edit = drawn.edit(shown=panel.picture)
                    if not await self._send(panel.interaction.edit_original_response(**edit)):
                        self.forget(channel_id, user_id, panel)
                        return
                    panel.version, panel.acting, panel.picture = at.row.version, acting, drawn.digest
                if not panel.again:
                    return

    @staticmethod
    async def _send(edit: Awaitable[object]) -> bool:
        """False when the panel is gone for good (dismissed, or its token expired)."""
        try:
            await edit
        except discord.HTTPException as error:
            # Never the token or the panel's text: the status and Discord's code only.
            log.info("panel not kept current", extra={"fields": {"status": error.status, "code": error.code}})
            return False
        return True

    async def announce(self, channel_id: int, text: str) -> bool:
        return False  # panels carry no channel lines


def open_panels_of(bot: GameMasterBot) -> OpenPanels | None:
    return next((p for p in bot.changes.publishers if isinstance(p, OpenPanels)), None)
