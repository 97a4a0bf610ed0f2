"""The words of the way in: ``/help``, a game's How to play and ``/rules``, as embeds
written to fit Discord's limits (a field's value 1,024 characters, a description
4,096, an embed 6,000), each from the catalogs of the member's language.

A game's rules summary is a list of sections, ``<game>.rules.<n>.title`` and
``.text`` (n = 1, 2, …) in its catalog, shown as one embed field each; a game whose
catalog has one ``<game>.rules.summary`` instead (a game from elsewhere) shows it as
the description. Its How to play is ``<game>.guide.goal``, ``.turn`` (five lines)
and ``.missed`` (three rules, with their ids), in its face's ``guide.toml``; ``.setup`` too
where a new game opens on a set-up the players make (Narnia's).
"""

from __future__ import annotations

import re

import discord

from bot.i18n import has, join, t
from cogs.kit.common import presented_games

FIELD_LIMIT = 1024  # Discord's characters per embed field value
DESCRIPTION_LIMIT = 4096
EMBED_LIMIT = 6000
GUIDE_FILE = "guide.png"
# The commands /help lists, in the order a newcomer meets them.
COMMANDS = ("play", "hand", "status", "undo", "rules", "log", "leave", "end", "stats", "help")
RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d+(?:\.\d+)*\b")


def rule_sections(game: str, language: str) -> list[tuple[str, str]]:
    """A game's rules summary, section by section (title, text)."""
    sections = []
    number = 1
    while has(f"{game}.rules.{number}.title"):
        key = f"{game}.rules.{number}"
        sections.append((t(f"{key}.title", language), t(f"{key}.text", language)))
        number += 1
    return sections


def rules_embed(game: str, language: str) -> discord.Embed:
    """``/rules <game>``: the summary in sections, then the AI levels."""
    embed = discord.Embed(title=t(f"game.{game}.name", language), colour=discord.Colour.gold())
    sections = rule_sections(game, language)
    if not sections:  # one paragraph (a game that has no sections)
        embed.description = t(f"{game}.rules.summary", language)
    for title, text in sections:
        embed.add_field(name=title, value=text, inline=False)
    embed.add_field(name=t("rules.ai_title", language), value=t("rules.ai_levels", language), inline=False)
    return embed


def guide_embed(game: str, language: str, picture: bool) -> discord.Embed:
    """How to play ``game``: the goal, a turn in five lines, three rules often missed,
    and (``picture``) the labelled picture attached as :data:`GUIDE_FILE`."""
    name = t(f"game.{game}.name", language)
    embed = discord.Embed(title=t("guide.title", language, game=name), colour=discord.Colour.teal())
    embed.add_field(name=t("guide.goal", language), value=t(f"{game}.guide.goal", language), inline=False)
    if has(f"{game}.guide.setup"):  # a set-up the players make (Narnia's), where a new game opens
        setup = t(f"{game}.guide.setup", language)
        embed.add_field(name=t("guide.setup", language), value=setup, inline=False)
    embed.add_field(name=t("guide.turn", language), value=t(f"{game}.guide.turn", language), inline=False)
    missed = t(f"{game}.guide.missed", language)
    embed.add_field(name=t("guide.missed", language), value=missed, inline=False)
    cited = RULE_ID.search(missed)
    embed.set_footer(text=t("guide.footer", language, example=cited.group(0) if cited else "—"))
    if picture:
        embed.set_image(url=f"attachment://{GUIDE_FILE}")
    return embed


def has_guide(game: str) -> bool:
    return has(f"{game}.guide.goal")


def guided_games() -> list[str]:
    """The games offered with a How to play: those /play offers that have one."""
    return [game for game in presented_games() if has_guide(game)]


def help_embed(language: str) -> discord.Embed:
    """``/help``: what the bot does, its commands, how a game runs in the channel."""
    games = join([f"**{t(f'game.{g}.name', language)}**" for g in presented_games()], language)
    lines = [
        f"`/{t(f'cmd.{command}.name', language)}` — {t(f'cmd.{command}.description', language)}"
        for command in COMMANDS
    ]
    description = f"{t('help.intro', language, games=games)}\n\n**{t('help.commands', language)}**\n"
    embed = discord.Embed(
        title=t("help.title", language),
        description=description + "\n".join(lines),
        colour=discord.Colour.teal(),
    )
    embed.add_field(name=t("help.table", language), value=t("help.table_text", language), inline=False)
    embed.add_field(name=t("help.learn", language), value=t("help.learn_text", language), inline=False)
    return embed


def fits(embed: discord.Embed) -> list[str]:
    """What of ``embed`` exceeds Discord's limits (nothing: an empty list)."""
    problems = []
    if len(embed.description or "") > DESCRIPTION_LIMIT:
        problems.append("description")
    problems += [f"field {f.name}" for f in embed.fields if not 0 < len(f.value or "") <= FIELD_LIMIT]
    problems += [f"field name {f.name}" for f in embed.fields if len(f.name or "") > 256]
    if len(embed) > EMBED_LIMIT:
        problems.append(f"total {len(embed)}")
    return problems
