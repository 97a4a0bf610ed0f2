"""``/play <game>`` and the lobby: Join, Leave, Start, Cancel, and an AI seat at each level."""

from __future__ import annotations

import contextlib
import inspect
import re
from typing import Any, ClassVar, Literal

import discord
from discord import app_commands
from discord.app_commands.transformers import RangeTransformer
from discord.ext import commands

from bot.client import GameMasterBot
from bot.i18n import cmd, join, language_of, t
from bot.model import TableInfo, table_of
from bot.step import Step
from bot.store import GameRow
from cogs.guide import guide_button
from cogs.kit.common import (
    bot_of,
    channel_of,
    display_name,
    may_manage,
    presented_games,
    user_errors,
)
from cogs.kit.controls import Checked, id_field, static_view
from cogs.kit.ids import ControlId
from games.core.levels import Level
from games.core.options import Option, Setting, Variant
from games.registry import GAMES, declared

AI_LEVELS: dict[str, Level] = {"ai-easy": "easy", "ai": "normal", "ai-hard": "hard"}
LEVEL_OF: dict[str, Level] = {level: level for level in AI_LEVELS.values()}


def game_choices() -> list[app_commands.Choice[str]]:
    """The games /play offers (those with a Discord face), in catalogue order."""
    return [app_commands.Choice(name=cmd(f"game.{gid}.name"), value=gid) for gid in presented_games()]


# /rules' and /stats' list of games. The lobby's setup refreshes it in place, so a
# game registered after this import (the test suite's sixth) is offered too.
GAME_CHOICES = game_choices()


def lobby_embed(row: GameRow, table: TableInfo, language: str) -> discord.Embed:
    closed = row.status == "cancelled"
    embed = discord.Embed(
        title=t("lobby.title", language, game=t(f"game.{row.game}.name", language)),
        description=t("lobby.cancelled", language) if closed else t("lobby.description", language),
        colour=discord.Colour.dark_grey() if closed else discord.Colour.gold(),
    )
    seats = [
        f"{i + 1}. {'🤖 ' if s.ai else ''}{s.name}{' 👑' if s.user_id == table.host_id and not s.ai else ''}"
        for i, s in enumerate(table.seats)
    ]
    seats += [f"{i + 1}. —" for i in range(len(table.seats), table.max_seats)]
    embed.add_field(
        name=t("lobby.seats", language, count=len(table.seats), max=table.max_seats),
        value="\n".join(seats),
        inline=False,
    )
    for name, value, wide in option_fields(row, table, language):
        embed.add_field(name=name, value=value, inline=not wide)
    embed.set_footer(text=lobby_footer(row, table, language))
    return embed


def _switched(row: GameRow, table: TableInfo) -> list[Variant]:
    game = GAMES[row.game]
    declarations = (declared(key, game) for key, on in table.options.items() if on is True)
    return [option for option in declarations if isinstance(option, Variant)]


def option_fields(row: GameRow, table: TableInfo, language: str) -> list[tuple[str, str, bool]]:
    """The lobby's options as the channel shows them (name, value, and whether the
    field takes the embed's whole width); the Activity's page lists the same."""
    game = GAMES[row.game]
    fields: list[tuple[str, str, bool]] = []
    # The options, from their declarations: each variant switched on, then every setting.
    for variant in _switched(row, table):
        value = teams_text(table, language) if variant.partners else t(f"{variant.words}.on", language)
        fields.append((t(f"{variant.words}.lobby", language), value, True))
    for name, default in game.settings.items():
        value = table.options.get(name, default)
        if (setting := declared(name, game)) is not None:
            key = f"{setting.words}.value" if value is not None else f"{setting.words}.none"
            fields.append((t(f"{setting.words}.lobby", language), t(key, language, count=value), False))
    fields.append((t("lobby.speed", language), t(f"speed.{table.speed}", language), False))
    hints = "auto" if table.hints is None else "on" if table.hints else "off"
    fields.append((t("lobby.hints", language), t(f"lobby.hints_{hints}", language), False))
    fields.append((t("lobby.takeover", language), t(f"level.{table.takeover_level}", language), False))
    fields.append((t("lobby.language", language), t(f"language.{table.language}", language), False))
    return fields


def lobby_footer(row: GameRow, table: TableInfo, language: str) -> str:
    footer = t("lobby.footer", language, min=GAMES[row.game].min_players, max=table.max_seats)
    if any(variant.partners for variant in _switched(row, table)):
        footer += " " + t("lobby.teams_footer", language)
    return footer


