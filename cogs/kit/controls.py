"""What every control shares, and nothing of any feature's: the custom_id
grammar, the view for messages whose controls are all ``DynamicItem``s, and the
board's buttons, which the features add (a feature owns its controls and
registers them in its cog's ``setup``).

custom_id scheme (DESIGN §5), never carrying hidden information:
* ``gm:<channel>:lobby:<op>``            lobby buttons (cogs/lobby.py)
* ``gm:<channel>:hand``                  the board's "My hand" button (cogs/panel.py)
* ``gm:<channel>:<version>:a:<payload>`` a game control button (cogs/panel.py)
* ``gm:<channel>:<version>:s:<payload>`` a game control select (cogs/panel.py)
* ``gm:<channel>:take[:...]``            Take seat and the host's answer (cogs/takeover.py)
* ``gm:<channel>:rematch:<game>``        the final board's Rematch (cogs/rematch.py)
* ``gm:<channel>:hint``                  the panel's Hint (cogs/hints.py)
* ``gm:<channel>:<version>:hint:<s>.<n>`` the hint's Play it: seat s's hint n (cogs/hints.py)
* ``gm:<channel>:<version>:undo``        the panel's Undo (cogs/undo.py)
* ``gm:<channel>:guide:<game>``          the lobby's and board's How to play (cogs/guide.py)
* ``gm:<channel>:activity``              the board's Open the table: the Activity (cogs/launch.py)
Every click is checked against the stored table: the right player, the
current version. Stale and foreign clicks get a polite ephemeral answer.

Discord hands the bot a custom_id and a select's values as the member's client
sends them: every control reads its number fields with :func:`id_field` and is
``Checked`` before its callback runs, so an id the bot never drew is refused
politely (never "interaction failed", never a database error).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.model import TableError
from bot.replies import answer_error

PAYLOAD = r"[A-Za-z0-9_.=,-]{1,60}"
FIELD_LIMIT = 1024  # Discord's characters per embed field value
MESSAGE_LIMIT = 2000  # Discord's characters per message
# Discord's characters per button label, select option label or description, and placeholder.
BUTTON_LABEL, OPTION_TEXT, PLACEHOLDER = 80, 100, 150

log = logging.getLogger(__name__)


def fit_text(limit: int, *texts: str) -> str:
    """The first of ``texts`` within ``limit`` characters (Discord's for a label, a
    description or a placeholder): controls are written to fit, each text shorter
    than the one before. Were even the last too long (a text nobody wrote to fit:
    logged, and ``tests/platform/test_fitted.py`` looks for it in every game), it
    ends at a word, marked "…", never in the middle of one."""
    for text in texts:
        if len(text) <= limit:
            return text
    log.warning("control text over Discord's %d characters: %r", limit, texts[-1])
    words = texts[-1][: limit - 1].rsplit(" ", 1)[0]
    return words.rstrip(" ,;:—·") + "…"


def chunks(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """``lines`` in as few texts of at most ``limit`` characters as they fit in, in order."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


# The button colours, by what they look like (discord.py names them by purpose).
GREEN, GREY, BLUE, RED = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
)


ID_LIMIT = 2**63 - 1  # the stores' integers (SQLite INTEGER, PostgreSQL BIGINT)
# What id_field makes of a number the bot never drew: past every id the stores
# keep, so no table, channel, seat or version has it, and still digits (a
# control rebuilds its custom_id from its fields, and its template wants digits).
FORGED = ID_LIMIT + 1


def id_field(text: str) -> int:
    """A number field of a control's custom_id (a channel, a version, a seat, a
    member, a game row), or FORGED where it cannot be one the bot drew: digits
    of another script (``\\d`` matches them) or past the stores' integers."""
    if text.isascii() and text.isdecimal() and len(text) <= len(str(ID_LIMIT)):
        number = int(text)
        if number <= ID_LIMIT:
            return number
    return FORGED


def index_field(text: str, size: int) -> int | None:
    """A position a control's value or payload names (a legal action, a token of a
    stack, a card of a kind), or None unless it is one of ``size``: ASCII digits
    only. ``str.isdigit`` and ``int`` take digits of every script ("٣" is 3, "３"
    too, and "¹" passes isdigit but not int), which no control of ours draws."""
    if not (0 < len(text) <= 4 and text.isascii() and text.isdecimal()):
        return None
    number = int(text)
    return number if number < size else None


class Checked:
    """What every control of ours shares (the first of its bases): a click on one
    drawn for another channel, or with a number field the bot never drew, is
    refused in the member's language before its callback runs. discord.py would
    only log what a callback or ``from_custom_id`` raises: the member would see
    "interaction failed"."""

    channel_id: int

    def id_fields(self) -> tuple[int, ...]:
        """The control's number fields besides its channel."""
        return ()

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if self.channel_id == interaction.channel_id and FORGED not in self.id_fields():
            return True
        await answer_error(interaction, TableError("error.forged_control"))
        return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """The click, through :meth:`clicked`: whatever it raises (a refusal, a fault
        of ours) is answered in the member's language, never left to discord.py,
        which only logs what a DynamicItem's callback raises."""
        try:
            await self.clicked(interaction)
        except Exception as error:
            await answer_error(interaction, error)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        """What a click on this control does (controls that answer every click
        themselves, such as the panel's, override :meth:`callback` instead)."""
        raise NotImplementedError


