"""The lobby's operations: open a table, join, leave, add an AI seat, cancel, start,
and open a practice table (the member against the AI, started at once)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from bot.ai_moves import play_ai_off_loop
from bot.model import Applied, LogRow, Seat, Speed, TableError, TableInfo, table_of
from bot.outbox import lobby_notice
from bot.seats import ai_seat
from bot.store import ChannelBusy, GameRow
from bot.table_core import TableCore
from games.core import Event, Game, RuleError
from games.core.levels import Level
from games.core.verify import COMMITMENT_EVENT, SALT_BYTES, commitment
from games.registry import GAMES, declared

# A practice table's seats: the member and two AI seats (as many as the game needs
# at least, as few as it allows at most): enough to see the game's play, quick to learn from.
PRACTICE_SEATS = 3


class Lobby:
    """Opening, filling, cancelling and starting a table (a part of the table service)."""

    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def open_lobby(
        self,
        channel_id: int,
        guild_id: int | None,
        host_id: int,
        host_name: str,
        game_id: str,
        *,
        seats: int | None,
        speed: Speed,
        language: str,
        options: dict[str, Any] | None = None,
        hints: bool | None = None,
        takeover_level: Level = "normal",
        ai_level: Level | None = None,
    ) -> tuple[GameRow, TableInfo]:
        """A new table in its lobby, the host seated; with ``ai_level``, every other
        seat an AI at that level (a practice table)."""
        game = GAMES.get(game_id)
        if game is None:
            raise TableError("error.unknown_game", game=game_id)
        max_seats = seats or game.max_players
        # Every setting is kept by name (the lobby, /log's export and a rematch say it).
        options = {**game.settings, **(options or {})}
        if not game.min_players <= max_seats <= game.max_players:
            raise TableError(
                "error.player_count", min=game.min_players, max=game.max_players, count=max_seats
            )
        for name, value in options.items():
            if name in game.settings:  # a value the game checks (Narnia's round cap)
                try:
                    game.check_setting(name, value)
                except RuleError as error:
                    raise TableError(error.key, **error.params) from None
                continue
            counts = game.variants.get(name) if value is True else None
            if counts is None:  # an option the game does not take: its declaration's refusal
                raise TableError(option_words(name, "refused"), game=game_id, option=name)
            if seats is None:
                max_seats = max(counts)
            elif seats not in counts:
                raise TableError(option_words(name, "players", game), count=seats, option=name)
        info = TableInfo(
            host_id=host_id,
            language=language,
            speed=speed,
            max_seats=max_seats,
            seats=[Seat(user_id=host_id, name=host_name)],
            options=options,
            hints=hints,
            takeover_level=takeover_level,
        )
        if ai_level is not None:
            info.seats += [ai_seat(number, ai_level, language) for number in range(1, max_seats)]
        async with self.core.lock(channel_id):
            try:
                row = await self.core.store.create(
                    channel_id,
                    guild_id,
                    game_id,
                    info.model_dump(),
                    self.core.clock(),
                    outbox=[lobby_notice(opened=True)],
                )
            except ChannelBusy:
                raise TableError("error.channel_busy") from None
        return row, info

    async def practice(
        self, channel_id: int, guild_id: int | None, user_id: int, name: str, game_id: str, language: str
    ) -> Applied:
        """A practice table of ``game_id``: the member against AI seats at the normal
        level, started at once, live, in the member's language. Hints are on there
        by default (bot.hints.hints_on). Refused where the channel already has a
        table, in its lobby or playing (``practice.busy``)."""
        game = GAMES.get(game_id)
        if game is None:
            raise TableError("error.unknown_game", game=game_id)
        seats = min(max(PRACTICE_SEATS, game.min_players), game.max_players)
        try:
            await self.open_lobby(
                channel_id,
                guild_id,
                user_id,
                name,
                game_id,
                seats=seats,
                speed="live",
                language=language,
                ai_level="normal",
            )
        except TableError as error:  # the channel has a table, open or playing: say so for a practice
            raise TableError("practice.busy") if error.key == "error.channel_busy" else error from None
        try:
            return await self.start(channel_id, user_id, False)
        except TableError:  # not startable after all: the channel is left free
            await self.cancel(channel_id, user_id, False)
            raise

    async def _load_lobby(self, channel_id: int) -> tuple[GameRow, TableInfo]:
        """The channel's table, still in its lobby (the caller holds the lock)."""
        row = await self.core.store.active(channel_id)
        if row is None:
            raise TableError("error.no_table")
        if row.status != "lobby":
            raise TableError("error.already_started")
        return row, table_of(row)

    async def _lobby_change(
        self, channel_id: int, change: Callable[[GameRow, TableInfo], None]
    ) -> tuple[GameRow, TableInfo]:
        async with self.core.lock(channel_id):
            row, info = await self._load_lobby(channel_id)
            change(row, info)
            row.table = info.model_dump()
            # The lobby's change is published as every change is (bot/outbox.py).
            row = await self.core.store.save(row, outbox=[lobby_notice()], now=self.core.clock())
            return row, info

    async def join(self, channel_id: int, user_id: int, name: str) -> tuple[GameRow, TableInfo]:
        def change(row: GameRow, info: TableInfo) -> None:
            if info.seat_of(user_id) is not None:
                raise TableError("error.already_seated")
            if len(info.seats) >= info.max_seats:
                raise TableError("error.table_full", seats=info.max_seats)
            info.seats.append(Seat(user_id=user_id, name=name))

        return await self._lobby_change(channel_id, change)

    async def leave_lobby(self, channel_id: int, user_id: int) -> tuple[GameRow, TableInfo]:
        def change(row: GameRow, info: TableInfo) -> None:
            seat = info.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_seated")
            if user_id == info.host_id:
                raise TableError("error.host_cannot_leave")
            del info.seats[seat]

        return await self._lobby_change(channel_id, change)

    async def add_ai(
        self, channel_id: int, user_id: int, may_manage: bool, level: Level = "normal"
    ) -> tuple[GameRow, TableInfo]:
        def change(row: GameRow, info: TableInfo) -> None:
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            if len(info.seats) >= info.max_seats:
                raise TableError("error.table_full", seats=info.max_seats)
            number = sum(1 for s in info.seats if s.ai) + 1
            info.seats.append(ai_seat(number, level, info.language))

        return await self._lobby_change(channel_id, change)

    async def cancel(self, channel_id: int, user_id: int, may_manage: bool) -> tuple[GameRow, TableInfo]:
        async with self.core.lock(channel_id):
            row, info = await self._load_lobby(channel_id)
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            row.status = "cancelled"
            row.deadline_at = row.reminder_at = None
            row = await self.core.store.save(row, outbox=[lobby_notice()], now=self.core.clock())
            return row, info

    async def start(self, channel_id: int, user_id: int, may_manage: bool) -> Applied:
        async with self.core.lock(channel_id):
            row, info = await self._load_lobby(channel_id)
            if user_id != info.host_id and not may_manage:
                raise TableError("error.host_only")
            game = GAMES[row.game]
            refusal = start_refusal(game, info)
            if refusal is not None:
                raise refusal
            # The seed is drawn here, by the bot, never by the rules (DESIGN §3).
            info.seed = secrets.randbits(48)
            info.salt = secrets.token_hex(SALT_BYTES)
            try:
                state = game.new_game(len(info.seats), info.seed, info.options)
            except RuleError as error:
                raise TableError(error.key, **error.params) from None
            row.status = "playing"
            sealed = Event(key=COMMITMENT_EVENT, params={"commitment": commitment(info.salt, info.seed)})
            opening = [sealed, *game.opening_events(state)]
            applied = Applied(row=row, table=info, game=game, state=state, events=list(opening), started=True)
            log_rows: list[LogRow] = [("start", None, None, {"kind": "start", "seed": info.seed}, opening)]
            await play_ai_off_loop(applied, log_rows, *self.core.ai_slice(interactive=True))
            await self.core.commit(applied, log_rows)
            return applied


def start_refusal(game: Game[Any, Any], info: TableInfo) -> TableError | None:
    """Why the lobby cannot start with its seats as they are (too few for the game,
    or for a variant switched on); None when it can. The page's Start says it too."""
    if len(info.seats) < game.min_players:
        return TableError("error.not_enough_players", min=game.min_players, count=len(info.seats))
    for variant in (name for name, on in info.options.items() if on is True):
        if len(info.seats) not in game.variants.get(variant, ()):
            words = option_words(variant, "players", game)
            return TableError(words, count=len(info.seats), option=variant)
    return None


def option_words(key: str, part: str, game: Game[Any, Any] | None = None) -> str:
    """The catalog key of ``part`` of the words of the option a table keeps as
    ``key`` (games.core.options), from ``game`` or the game declaring it; the
    platform's own for an option no registered game declares."""
    option = declared(key, game)
    return f"{option.words if option else 'error.option'}.{part}"
