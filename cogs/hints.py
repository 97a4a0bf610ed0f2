"""The panel's 💡 Hint button, and the hint's ▶ Play it.

The Hint button appears in the private panel of a seat that must decide, where
hints are on (``bot.hints.hints_on``). Its answer is private, in the player's
language: the move as the panel would name it (the game's ``describe_action``),
a line of advice on why, and a Play it button.

Play it plays exactly the hinted move, kept with the table (``TableInfo.hinted``)
under the seat, version and number its custom_id carries
(``gm:<ch>:<version>:hint:<seat>.<n>``; a button drawn before the seat was in it
reads the clicker's seat),
so it works after a restart and in every game, whether its moves are listed
(``Game.legal_actions``) or too many to list (docs/decisions.md). It is a click
like any other (``cogs.panel.handle_click``): checked against the version, by the
rules, a stale one answered with the current panel; the hint's message becomes
the member's fresh panel, and the channel is published as after any move. Another
member's Play it (a forged click: the hint's message is private) is refused with
whose hint it is, never read as the clicker's own hint of the same number.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from bot.hints import Hint, hint, hinted_move, hints_on
from bot.i18n import t
from bot.model import TableError
from bot.render import seat_name
from cogs.kit.common import answer_error, bot_of, lang
from cogs.kit.controls import BUTTON_LABEL, GREEN, Checked, add_panel_control, fit_text, id_field, static_view
from cogs.kit.presenter import PRESENTERS, Click, PanelContext
from cogs.panel import Decode, handle_click

MESSAGE_LIMIT = 2000  # Discord's characters per message


def hint_text(found: Hint, language: str) -> str:
    """The hint in words: the move, then why, as advice."""
    presenter, advice = PRESENTERS[found.game], found.advice

    def said(move: Any) -> str:
        return presenter.describe_action(found.view, move.model_dump(mode="json"), language, found.names)

    lines = [t("hint.title", language, move=said(advice.move))]
    if advice.capped:
        lines.append(t("hint.capped", language))
    elif not advice.searched:
        lines.append(t("hint.why_usual", language))
    elif advice.worlds == 0:
        lines.append(t("hint.why_only", language))
    elif advice.move == advice.normal:
        lines.append(t("hint.why_same", language))
    else:
        lines.append(t("hint.why_other", language, normal=said(advice.normal)))
    try:  # the game's reason: what the move does for the player, from their own view
        reason = presenter.hint_reason(found.view, advice.move.model_dump(mode="json"), language)
    except (ValueError, LookupError, AssertionError):  # a reason is a bonus: the hint goes without it
        reason = None
    if reason:
        lines.append(t("hint.because", language, reason=reason))
    text = "\n".join([*lines, f"-# {t('hint.note', language)}"])
    # A message holds 2000 characters: a very long move goes without the note.
    return text if len(text) <= MESSAGE_LIMIT else "\n".join(lines)[:MESSAGE_LIMIT]


def hint_view(channel_id: int, found: Hint, language: str) -> discord.ui.View:
    view = static_view()
    label = t("hint.play", language)
    view.add_item(PlayHintButton.make(channel_id, found.version, found.number, label, found.seat))
    return view


class HintButton(Checked, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:(?P<ch>\d+):hint"):
    def __init__(self, channel_id: int, label: str = "Hint") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="💡",
                style=discord.ButtonStyle.secondary,
                custom_id=f"gm:{channel_id}:hint",
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HintButton:
        return cls(id_field(match["ch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            # The search takes up to a second or two: answer Discord now, privately.
            await interaction.response.defer(ephemeral=True, thinking=True)
            found = await hint(bot_of(interaction).service.core, self.channel_id, interaction.user.id)
            language = lang(interaction)
            await interaction.followup.send(
                hint_text(found, language), view=hint_view(self.channel_id, found, language), ephemeral=True
            )
        except Exception as error:
            await answer_error(interaction, error)


PLAY = "hint"  # the payload handle_click is told (not a presenter's: decoded here)


def replay(version: int, number: int, seat: int | None = None) -> Decode:
    """The click of Play it: the hinted move, as it was kept. ``seat`` is whose hint
    it is (None on a button drawn before the seat was in its custom_id: the
    clicker's); another seat's is refused with its name, never played as the
    clicker's own hint of that number (simultaneous decisions number alike)."""

    def decode(ctx: PanelContext) -> Click:
        if seat is not None and seat != ctx.seat:
            raise TableError("hint.error.not_yours", name=seat_name(ctx.table, seat))
        action = hinted_move(ctx.table, ctx.seat, version, number)
        if action is None:  # a newer hint of the seat's took its place
            raise TableError("hint.error.replaced")
        return Click(action=action)

    return decode


class PlayHintButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gm:(?P<ch>\d+):(?P<ver>\d+):hint:(?:(?P<seat>\d+)\.)?(?P<n>\d+)",
):
    def __init__(
        self,
        item: discord.ui.Button[Any],
        channel_id: int,
        version: int,
        number: int,
        seat: int | None = None,
    ) -> None:
        super().__init__(item)
        self.channel_id, self.version, self.number, self.seat = channel_id, version, number, seat

    @classmethod
    def make(
        cls, channel_id: int, version: int, number: int, label: str, seat: int | None = None
    ) -> PlayHintButton:
        whose = "" if seat is None else f"{seat}."
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=fit_text(BUTTON_LABEL, label),
            emoji="▶️",
            style=GREEN,
            custom_id=f"gm:{channel_id}:{version}:hint:{whose}{number}",
        )
        return cls(button, channel_id, version, number, seat)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayHintButton:
        assert isinstance(item, discord.ui.Button)
        seat = None if match["seat"] is None else id_field(match["seat"])
        return cls(item, id_field(match["ch"]), id_field(match["ver"]), id_field(match["n"]), seat)

    def id_fields(self) -> tuple[int, ...]:
        return (self.version, self.number, *(() if self.seat is None else (self.seat,)))

    async def callback(self, interaction: discord.Interaction) -> None:
        decode = replay(self.version, self.number, self.seat)
        await handle_click(interaction, self.channel_id, self.version, PLAY, [], decode=decode)


def _hint_button(ctx: PanelContext) -> HintButton | None:
    decision = ctx.decision
    if ctx.outcome is not None or decision is None or ctx.seat not in decision.actors:
        return None
    if not hints_on(ctx.table, ctx.seat):
        return None
    return HintButton(ctx.channel_id, t("hint.button", ctx.language))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(HintButton, PlayHintButton)
    add_panel_control("hint", _hint_button)
