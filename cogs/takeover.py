"""Taking an AI-held seat in Discord: the board's Take seat, the host's answer.

custom_ids (restart-proof ``DynamicItem``s, no hidden information):
* ``gm:<channel>:take``                        the board's Take seat (cogs/kit/controls.py)
* ``gm:<channel>:take:pick``                   which AI-held seat (when several)
* ``gm:<channel>:take:<seat>:<user>:ok|no``    the host's Confirm / Refuse on a request

A request is posted in the channel, naming the requester and pinging the host,
with Confirm and Refuse; the requester is told privately that it is pending
(Refuse by the requester withdraws it). Whether a click still counts is decided
by the stored request (``bot/takeover.py``), so an answered or stale request
is refused politely and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from bot.i18n import t
from bot.model import SeatRequest, TableError, TableInfo
from bot.render import plain
from bot.seats import ai_seats
from bot.takeover import answer_request, request_seat
from cogs.kit.common import answer_error, bot_of, channel_of, display_name, lang, may_manage, reply
from cogs.kit.controls import (
    FORGED,
    OPTION_TEXT,
    BoardSpot,
    Checked,
    add_board_control,
    checked_values,
    fit_text,
    id_field,
    static_view,
)


async def take_click(interaction: discord.Interaction, channel_id: int) -> None:
    """The board's Take seat: ask for the only AI-held seat, or offer a choice."""
    bot = bot_of(interaction)
    _row, table, _game, _state = await bot.service.core.load_playing(channel_id)
    if table.seat_of(interaction.user.id) is not None:
        raise TableError("takeover.error.seated")
    held = ai_seats(table)
    if len(held) <= 1:  # none is refused by the service, in words
        await ask(interaction, channel_id, None)
        return
    language = lang(interaction)
    view = static_view()
    view.add_item(TakePick.make(channel_id, table, held, language))
    await interaction.response.send_message(t("takeover.pick", language), view=view, ephemeral=True)


async def ask(interaction: discord.Interaction, channel_id: int, seat: int | None) -> None:
    """Record the request, tell the requester it is pending, ask the host in public."""
    bot = bot_of(interaction)
    user = interaction.user
    _row, table, request = await request_seat(bot.service.core, channel_id, user.id, display_name(user), seat)
    pending = t(
        "takeover.pending_you",
        lang(interaction),
        number=request.seat + 1,
        name=table.seats[request.seat].name,
    )
    if seat is None:
        await reply(interaction, pending)
    else:  # chosen in the ephemeral seat picker: it becomes the answer
        await interaction.response.edit_message(content=pending, view=None)
    channel = await channel_of(bot, channel_id)
    if channel is None:
        return
    language = table.language
    text = t(
        "takeover.request",
        language,
        name=request.name,
        number=request.seat + 1,
        was=table.seats[request.seat].name,
        host=f"<@{table.host_id}>",
    )
    await channel.send(
        text,
        view=request_view(channel_id, request, language),
        allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(table.host_id)], roles=False, everyone=False
        ),
    )


def request_view(channel_id: int, request: SeatRequest, language: str) -> discord.ui.View:
    view = static_view()
    for op in ("ok", "no"):
        view.add_item(TakeAnswer(channel_id, request.seat, request.user_id, op, language))
    return view


async def answer(
    interaction: discord.Interaction, channel_id: int, seat: int, user_id: int, confirm: bool
) -> None:
    """Confirm or Refuse on a request: the request message says what became of it."""
    bot = bot_of(interaction)
    done = await answer_request(
        bot.service.core,
        channel_id,
        interaction.user.id,
        may_manage(interaction),
        seat,
        user_id,
        confirm=confirm,
    )
    table: TableInfo = done.table
    language = table.language
    text = t(
        f"takeover.{done.outcome}",
        language,
        decider=display_name(interaction.user),
        name=done.request.name,
        number=seat + 1,
    )
    await interaction.response.edit_message(content=text, view=None)
    if done.applied is None:
        return
    await bot.changes.after(done.applied)  # the board (new name, Take seat while AI seats remain), the line
    channel = await channel_of(bot, channel_id)
    if channel is not None:  # the new holder is told where their hand is
        await channel.send(
            t("takeover.yours", language, mention=f"<@{user_id}>", number=seat + 1),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(user_id)], roles=False, everyone=False
            ),
        )


class TakePick(Checked, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"gm:(?P<ch>\d+):take:pick"):
    """Which AI-held seat to ask for, when the AI holds several."""

    def __init__(self, item: discord.ui.Select[Any], channel_id: int) -> None:
        super().__init__(item)
        self.channel_id = channel_id

    @classmethod
    def make(cls, channel_id: int, table: TableInfo, held: list[int], language: str) -> TakePick:
        options = [
            discord.SelectOption(
                label=fit_text(
                    OPTION_TEXT, t("takeover.option", language, number=s + 1, name=plain(table.seats[s].name))
                ),
                value=str(s),
            )
            for s in held[:25]
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"gm:{channel_id}:take:pick",
            placeholder=t("takeover.button.take", language),
            options=options,
        )
        return cls(select, channel_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakePick:
        assert isinstance(item, discord.ui.Select)
        return cls(item, id_field(match["ch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            values = checked_values(interaction)
            seat = id_field(values[0]) if values else FORGED
            if seat == FORGED:
                raise TableError("error.bad_action")
            await ask(interaction, self.channel_id, seat)
        except Exception as error:
            await answer_error(interaction, error)


class TakeAnswer(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gm:(?P<ch>\d+):take:(?P<seat>\d+):(?P<user>\d+):(?P<op>ok|no)",
):
    """The host's Confirm (``ok``) or Refuse (``no``) on one member's request for one seat."""

    def __init__(self, channel_id: int, seat: int, user_id: int, op: str, language: str = "en") -> None:
        label = t("takeover.button.confirm" if op == "ok" else "takeover.button.refuse", language)
        style = discord.ButtonStyle.success if op == "ok" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"gm:{channel_id}:take:{seat}:{user_id}:{op}"
            )
        )
        self.channel_id, self.seat, self.user_id, self.op = channel_id, seat, user_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeAnswer:
        return cls(id_field(match["ch"]), id_field(match["seat"]), id_field(match["user"]), match["op"])

    def id_fields(self) -> tuple[int, ...]:
        return (self.seat, self.user_id)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, self.channel_id, self.seat, self.user_id, self.op == "ok")


class TakeSeatButton(
    Checked, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:(?P<ch>\d+):take"
):
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
        return cls(id_field(match["ch"]))

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await take_click(interaction, self.channel_id)


def _take_button(spot: BoardSpot) -> TakeSeatButton | None:
    """While the AI holds a seat, a member who is not playing may ask for it."""
    if spot.finished or not spot.takeable:
        return None
    return TakeSeatButton(spot.channel_id, t("takeover.button.take", spot.language))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(TakeSeatButton, TakePick, TakeAnswer)
    add_board_control("take", 20, _take_button)
