"""The panel's 💡 Hint button: what the hard AI would do from the player's own view.

The button appears in the private panel of a seat that must decide, where hints
are on (``bot.hints.hints_on``). Its answer is private, in the player's language:
the move as the panel would name it (the game's ``describe_action``) and one line
of why, from the search itself (how many imagined deals, how often it won).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from bot.hints import Hint, hint, hints_on
from bot.i18n import t
from bot.presenter import PRESENTERS, PanelContext
from cogs.common import answer_error, bot_of, lang
from cogs.controls import Checked, add_panel_control, id_field


def percent(share: float) -> str:
    return f"{round(share * 100)} %"


def hint_text(found: Hint, language: str) -> str:
    """The hint in words: the move, then why."""
    presenter, advice = PRESENTERS[found.game], found.advice

    def said(move: Any) -> str:
        return presenter.describe_action(found.view, move.model_dump(mode="json"), language)

    lines = [t("hint.title", language, move=said(advice.move))]
    if not advice.searched:
        lines.append(t("hint.why_usual", language))
    elif advice.worlds == 0:
        lines.append(t("hint.why_only", language))
    elif advice.move == advice.normal:
        lines.append(t("hint.why_same", language, worlds=advice.worlds, share=percent(advice.share)))
    else:
        lines.append(
            t(
                "hint.why_other",
                language,
                worlds=advice.worlds,
                share=percent(advice.share),
                normal=said(advice.normal),
                normal_share=percent(advice.normal_share),
            )
        )
    lines.append(f"-# {t('hint.note', language)}")
    return "\n".join(lines)[:2000]


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
            await interaction.followup.send(hint_text(found, lang(interaction)), ephemeral=True)
        except Exception as error:
            await answer_error(interaction, error)


def _hint_button(ctx: PanelContext) -> HintButton | None:
    decision = ctx.decision
    if ctx.outcome is not None or decision is None or ctx.seat not in decision.actors:
        return None
    if not hints_on(ctx.table, ctx.seat):
        return None
    return HintButton(ctx.channel_id, t("hint.button", ctx.language))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(HintButton)
    add_panel_control("hint", _hint_button)
