"""``/stats``' queries over the finished games' ``results`` rows (migration 5).

Every query is filtered by guild first and served by one of the two indexes
``results_by_player (guild_id, user_id, game)`` and ``results_by_game
(guild_id, game, user_id)``: a call reads one server's rows, never the table.

Three kinds of row are kept apart, so a win rate only ever counts games that
were played to the end by a person:
* human seats of finished games (``user_id`` set, ``abandoned = 0``): played, won, best score;
* abandoned games (``/end``): counted per player and per server, never in a rate;
* AI seats (``user_id`` NULL, including a seat an AI finished for a player who left).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.sql import Database
from games.core.levels import LEVELS

LEADERBOARD_SIZE = 10

# The same aggregate for every query: finished and abandoned games apart, a
# best score only from finished ones (an /end'ed game's score is not final).
# Written in the SQL both stores speak (no boolean sums, no output names inside
# expressions, no bare columns beside an aggregate).
_TOTALS = (
    "SUM(CASE WHEN abandoned = 0 THEN 1 ELSE 0 END) AS played,"
    " SUM(CASE WHEN winner = 1 AND abandoned = 0 THEN 1 ELSE 0 END) AS won,"
    " SUM(abandoned) AS abandoned, MAX(CASE WHEN abandoned = 0 THEN score END) AS best"
)


@dataclass(frozen=True)
class Line:
    """One player's (or one game's, or the AI seats') figures."""

    key: str  # the user id (leaderboard) or the game id (a player's games)
    name: str
    played: int
    won: int
    abandoned: int
    best: int | None

    @property
    def rate(self) -> float | None:
        """Wins over finished games; None before the first finished game."""
        return self.won / self.played if self.played else None


@dataclass(frozen=True)
class Board:
    """A server's leaderboard (of one game or of all)."""

    lines: list[Line]
    games: int  # finished games
    abandoned: int  # games ended with /end
    ai: list[Line]  # the AI seats, one line per level played at (easy, normal, hard)


def _game_filter(game: str | None) -> tuple[str, tuple[str, ...]]:
    return (" AND game = ?", (game,)) if game else ("", ())


class ResultQueries(Database):
    async def leaderboard(self, guild_id: int, game: str | None = None) -> Board:
        """The top players by wins, then win rate, then games played."""
        where, extra = _game_filter(game)
        rows = await self.fetch(
            f"SELECT * FROM (SELECT user_id, {_TOTALS} FROM results"
            f" WHERE guild_id = ? AND user_id IS NOT NULL{where} GROUP BY user_id) AS totals"
            " WHERE played > 0 ORDER BY won DESC, won * 1.0 / played DESC, played DESC, user_id LIMIT ?",
            (guild_id, *extra, LEADERBOARD_SIZE),
        )
        names = await self._names(guild_id, [int(r["user_id"]) for r in rows])
        lines = [
            Line(
                key=str(r["user_id"]),
                name=names.get(int(r["user_id"]), "?"),
                played=int(r["played"]),
                won=int(r["won"]),
                abandoned=int(r["abandoned"]),
                best=r["best"],
            )
            for r in rows
        ]
        ai = await self.fetch(
            f"SELECT COALESCE(level, 'normal') AS level, {_TOTALS} FROM results"
            f" WHERE guild_id = ? AND user_id IS NULL{where} GROUP BY COALESCE(level, 'normal')",
            (guild_id, *extra),
        )
        by_level = {str(r["level"]): r for r in ai}
        counts = await self.fetchrow(
            "SELECT COUNT(DISTINCT CASE WHEN abandoned = 0 THEN game_id END) AS games,"
            " COUNT(DISTINCT CASE WHEN abandoned = 1 THEN game_id END) AS abandoned"
            f" FROM results WHERE guild_id = ?{where}",
            (guild_id, *extra),
        )
        return Board(
            lines=lines,
            games=int(counts["games"]) if counts else 0,
            abandoned=int(counts["abandoned"]) if counts else 0,
            ai=[
                Line(
                    key=level,
                    name="AI",
                    played=int(r["played"] or 0),
                    won=int(r["won"] or 0),
                    abandoned=int(r["abandoned"] or 0),
                    best=r["best"],
                )
                for level in LEVELS
                if (r := by_level.get(level)) is not None
            ],
        )

    async def player_stats(self, guild_id: int, user_id: int, game: str | None = None) -> list[Line]:
        """One player's figures per game, most played first."""
        where, extra = _game_filter(game)
        rows = await self.fetch(
            f"SELECT game, {_TOTALS} FROM results WHERE guild_id = ? AND user_id = ?{where}"
            " GROUP BY game ORDER BY played DESC, won DESC, game",
            (guild_id, user_id, *extra),
        )
        return [
            Line(
                key=r["game"],
                name=r["game"],
                played=int(r["played"]),
                won=int(r["won"]),
                abandoned=int(r["abandoned"]),
                best=r["best"],
            )
            for r in rows
        ]

    async def player_name(self, guild_id: int, user_id: int) -> str | None:
        """The name a player had at their latest game here."""
        return (await self._names(guild_id, [user_id])).get(user_id)

    async def _names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        """Each player's seat name at their latest game."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.fetch(
            "SELECT user_id, name FROM (SELECT user_id, name, ROW_NUMBER() OVER"
            " (PARTITION BY user_id ORDER BY finished_at DESC, game_id DESC) AS latest"
            f" FROM results WHERE guild_id = ? AND user_id IN ({marks})) AS named WHERE latest = 1",
            (guild_id, *user_ids),
        )
        return {int(r["user_id"]): str(r["name"]) for r in rows}