def play_options(offered: list[Option], chosen: dict[str, Any]) -> dict[str, Any] | None:
    """``/play``'s game options as the table keeps them: a variant switched on as
    True, a setting as given (its "none" as None: Narnia's 0 rounds, NA-4.8.9)."""
    options: dict[str, Any] = {}
    for option in offered:
        value = chosen.get(option.name)
        if isinstance(option, Variant) and value:
            options[option.key] = True
        elif isinstance(option, Setting) and value is not None:
            options[option.key] = option.kept(value)
    return options or None


def game_options() -> list[Option]:
    """``/play``'s game options: every option the games it offers declare, once
    by name (the first declaration gives its words; the others must agree)."""
    found: dict[str, Option] = {}
    for game_id in presented_games():
        for option in GAMES[game_id].options:
            first = found.setdefault(option.name, option)
            if _parameter_shape(first) != _parameter_shape(option):
                raise TypeError(f"/play {option.name}: {game_id} declares it otherwise than {first.words}")
    return list(found.values())


def _parameter_shape(option: Option) -> tuple[object, ...]:
    if isinstance(option, Setting):
        return (Setting, option.minimum, option.maximum)
    return (type(option),)


def _parameter_type(option: Option) -> Any:
    """A declared option's annotation: a yes/no for a variant, a whole number in
    its range for a setting (discord.py reads both as it reads written ones)."""
    if isinstance(option, Setting):
        integer = discord.AppCommandOptionType.integer
        return RangeTransformer(integer, min=option.minimum, max=option.maximum) | None
    return bool | None


def play_command(lobby: Lobby) -> app_commands.Command[Any, ..., None]:
    """``/play``: :meth:`Lobby.play`'s parameters, with the games' declared options
    (Akelarre's teams, Narnia's rounds) between the table's and the seats' ones.
    discord.py reads a command's parameters from its callback's signature, so the
    callback is given one built from the declarations."""

    async def play(interaction: discord.Interaction, **values: Any) -> None:
        await lobby.play(interaction, **values)

    fixed = [p for p in inspect.signature(Lobby.play).parameters.values() if p.name not in ("self", "chosen")]
    at = next(i for i, p in enumerate(fixed) if p.name == "hints")
    own = [
        inspect.Parameter(
            o.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=_parameter_type(o)
        )
        for o in lobby.options
    ]
    play.__signature__ = inspect.Signature([*fixed[:at], *own, *fixed[at:]])  # type: ignore[attr-defined]
    names = {p.name: cmd(f"cmd.play.{p.name}.name") for p in fixed[1:]}
    descriptions = {p.name: cmd(f"cmd.play.{p.name}.description") for p in fixed[1:]}
    names |= {o.name: cmd(f"{o.words}.name") for o in lobby.options}
    descriptions |= {o.name: cmd(f"{o.words}.description") for o in lobby.options}
    callback = app_commands.guild_only()(
        app_commands.rename(**names)(app_commands.describe(**descriptions)(play))
    )
    callback = app_commands.choices(
        game=game_choices(),
        speed=[
            app_commands.Choice(name=cmd("speed.live"), value="live"),
            app_commands.Choice(name=cmd("speed.async"), value="async"),
        ],
        language=[
            app_commands.Choice(name=cmd("language.en"), value="en"),
            app_commands.Choice(name=cmd("language.it"), value="it"),
        ],
        takeover=[
            app_commands.Choice(name=cmd(f"level.{level}"), value=level) for level in AI_LEVELS.values()
        ],
    )(callback)
    return app_commands.Command(
        name=cmd("cmd.play.name"), description=cmd("cmd.play.description"), callback=callback
    )


def teams_text(table: TableInfo, language: str) -> str:
    """Partners in alternate seats (1 and 3 against 2 and 4), the usual
    convention for partnership card games and Akelarre's AK-13.1."""
    lines = []
    for team, letter in enumerate("AB"):
        names = [
            table.seats[s].name if s < len(table.seats) else f"{s + 1}. —"
            for s in range(team, table.max_seats, 2)
        ]
        lines.append(t("lobby.team", language, team=letter, names=join(names, language)))
    return "\n".join(lines)


LOBBY_ID = ControlId("gm:{ch}:lobby:{op}", op="join|leave|ai|ai-easy|ai-hard|start|cancel")


class LobbyButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # "ai" is the normal level: lobbies drawn before levels existed keep working.
    template=LOBBY_ID.template,
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "ai-easy": discord.ButtonStyle.secondary,
        "ai": discord.ButtonStyle.secondary,
        "ai-hard": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    ROWS: ClassVar[dict[str, int]] = {"ai-easy": 1, "ai": 1, "ai-hard": 1}  # the AI buttons: a row apart

    def __init__(self, channel_id: int, op: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=self.STYLES[op],
                custom_id=LOBBY_ID.id(ch=channel_id, op=op),
                row=self.ROWS.get(op, 0),
            )
        )
        self.channel_id, self.op = channel_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(id_field(match["ch"]), match["op"], getattr(item, "label", None))

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await lobby_click(interaction, self.channel_id, self.op)