def checked_values(interaction: discord.Interaction[Any]) -> list[str]:
    """A select's values as the member sent them, at most Discord's 25 options of
    100 characters; anything else is refused (``error.bad_action``)."""
    data: Any = interaction.data or {}
    values = data.get("values", [])
    if not isinstance(values, list) or len(values) > 25:
        raise TableError("error.bad_action")
    if not all(isinstance(v, str) and 0 < len(v) <= 100 for v in values):
        raise TableError("error.bad_action")
    return list(values)


def static_view() -> discord.ui.View:
    """A view for a message whose controls are all DynamicItems.

    discord.py dispatches DynamicItems by custom_id, so it need not keep the
    view: a stopped view is rendered but never stored (an ephemeral panel
    would otherwise sit in the view store, with a timer, for 15 minutes)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


@dataclass(frozen=True)
class BoardSpot:
    """What decides the public board's buttons."""

    channel_id: int
    finished: bool  # the game is over or was /end'ed: the final board
    language: str
    game_id: int | None  # the game row the board shows
    takeable: bool  # the AI holds a seat a member may ask for
    game: str | None = None  # the game's id ("magmor"): its How to play
    activity: bool = False  # the table can be opened as a Discord Activity (Settings.activity_on)


BoardControl = Callable[[BoardSpot], "discord.ui.Item[Any] | None"]
# Registered by the features that own the buttons (panel, takeover, rematch),
# by name so a second bot in one process (the tests) registers nothing twice;
# shown in the order given.
_BOARD_CONTROLS: dict[str, tuple[int, BoardControl]] = {}


PanelControl = Callable[[Any], "discord.ui.Item[Any] | None"]  # given the panel's PanelContext
# Controls a feature adds to every game's private panel (the hint), by name as above.
_PANEL_CONTROLS: dict[str, PanelControl] = {}


def add_panel_control(name: str, control: PanelControl) -> None:
    _PANEL_CONTROLS[name] = control


def with_panel_controls(view: discord.ui.View, ctx: Any) -> discord.ui.View:
    """``view`` with the features' panel controls, each on the lowest row with room
    (Discord: five rows of five buttons; a select fills a row)."""
    for control in _PANEL_CONTROLS.values():
        item = control(ctx)
        if item is None:
            continue
        for row in range(4, -1, -1):
            item.row = row
            try:
                view.add_item(item)
            except ValueError:  # that row is full
                continue
            break
    return view


PanelNote = Callable[[Any], "str | None"]  # given the panel's PanelContext: one line, or None
# One-line notes a feature adds under every game's private panel (why ↩️ Undo is not offered).
_PANEL_NOTES: dict[str, PanelNote] = {}
EMBED_TEXT = 4096  # Discord's characters per embed description
EMBED_TOTAL = 6000  # and in all of an embed's text


def add_panel_note(name: str, note: PanelNote) -> None:
    _PANEL_NOTES[name] = note


def with_panel_notes(embed: discord.Embed, ctx: Any) -> discord.Embed:
    """``embed`` with the features' notes as small lines under its text; a note
    that would not fit Discord's limits is left out whole, never cut."""
    for note in _PANEL_NOTES.values():
        line = note(ctx)
        if line is None:
            continue
        text = f"{embed.description}\n{line}" if embed.description else line
        if len(text) <= EMBED_TEXT and len(embed) + len(text) - len(embed.description or "") <= EMBED_TOTAL:
            embed.description = text
    return embed


def add_board_control(name: str, order: int, control: BoardControl) -> None:
    _BOARD_CONTROLS[name] = (order, control)


def hand_view(channel_id: int, language: str, game_id: int | None = None) -> discord.ui.View:
    """The board's My hand alone, for a message that asks a member to act away from the
    board (a reminder hours later): one click opens their panel there too."""
    view = static_view()
    entry = _BOARD_CONTROLS.get("hand")
    item = None if entry is None else entry[1](BoardSpot(channel_id, False, language, game_id, False))
    if item is not None:
        view.add_item(item)
    return view


def board_view(
    channel_id: int,
    *,
    finished: bool,
    language: str,
    game_id: int | None = None,
    takeable: bool = False,
    game: str | None = None,
    activity: bool = False,
) -> discord.ui.View:
    view = static_view()
    spot = BoardSpot(channel_id, finished, language, game_id, takeable, game, activity)
    for _, control in sorted(_BOARD_CONTROLS.values(), key=lambda entry: entry[0]):
        item = control(spot)
        if item is not None:
            view.add_item(item)
    return view
