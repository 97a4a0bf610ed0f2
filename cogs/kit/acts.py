"""A game's own controls on a private panel: :class:`ActButton` and :class:`ActSelect`
(restart-proof ``DynamicItem``s carrying the channel, the state version the panel was
drawn for and the face's payload), and the 🔄 every panel ends with.

What a click does is the private panel's business (``cogs/panel.py`` answers it through
:func:`answer_clicks_with`), so a face builds its controls from here without importing
the panel feature."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.model import TableError
from cogs.kit.common import answer_error
from cogs.kit.controls import (
    BUTTON_LABEL,
    PAYLOAD,
    PLACEHOLDER,
    Checked,
    checked_values,
    fit_text,
    id_field,
)
from cogs.kit.presenter import PanelContext

# A click on a game control: (interaction, channel id, version, payload, values).
OnClick = Callable[[discord.Interaction, int, int, str, list[str]], Awaitable[None]]
_ON_CLICK: list[OnClick] = []


def answer_clicks_with(on_click: OnClick) -> None:
    """Who answers a game control's click: the private panel, when it loads."""
    _ON_CLICK[:] = [on_click]


async def _clicked(
    interaction: discord.Interaction, channel_id: int, version: int, payload: str, values: list[str]
) -> None:
    await _ON_CLICK[0](interaction, channel_id, version, payload, values)


class ActButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"gm:(?P<ch>\d+):(?P<ver>\d+):a:(?P<p>{PAYLOAD})",
):
    def __init__(self, item: discord.ui.Button[Any], channel_id: int, version: int, payload: str) -> None:
        super().__init__(item, row=item.row)  # DynamicItem does not take the row from its item
        self.channel_id, self.version, self.payload = channel_id, version, payload

    @classmethod
    def make(
        cls,
        channel_id: int,
        version: int,
        payload: str,
        label: str,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> ActButton:
        custom_id = f"gm:{channel_id}:{version}:a:{payload}"
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=fit_text(BUTTON_LABEL, label),
            style=style,
            emoji=emoji,
            custom_id=custom_id,
            disabled=disabled,
            row=row,
        )
        return cls(button, channel_id, version, payload)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, id_field(match["ch"]), id_field(match["ver"]), match["p"])

    def id_fields(self) -> tuple[int, ...]:
        return (self.version,)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicked(interaction, self.channel_id, self.version, self.payload, [])


class ActSelect(
    Checked,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"gm:(?P<ch>\d+):(?P<ver>\d+):s:(?P<p>{PAYLOAD})",
):
    def __init__(self, item: discord.ui.Select[Any], channel_id: int, version: int, payload: str) -> None:
        # discord.py 2.7's selects keep their row in a slot that shadows the
        # property DynamicItem reads, so the row is copied where it looks.
        item._row = item.row
        super().__init__(item, row=item.row)
        self.channel_id, self.version, self.payload = channel_id, version, payload

    @classmethod
    def make(
        cls,
        channel_id: int,
        version: int,
        payload: str,
        placeholder: str,
        options: list[discord.SelectOption],
        *,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> ActSelect:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"gm:{channel_id}:{version}:s:{payload}",
            placeholder=fit_text(PLACEHOLDER, placeholder),
            options=options[:25],
            min_values=min_values,
            max_values=min(max_values, len(options[:25])),
            row=row,
        )
        return cls(select, channel_id, version, payload)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item, id_field(match["ch"]), id_field(match["ver"]), match["p"])

    def id_fields(self) -> tuple[int, ...]:
        return (self.version,)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            values = checked_values(interaction)
        except TableError as error:
            await answer_error(interaction, error)
            return
        await _clicked(interaction, self.channel_id, self.version, self.payload, values)


REFRESH = "refresh"  # the panel's 🔄: draws it again, plays nothing


def refresh_button(ctx: PanelContext, label: str, row: int = 4) -> ActButton:
    """The 🔄 every game's panel ends with; its click is answered with a fresh panel."""
    return ActButton.make(ctx.channel_id, ctx.version, REFRESH, label, emoji="🔄", row=row)