def lobby_view(channel_id: int, language: str, game: str, *, closed: bool = False) -> discord.ui.View:
    """The lobby's buttons: Join, Leave, Start, Cancel and How to play, then the AI seats."""
    view = static_view()
    if not closed:
        for op in ("join", "leave", "start", "cancel", "ai-easy", "ai", "ai-hard"):
            view.add_item(LobbyButton(channel_id, op, t(f"lobby.button.{op}", language)))
        guide = guide_button(channel_id, game, language, row=0)
        if guide is not None:
            view.add_item(guide)
    return view


async def lobby_click(interaction: discord.Interaction, channel_id: int, op: str) -> None:
    """The click is answered first; the change's step then publishes it: the
    channel's publisher redraws the lobby message (or posts the board), as it
    does whoever changed the lobby (``refresh_lobby``)."""
    service, user = bot_of(interaction).service, interaction.user
    step: Step[object]
    if op == "start":
        step = service.start(channel_id, user.id, may_manage(interaction))
    elif op == "join":
        step = service.join(channel_id, user.id, display_name(user))
    elif op == "leave":
        step = service.leave_lobby(channel_id, user.id)
    elif op in AI_LEVELS:
        step = service.add_ai(channel_id, user.id, may_manage(interaction), AI_LEVELS[op])
    else:
        step = service.cancel(channel_id, user.id, may_manage(interaction))
    async with step:
        await interaction.response.defer()


class Lobby(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.options = game_options()
        self.play_command = play_command(self)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.play_command)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.play_command.name)

    async def play(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        seats: app_commands.Range[int, 2, 10] | None = None,
        speed: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
        hints: bool | None = None,
        takeover: app_commands.Choice[str] | None = None,
        **chosen: Any,
    ) -> None:
        """``/play`` (:func:`play_command`); ``chosen``: the games' declared options."""
        async with user_errors(interaction):
            bot = bot_of(interaction)
            assert interaction.channel_id is not None
            # Public text: the chosen language, else Italian for an Italian server or host, else the default.
            italian = "it" in (language_of(interaction.guild_locale), language_of(interaction.locale))
            table_language = (
                language.value if language else "it" if italian else bot.settings.default_language
            )
            speed_value: Literal["live", "async"] = "async" if speed and speed.value == "async" else "live"
            opening = bot.service.open_lobby(
                interaction.channel_id,
                interaction.guild_id,
                interaction.user.id,
                display_name(interaction.user),
                game.value,
                seats=seats,
                speed=speed_value,
                language=table_language,
                options=play_options(self.options, chosen),
                hints=hints,
                takeover_level=LEVEL_OF[takeover.value] if takeover else "normal",
            )
            async with opening as (row, table):
                await interaction.response.send_message(
                    embed=lobby_embed(row, table, table_language),
                    view=lobby_view(interaction.channel_id, table_language, row.game),
                )
                message = await interaction.original_response()
                await bot.service.set_message(row.id, message.id)


async def refresh_lobby(bot: GameMasterBot, row: GameRow) -> None:
    """Redraw the lobby message as the table is now (the channel's publisher, at a
    lobby's notice: bot/outbox.py)."""
    table = table_of(row)
    channel = await channel_of(bot, row.channel_id)
    if channel is None or table.message_id is None:
        return
    message = channel.get_partial_message(table.message_id)  # type: ignore[attr-defined]
    with contextlib.suppress(discord.HTTPException):
        await message.edit(
            embed=lobby_embed(row, table, table.language),
            view=lobby_view(row.channel_id, table.language, row.game, closed=row.status != "lobby"),
        )


async def post_lobby(bot: GameMasterBot, row: GameRow, line: str) -> None:
    """Post the lobby message that no command answered with (a rematch asked from an
    Activity page: bot/outbox.py ``lobby_notice``), under ``line`` (a catalog key
    taking the host's name), and keep it as the table's message to redraw."""
    table = table_of(row)
    channel = await channel_of(bot, row.channel_id)
    if channel is None or row.status != "lobby":
        return  # gone, or started or cancelled before it was posted: the board says the rest
    host = next((s.name for s in table.seats if s.user_id == table.host_id and not s.ai), "")
    message = await channel.send(
        t(line, table.language, host=f"**{discord.utils.escape_markdown(host)}**"),
        embed=lobby_embed(row, table, table.language),
        view=lobby_view(row.channel_id, table.language, row.game),
    )
    await bot.service.set_message(row.id, message.id)


async def setup(bot: commands.Bot) -> None:
    GAME_CHOICES[:] = game_choices()
    bot.add_dynamic_items(LobbyButton)
    await bot.add_cog(Lobby(bot))
