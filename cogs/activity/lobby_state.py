"""What a page is sent of a table in its lobby (``table.lobby``): the seats as the
channel's lobby message lists them, the game's options in the same words, the AI
levels its buttons offer, and whether Start can be pressed yet, with the reason
when it cannot. The page draws it and decides nothing: every button it offers is
sent to the table service, which checks it again (cogs/activity/lobby_moves.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bot.i18n import t
from bot.lobby import start_refusal
from bot.model import TableInfo
from bot.store import GameRow
from cogs.lobby import AI_LEVELS, lobby_footer, option_fields
from games.core.levels import Level
from games.registry import GAMES


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class LobbySeat(_Frozen):
    """A seat taken in the lobby (its name is ``table.seats[i].name``)."""

    host: bool = Field(description="the host's seat (an AI is never the host)")
    level: str | None = Field(description="an AI seat's level, in words; None for a member")


class LobbyLevel(_Frozen):
    """An AI level the lobby's Add AI offers."""

    level: Level
    name: str = Field(description="the level in words")


class LobbyOption(_Frozen):
    """One of the table's options as the channel's lobby message shows it."""

    name: str
    value: str


class LobbyPage(_Frozen):
    """A lobby as a page draws it, in the viewer's language."""

    title: str = Field(description="the lobby message's title: the game's name")
    seats: list[LobbySeat]
    max_seats: int = Field(description="the seats the table has, taken or not")
    min_players: int = Field(description="the fewest seats the game starts with")
    host: bool = Field(description="the viewer is the host: theirs are Add AI and Start")
    levels: list[LobbyLevel]
    options: list[LobbyOption]
    footer: str = Field(description="the lobby message's footer: who may start, and when")
    start_refused: str | None = Field(description="why Start would be refused now; None when it would not")


def lobby_page(row: GameRow, info: TableInfo, seat: int | None, language: str) -> LobbyPage:
    """``row``'s lobby as ``seat``'s page shows it (None: a member without one). The
    host is seated until the lobby closes (bot/lobby.py), so their seat names them."""
    game = GAMES[row.game]
    refusal = start_refusal(game, info)
    return LobbyPage(
        title=t("lobby.title", language, game=t(f"game.{row.game}.name", language)),
        seats=[
            LobbySeat(
                host=seat.user_id == info.host_id and not seat.ai,
                level=t(f"level.{seat.level}", language) if seat.ai else None,
            )
            for seat in info.seats
        ],
        max_seats=info.max_seats,
        min_players=game.min_players,
        host=seat is not None and seat < len(info.seats) and info.seats[seat].user_id == info.host_id,
        # The channel's own AI buttons, in their order (cogs/lobby.py).
        levels=[LobbyLevel(level=level, name=t(f"level.{level}", language)) for level in AI_LEVELS.values()],
        options=[LobbyOption(name=n, value=v) for n, v, _ in option_fields(row, info, language)],
        footer=lobby_footer(row, info, language),
        start_refused=t(refusal.key, language, **refusal.params) if refusal is not None else None,
    )
