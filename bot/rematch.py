"""Rematch: a new lobby in the same channel with the same table.

The final board's **Rematch** button (``cogs/controls.RematchButton``) names
the game row it was drawn for; any person seated at the end of that game may
press it while it is still the channel's latest game and the channel is free.
"""

from __future__ import annotations

from bot.model import Seat, TableError, TableInfo, table_of
from bot.outbox import lobby_notice
from bot.seats import ai_seat
from bot.store import ChannelBusy, GameRow
from bot.table_core import TableCore


async def rematch(
    core: TableCore, channel_id: int, game_row_id: int, user_id: int, user_name: str, *, post: bool = False
) -> tuple[GameRow, TableInfo]:
    """Open the rematch lobby of game ``game_row_id``, hosted by ``user_id``.

    Same game, seats in the same order (the same people, an AI at its level
    where an AI sat, including a seat a player left to the AI), speed, language, seat
    count and options (e.g. Akelarre's teams). Everyone is seated already:
    the others may Leave, the host starts as usual. ``post``: asked from a page,
    where no interaction answers with the lobby message: the channel's publisher
    posts it (bot/outbox.py ``lobby_notice``)."""
    store = core.store
    async with core.lock(channel_id):
        old = await store.get(game_row_id)
        if old is None or old.channel_id != channel_id or old.status != "finished":
            raise TableError("rematch.error.gone")
        table = table_of(old)
        if table.seat_of(user_id) is None:
            raise TableError("rematch.error.not_player")
        if await store.active(channel_id) is not None:
            raise TableError("error.channel_busy")
        latest = await store.latest(channel_id)
        if latest is None or latest.id != old.id:
            raise TableError("rematch.error.not_latest")
        seats: list[Seat] = []
        for seat in table.seats:
            if seat.ai:
                number = sum(1 for s in seats if s.ai) + 1
                seats.append(ai_seat(number, seat.level, table.language))
            else:
                name = user_name if seat.user_id == user_id else seat.name
                seats.append(Seat(user_id=seat.user_id, name=name))
        info = TableInfo(
            host_id=user_id,
            language=table.language,
            speed=table.speed,
            max_seats=table.max_seats,
            seats=seats,
            options=dict(table.options),
            hints=table.hints,
            takeover_level=table.takeover_level,
        )
        try:
            notice = lobby_notice(opened=True, post="rematch.opened" if post else None)
            row = await store.create(
                channel_id, old.guild_id, old.game, info.model_dump(), core.clock(), outbox=[notice]
            )
        except ChannelBusy:
            raise TableError("error.channel_busy") from None
        return row, info
