"""Driving the real bot through SimCord like players do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord
from simcord.results import to_discord_message

from bot.client import GameMasterBot
from bot.store import GameRow
from games.magmor import MagmorView
from games.registry import GAMES

# A long whole game runs on SQLite in the default run, and on PostgreSQL too with
# `pytest -m slow`: the default run keeps every other SimCord flow (Mag Mor's whole
# game and Talismani's ten-player table among them) on both stores, and the store
# tests on both; the five longest games on PostgreSQL were a seventh of its time.
WHOLE_GAME = pytest.mark.parametrize(
    "database", ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)], indirect=True
)


@dataclass
class Table:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]

    @property
    def bot(self) -> GameMasterBot:
        bot = self.env.bot
        assert isinstance(bot, GameMasterBot)
        return bot

    async def row(self) -> GameRow:
        row = await self.bot.store.latest(self.channel.id)
        assert row is not None
        return row

    async def state(self) -> Any:
        row = await self.row()
        assert row.state is not None
        return GAMES[row.game].load_state(row.state)

    async def view(self, seat: int | None) -> MagmorView:
        state = await self.state()
        view = GAMES["magmor"].view(state, seat)
        assert isinstance(view, MagmorView)
        return view

    def board(self) -> discord.Message:
        """The board message: the last one with the My hand button.

        What ``channel.history()`` holds, searched in SimCord's stored payloads and
        only the message found built: history() builds (deep-copies) every message
        of the channel, and a game played through the panels asks for the board at
        every move (a sixth of a whole e2e game's CPU went there)."""
        stored = self.env.backend.messages.get(self.channel.id, {}).values()
        for message in sorted(stored, key=lambda m: m.id, reverse=True):
            if message.visible_to(None) and any(
                c.get("custom_id", "").endswith(":hand") for row in _raw_rows(message.components) for c in row
            ):
                return to_discord_message(self.env, message)
        raise AssertionError("no board message")

    async def final_board(self) -> discord.Message:
        """The board message as the table keeps it (a finished board has no My hand)."""
        message_id = (await self.row()).table["message_id"]
        return next(m for m in self.channel.history() if m.id == message_id)

    def public_text(self) -> str:
        """Everything public in the channel: contents, embeds, component labels and ids."""
        parts: list[str] = []
        for message in self.channel.history():
            parts.append(message.content or "")
            for embed in message.embeds:
                parts.append(str(embed.to_dict()))
            for row in _rows(message):
                parts.extend(str(c) for c in row)
        return "\n".join(parts)

    def member(self, user_id: int) -> simcord.MemberActor:
        return next(p for p in self.players if p.id == user_id)


def _rows(message: discord.Message) -> list[list[dict[str, Any]]]:
    rows = []
    for component in message.components:
        data = component.to_dict()
        rows.append(data.get("components", [data]))
    return rows


def _raw_rows(components: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """``_rows`` of a message's components as the API sends them."""
    return [data.get("components", [data]) for data in components]


def custom_ids(message: Any) -> list[str]:
    out = []
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            if "custom_id" in c:
                out.append(c["custom_id"])
    return out


def labels(message: Any) -> list[str]:
    out = []
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            out.append(c.get("label") or c.get("placeholder") or "")
    return out


def make_table(env: simcord.Env, names: list[str], channel: str = "mag-mor") -> Table:
    guild = env.create_guild(name="Explorers")
    channel_handle = guild.create_text_channel(channel)
    players = [guild.add_member(env.create_user(name)) for name in names]
    return Table(env, guild, channel_handle, players)


async def open_lobby(table: Table, game: str = "magmor", **options: Any) -> discord.Message:
    host = table.players[0]
    result = await host.slash(table.channel, "play", game=game, **options)
    assert result.response is not None and not result.ephemeral
    lobby = table.channel.last_message
    assert lobby is not None
    return lobby


async def seated_lobby(table: Table, game: str = "magmor", **options: Any) -> discord.Message:
    """/play <game> by the first player, everyone else joined: the lobby, not started."""
    lobby = await open_lobby(table, game, **options)
    for player in table.players[1:]:
        await player.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
    return lobby


async def start_game(table: Table, game: str = "magmor", **options: Any) -> discord.Message:
    """/play <game>, everyone joins, the host starts; returns the board."""
    lobby = await open_lobby(table, game, **options)
    for player in table.players[1:]:
        result = await player.click(lobby, custom_id=f"gm:{table.channel.id}:lobby:join")
        assert result.acknowledged and not result.ephemeral
    await table.players[0].click(lobby, custom_id=f"gm:{table.channel.id}:lobby:start")
    return table.board()


async def panel(table: Table, player: simcord.MemberActor) -> simcord.ResponseMessage:
    """Press My hand on the board; the answer must be ephemeral."""
    result = await player.click(table.board(), custom_id=f"gm:{table.channel.id}:hand")
    assert result.ephemeral and result.response is not None
    return result.response


def button(message: Any, prefix: str) -> str | None:
    """The custom_id of the first enabled button whose payload starts with prefix."""
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            cid = c.get("custom_id", "")
            payload = cid.split(":", 4)[-1] if ":a:" in cid or ":s:" in cid else ""
            if payload.startswith(prefix) and not c.get("disabled"):
                return str(cid)
    return None


def options_of(message: Any, payload: str) -> list[str]:
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        for c in data.get("components", [data]):
            if c.get("custom_id", "").endswith(f":s:{payload}"):
                return [o["value"] for o in c.get("options", [])]
    return []


async def forged(
    player: simcord.MemberActor, message: Any, custom_id: str, values: list[str] | None = None
) -> simcord.InteractionResult:
    """What a modified client could send and SimCord's members never do: a click on a
    disabled button (``values`` None) or a select value the panel never offered."""
    from simcord.actors import _component_interaction, _visible_message

    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        data["values"] = values
    return await _component_interaction(player, _visible_message(player, message), data)


async def step(table: Table, *, explore: bool = True, shown: Any = None) -> str:
    """The player who must act does something sensible through their panel (a
    fresh one from My hand, or ``shown``, one they opened before). Returns the
    decision kind that was played."""
    from games.registry import GAMES

    state = await table.state()
    decision = GAMES["magmor"].decision(state)
    assert decision is not None
    seat = decision.actors[0]
    row = await table.row()
    user_id = next(s["user_id"] for i, s in enumerate(row.table["seats"]) if i == seat)
    player = table.member(user_id)
    if shown is None:
        shown = await panel(table, player)
    kind = decision.kind
    if kind == "magmor.choose":
        target = button(shown, "ex.") if explore else None
        if target is not None:
            result = await player.click(shown, custom_id=target)
            shown = result.response
            assert shown is not None and shown.ephemeral  # the explored face stays private
            assert shown is not None
        go = button(shown, "go.")
        assert go is not None
        await player.click(shown, custom_id=go)
    elif kind == "magmor.split":
        # Give one card to the next player, the rest to ourselves, confirm.
        other = str((seat + 1) % len(table.players))
        result = await player.select(shown, [other], custom_id=_select_id(shown, "sp.to"))
        shown = result.response
        one = next((v for v in options_of(shown, "sp.give") if v.endswith("+1")), None)
        if one is not None:
            shown = (await player.select(shown, [one], custom_id=_select_id(shown, "sp.give"))).response
        shown = (await player.select(shown, [str(seat)], custom_id=_select_id(shown, "sp.to"))).response
        rest = button(shown, "sp.rest")
        if rest is not None:
            shown = (await player.click(shown, custom_id=rest)).response
        ok = button(shown, "sp.ok")
        assert ok is not None
        await player.click(shown, custom_id=ok)
    elif kind == "magmor.pay":
        target = button(shown, "pay.") or button(shown, "pass")
        assert target is not None, (shown.embeds[0].to_dict(), custom_ids(shown), decision)
        await player.click(shown, custom_id=target)
    elif kind == "magmor.magmor":
        choices = options_of(shown, "mm")
        if choices:
            await player.select(shown, [choices[0]], custom_id=_select_id(shown, "mm"))
        else:
            await player.click(shown, custom_id=button(shown, "pass"))
    return kind


async def player_of(table: Table, seat: int) -> simcord.MemberActor:
    row = await table.row()
    return table.member(row.table["seats"][seat]["user_id"])


def select_id(message: Any, payload: str) -> str:
    return _select_id(message, payload)


def _select_id(message: Any, payload: str) -> str:
    for cid in custom_ids(message):
        if cid.endswith(f":s:{payload}"):
            return cid
    raise AssertionError(f"no select {payload}")
