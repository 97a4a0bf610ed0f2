"""Components that outlive restarts (``DynamicItem``), game-agnostic.

custom_id scheme (DESIGN §5), never carrying hidden information:
* ``gm:<channel>:lobby:<op>``            lobby buttons
* ``gm:<channel>:hand``                  the board's "My hand" button
* ``gm:<channel>:<version>:a:<payload>`` a game control button
* ``gm:<channel>:<version>:s:<payload>`` a game control select
* ``gm:<channel>:take[:...]``            Take seat and the host's answer (cogs/takeover.py)
Every click is checked against the stored table: the right player, the
current version. Stale and foreign clicks get a polite ephemeral answer.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.i18n import t
from cogs.common import answer_error

PAYLOAD = r"[A-Za-z0-9_.=,-]{1,60}"


def static_view() -> discord.ui.View:
    """A view for a message whose controls are all DynamicItems.

    discord.py dispatches DynamicItems by custom_id, so it need not keep the
    view: a stopped view is rendered but never stored (an ephemeral panel
    would otherwise sit in the view store, with a timer, for 15 minutes)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def board_view(
    channel_id: int, *, finished: bool, language: str, game_id: int | None = None, takeable: bool = False
) -> discord.ui.View:
    view = static_view()
    if not finished:
        view.add_item(HandButton(channel_id, t("table.button.hand", language)))
        if takeable:  # while the AI holds a seat, a member who is not playing may ask for it
            view.add_item(TakeSeatButton(channel_id, t("takeover.button.take", language)))
    elif game_id is not None:  # the final board (of a finished or an /end'ed game)
        view.add_item(RematchButton(channel_id, game_id, t("rematch.button", language)))
    return view


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:(?P<ch>\d+):hand"):
    def __init__(self, channel_id: int, label: str = "My hand") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🂠", style=discord.ButtonStyle.primary, custom_id=f"gm:{channel_id}:hand"
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["ch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.panel import show_panel

        try:
            await show_panel(interaction, self.channel_id)
        except Exception as error:  # DynamicItem errors are only logged by discord.py
            await answer_error(interaction, error)


class ActButton(
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
            label=label[:80], style=style, emoji=emoji, custom_id=custom_id, disabled=disabled, row=row
        )
        return cls(button, channel_id, version, payload)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, int(match["ch"]), int(match["ver"]), match["p"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.panel import handle_click

        await handle_click(interaction, self.channel_id, self.version, self.payload, [])


class ActSelect(
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
            placeholder=placeholder[:150],
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
        return cls(item, int(match["ch"]), int(match["ver"]), match["p"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.panel import handle_click

        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await handle_click(interaction, self.channel_id, self.version, self.payload, values)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gm:(?P<ch>\d+):lobby:(?P<op>join|leave|ai|start|cancel)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "ai": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, channel_id: int, op: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op, style=self.STYLES[op], custom_id=f"gm:{channel_id}:lobby:{op}"
            )
        )
        self.channel_id, self.op = channel_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["ch"]), match["op"], getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.lobby import lobby_click

        try:
            await lobby_click(interaction, self.channel_id, self.op)
        except Exception as error:
            await answer_error(interaction, error)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:(?P<ch>\d+):rematch:(?P<game>\d+)"
):
    """The final board's Rematch: names the game row it was drawn for, so a
    click on an older final board is recognised and refused (bot/rematch.py)."""

    def __init__(self, channel_id: int, game_id: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=f"gm:{channel_id}:rematch:{game_id}",
            )
        )
        self.channel_id, self.game_id = channel_id, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["ch"]), int(match["game"]), getattr(item, "label", None) or "Rematch")

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.rematch import rematch_click

        try:
            await rematch_click(interaction, self.channel_id, self.game_id)
        except Exception as error:
            await answer_error(interaction, error)


class TakeSeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:(?P<ch>\d+):take"):
    """The board's Take seat (shown while the AI holds a seat): the host is asked (cogs/takeover.py)."""

    def __init__(self, channel_id: int, label: str = "Take seat") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🪑",
                style=discord.ButtonStyle.secondary,
                custom_id=f"gm:{channel_id}:take",
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeSeatButton:
        return cls(int(match["ch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.takeover import take_click

        try:
            await take_click(interaction, self.channel_id)
        except Exception as error:
            await answer_error(interaction, error)


DYNAMIC_ITEMS = (HandButton, ActButton, ActSelect, LobbyButton, RematchButton, TakeSeatButton)
